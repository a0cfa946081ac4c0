// Comments on posts and news, with replies and likes (spec 000 §3 Comment; §7 POST /api/comments/v2,
// DELETE /api/comments/{id}/v1, POST and DELETE /api/comments/{id}/like/v1). One row shape and mapper.
// Comments start under review like posts (spec 000 §4) and are shown to others once approved.
import { sql } from 'kysely'
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import { REPLIES_SHOWN, type CommentItem, type CommentThread, type ContentSource, type ReviewStatus } from '../../core/api/posting'
import { cursorPage } from '../../core/api/page'
import { COMMENT_CONTENT_MAX, POSTING_MESSAGES as M } from '../../core/posting/limits'
import { isAcceptedImageUrl } from '../../core/posting/rich-text'
import { bodyForSubmit } from '../../core/validation/post-body'
import { checkTarget } from './favorites'
import type { Ctx } from './posts'
import { dueSeconds, recountComments } from './review'
import { statusNow, visibleTo } from './visibility'
import { commentLink, onCommentCreated, onCommentLiked, onReviewed } from '../messages/events'
import { excerpt } from '../messages/messages'

export interface CommentRow {
  id: number
  user_id: number
  nick: string
  avatar: string
  source: ContentSource
  ref_id: number
  reply_comment_id: number | null
  root_id: number | null
  reply_user_id: number | null
  reply_nick: string | null
  content: string
  picture_urls: string[]
  status: ReviewStatus
  like_count: number
  reply_count: number
  create_timestamp: number
  review_due: number | null
}

const SELECT = sql`SELECT c.id, c.user_id, u.nick, u.avatar, c.source, c.ref_id, c.reply_comment_id, c.root_id, c.reply_user_id,
  ru.nick AS reply_nick, c.content, c.picture_urls, c.status, c.like_count, c.reply_count, c.create_timestamp, c.review_due
  FROM comments c JOIN users u ON u.id = c.user_id LEFT JOIN users ru ON ru.id = c.reply_user_id`

/** `now` (seconds) tells a due automatic approval as approved (visibility.ts). */
export function toComment(r: CommentRow, now?: number): CommentItem {
  return {
    id: Number(r.id),
    source: r.source,
    refId: Number(r.ref_id),
    author: { id: Number(r.user_id), nick: r.nick, avatar: r.avatar },
    content: r.content,
    pictureUrls: r.picture_urls,
    replyCommentId: r.reply_comment_id === null ? null : Number(r.reply_comment_id),
    replyUser: r.reply_user_id === null ? null : { id: Number(r.reply_user_id), nick: r.reply_nick ?? '' },
    status: now === undefined ? r.status : statusNow(r, now),
    likeCount: Number(r.like_count),
    replyCount: Number(r.reply_count),
    createTimestamp: Number(r.create_timestamp),
  }
}

export async function getComment(db: Db, id: number): Promise<CommentRow | null> {
  return (await sql<CommentRow>`${SELECT} WHERE c.id = ${id}`.execute(db.kysely)).rows[0] ?? null
}

/** A comment this reader may reply to or like: approved; the author's own under review is 403 内容审核中. */
async function actionableComment(db: Db, id: number, userId: number): Promise<CommentRow> {
  const row = await getComment(db, id)
  if (!row || (row.status !== 'approved' && row.user_id !== userId)) throw notFound(M.commentNotFound)
  if (row.status !== 'approved') throw new ApiError(403, M.underReview)
  return row
}

export async function createComment(
  ctx: Ctx,
  userId: number,
  input: { source: ContentSource; refId: number; content: string; pictureUrls?: readonly string[] | undefined; replyCommentId?: number | null | undefined; retweet?: boolean | undefined; riskTipId?: number | null | undefined },
): Promise<CommentItem> {
  const pictures = input.pictureUrls ?? []
  if (!pictures.every(isAcceptedImageUrl)) throw new ApiError(400, M.badImage)
  const content = bodyForSubmit(input.content, 0)
  if (content === '' && pictures.length === 0) throw new ApiError(400, M.emptyBody)
  if (content.length > COMMENT_CONTENT_MAX) throw new ApiError(400, `评论不能超过${COMMENT_CONTENT_MAX}字`)
  await checkTarget(ctx.db, input.source, input.refId, userId)
  // spec 000 §5: a closed comment shows 'this content has restricted comments'
  if (input.source === 'post' && (await sql`SELECT 1 FROM posts WHERE id = ${input.refId} AND comments_closed`.execute(ctx.db.kysely)).rows[0]) {
    throw new ApiError(403, M.commentsRestricted)
  }
  let parent: CommentRow | null = null
  if (input.replyCommentId != null) {
    parent = await actionableComment(ctx.db, input.replyCommentId, userId)
    if (parent.source !== input.source || Number(parent.ref_id) !== input.refId) throw new ApiError(400, M.replyElsewhere)
  }
  const verdict = await ctx.moderation.checkText(content)
  if (!verdict.pass) throw new ApiError(400, M.forbiddenWords)
  const now = Math.floor(ctx.nowMs / 1000)
  const rootId = parent ? Number(parent.root_id ?? parent.id) : null
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const inserted = (
      await sql<{ id: number }>`INSERT INTO comments (user_id, source, ref_id, reply_comment_id, root_id, reply_user_id, content, picture_urls, retweet, risk_tip_id, status, review_due, create_timestamp)
        VALUES (${userId}, ${input.source}, ${input.refId}, ${parent ? Number(parent.id) : null}, ${rootId}, ${parent ? Number(parent.user_id) : null},
          ${content}, ${pictures as string[]}, ${input.retweet ?? false}, ${input.riskTipId ?? null}, 'reviewing',
          ${dueSeconds(ctx.moderation.autoApproveAt(ctx.nowMs))}, ${now}) RETURNING id`.execute(trx)
    ).rows[0]!
    if (rootId !== null) await sql`UPDATE comments SET reply_count = reply_count + 1 WHERE id = ${rootId}`.execute(trx)
    return Number(inserted.id)
  })
  const created = (await getComment(ctx.db, id))!
  await onCommentCreated(ctx.db, created, parent, now)
  return toComment(created)
}

