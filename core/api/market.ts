// spec 000 §7 'Market data' and 'Watchlist': quotes, charts, rankings, stock pages and the reader's stocks.
// Prices are integer cents (house style: money in cents); turnover and market cap are in currency units;
// percents are in percent (1.5 = 1.5 %); times are seconds since the epoch.
import * as Schema from 'effect/Schema'
import * as SchemaTransformation from 'effect/SchemaTransformation'
import { get, publicGet, post } from './endpoint'
import { Page } from './page'
import { Author, CountFromString, IdFromString, IntFromString, Seconds } from './common'
import { KLINE_TYPES } from '../market/kline'
import { HALF_DAY_KEYS, HOLIDAY_KEYS } from '../market/trading-calendar'

// Quotes are public and move every few seconds: a second-old answer (publicGet's own
// PUBLIC_MAX_AGE_MS) is still fresh.
/** Company data, boards and reports change rarely. */
const SLOW_AGE = 30_000

// --- shared fields --------------------------------------------------------------------------

export const MarketParam = Schema.Literals(['hk', 'us'])
export type MarketParam = typeof MarketParam.Type
/** A code inside a path: '00700', 'AAPL', 'BRK.B'. */
export const CodeParam = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9._-]{1,12}$/))
/** A stock id: market prefix plus code (spec 000 §5: 'hk00700', 'usAAPL'). */
export const StockId = Schema.String.check(Schema.isPattern(/^(hk|us)[A-Za-z0-9._-]{1,12}$/))
/** Comma-separated stock ids, 1 to 50: `hk00700,usAAPL`. */
export const StockIdList = Schema.String.check(Schema.isPattern(/^(hk|us)[A-Za-z0-9._-]{1,12}(,(hk|us)[A-Za-z0-9._-]{1,12}){0,49}$/))
export const MAX_STOCK_CODES = 50
export const Order = Schema.Literals(['asc', 'desc'])
export type Order = typeof Order.Type
export const PageFromString = IdFromString
/** 1 to 1000 bars in one kline answer. */
export const KlineCountFromString = Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 1000 }))
/** spec 000 §7: rightsType: 0 不复权, 1 前复权, 2 后复权. */
export const RightsTypeFromString = Schema.Literals(['0', '1', '2']).pipe(
  Schema.decodeTo(
    Schema.Literals([0, 1, 2]),
    SchemaTransformation.transform<0 | 1 | 2, '0' | '1' | '2'>({
      decode: (s) => Number(s) as 0 | 1 | 2,
      encode: (n) => String(n) as '0' | '1' | '2',
    }),
  ),
)
/** core/market/sessions.ts MarketStatus: preMarket and afterHours are US extended hours (issue 24). */
export const MarketStatus = Schema.Literals(['preOpen', 'preMarket', 'trading', 'lunchBreak', 'afterHours', 'closed'])
export type MarketStatusValue = typeof MarketStatus.Type
/** Why a market is closed on a weekday (a holiday of core/market/trading-calendar.ts), a closed set. */
export const HolidayReason = Schema.Literals(HOLIDAY_KEYS)
/** Why a trading day closes early (HKEX 12:00, NYSE 13:00). */
export const HalfDayReason = Schema.Literals(HALF_DAY_KEYS)

/** spec 000 §3: stock search result (id, code, codeDisp, ipoStatus, market, name, nameDisp, category). */
export const StockBase = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  codeDisp: Schema.String,
  ipoStatus: Schema.Number,
  market: MarketParam,
  name: Schema.String,
  nameDisp: Schema.String,
  category: Schema.Literals(['stock', 'etf', 'index']),
  currency: Schema.String,
  lotSize: Schema.Number,
})
export type StockBase = typeof StockBase.Type

/** The live part of a quote (what /hq/stocks/net-change answers and the stream pushes). */
export const NetChange = Schema.Struct({
  stockCode: Schema.String,
  name: Schema.String,
  status: MarketStatus,
  /** the holiday the market is closed for today; absent on trading days and plain weekends */
  holiday: Schema.optional(HolidayReason),
  /** set when today is a half day */
  halfDay: Schema.optional(HalfDayReason),
  /** seconds: the instant of the last tick */
  time: Seconds,
  price: Schema.Number,
  prevClose: Schema.Number,
  change: Schema.Number,
  changePercent: Schema.Number,
  volume: Schema.Number,
  turnover: Schema.Number,
})
export type NetChange = typeof NetChange.Type

