// spec 001 §7 'Portfolios' (issue 15): model portfolios whose net value the server computes from the
// market simulator (core/portfolio/net-value.ts). Every path is the spec's. Where the spec names only a
// path, the fields are ours and say so. Net values travel with 4 decimals and percents with 2 (spec 001
// §9); prices in integer cents; timestamps and days in seconds. A portfolio's code is its id as a
// string (spec 001 §9: the activity portfolio is 80, reached at /portfolio/80).
import * as Schema from 'effect/Schema'
import { get, post, put, del } from './endpoint'
import { CountFromString, IdFromString, Seconds, Text, isWithoutNul, Ok, Author } from './common'
import { Page, PageQuery } from './page'
import { Keyword } from './search'
import { MAX_POSITIONS, NAME_MAX, PORTFOLIO_MARKETS } from '../portfolio/rules'

/** A portfolio code: its id as 1 to 9 decimal digits (below 2^31−1, so it fits an integer column). */
export const PortfolioCode = Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,8}$/))
/** A stock id as the market data names it (market prefix + code: hk00700, usAAPL). */
export const StockCode = Schema.String.check(Schema.isPattern(/^(hk|us)[A-Za-z0-9.]{1,10}$/))
/** At most this many codes in one follow / batch call. */
export const CODE_LIST_MAX = 50
const CodeList = Schema.Array(PortfolioCode).check(Schema.isMinLength(1), Schema.isMaxLength(CODE_LIST_MAX))
/** A comma-separated list of codes in a query (DELETE carries no body). */
const CodeListFromString = Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8}){0,49}$/))
export const PortfolioMarket = Schema.Literals(PORTFOLIO_MARKETS)
/** percent 0–100, at most 2 decimals (checked by core/portfolio/rules.ts on the server, 400 otherwise) */
export const Weight = Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: -1e6, maximum: 1e6 }))
export const TargetRow = Schema.Struct({ stockCode: StockCode, weight: Weight })
export type TargetRow = typeof TargetRow.Type
const Targets = Schema.Array(TargetRow).check(Schema.isMaxLength(MAX_POSITIONS * 2))
/** The chart's periods (ours): one, three, six months, a year, everything. */
export const NET_VALUE_PERIODS = ['1m', '3m', '6m', '1y', 'all'] as const
export const NetValuePeriod = Schema.Literals(NET_VALUE_PERIODS)
export type NetValuePeriod = typeof NetValuePeriod.Type

/** a portfolio's owner */
const Owner = Author

/** spec 001 §3 Portfolio: portfolioCode, name, nameDisp; with the figures a list shows. */
export const PortfolioSummary = Schema.Struct({
  portfolioCode: Schema.String,
  name: Schema.String,
  nameDisp: Schema.String,
  market: PortfolioMarket,
  owner: Owner,
  /** spec 001 §9: 4 decimals */
  netValue: Schema.Number,
  /** spec 001 §9: percent, 2 decimals */
  dayProfit: Schema.Number,
  /** percent since the start, 2 decimals */
  totalProfit: Schema.Number,
  followerCount: Schema.Number,
  closed: Schema.Boolean,
  createTimestamp: Seconds,
})
export type PortfolioSummary = typeof PortfolioSummary.Type

/** The head of /portfolio/{id}. */
export const PortfolioHead = Schema.Struct({
  ...PortfolioSummary.fields,
  /** the index it is measured against (恒生指数 or 标普500) */
  benchmark: Schema.Struct({ stockCode: Schema.String, name: Schema.String }),
  /** percent, 2 decimals */
  maxDrawdown: Schema.Number,
  cashWeight: Schema.Number,
  adjustCount: Schema.Number,
  closeTimestamp: Schema.NullOr(Seconds),
  /** the reader's view */
  followed: Schema.Boolean,
  isOwner: Schema.Boolean,
})
export type PortfolioHead = typeof PortfolioHead.Type

