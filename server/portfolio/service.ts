// The portfolio service (issue 15): reads computed from the market, and the owner's writes. Prices of an
// adjustment come from the simulator at the adjustment's instant, never from the client.
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import type { ContentLang } from '../i18n/to-hk'
import type { Market } from '../market/market-data'
import { netChange } from '../../core/market/price-colour'
import { marketCalendar } from '../market/calendar'
import { monthProfits, roundNetValue, roundPercent } from '../../core/portfolio/net-value'
import {
  MAX_OPEN_PORTFOLIOS, PORTFOLIO_MESSAGES as M, canOpenAnother, checkAllocation, checkName, weightHundredths, type PortfolioMarket,
} from '../../core/portfolio/rules'
import type * as api from '../../core/api/portfolio'
import { numberedPage } from '../../core/api/page'
import type { ModerationPort } from '../posting/moderation'
import { computePortfolio, figuresOf, weightsAt, type Computed } from './compute'
import { closePortfolioRow, findPortfolio, insertPortfolio, listPortfolios, openCountOf, recountFollowers, renamePortfolio, type PortfolioRow } from './portfolios-repository'
import { adjustmentsOf, insertAdjustment, type StoredAdjustment, type StoredItem } from './adjustments-repository'
import { countFollowers, follow, followedAmong, followersPage, isFollowing as followRowExists, unfollow } from './follows-repository'

export interface Ctx {
  db: Db
  market: () => Promise<Market>
  moderation: ModerationPort
  /** the market's clock, seconds */
  now: () => number
}

const codeOf = (id: number) => String(id)

export async function portfolioOrThrow(db: Db, id: number): Promise<PortfolioRow> {
  const p = await findPortfolio(db, id)
  if (!p) throw new ApiError(404, M.notFound)
  return p
}
const idOf = (code: string) => Number(code)
const stockName = (m: Market, id: string, lang: ContentLang) => {
  const s = m.stocks.get(id)
  return s ? (lang === 'zh-hk' ? s.nameHk : s.name) : id
}

async function computed(ctx: Ctx, p: PortfolioRow, adjustments?: StoredAdjustment[]): Promise<{ m: Market; c: Computed; adjustments: StoredAdjustment[] }> {
  const m = await ctx.market()
  const list = adjustments ?? (await adjustmentsOf(ctx.db, [p.id])).get(p.id) ?? []
  return { m, c: computePortfolio(m, p, list, ctx.now()), adjustments: list }
}

function summaryOf(p: PortfolioRow, c: Computed): api.PortfolioSummary {
  const f = figuresOf(c)
  return {
    portfolioCode: codeOf(p.id), name: p.name, nameDisp: p.name, market: p.market, owner: p.owner,
    netValue: f.netValue, dayProfit: f.dayProfit, totalProfit: f.totalProfit, followerCount: p.followerCount,
    closed: p.closeTimestamp !== null, createTimestamp: p.createTimestamp,
  }
}

async function summaries(ctx: Ctx, rows: PortfolioRow[]): Promise<api.PortfolioSummary[]> {
  const m = await ctx.market()
  const adj = await adjustmentsOf(ctx.db, rows.map((p) => p.id))
  return rows.map((p) => summaryOf(p, computePortfolio(m, p, adj.get(p.id) ?? [], ctx.now())))
}

async function isFollowing(db: Db, userId: number | null, portfolioId: number): Promise<boolean> {
  if (userId === null) return false
  return followRowExists(db, userId, portfolioId)
}

// --- reads ------------------------------------------------------------------------------------

export async function head(ctx: Ctx, code: string, readerId: number | null, lang: ContentLang): Promise<api.PortfolioHead> {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  const { m, c, adjustments } = await computed(ctx, p)
  const f = figuresOf(c)
  const { cash } = weightsAt(c, (id) => m.sim.quote(id, ctx.now()).priceCents)
  return {
    ...summaryOf(p, c),
    benchmark: { stockCode: c.benchmarkId, name: stockName(m, c.benchmarkId, lang) },
    maxDrawdown: f.maxDrawdown,
    cashWeight: roundPercent(p.closeTimestamp === null ? cash : 100),
    adjustCount: adjustments.length,
    closeTimestamp: p.closeTimestamp,
    followed: await isFollowing(ctx.db, readerId, p.id),
    isOwner: readerId === p.userId,
  }
}