export const StockQuote = Schema.Struct({
  ...StockBase.fields,
  ...NetChange.fields,
  open: Schema.Number,
  high: Schema.Number,
  low: Schema.Number,
  marketCap: Schema.Number,
})
export type StockQuote = typeof StockQuote.Type


// --- quotes ---------------------------------------------------------------------------------

export const netChange = publicGet('market.netChange', '/hq/stocks/net-change', {
  query: Schema.Struct({ stockCodes: StockIdList }),
  result: Schema.Array(NetChange),
})

export const quoteBaseData = publicGet('market.quoteBaseData', '/quote/api/stocks/base-data', {
  publicMaxAgeMs: SLOW_AGE,
  query: Schema.Struct({ stockCodes: StockIdList }),
  result: Schema.Array(StockBase),
})

export const hqBaseData = publicGet('market.hqBaseData', '/hq/stocks/base-data/v1', {
  query: Schema.Struct({ stockCodes: StockIdList }),
  result: Schema.Array(StockQuote),
})

export const QuoteInfo = Schema.Struct({
  ...StockQuote.fields,
  bid: Schema.Number,
  ask: Schema.Number,
  bidVolume: Schema.Number,
  askVolume: Schema.Number,
  /** price / earnings per share; null for indices and loss makers */
  pe: Schema.NullOr(Schema.Number),
  eps: Schema.NullOr(Schema.Number),
  high52w: Schema.Number,
  low52w: Schema.Number,
  /** (high − low) / prevClose in percent */
  amplitude: Schema.Number,
  /** volume / shares outstanding in percent */
  turnoverRate: Schema.Number,
  sharesOutstanding: Schema.Number,
})
export type QuoteInfo = typeof QuoteInfo.Type

const MarketCodeParams = Schema.Struct({ market: MarketParam, code: CodeParam })

export const quoteInfo = publicGet('market.quoteInfo', '/hq/{market}/quote-info/{code}/v2', {
  params: MarketCodeParams,
  result: QuoteInfo,
})

export const CurrencyRate = Schema.Struct({ currency: Schema.String, name: Schema.String, rateToCny: Schema.Number, rateToHkd: Schema.Number })
export const stockCurrency = publicGet('market.stockCurrency', '/hq/stock-currency/v1', {
  publicMaxAgeMs: SLOW_AGE,
  query: Schema.Struct({ stockCodes: Schema.optional(StockIdList) }),
  result: Schema.Struct({
    rates: Schema.Array(CurrencyRate),
    stocks: Schema.Array(Schema.Struct({ stockCode: Schema.String, currency: Schema.String })),
  }),
})

// --- charts ---------------------------------------------------------------------------------

export const MinutePoint = Schema.Struct({ time: Seconds, price: Schema.Number, avg: Schema.Number, volume: Schema.Number })
export type MinutePoint = typeof MinutePoint.Type
export const MinuteLine = Schema.Struct({
  stockCode: Schema.String,
  status: MarketStatus,
  prevClose: Schema.Number,
  /** the trading days shown, oldest first, each with its minutes */
  days: Schema.Array(Schema.Struct({ day: Seconds, points: Schema.Array(MinutePoint) })),
})
export type MinuteLine = typeof MinuteLine.Type

export const minuteLine = publicGet('market.minuteLine', '/hq/{market}/minute-line/{code}/v2', {
  params: MarketCodeParams,
  result: MinuteLine,
})
/** v3: the last 1 to 5 trading days (五日分时). */
export const minuteLineV3 = publicGet('market.minuteLineV3', '/hq/{market}/minute-line/{code}/v3', {
  params: MarketCodeParams,
  query: Schema.Struct({ days: Schema.optional(Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 5 }))) }),
  result: MinuteLine,
})

export const KlineBar = Schema.Struct({
  time: Seconds,
  open: Schema.Number,
  high: Schema.Number,
  low: Schema.Number,
  close: Schema.Number,
  volume: Schema.Number,
  change: Schema.Number,
  changePercent: Schema.Number,
})
export type KlineBar = typeof KlineBar.Type
export const Kline = Schema.Struct({
  stockCode: Schema.String,
  type: Schema.Literals(KLINE_TYPES),
  rightsType: Schema.Literals([0, 1, 2]),
  ...Page(KlineBar).fields,
})
export type Kline = typeof Kline.Type

