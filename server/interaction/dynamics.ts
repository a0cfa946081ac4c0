// Dynamics as the community shows them (spec 000 §7 community reads: my-dynamics, dynamic detail, top
// content, follow home; §4 pin (top) and essence; §5 closed comments) and the reader's own posts
// (my-publish, post total), plus the hot-content application. One row shape and mapper; every read
// goes through the read-time visibility (server/posting/visibility.ts).
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import type { Dynamic } from '../../core/api/interaction'
import type { ReviewStatus } from '../../core/api/posting'
import { cursorPage } from '../../core/api/page'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import type { RichToken } from '../../core/posting/rich-text'
import { refsOf, stockNames } from '../content/stocks'
import type { ContentLang } from '../i18n/to-hk'
import { tokensToSafeHtml } from '../posting/sanitise'
import { approvedNow, reviewMessage, statusNow, visibleTo } from '../posting/visibility'

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

interface DynamicRow {
  id: number
  kind: 'discussion' | 'article'
  status: ReviewStatus
  review_due: number | null
  reject_reason: string
  title: string
  content: string
  body_tokens: RichToken[] | null
  user_id: number
  nick: string
  avatar: string
  topic_id: number | null
  topic_name: string | null
  stocks: string[]
  picture_urls: string[]
  like_count: number
  comment_count: number
  fav_count: number
  read_count: number
  top: boolean
  essence: boolean
  comments_closed: boolean
  liked: boolean
  favorited: boolean
  create_timestamp: number
}

const select = (readerId: number | null) => sql`SELECT p.id, p.kind, p.status, p.review_due, p.reject_reason, p.title, p.content, p.body_tokens,
  p.user_id, u.nick, u.avatar, p.topic_id, t.name AS topic_name, p.stocks, p.picture_urls, p.like_count, p.comment_count, p.fav_count,
  p.read_count, p.top, p.essence, p.comments_closed, p.create_timestamp,
  EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${readerId ?? 0}) AS liked,
  EXISTS (SELECT 1 FROM favorites f WHERE f.source = 'post' AND f.ref_id = p.id AND f.user_id = ${readerId ?? 0}) AS favorited
  FROM posts p JOIN users u ON u.id = p.user_id LEFT JOIN topics t ON t.id = p.topic_id`

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
      liked: Boolean(r.liked),
      favorited: Boolean(r.favorited),
      reviewMessage: reviewMessage(status, r.reject_reason),
      createTimestamp: Number(r.create_timestamp),
    }
  })
}

async function cursorList(db: Db, readerId: number | null, where: RawBuilder<unknown>, at: { before?: number | undefined; count: number }, now: number, lang: ContentLang) {
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const rows = (
    await sql<DynamicRow>`${select(readerId)} WHERE p.status <> 'draft' AND ${where} AND p.create_timestamp < ${before}
      ORDER BY p.create_timestamp DESC, p.id DESC LIMIT ${at.count + 1}`.execute(db.kysely)
  ).rows
  const page = cursorPage(rows, at.count, (r) => Number(r.create_timestamp))
  return { list: await toDynamics(db, page.list, now, lang), hasMore: page.hasMore }
}

/** /api/community/dynamic/detail/{id}/v2: approved, or the reader's own under review or rejected (with its message). */
export async function dynamicDetail(db: Db, readerId: number | null, id: number, now: number, lang: ContentLang): Promise<Dynamic> {
  const rows = (await sql<DynamicRow>`${select(readerId)} WHERE p.id = ${id} AND ${visibleTo('p', readerId, now)}`.execute(db.kysely)).rows
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
  const kind = q.article === undefined ? sql`true` : sql`p.kind = ${q.article ? 'article' : 'discussion'}`
  const shown = userId === readerId ? sql`true` : approvedNow('p', now)
  const base = sql`p.user_id = ${userId} AND ${kind} AND ${shown}`
  const page = await cursorList(db, readerId, sql`${base} AND NOT p.top`, { before: q.timestamp, count: q.count }, now, lang)
  if (q.timestamp !== undefined) return page
  const pinned = (await sql<DynamicRow>`${select(readerId)} WHERE p.status <> 'draft' AND ${base} AND p.top ORDER BY p.create_timestamp DESC, p.id DESC`.execute(db.kysely)).rows
  return { list: [...(await toDynamics(db, pinned, now, lang)), ...page.list], hasMore: page.hasMore }
}

/** /api/post/my-publish: the reader's posts and articles, every status (or one), newest first. */
export function myPublish(db: Db, readerId: number, q: { status?: 'reviewing' | 'approved' | 'rejected' | undefined; timestamp?: number | undefined; count: number }, now: number, lang: ContentLang) {
  const byStatus =
    q.status === 'approved'
      ? approvedNow('p', now)
      : q.status === 'reviewing'
        ? sql`(p.status = 'reviewing' AND NOT ${approvedNow('p', now)})`
        : q.status === 'rejected'
          ? sql`p.status = 'rejected'`
          : sql`true`
  return cursorList(db, readerId, sql`p.user_id = ${readerId} AND ${byStatus}`, { before: q.timestamp, count: q.count }, now, lang)
}

