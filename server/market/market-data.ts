// The market-data services behind spec 000 §7 'Market data': quotes, charts, boards, rankings, short
// selling and company data, read from the market feed (prices and bars: the port of market-feed-port.ts,
// the simulator by default or Twelve Data by environment) and the stocks table (names, shares).
import { sortBy } from '../../core/market/sort-rows'
import { sql } from 'kysely'
import type { Db } from '../db/db'
import type { ContentLang } from '../i18n/to-hk'
import { ApiError } from '../http/api-error'
import { dailyHistory } from './daily-bars-repository'
import { Simulator, type SimStock } from './simulator'
import type { MarketFeed } from './market-feed-port'
import { marketFeedChoice } from './select-market-feed'
import { TwelveDataFeed } from './twelve-data'
import { adjustForRights, groupBars, type Candle, type KlineType, type RightsType } from '../../core/market/kline'
import { netChange as netChangeOf } from '../../core/market/price-colour'
import type { MarketId } from '../../core/market/sessions'
import type { FixtureStock } from '../../fixtures/types'
import { announcements, companyProfile, discussion, epsCents, financeReports } from '../../fixtures/market/stock-data'
import { createRandom, hashSeed } from '../../fixtures/prng'
import {
  MARKET_MESSAGES, type Board, type CompanyInfo, type HotRange, type Kline, type KlineBar, type MinuteLine, type NetChange,
  type QuoteInfo, type Ratios, type StockBase, type StockQuote,
} from '../../core/api/market'

export interface Market {
  /** prices and bars: the simulator or a real feed (select-market-feed.ts) */
  feed: MarketFeed
  /** the same feed under its first name (server/portfolio reads it) */
  sim: MarketFeed
  stocks: Map<string, FixtureStock>
  /** stock ids in table order */
  order: string[]
  seedNow: number
}

/** The simulator's clock: MARKET_TIME (ISO) pins where it starts and it runs forward at normal speed; else the app clock. */
export function marketClock(env: Record<string, string | undefined>, clock: () => number): () => number {
  const pinned = env.MARKET_TIME ? Date.parse(env.MARKET_TIME) : NaN
  if (Number.isNaN(pinned)) return () => clock() / 1000
  const start = clock()
  return () => (pinned + (clock() - start)) / 1000
}

export async function loadMarket(db: Db, seed: string, now: () => number, env: Record<string, string | undefined> = {}): Promise<Market> {
  const rows = await db.kysely.selectFrom('stocks').selectAll().execute()
  const history = await dailyHistory(db)
  const meta = await db.kysely.selectFrom('seed_meta').select('seed_now').orderBy('version').limit(1).executeTakeFirst()
  const stocks = new Map<string, FixtureStock>()
  for (const r of rows) {
    stocks.set(r.id, {
      id: r.id, market: r.market as MarketId, code: r.code, codeDisp: r.code_disp, name: r.name, nameHk: r.name_hk, nameEn: r.name_en,
      category: r.category as FixtureStock['category'], industry: r.industry, lotSize: r.lot_size, currency: r.currency as 'HKD' | 'USD',
      sharesOutstanding: Number(r.shares_outstanding), lastCloseCents: Number(r.last_close_cents),
    })
  }
  const simStocks: SimStock[] = [...stocks.values()]
  const choice = marketFeedChoice(env)
  let feed: MarketFeed
  if (choice.kind === 'twelvedata') {
    const { kind: _kind, ...settings } = choice
    const real = new TwelveDataFeed({ ...settings, stocks: [...stocks.values()], history, now })
    await real.start() // the first quotes of every stock; a failure is told and the stored closes show
    feed = real
  } else feed = new Simulator({ seed, stocks: simStocks, history, now })
  // keep the table order: indices, HK, US (the stocks table has no order column; ids sort within a market)
  const order = rows.map((r) => r.id)
  return { feed, sim: feed, stocks, order, seedNow: meta?.seed_now ?? Math.floor(now()) }
}

/**
 * The one market of a database and clock: the quote routes and the portfolios read the same simulator.
 * Each used to load its own (all daily bars twice in memory, and two cold loads of ~1 s). Loaded on
 * first use; a failed load is forgotten so the next call tries again.
 */