const KlineParams = Schema.Struct({ market: MarketParam, type: Schema.Literals(KLINE_TYPES), code: CodeParam })
const KlineQuery = Schema.Struct({
  count: Schema.optional(KlineCountFromString),
  /** bars strictly before this instant (seconds); omitted for the latest */
  timestamp: Schema.optional(IntFromString),
  rightsType: Schema.optional(RightsTypeFromString),
})
export const kline = publicGet('market.kline', '/hq/{market}/kline/{type}/{code}/v2', { params: KlineParams, query: KlineQuery, result: Kline })
export const klineV4 = publicGet('market.klineV4', '/hq/{market}/kline/{type}/{code}/v4', { params: KlineParams, query: KlineQuery, result: Kline })

// --- boards and rankings --------------------------------------------------------------------

export const Leader = Schema.Struct({ stockCode: Schema.String, name: Schema.String, changePercent: Schema.Number })
export const Board = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  changePercent: Schema.Number,
  turnover: Schema.Number,
  stockCount: Schema.Number,
  upCount: Schema.Number,
  downCount: Schema.Number,
  leader: Leader,
})
export type Board = typeof Board.Type
export const BOARD_SORTS = ['changePercent', 'turnover', 'stockCount'] as const
export const hkBoards = publicGet('market.hkBoards', '/hq/hk/boards/v1', {
  query: Schema.Struct({ sort: Schema.optional(Schema.Literals(BOARD_SORTS)), order: Schema.optional(Order) }),
  result: Schema.Array(Board),
})

export const RANK_SORTS = ['changePercent', 'change', 'price', 'volume', 'turnover', 'marketCap'] as const
export type RankSort = (typeof RANK_SORTS)[number]
export const rankDetail = publicGet('market.rankDetail', '/hq/{market}/stock/rank/detail/v1', {
  params: Schema.Struct({ market: MarketParam }),
  query: Schema.Struct({
    sort: Schema.optional(Schema.Literals(RANK_SORTS)),
    order: Schema.optional(Order),
    page: Schema.optional(PageFromString),
    limit: Schema.optional(CountFromString),
  }),
  result: Page(StockQuote),
})

export const LeaderboardItem = Schema.Struct({
  rank: Schema.Number,
  stockCode: Schema.String,
  name: Schema.String,
  price: Schema.Number,
  changePercent: Schema.Number,
  /** discussion heat: posts and follows of the last day */
  heat: Schema.Number,
})
export const leaderboard = publicGet('market.leaderboard', '/tapi/xueqiu/Leaderboard/v1/', {
  query: Schema.Struct({ market: Schema.optional(MarketParam), count: Schema.optional(CountFromString) }),
  result: Schema.Array(LeaderboardItem),
})

export const HotRange = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  market: MarketParam,
  changePercent: Schema.Number,
  turnover: Schema.Number,
  stockCount: Schema.Number,
  leader: Leader,
  stocks: Schema.Array(Schema.String),
})
export type HotRange = typeof HotRange.Type
export const HOT_RANGE_SORTS = ['changePercent', 'turnover'] as const
export const hotRange = publicGet('market.hotRange', '/mapi/market/hotRange/v1/', {
  query: Schema.Struct({
    sortType: Schema.optional(Schema.Literals(HOT_RANGE_SORTS)),
    order: Schema.optional(Order),
    page: Schema.optional(PageFromString),
    count: Schema.optional(CountFromString),
    market: Schema.optional(MarketParam),
  }),
  result: Page(HotRange),
})

// --- short selling --------------------------------------------------------------------------

