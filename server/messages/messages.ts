// Messages of the bell (spec 000 §7 /api/messageGroups/v1, /api/message/v2/{interaction|notification}/{type};
// 001 §2 message panel). Interaction messages are made by likes, comments, replies, mentions and
// follows; notifications by the review of one's own content. A message about a post or comment
// (ref_source, ref_id) shows only while that content is approved (visibility.ts): a comment under
// review is visible to its author only, so its notice to the post's author waits for the approval —
// read-time, like every other read, without anything being written when the review time passes.
import type { Db } from '../db/db'
import { cursorPage } from '../../core/api/page'
import {
  INTERACTION_TYPES,
  NOTIFICATION_TYPES,
  type MessageGroup,
  type MessageItem,
  type MessageSourceType,
} from '../../core/api/messages'
import { MESSAGE_GROUP_NAMES } from '../../core/messages/group-names'
import { countUnread, insertMessage, listMessages, markMessagesRead, newestByGroup, unreadByGroup, unreadCountExpression } from './messages-repository'

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
  await insertMessage(db, {
    user_id: m.userId,
    source_type: m.sourceType,
    type: m.type,
    actor_id: m.actorId,
    content: excerpt(m.content, 290),
    subject: excerpt(m.subject ?? '', 290),
    link: m.link ?? '',
    ref_source: m.ref?.source ?? null,
    ref_id: m.ref?.id ?? null,
    create_timestamp: m.nowSeconds,
  })
}

/** The unread total as a value a query selects beside other things (the login info). */
export const unreadTotalSql = unreadCountExpression

/** The unread total: the login info's message.unCheck and /api/user/map-unread-count. */
export const unreadTotal = (db: Db, userId: number, now: number): Promise<number> => countUnread(db, userId, now)

const GROUPS: readonly (readonly [MessageSourceType, keyof typeof MESSAGE_GROUP_NAMES])[] = [
  ...INTERACTION_TYPES.map((t) => ['interaction', t] as const),
  ...NOTIFICATION_TYPES.map((t) => ['notification', t] as const),
]

export async function messageGroups(db: Db, userId: number, now: number): Promise<{ list: MessageGroup[]; unCheck: number }> {
  const counts = await unreadByGroup(db, userId, now)
  const lasts = await newestByGroup(db, userId, now)
  const list = GROUPS.map(([sourceType, type]): MessageGroup => {
    const count = counts.find((c) => c.source_type === sourceType && c.type === type)
    const last = lasts.find((c) => c.source_type === sourceType && c.type === type)
    return {
      sourceType,
      type,
      name: MESSAGE_GROUP_NAMES[type],
      link: `/message/${sourceType}/${type}`,
      unreadCount: Number(count?.unread ?? 0),
      lastContent: last ? (last.nick ? `${last.nick} ${last.content}` : last.content) : '',
      lastTimestamp: last ? Number(last.create_timestamp) : null,
    }
  })
  return { list, unCheck: list.reduce((n, g) => n + g.unreadCount, 0) }
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
  const rows = await listMessages(db, { userId, sourceType, type, before, limit: at.count + 1, now })
  const page = cursorPage(rows, at.count, (r) => Number(r.create_timestamp))
  const newest = page.list.reduce((n, r) => Math.max(n, Number(r.id)), 0)
  const marked = at.read && page.list.length > 0 ? await markMessagesRead(db, { userId, sourceType, type, upToId: newest, now }) : 0
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
  await markMessagesRead(db, { userId, sourceType: which.sourceType || undefined, type: which.type || undefined, now })
  return unreadTotal(db, userId, now)
}