const markets = new WeakMap<Db, WeakMap<() => number, Map<string, Promise<Market>>>>()
export function sharedMarket(
  db: Db,
  env: Record<string, string | undefined>,
  clock: () => number,
  defaultSeed: string,
  load: typeof loadMarket = loadMarket,
): Promise<Market> {
  let byClock = markets.get(db)
  if (!byClock) markets.set(db, (byClock = new WeakMap()))
  let byKey = byClock.get(clock)
  if (!byKey) byClock.set(clock, (byKey = new Map()))
  const seed = env.MARKET_SEED || defaultSeed
  const key = `${seed}|${env.MARKET_TIME ?? ''}|${env.MARKET_FEED ?? ''}`
  let found = byKey.get(key)
  if (!found) {
    const forKey = byKey
    found = load(db, seed, marketClock(env, clock), env).catch((e: unknown) => {
      forKey.delete(key)
      throw e
    })
    byKey.set(key, found)
  }
  return found
}

// --- lookups --------------------------------------------------------------------------------

export function stockOf(m: Market, id: string): FixtureStock {
  const s = m.stocks.get(id)
  if (!s) throw new ApiError(404, MARKET_MESSAGES.unknownStock)
  return s
}

export function stockByMarketCode(m: Market, market: MarketId, code: string): FixtureStock {
  return stockOf(m, market + code)
}

export const idsOf = (stockCodes: string) => [...new Set(stockCodes.split(','))]
const nameIn = (s: FixtureStock, lang: ContentLang) => (lang === 'zh-hk' ? s.nameHk : s.name)
const round2 = (x: number) => Math.round(x * 100) / 100

export function baseOf(s: FixtureStock, lang: ContentLang): StockBase {
  const name = nameIn(s, lang)
  return { id: s.id, code: s.code, codeDisp: s.codeDisp, ipoStatus: 1, market: s.market, name, nameDisp: name, category: s.category, currency: s.currency, lotSize: s.lotSize }
}

export function netChangeFor(m: Market, s: FixtureStock, lang: ContentLang, t = m.feed.now()): NetChange {
  const q = m.feed.quote(s.id, t)
  const { change, changePercent } = netChangeOf(q.priceCents, q.prevCloseCents)
  return {
    stockCode: s.id, name: nameIn(s, lang), status: q.status,
    // issue 24: why a quote stands still (休市 · 感恩节) or closes early
    ...(q.holiday ? { holiday: q.holiday } : {}), ...(q.halfDay ? { halfDay: q.halfDay } : {}),
    time: q.time, price: q.priceCents, prevClose: q.prevCloseCents, change, changePercent, volume: q.volume, turnover: q.turnover,
  }
}

export function stockQuoteFor(m: Market, s: FixtureStock, lang: ContentLang, t = m.feed.now()): StockQuote {
  const q = m.feed.quote(s.id, t)
  return {
    ...baseOf(s, lang),
    ...netChangeFor(m, s, lang, t),
    open: q.openCents,
    high: q.highCents,
    low: q.lowCents,
    marketCap: Math.round((q.priceCents / 100) * s.sharesOutstanding),
  }
}

/** Known stocks among the ids, in the order asked; unknown ids are left out. */
export function knownStocks(m: Market, stockCodes: string): FixtureStock[] {
  return idsOf(stockCodes).flatMap((id) => m.stocks.get(id) ?? [])
}

// --- quote info -----------------------------------------------------------------------------

/** HK spread table (simplified) in cents; US stocks trade in cents. */
export function tickSizeCents(s: FixtureStock, priceCents: number): number {
  if (s.market === 'us' || s.category === 'index') return 1
  if (priceCents < 2000) return 1
  if (priceCents < 10000) return 5
  if (priceCents < 20000) return 10
  if (priceCents < 50000) return 20
  return 50
}

export function quoteInfoFor(m: Market, s: FixtureStock, lang: ContentLang): QuoteInfo {
  const t = m.feed.now()
  const quote = stockQuoteFor(m, s, lang, t)
  // a real feed that has not answered yet may have no bars: the 52-week range is then today's
  const year = [...m.feed.dayBars(s.id, 250, t), { highCents: quote.high, lowCents: quote.low }]
  const tick = tickSizeCents(s, quote.price)
  const bid = Math.max(1, Math.floor(quote.price / tick) * tick - (quote.price % tick === 0 ? tick : 0))
  const rnd = createRandom(`book:${s.id}:${quote.time}`)
  const eps = epsCents(s)
  const lot = s.lotSize
  return {
    ...quote,
    bid,
    ask: bid + tick,
    // the book's sizes are the simulator's invention: a real feed without a book shows none rather than made-up ones
    bidVolume: s.category === 'index' || m.feed.kind !== 'simulator' ? 0 : rnd.int(1, 80) * lot,
    askVolume: s.category === 'index' || m.feed.kind !== 'simulator' ? 0 : rnd.int(1, 80) * lot,
    pe: eps === null ? null : round2(quote.price / eps),
    eps: eps === null ? null : eps,
    high52w: Math.max(...year.map((b) => b.highCents)),
    low52w: Math.min(...year.map((b) => b.lowCents)),
    amplitude: quote.prevClose > 0 ? round2(((quote.high - quote.low) / quote.prevClose) * 100) : 0,
    turnoverRate: s.sharesOutstanding > 0 ? round2((quote.volume / s.sharesOutstanding) * 100) : 0,
    sharesOutstanding: s.sharesOutstanding,
  }
}

