// The ledger (issue 23; migration 019): the one data module that moves gurucoin and records what WeChat
// Pay received and refunded. A reader's coin changes only here, in the same statement group as its row,
// so the rows of account 'coin' always sum to users.coin; a WeChat order's rows sum to its amount while
// paid or owed back (refunding), and to 0 once refunded. ledger.test.ts sums them.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { addCoin, takeCoin } from '../accounts/users-repository'

type K = Kysely<Database>

export type CoinKind = 'opening' | 'credit' | 'debit'

/** Adds cents (≥ 0) to a reader's gurucoin: a recharge paid (credit), or a balance given (opening). */
export async function creditCoin(k: K, userId: number, cents: number, orderId: string | null, at: number, kind: 'credit' | 'opening' = 'credit'): Promise<void> {
  await addCoin(k, userId, cents)
  await sql`INSERT INTO ledger (user_id, order_id, account, kind, amount_cents, at) VALUES (${userId}, ${orderId}, 'coin', ${kind}, ${cents}, ${at})`.execute(k)
}

/** Takes an order's amount from a reader's gurucoin only where it covers it; false when it does not. */
export async function debitCoin(k: K, userId: number, cents: number, orderId: string, at: number): Promise<boolean> {
  if (!(await takeCoin(k, userId, cents))) return false
  if (cents > 0) await sql`INSERT INTO ledger (user_id, order_id, account, kind, amount_cents, at) VALUES (${userId}, ${orderId}, 'coin', 'debit', ${-cents}, ${at})`.execute(k)
  return true
}

/**
 * A gurucoin order's amount back to the reader's balance (the circle-admin console's refund): a coin row
 * of kind 'refund' beside the order's debit, so the order nets to 0 and the balance still sums.
 */
export async function refundCoin(k: K, userId: number, cents: number, orderId: string, at: number): Promise<void> {
  await addCoin(k, userId, cents)
  // ledger has no kysely types yet (server/db/schema.test.ts RAW_SQL_TABLES): typed here for this insert
  if (cents > 0) await k.withTables<{ ledger: { user_id: number; order_id: string | null; account: string; kind: string; amount_cents: number; at: number } }>().insertInto('ledger').values({ user_id: userId, order_id: orderId, account: 'coin', kind: 'refund', amount_cents: cents, at }).execute()
}

/** WeChat Pay says it took an order's amount. */
export async function recordReceived(k: K, o: { id: string; user_id: number; amount_cents: number }, at: number): Promise<void> {
  await sql`INSERT INTO ledger (user_id, order_id, account, kind, amount_cents, at) VALUES (${o.user_id}, ${o.id}, 'wechat', 'received', ${o.amount_cents}, ${at})`.execute(k)
}

/** WeChat Pay accepted to return an order's amount. */
export async function recordRefunded(k: K, r: { order_id: string; user_id: number; amount_cents: number }, at: number): Promise<void> {
  await sql`INSERT INTO ledger (user_id, order_id, account, kind, amount_cents, at) VALUES (${r.user_id}, ${r.order_id}, 'wechat', 'refund', ${-r.amount_cents}, ${at})`.execute(k)
}

/** Readers whose coin is not the sum of their ledger rows (none, always). */
export async function coinMismatches(k: K): Promise<{ userId: number; coin: number; ledger: number }[]> {
  const rows = (await sql<{ id: number; coin: number; total: number }>`
    SELECT u.id, u.coin, coalesce(l.total, 0) AS total FROM users u
    LEFT JOIN (SELECT user_id, sum(amount_cents) AS total FROM ledger WHERE account = 'coin' GROUP BY user_id) l ON l.user_id = u.id
    WHERE u.coin <> coalesce(l.total, 0)`.execute(k)).rows
  return rows.map((r) => ({ userId: Number(r.id), coin: Number(r.coin), ledger: Number(r.total) }))
}

/**
 * Orders whose ledger does not fit their state (none, always): a paid order has its money (WeChat's
 * receipt, or the coin debit), an order owed back has its receipt and a pending refund, a refunded one
 * nets to 0 (WeChat's refund, or the coin given back), a pending or failed one has no money at all.
 */
export async function orderMismatches(k: K): Promise<{ orderId: string; status: string; channel: string; amount: number; net: number }[]> {
  const rows = (await sql<{ id: string; status: string; channel: string; amount_cents: number; net: number; refund_pending: boolean }>`
    SELECT o.id, o.status, o.channel, o.amount_cents,
      coalesce((SELECT sum(CASE WHEN l.account = 'coin' THEN -l.amount_cents ELSE l.amount_cents END) FROM ledger l
        WHERE l.order_id = o.id AND (l.account = 'wechat' OR l.kind IN ('debit', 'refund'))), 0) AS net,
      EXISTS (SELECT 1 FROM pay_refunds r WHERE r.order_id = o.id AND r.status = 'pending') AS refund_pending
    FROM orders o`.execute(k)).rows
  const expected = (r: (typeof rows)[number]) =>
    r.status === 'paid' || r.status === 'refunding' ? Number(r.amount_cents) : 0
  return rows
    .filter((r) => Number(r.net) !== expected(r) || (r.status === 'refunding') !== r.refund_pending)
    .map((r) => ({ orderId: r.id, status: r.status, channel: r.channel, amount: Number(r.amount_cents), net: Number(r.net) }))
}
