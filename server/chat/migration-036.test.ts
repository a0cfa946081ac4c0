// Migration 036 (issue 31) on a database whose group conversations kept a row per member per message:
// every count, @-marker, deleted conversation and removed member's frozen count reads the same after it,
// and the next message counts on from there under the read positions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openPglite, type Db } from '../db/db'
import { loadMigrations, migrate } from '../db/migrate'
import { ChatService } from './service'

let db: Db
const G = 'GROUP_CHAT_V2_old'
const K = `GROUP${G}`
beforeAll(async () => {
  db = await openPglite()
  const all = loadMigrations()
  await migrate(db, all.filter((m) => m.version < '036'))
  await sql`INSERT INTO users (id, nick, create_timestamp) VALUES (901, '群主', 1), (902, '甲', 1), (903, '乙', 1), (904, '丙', 1), (905, '走了', 1)`.execute(db.kysely)
  await sql`INSERT INTO chat_groups (group_id, name, group_type, owner_id, created_at) VALUES (${G}, '老群', 'Work', 901, 100)`.execute(db.kysely)
  await sql`INSERT INTO chat_members (group_id, user_id, role, joined_at) VALUES (${G}, 901, 'Owner', 100), (${G}, 902, 'Member', 100), (${G}, 903, 'Member', 100), (${G}, 904, 'Member', 100)`.execute(db.kysely)
  await sql`INSERT INTO chat_messages (msg_id, conv_key, seq, sender_id, type, payload, at_users, time) VALUES
    ('o1', ${K}, 1, 901, 'TIMTextElem', '{"text":"一"}', '{}', 200),
    ('o2', ${K}, 2, 902, 'TIMTextElem', '{"text":"二"}', '{}', 300),
    ('o3', ${K}, 3, 901, 'TIMTextElem', '{"text":"@所有人 三"}', '{__kImSDK_MesssageAtALL__}', 400)`.execute(db.kysely)
  // the old rows: 901 has 902's one unread; 902 two, @all; 903 read all but was @-ed by name; 904 deleted
  // the conversation after reading; 905 was removed with one unread
  await sql`INSERT INTO chat_conversations (user_id, conversation_id, conv_key, group_id, unread, at_types, deleted, last_time) VALUES
    (901, ${K}, ${K}, ${G}, 1, '{}', false, 400),
    (902, ${K}, ${K}, ${G}, 2, '{2}', false, 400),
    (903, ${K}, ${K}, ${G}, 0, '{1}', false, 400),
    (904, ${K}, ${K}, ${G}, 0, '{}', true, 400),
    (905, ${K}, ${K}, ${G}, 1, '{}', false, 200)`.execute(db.kysely)
  await migrate(db, all)
}, 300_000)
afterAll(async () => db?.close())

describe('migration 036', () => {
  it('every member’s count, marker and visibility read as before; the next message counts on', async () => {
    const chat = new ChatService(db, () => 500_000)
    const of = async (u: number) => (await chat.conversations(u)).find((c) => c.conversationID === K)
    const shown = async () => Promise.all([901, 902, 903, 904, 905].map(async (u) => {
      const c = await of(u)
      return c ? [c.unreadCount, (c.groupAtInfoList ?? []).map((a) => a.atType)] : null
    }))
    expect(await shown()).toEqual([[1, []], [2, [2]], [0, [1]], null, [1, []]])
    expect((await of(901))?.lastMessage).toMatchObject({ messageForShow: '@所有人 三', lastTime: 400 })
    await chat.send(903, { conversationID: K, kind: 'text', text: '四' })
    expect(await shown()).toEqual([[2, []], [3, [2]], [0, [1]], [1, []], [1, []]])
    await chat.setRead(902, K)
    expect((await of(902))?.unreadCount).toBe(0)
  })
})
