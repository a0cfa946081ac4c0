// Messages of the bell (spec 000 §7 /api/messageGroups/v1, /api/message/v2/{interaction|notification}/{type};
// 001 §2 message panel). Interaction messages are made by likes, comments, replies, mentions and
// follows; notifications by the review of one's own content. A message about a post or comment
// (ref_source, ref_id) shows only while that content is approved (visibility.ts): a comment under
// review is visible to its author only, so its notice to the post's author waits for the approval —
// read-time, like every other read, without anything being written when the review time passes.
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/db'
import { cursorPage } from '../../core/api/page'
import {
  INTERACTION_TYPES,
  NOTIFICATION_TYPES,
  type MessageGroup,
  type MessageItem,
  type MessageSourceType,
} from '../../core/api/messages'
import { approvedNow } from '../posting/visibility'

export const GROUP_NAMES: Record<string, string> = {
  comment: '评论',
  like: '点赞',
  mention: '@我的',
  follow: '新粉丝',
  review: '审核通知',
  system: '系统通知',
}

export const MESSAGE_TEXTS = {
  likedPost: '赞了你的帖子',
  likedComment: '赞了你的评论',
  repliedComment: '回复了你的评论',
  commentedPost: '评论了你的帖子',
  mentioned: '在帖子中提到了你',
  followed: '关注了你',
  postApproved: '你发布的内容已通过审核',
  postRejected: '你发布的内容未通过审核',
  commentApproved: '你的评论已通过审核',
  commentRejected: '你的评论未通过审核',
} as const

export interface NewMessage {
  userId: number
  sourceType: MessageSourceType
  type: string
  actorId: number | null
  content: string
  subject?: string
  link?: string
  ref?: { source: 'post' | 'comment'; id: number }
  nowSeconds: number
}

/** The first characters of a text for a message line. */
export const excerpt = (s: string, n = 60): string => (s.length > n ? `${s.slice(0, n)}…` : s)

/** Records a message; nothing when one acts on one's own content. */
export async function notify(db: Db, m: NewMessage): Promise<void> {
  if (m.actorId !== null && m.actorId === m.userId) return
  await sql`INSERT INTO messages (user_id, source_type, type, actor_id, content, subject, link, ref_source, ref_id, create_timestamp)
    VALUES (${m.userId}, ${m.sourceType}, ${m.type}, ${m.actorId}, ${excerpt(m.content, 290)}, ${excerpt(m.subject ?? '', 290)}, ${m.link ?? ''},
      ${m.ref?.source ?? null}, ${m.ref?.id ?? null}, ${m.nowSeconds})`.execute(db.kysely)
}

/** A message is shown while what it is about is approved (or it is about nothing that is reviewed). */
function shown(now: number): RawBuilder<boolean> {
  return sql<boolean>`(m.ref_source IS NULL
    OR (m.ref_source = 'post' AND EXISTS (SELECT 1 FROM posts p WHERE p.id = m.ref_id AND ${approvedNow('p', now)}))
    OR (m.ref_source = 'comment' AND EXISTS (SELECT 1 FROM comments c WHERE c.id = m.ref_id AND ${approvedNow('c', now)})))`
}

/** The unread total as an SQL value, for statements that read it beside other things (the login info). */
export const unreadTotalSql = (userId: number, now: number): RawBuilder<number> =>
  sql<number>`(SELECT count(*)::int FROM messages m WHERE m.user_id = ${userId} AND NOT m.read AND ${shown(now)})`

/** The unread total: the login info's message.unCheck and /api/user/map-unread-count. */
export async function unreadTotal(db: Db, userId: number, now: number): Promise<number> {
  const row = (await sql<{ n: number }>`SELECT ${unreadTotalSql(userId, now)} AS n`.execute(db.kysely)).rows[0]
  return Number(row?.n ?? 0)
}

const GROUPS: readonly (readonly [MessageSourceType, string])[] = [
  ...INTERACTION_TYPES.map((t) => ['interaction', t] as const),
  ...NOTIFICATION_TYPES.map((t) => ['notification', t] as const),
]

