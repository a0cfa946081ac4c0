// The circle_members table (025_circles.sql): who joined which circle (momentUser), until when, and
// what they have read.
import { k, type Queryable } from '../db/queryable'

export interface MemberRow {
  circle_id: number
  user_id: number
  expire_timestamp: number | null
  order_id: string | null
  join_timestamp: number
  read_timestamp: number
}

const normal = (r: MemberRow): MemberRow => ({
  ...r,
  circle_id: Number(r.circle_id),
  user_id: Number(r.user_id),
  expire_timestamp: r.expire_timestamp === null ? null : Number(r.expire_timestamp),
  join_timestamp: Number(r.join_timestamp),
  read_timestamp: Number(r.read_timestamp),
})

export async function memberOf(d: Queryable, circleId: number, userId: number): Promise<MemberRow | undefined> {
  const r = await k(d).selectFrom('circle_members').selectAll().where('circle_id', '=', circleId).where('user_id', '=', userId).executeTakeFirst()
  return r && normal(r as MemberRow)
}

/** The rows of these users in one circle (valid or expired), in one query. */
export async function membersAmong(d: Queryable, circleId: number, userIds: readonly number[]): Promise<MemberRow[]> {
  if (userIds.length === 0) return []
  const rows = await k(d).selectFrom('circle_members').selectAll().where('circle_id', '=', circleId).where('user_id', 'in', [...userIds]).execute()
  return rows.map((r) => normal(r as MemberRow))
}

/** Every circle a user has a row in (valid or expired). */
export async function membershipsOf(d: Queryable, userId: number): Promise<MemberRow[]> {
  const rows = await k(d).selectFrom('circle_members').selectAll().where('user_id', '=', userId).orderBy('join_timestamp', 'desc').execute()
  return rows.map((r) => normal(r as MemberRow))
}

/** A free join: for good. Nothing when a row exists. */
export async function joinFree(d: Queryable, circleId: number, userId: number, nowSeconds: number): Promise<void> {
  await k(d)
    .insertInto('circle_members')
    .values({ circle_id: circleId, user_id: userId, expire_timestamp: null, order_id: null, join_timestamp: nowSeconds, read_timestamp: nowSeconds })
    .onConflict((oc) => oc.columns(['circle_id', 'user_id']).doNothing())
    .execute()
}

/** A paid financialCircle order: the membership runs until `expireTimestamp` (a renewal takes the new end). */
export async function grantPaid(d: Queryable, circleId: number, userId: number, orderId: string | null, nowSeconds: number, expireTimestamp: number): Promise<void> {
  await k(d)
    .insertInto('circle_members')
    .values({ circle_id: circleId, user_id: userId, expire_timestamp: expireTimestamp, order_id: orderId, join_timestamp: nowSeconds, read_timestamp: 0 })
    .onConflict((oc) => oc.columns(['circle_id', 'user_id']).doUpdateSet({ expire_timestamp: expireTimestamp, order_id: orderId }))
    .execute()
}

export async function markRead(d: Queryable, circleId: number, userId: number, nowSeconds: number): Promise<void> {
  await k(d).updateTable('circle_members').set({ read_timestamp: nowSeconds }).where('circle_id', '=', circleId).where('user_id', '=', userId).execute()
}
