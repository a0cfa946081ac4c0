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
  /** 031: privilege (spec 001 §6 momentPublishable in this circle) and mute */
  publishable: boolean
  muted: boolean
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

// --- the circle-admin console (issue 29) ------------------------------------------------------------

export interface MemberWithUser extends MemberRow {
  nick: string
  avatar: string
  brief: string
  circle_name: string
}

/** The member rows of these circles (valid and expired), newest join first; keyword on the nick. */
export async function memberPage(d: Queryable, circleIds: readonly number[], f: { keyword?: string | undefined; offset: number; limit: number }): Promise<{ rows: MemberWithUser[]; total: number }> {
  if (circleIds.length === 0) return { rows: [], total: 0 }
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined
  const build = () => {
    let q = k(d).selectFrom('circle_members as m').innerJoin('users as u', 'u.id', 'm.user_id').innerJoin('circles as c', 'c.id', 'm.circle_id').where('m.circle_id', 'in', [...circleIds])
    if (like) q = q.where('u.nick', 'ilike', like)
    return q
  }
  const rows = await build()
    .selectAll('m')
    .select(['u.nick', 'u.avatar', 'u.brief', 'c.name as circle_name'])
    .orderBy('m.join_timestamp', 'desc')
    .orderBy('m.circle_id')
    .orderBy('m.user_id')
    .offset(f.offset)
    .limit(f.limit)
    .execute()
  const total = await build().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => ({ ...normal(r as MemberRow), nick: r.nick, avatar: r.avatar, brief: r.brief, circle_name: r.circle_name })), total: Number(total.n) }
}

/** A member's switches in one circle (privilege, mute). */
export async function setSwitches(d: Queryable, circleId: number, userId: number, s: { publishable?: boolean | undefined; muted?: boolean | undefined }): Promise<void> {
  const set: { publishable?: boolean; muted?: boolean } = {}
  if (s.publishable !== undefined) set.publishable = s.publishable
  if (s.muted !== undefined) set.muted = s.muted
  if (Object.keys(set).length === 0) return
  await k(d).updateTable('circle_members').set(set).where('circle_id', '=', circleId).where('user_id', '=', userId).execute()
}

/** Removes a member from a circle; false when they were not in it. */
export async function removeMember(d: Queryable, circleId: number, userId: number): Promise<boolean> {
  const r = await k(d).deleteFrom('circle_members').where('circle_id', '=', circleId).where('user_id', '=', userId).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** How many members these circles have (valid ones: a free join or a purchase not run out), and when members joined since a second. */
export async function memberStats(d: Queryable, circleIds: readonly number[], nowSeconds: number, since: number): Promise<{ total: number; joins: number[] }> {
  if (circleIds.length === 0) return { total: 0, joins: [] }
  const base = () => k(d).selectFrom('circle_members').where('circle_id', 'in', [...circleIds])
  const total = await base()
    .where((eb) => eb.or([eb('expire_timestamp', 'is', null), eb('expire_timestamp', '>=', nowSeconds)]))
    .select((e) => e.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const joins = await base().select('join_timestamp').where('join_timestamp', '>=', since).execute()
  return { total: Number(total.n), joins: joins.map((r) => Number(r.join_timestamp)) }
}

/**
 * The console's user list (issue 29 circle-user-admin): a circle's members other than `exclude` (the
 * owner and admins), valid ('member') or run out ('expired') at `nowSeconds`, whose nick holds the
 * keyword or whose id it is; newest first, with the total.
 */
export async function membersPage(
  d: Queryable,
  circleId: number,
  f: { exclude: readonly number[]; status?: 'member' | 'expired' | undefined; keyword?: string | undefined; nowSeconds: number; offset: number; limit: number },
): Promise<{ rows: (MemberRow & { nick: string; avatar: string; brief: string })[]; total: number }> {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined
  const byId = f.keyword && /^\d{1,9}$/.test(f.keyword) ? Number(f.keyword) : undefined
  const base = () => {
    let q = k(d).selectFrom('circle_members as m').innerJoin('users as u', 'u.id', 'm.user_id').where('m.circle_id', '=', circleId)
    if (f.exclude.length) q = q.where('m.user_id', 'not in', [...f.exclude])
    if (f.status === 'member') q = q.where((eb) => eb.or([eb('m.expire_timestamp', 'is', null), eb('m.expire_timestamp', '>=', f.nowSeconds)]))
    if (f.status === 'expired') q = q.where('m.expire_timestamp', '<', f.nowSeconds)
    if (like) q = q.where((eb) => (byId === undefined ? eb('u.nick', 'ilike', like) : eb.or([eb('u.nick', 'ilike', like), eb('u.id', '=', byId)])))
    return q
  }
  const rows = await base()
    .selectAll('m')
    .select(['u.nick', 'u.avatar', 'u.brief'])
    .orderBy('m.join_timestamp', 'desc')
    .orderBy('m.user_id', 'desc')
    .offset(f.offset)
    .limit(f.limit)
    .execute()
  const total = await base().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => ({ ...normal(r as MemberRow), nick: r.nick, avatar: r.avatar, brief: r.brief })), total: Number(total.n) }
}

