// Comments on posts and news, with replies and likes (spec 000 §3 Comment; §7 POST /api/comments/v2,
// DELETE /api/comments/{id}/v1, POST and DELETE /api/comments/{id}/like/v1). One row shape and mapper.
// Comments start under review like posts (spec 000 §4) and are shown to others once approved.
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
import { statusNow } from './visibility'
import * as comments from './comments-repository'
import type { CommentRow } from './comments-repository'
import { postExists } from './posts-repository'
import { articleExists } from '../content/articles-repository'
import { commentLink, onCommentCreated, onCommentLiked, onReviewed } from '../messages/events'
import { excerpt } from '../messages/messages'

export type { CommentRow } from './comments-repository'

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
  return (await comments.findComment(db, id)) ?? null
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
  if (input.source === 'post' && (await postExists(ctx.db, { id: input.refId, commentsClosed: true }))) {
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
    const inserted = await comments.insertComment(trx, {
      user_id: userId,
      source: input.source,
      ref_id: input.refId,
      reply_comment_id: parent ? Number(parent.id) : null,
      root_id: rootId,
      reply_user_id: parent ? Number(parent.user_id) : null,
      content,
      picture_urls: [...pictures],
      retweet: input.retweet ?? false,
      risk_tip_id: input.riskTipId ?? null,
      status: 'reviewing',
      review_due: dueSeconds(ctx.moderation.autoApproveAt(ctx.nowMs)),
      create_timestamp: now,
    })
    if (rootId !== null) await comments.addReplyCount(trx, rootId, 1)
    return inserted
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
    if (row.root_id !== null) await comments.addReplyCount(trx, row.root_id, -1)
    await comments.deleteComment(trx, id)
  })
  if (row.source === 'post') await recountComments(db, Number(row.ref_id))
  return true
}

export async function setCommentLike(db: Db, userId: number, id: number, liked: boolean, nowMs: number): Promise<{ liked: boolean; likeCount: number }> {
  const comment = await actionableComment(db, id, userId)
  if (liked) {
    if (await comments.addCommentLike(db, id, userId, Math.floor(nowMs / 1000))) await onCommentLiked(db, userId, comment, Math.floor(nowMs / 1000))
  } else await comments.removeCommentLike(db, id, userId)
  return { liked, likeCount: await comments.recountCommentLikes(db, id) }
}

/** The sandbox (and a real moderator later): decide a comment under review. */
export async function decideComment(db: Db, id: number, approve: boolean, nowSeconds: number): Promise<ReviewStatus> {
  const row = await comments.decideComment(db, id, approve ? 'approved' : 'rejected')
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
    if (!(await postExists(db, { id: refId, visibleTo: { readerId, now } }))) throw notFound(M.postNotFound)
  } else if (!(await articleExists(db, refId))) throw notFound(M.newsNotFound)
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const roots = await comments.listRootComments(db, { source, refId, readerId, now, before, limit: at.count + 1 })
  const page = cursorPage(roots, at.count, (r) => Number(r.create_timestamp))
  const replies = await comments.listReplies(db, { rootIds: page.list.map((r) => Number(r.id)), readerId, now, perRoot: REPLIES_SHOWN })
  return {
    list: page.list.map((r) => ({ ...toComment(r, now), replies: replies.filter((x) => Number(x.root_id) === Number(r.id)).map((x) => toComment(x, now)) })),
    hasMore: page.hasMore,
  }
}
