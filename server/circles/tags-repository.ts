// The circle_tags table (025_circles.sql; spec 001 §3 Moment tag: tagId, tagName, isDefault).
import { k, type Queryable } from '../db/queryable'

export interface TagRow {
  id: number
  circle_id: number
  name: string
  is_default: boolean
  admin_only: boolean
  sort: number
}

export async function tagsOf(d: Queryable, circleId: number): Promise<TagRow[]> {
  const rows = await k(d).selectFrom('circle_tags').selectAll().where('circle_id', '=', circleId).orderBy('is_default', 'desc').orderBy('sort').orderBy('id').execute()
  return rows.map((r) => ({ ...r, id: Number(r.id), circle_id: Number(r.circle_id) }))
}

export async function insertTag(d: Queryable, row: { circle_id: number; name: string; is_default?: boolean; admin_only?: boolean; sort?: number }): Promise<number> {
  const r = await k(d).insertInto('circle_tags').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

// --- the circle-admin console (issue 29) ------------------------------------------------------------

export async function findTag(d: Queryable, id: number): Promise<TagRow | undefined> {
  const r = await k(d).selectFrom('circle_tags').selectAll().where('id', '=', id).executeTakeFirst()
  return r && { ...r, id: Number(r.id), circle_id: Number(r.circle_id) }
}

export async function updateTag(d: Queryable, id: number, f: { name: string; admin_only?: boolean | undefined }): Promise<void> {
  await k(d)
    .updateTable('circle_tags')
    .set(f.admin_only === undefined ? { name: f.name } : { name: f.name, admin_only: f.admin_only })
    .where('id', '=', id)
    .execute()
}

/** Deletes a tag (its posts lose it: circle_dynamic_tags cascades); false when it was gone. */
export async function deleteTag(d: Queryable, id: number): Promise<boolean> {
  const r = await k(d).deleteFrom('circle_tags').where('id', '=', id).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** operate/sort/{id} (issue 29): the tags in this order (sort 1, 2, …); the default tag keeps its place first. */
export async function setTagOrder(d: Queryable, circleId: number, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) await k(d).updateTable('circle_tags').set({ sort: i + 1 }).where('circle_id', '=', circleId).where('id', '=', id).execute()
}
