// The circle_comments table (025_circles.sql): comments under a circle's moment (the comment summary).
import { k, type Queryable } from '../db/queryable'

export interface CircleCommentRow {
  id: number
  dynamic_id: number
  author_id: number
  nick: string
  avatar: string
  brief: string
  content: string
  create_timestamp: number
}

/** Approved comments under one moment, newest first, and how many there are. */
export async function commentsOf(d: Queryable, dynamicId: number, limit: number): Promise<{ rows: CircleCommentRow[]; total: number }> {
  const rows = await k(d)
    .selectFrom('circle_comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.dynamic_id', 'c.author_id', 'u.nick', 'u.avatar', 'u.brief', 'c.content', 'c.create_timestamp'])
    .where('c.dynamic_id', '=', dynamicId)
    .where('c.status', '=', 'approved')
    .orderBy('c.create_timestamp', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute()
  const total = await k(d).selectFrom('circle_comments').where('dynamic_id', '=', dynamicId).where('status', '=', 'approved').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id), dynamic_id: Number(r.dynamic_id), author_id: Number(r.author_id), create_timestamp: Number(r.create_timestamp) })), total: Number(total.n) }
}

/** Approved comment counts of several moments. */
export async function commentCounts(d: Queryable, dynamicIds: readonly number[]): Promise<Map<number, number>> {
  if (dynamicIds.length === 0) return new Map()
  const rows = await k(d)
    .selectFrom('circle_comments')
    .where('dynamic_id', 'in', [...dynamicIds])
    .where('status', '=', 'approved')
    .select((eb) => ['dynamic_id', eb.fn.countAll<number>().as('n')])
    .groupBy('dynamic_id')
    .execute()
  return new Map(rows.map((r) => [Number(r.dynamic_id), Number(r.n)]))
}

export async function insertComment(d: Queryable, row: { dynamic_id: number; author_id: number; content: string; create_timestamp: number }): Promise<number> {
  const r = await k(d).insertInto('circle_comments').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}