export async function profitRank(ctx: Ctx, market: PortfolioMarket | undefined, page: number, count: number) {
  const rows = await listPortfolios(ctx.db, { open: true, ...(market ? { market } : {}) })
  const all = (await summaries(ctx, rows)).sort((a, b) => b.totalProfit - a.totalProfit || Number(a.portfolioCode) - Number(b.portfolioCode))
  return numberedPage(all.slice((page - 1) * count, page * count), { page, count, total: all.length })
}

export async function listByUser(ctx: Ctx, userId: number) {
  const rows = await listPortfolios(ctx.db, { userId }, 'openFirst')
  return { list: await summaries(ctx, rows), openCount: rows.filter((p) => p.closeTimestamp === null).length, maxOpen: MAX_OPEN_PORTFOLIOS }
}

export async function followListOf(ctx: Ctx, userId: number) {
  const rows = await listPortfolios(ctx.db, { followedBy: userId }, 'newest')
  return { list: await summaries(ctx, rows) }
}

export async function monthProfitOf(ctx: Ctx, code: string) {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  const { c } = await computed(ctx, p)
  const b0 = c.benchmark[0] ?? 1
  const months = monthProfits(c.series.days, c.series.values)
  const bench = monthProfits(c.series.days, c.benchmark.map((x) => x / b0))
  const last = c.series.values[c.series.values.length - 1] ?? 1
  return {
    list: months.map((x, i) => ({ month: x.month, profit: roundPercent(x.profit * 100), benchmarkProfit: roundPercent((bench[i]?.profit ?? 0) * 100), netValue: roundNetValue(x.endValue) })),
    totalProfit: roundPercent((last - 1) * 100),
  }
}

export async function stockConfigOf(ctx: Ctx, code: string, lang: ContentLang) {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  const { m, c } = await computed(ctx, p)
  const price = (id: string) => m.sim.quote(id, ctx.now()).priceCents
  const { weights, cash } = weightsAt(c, price)
  return {
    portfolioCode: code, name: p.name, market: p.market, closed: p.closeTimestamp !== null,
    positions: [...weights].map(([id, w]) => ({ stockCode: id, name: stockName(m, id, lang), weight: roundPercent(w), price: price(id) })),
    cashWeight: roundPercent(cash),
  }
}

const PERIOD_DAYS: Record<api.NetValuePeriod, number> = { '1m': 31, '3m': 92, '6m': 183, '1y': 366, all: Infinity }

export async function netValuesOf(ctx: Ctx, code: string, period: api.NetValuePeriod, lang: ContentLang) {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  const { m, c } = await computed(ctx, p)
  const days = c.series.days
  const lastDay = days[days.length - 1] ?? 0
  let from = days.findIndex((d) => d >= lastDay - PERIOD_DAYS[period] * 86_400)
  if (from < 0) from = 0
  const v0 = c.series.values[from] ?? 1
  const b0 = c.benchmark[from] ?? 1
  return {
    benchmark: { stockCode: c.benchmarkId, name: stockName(m, c.benchmarkId, lang) },
    list: days.slice(from).map((day, k) => ({
      day,
      // the portfolio's own net value; the index from the same start value, so the lines compare
      netValue: roundNetValue(c.series.values[from + k] as number),
      benchmark: roundNetValue((v0 * (c.benchmark[from + k] as number)) / b0),
    })),
  }
}

export async function drawdownOf(ctx: Ctx, code: string) {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  const { c } = await computed(ctx, p)
  let peak = 0
  const list = c.series.days.map((day, i) => {
    const v = c.series.values[i] as number
    if (v > peak) peak = v
    return { day, drawdown: roundPercent(peak > 0 ? ((peak - v) / peak) * 100 : 0) }
  })
  return { maxDrawdown: figuresOf(c).maxDrawdown, list }
}

