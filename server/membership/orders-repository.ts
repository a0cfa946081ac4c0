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
  goods_name: string
  name: string
  addon_goods_name: string | null
  addon_name: string | null
  type: string
  link: string
  tier: string | null
  expire: number | null
}

/** The reader's paid orders, newest first (at most 200). */
export async function purchasedRows(d: Queryable, userId: number): Promise<PurchasedRow[]> {
  // raw: goods, goods_specs and entitlements have no kysely types yet (server/db/schema.test.ts lists them)
  return (
    await sql<PurchasedRow>`
    SELECT o.id, o.amount_cents, o.channel, o.paid_timestamp, g.name AS goods_name, s.name, ag.name AS addon_goods_name, a.name AS addon_name, g.type, g.link, g.tier,
      coalesce((SELECT m.expire_timestamp FROM memberships m WHERE m.user_id = o.user_id AND m.tier = g.tier),
        (SELECT e.expire_timestamp FROM entitlements e WHERE e.user_id = o.user_id AND e.ref_kind = g.ref_kind AND e.ref_id = g.ref_id)) AS expire
    FROM orders o JOIN goods_specs s ON s.id = o.specs_id JOIN goods g ON g.id = s.goods_id
      LEFT JOIN goods_specs a ON a.id = o.addon_specs_id LEFT JOIN goods ag ON ag.id = a.goods_id
    WHERE o.user_id = ${userId} AND o.status = 'paid' ORDER BY o.paid_timestamp DESC, o.id DESC LIMIT 200`.execute(k(d))
  ).rows
}
