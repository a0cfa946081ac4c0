// The chat_messages table (015_chat.sql): each conversation's messages, stored once under conv_key
// (GROUP<groupId>, or C2C<low>_<high> for both sides of a one-to-one chat), numbered by seq. One row
// type (MessageRow, with the sender's nick joined) and one mapper to the messaging service's message.
import { sql } from 'kysely'
import { k, type Queryable } from '../db/queryable'
import type { ChatMessage } from '../../core/chat/messaging-port'
import { MESSAGE_TYPES } from '../../core/chat/messaging-port'

export interface MessageRow {
  msg_id: string
  conv_key: string
  seq: number
  sender_id: number
  sender_nick: string
  sender_avatar: string
  type: string
  payload: unknown
  cloud_custom_data: string
  at_users: string[]
  time: number
  revoked: boolean
}

export const c2cKey = (a: number, b: number): string => `C2C${Math.min(a, b)}_${Math.max(a, b)}`
export const groupKey = (groupId: string): string => `GROUP${groupId}`

/** The conversation id a viewer sees a stored conversation under. */
export function conversationIdFor(convKey: string, viewerId: number): string {
  if (convKey.startsWith('GROUP')) return convKey
  const [a, b] = convKey.slice(3).split('_').map(Number)
  return `C2C${a === viewerId ? b : a}`
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

/** What the conversation list shows for a last message. */
export const messageForShow = (type: string, payload: unknown, revoked: boolean): string => {
  if (revoked) return '[消息已撤回]'
  const text = typeof payload === 'object' && payload !== null && 'text' in payload ? payload.text : undefined
  if (type === MESSAGE_TYPES.text) return typeof text === 'string' ? text : ''
  if (type === MESSAGE_TYPES.image) return '[图片]'
  if (type === MESSAGE_TYPES.groupTip) return '[群提示]'
  return '[自定义消息]'
}

const messages = (d: Queryable) =>
  k(d)
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .select(['m.msg_id', 'm.conv_key', 'm.seq', 'm.sender_id', 'u.nick as sender_nick', 'u.avatar as sender_avatar', 'm.type', 'm.payload', 'm.cloud_custom_data', 'm.at_users', 'm.time', 'm.revoked'])

const toMessageRow = (r: Omit<MessageRow, 'time'> & { time: string | number }): MessageRow => ({ ...r, sender_id: Number(r.sender_id), time: Number(r.time) })

export async function messageById(d: Queryable, msgId: string): Promise<MessageRow | undefined> {
  const r = await messages(d).where('m.msg_id', '=', msgId).executeTakeFirst()
  return r ? toMessageRow(r) : undefined
}

/** Up to `count` + 1 messages before `beforeSeq`, newest first (the extra one says whether more remain). */
export async function messagesBefore(d: Queryable, convKey: string, beforeSeq: number, count: number, options: { withRevoked: boolean }): Promise<MessageRow[]> {
  let q = messages(d).where('m.conv_key', '=', convKey).where('m.seq', '<', beforeSeq)
  if (!options.withRevoked) q = q.where('m.revoked', '=', false)
  const rows = await q.orderBy('m.seq', 'desc').limit(count + 1).execute()
  return rows.map(toMessageRow)
}

/** Whether the message numbered `seq` of a conversation is revoked; undefined when there is none. */
export async function revokedAt(d: Queryable, convKey: string, seq: number): Promise<boolean | undefined> {
  return (await k(d).selectFrom('chat_messages').select('revoked').where('conv_key', '=', convKey).where('seq', '=', seq).executeTakeFirst())?.revoked
}

/**
 * Stores a message as the next of its conversation. Raw sql on purpose: the seq is taken in the same
 * statement as the insert (INSERT … SELECT max(seq) + 1), so two senders never read one max between a
 * read and a write, and the payload and @-list go in as jsonb and text[] casts; a unique (conv_key, seq)
 * refuses the rare tie on PostgreSQL, and the caller tries again.
 */
export async function insertMessage(
  d: Queryable,
  m: { msgId: string; convKey: string; senderId: number; type: string; payload: unknown; cloudCustomData: string; atUsers: readonly string[]; time: number },
): Promise<MessageRow> {
  // raw: the next seq in the same INSERT … SELECT, and jsonb / text[] casts (see above); the stored row
  // comes back with its sender's nick in the same statement (a send was one more query per message)
  const r = await sql<Omit<MessageRow, 'time'> & { time: string | number }>`WITH ins AS (
      INSERT INTO chat_messages (msg_id, conv_key, seq, sender_id, type, payload, cloud_custom_data, at_users, time)
      SELECT ${m.msgId}, ${m.convKey}, coalesce(max(seq), 0) + 1, ${m.senderId}, ${m.type}, ${JSON.stringify(m.payload)}::jsonb,
        ${m.cloudCustomData}, ${sql.val([...m.atUsers])}::text[], ${m.time}
      FROM chat_messages WHERE conv_key = ${m.convKey}
      RETURNING msg_id, conv_key, seq, sender_id, type, payload, cloud_custom_data, at_users, time, revoked)
    SELECT ins.*, u.nick AS sender_nick, u.avatar AS sender_avatar FROM ins JOIN users u ON u.id = ins.sender_id`.execute(k(d))
  return toMessageRow(r.rows[0]!)
}

export async function setRevoked(d: Queryable, msgId: string): Promise<void> {
  await k(d).updateTable('chat_messages').set({ revoked: true }).where('msg_id', '=', msgId).execute()
}

export async function setTextPayload(d: Queryable, msgId: string, text: string): Promise<void> {
  await k(d).updateTable('chat_messages').set({ payload: JSON.stringify({ text }) }).where('msg_id', '=', msgId).execute()
}
