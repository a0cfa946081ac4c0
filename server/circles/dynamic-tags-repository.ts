// The circle_dynamic_tags table (025_circles.sql): which tags a moment carries.
import { k, type Queryable } from '../db/queryable'

export async function tagIdsOf(d: Queryable, dynamicIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>()
  if (dynamicIds.length === 0) return out
  const rows = await k(d).selectFrom('circle_dynamic_tags').selectAll().where('dynamic_id', 'in', [...dynamicIds]).execute()
  for (const r of rows) out.set(Number(r.dynamic_id), [...(out.get(Number(r.dynamic_id)) ?? []), Number(r.tag_id)])
  return out
}

export async function setTags(d: Queryable, dynamicId: number, tagIds: readonly number[]): Promise<void> {
  await k(d).deleteFrom('circle_dynamic_tags').where('dynamic_id', '=', dynamicId).execute()
  if (tagIds.length) await k(d).insertInto('circle_dynamic_tags').values(tagIds.map((tag_id) => ({ dynamic_id: dynamicId, tag_id }))).execute()
}

/** How many moments carry each tag of a circle (approved, not ignored). */
export async function tagCounts(d: Queryable, circleId: number): Promise<Map<number, number>> {
  const rows = await k(d)
    .selectFrom('circle_dynamic_tags as t')
    .innerJoin('circle_dynamics as d', 'd.id', 't.dynamic_id')
    .where('d.circle_id', '=', circleId)
    .where('d.status', '=', 'approved')
    .where('d.ignored', '=', false)
    .select((eb) => ['t.tag_id', eb.fn.countAll<number>().as('n')])
    .groupBy('t.tag_id')
    .execute()
  return new Map(rows.map((r) => [Number(r.tag_id), Number(r.n)]))
}