export const AdjustItem = Schema.Struct({
  stockCode: Schema.String,
  name: Schema.String,
  /** percent before (drifted with the market since the last adjustment) and after */
  fromWeight: Schema.Number,
  toWeight: Schema.Number,
  /** the market price (cents) at the adjustment's time: never from the client */
  price: Schema.Number,
})
export type AdjustItem = typeof AdjustItem.Type
export const AdjustRecord = Schema.Struct({ id: Schema.Number, portfolioCode: Schema.String, time: Seconds, items: Schema.Array(AdjustItem) })
export type AdjustRecord = typeof AdjustRecord.Type

export const Position = Schema.Struct({
  stockCode: Schema.String,
  name: Schema.String,
  /** percent of the portfolio now, 2 decimals */
  weight: Schema.Number,
  /** cents, live */
  price: Schema.Number,
  /** today, percent */
  changePercent: Schema.Number,
  /** average buy price (cents) */
  costPrice: Schema.Number,
  /** percent against the cost */
  profitPercent: Schema.Number,
})
export type Position = typeof Position.Type

const ByCode = Schema.Struct({ portfolioCode: PortfolioCode })
const CodeParams = Schema.Struct({ code: PortfolioCode })

// --- reads ------------------------------------------------------------------------------------

/** spec 001 §7: GET /api/portfolio/profit/v1 — (ours) the open portfolios ranked by total return. */
export const profitRank = get('portfolio.profit', '/api/portfolio/profit/v1', {
  query: Schema.Struct({ market: Schema.optional(PortfolioMarket), ...PageQuery.fields }),
  result: Page(PortfolioSummary),
})

/** spec 001 §7: GET /api/portfolio/list/v1 (userId) — a user's portfolios, open first; with the open limit. */
export const listByUser = get('portfolio.list', '/api/portfolio/list/v1', {
  query: Schema.Struct({ userId: IdFromString }),
  result: Schema.Struct({ list: Schema.Array(PortfolioSummary), openCount: Schema.Number, maxOpen: Schema.Number }),
})

/** spec 001 §7: GET /api/portfolio/{code}/follow/list/v1 — (ours) the portfolios user {code} follows. */
export const followList = get('portfolio.followList', '/api/portfolio/{code}/follow/list/v1', {
  params: Schema.Struct({ code: IdFromString }),
  result: Schema.Struct({ list: Schema.Array(PortfolioSummary) }),
})

/** spec 001 §7: GET /api/portfolio/monthProfit/v1 (portfolioCode) — each month's profit and the index's. */
export const monthProfit = get('portfolio.monthProfit', '/api/portfolio/monthProfit/v1', {
  query: ByCode,
  result: Schema.Struct({
    list: Schema.Array(Schema.Struct({ month: Schema.String, profit: Schema.Number, benchmarkProfit: Schema.Number, netValue: Schema.Number })),
    /** percent, the months compounded */
    totalProfit: Schema.Number,
  }),
})

/** spec 001 §7: GET /api/portfolio/{code}/detail/v1 */
export const detail = get('portfolio.detail', '/api/portfolio/{code}/detail/v1', { params: CodeParams, result: PortfolioHead })

/** spec 001 §7: GET /api/portfolio/stockConfig/v1 — the current allocation the edit form starts from. */
export const stockConfig = get('portfolio.stockConfig', '/api/portfolio/stockConfig/v1', {
  query: ByCode,
  result: Schema.Struct({
    portfolioCode: Schema.String,
    name: Schema.String,
    market: PortfolioMarket,
    closed: Schema.Boolean,
    positions: Schema.Array(Schema.Struct({ stockCode: Schema.String, name: Schema.String, weight: Schema.Number, price: Schema.Number })),
    cashWeight: Schema.Number,
  }),
})

/** spec 001 §7: GET /api/portfolio/pre/adjust/v1 — the adjustment as it would be done now (nothing is stored). */
export const preAdjust = get('portfolio.preAdjust', '/api/portfolio/pre/adjust/v1', {
  query: Schema.Struct({
    portfolioCode: PortfolioCode,
    /** comma-separated, as many as `weights` (ours: a GET carries the targets in the query) */
    stockCodes: Schema.optional(Text(MAX_POSITIONS * 2 * 16)),
    weights: Schema.optional(Text(MAX_POSITIONS * 2 * 10)),
  }),
  result: Schema.Struct({ items: Schema.Array(AdjustItem), cashWeight: Schema.Number }),
})

