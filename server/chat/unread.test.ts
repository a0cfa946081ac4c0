// Group unread counts from read positions (issue 31, migration 036): a group message writes the group's
// row and the sender's (and the @-named members'), never a row per member, while every member's count,
// @-marker, deleted conversation and total read as they did when each member's row was written. The
// relay's pushes are batched (fanout.ts): every message reaches every other online socket once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { AT_ALL } from '../../core/chat/messaging-port'
import { ChatService, type ChatSocket } from './service'

let t: TestDb
let chat: ChatService
let ids: number[]
// a clock a second on at every reading: the send rate (20 in 10 s) never speaks here
let clockMs = TEST_NOW * 1000
const clock = () => (clockMs += 1000)

beforeAll(async () => {
  t = await createTestDb()
  chat = new ChatService(t.db, clock)
  ids = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 40`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
})
afterAll(async () => {
  await t.close()
})

/** A Work group owned by ids[0] with the members given (indexes into ids). */
async function group(members: readonly number[]): Promise<string> {
  const g = await chat.createGroup(ids[0]!, '未读群', 'Work')
  await chat.addMembers(ids[0]!, g.group_id, members.map((i) => ids[i]!))
  return g.group_id
}
const say = (u: number, gid: string, text: string, at?: readonly string[]) =>
  chat.send(ids[u]!, at ? { conversationID: `GROUP${gid}`, kind: 'at', text, atUserList: [...at] } : { conversationID: `GROUP${gid}`, kind: 'text', text })
const view = async (u: number, gid: string) => (await chat.conversations(ids[u]!)).find((c) => c.conversationID === `GROUP${gid}`)
const unread = async (u: number, gid: string) => (await view(u, gid))?.unreadCount
const atTypes = async (u: number, gid: string) => (await view(u, gid))?.groupAtInfoList?.map((a) => a.atType)
/** Each row's version (xmin changes whenever a row is written). */
const versions = async (table: 'chat_conversations' | 'chat_members', gid: string) =>
  new Map((await sql<{ user_id: number; v: string }>`SELECT user_id, xmin::text AS v FROM ${sql.table(table)} WHERE group_id = ${gid}`.execute(t.db.kysely)).rows.map((r) => [Number(r.user_id), r.v]))
const written = (before: Map<number, string>, after: Map<number, string>) => [...after].filter(([u, v]) => before.get(u) !== v).map(([u]) => u).sort((a, b) => a - b)

describe('a group message writes O(1) rows', () => {
  it('a text writes the sender’s conversation row only; an @ adds the named members’ rows; no member row is written', async () => {
    const gid = await group(Array.from({ length: 30 }, (_, i) => i + 1))
    const convs = await versions('chat_conversations', gid)
    const members = await versions('chat_members', gid)
    expect(convs.size).toBe(31)
    await say(3, gid, '大家好')
    const afterText = await versions('chat_conversations', gid)
    expect(written(convs, afterText)).toEqual([ids[3]])
    await say(0, gid, '@五 @七 看这里', [String(ids[5]), String(ids[7])])
    expect(written(afterText, await versions('chat_conversations', gid))).toEqual([ids[0], ids[5], ids[7]].sort((a, b) => a! - b!))
    expect(written(members, await versions('chat_members', gid))).toEqual([])
    expect(await unread(12, gid)).toBe(2)
    expect(await unread(3, gid)).toBe(1)
    expect(await unread(0, gid)).toBe(1)
  })
})

describe('the counts as they were', () => {
  it('others’ messages count, one’s own and the service’s tips do not; reading clears; a new member starts at 0', async () => {
    const gid = await group([1, 2])
    for (const text of ['一', '二', '三']) await say(0, gid, text)
    await say(1, gid, '四')
    await say(1, gid, '五')
    expect([await unread(0, gid), await unread(1, gid), await unread(2, gid)]).toEqual([2, 3, 5])
    await chat.setRead(ids[2]!, `GROUP${gid}`)
    await say(0, gid, '六')
    expect([await unread(0, gid), await unread(1, gid), await unread(2, gid)]).toEqual([2, 4, 1])
    // a tip (muting a member) counts for nobody
    await chat.mute(ids[0]!, gid, ids[2]!, true, 1)
    expect([await unread(0, gid), await unread(1, gid), await unread(2, gid)]).toEqual([2, 4, 1])
    await chat.addMembers(ids[0]!, gid, [ids[3]!])
    expect(await unread(3, gid)).toBe(0)
    await say(1, gid, '七')
    expect([await unread(1, gid), await unread(3, gid)]).toEqual([4, 1])
    // the list's last message is the group's newest
    expect((await view(3, gid))?.lastMessage).toMatchObject({ messageForShow: '七' })
  })

  it('@me and @all markers (spec 001 §4: 1, 2, 3 for both); reading clears them; the sender gets none of their own', async () => {
    const gid = await group([1, 2, 3])
    await chat.setAdmin(ids[0]!, gid, ids[1]!, true)
    await say(0, gid, '@二', [String(ids[2])])
    expect([await atTypes(0, gid), await atTypes(2, gid), await atTypes(3, gid)]).toEqual([[], [1], []])
    await say(0, gid, '@所有人', [AT_ALL])
    expect([await atTypes(0, gid), await atTypes(1, gid), await atTypes(2, gid), await atTypes(3, gid)]).toEqual([[], [2], [3], [2]])
    await chat.setRead(ids[2]!, `GROUP${gid}`)
    expect(await atTypes(2, gid)).toEqual([])
    // an admin who had not read the owner's @all sends their own: they keep the owner's
    await say(1, gid, '@所有人 我也说一句', [AT_ALL])
    expect([await atTypes(0, gid), await atTypes(1, gid), await atTypes(2, gid)]).toEqual([[2], [2], [2]])
    await chat.setRead(ids[1]!, `GROUP${gid}`)
    expect(await atTypes(1, gid)).toEqual([])
    await say(3, gid, '普通一句')
    expect(await atTypes(1, gid)).toEqual([])
  })

  it('a deleted conversation is hidden until a newer message (a tip too), and comes back with only what came since', async () => {
    const gid = await group([1, 2])
    await say(0, gid, '一')
    await chat.remove(ids[2]!, `GROUP${gid}`)
    expect(await view(2, gid)).toBeUndefined()
    await chat.mute(ids[0]!, gid, ids[1]!, true, 1)
    expect(await unread(2, gid)).toBe(0)
    await chat.remove(ids[2]!, `GROUP${gid}`)
    await say(0, gid, '二')
    expect(await unread(2, gid)).toBe(1)
  })

  it('a removed member keeps the count they left with; back in the group, it counts on from there', async () => {
    const gid = await group([1, 2])
    await say(0, gid, '一')
    await say(0, gid, '二')
    await chat.removeMembers(ids[0]!, gid, [ids[2]!])
    await say(1, gid, '走了一个')
    expect(await unread(2, gid)).toBe(2)
    await chat.remove(ids[2]!, `GROUP${gid}`)
    await say(1, gid, '又一句')
    expect(await view(2, gid)).toBeUndefined()
    await chat.addMembers(ids[0]!, gid, [ids[2]!])
    expect(await unread(2, gid)).toBe(0)
    await say(1, gid, '欢迎回来')
    expect(await unread(2, gid)).toBe(1)
  })

  it('a chatroom counts no unread and writes nothing per message (not even its group row)', async () => {
    const g = await chat.createGroup(ids[0]!, '聊天室', 'ChatRoom')
    await chat.joinOpenGroup(ids[1]!, g.group_id)
    const row = async () => (await sql<{ v: string }>`SELECT xmin::text AS v FROM chat_groups WHERE group_id = ${g.group_id}`.execute(t.db.kysely)).rows[0]!.v
    const before = await row()
    const convs = await versions('chat_conversations', g.group_id)
    await say(1, g.group_id, '评论')
    expect([await row(), await versions('chat_conversations', g.group_id)]).toEqual([before, convs])
    expect(await unread(0, g.group_id)).toBe(0)
  })
})

describe('the batched pushes', () => {
  /** A socket that keeps its frames. */
  const socket = () => {
    const frames: { event: string; data: never }[] = []
    const s: ChatSocket = { send: (f) => void frames.push(JSON.parse(f) as never), close: () => {} }
    return { s, frames }
  }
  it('every message reaches every other socket once, in order; each reader’s last conversation push carries their count and total', async () => {
    const gid = await group([1, 2, 3])
    const readers = [1, 2, 3].map((i) => ({ i, ...socket() }))
    const senderSocket = socket()
    chat.attach(ids[0]!, senderSocket.s)
    for (const r of readers) chat.attach(ids[r.i]!, r.s)
    try {
      const sent = await Promise.all(['甲', '乙', '丙', '丁', '戊'].map((text) => chat.send(ids[0]!, { conversationID: `GROUP${gid}`, kind: 'text', text }, senderSocket.s)))
      await chat.pushed()
      const order = sent.map((m) => m.ID).sort((a, b) => sent.find((m) => m.ID === a)!.sequence! - sent.find((m) => m.ID === b)!.sequence!)
      for (const r of readers) {
        const got = r.frames.filter((f) => f.event === 'messages.received').flatMap((f) => (f.data as { messages: { ID: string }[] }).messages.map((m) => m.ID))
        expect(got).toEqual(order)
        const last = r.frames.filter((f) => f.event === 'conversation.changed').at(-1)!.data as { conversation: { conversationID: string; unreadCount: number }; totalUnread: number }
        const list = await chat.conversations(ids[r.i]!)
        expect(last.conversation).toMatchObject({ conversationID: `GROUP${gid}`, unreadCount: await unread(r.i, gid) })
        expect(last.totalUnread).toBe(list.reduce((n, c) => n + c.unreadCount, 0))
      }
      // the sender's own socket got its answers, not its messages
      expect(senderSocket.frames.filter((f) => f.event === 'messages.received')).toEqual([])
    } finally {
      chat.detach(ids[0]!, senderSocket.s)
      for (const r of readers) chat.detach(ids[r.i]!, r.s)
    }
  })
})