export async function messageGroups(db: Db, userId: number, now: number): Promise<{ list: MessageGroup[]; unCheck: number }> {
  const counts = (
    await sql<{ source_type: string; type: string; unread: number }>`SELECT m.source_type, m.type, count(*) FILTER (WHERE NOT m.read) AS unread
      FROM messages m WHERE m.user_id = ${userId} AND ${shown(now)} GROUP BY m.source_type, m.type`.execute(db.kysely)
  ).rows
  const lasts = (
    await sql<{ source_type: string; type: string; content: string; nick: string | null; create_timestamp: number }>`SELECT DISTINCT ON (m.source_type, m.type)
        m.source_type, m.type, m.content, u.nick, m.create_timestamp
      FROM messages m LEFT JOIN users u ON u.id = m.actor_id WHERE m.user_id = ${userId} AND ${shown(now)}
      ORDER BY m.source_type, m.type, m.create_timestamp DESC, m.id DESC`.execute(db.kysely)
  ).rows
  const list = GROUPS.map(([sourceType, type]): MessageGroup => {
    const count = counts.find((c) => c.source_type === sourceType && c.type === type)
    const last = lasts.find((c) => c.source_type === sourceType && c.type === type)
    return {
      sourceType,
      type,
      name: GROUP_NAMES[type] ?? type,
      link: `/message/${sourceType}/${type}`,
      unreadCount: Number(count?.unread ?? 0),
      lastContent: last ? (last.nick ? `${last.nick} ${last.content}` : last.content) : '',
      lastTimestamp: last ? Number(last.create_timestamp) : null,
    }
  })
  return { list, unCheck: list.reduce((n, g) => n + g.unreadCount, 0) }
}

interface MessageRow {
  id: number
  source_type: MessageSourceType
  type: string
  actor_id: number | null
  nick: string | null
  avatar: string | null
  content: string
  subject: string
  link: string
  read: boolean
  create_timestamp: number
}

/**
 * One page of a group, newest first. With `read` (the reader opened the group on our pages) the page
 * and everything older in the group become read — what arrives later stays unread; the answer still
 * says which were unread when opened, so the view can mark the new ones. `marked`: how many changed.
 */
export async function messageList(
  db: Db,
  userId: number,
  sourceType: MessageSourceType,
  type: string,
  at: { before?: number | undefined; count: number; read?: boolean },
  now: number,
): Promise<{ list: MessageItem[]; hasMore: boolean; marked: number }> {
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const rows = (
    await sql<MessageRow>`SELECT m.id, m.source_type, m.type, m.actor_id, u.nick, u.avatar, m.content, m.subject, m.link, m.read, m.create_timestamp
      FROM messages m LEFT JOIN users u ON u.id = m.actor_id
      WHERE m.user_id = ${userId} AND m.source_type = ${sourceType} AND m.type = ${type} AND m.create_timestamp < ${before} AND ${shown(now)}
      ORDER BY m.create_timestamp DESC, m.id DESC LIMIT ${at.count + 1}`.execute(db.kysely)
  ).rows
  const page = cursorPage(rows, at.count, (r) => Number(r.create_timestamp))
  const newest = page.list.reduce((n, r) => Math.max(n, Number(r.id)), 0)
  const marked =
    at.read && page.list.length > 0
      ? Number(
          (
            await sql`UPDATE messages m SET read = true WHERE m.user_id = ${userId} AND m.source_type = ${sourceType} AND m.type = ${type}
              AND NOT m.read AND m.id <= ${newest} AND ${shown(now)}`.execute(db.kysely)
          ).numAffectedRows ?? 0,
        )
      : 0
  return {
    marked,
    list: page.list.map((r) => ({
      id: Number(r.id),
      sourceType: r.source_type,
      type: r.type,
      actor: r.actor_id === null ? null : { id: Number(r.actor_id), nick: r.nick ?? '', avatar: r.avatar ?? '' },
      content: r.content,
      subject: r.subject,
      link: r.link,
      read: r.read,
      createTimestamp: Number(r.create_timestamp),
    })),
    hasMore: page.hasMore,
  }
}

/** Marks read what the reader can see (one group, one source type, or all); answers the unread total left. */
export async function markRead(db: Db, userId: number, which: { sourceType?: MessageSourceType | undefined; type?: string | undefined }, now: number): Promise<number> {
  const bySource = which.sourceType ? sql`AND m.source_type = ${which.sourceType}` : sql``
  const byType = which.type ? sql`AND m.type = ${which.type}` : sql``
  await sql`UPDATE messages m SET read = true WHERE m.user_id = ${userId} AND NOT m.read ${bySource} ${byType} AND ${shown(now)}`.execute(db.kysely)
  return unreadTotal(db, userId, now)
}
