// The orders table (012_membership.sql, 017, 018, 019; spec 001 §3 'Created order', §4, §8) and the two
// tables that hang on an order: pay_notifications (each notification applied once) and pay_refunds
// (money owed back). Every query on them; orders.ts is the service: it decides, and owns the
// transactions (these functions take its `trx`; `lockOrder` is only meaningful inside one).
import { sql, type Insertable, type Selectable } from 'kysely'
import type { OrdersTable, PayRefundsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type OrderRow = Selectable<OrdersTable>
export type OrderStatus = OrderRow['status']

/** Inserts the order once per (reader, idempotency key); a repeated key answers the order already made. */
export async function insertOrderOnce(d: Queryable, row: Insertable<OrdersTable> & { idem_key: string }): Promise<OrderRow> {
  const inserted = await k(d).insertInto('orders').values(row).onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing()).returningAll().executeTakeFirst()
  if (inserted) return inserted
  return k(d).selectFrom('orders').selectAll().where('user_id', '=', row.user_id).where('idem_key', '=', row.idem_key).executeTakeFirstOrThrow()
}

/** The order, locked for the caller's transaction (FOR UPDATE); of this reader only when `userId` is given. */
export async function lockOrder(d: Queryable, id: string, userId?: number): Promise<OrderRow | undefined> {
  return k(d)
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .forUpdate()
    .executeTakeFirst()
}

export async function orderOf(d: Queryable, id: string, userId: number): Promise<Pick<OrderRow, 'status'> | undefined> {
  return k(d).selectFrom('orders').select('status').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
}

export async function orderByQrToken(d: Queryable, token: string): Promise<OrderRow | undefined> {
  return k(d).selectFrom('orders').selectAll().where('qr_token', '=', token).executeTakeFirst()
}

/** A reader's recharge order's status with the reader's balance (cents). */
export async function rechargeOrderStatus(d: Queryable, id: string, userId: number): Promise<{ status: OrderStatus; coin: number } | undefined> {
  return k(d)
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.status', 'u.coin'])
    .where('o.id', '=', id)
    .where('o.user_id', '=', userId)
    .where('o.kind', '=', 'recharge')
    .executeTakeFirst()
}

/** Whether the reader's coupon went to a paid order other than `orderId`. */
export async function couponPaidElsewhere(d: Queryable, userId: number, couponId: number, orderId: string | null): Promise<boolean> {
  const row = await k(d)
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('coupon_id', '=', couponId)
    .where('status', '=', 'paid')
    .where('id', 'is distinct from', orderId)
    .executeTakeFirst()
  return row !== undefined
}

/** WeChat's code_url for the order, kept once asked. */
export async function setCodeUrl(d: Queryable, id: string, codeUrl: string): Promise<void> {
  await k(d).updateTable('orders').set({ code_url: codeUrl }).where('id', '=', id).execute()
}

/** Paid at `paidAt` (seconds); with `onlyPending`, only an order still pending changes. */
export async function markOrderPaid(d: Queryable, id: string, paidAt: number, onlyPending: boolean): Promise<void> {
  await k(d)
    .updateTable('orders')
    .set({ status: 'paid', paid_timestamp: paidAt })
    .where('id', '=', id)
    .$if(onlyPending, (q) => q.where('status', '=', 'pending'))
    .execute()
}

export async function setOrderStatus(d: Queryable, id: string, status: 'failed' | 'refunding' | 'refunded'): Promise<void> {
  await k(d).updateTable('orders').set({ status }).where('id', '=', id).execute()
}

/** Records a pay notification's id; false when it was recorded before (a replay). */
export async function recordNotification(d: Queryable, notifyId: string, orderId: string, receivedAt: number): Promise<boolean> {
  const row = await k(d)
    .insertInto('pay_notifications')
    .values({ notify_id: notifyId, order_id: orderId, received_at: receivedAt })
    .onConflict((oc) => oc.doNothing())
    .returning('notify_id')
    .executeTakeFirst()
  return row !== undefined
}

export async function insertRefund(d: Queryable, row: Insertable<PayRefundsTable>): Promise<void> {
  await k(d).insertInto('pay_refunds').values(row).execute()
}