// --- charts ---------------------------------------------------------------------------------

export function minuteLineFor(m: Market, s: FixtureStock, days: number): MinuteLine {
  const t = m.feed.now()
  const today = m.feed.calendar.currentTradingDay(s.market, t)
  const dayList = [today]
  while (dayList.length < days) dayList.unshift(m.feed.calendar.previousTradingDay(s.market, dayList[0] as number))
  const q = m.feed.quote(s.id, t)
  return {
    stockCode: s.id,
    status: q.status,
    prevClose: q.prevCloseCents,
    days: dayList.map((day) => {
      let vol = 0
      let turnover = 0
      return {
        day,
        points: m.feed.minuteBars(s.id, day, t).map((b) => {
          vol += b.volume
          turnover += b.turnover
          return { time: b.time, price: b.closeCents, avg: vol > 0 ? Math.round((turnover * 100) / vol) : b.closeCents, volume: b.volume }
        }),
      }
    }),
  }
}

export const DEFAULT_KLINE_COUNT = 200

export function klineFor(m: Market, s: FixtureStock, type: KlineType, q: { count?: number; timestamp?: number; rightsType?: RightsType }): Kline {
  const t = m.feed.now()
  const count = q.count ?? DEFAULT_KLINE_COUNT
  const rightsType = q.rightsType ?? 0
  let bars: Candle[]
  if (type === 'min1') {
    bars = m.feed.recentMinuteBars(s.id, count + 1, t, q.timestamp)
  } else {
    const days = m.feed.dayBars(s.id, 5000, t)
    const adjusted = adjustForRights(days, m.feed.dividends(s.id), rightsType)
    const grouped = type === 'day' ? adjusted : groupBars(adjusted, type)
    bars = (q.timestamp === undefined ? grouped : grouped.filter((b) => b.time < (q.timestamp as number))).slice(-(count + 1))
  }
  const hasMore = bars.length > count
  const shown = hasMore ? bars.slice(1) : bars
  const list: KlineBar[] = shown.map((b, i) => {
    const prev = i > 0 ? (shown[i - 1] as Candle).closeCents : hasMore ? (bars[0] as Candle).closeCents : b.openCents
    const { change, changePercent } = netChangeOf(b.closeCents, prev)
    return { time: b.time, open: b.openCents, high: b.highCents, low: b.lowCents, close: b.closeCents, volume: b.volume, change, changePercent }
  })
  return { stockCode: s.id, type, rightsType, list, hasMore }
}

// --- boards, rankings, hot ranges -----------------------------------------------------------


export function paged<T>(all: T[], page: number, limit: number) {
  const list = all.slice((page - 1) * limit, page * limit)
  return { list, total: all.length, page, hasMore: page * limit < all.length }
}

function groupQuotes(m: Market, market: MarketId, lang: ContentLang, prefix: string) {
  const t = m.feed.now()
  const groups = new Map<string, StockQuote[]>()
  for (const id of m.order) {
    const s = m.stocks.get(id) as FixtureStock
    if (s.market !== market || s.category !== 'stock') continue
    let g = groups.get(s.industry)
    if (!g) groups.set(s.industry, (g = []))
    g.push(stockQuoteFor(m, s, lang, t))
  }
  return [...groups].map(([industry, quotes]) => {
    const cap = quotes.reduce((sum, q) => sum + q.marketCap, 0)
    const leader = quotes.reduce((a, b) => (b.changePercent > a.changePercent ? b : a))
    return {
      id: `${prefix}${hashSeed(industry) % 100000}`,
      name: industry,
      changePercent: round2(cap > 0 ? quotes.reduce((sum, q) => sum + q.changePercent * q.marketCap, 0) / cap : 0),
      turnover: quotes.reduce((sum, q) => sum + q.turnover, 0),
      stockCount: quotes.length,
      upCount: quotes.filter((q) => q.change > 0).length,
      downCount: quotes.filter((q) => q.change < 0).length,
      leader: { stockCode: leader.id, name: leader.name, changePercent: leader.changePercent },
      stocks: quotes.map((q) => q.id),
    }
  })
}

