// The circle-admin console's data (issue 29; core/api/circle-admin-data.ts): orders of the caller's
// circles with their delivery, the refund, sales and members over time, and the CSV exports. Every call
// asks the console's guard first (server/circle-admin/guard.ts); a move of an order's delivery asks the
// delivery machine (core/circle-admin/delivery.ts); SQL lives in the repositories of each table.
//
// A refund is decided here, in one transaction with the order locked: the money goes back once (the
// refund row is one per order: pay_refunds.order_id is UNIQUE), the delivery reads REFUNDED and the
// membership the order granted ends at once. WeChat's money is then asked of the pay port after the
// transaction (server/membership/orders.ts processRefunds: WeChat Pay v3 refunds are idempotent by
// out_refund_no, and a refund the service did not take is asked again every minute); gurucoin goes back
// to the balance inside the transaction, through the ledger.
import Papa from 'papaparse'
import type { Db } from '../../db/db'
import { ApiError, notFound } from '../../http/api-error'
import type * as api from '../../../core/api/circle-admin-data'
import { numberedPage, type NumberedPage } from '../../../core/api/page'
import { CONSOLE_MESSAGES } from '../../../core/circle-admin/access'
import { applyDeliveryEvent, deliveryStatusOf, EVENT_OF_TARGET, type DeliveryStatus, type DeliveryTarget } from '../../../core/circle-admin/delivery'
import { DATA_MESSAGES as M, EXPORT_MAX_ROWS, ORDER_PAGE_COUNT, dayOf, dayStart, memberSeries, resolveRange, saleSeries, type DayRange } from '../../../core/circle-admin/data'
import { formatPriceCents } from '../../../core/format/money'
import { formatDateTime } from '../../../core/format/date-time'
import { assertMayOpenConsole, managedCircle, managedCircleIds } from '../guard'
import * as orders from '../../membership/orders-repository'
import * as members from '../../circles/members-repository'
import { setDelivery } from './order-deliveries-repository'
import { refundCoin } from '../../membership/ledger'
import { processRefunds, type OrderCtx } from '../../membership/orders'

export interface DataCtx {
  db: Db
  /** ms since the epoch */
  now: () => number
  /** the membership feature's order context (its pay port), for returning WeChat money */
  orderCtx: () => OrderCtx | undefined
}
const seconds = (ctx: DataCtx) => Math.floor(ctx.now() / 1000)

const UTC8_SECONDS = 8 * 3_600
const DAY_SECONDS = 86_400
/** A UTC+8 day number (days since 1970-01-01 in UTC+8) as 'YYYY-MM-DD'. */
const dateOfDay = (n: number) => dayOf(n * DAY_SECONDS - UTC8_SECONDS)

/** The circles a call is about: one of the caller's (circleId) or all of them. */
async function circleIdsFor(ctx: DataCtx, userId: number | null, circleId: number | undefined): Promise<number[]> {
  if (circleId !== undefined) return [(await managedCircle(ctx.db, circleId, userId)).circle.id]
  const ids = await managedCircleIds(ctx.db, userId)
  // whoever owns or administers a circle sees its data (a seeded owner holds no certification); with
  // none, only an adviser may open the console (an empty list), anyone else hears why not
  if (ids.length === 0) await assertMayOpenConsole(ctx.db, userId)
  return ids
}

function rangeOf(ctx: DataCtx, q: { from?: string | undefined; to?: string | undefined; period?: number | undefined }): DayRange {
  const r = resolveRange(q, seconds(ctx))
  if ('error' in r) throw new ApiError(400, r.error)
  return r
}

/** The order list's date filter: paid on or after `from`, on or before `to` (UTC+8 days). */
function paidWithin(q: { from?: string | undefined; to?: string | undefined }): { fromS?: number; toS?: number } {
  const fromS = q.from === undefined ? undefined : dayStart(q.from)
  const toStart = q.to === undefined ? undefined : dayStart(q.to)
  if (fromS === null || toStart === null) throw new ApiError(400, M.badDate)
  if (fromS !== undefined && toStart !== undefined && fromS > toStart) throw new ApiError(400, M.badRange)
  return { ...(fromS !== undefined ? { fromS } : {}), ...(toStart !== undefined ? { toS: toStart + DAY_SECONDS } : {}) }
}

