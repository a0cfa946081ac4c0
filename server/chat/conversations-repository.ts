// The chat_conversations table (015_chat.sql, 036): each user's view of a conversation — unread count
// (a one-to-one row's own; a group row's read position against its group's sequence, 036), pinned,
// notification option (0 notify, 2 muted), deleted, @-markers, last time. One row type
// (ConversationRow: the view with its last message, its peer or group and the user's role joined) and
// one mapper to the messaging service's conversation.
import { expressionBuilder, sql, type ExpressionBuilder } from 'kysely'
import type { ChatConversationsTable, ChatGroupsTable, Database } from '../db/schema'
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

// The unread rule of a row `c` (migration 036): a one-to-one row keeps its own count (so does the row of
// a member who left a group: frozen, read_seq −1); a group row reads its position against its group
// `g` — the group's counted messages, less those read, less the member's own since. Written once here
// for the list, the pushes, the totals and a leaving member's frozen count.
type RowAndGroup = Database & { c: ChatConversationsTable; g: ChatGroupsTable }
const unreadOf = (eb: ExpressionBuilder<RowAndGroup, 'c' | 'g'>) =>
  eb
    .case()
    .when(eb.or([eb('g.group_id', 'is', null), eb('c.read_seq', '<', 0)]))
    .then(eb.ref('c.unread'))
    .else(eb.fn<number>('greatest', [eb(eb('g.unread_seq', '-', eb.ref('c.read_seq')), '-', eb.ref('c.own_unread')), eb.lit(0)]))
    .end()
// A row shows unless deleted, and a deleted group row (of a member) shows again once a newer message came.
const visible = (eb: ExpressionBuilder<RowAndGroup, 'c' | 'g'>) =>
  eb.or([eb.not(eb.ref('c.deleted')), eb.and([eb('g.group_id', 'is not', null), eb('c.read_seq', '>=', 0), eb('g.last_seq', '>', eb.ref('c.deleted_seq'))])])
// the two rules as expressions for the raw statement below
const UNREAD = unreadOf(expressionBuilder<RowAndGroup, 'c' | 'g'>())
const VISIBLE = visible(expressionBuilder<RowAndGroup, 'c' | 'g'>())

// What a conversation shows, for the rows of `c` (the CTE each query below builds). Raw sql on purpose:
// the group's part (its counters, its member count, its newest message) is worked out once per group
// in MATERIALIZED CTEs and joined to every member's row — per row it cost a count of the members and a
// lateral read of the newest message (200 of each for one message to a group of 200); the builder has
// neither MATERIALIZED nor LATERAL. @all shows (2, or 3 with @me) while the member has not read past it.
const CONVERSATIONS = sql`g AS MATERIALIZED (
      SELECT g.group_id, g.name, g.avatar, g.last_seq, g.unread_seq, g.at_all_seq, g.at_all_by, g.last_time,
        (SELECT count(*)::int FROM chat_members x WHERE x.group_id = g.group_id) AS member_count
      FROM chat_groups g WHERE g.group_id IN (SELECT group_id FROM c)),
    lastm AS MATERIALIZED (
      SELECT k.conv_key, m.type, m.payload, m.revoked, su.nick AS sender_nick
      FROM (SELECT DISTINCT conv_key FROM c) k
      JOIN LATERAL (SELECT type, payload, revoked, sender_id FROM chat_messages WHERE conv_key = k.conv_key ORDER BY seq DESC LIMIT 1) m ON true
      LEFT JOIN users su ON su.id = m.sender_id)
    SELECT c.user_id AS owner_id, c.conversation_id, ${UNREAD} AS unread, c.pinned, c.receive_opt,
      CASE WHEN g.group_id IS NOT NULL AND c.read_seq >= 0 AND g.at_all_seq > c.read_seq AND g.at_all_by IS DISTINCT FROM c.user_id
        THEN ARRAY[coalesce(c.at_types[1], 0) | 2]::smallint[] ELSE c.at_types END AS at_types,
      greatest(c.last_time, coalesce(g.last_time, 0)) AS last_time,
      lastm.type AS msg_type, lastm.payload, lastm.revoked, lastm.sender_nick,
      c.peer_id, pu.nick AS peer_nick, pu.avatar AS peer_avatar,
      c.group_id, g.name AS group_name, g.avatar AS group_avatar, mine.role AS my_role, g.member_count
    FROM c
    LEFT JOIN g ON g.group_id = c.group_id
    LEFT JOIN lastm ON lastm.conv_key = c.conv_key
    LEFT JOIN users pu ON pu.id = c.peer_id
    LEFT JOIN chat_members mine ON mine.group_id = c.group_id AND mine.user_id = c.user_id
    WHERE ${VISIBLE}`

