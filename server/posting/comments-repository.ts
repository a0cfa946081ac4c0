// The comments table (011_posting.sql; spec 000 §3 Comment) and comment_likes: every query on them,
// the list row (a comment with its author and the replied-to author) and its shape.
import { expressionBuilder, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely'
import type { CommentsTable, Database } from '../db/schema'
import { k, type Queryable } from '../db/queryable'
import { approvedNow, visibleTo as visibleToReader } from './visibility'

/** Every comment on one item (the item is deleted). */
export async function deleteCommentsOf(d: Queryable, source: 'post' | 'news', refId: number): Promise<void> {
  await k(d).deleteFrom('comments').where('source', '=', source).where('ref_id', '=', refId).execute()
}

/** Approves every comment whose automatic review time (seconds) has come; answers what each was on. */
export async function approveDueComments(d: Queryable, now: number): Promise<{ source: 'post' | 'news'; ref_id: number }[]> {
  return k(d)
    .updateTable('comments')
    .set({ status: 'approved', review_due: null })
    .where('status', '=', 'reviewing')
    .where('review_due', 'is not', null)
    .where('review_due', '<=', now)
    .returning(['source', 'ref_id'])
    .execute()
}

/** A comment with its author's nick and avatar and the replied-to author's nick. */
export type CommentRow = Pick<
  Selectable<CommentsTable>,
  'id' | 'user_id' | 'source' | 'ref_id' | 'reply_comment_id' | 'root_id' | 'reply_user_id' | 'content' | 'picture_urls' | 'status' | 'like_count' | 'reply_count' | 'create_timestamp' | 'review_due'
> & { nick: string; avatar: string; reply_nick: string | null }

type CommentsDb = Database & { c: CommentsTable }
/** `c` approved now (or due), or the reader's own: server/posting/visibility.ts's rule as a builder expression. */
function visibleTo(readerId: number | null, now: number): Expression<SqlBool> {
  const eb = expressionBuilder<CommentsDb, 'c'>()
  const approved = eb.or([eb('c.status', '=', 'approved'), eb.and([eb('c.status', '=', 'reviewing'), eb('c.review_due', 'is not', null), eb('c.review_due', '<=', now)])])
  // (a comment is never a draft: the posts' `status <> 'draft'` has nothing to leave out here)
  return eb.or([approved, eb('c.user_id', '=', readerId ?? 0)])
}

function commentQuery(d: Queryable) {
  return k(d)
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as ru', 'ru.id', 'c.reply_user_id')
    .select([
      'c.id', 'c.user_id', 'u.nick', 'u.avatar', 'c.source', 'c.ref_id', 'c.reply_comment_id', 'c.root_id', 'c.reply_user_id', 'ru.nick as reply_nick',
      'c.content', 'c.picture_urls', 'c.status', 'c.like_count', 'c.reply_count', 'c.create_timestamp', 'c.review_due',
    ])
}

export async function findComment(d: Queryable, id: number): Promise<CommentRow | undefined> {
  return commentQuery(d).where('c.id', '=', id).executeTakeFirst()
}

/** An item's top-level comments this reader may see, newest first, before `before` (seconds). */
export async function listRootComments(d: Queryable, q: { source: 'post' | 'news'; refId: number; readerId: number | null; now: number; before: number; limit: number }): Promise<CommentRow[]> {
  return commentQuery(d)
    .where('c.source', '=', q.source)
    .where('c.ref_id', '=', q.refId)
    .where('c.root_id', 'is', null)
    .where(visibleTo(q.readerId, q.now))
    .where('c.create_timestamp', '<', q.before)
    .orderBy('c.create_timestamp', 'desc')
    .orderBy('c.id', 'desc')
    .limit(q.limit)
    .execute()
}

/** The newest `perRoot` replies of each root this reader may see, oldest first. */
export async function listReplies(d: Queryable, q: { rootIds: readonly number[]; readerId: number | null; now: number; perRoot: number }): Promise<CommentRow[]> {
  if (q.rootIds.length === 0) return []
  const ranked = commentQuery(d)
    .select((eb) => eb.fn.agg<number>('row_number').over((ob) => ob.partitionBy('c.root_id').orderBy('c.create_timestamp', 'desc').orderBy('c.id', 'desc')).as('n'))
    .where('c.root_id', 'in', [...q.rootIds])
    .where(visibleTo(q.readerId, q.now))
  const rows = await k(d).selectFrom(ranked.as('x')).selectAll().where('x.n', '<=', q.perRoot).orderBy('x.create_timestamp').orderBy('x.id').execute()
  return rows.map(({ n: _n, ...r }) => r)
}

export async function insertComment(
  d: Queryable,
  values: Pick<Insertable<CommentsTable>, 'user_id' | 'source' | 'ref_id' | 'reply_comment_id' | 'root_id' | 'reply_user_id' | 'content' | 'picture_urls' | 'retweet' | 'risk_tip_id' | 'status' | 'review_due' | 'create_timestamp'>,
): Promise<number> {
  return Number((await k(d).insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow()).id)
}

/** One more (or one fewer, never below 0) reply under a thread's root. */
export async function addReplyCount(d: Queryable, rootId: number, by: 1 | -1): Promise<void> {
  await k(d)
    .updateTable('comments')
    .set((eb) => ({ reply_count: by === 1 ? eb('reply_count', '+', 1) : eb.fn<number>('greatest', [eb('reply_count', '-', 1), eb.lit(0)]) }))
    .where('id', '=', rootId)
    .execute()
}

export async function deleteComment(d: Queryable, id: number): Promise<void> {
  await k(d).deleteFrom('comments').where('id', '=', id).execute()
}

/** Decides a comment under review; undefined when it was not under review. */
export async function decideComment(d: Queryable, id: number, status: 'approved' | 'rejected') {
  return k(d)
    .updateTable('comments')
    .set({ status, review_due: null })
    .where('id', '=', id)
    .where('status', '=', 'reviewing')
    .returning(['status', 'source', 'ref_id', 'user_id', 'content'])
    .executeTakeFirst()
}

/** Whether the like was new. */
export async function addCommentLike(d: Queryable, commentId: number, userId: number, now: number): Promise<boolean> {
  const added = await k(d).insertInto('comment_likes').values({ comment_id: commentId, user_id: userId, create_timestamp: now }).onConflict((oc) => oc.doNothing()).returning('comment_id').execute()
  return added.length > 0
}

export async function removeCommentLike(d: Queryable, commentId: number, userId: number): Promise<void> {
  await k(d).deleteFrom('comment_likes').where('comment_id', '=', commentId).where('user_id', '=', userId).execute()
}

/** comments.like_count = its likes; answers the new count. */
export async function recountCommentLikes(d: Queryable, id: number): Promise<number> {
  const row = await k(d)
    .updateTable('comments')
    .set((eb) => ({ like_count: eb.selectFrom('comment_likes').select((e) => e.fn.countAll<number>().as('n')).where('comment_id', '=', id) }))
    .where('id', '=', id)
    .returning('like_count')
    .executeTakeFirst()
  return Number(row?.like_count ?? 0)
}

/** The author of a comment that is approved now (or due), or undefined. */
export async function approvedCommentAuthor(d: Queryable, id: number, now: number): Promise<number | undefined> {
  const r = await k(d).selectFrom('comments as c').select('c.user_id').where('c.id', '=', id).where(approvedNow('c', now)).executeTakeFirst()
  return r?.user_id
}

/** A comment in the personal lists: with the title of what it is on (a post's title or first 60 characters, a news title). */
export type CommentWithTargetRow = CommentRow & { target_title: string }

/**
 * The personal comment lists, newest first, before `before` (seconds): `mine` — the reader's comments,
 * every status, on news or on a post still there for them; `toMe` — approved comments by others on the
 * reader's posts or replying to the reader.
 */
export async function listPersonalComments(d: Queryable, q: { list: 'mine' | 'toMe'; readerId: number; now: number; before: number; limit: number }): Promise<CommentWithTargetRow[]> {
  return commentQuery(d)
    .leftJoin('posts as p', (j) => j.on('c.source', '=', 'post').onRef('p.id', '=', 'c.ref_id'))
    .leftJoin('articles as a', (j) => j.on('c.source', '=', 'news').onRef('a.id', '=', 'c.ref_id'))
    .select((eb) => eb.fn.coalesce(eb.fn<string | null>('nullif', ['p.title', eb.val('')]), eb.fn<string>('left', ['p.content', eb.lit(60)]), 'a.title', eb.val('')).as('target_title'))
    .where((eb) =>
      q.list === 'mine'
        ? eb.and([eb('c.user_id', '=', q.readerId), eb.or([eb('c.source', '=', 'news'), eb.and([eb('p.id', 'is not', null), visibleToReader('p', q.readerId, q.now)])])])
        : eb.and([
            eb('c.user_id', '<>', q.readerId),
            approvedNow('c', q.now),
            eb.or([eb('c.reply_user_id', '=', q.readerId), eb.and([eb('c.source', '=', 'post'), eb('p.user_id', '=', q.readerId)])]),
          ]),
    )
    .where('c.create_timestamp', '<', q.before)
    .orderBy('c.create_timestamp', 'desc')
    .orderBy('c.id', 'desc')
    .limit(q.limit)
    .execute()
}