type OrderQuery = { circleId?: number | undefined; type?: string | undefined; status?: DeliveryStatus | undefined; keyword?: string | undefined; from?: string | undefined; to?: string | undefined }
const filtersOf = (q: OrderQuery): orders.CircleOrderFilters => ({ type: q.type, status: q.status, keyword: q.keyword?.trim() || undefined, ...paidWithin(q) })

async function rolesOf(ctx: DataCtx, userId: number, circleIds: readonly number[]): Promise<Map<number, 'owner' | 'admin'>> {
  const roles = new Map<number, 'owner' | 'admin'>()
  for (const id of new Set(circleIds)) roles.set(id, (await managedCircle(ctx.db, id, userId)).role)
  return roles
}

function toOrder(r: orders.CircleOrderRow, role: 'owner' | 'admin'): api.AdminOrder {
  const status = deliveryStatusOf(r.status, r.delivery)
  return {
    orderId: r.id,
    circleId: r.circle_id,
    circleName: r.circle_name,
    goodsType: r.goods_type as api.AdminOrder['goodsType'],
    goodsName: r.goods_name,
    buyer: { id: r.user_id, nick: r.nick, avatar: r.avatar },
    amount: r.amount_cents,
    payMethod: r.channel === 'guru_pay' ? 'gurucoin' : 'wechat',
    payTimestamp: r.paid_timestamp,
    deliveryStatus: status,
    refundTimestamp: status === 'REFUNDED' || status === 'DELETE' ? r.refund_at : null,
    role,
  }
}

/** GET /api/circle-admin/data/order/v1 */
export async function orderPage(ctx: DataCtx, userId: number | null, q: OrderQuery & { page?: number | undefined; count?: number | undefined }): Promise<NumberedPage<api.AdminOrder>> {
  const ids = await circleIdsFor(ctx, userId, q.circleId)
  const page = q.page ?? 1
  const count = q.count ?? ORDER_PAGE_COUNT
  const { rows, total } = await orders.circleOrderPage(ctx.db, ids, filtersOf(q), { offset: (page - 1) * count, limit: count })
  const roles = await rolesOf(ctx, userId!, rows.map((r) => r.circle_id))
  return numberedPage(rows.map((r) => toOrder(r, roles.get(r.circle_id)!)), { page, count, total })
}

/** The console's words for a delivery status and a payment (the CSV; the views have theirs in ui/i18n). */
const STATUS_TEXT: Record<DeliveryStatus, string> = { IN_PROCESS: '处理中', IN_DELIVERY: '交付中', DELIVERED: '已交付', REFUNDED: '已退款', DELETE: '已删除' }
const csv = (fields: string[], data: (string | number)[][]) => `\uFEFF${Papa.unparse({ fields, data }, { escapeFormulae: true })}\r\n`

/** GET /api/circle-admin/data/order/export/v1: the list as CSV (UTF-8 with a BOM), at most EXPORT_MAX_ROWS. */
export async function ordersCsv(ctx: DataCtx, userId: number | null, q: OrderQuery): Promise<string> {
  const ids = await circleIdsFor(ctx, userId, q.circleId)
  const rows = await orders.circleOrderRows(ctx.db, ids, filtersOf(q), EXPORT_MAX_ROWS)
  return csv(
    ['订单号', '圈子', '商品类型', '商品', '买家', '买家ID', '金额（元）', '支付方式', '支付时间', '交付状态', '退款时间'],
    rows.map((r) => {
      const o = toOrder(r, 'admin')
      return [o.orderId, o.circleName, o.goodsType, o.goodsName, o.buyer.nick, o.buyer.id, formatPriceCents(o.amount), o.payMethod === 'gurucoin' ? '格隆贝' : '微信支付', formatDateTime(o.payTimestamp), STATUS_TEXT[o.deliveryStatus], o.refundTimestamp === null ? '' : formatDateTime(o.refundTimestamp)]
    }),
  )
}