/** A user's conversations (not deleted), pinned first, newest first. */
export async function conversationsOf(d: Queryable, userId: number): Promise<Conversation[]> {
  const r = await sql<ConversationRow>`WITH c AS MATERIALIZED (SELECT * FROM chat_conversations WHERE user_id = ${userId}), ${CONVERSATIONS}
    ORDER BY c.pinned DESC, greatest(c.last_time, coalesce(g.last_time, 0)) DESC`.execute(k(d))
  return r.rows.map(toConversation)
}

/**
 * Each user's one conversation (`wanted[i].userId` with `wanted[i].conversationId`) in one query, by
 * user: a group message changes what every online member shows. Raw sql: the pairs come in as two
 * unnest()ed arrays, and the columns are the ones above.
 */
export async function conversationsByUser(d: Queryable, wanted: readonly { userId: number; conversationId: string }[]): Promise<Map<string, Conversation>> {
  if (wanted.length === 0) return new Map()
  const r = await sql<ConversationRow & { owner_id: number }>`WITH c AS MATERIALIZED (SELECT c.*
      FROM unnest(${sql.val(wanted.map((w) => w.userId))}::int[], ${sql.val(wanted.map((w) => w.conversationId))}::text[]) AS w(user_id, conversation_id)
      JOIN chat_conversations c ON c.user_id = w.user_id AND c.conversation_id = w.conversation_id), ${CONVERSATIONS}`.execute(k(d))
  return new Map(r.rows.map((row) => [`${Number(row.owner_id)} ${row.conversation_id}`, toConversation(row)]))
}

/** Each user's unread total over their visible conversations, in one query (a user with none counts 0). */
export async function totalUnreadByUser(d: Queryable, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await k(d)
    .selectFrom('chat_conversations as c')
    .leftJoin('chat_groups as g', 'g.group_id', 'c.group_id')
    .select((eb) => ['c.user_id', eb.fn.sum<string | number | null>(unreadOf(eb)).as('n')])
    .where('c.user_id', 'in', [...new Set(userIds)])
    .where((eb) => visible(eb))
    .groupBy('c.user_id')
    .execute()
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.n ?? 0)]))
}

/**
 * Makes sure each member has a (visible) conversation row for the group, read up to now (what the group
 * said before they joined is not unread to them). A member who comes back finds the count they left
 * with (see leaveGroupConversations).
 */
export async function ensureGroupConversations(d: Queryable, groupId: string, userIds: readonly number[], nowSeconds: number): Promise<void> {
  if (userIds.length === 0) return
  const key = `GROUP${groupId}`
  const seq = Number((await k(d).selectFrom('chat_groups').select('unread_seq').where('group_id', '=', groupId).executeTakeFirst())?.unread_seq ?? 0)
  await k(d)
    .insertInto('chat_conversations')
    .values(userIds.map((u) => ({ user_id: u, conversation_id: key, conv_key: key, group_id: groupId, peer_id: null, last_time: nowSeconds, read_seq: seq })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'conversation_id']).doUpdateSet((eb) => {
        const left = eb('chat_conversations.read_seq', '<', 0)
        return {
          deleted: false,
          read_seq: eb.case().when(left).then(eb('excluded.read_seq', '-', eb.ref('chat_conversations.unread'))).else(eb.ref('chat_conversations.read_seq')).end(),
          unread: eb.case().when(left).then(0).else(eb.ref('chat_conversations.unread')).end(),
        }
      }),
    )
    .execute()
}

/**
 * Members removed from a group keep the count they had, frozen in their row's unread (read_seq −1 marks
 * a row whose user has left: the group's sequence no longer moves it, nor shows it again once deleted).
 */
