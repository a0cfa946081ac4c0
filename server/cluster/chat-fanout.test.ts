// The local messaging relay across two server processes on one PostgreSQL (issue 30): two real servers,
// each with its own pool, chat service and relay, joined by LISTEN/NOTIFY (server/cluster/chat-peers.ts,
// as server/main.ts joins them). A reader whose socket is on process B receives, at once, the message a
// reader on process A sent them — one-to-one and in a group — with their conversation and unread count.
// PostgreSQL only (TEST_DATABASE_URL): PGlite is one process's database.
import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_SOCKET_PATH } from '../../core/chat/local-protocol'
import { createApp } from '../app'
import { authHeaders, signInForTest } from '../accounts/session'
import { attachChatSocket } from '../chat/socket'
import { ChatService } from '../chat/service'
import { chatConfig } from '../chat/config'
import { type Db } from '../db/db'
import { createTestDb, testDatabaseUrl, TEST_NOW, type TestDb, secondPool, urlOfTestDb } from '../testing/test-db'
import { postgresBus, type Bus } from './bus'
import { ChatPeers } from './chat-peers'

const clock = () => TEST_NOW * 1000
type Frame = { id?: number; ok?: boolean; result?: unknown; message?: string; event?: string; data?: Record<string, unknown> }

interface Process {
  db: Db
  base: string
  server: Server
  peers: ChatPeers
  bus: Bus
  service: ChatService
}

async function startProcess(db: Db, url: string): Promise<Process> {
  const app = createApp({ db, clock, staticDir: '/nonexistent-static-dir' })
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as unknown as Server)) as unknown as Server
  })
  // a service of its own, as in a process of its own (chatServiceFor would share one per Db object anyway)
  const service = new ChatService(db, clock)
  attachChatSocket(server, service, chatConfig({}).key, clock)
  const bus = postgresBus(url)
  const peers = new ChatPeers(bus, service)
  service.usePeers(peers)
  await peers.start()
  return { db, base: `127.0.0.1:${(server.address() as AddressInfo).port}`, server, peers, bus, service }
}

/** A reader's socket on a process, signed in; every frame it received. */
async function connect(p: Process, userId: number) {
  const headers = authHeaders(await signInForTest(p.db, userId))
  const sig = ((await (await fetch(`http://${p.base}/api/financial-circle/live-column/im/userSig/v1`, { headers })).json()) as { result: { userId: string; userSig: string } }).result
  const ws = new WebSocket(`ws://${p.base}${LOCAL_SOCKET_PATH}`)
  const frames: Frame[] = []
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  let next = 1
  const call = async (op: string, args: unknown) => {
    const id = next++
    ws.send(JSON.stringify({ id, op, args }))
    await expect.poll(() => frames.some((f) => f.id === id), { timeout: 10_000 }).toBe(true)
    const answer = frames.find((f) => f.id === id)!
    if (!answer.ok) throw new Error(`${op}: ${answer.message}`)
    return answer.result
  }
  await call('login', { userID: sig.userId, userSig: sig.userSig })
  return { ws, frames, call, headers }
}

const texts = (frames: Frame[]) =>
  frames.filter((f) => f.event === 'messages.received').flatMap((f) => ((f.data as { messages: { payload?: { text?: string } }[] }).messages ?? []).map((m) => m.payload?.text))

const url = testDatabaseUrl()

describe.skipIf(!url)('chat pushes across two processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let t: TestDb
  let a: Process
  let b: Process
  let users: number[]
  let groupId: string
  beforeAll(async () => {
    t = await createTestDb()
    const own = await urlOfTestDb(t.db)
    a = await startProcess(t.db, own)
    b = await startProcess(await secondPool(t), own)
    users = (await t.db.kysely.selectFrom('users').select('id').where('merged_into', 'is', null).orderBy('id').limit(3).execute()).map((r) => Number(r.id))
    // as tests/chat-relay.test.ts: the first is an adviser whose group the other two join (members may write to its owner)
    await t.db.kysely.updateTable('users').set({ advisory_cert_time: TEST_NOW }).where('id', '=', users[0]!).execute()
    const headers = authHeaders(await signInForTest(t.db, users[0]!))
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`http://${a.base}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', Origin: `http://${a.base}` }, body: JSON.stringify(body) })
      const json = (await res.json()) as { result: { groupId?: string }; message: string }
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${json.message}`)
      return json.result
    }
    groupId = (await post('/api/group-chat/v1', { name: '跨进程群' })).groupId!
    await post('/api/group-chat/join-by-userids/v1', { groupId, userIds: [String(users[1]), String(users[2])] })
  }, 120_000)
  afterAll(async () => {
    for (const p of [a, b]) {
      if (!p) continue
      await p.peers.stop()
      await p.bus.close()
      p.server.closeAllConnections()
      p.server.close()
    }
    await b?.db.close()
    await t?.close()
  })

  it('a one-to-one message sent through process A reaches the reader whose socket is on process B, with their unread count', async () => {
    const [x, y] = users as [number, number]
    const onB = await connect(b, y)
    // B has told A that y is on it
    await expect.poll(() => a.peers.isOnline(y), { timeout: 5_000 }).toBe(true)
    const onA = await connect(a, x)
    await onA.call('sendMessage', { conversationID: `C2C${y}`, kind: 'text', text: '跨进程的问候' })
    await expect.poll(() => texts(onB.frames), { timeout: 5_000 }).toContain('跨进程的问候')
    // the conversation and unread total read on B from the database
    await expect
      .poll(() => onB.frames.some((f) => f.event === 'conversation.changed' && (f.data as { conversation: { conversationID: string } }).conversation.conversationID === `C2C${x}` && Number(f.data!.totalUnread) >= 1), { timeout: 5_000 })
      .toBe(true)
    // and the reply goes the other way
    await onB.call('sendMessage', { conversationID: `C2C${x}`, kind: 'text', text: '收到' })
    await expect.poll(() => texts(onA.frames), { timeout: 5_000 }).toContain('收到')
    onA.ws.close()
    onB.ws.close()
  })

  it('a group message sent on A reaches the members on B once each; a reader gone from B is no longer told', async () => {
    const [x, y, z] = users as [number, number, number]
    const owner = await connect(a, x)
    const yOnB = await connect(b, y)
    const zOnB = await connect(b, z)
    await expect.poll(() => a.peers.isOnline(z), { timeout: 5_000 }).toBe(true)
    await owner.call('sendMessage', { conversationID: `GROUP${groupId}`, kind: 'text', text: '群里的一句话' })
    await expect.poll(() => texts(yOnB.frames), { timeout: 5_000 }).toContain('群里的一句话')
    await expect.poll(() => texts(zOnB.frames), { timeout: 5_000 }).toContain('群里的一句话')
    await new Promise((r) => setTimeout(r, 300))
    expect(texts(yOnB.frames).filter((s) => s === '群里的一句话')).toHaveLength(1)
    zOnB.ws.close()
    await expect.poll(() => a.peers.isOnline(z), { timeout: 5_000 }).toBe(false)
    yOnB.ws.close()
    owner.ws.close()
  })
})
