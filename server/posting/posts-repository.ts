// The posts table (migrations 006, 011, 014): every query on it, its row type and the one list row
// (a post with its author and topic) that the community lists, the dynamics and the personal reads
// share. Services (posts.ts, server/interaction/dynamics.ts, server/reading/community/community.ts)
// decide who sees what and own the transactions; they pass `trx` where a write is part of one.
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely'
import type { Database, PostsTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type PostRow = Selectable<PostsTable>
export type PostStatus = PostRow['status']

/** What a post's own reads and writes return (the dialog, the editor's drafts, the review). */
const OWN_COLUMNS = ['id', 'user_id', 'kind', 'status', 'title', 'content', 'body_tokens', 'create_timestamp', 'update_timestamp'] as const
export type OwnPostRow = Pick<PostRow, (typeof OWN_COLUMNS)[number]>

type PostsDb = Database & { p: PostsTable }
type P = ExpressionBuilder<PostsDb, 'p'>
/** Conditions on `posts as p`, built apart from the query they go into (the same SQL in every query). */
const pb = (): P => expressionBuilder<PostsDb, 'p'>()

// --- who sees a post (spec 000 §4; the same rule as server/posting/visibility.ts, as builder expressions) ---

/** `p` is approved, or under review with its automatic approval time passed. */
export const approvedAt = (eb: P, now: number): Expression<SqlBool> =>
  eb.or([eb('p.status', '=', 'approved'), eb.and([eb('p.status', '=', 'reviewing'), eb('p.review_due', 'is not', null), eb('p.review_due', '<=', now)])])

/** Which posts a query takes (all of them are ANDed). */
export interface PostWhere {
  id?: number
  notId?: number
  userId?: number
  /** any of these authors */
  userIds?: readonly number[]
  kind?: 'discussion' | 'article'
  top?: boolean
  essence?: boolean
  topicId?: number
  /** names this stock code */
  stock?: string
  /** created at or after (seconds) */
  since?: number
  /** created before (seconds): the cursor */
  before?: number
  /** approved now (or due) at this time */
  approvedAt?: number
  /** approved now, or the reader's own that is not a draft */
  visibleTo?: { readerId: number | null; now: number }
  notDraft?: boolean
  /** the author closed its comments */
  commentsClosed?: boolean
  /** my-publish's tabs: under review and not yet due; rejected */
  reviewingAt?: number
  status?: PostStatus
  /** the follow home: the reader's own, or approved posts of the people they follow */
  ownOrFollowed?: { readerId: number; now: number }
}

function where(w: PostWhere): Expression<SqlBool> {
  const eb = pb()
  const and: Expression<SqlBool>[] = []
  if (w.id !== undefined) and.push(eb('p.id', '=', w.id))
  if (w.notId !== undefined) and.push(eb('p.id', '<>', w.notId))
  if (w.userId !== undefined) and.push(eb('p.user_id', '=', w.userId))
  // `= ANY(array)` as before: one parameter, whatever the list's length
  if (w.userIds !== undefined) and.push(eb('p.user_id', '=', eb.fn.any(eb.val([...w.userIds]))))
  if (w.kind !== undefined) and.push(eb('p.kind', '=', w.kind))
  if (w.top !== undefined) and.push(w.top ? eb.ref('p.top') : eb.not(eb.ref('p.top')))
  if (w.essence) and.push(eb.ref('p.essence'))
  if (w.topicId !== undefined) and.push(eb('p.topic_id', '=', w.topicId))
  if (w.stock !== undefined) and.push(eb(eb.val(w.stock), '=', eb.fn.any('p.stocks')))
  if (w.since !== undefined) and.push(eb('p.create_timestamp', '>=', w.since))
  if (w.before !== undefined) and.push(eb('p.create_timestamp', '<', w.before))
  if (w.approvedAt !== undefined) and.push(approvedAt(eb, w.approvedAt))
  if (w.visibleTo) {
    const { readerId, now } = w.visibleTo
    and.push(eb.or([approvedAt(eb, now), eb.and([eb('p.user_id', '=', readerId ?? 0), eb('p.status', '<>', 'draft')])]))
  }
  if (w.notDraft) and.push(eb('p.status', '<>', 'draft'))
  if (w.commentsClosed) and.push(eb.ref('p.comments_closed'))
  if (w.reviewingAt !== undefined) and.push(eb.and([eb('p.status', '=', 'reviewing'), eb.not(approvedAt(eb, w.reviewingAt))]))
  if (w.status !== undefined) and.push(eb('p.status', '=', w.status))
  if (w.ownOrFollowed) {
    const { readerId, now } = w.ownOrFollowed
    const followed = eb.selectFrom('friendships').select('followee_id').where('follower_id', '=', readerId)
    and.push(eb.or([eb('p.user_id', '=', readerId), eb.and([eb('p.user_id', 'in', followed), approvedAt(eb, now)])]))
  }
  return eb.and(and)
}

/** Heat of a post: likes, comments weigh double, reads a little. */
const heat = (): Expression<number> => {
  const eb = pb()
  return eb(eb('p.like_count', '+', eb('p.comment_count', '*', eb.lit(2))), '+', eb('p.read_count', '/', eb.lit(100)))
}

export type PostOrder =
  | 'newest'
  | 'heat'
  /** recommended next to a post: sharing its stocks first, then its topic, then the hottest */
  | { like: { stocks: readonly string[]; topicId: number | null } }

// --- the list row ------------------------------------------------------------------------------

const CARD_COLUMNS = [
  'p.id', 'p.kind', 'p.status', 'p.review_due', 'p.reject_reason', 'p.title', 'p.content', 'p.body_tokens', 'p.user_id', 'p.topic_id',
  'p.stocks', 'p.picture_urls', 'p.like_count', 'p.comment_count', 'p.fav_count', 'p.read_count', 'p.top', 'p.essence', 'p.comments_closed',
  'p.create_timestamp',
] as const

/** A post as lists and details show it: its author's nick and avatar, its topic's name; `liked`/`favorited` when read for a reader. */
export type PostCardRow = Pick<PostRow, 'id' | 'kind' | 'status' | 'review_due' | 'reject_reason' | 'title' | 'content' | 'body_tokens' | 'user_id' | 'topic_id' | 'stocks' | 'picture_urls' | 'like_count' | 'comment_count' | 'fav_count' | 'read_count' | 'top' | 'essence' | 'comments_closed' | 'create_timestamp'> & {
  nick: string
  avatar: string
  topic_name: string | null
  liked: boolean
  favorited: boolean
}

export interface CardQuery {
  where: PostWhere
  order?: PostOrder
  limit?: number
  offset?: number
  /** adds whether this reader liked and favourited each post (the dynamics); omitted → false, no subqueries */
  reader?: number | null
}

/** Posts with author and topic, in the given order (ties: newest id first). One statement. */
export async function listPostCards(d: Queryable, q: CardQuery): Promise<PostCardRow[]> {
  let query = k(d)
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('topics as t', 't.id', 'p.topic_id')
    .select([...CARD_COLUMNS, 'u.nick', 'u.avatar', 't.name as topic_name'])
    .select((eb) =>
      q.reader === undefined
        ? [eb.lit(false).as('liked'), eb.lit(false).as('favorited')]
        : [
            eb.exists(eb.selectFrom('post_likes as l').select(eb.lit(1).as('one')).whereRef('l.post_id', '=', 'p.id').where('l.user_id', '=', q.reader ?? 0)).as('liked'),
            eb
              .exists(eb.selectFrom('favorites as f').select(eb.lit(1).as('one')).where('f.source', '=', 'post').whereRef('f.ref_id', '=', 'p.id').where('f.user_id', '=', q.reader ?? 0))
              .as('favorited'),
          ],
    )
    .where(where(q.where))
  const order = q.order ?? 'newest'
  if (order === 'newest') query = query.orderBy('p.create_timestamp', 'desc')
  else if (order === 'heat') query = query.orderBy(heat(), 'desc')
  else {
    const { stocks, topicId } = order.like
    query = query
      // `&&` with the array typed: an empty list must still be text[] (kysely sends arrays untyped)
      .orderBy(sql<boolean>`(p.stocks && ${[...stocks]}::text[])`, 'desc')
      .orderBy((eb) => eb('p.topic_id', 'is not distinct from', topicId), 'desc')
      .orderBy(heat(), 'desc')
  }
  query = query.orderBy('p.id', 'desc')
  if (q.limit !== undefined) query = query.limit(q.limit)
  if (q.offset !== undefined) query = query.offset(q.offset)
  const rows = await query.execute()
  return rows.map((r) => ({ ...r, liked: Boolean(r.liked), favorited: Boolean(r.favorited) }))
}

/** How many posts match (no joins). */
export async function countPosts(d: Queryable, w: PostWhere): Promise<number> {
  const row = await k(d)
    .selectFrom('posts as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where(w))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** The reader's posts by status (my-publish's totals), in one statement. */
export async function countByStatus(d: Queryable, userId: number, now: number): Promise<{ approved: number; reviewing: number; rejected: number; drafts: number }> {
  const row = await k(d)
    .selectFrom('posts as p')
    .select((eb) => {
      const approved = approvedAt(pb(), now)
      return [
        eb.fn.countAll<number>().filterWhere(approved).as('approved'),
        eb.fn.countAll<number>().filterWhere(eb.and([eb('p.status', '=', 'reviewing'), eb.not(approved)])).as('reviewing'),
        eb.fn.countAll<number>().filterWhere('p.status', '=', 'rejected').as('rejected'),
        eb.fn.countAll<number>().filterWhere('p.status', '=', 'draft').as('drafts'),
      ]
    })
    .where('p.user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return { approved: Number(row.approved), reviewing: Number(row.reviewing), rejected: Number(row.rejected), drafts: Number(row.drafts) }
}

// --- one post -----------------------------------------------------------------------------------

export async function findPost(d: Queryable, id: number): Promise<OwnPostRow | undefined> {
  return k(d).selectFrom('posts').select(OWN_COLUMNS).where('id', '=', id).executeTakeFirst()
}

/** A post's author, status and pin, when `where` lets the reader see it. */
export async function findPostState(d: Queryable, w: PostWhere): Promise<Pick<PostRow, 'user_id' | 'status' | 'review_due' | 'top'> | undefined> {
  return k(d)
    .selectFrom('posts as p')
    .select(['p.user_id', 'p.status', 'p.review_due', 'p.top'])
    .where(where(w))
    .executeTakeFirst()
}

/** Its stocks and topic (the recommendations next to it), when it matches. */
export async function findPostRefs(d: Queryable, w: PostWhere): Promise<Pick<PostRow, 'stocks' | 'topic_id'> | undefined> {
  return k(d)
    .selectFrom('posts as p')
    .select(['p.stocks', 'p.topic_id'])
    .where(where(w))
    .executeTakeFirst()
}

export async function postExists(d: Queryable, w: PostWhere): Promise<boolean> {
  const row = await k(d)
    .selectFrom('posts as p')
    .select((eb) => eb.lit(1).as('one'))
    .where(where(w))
    .executeTakeFirst()
  return row !== undefined
}

// --- writes -------------------------------------------------------------------------------------

export async function insertPost(
  d: Queryable,
  values: {
    user_id: number
    kind: 'discussion' | 'article'
    status: PostStatus
    title: string
    content: string
    body_tokens: string | null
    topic_id?: number | null
    picture_urls?: string[]
    stocks?: string[]
    ref_contents?: string[]
    risk_tip_id?: number | null
    review_due?: number | null
    create_timestamp: number
    update_timestamp: number
  },
): Promise<OwnPostRow> {
  return k(d).insertInto('posts').values(values).returning(OWN_COLUMNS).executeTakeFirstOrThrow()
}

export async function updatePost(
  d: Queryable,
  id: number,
  set: Partial<{
    status: PostStatus
    title: string
    content: string
    body_tokens: string | null
    picture_urls: string[]
    stocks: string[]
    review_due: number | null
    create_timestamp: number
    update_timestamp: number
    top: boolean
    essence: boolean
    comments_closed: boolean
  }>,
  onlyIf?: { status: PostStatus },
): Promise<OwnPostRow | undefined> {
  let q = k(d).updateTable('posts').set(set).where('id', '=', id)
  if (onlyIf) q = q.where('status', '=', onlyIf.status)
  return q.returning(OWN_COLUMNS).executeTakeFirst()
}

export async function deletePostRow(d: Queryable, id: number): Promise<void> {
  await k(d).deleteFrom('posts').where('id', '=', id).execute()
}

/** The author's drafts, last edited first. */
export async function listDrafts(d: Queryable, userId: number, limit: number, offset: number): Promise<OwnPostRow[]> {
  return k(d)
    .selectFrom('posts')
    .select(OWN_COLUMNS)
    .where('user_id', '=', userId)
    .where('status', '=', 'draft')
    .orderBy('update_timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** posts.fav_count = its favourites; answers the new count. */
export async function recountFavorites(d: Queryable, id: number): Promise<number> {
  const row = await k(d)
    .updateTable('posts')
    .set((eb) => ({ fav_count: eb.selectFrom('favorites').select((e) => e.fn.countAll<number>().as('n')).where('source', '=', 'post').where('ref_id', '=', id) }))
    .where('id', '=', id)
    .returning('fav_count')
    .executeTakeFirst()
  return Number(row?.fav_count ?? 0)
}

/** How many posts the author has pinned. */
export async function countPinned(d: Queryable, userId: number): Promise<number> {
  const row = await k(d).selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('top', '=', true).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** posts.like_count = its likes; answers the new count. */
export async function recountLikes(d: Queryable, id: number): Promise<number> {
  const row = await k(d)
    .updateTable('posts')
    .set((eb) => ({ like_count: eb.selectFrom('post_likes').select((e) => e.fn.countAll<number>().as('n')).where('post_id', '=', id) }))
    .where('id', '=', id)
    .returning('like_count')
    .executeTakeFirst()
  return Number(row?.like_count ?? 0)
}

/** posts.comment_count = the post's approved comments. */
export async function recountComments(d: Queryable, postId: number): Promise<void> {
  await k(d)
    .updateTable('posts')
    .set((eb) => ({
      comment_count: eb
        .selectFrom('comments as c')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('c.source', '=', 'post')
        .where('c.ref_id', '=', postId)
        .where('c.status', '=', 'approved'),
    }))
    .where('id', '=', postId)
    .execute()
}

/** Approves every post whose automatic review time (seconds) has come. */
export async function approveDuePosts(d: Queryable, now: number): Promise<void> {
  await k(d).updateTable('posts').set({ status: 'approved', review_due: null }).where('status', '=', 'reviewing').where('review_due', 'is not', null).where('review_due', '<=', now).execute()
}

// --- likes --------------------------------------------------------------------------------------

/** Whether the like was new. */
export async function addPostLike(d: Queryable, postId: number, userId: number, now: number): Promise<boolean> {
  const added = await k(d).insertInto('post_likes').values({ post_id: postId, user_id: userId, create_timestamp: now }).onConflict((oc) => oc.doNothing()).returning('post_id').execute()
  return added.length > 0
}

export async function removePostLike(d: Queryable, postId: number, userId: number): Promise<void> {
  await k(d).deleteFrom('post_likes').where('post_id', '=', postId).where('user_id', '=', userId).execute()
}
