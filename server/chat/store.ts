// The chat tables (server/db/migrations/015_chat.sql): one row shape and mapper each. Conversation ids
// are as the messaging service forms them, from the viewer's side: C2C<peer> or GROUP<groupId>;
// messages are stored once per conversation under conv_key (GROUP<groupId>, or C2C<low>_<high>).
import { sql } from 'kysely'
import type { Db } from '../db/db'
import type { ChatRole } from '../../core/chat/permissions'
import type { ChatGroup, ChatGroupMember, ChatMessage, Conversation } from '../../core/chat/messaging-port'
import { MESSAGE_TYPES } from '../../core/chat/messaging-port'
import type { MemberRole } from '../../core/api/chat'

export type Executor = Db['kysely']

export const c2cKey = (a: number, b: number): string => `C2C${Math.min(a, b)}_${Math.max(a, b)}`
export const groupKey = (groupId: string): string => `GROUP${groupId}`

/** The service's role names → the core's (Member → ordinary). */
export const coreRole = (role: MemberRole): ChatRole => (role === 'Member' ? 'ordinary' : role)

export interface GroupRow {
  group_id: string
  name: string
  group_type: string
  avatar: string
  owner_id: number
  mute_all: boolean
  blocked: boolean
  member_count: number
}

export async function groupById(db: Executor, groupId: string): Promise<GroupRow | undefined> {
  const r = await sql<GroupRow>`SELECT g.group_id, g.name, g.group_type, g.avatar, g.owner_id, g.mute_all, g.blocked,
      (SELECT count(*)::int FROM chat_members m WHERE m.group_id = g.group_id) AS member_count
    FROM chat_groups g WHERE g.group_id = ${groupId}`.execute(db)
  return r.rows[0]
}

export interface MemberRow {
  user_id: number
  nick: string
  avatar: string
  role: MemberRole
  mute_until: number
}

export async function memberOf(db: Executor, groupId: string, userId: number): Promise<MemberRow | undefined> {
  const r = await sql<MemberRow>`SELECT m.user_id, u.nick, u.avatar, m.role, m.mute_until FROM chat_members m JOIN users u ON u.id = m.user_id
    WHERE m.group_id = ${groupId} AND m.user_id = ${userId}`.execute(db)
  return r.rows[0]
}

export async function membersOf(db: Executor, groupId: string): Promise<MemberRow[]> {
  const r = await sql<MemberRow>`SELECT m.user_id, u.nick, u.avatar, m.role, m.mute_until FROM chat_members m JOIN users u ON u.id = m.user_id
    WHERE m.group_id = ${groupId} ORDER BY CASE m.role WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END, m.joined_at, m.user_id`.execute(db)
  return r.rows
}

export const toGroupMember = (m: MemberRow): ChatGroupMember & { role: ChatRole } => ({
  userID: String(m.user_id),
  nick: m.nick,
  avatar: m.avatar,
  role: coreRole(m.role),
  muteUntil: Number(m.mute_until),
})

/** Whether a member is muted now: −1 for ever, else until a time in seconds. */
export const isMutedNow = (muteUntil: number, nowSeconds: number): boolean => muteUntil === -1 || muteUntil > nowSeconds

export interface MessageRow {
  msg_id: string
  conv_key: string
  seq: number
  sender_id: number
  sender_nick: string
  type: string
  payload: unknown
  cloud_custom_data: string
  at_users: string[]
  time: number
  revoked: boolean
}

export const MESSAGE_SELECT = sql`SELECT m.msg_id, m.conv_key, m.seq, m.sender_id, u.nick AS sender_nick, m.type, m.payload,
  m.cloud_custom_data, m.at_users, m.time, m.revoked FROM chat_messages m JOIN users u ON u.id = m.sender_id`

/** The conversation id a viewer sees a stored conversation under. */
export function conversationIdFor(convKey: string, viewerId: number): string {
  if (convKey.startsWith('GROUP')) return convKey
  const [a, b] = convKey.slice(3).split('_').map(Number)
  return `C2C${a === viewerId ? b : a}`
}

