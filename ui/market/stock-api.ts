// The stock page's calls (/stock/{id}), built from the HTTP port (design.md 'App state and the API
// layer'); the view takes them through useStockApi(). Apart from ui/market/api.ts (the market pages'
// and the watch toggle's calls) so the two pages' owners do not edit one file. The quote head is the
// first call of core/api/first-screen.ts: its read has that call's key, so the server-rendered page
// reads the answer inlined in it.
import type { HttpPort } from '../../core/api/http-port'
import type { ResultOf } from '../../core/api/endpoint'
import { companyInfo, f10Finance, isShortSelling, quoteInfo, ratios, shortDataList, stockAnnouncements, stockDiscussion, stockNews } from '../../core/api/market'
import { useApi } from '../common/use-api'
import { endpointRead, type Read } from '../common/use-read'

const PAGE = 20

export function stockApi(http: HttpPort) {
  return {
    quote: (market: 'hk' | 'us', code: string) => endpointRead(http, quoteInfo, { params: { market, code } }),
    news: (stockId: string) => endpointRead(http, stockNews, { query: { stockCode: stockId, count: PAGE } }),
    announcements: (stockId: string) => endpointRead(http, stockAnnouncements, { query: { stockCode: stockId, page: 1, limit: PAGE } }),
    discussion: (stockId: string) => endpointRead(http, stockDiscussion, { query: { stockCode: stockId, count: PAGE } }),
    company: (market: 'hk' | 'us', code: string) => endpointRead(http, companyInfo, { params: { market, code } }),
    ratios: (market: 'hk' | 'us', code: string) => endpointRead(http, ratios, { params: { market, code } }),
    finance: (market: 'hk' | 'us', code: string) => endpointRead(http, f10Finance, { params: { market, code } }),
    /** whether the stock may be sold short, and its last month of daily short selling */
    short: (stockId: string): Read<{ flag: ResultOf<typeof isShortSelling>; data: ResultOf<typeof shortDataList> }> => ({
      key: { endpoint: 'market.isShortSelling', params: { code: stockId }, as: 'withShortData' },
      load: async (signal) => {
        const [flag, data] = await Promise.all([
          http.call(isShortSelling, { params: { code: stockId } }, { signal }),
          http.call(shortDataList, { params: { months: 1, type: 'day', code: stockId } }, { signal }),
        ])
        return { flag, data }
      },
    }),
  }
}

export const useStockApi = () => useApi(stockApi)
