// The circle_comments table (025_circles.sql, like_count 028): comments under a circle's moment — the
// comment summary, the full list of /chiefCircle/comment/{id}, their likes' count and their take-down.
import { k, type Queryable } from '../db/queryable'
import type { AuthorColumns } from './author-columns'

export interface CircleCommentRow extends AuthorColumns {
  id: number
  dynamic_id: number
  content: string
  status: 'reviewing' | 'approved' | 'rejected'
  like_count: number
  create_timestamp: number
}

function commentQuery(d: Queryable) {
  return k(d)
    .selectFrom('circle_comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.dynamic_id', 'c.author_id', 'u.nick', 'u.avatar', 'u.brief', 'c.content', 'c.status', 'c.like_count', 'c.create_timestamp'])
}

const normal = (r: CircleCommentRow): CircleCommentRow => ({
  ...r,
  id: Number(r.id),
  dynamic_id: Number(r.dynamic_id),
  author_id: Number(r.author_id),
  like_count: Number(r.like_count),
  create_timestamp: Number(r.create_timestamp),
})

const approvedCount = (d: Queryable, dynamicId: number) =>
  k(d).selectFrom('circle_comments').where('dynamic_id', '=', dynamicId).where('status', '=', 'approved').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()

/** Approved comments under one moment, newest first, and how many there are. */
export async function commentsOf(d: Queryable, dynamicId: number, limit: number): Promise<{ rows: CircleCommentRow[]; total: number }> {
  const rows = await commentQuery(d).where('c.dynamic_id', '=', dynamicId).where('c.status', '=', 'approved').orderBy('c.create_timestamp', 'desc').orderBy('c.id', 'desc').limit(limit).execute()
  return { rows: rows.map((r) => normal(r as CircleCommentRow)), total: Number((await approvedCount(d, dynamicId)).n) }
}

/** One page of a moment's comments, newest first: the approved ones and the reader's own of any status. */
export async function commentPage(d: Queryable, dynamicId: number, viewerId: number | null, at: { offset: number; limit: number }): Promise<{ rows: CircleCommentRow[]; total: number }> {
  const build = (q: ReturnType<typeof commentQuery>) =>
    q.where('c.dynamic_id', '=', dynamicId).where((eb) => eb.or([eb('c.status', '=', 'approved'), eb('c.author_id', '=', viewerId ?? 0)]))
  const rows = await build(commentQuery(d)).orderBy('c.create_timestamp', 'desc').orderBy('c.id', 'desc').offset(at.offset).limit(at.limit).execute()
  const total = await build(commentQuery(d)).clearSelect().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as CircleCommentRow)), total: Number(total.n) }
}

export async function findComment(d: Queryable, id: number): Promise<CircleCommentRow | undefined> {
  const r = await commentQuery(d).where('c.id', '=', id).executeTakeFirst()
  return r && normal(r as CircleCommentRow)
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

/** Deletes one comment (its likes go with it); false when it was gone already. */
export async function deleteComment(d: Queryable, id: number): Promise<boolean> {
  const r = await k(d).deleteFrom('circle_comments').where('id', '=', id).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** Takes an approved comment down; false when it was not approved (taken down already, or never shown). */
export async function rejectComment(d: Queryable, id: number): Promise<boolean> {
  const r = await k(d).updateTable('circle_comments').set({ status: 'rejected' }).where('id', '=', id).where('status', '<>', 'rejected').executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Counts the comment's likes into like_count and answers it. */
export async function recountLikes(d: Queryable, id: number): Promise<number> {
  const r = await k(d)
    .updateTable('circle_comments')
    .set((eb) => ({ like_count: eb.selectFrom('circle_comment_likes').where('comment_id', '=', id).select((e) => e.fn.countAll<number>().as('n')) }))
    .where('id', '=', id)
    .returning('like_count')
    .executeTakeFirst()
  return Number(r?.like_count ?? 0)
}

// --- the circle-admin console (issue 29) ------------------------------------------------------------

export interface AdminCommentRow extends CircleCommentRow {
  dynamic_title: string
  dynamic_content: string
  comments_closed: boolean
}

/** Every comment under the posts of one circle (any status), newest first; keyword on the text, one post. */
export async function circleCommentPage(
  d: Queryable,
  circleId: number,
  f: { keyword?: string | undefined; dynamicId?: number | undefined; offset: number; limit: number },
): Promise<{ rows: AdminCommentRow[]; total: number }> {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined
  const build = (q: ReturnType<typeof commentQuery>) => {
    let out = q.innerJoin('circle_dynamics as d', 'd.id', 'c.dynamic_id').where('d.circle_id', '=', circleId)
    if (f.dynamicId !== undefined) out = out.where('c.dynamic_id', '=', f.dynamicId)
    if (like) out = out.where('c.content', 'ilike', like)
    return out
  }
  const rows = await build(commentQuery(d))
    .select(['d.title as dynamic_title', 'd.content as dynamic_content', 'd.comments_closed'])
    .orderBy('c.create_timestamp', 'desc')
    .orderBy('c.id', 'desc')
    .offset(f.offset)
    .limit(f.limit)
    .execute()
  const total = await build(commentQuery(d)).clearSelect().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => ({ ...normal(r as CircleCommentRow), dynamic_title: r.dynamic_title, dynamic_content: r.dynamic_content, comments_closed: r.comments_closed })), total: Number(total.n) }
}

/** The circle a comment is under (the console checks a comment belongs to the community it manages). */
export async function circleOfComment(d: Queryable, id: number): Promise<number | undefined> {
  const r = await k(d).selectFrom('circle_comments as c').innerJoin('circle_dynamics as d', 'd.id', 'c.dynamic_id').select('d.circle_id').where('c.id', '=', id).executeTakeFirst()
  return r ? Number(r.circle_id) : undefined
}

/** Approved comments under these circles' posts, and when the comments since a second were made (a summary). */
export async function circleCommentStats(d: Queryable, circleIds: readonly number[], since: number): Promise<{ total: number; recent: number[] }> {
  if (circleIds.length === 0) return { total: 0, recent: [] }
  const base = () => k(d).selectFrom('circle_comments as c').innerJoin('circle_dynamics as d', 'd.id', 'c.dynamic_id').where('d.circle_id', 'in', [...circleIds]).where('c.status', '=', 'approved')
  const total = await base().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const recent = await base().select('c.create_timestamp').where('c.create_timestamp', '>=', since).execute()
  return { total: Number(total.n), recent: recent.map((r) => Number(r.create_timestamp)) }
}