export const messageForShow = (type: string, payload: unknown, revoked: boolean): string => {
  if (revoked) return '[消息已撤回]'
  const p = payload as { text?: unknown }
  if (type === MESSAGE_TYPES.text) return typeof p.text === 'string' ? p.text : ''
  if (type === MESSAGE_TYPES.image) return '[图片]'
  if (type === MESSAGE_TYPES.groupTip) return '[群提示]'
  return '[自定义消息]'
}

export const toMessage = (r: MessageRow, viewerId: number): ChatMessage => ({
  ID: r.msg_id,
  conversationID: conversationIdFor(r.conv_key, viewerId),
  from: String(r.sender_id),
  nick: r.sender_nick,
  time: Number(r.time),
  type: r.type,
  payload: r.payload,
  ...(r.cloud_custom_data ? { cloudCustomData: r.cloud_custom_data } : {}),
  isRevoked: r.revoked,
  sequence: r.seq,
  atUserList: r.at_users,
})

export async function messageById(db: Executor, msgId: string): Promise<MessageRow | undefined> {
  return (await sql<MessageRow>`${MESSAGE_SELECT} WHERE m.msg_id = ${msgId}`.execute(db)).rows[0]
}

interface ConversationRow {
  conversation_id: string
  unread: number
  pinned: boolean
  receive_opt: number
  at_types: number[]
  last_time: number
  msg_type: string | null
  payload: unknown
  revoked: boolean | null
  sender_nick: string | null
  peer_id: number | null
  peer_nick: string | null
  peer_avatar: string | null
  group_id: string | null
  group_name: string | null
  group_avatar: string | null
  my_role: MemberRole | null
  member_count: number | null
}

function toConversation(r: ConversationRow): Conversation {
  const base = {
    conversationID: r.conversation_id,
    type: r.group_id !== null ? ('GROUP' as const) : ('C2C' as const),
    unreadCount: r.unread,
    isPinned: r.pinned,
    messageRemindType: r.receive_opt === 2 ? ('AcceptNotNotify' as const) : ('AcceptAndNotify' as const),
    groupAtInfoList: r.at_types.map((atType) => ({ atType })),
  }
  const lastMessage =
    r.msg_type !== null
      ? { lastMessage: { messageForShow: messageForShow(r.msg_type, r.payload, r.revoked === true), lastTime: Number(r.last_time), nick: r.sender_nick ?? '', type: r.msg_type } }
      : {}
  if (r.group_id !== null) {
    return {
      ...base,
      ...lastMessage,
      groupProfile: {
        groupID: r.group_id,
        name: r.group_name ?? '',
        avatar: r.group_avatar ?? '',
        memberCount: r.member_count ?? 0,
        selfInfo: r.my_role ? { role: r.my_role } : {},
      },
    }
  }
  return { ...base, ...lastMessage, userProfile: { userID: String(r.peer_id), nick: r.peer_nick ?? '', avatar: r.peer_avatar ?? '' } }
}

/** What a conversation shows (its last message, the peer or the group, my role): its columns and joins, for `c`. */
const CONVERSATION_COLUMNS = sql`c.conversation_id, c.unread, c.pinned, c.receive_opt, c.at_types, c.last_time,
      m.type AS msg_type, m.payload, m.revoked, su.nick AS sender_nick,
      c.peer_id, pu.nick AS peer_nick, pu.avatar AS peer_avatar,
      c.group_id, g.name AS group_name, g.avatar AS group_avatar, mine.role AS my_role,
      (SELECT count(*)::int FROM chat_members x WHERE x.group_id = c.group_id) AS member_count`
const CONVERSATION_JOINS = sql`LEFT JOIN LATERAL (SELECT type, payload, revoked, sender_id FROM chat_messages WHERE conv_key = c.conv_key ORDER BY seq DESC LIMIT 1) m ON true
    LEFT JOIN users su ON su.id = m.sender_id
    LEFT JOIN users pu ON pu.id = c.peer_id
    LEFT JOIN chat_groups g ON g.group_id = c.group_id
    LEFT JOIN chat_members mine ON mine.group_id = c.group_id AND mine.user_id = c.user_id`

/** A user's conversations (not deleted), or one of them. */
export async function conversationsOf(db: Executor, userId: number, conversationId?: string): Promise<Conversation[]> {
  const one = conversationId === undefined ? sql`` : sql`AND c.conversation_id = ${conversationId}`
  const r = await sql<ConversationRow>`SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c ${CONVERSATION_JOINS}
    WHERE c.user_id = ${userId} AND NOT c.deleted ${one}
    ORDER BY c.pinned DESC, c.last_time DESC`.execute(db)
  return r.rows.map(toConversation)
}