export function hkBoardsFor(m: Market, lang: ContentLang, sort: 'changePercent' | 'turnover' | 'stockCount', order: 'asc' | 'desc'): Board[] {
  const boards = groupQuotes(m, 'hk', lang, 'BK').map(({ stocks: _stocks, ...b }) => b)
  return sortBy(boards, sort, order)
}

export function hotRangesFor(m: Market, lang: ContentLang, q: { sortType: 'changePercent' | 'turnover'; order: 'asc' | 'desc'; market?: MarketId }): HotRange[] {
  const markets: MarketId[] = q.market ? [q.market] : ['hk', 'us']
  const all = markets.flatMap((market) =>
    groupQuotes(m, market, lang, market === 'hk' ? 'HR' : 'UR')
      .filter((g) => g.stockCount >= 2)
      .map(({ upCount: _u, downCount: _d, ...g }) => ({ ...g, market })),
  )
  return sortBy(all, q.sortType, q.order)
}

export function rankFor(m: Market, market: MarketId, lang: ContentLang, sort: keyof StockQuote, order: 'asc' | 'desc'): StockQuote[] {
  const t = m.feed.now()
  const list = m.order.flatMap((id) => {
    const s = m.stocks.get(id) as FixtureStock
    return s.market === market && s.category !== 'index' ? [stockQuoteFor(m, s, lang, t)] : []
  })
  return sortBy(list, sort, order)
}

export function indicesFor(m: Market, lang: ContentLang): StockQuote[] {
  const t = m.feed.now()
  return m.order.flatMap((id) => {
    const s = m.stocks.get(id) as FixtureStock
    return s.category === 'index' ? [stockQuoteFor(m, s, lang, t)] : []
  })
}

export function leaderboardFor(m: Market, lang: ContentLang, market: MarketId | undefined, count: number) {
  const t = m.feed.now()
  const hour = Math.floor(t / 3600)
  const list = m.order.flatMap((id) => {
    const s = m.stocks.get(id) as FixtureStock
    if (s.category !== 'stock' || (market && s.market !== market)) return []
    const nc = netChangeFor(m, s, lang, t)
    const base = 200 + (hashSeed(`heat:${s.id}`) % 5000)
    const heat = Math.round(base * (1 + Math.abs(nc.changePercent) / 2) * (0.8 + (hashSeed(`heat:${s.id}:${hour}`) % 400) / 1000))
    return [{ stockCode: s.id, name: nc.name, price: nc.price, changePercent: nc.changePercent, heat }]
  })
  return list.sort((a, b) => b.heat - a.heat || a.stockCode.localeCompare(b.stockCode)).slice(0, count).map((x, i) => ({ rank: i + 1, ...x }))
}

// --- short selling --------------------------------------------------------------------------

export function isShortSellingFor(s: FixtureStock): boolean {
  if (s.category === 'index') return false
  if (s.market === 'us') return true
  return hashSeed(`short:${s.id}`) % 6 !== 0 // most HK large caps are designated securities
}

const shortRatio = (s: FixtureStock, key: string) => 5 + ((hashSeed(`short:${s.id}:${key}`) % 2000) / 100)

export function shortDataFor(m: Market, s: FixtureStock, months: number, type: 'day' | 'week') {
  const days = m.feed.dayBars(s.id, months * 22, m.feed.now())
  const bars = type === 'day' ? days : groupBars(days, 'week')
  return bars
    .map((b) => {
      const ratio = isShortSellingFor(s) ? round2(shortRatio(s, String(b.time))) : 0
      const shortVolume = Math.round((b.volume * ratio) / 100)
      return { date: b.time, shortVolume, shortTurnover: Math.round((shortVolume * b.closeCents) / 100), shortRatio: ratio, closePrice: b.closeCents }
    })
    .reverse()
}

export function shortPositionsFor(m: Market, s: FixtureStock, type: 'day' | 'week') {
  const days = m.feed.dayBars(s.id, 120, m.feed.now())
  const bars = type === 'day' ? days.slice(-30) : groupBars(days, 'week')
  return bars
    .map((b) => {
      const ratio = isShortSellingFor(s) ? round2(shortRatio(s, `pos:${Math.floor(b.time / 86400 / 30)}`) / 8) : 0
      const shares = Math.round((s.sharesOutstanding * ratio) / 100)
      return { date: b.time, shares, amount: Math.round((shares * b.closeCents) / 100), ratio }
    })
    .reverse()
}