// --- the circle-admin console's data pages (issue 29: data/user, and a refund's revoke) -------------

/** A refunded order's membership ends at once: the row it granted goes (false when a later order renewed it, or none). */
export async function revokePaidByOrder(d: Queryable, circleId: number, userId: number, orderId: string): Promise<boolean> {
  const r = await k(d).deleteFrom('circle_members').where('circle_id', '=', circleId).where('user_id', '=', userId).where('order_id', '=', orderId).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

const UTC8_SECONDS = 8 * 3_600
const DAY_SECONDS = 86_400

/** Joins (or, with `column` expire_timestamp, membership ends) per UTC+8 day number in [startS, endS) of these circles. */
export async function memberEventsByDay(d: Queryable, circleIds: readonly number[], column: 'join_timestamp' | 'expire_timestamp', startS: number, endS: number): Promise<{ day: number; n: number }[]> {
  if (circleIds.length === 0) return []
  const rows = await k(d)
    .selectFrom('circle_members')
    .where('circle_id', 'in', [...circleIds])
    .where(column, '>=', startS)
    .where(column, '<', endS)
    // bigint ÷ integer is integer division in PostgreSQL: the UTC+8 day's number
    .select((eb) => [eb(eb.parens(column, '+', eb.lit(UTC8_SECONDS)), '/', eb.lit(DAY_SECONDS)).as('day'), eb.fn.countAll<number>().as('n')])
    .groupBy('day')
    .execute()
  return rows.map((r) => ({ day: Number(r.day), n: Number(r.n) }))
}

/** Memberships of these circles that began before `at` and had not ended by it (seconds). */
export async function activeMembersAt(d: Queryable, circleIds: readonly number[], at: number): Promise<number> {
  if (circleIds.length === 0) return 0
  const r = await k(d)
    .selectFrom('circle_members')
    .where('circle_id', 'in', [...circleIds])
    .where('join_timestamp', '<', at)
    .where((eb) => eb.or([eb('expire_timestamp', 'is', null), eb('expire_timestamp', '>=', at)]))
    .select((e) => e.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

/** At most `limit` members of these circles with their nick and circle, newest join first (the CSV export). */
export async function memberExportRows(d: Queryable, circleIds: readonly number[], limit: number): Promise<(MemberRow & { nick: string; circle_name: string })[]> {
  if (circleIds.length === 0) return []
  const rows = await k(d)
    .selectFrom('circle_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('circles as c', 'c.id', 'm.circle_id')
    .select(['m.circle_id', 'm.user_id', 'm.expire_timestamp', 'm.order_id', 'm.join_timestamp', 'm.read_timestamp', 'u.nick', 'c.name as circle_name'])
    .where('m.circle_id', 'in', [...circleIds])
    .orderBy('m.join_timestamp', 'desc')
    .orderBy('m.circle_id')
    .orderBy('m.user_id')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ ...normal(r as unknown as MemberRow), nick: r.nick, circle_name: r.circle_name }))
}

/** Paid memberships no order backs (the circles' fixture members): the circle-admin data seed gives each its order. */
export async function paidMembersWithoutOrder(d: Queryable): Promise<{ circle_id: number; user_id: number; join_timestamp: number; expire_timestamp: number }[]> {
  const rows = await k(d).selectFrom('circle_members').select(['circle_id', 'user_id', 'join_timestamp', 'expire_timestamp']).where('order_id', 'is', null).where('expire_timestamp', 'is not', null).orderBy('circle_id').orderBy('join_timestamp').orderBy('user_id').execute()
  return rows.map((r) => ({ circle_id: Number(r.circle_id), user_id: Number(r.user_id), join_timestamp: Number(r.join_timestamp), expire_timestamp: Number(r.expire_timestamp) }))
}
