// The circle_admins table (025_circles.sql): who administers which circle.
import { k, type Queryable } from '../db/queryable'

export async function adminIdsOf(d: Queryable, circleId: number): Promise<number[]> {
  const rows = await k(d).selectFrom('circle_admins').select('user_id').where('circle_id', '=', circleId).orderBy('create_timestamp').orderBy('user_id').execute()
  return rows.map((r) => Number(r.user_id))
}

/** The circles a user administers. */
export async function circlesAdministeredBy(d: Queryable, userId: number): Promise<number[]> {
  const rows = await k(d).selectFrom('circle_admins').select('circle_id').where('user_id', '=', userId).execute()
  return rows.map((r) => Number(r.circle_id))
}

export async function addAdmin(d: Queryable, circleId: number, userId: number, nowSeconds: number): Promise<void> {
  await k(d).insertInto('circle_admins').values({ circle_id: circleId, user_id: userId, create_timestamp: nowSeconds }).onConflict((oc) => oc.doNothing()).execute()
}

/** The console's user list (issue 29): a circle's admins with their profiles, oldest appointment first. */
export async function adminRowsOf(d: Queryable, circleId: number): Promise<{ user_id: number; create_timestamp: number; nick: string; avatar: string; brief: string }[]> {
  const rows = await k(d)
    .selectFrom('circle_admins as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'a.create_timestamp', 'u.nick', 'u.avatar', 'u.brief'])
    .where('a.circle_id', '=', circleId)
    .orderBy('a.create_timestamp')
    .orderBy('a.user_id')
    .execute()
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), create_timestamp: Number(r.create_timestamp) }))
}

/** Removes an admin; whether there was one. */
export async function removeAdmin(d: Queryable, circleId: number, userId: number): Promise<boolean> {
  const r = await k(d).deleteFrom('circle_admins').where('circle_id', '=', circleId).where('user_id', '=', userId).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** How many admins each of these circles has. */
export async function adminCounts(d: Queryable, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await k(d).selectFrom('circle_admins').select((eb) => ['circle_id', eb.fn.countAll<number>().as('n')]).where('circle_id', 'in', [...ids]).groupBy('circle_id').execute()
  return new Map(rows.map((r) => [Number(r.circle_id), Number(r.n)]))
}
