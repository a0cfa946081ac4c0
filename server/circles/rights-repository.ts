// The circle_rights table (032_circle_admin_circles.sql; issue 29 operate/rights): what membership of a
// circle gives, in order.
import { k, type Queryable } from '../db/queryable'

export interface RightRow {
  title: string
  description: string
}

export async function rightsOf(d: Queryable, circleId: number): Promise<RightRow[]> {
  return k(d).selectFrom('circle_rights').select(['title', 'description']).where('circle_id', '=', circleId).orderBy('sort').orderBy('id').execute()
}

/** The whole list replaced (call inside a transaction). */
export async function replaceRights(d: Queryable, circleId: number, list: readonly RightRow[]): Promise<void> {
  await k(d).deleteFrom('circle_rights').where('circle_id', '=', circleId).execute()
  if (list.length === 0) return
  await k(d)
    .insertInto('circle_rights')
    .values(list.map((r, i) => ({ circle_id: circleId, title: r.title, description: r.description, sort: i })))
    .execute()
}
