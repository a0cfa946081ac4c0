// The chat_conversations table (015_chat.sql): each user's view of a conversation — unread count,
// pinned, notification option (0 notify, 2 muted), deleted, @-markers, last time. One row type
// (ConversationRow: the view with its last message, its peer or group and the user's role joined) and
// one mapper to the messaging service's conversation.
import { sql } from 'kysely'
import { k, type Queryable } from '../db/queryable'
import type { Conversation } from '../../core/chat/messaging-port'
import type { MemberRole } from '../../core/api/chat'
import { messageForShow } from './messages-repository'

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

// What a conversation shows: its columns and joins, for `c`. Raw sql on purpose: the last message is a
// LEFT JOIN LATERAL (the newest row of the conversation's messages), which kysely's builder can only
// say through sql fragments anyway; one statement lists any number of conversations.
const CONVERSATION_COLUMNS = sql`c.conversation_id, c.unread, c.pinned, c.receive_opt, c.at_types, c.last_time,
      m.type AS msg_type, m.payload, m.revoked, su.nick AS sender_nick,
      c.peer_id, pu.nick AS peer_nick, pu.avatar AS peer_avatar,
      c.group_id, g.name AS group_name, g.avatar AS group_avatar, mine.role AS my_role,
      (SELECT count(*)::int FROM chat_members x WHERE x.group_id = c.group_id) AS member_count`
// the lateral join for the newest message (see above: the builder has no LATERAL of its own)
const CONVERSATION_JOINS = sql`LEFT JOIN LATERAL (SELECT type, payload, revoked, sender_id FROM chat_messages WHERE conv_key = c.conv_key ORDER BY seq DESC LIMIT 1) m ON true
    LEFT JOIN users su ON su.id = m.sender_id
    LEFT JOIN users pu ON pu.id = c.peer_id
    LEFT JOIN chat_groups g ON g.group_id = c.group_id
    LEFT JOIN chat_members mine ON mine.group_id = c.group_id AND mine.user_id = c.user_id`

/** A user's conversations (not deleted), pinned first, newest first. */
export async function conversationsOf(d: Queryable, userId: number): Promise<Conversation[]> {
  const r = await sql<ConversationRow>`SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c ${CONVERSATION_JOINS}
    WHERE c.user_id = ${userId} AND NOT c.deleted
    ORDER BY c.pinned DESC, c.last_time DESC`.execute(k(d))
  return r.rows.map(toConversation)
}

/**
 * Each user's one conversation (`wanted[i].userId` with `wanted[i].conversationId`) in one query, by
 * user: a group message changes every member's row, and asking per member cost two queries each
 * (400 for a group of 200, one message at a time on PGlite's single connection). Raw sql: the pairs
 * come in as two unnest()ed arrays, and the columns are the lateral ones above.
 */
export async function conversationsByUser(d: Queryable, wanted: readonly { userId: number; conversationId: string }[]): Promise<Map<number, Conversation>> {
  if (wanted.length === 0) return new Map()
  const r = await sql<ConversationRow & { owner_id: number }>`SELECT c.user_id AS owner_id, ${CONVERSATION_COLUMNS}
    FROM unnest(${sql.val(wanted.map((w) => w.userId))}::int[], ${sql.val(wanted.map((w) => w.conversationId))}::text[]) AS w(user_id, conversation_id)
    JOIN chat_conversations c ON c.user_id = w.user_id AND c.conversation_id = w.conversation_id AND NOT c.deleted
    ${CONVERSATION_JOINS}`.execute(k(d))
  return new Map(r.rows.map((row) => [Number(row.owner_id), toConversation(row)]))
}

/** Each user's unread total, in one query (a user with no conversation counts 0). */
export async function totalUnreadByUser(d: Queryable, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await k(d)
    .selectFrom('chat_conversations')
    .select((eb) => ['user_id', eb.fn.sum<string | number | null>('unread').as('n')])
    .where('user_id', 'in', [...userIds])
    .where('deleted', '=', false)
    .groupBy('user_id')
    .execute()
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.n ?? 0)]))
}

/** Makes sure each member has a (visible) conversation row for the group. */
export async function ensureGroupConversations(d: Queryable, groupId: string, userIds: readonly number[], nowSeconds: number): Promise<void> {
  if (userIds.length === 0) return
  const key = `GROUP${groupId}`
  await k(d)
    .insertInto('chat_conversations')
    .values(userIds.map((u) => ({ user_id: u, conversation_id: key, conv_key: key, group_id: groupId, peer_id: null, last_time: nowSeconds })))
    .onConflict((oc) => oc.columns(['user_id', 'conversation_id']).doUpdateSet({ deleted: false }))
    .execute()
}

