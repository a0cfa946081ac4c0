// The market feature's API module: the calls its views and machines make, built from the HTTP port
// (design.md 'App state and the API layer'). Views take them through useMarketApi().
import type { HttpPort } from '../../core/api/http-port'
import { isApiError } from '../../core/api/api-error'
import { addUserStock, deleteUserStock, hkBoards, hotRange, hqBaseData, isUserStock, kline, leaderboard, listUserStocksV2, minuteLine, rankDetail, type RankSort, type BOARD_SORTS, type HotRange, type StockQuote } from '../../core/api/market'
import { backwardFactorOf } from '../../core/market/chart-period'
import type { ChartLoaded } from '../../core/market/chart-period.machine'
import { klineTypeOf, type ChartPeriod, type RightsType } from '../../core/market/kline'
import type { SaveOutput } from '../../core/toggle/toggle.machine'
import { useApi } from '../common/use-api'
import { endpointRead, forReader, type Read } from '../common/use-read'
import { MARKET_INDEX_CODES } from '../../core/api/first-screen'
import type { ChartBar, MinutePointIn } from './chart-core'

/** How many bars each candle period loads. */
const KLINE_COUNTS = { daily: 250, weekly: 200, monthly: 120, hours: 240 } as const
/** The hot-range detail page reads one range from the first 100 and quotes up to 50 of its stocks. */
const RANGE_LOOKUP = 100
const RANGE_QUOTES = 50

type Market = 'hk' | 'us'
type Order = 'asc' | 'desc'

/** What the chart machine's loadChart answers: a day of minutes or a run of candles. */
export type ChartData = { kind: 'minute'; points: MinutePointIn[]; prevClose: number; day: number } | { kind: 'candles'; bars: ChartBar[] }

export function marketApi(http: HttpPort) {
  return {
    /** whether the reader (`userId`) watches the stock */
    isWatched: (stockId: string, userId: number): Read<boolean> => {
      const read = endpointRead(http, isUserStock, { query: { stockCode: stockId } })
      return forReader({ key: { ...read.key, as: 'flag' }, load: async (signal) => (await read.load(signal)).isUserStock }, userId)
    },
    /** the watch toggle's save: POST /api/userstock to add, DELETE to remove */
    watch: async (stockId: string, market: 'hk' | 'us', on: boolean): Promise<SaveOutput> => {
      try {
        if (on) await http.call(addUserStock, { body: { stockCode: stockId, stockType: market } })
        else await http.call(deleteUserStock, { body: { stockCodes: [stockId] } })
        return { on }
      } catch (e) {
        // already there (a second tab added it): it is watched, which is what the reader wanted
        if (on && isApiError(e) && e.statusCode === 400) return { on: true }
        throw e
      }
    },
    // the market pages (/market, its range pages, the watchlist): reads keyed by endpoint and input, so
    // /market's first screen reads the answers the server inlined under core/api/first-screen's calls
    indices: () => endpointRead(http, hqBaseData, { query: { stockCodes: MARKET_INDEX_CODES } }),
    rankings: (market: Market, q: { sort: RankSort; order: Order; page: number; limit: number }) => endpointRead(http, rankDetail, { params: { market }, query: q }),
    boards: (sort: (typeof BOARD_SORTS)[number], order: Order) => endpointRead(http, hkBoards, { query: { sort, order } }),
    hotRanges: (q: { sortType?: 'changePercent' | 'turnover'; order?: Order; page: number; count: number; market?: Market }) => endpointRead(http, hotRange, { query: q }),
    leaderboard: (count: number) => endpointRead(http, leaderboard, { query: { count } }),
    /** One hot range and quotes of its stocks; null when no range has this id. */
    rangeDetail: (id: string): Read<{ range: HotRange; stocks: readonly StockQuote[] } | null> => ({
      key: { endpoint: 'market.hotRange', params: { id }, as: 'rangeDetail' },
      load: async (signal) => {
        const all = await http.call(hotRange, { query: { page: 1, count: RANGE_LOOKUP } }, { signal })
        const range = all.list.find((r) => r.id === id)
        if (!range) return null
        return { range, stocks: await http.call(hqBaseData, { query: { stockCodes: range.stocks.slice(0, RANGE_QUOTES).join(',') } }, { signal }) }
      },
    }),
    /** the reader's watchlist (spec 000 §7 GET /api/userstock/v2) */
    watchlist: (userId: number) => forReader(endpointRead(http, listUserStocksV2), userId),
    unwatch: (stockId: string) => http.call(deleteUserStock, { body: { stockCodes: [stockId] } }),
    /** The chart machine's loadChart for one stock. */
    chartLoader: (market: Market, code: string) => async ({ period, rights }: { period: ChartPeriod; rights: RightsType }): Promise<ChartLoaded> => {
      if (period === 'minute') {
        const r = await http.call(minuteLine, { params: { market, code } })
        const last = r.days[r.days.length - 1]
        const data: ChartData = { kind: 'minute', points: r.days.flatMap((d) => d.points.map((p) => ({ ...p }))), prevClose: r.prevClose, day: last ? last.day : 0 }
        return { data, backwardFactor: null }
      }
      const type = klineTypeOf(period)
      const r = await http.call(kline, { params: { market, type, code }, query: { count: KLINE_COUNTS[period], ...(period === 'hours' ? {} : { rightsType: rights }) } })
      const data: ChartData = { kind: 'candles', bars: r.list.map((b) => ({ time: b.time, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume })) }
      // 后复权 scales the live bar: its factor is the adjusted close over the raw close of the same bar
      let backwardFactor: number | null = null
      if (rights === 2) {
        const raw = await http.call(kline, { params: { market, type, code }, query: { count: 1, rightsType: 0 } })
        const a = r.list[r.list.length - 1]
        const b = raw.list[raw.list.length - 1]
        if (a && b && a.time === b.time) backwardFactor = backwardFactorOf(a.close, b.close)
      }
      return { data, backwardFactor }
    },
  }
}

export const useMarketApi = () => useApi(marketApi)