export const SHORT_TYPES = ['day', 'week'] as const
export const ShortPositionRow = Schema.Struct({ date: Seconds, shares: Schema.Number, amount: Schema.Number, ratio: Schema.Number })
export const shortPositionTable = publicGet('market.shortPositionTable', '/data/api/short-position/table/{type}/{code}', {
  publicMaxAgeMs: SLOW_AGE,
  params: Schema.Struct({ type: Schema.Literals(SHORT_TYPES), code: StockId }),
  result: Schema.Struct({ stockCode: Schema.String, list: Schema.Array(ShortPositionRow) }),
})
export const ShortDataRow = Schema.Struct({ date: Seconds, shortVolume: Schema.Number, shortTurnover: Schema.Number, shortRatio: Schema.Number, closePrice: Schema.Number })
export const shortDataList = publicGet('market.shortDataList', '/data/api/short-data/list/{months}/{type}/{code}', {
  publicMaxAgeMs: SLOW_AGE,
  params: Schema.Struct({
    months: Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 12 })),
    type: Schema.Literals(SHORT_TYPES),
    code: StockId,
  }),
  result: Schema.Struct({ stockCode: Schema.String, list: Schema.Array(ShortDataRow) }),
})
export const isShortSelling = publicGet('market.isShortSelling', '/quote/api/quote/isshortselling/{code}', {
  publicMaxAgeMs: SLOW_AGE,
  params: Schema.Struct({ code: StockId }),
  result: Schema.Struct({ stockCode: Schema.String, isShortSelling: Schema.Boolean }),
})

// --- company data ---------------------------------------------------------------------------

export const CompanyInfo = Schema.Struct({
  stockCode: Schema.String,
  name: Schema.String,
  nameEn: Schema.String,
  industry: Schema.String,
  listedDate: Seconds,
  chairman: Schema.String,
  employees: Schema.Number,
  headquarters: Schema.String,
  website: Schema.String,
  business: Schema.String,
  fiscalYearEnd: Schema.String,
})
export type CompanyInfo = typeof CompanyInfo.Type
export const companyInfo = publicGet('market.companyInfo', '/data/api/chart/company-info/{market}/{code}/v2', { publicMaxAgeMs: SLOW_AGE, params: MarketCodeParams, result: CompanyInfo })

export const Ratios = Schema.Struct({
  stockCode: Schema.String,
  pe: Schema.NullOr(Schema.Number),
  pb: Schema.Number,
  ps: Schema.Number,
  dividendYield: Schema.Number,
  roe: Schema.Number,
  grossMargin: Schema.Number,
  netMargin: Schema.Number,
  debtRatio: Schema.Number,
  history: Schema.Array(Schema.Struct({ date: Seconds, pe: Schema.NullOr(Schema.Number), pb: Schema.Number })),
})
export type Ratios = typeof Ratios.Type
export const ratios = publicGet('market.ratios', '/data/api/chart/ratio/{market}/{code}/v2', { publicMaxAgeMs: SLOW_AGE, params: MarketCodeParams, result: Ratios })

export const FinanceReport = Schema.Struct({
  period: Schema.String,
  revenue: Schema.Number,
  netProfit: Schema.Number,
  eps: Schema.Number,
  grossMargin: Schema.Number,
  totalAssets: Schema.Number,
  totalLiabilities: Schema.Number,
  operatingCashFlow: Schema.Number,
})
export type FinanceReport = typeof FinanceReport.Type
export const f10Finance = publicGet('market.f10Finance', '/data/api/{market}/f10/finance/{code}/v1', {
  publicMaxAgeMs: SLOW_AGE,
  params: MarketCodeParams,
  result: Schema.Struct({ stockCode: Schema.String, currency: Schema.String, reports: Schema.Array(FinanceReport) }),
})

export const CapitalFlow = Schema.Struct({
  stockCode: Schema.String,
  inflow: Schema.Number,
  outflow: Schema.Number,
  netInflow: Schema.Number,
  /** net inflow by order size: large, medium, small */
  large: Schema.Number,
  medium: Schema.Number,
  small: Schema.Number,
})
export const coreCapital = publicGet('market.coreCapital', '/data/api/member/coreCapital', {
  query: Schema.Struct({ stockCode: StockId }),
  result: CapitalFlow,
})
export const coreCapitalDetail = publicGet('market.coreCapitalDetail', '/data/api/member/coreCapital/detail', {
  query: Schema.Struct({ stockCode: StockId }),
  result: Schema.Struct({ stockCode: Schema.String, list: Schema.Array(Schema.Struct({ time: Seconds, netInflow: Schema.Number })) }),
})

// --- stock news, announcements, discussion --------------------------------------------------

const StockFeedQuery = Schema.Struct({ stockCode: StockId, timestamp: Schema.optional(IntFromString), count: Schema.optional(CountFromString) })

