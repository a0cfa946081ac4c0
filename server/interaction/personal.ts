// The personal reads (spec 000 §7 'Account'): favourites, reading history (recorded by POST), my
// comments and comments to me (/myHome/commentMe). What is no longer visible to the reader is left out.
import { sql } from 'kysely'
import type { Db } from '../db/db'
import { notFound } from '../http/api-error'
import type { FavoriteItem, MyComment } from '../../core/api/interaction'
import type { ContentSource } from '../../core/api/posting'
import { cursorPage } from '../../core/api/page'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { toComment, type CommentRow } from '../posting/comments'
import { excerpt } from '../messages/messages'
import { approvedNow, visibleTo } from '../posting/visibility'

interface ItemRow {
  source: ContentSource
  ref_id: number
  at: number
  title: string | null
  body: string | null
  author_id: number | null
  nick: string | null
  avatar: string | null
  picture: string | null
}

/** A post (visible to the reader) or a news article, joined to a (source, ref_id, at) list. */
const itemJoin = (list: ReturnType<typeof sql>, readerId: number, now: number) => sql`SELECT x.source, x.ref_id, x.at,
    COALESCE(NULLIF(p.title, ''), a.title, left(p.content, 60)) AS title,
    COALESCE(p.content, a.summary) AS body,
    COALESCE(p.user_id, a.author_id) AS author_id, u.nick, u.avatar,
    COALESCE(p.picture_urls[1], NULLIF(a.cover_url, '')) AS picture
  FROM ${list} x
  LEFT JOIN posts p ON x.source = 'post' AND p.id = x.ref_id AND ${visibleTo('p', readerId, now)}
  LEFT JOIN articles a ON x.source = 'news' AND a.id = x.ref_id
  LEFT JOIN users u ON u.id = COALESCE(p.user_id, a.author_id)
  WHERE (p.id IS NOT NULL OR a.id IS NOT NULL)`

const toItem = (r: ItemRow) => ({
  source: r.source,
  id: Number(r.ref_id),
  title: r.title ?? '',
  summary: excerpt(r.body ?? '', 100),
  author: { id: Number(r.author_id ?? 0), nick: r.nick ?? '', avatar: r.avatar ?? '' },
  pictureUrl: r.picture ?? '',
})

export async function myFavorites(db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number): Promise<{ list: FavoriteItem[]; hasMore: boolean }> {
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const list = sql`(SELECT source, ref_id, create_timestamp AS at FROM favorites WHERE user_id = ${readerId} AND create_timestamp < ${before})`
  const rows = (await sql<ItemRow>`${itemJoin(list, readerId, now)} ORDER BY x.at DESC, x.ref_id DESC LIMIT ${at.count + 1}`.execute(db.kysely)).rows
  const page = cursorPage(rows, at.count, (r) => Number(r.at))
  return { list: page.list.map((r) => ({ ...toItem(r), favTimestamp: Number(r.at) })), hasMore: page.hasMore }
}

export async function readHistory(db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number) {
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const list = sql`(SELECT source, ref_id, read_timestamp AS at FROM read_history WHERE user_id = ${readerId} AND read_timestamp < ${before})`
  const rows = (await sql<ItemRow>`${itemJoin(list, readerId, now)} ORDER BY x.at DESC, x.ref_id DESC LIMIT ${at.count + 1}`.execute(db.kysely)).rows
  const page = cursorPage(rows, at.count, (r) => Number(r.at))
  return { list: page.list.map((r) => ({ ...toItem(r), readTimestamp: Number(r.at) })), hasMore: page.hasMore }
}

/** Records that the reader opened a post (visible to them) or a news article; the newest read counts. */
export async function recordRead(db: Db, readerId: number, source: ContentSource, id: number, now: number): Promise<boolean> {
  const there =
    source === 'post'
      ? (await sql`SELECT 1 FROM posts p WHERE p.id = ${id} AND ${visibleTo('p', readerId, now)}`.execute(db.kysely)).rows[0]
      : (await sql`SELECT 1 FROM articles WHERE id = ${id}`.execute(db.kysely)).rows[0]
  if (!there) throw notFound(source === 'post' ? M.postNotFound : M.newsNotFound)
  await sql`INSERT INTO read_history (user_id, source, ref_id, read_timestamp) VALUES (${readerId}, ${source}, ${id}, ${now})
    ON CONFLICT (user_id, source, ref_id) DO UPDATE SET read_timestamp = EXCLUDED.read_timestamp`.execute(db.kysely)
  return true
}

const COMMENT_SELECT = sql`SELECT c.id, c.user_id, u.nick, u.avatar, c.source, c.ref_id, c.reply_comment_id, c.root_id, c.reply_user_id,
  ru.nick AS reply_nick, c.content, c.picture_urls, c.status, c.like_count, c.reply_count, c.create_timestamp, c.review_due,
  COALESCE(NULLIF(p.title, ''), left(p.content, 60), a.title, '') AS target_title
  FROM comments c JOIN users u ON u.id = c.user_id LEFT JOIN users ru ON ru.id = c.reply_user_id
  LEFT JOIN posts p ON c.source = 'post' AND p.id = c.ref_id LEFT JOIN articles a ON c.source = 'news' AND a.id = c.ref_id`

async function commentPage(db: Db, where: ReturnType<typeof sql>, at: { before?: number | undefined; count: number }, now: number): Promise<{ list: MyComment[]; hasMore: boolean }> {
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const rows = (
    await sql<CommentRow & { target_title: string }>`${COMMENT_SELECT} WHERE ${where} AND c.create_timestamp < ${before}
      ORDER BY c.create_timestamp DESC, c.id DESC LIMIT ${at.count + 1}`.execute(db.kysely)
  ).rows
  const page = cursorPage(rows, at.count, (r) => Number(r.create_timestamp))
  return {
    list: page.list.map((r) => ({ ...toComment(r, now), target: { title: r.target_title, link: r.source === 'post' ? `/p/${r.ref_id}` : `/news/${r.ref_id}` } })),
    hasMore: page.hasMore,
  }
}

/** /api/comment/my: the reader's comments, every status, on what is still there for them. */
export const myComments = (db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number) =>
  commentPage(db, sql`c.user_id = ${readerId} AND (c.source = 'news' OR (p.id IS NOT NULL AND ${visibleTo('p', readerId, now)}))`, at, now)

/** Comments by others on the reader's posts and replies to the reader's comments: approved ones only. */
export const commentsToMe = (db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number) =>
  commentPage(db, sql`c.user_id <> ${readerId} AND ${approvedNow('c', now)} AND (c.reply_user_id = ${readerId} OR (c.source = 'post' AND p.user_id = ${readerId}))`, at, now)