/** The order of one of the caller's circles, locked for the transaction; 404 when it is no such order. */
async function lockedCircleOrder(trx: Parameters<typeof orders.lockOrder>[0], orderId: string, userId: number | null, ownerOnly: boolean) {
  if (userId === null) throw new ApiError(401, CONSOLE_MESSAGES.loginFirst)
  const locked = await orders.lockOrder(trx, orderId)
  const row = locked && (await orders.circleOrderOf(trx, orderId))
  if (!locked || !row) throw notFound(M.orderNotFound)
  const managed = await managedCircle(trx, row.circle_id, userId, { ownerOnly })
  return { locked, row, role: managed.role }
}

const UNIQUE_VIOLATION = '23505'

/**
 * POST /api/circle-admin/data/order/{orderId}/refund/v1 (the owner only): the money back exactly once,
 * the membership ended, the delivery REFUNDED — one transaction; asked again, the refunded order.
 */
export async function refundOrder(ctx: DataCtx, userId: number | null, orderId: string, reason: string | undefined): Promise<api.AdminOrder> {
  const now = seconds(ctx)
  let returnByPayPort = false
  try {
    returnByPayPort = await ctx.db.kysely.transaction().execute(async (trx) => {
      const { locked: o, row } = await lockedCircleOrder(trx, orderId, userId, true)
      const status = deliveryStatusOf(row.status, row.delivery)
      if (status === 'REFUNDED' || status === 'DELETE') return false // returned already: nothing more, ever
      if (applyDeliveryEvent(status, { type: 'order.refund' }) === null) throw new ApiError(400, M.illegalMove)
      // the access this order bought ends now; a later order that renewed it is refunded first
      const member = await members.memberOf(trx, row.circle_id, o.user_id)
      if (member && member.order_id !== null && member.order_id !== o.id) {
        const later = await orders.circleOrderOf(trx, member.order_id)
        if (later && later.status === 'paid') throw new ApiError(400, M.renewedLater)
      }
      await members.revokePaidByOrder(trx, row.circle_id, o.user_id, o.id)
      await setDelivery(trx, o.id, 'REFUNDED', userId!, now)
      const amount = Number(o.amount_cents)
      const refund = { id: `RF${o.id}`.slice(0, 64), order_id: o.id, user_id: o.user_id, amount_cents: amount, reason: reason?.trim() || M.refundReason, created_at: now }
      if (amount === 0) {
        await orders.setOrderStatus(trx, o.id, 'refunded')
        return false
      }
      if (o.channel === 'guru_pay') {
        // gurucoin: back to the balance here, through the ledger; the refund is done as it is recorded
        await orders.insertRefund(trx, { ...refund, status: 'done', done_at: now })
        await refundCoin(trx, o.user_id, amount, o.id, now)
        await orders.setOrderStatus(trx, o.id, 'refunded')
        return false
      }
      // WeChat: owed back until the pay service takes the refund (processRefunds, after this transaction)
      await orders.insertRefund(trx, refund)
      await orders.setOrderStatus(trx, o.id, 'refunding')
      return true
    })
  } catch (error) {
    // a refund row for this order was made by another request in the meantime: it is refunded once
    if ((error as { code?: unknown })?.code !== UNIQUE_VIOLATION) throw error
  }
  const orderCtx = ctx.orderCtx()
  if (returnByPayPort && orderCtx) {
    await processRefunds({ ...orderCtx, nowMs: ctx.now() }).catch((error: unknown) => console.error(`refund: ${String((error as Error)?.message ?? error).slice(0, 200)}`))
  }
  const row = await orders.circleOrderOf(ctx.db, orderId)
  if (!row) throw notFound(M.orderNotFound)
  return toOrder(row, 'owner')
}