export const StockNewsItem = Schema.Struct({ id: Schema.Number, title: Schema.String, summary: Schema.String, source: Schema.String, createTimestamp: Seconds })
export const stockNews = publicGet('market.stockNews', '/api/stock/info/news/contents/v3', {
  publicMaxAgeMs: SLOW_AGE,
  query: StockFeedQuery,
  result: Page(StockNewsItem),
})
export const Announcement = Schema.Struct({ id: Schema.Number, title: Schema.String, category: Schema.String, createTimestamp: Seconds })
export const stockAnnouncements = publicGet('market.stockAnnouncements', '/api/stock/info/announcement', {
  publicMaxAgeMs: SLOW_AGE,
  query: Schema.Struct({ stockCode: StockId, page: Schema.optional(PageFromString), limit: Schema.optional(CountFromString) }),
  result: Page(Announcement),
})
export const DiscussItem = Schema.Struct({
  id: Schema.Number,
  author: Author,
  content: Schema.String,
  likeCount: Schema.Number,
  commentCount: Schema.Number,
  createTimestamp: Seconds,
})
export type DiscussItem = typeof DiscussItem.Type
export const stockDiscussion = publicGet('market.stockDiscussion', '/api/stock/info/discuss/contents/v3', {
  query: StockFeedQuery,
  result: Page(DiscussItem),
})

// --- live quotes ----------------------------------------------------------------------------

/** Server-sent events: `quote` events carrying a NetChange, for the stocks on screen. */
export const QUOTE_STREAM_PATH = '/hq/stocks/stream'
/** at most this many pushes per stock per second (the issue: "a few a second") */
export const MAX_PUSHES_PER_SECOND = 2

// --- watchlist (spec 000 §7 'Watchlist'; §3 user stock: stockCode, stockType) ----------------

export const StockType = MarketParam
export const UserStock = Schema.Struct({ stockCode: Schema.String, stockType: StockType })
export const UserStockItem = Schema.Struct({ ...StockQuote.fields, stockType: StockType, createTimestamp: Seconds })
export type UserStockItem = typeof UserStockItem.Type

export const isUserStock = get('userstock.isUserStock', '/api/userstock/isUserStock', {
  query: Schema.Struct({ stockCode: StockId }),
  result: Schema.Struct({ isUserStock: Schema.Boolean }),
})
export const addUserStock = post('userstock.add', '/api/userstock/add', {
  body: Schema.Struct({ stockCode: StockId, stockType: StockType }),
  result: UserStock,
})
export const deleteUserStock = post('userstock.delete', '/api/userstock/delete', {
  body: Schema.Struct({ stockCodes: Schema.Array(StockId).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_STOCK_CODES)) }),
  result: Schema.Struct({ deleted: Schema.Number }),
})
export const listUserStocks = get('userstock.list', '/api/userstock', {
  query: Schema.Struct({ userId: Schema.optional(IdFromString), page: Schema.optional(PageFromString), limit: Schema.optional(CountFromString) }),
  result: Page(UserStockItem),
})
export const listUserStocksV2 = get('userstock.listV2', '/api/userstock/v2', { result: Schema.Array(UserStockItem) })

/** Messages (spec 000 §8 names none for these; plain simplified Chinese). */
export const MARKET_MESSAGES = {
  unknownStock: '股票不存在',
  duplicate: '已在自选股中',
  notOthers: '只能查看自己的自选股',
  tooMany: '自选股数量已达上限',
} as const
export const MAX_USER_STOCKS = 500

// --- core assets and asset allocation (spec 000 §7 'Market data') ----------------------------

// /data/api/rss/detail (id) is served by the reading feature (core/api/reading-docs.ts rssDetail, its research
// reports name the stocks they cover): one path, one contract.

