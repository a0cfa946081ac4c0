// The local messaging service end to end (issue 14): the real app on a real @hono/node-server with the
// WebSocket relay attached, and the browser's local messaging adapter (adapters/messaging/local-client)
// over `ws`. Two users chat one-to-one and in a group: send, receive, unread counts, @-markers,
// revoke, modify, mute, kick, pinned and muted conversations, the 4 KB cap, the send rate; a wrong
// signature is refused; and a restart (the database reopened from its files, a new server) keeps
// the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { WebSocket } from 'ws'
import { sql } from 'kysely'
import { createApp } from '../server/app'
import { openPglite, type Db } from '../server/db/db'
import { cloneTemplate, TEST_NOW } from '../server/testing/template-db'
import { authHeaders, signInForTest } from '../server/accounts/session'
import { attachChatSocket } from '../server/chat/socket'
import { chatServiceFor } from '../server/chat/service'
import { chatConfig } from '../server/chat/config'
import { createLocalMessagingClient, type SocketLike } from '../adapters/messaging/local-client'
import type { ChatMessage, ChatSignature, Conversation, MessagingClient, MessagingEventMap, MessagingEventType } from '../core/chat/messaging-port'
import { CHAT_MESSAGES as M, SEND_RATE, TEXT_MAX_BYTES } from '../core/chat/limits'

interface Running {
  db: Db
  server: Server
  base: string
  close(): Promise<void>
}

let clockMs = TEST_NOW * 1000
async function start(db: Db): Promise<Running> {
  const app = createApp({ db, clock: () => clockMs, staticDir: '/nonexistent' })
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as unknown as Server)) as unknown as Server
  })
  const wss = attachChatSocket(server, chatServiceFor(db, () => clockMs), chatConfig({}).key, () => clockMs)
  const { port } = server.address() as AddressInfo
  return {
    db,
    server,
    base: `127.0.0.1:${port}`,
    async close() {
      for (const c of wss.clients) c.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise((r) => server.close(() => r(undefined)))
    },
  }
}

/** A signed-in user's chat client, with every event it received. */
interface Side {
  id: number
  headers: Record<string, string>
  client: MessagingClient
  events: { type: MessagingEventType; data: unknown }[]
  conversations: readonly Conversation[]
  unread: number
  /** resolves when an event of this type satisfying the test arrives (or has arrived since `from`) */
  waitFor<K extends MessagingEventType>(type: K, test?: (e: MessagingEventMap[K]) => boolean): Promise<MessagingEventMap[K]>
}

async function signIn(r: Running, id: number): Promise<Side> {
  const headers = authHeaders(await signInForTest(r.db, id))
  const res = await fetch(`http://${r.base}/api/financial-circle/live-column/im/userSig/v1`, { headers })
  const sig = ((await res.json()) as { result: ChatSignature & { socketPath: string } }).result
  const client = createLocalMessagingClient(`ws://${r.base}${sig.socketPath}`, (url) => new WebSocket(url) as unknown as SocketLike)
  const side: Side = {
    id,
    headers,
    client,
    events: [],
    conversations: [],
    unread: 0,
    waitFor(type, test = () => true) {
      return new Promise((resolve) => {
        const seen = side.events.find((e) => e.type === type && test(e.data as never))
        if (seen) return resolve(seen.data as never)
        const handler = (e: unknown) => {
          if (test(e as never)) {
            client.off(type, handler as never)
            resolve(e as never)
          }
        }
        client.on(type, handler as never)
      })
    },
  }
  const types: MessagingEventType[] = ['sdk.ready', 'sdk.notReady', 'conversations.updated', 'messages.received', 'messages.revoked', 'messages.modified', 'unread.updated', 'groups.updated', 'members.changed']
  for (const type of types) {
    client.on(type, ((e: { type: MessagingEventType }) => {
      side.events.push({ type, data: e })
      if (type === 'conversations.updated') side.conversations = (e as unknown as { conversations: Conversation[] }).conversations
      if (type === 'unread.updated') side.unread = (e as unknown as { total: number }).total
    }) as never)
  }
  const ready = side.waitFor('sdk.ready')
  await client.login(sig)
  await ready
  side.conversations = await client.getConversationList()
  return side
}

const post = async (r: Running, side: Side, path: string, body: unknown) => {
  const res = await fetch(`http://${r.base}${path}`, { method: 'POST', headers: { ...side.headers, 'Content-Type': 'application/json', Origin: `http://${r.base}` }, body: JSON.stringify(body) })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely here; each assertion states the shape it expects
  const json = (await res.json()) as { statusCode: number; result: any; message: string }
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${json.message}`)
  return json.result
}

let running: Running
let ids: number[]
let owner: Side
let member: Side
let other: Side
let groupId: string

beforeAll(async () => {
  running = await start(await cloneTemplate())
  ids = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 3`.execute(running.db.kysely)).rows.map((r) => Number(r.id))
  await sql`UPDATE users SET advisory_cert_time = ${TEST_NOW} WHERE id = ${ids[0]}`.execute(running.db.kysely)
  owner = await signIn(running, ids[0]!)
  member = await signIn(running, ids[1]!)
  other = await signIn(running, ids[2]!)
  const g = await post(running, owner, '/api/group-chat/v1', { name: '实时群' })
  groupId = g.groupId
  await post(running, owner, '/api/group-chat/join-by-userids/v1', { groupId, userIds: [String(ids[1]), String(ids[2])] })
}, 120_000)
afterAll(async () => {
  for (const s of [owner, member, other]) await s?.client.destroy()
  await running?.close()
  await running?.db.close()
})