/** PUT /api/circle-admin/data/order/{orderId}/delivery/v1: a move the delivery machine allows from the order's status. */
export async function moveDelivery(ctx: DataCtx, userId: number | null, orderId: string, target: DeliveryTarget): Promise<api.AdminOrder> {
  const now = seconds(ctx)
  const role = await ctx.db.kysely.transaction().execute(async (trx) => {
    const { locked: o, row, role } = await lockedCircleOrder(trx, orderId, userId, false)
    const next = applyDeliveryEvent(deliveryStatusOf(row.status, row.delivery), EVENT_OF_TARGET[target])
    if (next === null) throw new ApiError(400, M.illegalMove)
    await setDelivery(trx, o.id, next, userId!, now)
    return role
  })
  const row = await orders.circleOrderOf(ctx.db, orderId)
  if (!row) throw notFound(M.orderNotFound)
  return toOrder(row, role)
}

/** GET /api/circle-admin/data/sale/v1 */
export async function sales(ctx: DataCtx, userId: number | null, q: { circleId?: number | undefined; type?: string | undefined; from?: string | undefined; to?: string | undefined; period?: number | undefined }) {
  const ids = await circleIdsFor(ctx, userId, q.circleId)
  const range = rangeOf(ctx, q)
  const byDate = (rows: { day: number; amount: number; count: number }[]) => rows.map((r) => ({ date: dateOfDay(r.day), amount: r.amount, count: r.count }))
  const paid = byDate(await orders.circleSalesByDay(ctx.db, ids, q.type, range.startS, range.endS))
  const refunded = byDate(await orders.circleRefundsByDay(ctx.db, ids, q.type, range.startS, range.endS))
  const days = saleSeries(range.days, paid, refunded)
  const sum = (f: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + f(d), 0)
  return { from: range.from, to: range.to, days, totalAmount: sum((d) => d.amount), totalCount: sum((d) => d.count), refundAmount: sum((d) => d.refundAmount), refundCount: sum((d) => d.refundCount) }
}

/** GET /api/circle-admin/data/user/v1 */
export async function memberStats(ctx: DataCtx, userId: number | null, q: { circleId?: number | undefined; from?: string | undefined; to?: string | undefined; period?: number | undefined }) {
  const ids = await circleIdsFor(ctx, userId, q.circleId)
  const range = rangeOf(ctx, q)
  const toMap = (rows: { day: number; n: number }[]) => new Map(rows.map((r) => [dateOfDay(r.day), r.n]))
  const joins = toMap(await members.memberEventsByDay(ctx.db, ids, 'join_timestamp', range.startS, range.endS))
  const expiries = toMap(await members.memberEventsByDay(ctx.db, ids, 'expire_timestamp', range.startS, range.endS))
  const days = memberSeries(range.days, joins, expiries, await members.activeMembersAt(ctx.db, ids, range.startS))
  return {
    from: range.from,
    to: range.to,
    days,
    // joined by now (this very second too) and not ended
    activeNow: await members.activeMembersAt(ctx.db, ids, seconds(ctx) + 1),
    joins: days.reduce((n, d) => n + d.joins, 0),
    expiries: days.reduce((n, d) => n + d.expiries, 0),
  }
}

/** GET /api/circle-admin/data/user/export/v1: the members as CSV, newest join first. */
export async function membersCsv(ctx: DataCtx, userId: number | null, q: { circleId?: number | undefined }): Promise<string> {
  const ids = await circleIdsFor(ctx, userId, q.circleId)
  const rows = await members.memberExportRows(ctx.db, ids, EXPORT_MAX_ROWS)
  const now = seconds(ctx)
  return csv(
    ['用户', '用户ID', '圈子', '加入时间', '有效期至', '状态', '订单号'],
    rows.map((r) => [
      r.nick,
      r.user_id,
      r.circle_name,
      formatDateTime(r.join_timestamp),
      r.expire_timestamp === null ? '长期' : formatDateTime(r.expire_timestamp),
      r.expire_timestamp === null || r.expire_timestamp >= now ? '有效' : '已到期',
      r.order_id ?? '',
    ]),
  )
}
