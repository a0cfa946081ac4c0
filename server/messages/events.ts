// What makes a message (issue 12): likes, comments, replies, mentions, follows (interaction) and the
// review of one's content (notification; a rejection also records a violation that the author can
// appeal). Called by the services that do these things, after their write.
import type { Db } from '../db/db'
import { excerpt, MESSAGE_TEXTS as T, notify } from './messages'
import { liveUserIds } from '../accounts/users-repository'
import { findPost } from '../posting/posts-repository'
import { insertViolation } from '../interaction/violations-repository'

export interface PostRef {
  id: number
  user_id: number
  title: string
  content: string
}
export interface CommentRef {
  id: number
  user_id: number
  source: 'post' | 'news'
  ref_id: number
  content: string
}

export const postSubject = (p: { title: string; content: string }): string => p.title || excerpt(p.content)
export const commentLink = (c: { source: 'post' | 'news'; ref_id: number }): string => (c.source === 'post' ? `/p/${c.ref_id}` : `/news/${c.ref_id}`)

export const onPostLiked = (db: Db, likerId: number, post: PostRef, now: number) =>
  notify(db, { userId: Number(post.user_id), sourceType: 'interaction', type: 'like', actorId: likerId, content: T.likedPost, subject: postSubject(post), link: `/p/${post.id}`, ref: { source: 'post', id: Number(post.id) }, nowSeconds: now })

export const onCommentLiked = (db: Db, likerId: number, comment: CommentRef, now: number) =>
  notify(db, {
    userId: Number(comment.user_id),
    sourceType: 'interaction',
    type: 'like',
    actorId: likerId,
    content: T.likedComment,
    subject: excerpt(comment.content),
    link: commentLink(comment),
    ref: { source: 'comment', id: Number(comment.id) },
    nowSeconds: now,
  })

/** A new comment tells the replied-to comment's author, else the post's author; shown once the comment is approved. */
export async function onCommentCreated(db: Db, comment: CommentRef, parent: CommentRef | null, now: number): Promise<void> {
  const common = { sourceType: 'interaction' as const, type: 'comment', actorId: Number(comment.user_id), link: commentLink(comment), ref: { source: 'comment' as const, id: comment.id }, nowSeconds: now }
  if (parent) {
    await notify(db, { ...common, userId: Number(parent.user_id), content: `${T.repliedComment}：${comment.content}`, subject: excerpt(parent.content) })
    return
  }
  if (comment.source !== 'post') return
  const post = await findPost(db, comment.ref_id)
  if (post) await notify(db, { ...common, userId: Number(post.user_id), content: `${T.commentedPost}：${comment.content}`, subject: postSubject(post) })
}

/** Users mentioned in a post (existing accounts, each once, never the author); shown once the post is approved. */
export async function onMentions(db: Db, post: PostRef, userIds: readonly number[], now: number): Promise<void> {
  const ids = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647 && id !== Number(post.user_id))
  if (ids.length === 0) return
  for (const id of await liveUserIds(db, ids)) {
    await notify(db, { userId: id, sourceType: 'interaction', type: 'mention', actorId: Number(post.user_id), content: T.mentioned, subject: postSubject(post), link: `/p/${post.id}`, ref: { source: 'post', id: Number(post.id) }, nowSeconds: now })
  }
}

export const onFollowed = (db: Db, followerId: number, followeeId: number, now: number) =>
  notify(db, { userId: followeeId, sourceType: 'interaction', type: 'follow', actorId: followerId, content: T.followed, link: `/user/${followerId}`, nowSeconds: now })

export const DEFAULT_VIOLATION_REASON = '内容违反社区规范'

/** The author hears the outcome of a review; a rejection records a violation (appealable once). */
export async function onReviewed(db: Db, kind: 'post' | 'comment', row: { id: number; user_id: number; subject: string; link: string }, approve: boolean, now: number, reason = DEFAULT_VIOLATION_REASON): Promise<void> {
  const content = kind === 'post' ? (approve ? T.postApproved : T.postRejected) : approve ? T.commentApproved : T.commentRejected
  await notify(db, { userId: Number(row.user_id), sourceType: 'notification', type: 'review', actorId: null, content: approve ? content : `${content}：${reason}`, subject: row.subject, link: row.link, nowSeconds: now })
  if (!approve) {
    await insertViolation(db, { user_id: row.user_id, source: kind, ref_id: row.id, subject: excerpt(row.subject, 290), reason, create_timestamp: now })
  }
}
