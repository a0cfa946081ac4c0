// Dynamics as the community shows them (spec 000 §7 community reads: my-dynamics, dynamic detail, top
// content, follow home; §4 pin (top) and essence; §5 closed comments) and the reader's own posts
// (my-publish, post total), plus the hot-content application. One row shape and mapper; every read
// goes through the read-time visibility (server/posting/visibility.ts).
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import type { Dynamic } from '../../core/api/interaction'
import type { ReviewStatus } from '../../core/api/posting'
import { cursorPage } from '../../core/api/page'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { refsOf, stockNames } from '../content/stocks'
import type { ContentLang } from '../i18n/to-hk'
import { tokensToSafeHtml } from '../posting/sanitise'
import { reviewMessage, statusNow } from '../posting/visibility'
import * as posts from '../posting/posts-repository'
import type { PostCardRow, PostWhere } from '../posting/posts-repository'
import { insertHotContentApplication } from './hot-content-repository'
import { userRoles } from '../accounts/users-repository'

export const DYNAMIC_MESSAGES = {
  notOwner: '只能操作自己发布的内容',
  noPermission: '无权限操作',
  pinLimit: '最多置顶3条内容',
  alreadyApplied: '该内容已申请过热门',
} as const
/** Pinned dynamics on one's page (ours; the spec names no number). */
export const PIN_MAX = 3
export const DYNAMIC_PAGE_SIZE = 20
/** Who may mark essence: editors (users.roles). */
export const EDITOR_ROLE = 'EDITOR'

type DynamicRow = PostCardRow

/** Rows → dynamics; `withHtml` renders an article's body through the sanitiser (the detail only: lists give ''). */
async function toDynamics(db: Db, rows: readonly DynamicRow[], now: number, lang: ContentLang, withHtml = false): Promise<Dynamic[]> {
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  return rows.map((r) => {
    const status = statusNow(r, now)
    return {
      id: Number(r.id),
      kind: r.kind,
      status,
      title: r.title,
      content: r.content,
      html: withHtml && r.body_tokens ? tokensToSafeHtml(r.body_tokens) : '',
      author: { id: Number(r.user_id), nick: r.nick, avatar: r.avatar },
      topic: r.topic_id === null ? null : { topicId: Number(r.topic_id), topicName: r.topic_name ?? '' },
      stocks: refsOf(r.stocks, names),
      pictureUrls: r.picture_urls,
      likeCount: Number(r.like_count),
      commentCount: Number(r.comment_count),
      favCount: Number(r.fav_count),
      readCount: Number(r.read_count),
      top: r.top,
      essence: r.essence,
      commentsClosed: r.comments_closed,
      liked: r.liked,
      favorited: r.favorited,
      reviewMessage: reviewMessage(status, r.reject_reason),
      createTimestamp: Number(r.create_timestamp),
    }
  })
}

async function cursorList(db: Db, readerId: number | null, where: PostWhere, at: { before?: number | undefined; count: number }, now: number, lang: ContentLang) {
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const rows = await posts.listPostCards(db, { reader: readerId, where: { notDraft: true, ...where, before }, limit: at.count + 1 })
  const page = cursorPage(rows, at.count, (r) => Number(r.create_timestamp))
  return { list: await toDynamics(db, page.list, now, lang), hasMore: page.hasMore }
}

/** /api/community/dynamic/detail/{id}/v2: approved, or the reader's own under review or rejected (with its message). */
export async function dynamicDetail(db: Db, readerId: number | null, id: number, now: number, lang: ContentLang): Promise<Dynamic> {
  const rows = await posts.listPostCards(db, { reader: readerId, where: { id, visibleTo: { readerId, now } } })
  const [d] = await toDynamics(db, rows, now, lang, true)
  if (!d) throw notFound(M.postNotFound)
  return d
}

/**
 * A user's dynamics (the reader's own when no user is named): others see the approved ones, the
 * author every status. Pinned ones come first on the first page and are left out of the cursor pages.
 */
