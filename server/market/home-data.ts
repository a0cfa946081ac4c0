// The home page's market calls (spec 000 §7 'Home and content'): /hq/home-page-data (the indices, each
// market's breadth, the most discussed stocks) and /hq/quote/api/market/flow/entrance/data/v2 (each
// market's capital flow and its leaders), read from the market feed like every quote.
import { FLOW_TOP, HOME_HOT_STOCKS, HOME_INDEX_CODES, type HomePageData, type MarketFlow } from '../../core/api/market'
import type { MarketId } from '../../core/market/sessions'
import type { FixtureStock } from '../../fixtures/types'
import { createRandom } from '../../fixtures/prng'
import type { ContentLang } from '../i18n/to-hk'
import { leaderboardFor, netChangeFor, type Market } from './market-data'

const MARKETS: readonly MarketId[] = ['hk', 'us']

const stocksOf = (m: Market, market: MarketId): FixtureStock[] =>
  m.order.flatMap((id) => {
    const s = m.stocks.get(id)!
    return s.market === market && s.category === 'stock' ? [s] : []
  })

export function homePageDataFor(m: Market, lang: ContentLang): HomePageData {
  const t = m.feed.now()
  const indices = HOME_INDEX_CODES.flatMap((id) => {
    const s = m.stocks.get(id)
    return s ? [netChangeFor(m, s, lang, t)] : []
  })
  const breadth = MARKETS.map((market) => {
    const quotes = stocksOf(m, market).map((s) => netChangeFor(m, s, lang, t))
    return {
      market,
      status: quotes[0]?.status ?? 'closed',
      up: quotes.filter((q) => q.change > 0).length,
      down: quotes.filter((q) => q.change < 0).length,
      flat: quotes.filter((q) => q.change === 0).length,
    }
  })
  return { indices, breadth, hotStocks: leaderboardFor(m, lang, undefined, HOME_HOT_STOCKS) }
}

/**
 * Each market's flow of the day, estimated from its stocks' turnover: the buying share of a stock's
 * turnover leans with its move (up on buying), with a steady per-day jitter, so the same quotes give
 * the same flow. Rounded per stock, so inflow − outflow = netInflow holds exactly, per stock and in sum.
 */
export function flowEntranceFor(m: Market, lang: ContentLang): MarketFlow[] {
  const t = m.feed.now()
  return MARKETS.map((market) => {
    const day = m.feed.calendar.currentTradingDay(market, t)
    const rows = stocksOf(m, market).map((s) => {
      const q = netChangeFor(m, s, lang, t)
      const jitter = createRandom(`flow-entrance:${s.id}:${day}`).float(-0.08, 0.08)
      const buyShare = Math.min(0.9, Math.max(0.1, 0.5 + (q.changePercent / 100) * 4 + jitter))
      const inflow = Math.round(q.turnover * buyShare)
      const outflow = Math.round(q.turnover) - inflow
      return { stockCode: s.id, name: q.name, inflow, outflow, netInflow: inflow - outflow, changePercent: q.changePercent, time: q.time, currency: s.currency }
    })
    const byNet = [...rows].sort((a, b) => b.netInflow - a.netInflow || a.stockCode.localeCompare(b.stockCode))
    const pick = ({ stockCode, name, netInflow, changePercent }: (typeof rows)[number]) => ({ stockCode, name, netInflow, changePercent })
    const inflow = rows.reduce((sum, r) => sum + r.inflow, 0)
    const outflow = rows.reduce((sum, r) => sum + r.outflow, 0)
    return {
      market,
      currency: rows[0]?.currency ?? (market === 'hk' ? 'HKD' : 'USD'),
      inflow,
      outflow,
      netInflow: inflow - outflow,
      topInflow: byNet.filter((r) => r.netInflow > 0).slice(0, FLOW_TOP).map(pick),
      topOutflow: byNet.filter((r) => r.netInflow < 0).reverse().slice(0, FLOW_TOP).map(pick),
      time: rows.reduce((latest, r) => Math.max(latest, r.time), 0),
    }
  })
}