/**
 * Each user's one conversation (`wanted[i].userId` with `wanted[i].conversationId`) in one query, by
 * user: a group message changes every member's row, and asking per member cost two queries each
 * (400 for a group of 200, one message at a time on PGlite's single connection).
 */
export async function conversationsByUser(db: Executor, wanted: readonly { userId: number; conversationId: string }[]): Promise<Map<number, Conversation>> {
  if (wanted.length === 0) return new Map()
  const r = await sql<ConversationRow & { owner_id: number }>`SELECT c.user_id AS owner_id, ${CONVERSATION_COLUMNS}
    FROM unnest(${sql.val(wanted.map((w) => w.userId))}::int[], ${sql.val(wanted.map((w) => w.conversationId))}::text[]) AS w(user_id, conversation_id)
    JOIN chat_conversations c ON c.user_id = w.user_id AND c.conversation_id = w.conversation_id AND NOT c.deleted
    ${CONVERSATION_JOINS}`.execute(db)
  return new Map(r.rows.map((row) => [Number(row.owner_id), toConversation(row)]))
}

/** Each user's unread total, in one query (a user with no conversation counts 0). */
export async function totalUnreadByUser(db: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map()
  const r = await sql<{ user_id: number; n: number | null }>`SELECT user_id, sum(unread)::int AS n FROM chat_conversations
    WHERE user_id = ANY(${sql.val(userIds)}::int[]) AND NOT deleted GROUP BY user_id`.execute(db)
  return new Map(r.rows.map((row) => [Number(row.user_id), row.n ?? 0]))
}

/** The groups a user is in, as the messaging service lists them. */
export async function groupsOf(db: Executor, userId: number): Promise<ChatGroup[]> {
  const r = await sql<GroupRow & { role: MemberRole }>`SELECT g.group_id, g.name, g.group_type, g.avatar, g.owner_id, g.mute_all, g.blocked, m.role,
      (SELECT count(*)::int FROM chat_members x WHERE x.group_id = g.group_id) AS member_count
    FROM chat_members m JOIN chat_groups g ON g.group_id = m.group_id WHERE m.user_id = ${userId} ORDER BY g.created_at DESC, g.id DESC`.execute(db)
  return r.rows.map((g) => ({ groupID: g.group_id, name: g.name, avatar: g.avatar, memberCount: g.member_count, selfInfo: { role: coreRole(g.role) } }))
}

/** Makes sure each member has a (visible) conversation row for the group. */
export async function ensureGroupConversations(db: Executor, groupId: string, userIds: readonly number[], nowSeconds: number): Promise<void> {
  if (userIds.length === 0) return
  await sql`INSERT INTO chat_conversations (user_id, conversation_id, conv_key, group_id, last_time)
    SELECT u, ${groupKey(groupId)}, ${groupKey(groupId)}, ${groupId}, ${nowSeconds} FROM unnest(${sql.val(userIds)}::int[]) AS u
    ON CONFLICT (user_id, conversation_id) DO UPDATE SET deleted = false`.execute(db)
}

export interface RemovalRow {
  group_id: string
  group_name: string
  user_id: number
  nick: string | null
  oper_nick: string | null
  at: number
}

/** The removal records a reader may read: those they made, and those their Admins made in the groups they own; newest first. */
export async function removalsSeenBy(db: Executor, userId: number, at: { page: number; count: number }): Promise<{ rows: RemovalRow[]; total: number }> {
  const mine = sql`(r.oper_id = ${userId} OR r.group_id IN (SELECT group_id FROM chat_groups WHERE owner_id = ${userId}))`
  const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_removals r WHERE ${mine}`.execute(db)).rows[0]!.n
  const rows = await sql<RemovalRow>`SELECT r.group_id, r.group_name, r.user_id, u.nick, o.nick AS oper_nick, r.at
    FROM chat_removals r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN users o ON o.id = r.oper_id
    WHERE ${mine} ORDER BY r.id DESC LIMIT ${at.count} OFFSET ${(at.page - 1) * at.count}`.execute(db)
  return { rows: rows.rows, total }
}