export async function userDynamics(
  db: Db,
  readerId: number | null,
  q: { userId?: number | undefined; article?: boolean | undefined; timestamp?: number | undefined; count: number },
  now: number,
  lang: ContentLang,
) {
  const userId = q.userId ?? readerId
  if (userId === null) throw new ApiError(401, '请先登录')
  const base: PostWhere = {
    userId,
    ...(q.article === undefined ? {} : { kind: q.article ? 'article' : 'discussion' }),
    ...(userId === readerId ? {} : { approvedAt: now }),
  }
  const page = await cursorList(db, readerId, { ...base, top: false }, { before: q.timestamp, count: q.count }, now, lang)
  if (q.timestamp !== undefined) return page
  const pinned = await posts.listPostCards(db, { reader: readerId, where: { notDraft: true, ...base, top: true } })
  return { list: [...(await toDynamics(db, pinned, now, lang)), ...page.list], hasMore: page.hasMore }
}

/** /api/post/my-publish: the reader's posts and articles, every status (or one), newest first. */
export function myPublish(db: Db, readerId: number, q: { status?: 'reviewing' | 'approved' | 'rejected' | undefined; timestamp?: number | undefined; count: number }, now: number, lang: ContentLang) {
  const byStatus: PostWhere =
    q.status === 'approved' ? { approvedAt: now } : q.status === 'reviewing' ? { reviewingAt: now } : q.status === 'rejected' ? { status: 'rejected' } : {}
  return cursorList(db, readerId, { userId: readerId, ...byStatus }, { before: q.timestamp, count: q.count }, now, lang)
}

export async function postTotal(db: Db, readerId: number, now: number) {
  const n = await posts.countByStatus(db, readerId, now)
  return { total: n.approved + n.reviewing + n.rejected, ...n }
}

/** /api/topContent/list: essence dynamics, newest first. */
export async function topContent(db: Db, count: number, now: number, lang: ContentLang): Promise<Dynamic[]> {
  const rows = await posts.listPostCards(db, { reader: null, where: { essence: true, approvedAt: now }, limit: count })
  return toDynamics(db, rows, now, lang)
}

/** /api/follow/home/v1: the followed users' approved dynamics and the reader's own (every status). */
export function followHome(db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number, lang: ContentLang) {
  return cursorList(db, readerId, { ownOrFollowed: { readerId, now } }, at, now, lang)
}

/** The reader's own dynamic (any status but draft): 404 when it is not there for them, 403 when it is someone else's. */
async function ownDynamic(db: Db, readerId: number, id: number, now: number): Promise<{ status: ReviewStatus; review_due: number | null; top: boolean }> {
  const row = await posts.findPostState(db, { id, visibleTo: { readerId, now } })
  if (!row) throw notFound(M.postNotFound)
  if (Number(row.user_id) !== readerId) throw new ApiError(403, DYNAMIC_MESSAGES.notOwner)
  return row
}

/** Pinning on one's own page (at most PIN_MAX). */
export async function setTop(db: Db, readerId: number, id: number, top: boolean, now: number): Promise<boolean> {
  const row = await ownDynamic(db, readerId, id, now)
  if (top && !row.top) {
    if ((await posts.countPinned(db, readerId)) >= PIN_MAX) throw new ApiError(400, DYNAMIC_MESSAGES.pinLimit)
  }
  await posts.updatePost(db, id, { top })
  return true
}

/** The author closes or opens comments; new comments on a closed one answer 该内容已限制评论. */
export async function setCommentsClosed(db: Db, readerId: number, id: number, closed: boolean, now: number): Promise<boolean> {
  await ownDynamic(db, readerId, id, now)
  await posts.updatePost(db, id, { comments_closed: closed })
  return true
}

/** Essence: editors only, on approved content. */
export async function setEssence(db: Db, readerId: number, id: number, essence: boolean, now: number): Promise<boolean> {
  const roles = (await userRoles(db, readerId)) ?? []
  if (!(await posts.postExists(db, { id, approvedAt: now }))) throw notFound(M.postNotFound)
  if (!roles.includes(EDITOR_ROLE)) throw new ApiError(403, DYNAMIC_MESSAGES.noPermission)
  await posts.updatePost(db, id, { essence })
  return true
}

/** The author asks for an approved dynamic to be considered hot content, once. */
export async function applyHotContent(db: Db, readerId: number, id: number, reason: string, now: number) {
  const row = await ownDynamic(db, readerId, id, now)
  if (statusNow(row, now) !== 'approved') throw new ApiError(403, M.underReview)
  const inserted = await insertHotContentApplication(db, { user_id: readerId, post_id: id, reason: reason.trim(), create_timestamp: now })
  if (!inserted) throw new ApiError(400, DYNAMIC_MESSAGES.alreadyApplied)
  return { id: Number(inserted.id), status: inserted.status }
}