/** spec 001 §7: GET /api/portfolio/netValues/v1 — daily net values and the index's, both from 1 at the period's start. */
export const netValues = get('portfolio.netValues', '/api/portfolio/netValues/v1', {
  query: Schema.Struct({ portfolioCode: PortfolioCode, period: Schema.optional(NetValuePeriod) }),
  result: Schema.Struct({
    benchmark: Schema.Struct({ stockCode: Schema.String, name: Schema.String }),
    list: Schema.Array(Schema.Struct({ day: Seconds, netValue: Schema.Number, benchmark: Schema.Number })),
  }),
})

/** spec 001 §7: GET /api/portfolio/head/v1 */
export const head = get('portfolio.head', '/api/portfolio/head/v1', { query: ByCode, result: PortfolioHead })

/** spec 001 §7: GET /api/portfolio/drawdown/v1 — each day's fall from the running peak (percent). */
export const drawdown = get('portfolio.drawdown', '/api/portfolio/drawdown/v1', {
  query: ByCode,
  result: Schema.Struct({ maxDrawdown: Schema.Number, list: Schema.Array(Schema.Struct({ day: Seconds, drawdown: Schema.Number })) }),
})

/** spec 001 §7: GET /api/portfolio/listAdjustHistory/v1 — newest first. */
export const adjustHistory = get('portfolio.adjustHistory', '/api/portfolio/listAdjustHistory/v1', {
  query: Schema.Struct({ portfolioCode: PortfolioCode, ...PageQuery.fields }),
  result: Page(AdjustRecord),
})

/** spec 001 §7: GET /api/portfolio/positionDetail/v1 — holdings at live prices. */
export const positionDetail = get('portfolio.positionDetail', '/api/portfolio/positionDetail/v1', {
  query: ByCode,
  result: Schema.Struct({ list: Schema.Array(Position), cashWeight: Schema.Number }),
})

// --- writes -----------------------------------------------------------------------------------

const FollowState = Schema.Struct({ followed: Schema.Array(Schema.String), followerCount: Schema.Number })

/** spec 001 §7: POST /api/portfolio/follow/v1 {portfolioCodeList} (guests: 403 请先登录再进行操作！) */
export const follow = post('portfolio.follow', '/api/portfolio/follow/v1', {
  body: Schema.Struct({ portfolioCodeList: CodeList }),
  result: FollowState,
})
/**
 * spec 001 §7: DELETE /api/portfolio/follow/v1 {portfolioCodeList} — the spec's client sends the list in
 * the body; ours and other clients that keep DELETE bodyless send it in the query ('1,2'). Both are
 * taken (tests/contract-placement.test.ts), one of them is needed (server/portfolio/routes.ts).
 */
export const unfollow = del('portfolio.unfollow', '/api/portfolio/follow/v1', {
  query: Schema.Struct({ portfolioCodeList: Schema.optional(CodeListFromString) }),
  body: Schema.Struct({ portfolioCodeList: Schema.optional(CodeList) }),
  result: FollowState,
})

const Name = Schema.String.check(Schema.isMaxLength(NAME_MAX * 4), isWithoutNul)

/** spec 001 §7: POST /api/portfolio/detect/chars/v1 — the name rules (length, forbidden words). */
export const detectChars = post('portfolio.detectChars', '/api/portfolio/detect/chars/v1', {
  body: Schema.Struct({ name: Name }),
  result: Schema.Struct({ pass: Schema.Boolean, message: Schema.String }),
})

/** spec 001 §7: POST /api/portfolio/add/v1 — a name, a market and the first allocation. */
export const add = post('portfolio.add', '/api/portfolio/add/v1', {
  body: Schema.Struct({ name: Name, market: PortfolioMarket, positions: Targets }),
  result: Schema.Struct({ portfolioCode: Schema.String }),
})

/** spec 001 §7: PUT /api/portfolio/{code}/v1 — rename. */
export const edit = put('portfolio.edit', '/api/portfolio/{code}/v1', { params: CodeParams, body: Schema.Struct({ name: Name }), result: Ok })