// --- company data ---------------------------------------------------------------------------

export function companyInfoFor(s: FixtureStock, lang: ContentLang): CompanyInfo {
  return { stockCode: s.id, name: nameIn(s, lang), nameEn: s.nameEn, industry: s.industry, ...companyProfile(s) }
}

export function ratiosFor(m: Market, s: FixtureStock): Ratios {
  const rnd = createRandom(`ratio:${s.id}`)
  const eps = epsCents(s)
  const bookPerShare = s.lastCloseCents / rnd.float(0.6, 6)
  const t = m.feed.now()
  const price = m.feed.quote(s.id, t).priceCents
  const months = groupBars(m.feed.dayBars(s.id, 250, t), 'month')
  const reports = financeReports(s, m.seedNow)
  const latest = reports[0]
  return {
    stockCode: s.id,
    pe: eps === null ? null : round2(price / eps),
    pb: round2(price / bookPerShare),
    ps: latest && latest.revenue > 0 ? round2(((price / 100) * s.sharesOutstanding) / (latest.revenue * 2)) : 0,
    dividendYield: s.category === 'index' ? 0 : round2(rnd.float(0, 6)),
    roe: round2(rnd.float(3, 28)),
    grossMargin: latest?.grossMargin ?? 0,
    netMargin: latest && latest.revenue > 0 ? round2((latest.netProfit / latest.revenue) * 100) : 0,
    debtRatio: latest && latest.totalAssets > 0 ? round2((latest.totalLiabilities / latest.totalAssets) * 100) : 0,
    history: months.map((b) => ({ date: b.time, pe: eps === null ? null : round2(b.closeCents / eps), pb: round2(b.closeCents / bookPerShare) })),
  }
}

export function financeFor(m: Market, s: FixtureStock) {
  return { stockCode: s.id, currency: s.currency, reports: financeReports(s, m.seedNow) }
}

export function capitalFlowFor(m: Market, s: FixtureStock) {
  const t = m.feed.now()
  const day = m.feed.calendar.currentTradingDay(s.market, t)
  const minutes = m.feed.minuteBars(s.id, day, t)
  let inflow = 0
  let outflow = 0
  let net = 0
  const list = minutes.map((b) => {
    const rnd = createRandom(`flow:${s.id}:${b.time}`)
    const buyShare = Math.min(0.9, Math.max(0.1, 0.5 + (b.closeCents - b.openCents) / Math.max(1, b.openCents) * 40 + rnd.float(-0.1, 0.1)))
    inflow += b.turnover * buyShare
    outflow += b.turnover * (1 - buyShare)
    net = inflow - outflow
    return { time: b.time, netInflow: Math.round(net) }
  })
  const rnd = createRandom(`flow-split:${s.id}:${day}`)
  const large = rnd.float(0.3, 0.6)
  const medium = rnd.float(0.15, 1 - large - 0.1)
  // the summary's net is the difference of its rounded parts, so inflow − outflow = netInflow holds exactly
  const netInflow = Math.round(inflow) - Math.round(outflow)
  return {
    summary: {
      stockCode: s.id,
      inflow: Math.round(inflow),
      outflow: Math.round(outflow),
      netInflow,
      large: Math.round(netInflow * large),
      medium: Math.round(netInflow * medium),
      small: netInflow - Math.round(netInflow * large) - Math.round(netInflow * medium),
    },
    detail: { stockCode: s.id, list },
  }
}

// --- news, announcements, discussion --------------------------------------------------------

export async function stockNewsFor(db: Db, s: FixtureStock, before: number | undefined, count: number) {
  let q = db.kysely
    .selectFrom('articles')
    .select(['id', 'title', 'summary', 'source', 'create_timestamp'])
    .where(sql<boolean>`${s.id} = ANY(stocks)`)
  if (before !== undefined) q = q.where('create_timestamp', '<', before)
  const rows = await q.orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(count + 1).execute()
  return {
    list: rows.slice(0, count).map((r) => ({ id: r.id, title: r.title, summary: r.summary, source: r.source, createTimestamp: r.create_timestamp })),
    hasMore: rows.length > count,
  }
}

export function announcementsFor(m: Market, s: FixtureStock, page: number, limit: number) {
  return paged(announcements(s, m.seedNow), page, limit)
}

export function discussionFor(m: Market, s: FixtureStock, before: number | undefined, count: number) {
  const all = discussion(s, m.seedNow).filter((d) => before === undefined || d.createTimestamp < before)
  return { list: all.slice(0, count), hasMore: all.length > count }
}