/** The author deletes a comment (its replies go with it); others 403; unknown 404. */
export async function deleteComment(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await getComment(db, id)
  if (!row || (row.status !== 'approved' && row.user_id !== userId)) throw notFound(M.commentNotFound)
  if (row.user_id !== userId) throw new ApiError(403, M.notOwner)
  await db.kysely.transaction().execute(async (trx) => {
    if (row.root_id !== null) await sql`UPDATE comments SET reply_count = GREATEST(reply_count - 1, 0) WHERE id = ${row.root_id}`.execute(trx)
    await sql`DELETE FROM comments WHERE id = ${id}`.execute(trx)
  })
  if (row.source === 'post') await recountComments(db, Number(row.ref_id))
  return true
}

export async function setCommentLike(db: Db, userId: number, id: number, liked: boolean, nowMs: number): Promise<{ liked: boolean; likeCount: number }> {
  const comment = await actionableComment(db, id, userId)
  if (liked) {
    const added = await sql`INSERT INTO comment_likes (comment_id, user_id, create_timestamp) VALUES (${id}, ${userId}, ${Math.floor(nowMs / 1000)}) ON CONFLICT DO NOTHING RETURNING comment_id`.execute(db.kysely)
    if (added.rows.length) await onCommentLiked(db, userId, comment, Math.floor(nowMs / 1000))
  } else await sql`DELETE FROM comment_likes WHERE comment_id = ${id} AND user_id = ${userId}`.execute(db.kysely)
  const row = (
    await sql<{ like_count: number }>`UPDATE comments SET like_count = (SELECT count(*) FROM comment_likes WHERE comment_id = ${id}) WHERE id = ${id} RETURNING like_count`.execute(db.kysely)
  ).rows[0]
  return { liked, likeCount: Number(row?.like_count ?? 0) }
}

/** The sandbox (and a real moderator later): decide a comment under review. */
export async function decideComment(db: Db, id: number, approve: boolean, nowSeconds: number): Promise<ReviewStatus> {
  const row = (
    await sql<{ status: ReviewStatus; source: ContentSource; ref_id: number; user_id: number; content: string }>`UPDATE comments SET status = ${approve ? 'approved' : 'rejected'}, review_due = NULL
      WHERE id = ${id} AND status = 'reviewing' RETURNING status, source, ref_id, user_id, content`.execute(db.kysely)
  ).rows[0]
  if (!row) throw notFound(M.commentNotFound)
  await onReviewed(db, 'comment', { id, user_id: Number(row.user_id), subject: excerpt(row.content), link: commentLink(row) }, approve, nowSeconds)
  if (row.source === 'post') await recountComments(db, Number(row.ref_id))
  return row.status
}

export const COMMENT_PAGE_SIZE = 20

/**
 * A post's or a news article's comments, newest first, before `before` (seconds): approved ones, and
 * the reader's own under review (spec 000 §4: content under review is visible to its author only).
 */
export async function listComments(
  db: Db,
  source: ContentSource,
  refId: number,
  readerId: number | null,
  at: { before?: number | undefined; count: number },
  now: number,
): Promise<{ list: CommentThread[]; hasMore: boolean }> {
  if (source === 'post') {
    const post = (await sql`SELECT 1 FROM posts p WHERE p.id = ${refId} AND ${visibleTo('p', readerId, now)}`.execute(db.kysely)).rows[0]
    if (!post) throw notFound(M.postNotFound)
  } else if (!(await sql`SELECT 1 FROM articles WHERE id = ${refId}`.execute(db.kysely)).rows[0]) throw notFound(M.newsNotFound)
  const visible = visibleTo('c', readerId, now)
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const roots = (
    await sql<CommentRow>`${SELECT} WHERE c.source = ${source} AND c.ref_id = ${refId} AND c.root_id IS NULL AND ${visible}
      AND c.create_timestamp < ${before} ORDER BY c.create_timestamp DESC, c.id DESC LIMIT ${at.count + 1}`.execute(db.kysely)
  ).rows
  const page = cursorPage(roots, at.count, (r) => Number(r.create_timestamp))
  const ids = page.list.map((r) => Number(r.id))
  const replies = ids.length
    ? (
        await sql<CommentRow & { n: number }>`SELECT * FROM (SELECT r.*, row_number() OVER (PARTITION BY r.root_id ORDER BY r.create_timestamp DESC, r.id DESC) AS n
          FROM (${SELECT} WHERE c.root_id IN (${sql.join(ids)}) AND ${visible}) r) x WHERE x.n <= ${REPLIES_SHOWN} ORDER BY x.create_timestamp, x.id`.execute(db.kysely)
      ).rows
    : []
  return {
    list: page.list.map((r) => ({ ...toComment(r, now), replies: replies.filter((x) => Number(x.root_id) === Number(r.id)).map((x) => toComment(x, now)) })),
    hasMore: page.hasMore,
  }
}