export async function leaveGroupConversations(d: Queryable, groupId: string, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return
  await k(d)
    .updateTable('chat_conversations as c')
    .from('chat_groups as g')
    .set((eb) => ({ unread: unreadOf(eb), read_seq: -1, own_unread: 0 }))
    .whereRef('g.group_id', '=', 'c.group_id')
    .where('c.group_id', '=', groupId)
    .where('c.user_id', 'in', [...userIds])
    .where('c.read_seq', '>=', 0)
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
 * A group message was stored (migration 036: O(1) writes, however many members): the group's row takes
 * the message's seq and time and, when it counts, one more on its unread sequence (and the @all position);
 * the sender's own row counts it as theirs (never unread to them); the members named by @ get their
 * @me marker (spec 001 §4: 1 @me, 3 with @all). One statement; raw sql on purpose: data-modifying CTEs
 * that read the group's row as it was before this message (the sender keeps an @all of someone else's
 * they had not read), which the builder cannot say.
 */
export async function touchGroup(d: Queryable, m: { groupId: string; convKey: string; senderId: number; seq: number; counts: boolean; at: readonly number[]; atAll: boolean; time: number }): Promise<void> {
  const at = sql.val([...m.at].filter((u) => u !== m.senderId))
  await sql`WITH old AS (SELECT unread_seq, at_all_seq, at_all_by FROM chat_groups WHERE group_id = ${m.groupId}),
    grp AS (UPDATE chat_groups SET last_seq = greatest(last_seq, ${m.seq}), last_time = greatest(last_time, ${m.time}),
        unread_seq = unread_seq + ${m.counts ? 1 : 0},
        at_all_seq = CASE WHEN ${m.atAll} THEN unread_seq + ${m.counts ? 1 : 0} ELSE at_all_seq END,
        at_all_by = CASE WHEN ${m.atAll} THEN ${m.senderId}::int ELSE at_all_by END
      WHERE group_id = ${m.groupId}),
    mine AS (UPDATE chat_conversations c SET own_unread = c.own_unread + ${m.counts ? 1 : 0},
        at_types = CASE WHEN ${m.atAll} AND old.at_all_seq > c.read_seq AND old.at_all_by IS DISTINCT FROM c.user_id
          THEN ARRAY[coalesce(c.at_types[1], 0) | 2]::smallint[] ELSE c.at_types END
      FROM old WHERE c.user_id = ${m.senderId} AND c.conversation_id = ${m.convKey} AND (${m.counts} OR ${m.atAll}))
    UPDATE chat_conversations c SET at_types = ARRAY[coalesce(c.at_types[1], 0) | 1]::smallint[]
      WHERE c.conversation_id = ${m.convKey} AND c.user_id = ANY(${at}::int[]) AND c.read_seq >= 0`.execute(k(d))
}

/** What a user may change of their view of a conversation. */
export type ViewChange = { readonly read: true } | { readonly receiveOpt: 0 | 2 } | { readonly pinned: boolean } | { readonly deleted: true }

/**
 * Changes a user's view of a conversation; false when they have no such conversation. Reading a group
 * row moves its read position to the group's unread sequence; deleting it also hides it until a newer message.
 */
export async function updateView(d: Queryable, userId: number, conversationId: string, change: ViewChange): Promise<boolean> {
  const r = await k(d)
    .updateTable('chat_conversations')
    .set((eb) => {
      // the group's sequence (0 for a one-to-one row)
      const ofGroup = (column: 'g.unread_seq' | 'g.last_seq') =>
        eb.fn.coalesce(eb.selectFrom('chat_groups as g').select(column).whereRef('g.group_id', '=', 'chat_conversations.group_id'), eb.lit(0))
      // read up to the group's sequence now (a member who left stays marked so: −1)
      const readSeq = eb.case().when('read_seq', '<', 0).then(eb.lit(-1)).else(ofGroup('g.unread_seq')).end()
      const read = { unread: 0, at_types: [], read_seq: readSeq, own_unread: 0 }
      if ('read' in change) return read
      if ('receiveOpt' in change) return { receive_opt: change.receiveOpt }
      if ('pinned' in change) return { pinned: change.pinned }
      return { ...read, deleted: true, deleted_seq: ofGroup('g.last_seq') }
    })
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}