/** spec 001 §7: POST /api/portfolio/{code}/close/v1 — final; the history stays readable. */
export const close = post('portfolio.close', '/api/portfolio/{code}/close/v1', { params: CodeParams, result: Ok })

/** spec 001 §7: POST /api/portfolio/add/stock — one stock in at a weight, the others kept as they stand. */
export const addStock = post('portfolio.addStock', '/api/portfolio/add/stock', {
  body: Schema.Struct({ portfolioCode: PortfolioCode, stockCode: StockCode, weight: Weight }),
  result: AdjustRecord,
})

/** spec 001 §7: POST /api/portfolio/adjust/v1 — the full target allocation; stocks left out are sold. */
export const adjust = post('portfolio.adjust', '/api/portfolio/adjust/v1', {
  body: Schema.Struct({ portfolioCode: PortfolioCode, positions: Targets }),
  result: AdjustRecord,
})

/** spec 001 §7: POST /api/portfolio/batchQueryAdjust/v1 — the latest adjustment of each portfolio asked. */
export const batchQueryAdjust = post('portfolio.batchQueryAdjust', '/api/portfolio/batchQueryAdjust/v1', {
  body: Schema.Struct({ portfolioCodeList: CodeList }),
  result: Schema.Struct({ list: Schema.Array(Schema.Struct({ portfolioCode: Schema.String, latest: Schema.NullOr(AdjustRecord) })) }),
})

// --- community, friendships, search -----------------------------------------------------------

export const DYNAMIC_TYPES = ['create', 'adjust', 'close'] as const
export const PortfolioDynamic = Schema.Struct({
  id: Schema.String,
  type: Schema.Literals(DYNAMIC_TYPES),
  user: Owner,
  time: Seconds,
  items: Schema.Array(AdjustItem),
})
export type PortfolioDynamic = typeof PortfolioDynamic.Type

/** spec 001 §7: GET /api/community/portfolio/{code}/dynamics/v1 (userId, timestamp) — newest first, before `timestamp`; `userId` keeps one user's. */
export const dynamics = get('portfolio.dynamics', '/api/community/portfolio/{code}/dynamics/v1', {
  params: CodeParams,
  query: Schema.Struct({ userId: Schema.optional(IdFromString), timestamp: Schema.optional(IdFromString), count: Schema.optional(CountFromString) }),
  result: Page(PortfolioDynamic),
})

/** spec 001 §7: POST /api/community/portfolio/share/v1 — (ours) shares it as a discussion post with a portfolio link. */
export const share = post('portfolio.share', '/api/community/portfolio/share/v1', {
  body: Schema.Struct({ portfolioCode: PortfolioCode, content: Schema.optional(Text(500)) }),
  result: Schema.Struct({ postId: Schema.Number }),
})

/** spec 001 §7: GET /api/friendships/portfolio/followers/v1 — newest followers first. */
export const followers = get('portfolio.followers', '/api/friendships/portfolio/followers/v1', {
  query: Schema.Struct({ portfolioCode: PortfolioCode, ...PageQuery.fields }),
  result: Page(Owner),
})

export const PortfolioSearchHit = Schema.Struct({
  portfolioCode: Schema.String,
  name: Schema.String,
  nameDisp: Schema.String,
  market: PortfolioMarket,
  owner: Owner,
  closed: Schema.Boolean,
})

/** spec 001 §7: GET /api/search/portfolio/keyword/v1 (keyword, page, count) — by name or code. */
export const searchByName = get('portfolio.searchByName', '/api/search/portfolio/keyword/v1', {
  query: Schema.Struct({ keyword: Keyword, ...PageQuery.fields }),
  result: Page(PortfolioSearchHit),
})

/** spec 001 §7: GET /api/search/portfolio/stock/keyword/v1 — the portfolios holding a stock that matches. */
export const searchByStock = get('portfolio.searchByStock', '/api/search/portfolio/stock/keyword/v1', {
  query: Schema.Struct({ keyword: Keyword, ...PageQuery.fields }),
  result: Page(PortfolioSearchHit),
})
