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