export async function postTotal(db: Db, readerId: number, now: number) {
  const row = (
    await sql<{ approved: number; reviewing: number; rejected: number; drafts: number }>`SELECT
      count(*) FILTER (WHERE ${approvedNow('p', now)}) AS approved,
      count(*) FILTER (WHERE p.status = 'reviewing' AND NOT ${approvedNow('p', now)}) AS reviewing,
      count(*) FILTER (WHERE p.status = 'rejected') AS rejected,
      count(*) FILTER (WHERE p.status = 'draft') AS drafts
      FROM posts p WHERE p.user_id = ${readerId}`.execute(db.kysely)
  ).rows[0]!
  const n = { approved: Number(row.approved), reviewing: Number(row.reviewing), rejected: Number(row.rejected), drafts: Number(row.drafts) }
  return { total: n.approved + n.reviewing + n.rejected, ...n }
}

/** /api/topContent/list: essence dynamics, newest first. */
export async function topContent(db: Db, count: number, now: number, lang: ContentLang): Promise<Dynamic[]> {
  const rows = (await sql<DynamicRow>`${select(null)} WHERE p.essence AND ${approvedNow('p', now)} ORDER BY p.create_timestamp DESC, p.id DESC LIMIT ${count}`.execute(db.kysely)).rows
  return toDynamics(db, rows, now, lang)
}

/** /api/follow/home/v1: the followed users' approved dynamics and the reader's own (every status). */
export function followHome(db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number, lang: ContentLang) {
  const who = sql`(p.user_id = ${readerId} OR (p.user_id IN (SELECT followee_id FROM friendships WHERE follower_id = ${readerId}) AND ${approvedNow('p', now)}))`
  return cursorList(db, readerId, who, at, now, lang)
}

/** The reader's own dynamic (any status but draft): 404 when it is not there for them, 403 when it is someone else's. */
async function ownDynamic(db: Db, readerId: number, id: number, now: number): Promise<{ status: ReviewStatus; review_due: number | null; top: boolean }> {
  const row = (await sql<{ user_id: number; status: ReviewStatus; review_due: number | null; top: boolean }>`SELECT p.user_id, p.status, p.review_due, p.top FROM posts p
    WHERE p.id = ${id} AND ${visibleTo('p', readerId, now)}`.execute(db.kysely)).rows[0]
  if (!row) throw notFound(M.postNotFound)
  if (Number(row.user_id) !== readerId) throw new ApiError(403, DYNAMIC_MESSAGES.notOwner)
  return row
}

/** Pinning on one's own page (at most PIN_MAX). */
export async function setTop(db: Db, readerId: number, id: number, top: boolean, now: number): Promise<boolean> {
  const row = await ownDynamic(db, readerId, id, now)
  if (top && !row.top) {
    const n = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM posts WHERE user_id = ${readerId} AND top`.execute(db.kysely)).rows[0]?.n ?? 0)
    if (n >= PIN_MAX) throw new ApiError(400, DYNAMIC_MESSAGES.pinLimit)
  }
  await sql`UPDATE posts SET top = ${top} WHERE id = ${id}`.execute(db.kysely)
  return true
}

/** The author closes or opens comments; new comments on a closed one answer 该内容已限制评论. */
export async function setCommentsClosed(db: Db, readerId: number, id: number, closed: boolean, now: number): Promise<boolean> {
  await ownDynamic(db, readerId, id, now)
  await sql`UPDATE posts SET comments_closed = ${closed} WHERE id = ${id}`.execute(db.kysely)
  return true
}

/** Essence: editors only, on approved content. */
export async function setEssence(db: Db, readerId: number, id: number, essence: boolean, now: number): Promise<boolean> {
  const roles = (await sql<{ roles: string[] }>`SELECT roles FROM users WHERE id = ${readerId}`.execute(db.kysely)).rows[0]?.roles ?? []
  const post = (await sql`SELECT 1 FROM posts p WHERE p.id = ${id} AND ${approvedNow('p', now)}`.execute(db.kysely)).rows[0]
  if (!post) throw notFound(M.postNotFound)
  if (!roles.includes(EDITOR_ROLE)) throw new ApiError(403, DYNAMIC_MESSAGES.noPermission)
  await sql`UPDATE posts SET essence = ${essence} WHERE id = ${id}`.execute(db.kysely)
  return true
}

/** The author asks for an approved dynamic to be considered hot content, once. */
export async function applyHotContent(db: Db, readerId: number, id: number, reason: string, now: number) {
  const row = await ownDynamic(db, readerId, id, now)
  if (statusNow(row, now) !== 'approved') throw new ApiError(403, M.underReview)
  const inserted = (
    await sql<{ id: number; status: 'pending' | 'accepted' | 'refused' }>`INSERT INTO hot_content_applications (user_id, post_id, reason, create_timestamp)
      VALUES (${readerId}, ${id}, ${reason.trim()}, ${now}) ON CONFLICT (post_id) DO NOTHING RETURNING id, status`.execute(db.kysely)
  ).rows[0]
  if (!inserted) throw new ApiError(400, DYNAMIC_MESSAGES.alreadyApplied)
  return { id: Number(inserted.id), status: inserted.status }
}
