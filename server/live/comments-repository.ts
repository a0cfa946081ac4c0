// The live_comments table (030_live.sql): a room's comments (spec 001 §3 Video comment) with the §6 tag
// they were written with. Ids only grow, so before-id and after-id pages are exact: nothing is skipped
// or repeated between a page and the next.
import type { Insertable, Selectable } from 'kysely'
import type { LiveCommentsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type CommentRow = Selectable<LiveCommentsTable> & { nick: string; avatar: string }

const normal = (r: CommentRow): CommentRow => ({ ...r, id: Number(r.id), room_id: Number(r.room_id), user_id: Number(r.user_id), create_timestamp: Number(r.create_timestamp) })

const withAuthor = (d: Queryable) =>
  k(d)
    .selectFrom('live_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.room_id', 'c.user_id', 'c.content', 'c.tag', 'c.create_timestamp', 'u.nick', 'u.avatar'])

export async function insertComment(d: Queryable, row: Insertable<LiveCommentsTable>): Promise<CommentRow> {
  const { id } = await k(d).insertInto('live_comments').values(row).returning('id').executeTakeFirstOrThrow()
  return normal((await withAuthor(d).where('c.id', '=', Number(id)).executeTakeFirstOrThrow()) as CommentRow)
}

/** Newest first, older than `beforeId` (all when null): `count + 1` rows, the extra one says more follow. */
export async function commentsBefore(d: Queryable, roomId: number, beforeId: number | null, count: number): Promise<CommentRow[]> {
  let q = withAuthor(d).where('c.room_id', '=', roomId)
  if (beforeId !== null) q = q.where('c.id', '<', beforeId)
  return (await q.orderBy('c.id', 'desc').limit(count + 1).execute()).map((r) => normal(r as CommentRow))
}

/** Oldest first, newer than `afterId`: `count + 1` rows. */
export async function commentsAfter(d: Queryable, roomId: number, afterId: number, count: number): Promise<CommentRow[]> {
  const rows = await withAuthor(d).where('c.room_id', '=', roomId).where('c.id', '>', afterId).orderBy('c.id', 'asc').limit(count + 1).execute()
  return rows.map((r) => normal(r as CommentRow))
}

export async function commentCount(d: Queryable, roomId: number): Promise<number> {
  const r = await k(d).selectFrom('live_comments').select((eb) => eb.fn.countAll<string | number>().as('n')).where('room_id', '=', roomId).executeTakeFirstOrThrow()
  return Number(r.n)
}

/** A comment the chat refused (muted, too fast): not kept. */
export async function deleteCommentById(d: Queryable, id: number): Promise<void> {
  await k(d).deleteFrom('live_comments').where('id', '=', id).execute()
}

/** A room's comments for the console, newest first, numbered pages; by a keyword in the content or the nick. */
export async function commentsPage(d: Queryable, roomId: number, at: { keyword?: string | undefined; page: number; count: number }): Promise<{ rows: CommentRow[]; total: number }> {
  let q = withAuthor(d).where('c.room_id', '=', roomId)
  let count = k(d).selectFrom('live_comments as c').innerJoin('users as u', 'u.id', 'c.user_id').where('c.room_id', '=', roomId)
  if (at.keyword) {
    const like = `%${at.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    q = q.where((eb) => eb.or([eb('c.content', 'ilike', like), eb('u.nick', 'ilike', like)]))
    count = count.where((eb) => eb.or([eb('c.content', 'ilike', like), eb('u.nick', 'ilike', like)]))
  }
  const rows = await q.orderBy('c.id', 'desc').limit(at.count).offset((at.page - 1) * at.count).execute()
  const total = await count.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as CommentRow)), total: Number(total.n) }
}

export async function commentOfRoom(d: Queryable, roomId: number, commentId: number): Promise<CommentRow | undefined> {
  const r = await withAuthor(d).where('c.room_id', '=', roomId).where('c.id', '=', commentId).executeTakeFirst()
  return r && normal(r as CommentRow)
}

/** How many comments, and by how many people. */
export async function commentTotals(d: Queryable, roomId: number): Promise<{ comments: number; commenters: number }> {
  const r = await k(d)
    .selectFrom('live_comments')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.count<string | number>('user_id').distinct().as('people')])
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow()
  return { comments: Number(r.n), commenters: Number(r.people) }
}

/** Comments per bucket of `bucketSeconds` (the bucket's start, seconds), oldest first. */
export async function commentsPerBucket(d: Queryable, roomId: number, bucketSeconds: number): Promise<{ at: number; n: number }[]> {
  const rows = await k(d)
    .selectFrom('live_comments')
    .select((eb) => [eb(eb('create_timestamp', '/', bucketSeconds), '*', bucketSeconds).as('at'), eb.fn.countAll<string | number>().as('n')])
    .where('room_id', '=', roomId)
    .groupBy('at')
    .orderBy('at')
    .execute()
  return rows.map((r) => ({ at: Number(r.at), n: Number(r.n) }))
}