/** Claims up to `limit` pending refunds not claimed since `staleBefore` (seconds), oldest first: one process asks at a time. */
export async function claimDueRefunds(d: Queryable, now: number, staleBefore: number, limit: number): Promise<Pick<Selectable<PayRefundsTable>, 'id' | 'order_id' | 'user_id' | 'amount_cents' | 'reason'>[]> {
  return k(d)
    .updateTable('pay_refunds')
    .set({ claimed_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('pay_refunds')
        .select('id')
        .where('status', '=', 'pending')
        .where((w) => w.or([w('claimed_at', 'is', null), w('claimed_at', '<', staleBefore)]))
        .orderBy('created_at')
        .limit(limit),
    )
    .returning(['id', 'order_id', 'user_id', 'amount_cents', 'reason'])
    .execute()
}

/** Marks a refund done; false when it was done already. */
export async function markRefundDone(d: Queryable, id: string, doneAt: number): Promise<boolean> {
  const row = await k(d).updateTable('pay_refunds').set({ status: 'done', done_at: doneAt }).where('id', '=', id).where('status', '=', 'pending').returning('id').executeTakeFirst()
  return row !== undefined
}

/** A paid order as the reader's purchases list shows it: its goods' names, type and link, and what it holds until. */
export interface PurchasedRow {
  id: string
  amount_cents: number
  channel: string
  paid_timestamp: number
  /** 'refunding' or 'refunded': the money went back (the circle-admin console's refund) */
  status: 'paid' | 'refunding' | 'refunded'
  goods_name: string
  name: string
  addon_goods_name: string | null
  addon_name: string | null
  type: string
  link: string
  tier: string | null
  expire: number | null
}

/** The reader's paid orders, and paid ones refunded since, newest first (at most 200). */
export async function purchasedRows(d: Queryable, userId: number): Promise<PurchasedRow[]> {
  // raw: goods, goods_specs and entitlements have no kysely types yet (server/db/schema.test.ts lists them)
  return (
    await sql<PurchasedRow>`
    SELECT o.id, o.amount_cents, o.channel, o.paid_timestamp, o.status, g.name AS goods_name, s.name, ag.name AS addon_goods_name, a.name AS addon_name, g.type, g.link, g.tier,
      coalesce((SELECT m.expire_timestamp FROM memberships m WHERE m.user_id = o.user_id AND m.tier = g.tier),
        (SELECT e.expire_timestamp FROM entitlements e WHERE e.user_id = o.user_id AND e.ref_kind = g.ref_kind AND e.ref_id = g.ref_id)) AS expire
    FROM orders o JOIN goods_specs s ON s.id = o.specs_id JOIN goods g ON g.id = s.goods_id
      LEFT JOIN goods_specs a ON a.id = o.addon_specs_id LEFT JOIN goods ag ON ag.id = a.goods_id
    WHERE o.user_id = ${userId} AND o.status IN ('paid', 'refunding', 'refunded') AND o.paid_timestamp IS NOT NULL ORDER BY o.paid_timestamp DESC, o.id DESC LIMIT 200`.execute(k(d))
  ).rows
}

// --- the circle-admin console (issue 29: data/order, data/sale) -------------------------------------

/** goods and goods_specs as the console reads them (raw-SQL tables without kysely types: server/db/schema.test.ts). */
type GoodsTables = {
  goods: { id: number; type: string; ref_kind: string; ref_id: number | null; name: string }
  goods_specs: { id: number; goods_id: number; name: string }
}

/** A paid order of a circle's good (ref_kind 'circle'), with what the console shows of it. */
export interface CircleOrderRow {
  id: string
  user_id: number
  amount_cents: number
  channel: 'wx_pub_qr' | 'guru_pay'
  status: 'paid' | 'refunding' | 'refunded'
  paid_timestamp: number
  circle_id: number
  circle_name: string
  goods_type: string
  goods_name: string
  nick: string
  avatar: string
  delivery: 'IN_PROCESS' | 'IN_DELIVERY' | 'DELIVERED' | 'REFUNDED' | 'DELETE' | null
  refund_at: number | null
}

export interface CircleOrderFilters {
  type?: string | undefined
  /** the delivery status as core/circle-admin/delivery.ts deliveryStatusOf reads it; DELETE only when asked */
  status?: CircleOrderRow['delivery'] | undefined
  keyword?: string | undefined
  /** paid in [fromS, toS) */
  fromS?: number | undefined
  toS?: number | undefined
}

/** Orders that took money (paid, or paid and since returned) of circles' goods, with their circle, buyer, delivery and refund. */
function circleOrdersTaken(d: Queryable) {
  return k(d)
    .withTables<GoodsTables>()
    .selectFrom('orders as o')
    .innerJoin('goods_specs as s', 's.id', 'o.specs_id')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .innerJoin('circles as c', 'c.id', 'g.ref_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('order_deliveries as dl', 'dl.order_id', 'o.id')
    .leftJoin('pay_refunds as r', 'r.order_id', 'o.id')
    .where('g.ref_kind', '=', 'circle')
    .where('o.status', 'in', ['paid', 'refunding', 'refunded'])
    .where('o.paid_timestamp', 'is not', null)
}

/** Those orders of these circles' goods, filtered as the console asks. */
function circleOrders(d: Queryable, circleIds: readonly number[], f: CircleOrderFilters) {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined
  return circleOrdersTaken(d)
    .where('c.id', 'in', circleIds.length ? [...circleIds] : [0])
    .$if(f.type !== undefined, (q) => q.where('g.type', '=', f.type!))
    .$if(f.fromS !== undefined, (q) => q.where('o.paid_timestamp', '>=', f.fromS!))
    .$if(f.toS !== undefined, (q) => q.where('o.paid_timestamp', '<', f.toS!))
    .$if(like !== undefined, (q) => q.where((eb) => eb.or([eb('o.id', 'ilike', like!), eb('u.nick', 'ilike', like!), eb('g.name', 'ilike', like!)])))
    .where((eb) => {
      // deliveryStatusOf (core/circle-admin/delivery.ts) in SQL: a paid order's stored status or
      // IN_PROCESS; one whose money went back REFUNDED unless deleted. The list hides DELETE unless asked.
      const paid = eb('o.status', '=', 'paid')
      const returned = eb('o.status', '!=', 'paid')
      const stored = (s: string) => eb('dl.status', '=', s as never)
      if (f.status === undefined) return eb.or([eb('dl.status', 'is', null), eb('dl.status', '!=', 'DELETE')])
      if (f.status === 'DELETE') return stored('DELETE')
      if (f.status === 'REFUNDED') return eb.and([returned, eb.or([eb('dl.status', 'is', null), eb('dl.status', '!=', 'DELETE')])])
      if (f.status === 'IN_PROCESS') return eb.and([paid, eb.or([eb('dl.status', 'is', null), stored('IN_PROCESS')])])
      return eb.and([paid, stored(f.status!)])
    })
}

const circleOrderColumns = [
  'o.id', 'o.user_id', 'o.amount_cents', 'o.channel', 'o.status', 'o.paid_timestamp', 'c.id as circle_id', 'c.name as circle_name',
  'g.type as goods_type', 'g.name as goods_name', 'u.nick', 'u.avatar', 'dl.status as delivery', 'r.created_at as refund_at',
] as const

const normalOrder = (r: Record<string, unknown>): CircleOrderRow => ({
  ...(r as unknown as CircleOrderRow),
  user_id: Number(r.user_id),
  amount_cents: Number(r.amount_cents),
  paid_timestamp: Number(r.paid_timestamp),
  circle_id: Number(r.circle_id),
  refund_at: r.refund_at === null || r.refund_at === undefined ? null : Number(r.refund_at),
})

/** A page of these circles' orders, newest payment first. */
export async function circleOrderPage(d: Queryable, circleIds: readonly number[], f: CircleOrderFilters, at: { offset: number; limit: number }): Promise<{ rows: CircleOrderRow[]; total: number }> {
  if (circleIds.length === 0) return { rows: [], total: 0 }
  const rows = await circleOrders(d, circleIds, f).select(circleOrderColumns).orderBy('o.paid_timestamp', 'desc').orderBy('o.id', 'desc').offset(at.offset).limit(at.limit).execute()
  const total = await circleOrders(d, circleIds, f).select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map(normalOrder), total: Number(total.n) }
}

/** One order as the console shows it, when it is an order of a circle's good that took money. */
export async function circleOrderOf(d: Queryable, orderId: string): Promise<CircleOrderRow | undefined> {
  const r = await circleOrdersTaken(d).select(circleOrderColumns).where('o.id', '=', orderId).executeTakeFirst()
  return r && normalOrder(r)
}

/** At most `limit` of these circles' orders, newest first (the CSV export). */
export async function circleOrderRows(d: Queryable, circleIds: readonly number[], f: CircleOrderFilters, limit: number): Promise<CircleOrderRow[]> {
  if (circleIds.length === 0) return []
  const rows = await circleOrders(d, circleIds, f).select(circleOrderColumns).orderBy('o.paid_timestamp', 'desc').orderBy('o.id', 'desc').limit(limit).execute()
  return rows.map(normalOrder)
}

const UTC8_SECONDS = 8 * 3_600
const DAY_SECONDS = 86_400

/** Money taken per UTC+8 day (days since 1970-01-01) from these circles' goods, paid in [startS, endS). */
export async function circleSalesByDay(d: Queryable, circleIds: readonly number[], type: string | undefined, startS: number, endS: number): Promise<{ day: number; amount: number; count: number }[]> {
  if (circleIds.length === 0) return []
  const rows = await k(d)
    .withTables<GoodsTables>()
    .selectFrom('orders as o')
    .innerJoin('goods_specs as s', 's.id', 'o.specs_id')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .where('g.ref_kind', '=', 'circle')
    .where('g.ref_id', 'in', [...circleIds])
    .where('o.status', 'in', ['paid', 'refunding', 'refunded'])
    .where('o.paid_timestamp', '>=', startS)
    .where('o.paid_timestamp', '<', endS)
    .$if(type !== undefined, (q) => q.where('g.type', '=', type!))
    // bigint ÷ integer is integer division in PostgreSQL: the UTC+8 day's number
    .select((eb) => [eb(eb.parens('o.paid_timestamp', '+', eb.lit(UTC8_SECONDS)), '/', eb.lit(DAY_SECONDS)).as('day'), eb.fn.sum<number>('o.amount_cents').as('amount'), eb.fn.countAll<number>().as('count')])
    .groupBy('day')
    .execute()
  return rows.map((r) => ({ day: Number(r.day), amount: Number(r.amount), count: Number(r.count) }))
}

/** Money returned per UTC+8 day for these circles' goods, refunds made in [startS, endS). */
export async function circleRefundsByDay(d: Queryable, circleIds: readonly number[], type: string | undefined, startS: number, endS: number): Promise<{ day: number; amount: number; count: number }[]> {
  if (circleIds.length === 0) return []
  const rows = await k(d)
    .withTables<GoodsTables>()
    .selectFrom('pay_refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('goods_specs as s', 's.id', 'o.specs_id')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .where('g.ref_kind', '=', 'circle')
    .where('g.ref_id', 'in', [...circleIds])
    .where('r.created_at', '>=', startS)
    .where('r.created_at', '<', endS)
    .$if(type !== undefined, (q) => q.where('g.type', '=', type!))
    .select((eb) => [eb(eb.parens('r.created_at', '+', eb.lit(UTC8_SECONDS)), '/', eb.lit(DAY_SECONDS)).as('day'), eb.fn.sum<number>('r.amount_cents').as('amount'), eb.fn.countAll<number>().as('count')])
    .groupBy('day')
    .execute()
  return rows.map((r) => ({ day: Number(r.day), amount: Number(r.amount), count: Number(r.count) }))
}

/** The refund of an order, if one was made (pay_refunds has one per order). */
export async function refundOfOrder(d: Queryable, orderId: string): Promise<Selectable<PayRefundsTable> | undefined> {
  return k(d).selectFrom('pay_refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst()
}