const itemOf = (m: Market, lang: ContentLang) => (i: StoredItem): api.AdjustItem => ({
  stockCode: i.stockId, name: stockName(m, i.stockId, lang), fromWeight: i.fromHundredths / 100, toWeight: i.toHundredths / 100, price: i.priceCents,
})
/**
 * What an adjustment traded: the stocks whose weight it changed. Its stored items are the whole target
 * (the holdings are computed from them), so a stock kept at its weight is stored too; it is no trade
 * and is never shown as one (issue 25: the history said 30.00% → 30.00%).
 */
const traded = (a: StoredAdjustment): StoredItem[] => a.items.filter((i) => i.fromHundredths !== i.toHundredths)
const recordOf = (m: Market, lang: ContentLang) => (a: StoredAdjustment): api.AdjustRecord => ({
  id: a.id, portfolioCode: codeOf(a.portfolioId), time: a.time, items: traded(a).map(itemOf(m, lang)),
})

/** The adjustment history, newest first: the adjustments that traded something (a save that changed nothing is none). */
export async function adjustHistoryOf(ctx: Ctx, code: string, page: number, count: number, lang: ContentLang) {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  const m = await ctx.market()
  const all = [...((await adjustmentsOf(ctx.db, [p.id])).get(p.id) ?? [])].filter((a) => traded(a).length > 0).reverse()
  return numberedPage(all.slice((page - 1) * count, page * count).map(recordOf(m, lang)), { page, count, total: all.length })
}

export async function positionsOf(ctx: Ctx, code: string, lang: ContentLang) {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  const { m, c } = await computed(ctx, p)
  if (p.closeTimestamp !== null) return { list: [], cashWeight: 100 }
  const t = ctx.now()
  const quote = (id: string) => m.sim.quote(id, t)
  const { weights, cash } = weightsAt(c, (id) => quote(id).priceCents)
  const list = [...weights].map(([id, w]) => {
    const q = quote(id)
    const h = c.series.holdings.get(id)
    const cost = h?.costCents ?? q.priceCents
    return {
      stockCode: id, name: stockName(m, id, lang), weight: roundPercent(w), price: q.priceCents,
      changePercent: netChange(q.priceCents, q.prevCloseCents).changePercent,
      costPrice: Math.round(cost), profitPercent: roundPercent((q.priceCents / cost - 1) * 100),
    }
  })
  return { list: list.sort((a, b) => b.weight - a.weight || a.stockCode.localeCompare(b.stockCode)), cashWeight: roundPercent(cash) }
}

export async function latestAdjustments(ctx: Ctx, codes: readonly string[], lang: ContentLang) {
  const m = await ctx.market()
  const ids = [...new Set(codes.map(idOf))]
  const adj = await adjustmentsOf(ctx.db, ids)
  const known = new Set((await listPortfolios(ctx.db, { ids })).map((p) => p.id))
  return {
    list: ids.filter((id) => known.has(id)).map((id) => {
      const list = adj.get(id) ?? []
      const last = list[list.length - 1]
      return { portfolioCode: codeOf(id), latest: last ? recordOf(m, lang)(last) : null }
    }),
  }
}

export async function dynamicsOf(ctx: Ctx, code: string, q: { userId?: number | undefined; before?: number | undefined; count: number }, lang: ContentLang) {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  const m = await ctx.market()
  const adj = (await adjustmentsOf(ctx.db, [p.id])).get(p.id) ?? []
  const events: api.PortfolioDynamic[] = adj.filter((a) => traded(a).length > 0).map((a) => ({ id: `a${a.id}`, type: a.kind, user: p.owner, time: a.time, items: traded(a).map(itemOf(m, lang)) }))
  if (p.closeTimestamp !== null) events.push({ id: `c${p.id}`, type: 'close', user: p.owner, time: p.closeTimestamp, items: [] })
  const shown = events
    .filter((e) => (q.userId === undefined || e.user.id === q.userId) && (q.before === undefined || e.time < q.before))
    .sort((a, b) => b.time - a.time || b.id.localeCompare(a.id))
  return { list: shown.slice(0, q.count), hasMore: shown.length > q.count }
}

