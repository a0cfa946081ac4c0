// spec 000 §7 'Other' and 001 §7 'Messages': the message groups of the bell's 消息通知 panel,
// the interaction and notification lists by type, and marking read. Messages are made by likes,
// comments, replies, follows and mentions (interaction) and by the review of one's content
// (notification). The unread total is the login info's message.unCheck and
// GET /api/user/map-unread-count (core/api/accounts.ts).
import * as Schema from 'effect/Schema'
import { get, post } from './endpoint'
import { Author, Seconds } from './common'
import { Page, CursorQuery } from './page'

/** spec 001 §2: an item links to /message?sourceType={second-to-last segment}&type={last segment}. */
export const MESSAGE_SOURCE_TYPES = ['interaction', 'notification'] as const
export const MessageSourceType = Schema.Literals(MESSAGE_SOURCE_TYPES)
export type MessageSourceType = typeof MessageSourceType.Type

/** interaction: comments and replies to me, likes of my content, mentions of me, new fans */
export const INTERACTION_TYPES = ['comment', 'like', 'mention', 'follow'] as const
/** notification: the outcome of my content's review (approved, rejected, violation) and system notices */
export const NOTIFICATION_TYPES = ['review', 'system'] as const
export const InteractionType = Schema.Literals(INTERACTION_TYPES)
export const NotificationType = Schema.Literals(NOTIFICATION_TYPES)
export type InteractionType = typeof InteractionType.Type
export type NotificationType = typeof NotificationType.Type

export const MessageGroup = Schema.Struct({
  sourceType: MessageSourceType,
  type: Schema.String,
  /** the group's name (互动: 评论, 点赞, @我的, 新粉丝; 通知: 审核通知, 系统通知) */
  name: Schema.String,
  /** /message/{sourceType}/{type}: the panel turns it into /message?sourceType=…&type=… */
  link: Schema.String,
  unreadCount: Schema.Number,
  /** the newest message's text, '' when the group is empty */
  lastContent: Schema.String,
  lastTimestamp: Schema.NullOr(Seconds),
})
export type MessageGroup = typeof MessageGroup.Type

export const MessageItem = Schema.Struct({
  id: Schema.Number,
  sourceType: MessageSourceType,
  type: Schema.String,
  /** who did it (null for system notices) */
  actor: Schema.NullOr(Author),
  /** plain text: '赞了你的帖子', the comment's text…; shown as text */
  content: Schema.String,
  /** what it is about: the post's title or the start of the comment; shown as text */
  subject: Schema.String,
  /** a same-origin path to open it (/p/12, /news/5, /user/3) or '' */
  link: Schema.String,
  read: Schema.Boolean,
  createTimestamp: Seconds,
})
export type MessageItem = typeof MessageItem.Type

/** spec 000 §7: GET /api/messageGroups/v1 — the panel's groups with their unread counts (signed in). */
export const messageGroups = get('messages.groups', '/api/messageGroups/v1', {
  result: Schema.Struct({ list: Schema.Array(MessageGroup), unCheck: Schema.Number }),
})

/**
 * The lists: newest first, older than `timestamp` (seconds). Opening one from our pages (the request
 * echoes our CSRF token, as the HTTP adapter's always does) reads it: the page and everything older in
 * the group become read. Each item's `read` is as it was when opened.
 */
export const interactionMessages = get('messages.interaction', '/api/message/v2/interaction/{type}', {
  params: Schema.Struct({ type: InteractionType }),
  query: CursorQuery,
  result: Page(MessageItem),
})
export const notificationMessages = get('messages.notification', '/api/message/v2/notification/{type}', {
  params: Schema.Struct({ type: NotificationType }),
  query: CursorQuery,
  result: Page(MessageItem),
})

/**
 * Marking read (the spec names no path; named like the lists): one group (sourceType and type), a
 * whole source type, or everything (neither). Answers the unread total that remains.
 */
export const markMessagesRead = post('messages.markRead', '/api/message/v2/read', {
  body: Schema.Struct({
    sourceType: Schema.optional(MessageSourceType),
    type: Schema.optional(Schema.Literals([...INTERACTION_TYPES, ...NOTIFICATION_TYPES])),
  }),
  result: Schema.Struct({ unCheck: Schema.Number }),
})
