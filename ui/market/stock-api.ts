// The stock page's calls (/stock/{id}), built from the HTTP port (design.md 'App state and the API
// layer'); the view takes them through useStockApi(). Apart from ui/market/api.ts (the market pages'
// and the watch toggle's calls) so the two pages' owners do not edit one file. The quote head is the
// first call of core/api/first-screen.ts (its answer comes inlined on the server-rendered page).
import type { HttpPort } from '../../core/api/http-port'
import { companyInfo, f10Finance, isShortSelling, quoteInfo, ratios, shortDataList, stockAnnouncements, stockDiscussion, stockNews } from '../../core/api/market'
import { firstCalls } from '../../core/api/first-screen'
import { callFirst } from '../common/first-call'
import { useApi } from '../common/use-api'

const PAGE = 20

export function stockApi(http: HttpPort) {
  return {
    quote: (market: 'hk' | 'us', code: string) => callFirst(http, quoteInfo, firstCalls.quoteInfo(market, code)),
    news: (stockId: string) => http.call(stockNews, { query: { stockCode: stockId, count: PAGE } }),
    announcements: (stockId: string) => http.call(stockAnnouncements, { query: { stockCode: stockId, page: 1, limit: PAGE } }),
    discussion: (stockId: string) => http.call(stockDiscussion, { query: { stockCode: stockId, count: PAGE } }),
    company: (market: 'hk' | 'us', code: string) => http.call(companyInfo, { params: { market, code } }),
    ratios: (market: 'hk' | 'us', code: string) => http.call(ratios, { params: { market, code } }),
    finance: (market: 'hk' | 'us', code: string) => http.call(f10Finance, { params: { market, code } }),
    /** whether the stock may be sold short, and its last month of daily short selling */
    short: async (stockId: string) => {
      const [flag, data] = await Promise.all([
        http.call(isShortSelling, { params: { code: stockId } }),
        http.call(shortDataList, { params: { months: 1, type: 'day', code: stockId } }),
      ])
      return { flag, data }
    },
  }
}

export const useStockApi = () => useApi(stockApi)