/** Makes sure the user has a (visible) one-to-one conversation with the peer. */
export async function ensureC2CConversation(d: Queryable, userId: number, peerId: number, convKey: string, nowSeconds: number): Promise<void> {
  await k(d)
    .insertInto('chat_conversations')
    .values({ user_id: userId, conversation_id: `C2C${peerId}`, conv_key: convKey, peer_id: peerId, group_id: null, last_time: nowSeconds })
    .onConflict((oc) => oc.columns(['user_id', 'conversation_id']).doUpdateSet({ deleted: false }))
    .execute()
}

/** A one-to-one message was stored: both sides' rows show it, the recipient's unread grows by `unread`. */
export async function touchC2C(d: Queryable, m: { senderId: number; peerId: number; convKey: string; unread: number; time: number }): Promise<void> {
  await k(d)
    .insertInto('chat_conversations')
    .values([
      { user_id: m.senderId, conversation_id: `C2C${m.peerId}`, conv_key: m.convKey, peer_id: m.peerId, group_id: null, unread: 0, last_time: m.time },
      { user_id: m.peerId, conversation_id: `C2C${m.senderId}`, conv_key: m.convKey, peer_id: m.senderId, group_id: null, unread: m.unread, last_time: m.time },
    ])
    .onConflict((oc) =>
      oc.columns(['user_id', 'conversation_id']).doUpdateSet((eb) => ({
        deleted: false,
        last_time: eb.ref('excluded.last_time'),
        unread: eb('chat_conversations.unread', '+', eb.ref('excluded.unread')),
      })),
    )
    .execute()
}

/**
 * A group message was stored: every member's row shows it; others' unread grows (when it counts) and
 * their @-marker is set (spec 001 §4: 1 @me, 2 @all, 3 both). Answers the members. Raw sql on purpose:
 * one INSERT … SELECT over the members with CASE expressions per member, upserted in the same statement
 * (the builder would need sql fragments for each CASE and array cast).
 */
export async function touchGroup(d: Queryable, m: { groupId: string; convKey: string; senderId: number; counts: boolean; at: readonly number[]; atAll: boolean; time: number }): Promise<number[]> {
  const rows = await sql<{ user_id: number }>`INSERT INTO chat_conversations (user_id, conversation_id, conv_key, group_id, unread, last_time, at_types)
    SELECT x.user_id, ${m.convKey}, ${m.convKey}, ${m.groupId},
      CASE WHEN x.user_id = ${m.senderId} OR NOT ${m.counts} THEN 0 ELSE 1 END, ${m.time},
      CASE WHEN x.user_id = ${m.senderId} THEN '{}'::smallint[]
           WHEN x.user_id = ANY(${sql.val([...m.at])}::int[]) AND ${m.atAll} THEN '{3}'::smallint[]
           WHEN x.user_id = ANY(${sql.val([...m.at])}::int[]) THEN '{1}'::smallint[]
           WHEN ${m.atAll} THEN '{2}'::smallint[] ELSE '{}'::smallint[] END
    FROM chat_members x WHERE x.group_id = ${m.groupId}
    ON CONFLICT (user_id, conversation_id) DO UPDATE SET deleted = false, last_time = EXCLUDED.last_time,
      unread = chat_conversations.unread + EXCLUDED.unread,
      at_types = CASE WHEN EXCLUDED.at_types = '{}' THEN chat_conversations.at_types ELSE EXCLUDED.at_types END
    RETURNING user_id`.execute(k(d))
  return rows.rows.map((r) => Number(r.user_id))
}

/** What a user may change of their view of a conversation. */
export type ViewChange = { readonly read: true } | { readonly receiveOpt: 0 | 2 } | { readonly pinned: boolean } | { readonly deleted: true }

/** Changes a user's view of a conversation; false when they have no such conversation. */
export async function updateView(d: Queryable, userId: number, conversationId: string, change: ViewChange): Promise<boolean> {
  const set =
    'read' in change
      ? { unread: 0, at_types: [] }
      : 'receiveOpt' in change
        ? { receive_opt: change.receiveOpt }
        : 'pinned' in change
          ? { pinned: change.pinned }
          : { deleted: true, unread: 0, at_types: [] }
  const r = await k(d).updateTable('chat_conversations').set(set).where('user_id', '=', userId).where('conversation_id', '=', conversationId).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}