/** The core-asset view of one stock: who holds it and how concentrated that is, and its key metrics. */
export const CoreAssetStock = Schema.Struct({
  stockCode: Schema.String,
  name: Schema.String,
  market: MarketParam,
  currency: Schema.String,
  price: Schema.Number,
  changePercent: Schema.Number,
  marketCap: Schema.Number,
  /** shares held by institutions, percent of shares outstanding */
  institutionalOwnership: Schema.Number,
  /** shares held by the ten largest holders, percent of shares outstanding (holdings concentration) */
  top10Concentration: Schema.Number,
  /** number of institutions holding the stock */
  institutionCount: Schema.Number,
  pe: Schema.NullOr(Schema.Number),
  pb: Schema.Number,
  roe: Schema.Number,
  dividendYield: Schema.Number,
})
export type CoreAssetStock = typeof CoreAssetStock.Type
export const CoreAssetHolder = Schema.Struct({
  name: Schema.String,
  kind: Schema.Literals(['institution', 'insider', 'fund']),
  shares: Schema.Number,
  /** percent of shares outstanding */
  percent: Schema.Number,
  /** change in shares since the last report (negative: sold) */
  change: Schema.Number,
})
export const CoreAssetDetail = Schema.Struct({
  ...CoreAssetStock.fields,
  holders: Schema.Array(CoreAssetHolder),
  /** institutional ownership at the last four quarter ends, oldest first */
  ownershipHistory: Schema.Array(Schema.Struct({ period: Schema.String, institutionalOwnership: Schema.Number })),
})
export type CoreAssetDetail = typeof CoreAssetDetail.Type
export const CORE_ASSET_SORTS = ['marketCap', 'institutionalOwnership', 'top10Concentration', 'changePercent'] as const
export const coreAssetStocks = publicGet('market.coreAssetStocks', '/api/core-asset/individual-stock/v1', {
  publicMaxAgeMs: SLOW_AGE,
  query: Schema.Struct({
    market: Schema.optional(MarketParam),
    sort: Schema.optional(Schema.Literals(CORE_ASSET_SORTS)),
    order: Schema.optional(Order),
    page: Schema.optional(PageFromString),
    limit: Schema.optional(CountFromString),
  }),
  result: Page(CoreAssetStock),
})
export const coreAssetStock = publicGet('market.coreAssetStock', '/api/core-asset/individual-stock/{id}/v1', {
  publicMaxAgeMs: SLOW_AGE,
  params: Schema.Struct({ id: StockId }),
  result: CoreAssetDetail,
})
export const CORE_ASSET_MESSAGES = { unknownAllocation: '资产配置建议不存在', notIndividualStock: '不是个股' } as const

// --- the home page's market strip (spec 000 §7 'Home and content') ---------------------------

/** The indices the home page shows, in order: Hong Kong's three, then New York's three. */
export const HOME_INDEX_CODES = ['hkHSI', 'hkHSTECH', 'hkHSCEI', 'usDJI', 'usIXIC', 'usSPX'] as const
/** How many of the most discussed stocks the home page lists. */
export const HOME_HOT_STOCKS = 5

/** One market's breadth: how many of its stocks are up, down or unchanged today. */
export const MarketBreadth = Schema.Struct({ market: MarketParam, status: MarketStatus, up: Schema.Number, down: Schema.Number, flat: Schema.Number })
export type MarketBreadth = typeof MarketBreadth.Type

export const HomePageData = Schema.Struct({
  indices: Schema.Array(NetChange),
  breadth: Schema.Array(MarketBreadth),
  hotStocks: Schema.Array(LeaderboardItem),
})
export type HomePageData = typeof HomePageData.Type

/** spec 000 §7: /hq/home-page-data — the home page's indices, each market's breadth and the most discussed stocks. */
export const homePageData = publicGet('market.homePageData', '/hq/home-page-data', { result: HomePageData })

/** How many stocks each side (inflow, outflow) of the flow entrance lists. */
export const FLOW_TOP = 3

export const FlowStock = Schema.Struct({ stockCode: Schema.String, name: Schema.String, netInflow: Schema.Number, changePercent: Schema.Number })
export const MarketFlow = Schema.Struct({
  market: MarketParam,
  currency: Schema.String,
  /** today's money into and out of the market's stocks (currency units), as estimated from trades */
  inflow: Schema.Number,
  outflow: Schema.Number,
  netInflow: Schema.Number,
  /** the largest net inflows, then the largest net outflows */
  topInflow: Schema.Array(FlowStock),
  topOutflow: Schema.Array(FlowStock),
  /** seconds: the quotes' time */
  time: Seconds,
})
export type MarketFlow = typeof MarketFlow.Type

/** spec 000 §7: /hq/quote/api/market/flow/entrance/data/v2 — the capital-flow entrance: each market's net flow and its leaders. */
export const flowEntrance = publicGet('market.flowEntrance', '/hq/quote/api/market/flow/entrance/data/v2', {
  result: Schema.Array(MarketFlow),
})