export async function followersOf(db: Db, code: string, page: number, count: number) {
  const p = await portfolioOrThrow(db, idOf(code))
  const total = await countFollowers(db, p.id)
  const rows = await followersPage(db, p.id, count, (page - 1) * count)
  return numberedPage(rows, { page, count, total })
}

// --- writes -----------------------------------------------------------------------------------

/** The name rules and the moderation port's word check; the message of the first rule broken, or null. */
export async function nameProblem(moderation: ModerationPort, name: string): Promise<string | null> {
  const rule = checkName(name)
  if (rule) return rule
  return (await moderation.checkText(name.trim())).pass ? null : M.nameForbidden
}

async function checkedName(ctx: Ctx, name: string): Promise<string> {
  const problem = await nameProblem(ctx.moderation, name)
  if (problem) throw new ApiError(400, problem)
  return name.trim()
}

/** The owner's open portfolio: 404 unknown, 403 someone else's, 400 closed. */
async function ownOpen(db: Db, userId: number, code: string): Promise<PortfolioRow> {
  const p = await portfolioOrThrow(db, idOf(code))
  if (p.userId !== userId) throw new ApiError(403, M.notOwner)
  if (p.closeTimestamp !== null) throw new ApiError(400, M.closed)
  return p
}

/** Checks targets against the rules and the market: each a known stock of the portfolio's market. */
function checkedTargets(m: Market, market: PortfolioMarket, rows: readonly api.TargetRow[]): { stockId: string; hundredths: number }[] {
  const problem = checkAllocation(rows.map((r) => ({ stockId: r.stockCode, weight: r.weight })))
  if (problem) throw new ApiError(400, problem)
  for (const r of rows) {
    const s = m.stocks.get(r.stockCode)
    if (!s || s.category === 'index') throw new ApiError(400, `${M.unknownStock}：${r.stockCode}`)
    if (s.market !== market) throw new ApiError(400, M.wrongMarket)
  }
  return rows.map((r) => ({ stockId: r.stockCode, hundredths: weightHundredths(r.weight) }))
}

/** The adjustment to `targets` now, priced by the simulator: rows for every stock held before or after. */
function planAdjustment(m: Market, c: Computed, market: PortfolioMarket, targets: { stockId: string; hundredths: number }[], t: number): { day: number; items: StoredItem[] } {
  const price = (id: string) => m.sim.quote(id, t).priceCents
  const { weights } = weightsAt(c, price)
  const ids = new Set([...weights.keys(), ...targets.map((x) => x.stockId)])
  const to = new Map(targets.map((x) => [x.stockId, x.hundredths]))
  const items = [...ids].sort().flatMap((id) => {
    const fromHundredths = Math.min(10_000, Math.max(0, Math.round((weights.get(id) ?? 0) * 100)))
    const toHundredths = to.get(id) ?? 0
    return fromHundredths === 0 && toHundredths === 0 ? [] : [{ stockId: id, fromHundredths, toHundredths, priceCents: price(id) }]
  })
  return { day: marketCalendar.currentTradingDay(market, t), items }
}

/** An adjustment's instant: now, but never before the last one (its order is the history's). */
const instantAfter = (adjustments: readonly StoredAdjustment[], t: number) => Math.max(Math.floor(t), adjustments[adjustments.length - 1]?.time ?? 0)

export async function createPortfolio(ctx: Ctx, userId: number, body: (typeof api.add)['body']['Type']): Promise<{ portfolioCode: string }> {
  const name = await checkedName(ctx, body.name)
  const m = await ctx.market()
  const targets = checkedTargets(m, body.market, body.positions).filter((x) => x.hundredths > 0)
  if (targets.length === 0) throw new ApiError(400, M.emptyAllocation)
  if (!canOpenAnother(await openCountOf(ctx.db, userId))) throw new ApiError(400, M.tooManyOpen)
  const t = Math.floor(ctx.now())
  const empty: Computed = { series: { days: [], values: [], holdings: new Map(), cash: 1 }, benchmark: [], benchmarkId: '' }
  const plan = planAdjustment(m, empty, body.market, targets, t)
  // the portfolio and its first adjustment together
  const id = await ctx.db.kysely.transaction().execute(async (tx) => {
    const created = await insertPortfolio(tx, { user_id: userId, name, market: body.market, create_timestamp: t })
    await insertAdjustment(tx, { portfolioId: created, time: t, day: plan.day, kind: 'create', items: plan.items })
    return created
  })
  return { portfolioCode: codeOf(id) }
}