const textOf = (m: ChatMessage) => (m.payload as { text?: string }).text

describe('the local relay with the browser adapter', () => {
  it('a joined member sees the group conversation pushed to them', async () => {
    await member.waitFor('conversations.updated', (e) => e.conversations.some((c) => c.conversationID === `GROUP${groupId}`))
    expect(member.conversations.find((c) => c.conversationID === `GROUP${groupId}`)?.groupProfile).toMatchObject({ name: '实时群', selfInfo: { role: 'Member' } })
  })

  it('one-to-one: the owner writes a member, who receives it with an unread count; reading clears it', async () => {
    const received = member.waitFor('messages.received', (e) => e.messages.some((m) => textOf(m) === '你好，有问题可以私聊我'))
    const unread = member.waitFor('unread.updated', (e) => e.total >= 1)
    const sent = await owner.client.sendTextMessage({ conversationID: `C2C${ids[1]}` }, '你好，有问题可以私聊我')
    const got = (await received).messages[0]!
    expect(got).toMatchObject({ ID: sent.ID, conversationID: `C2C${ids[0]}`, from: String(ids[0]) })
    expect((await unread).total).toBeGreaterThanOrEqual(1)
    await member.client.setMessageRead(`C2C${ids[0]}`)
    await member.waitFor('conversations.updated', (e) => e.conversations.find((c) => c.conversationID === `C2C${ids[0]}`)?.unreadCount === 0)
    // the member may answer (the owner is on one side); two ordinary members may not write each other
    await expect(member.client.sendTextMessage({ conversationID: `C2C${ids[0]}` }, '收到')).resolves.toMatchObject({ from: String(ids[1]) })
    await expect(member.client.sendTextMessage({ conversationID: `C2C${ids[2]}` }, '私聊')).rejects.toMatchObject({ code: 403, message: M.cannotPrivate })
  })

  it('group: a message and an @-mention reach the others with unread counts and the @ marker; revoke and modify reach everyone', async () => {
    const atOther = other.waitFor('conversations.updated', (e) => (e.conversations.find((c) => c.conversationID === `GROUP${groupId}`)?.groupAtInfoList ?? []).some((a) => a.atType === 1))
    const msg = await member.client.sendAtTextMessage({ conversationID: `GROUP${groupId}` }, '@张三 今天怎么看', [String(ids[2])])
    await atOther
    const conv = other.conversations.find((c) => c.conversationID === `GROUP${groupId}`)!
    expect(conv.unreadCount).toBeGreaterThanOrEqual(1)
    expect(conv.lastMessage?.messageForShow).toBe('@张三 今天怎么看')

    const modified = other.waitFor('messages.modified', (e) => e.messages.some((m) => m.ID === msg.ID))
    await member.client.modifyMessage(msg, '@张三 今天怎么看？')
    expect(textOf((await modified).messages[0]!)).toBe('@张三 今天怎么看？')

    const revoked = owner.waitFor('messages.revoked', (e) => e.messages.some((m) => m.ID === msg.ID))
    await member.client.revokeMessage(msg)
    expect((await revoked).messages[0]!.isRevoked).toBe(true)
    const page = await owner.client.getMessageList(`GROUP${groupId}`)
    expect(page.messageList.find((m) => m.ID === msg.ID)?.isRevoked).toBe(true)
  })

  it('a group message updates every online member\'s own conversation: unread +1 for the others, 0 for the sender', async () => {
    const key = `GROUP${groupId}`
    const unreadOf = (side: Side) => side.conversations.find((c) => c.conversationID === key)?.unreadCount ?? 0
    const before = { owner: unreadOf(owner), other: unreadOf(other) }
    const text = `批量推送 ${Date.now()}`
    const last = (side: Side) => side.waitFor('conversations.updated', (e) => e.conversations.find((c) => c.conversationID === key)?.lastMessage?.messageForShow === text)
    const seen = [last(owner), last(other), last(member)]
    await member.client.sendTextMessage({ conversationID: key }, text)
    await Promise.all(seen)
    expect({ owner: unreadOf(owner), other: unreadOf(other), member: unreadOf(member) }).toEqual({ owner: before.owner + 1, other: before.other + 1, member: 0 })
    // each reader's total is their own: the sum over their own conversations
    for (const side of [owner, other]) {
      const sum = side.conversations.reduce((n, c) => n + c.unreadCount, 0)
      expect(sum).toBeGreaterThan(0)
      await side.waitFor('unread.updated', (e) => e.total === sum)
    }
  })

  it('pinned and muted conversations, the 4 KB cap, and deleting a conversation', async () => {
    await other.client.pinConversation(`GROUP${groupId}`, true)
    await other.client.setMessageRemindType(`GROUP${groupId}`, 'AcceptNotNotify')
    await other.waitFor('conversations.updated', (e) => e.conversations[0]?.conversationID === `GROUP${groupId}` && e.conversations[0].isPinned && e.conversations[0].messageRemindType === 'AcceptNotNotify')
    await expect(owner.client.sendTextMessage({ conversationID: `GROUP${groupId}` }, 'a'.repeat(TEXT_MAX_BYTES + 1))).rejects.toMatchObject({ message: expect.stringMatching(/参数错误|4096/) })
    await expect(owner.client.sendTextMessage({ conversationID: `GROUP${groupId}` }, '好'.repeat(1400))).rejects.toMatchObject({ code: 400, message: M.textTooLong })
  })

  it('mute and kick by an admin reach the member at once', async () => {
    await post(running, owner, '/api/group-chat/member/mute/v1', { groupId, userId: String(ids[2]), muteStatus: true, muteTimeHour: 1 })
    await expect(other.client.sendTextMessage({ conversationID: `GROUP${groupId}` }, '我被禁言了吗')).rejects.toMatchObject({ code: 403, message: M.muted })
    const members = await owner.client.getGroupMemberList(groupId)
    expect(members.find((m) => m.userID === String(ids[2]))?.muteUntil).toBe(TEST_NOW + 3600)
    const gone = other.waitFor('groups.updated', (e) => !e.groups.some((g) => g.groupID === groupId))
    await post(running, owner, '/api/group-chat/member/kick/v1', { groupId, userId: String(ids[2]) })
    await gone
    await expect(other.client.getMessageList(`GROUP${groupId}`)).rejects.toMatchObject({ code: 403, message: M.notMember })
  })

  it('the send rate: beyond 20 messages in 10 s the relay answers 429 发送太频繁', async () => {
    clockMs += SEND_RATE.windowMs + 1
    const results: unknown[] = []
    for (let i = 0; i < SEND_RATE.count + 1; i++) results.push(await owner.client.sendTextMessage({ conversationID: `GROUP${groupId}` }, `第${i}条`).catch((e: unknown) => e))
    expect(results.slice(0, SEND_RATE.count).every((r) => (r as ChatMessage).ID !== undefined)).toBe(true)
    expect(results.at(-1)).toMatchObject({ code: 429, message: M.tooFast })
  })

  it('a wrong or foreign signature is refused', async () => {
    const sig = await fetch(`http://${running.base}/api/financial-circle/live-column/im/userSig/v1`, { headers: member.headers }).then(async (r) => ((await r.json()) as { result: ChatSignature & { socketPath: string } }).result)
    const client = createLocalMessagingClient(`ws://${running.base}${sig.socketPath}`, (url) => new WebSocket(url) as unknown as SocketLike)
    await expect(client.login({ ...sig, userId: String(ids[2]) })).rejects.toMatchObject({ code: 401, message: M.badSignature })
    await expect(client.getConversationList()).rejects.toMatchObject({ code: 401 })
    await client.destroy()
  })

  it('a restart keeps the history: the database reopened from its files, a new server, the same messages', async () => {
    clockMs += SEND_RATE.windowMs + 1
    await owner.client.sendTextMessage({ conversationID: `GROUP${groupId}` }, '重启前的最后一条')
    const before = await member.client.getMessageList(`GROUP${groupId}`)
    const dump = await running.db.pglite!.dumpDataDir('gzip')
    for (const s of [owner, member, other]) await s.client.destroy()
    await running.close()
    await running.db.close()
    running = await start(await openPglite({ loadDataDir: dump }))
    owner = await signIn(running, ids[0]!)
    member = await signIn(running, ids[1]!)
    other = await signIn(running, ids[2]!)
    const after = await member.client.getMessageList(`GROUP${groupId}`)
    expect(after.messageList.map((m) => m.ID)).toEqual(before.messageList.map((m) => m.ID))
    expect(after.messageList.at(-1)).toMatchObject({ payload: { text: '重启前的最后一条' } })
    // paging back reaches the first message without a gap or a repeat
    const seen = new Set<string>()
    let page = after
    for (;;) {
      for (const m of page.messageList) {
        expect(seen.has(m.ID)).toBe(false)
        seen.add(m.ID)
      }
      if (page.isCompleted) break
      page = await member.client.getMessageList(`GROUP${groupId}`, page.nextReqMessageID)
    }
    const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_messages WHERE conv_key = ${`GROUP${groupId}`}`.execute(running.db.kysely)).rows[0]!.n
    expect(seen.size).toBe(total)
  })
})