export async function rename(ctx: Ctx, userId: number, code: string, name: string): Promise<boolean> {
  const p = await ownOpen(ctx.db, userId, code)
  const checked = await checkedName(ctx, name)
  await renamePortfolio(ctx.db, p.id, checked)
  return true
}

export async function closePortfolio(ctx: Ctx, userId: number, code: string): Promise<boolean> {
  const p = await ownOpen(ctx.db, userId, code)
  await closePortfolioRow(ctx.db, p.id, Math.floor(ctx.now()))
  return true
}

export async function adjustTo(ctx: Ctx, userId: number, code: string, rows: readonly api.TargetRow[], lang: ContentLang): Promise<api.AdjustRecord> {
  const p = await ownOpen(ctx.db, userId, code)
  const { m, c, adjustments } = await computed(ctx, p)
  const targets = checkedTargets(m, p.market, rows).filter((x) => x.hundredths > 0)
  const t = instantAfter(adjustments, ctx.now())
  const plan = planAdjustment(m, c, p.market, targets, t)
  // an adjustment and its items together
  const stored = await ctx.db.kysely.transaction().execute((tx) => insertAdjustment(tx, { portfolioId: p.id, time: t, day: plan.day, kind: 'adjust', items: plan.items }))
  return recordOf(m, lang)(stored)
}

/** One stock in at `weight`; the others keep their weights as they stand now. */
export async function addStock(ctx: Ctx, userId: number, body: (typeof api.addStock)['body']['Type'], lang: ContentLang): Promise<api.AdjustRecord> {
  const p = await ownOpen(ctx.db, userId, body.portfolioCode)
  const { m, c } = await computed(ctx, p)
  const { weights } = weightsAt(c, (id) => m.sim.quote(id, ctx.now()).priceCents)
  // the others at their weights in hundredths, rounded down so rounding never takes the sum over 100 %
  const others = [...weights].filter(([id]) => id !== body.stockCode).map(([stockCode, w]) => ({ stockCode, weight: Math.floor(w * 100) / 100 }))
  return adjustTo(ctx, userId, body.portfolioCode, [...others, { stockCode: body.stockCode, weight: body.weight }], lang)
}

/** The adjustment as it would be done now; nothing is stored. */
export async function preAdjust(ctx: Ctx, code: string, rows: readonly api.TargetRow[], lang: ContentLang) {
  const p = await portfolioOrThrow(ctx.db, idOf(code))
  if (p.closeTimestamp !== null) throw new ApiError(400, M.closed)
  const { m, c } = await computed(ctx, p)
  const targets = checkedTargets(m, p.market, rows)
  const plan = planAdjustment(m, c, p.market, targets.filter((x) => x.hundredths > 0), Math.floor(ctx.now()))
  const used = targets.reduce((s, x) => s + x.hundredths, 0)
  return { items: plan.items.map(itemOf(m, lang)), cashWeight: (10_000 - used) / 100 }
}

/** spec 001 §7 follow by code list: every code must exist; one's own portfolio cannot be followed. */
export async function setFollow(db: Db, userId: number, codes: readonly string[], on: boolean, nowSeconds: number) {
  const ids = [...new Set(codes.map(idOf))]
  for (const id of ids) {
    const p = await findPortfolio(db, id)
    if (!p) throw new ApiError(404, M.notFound)
    if (on && p.userId === userId) throw new ApiError(400, M.followOwn)
  }
  await db.kysely.transaction().execute(async (tx) => {
    for (const id of ids) {
      if (on) await follow(tx, userId, id, nowSeconds)
      else await unfollow(tx, userId, id)
      await recountFollowers(tx, id)
    }
  })
  const followed = await followedAmong(db, userId, ids)
  const first = await findPortfolio(db, ids[0] as number)
  return { followed: followed.map(codeOf), followerCount: first?.followerCount ?? 0 }
}
