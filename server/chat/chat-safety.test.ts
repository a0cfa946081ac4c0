// Chat data safety (issue 23, findings 2–7), against the real app on a real @hono/node-server with the
// local relay attached, spoken to over `ws` with the relay's own frames ({ id, op, args }):
// images stored only once a send is accepted, with unguessable ids, readable only inside their
// conversation; shield and public markers decided on the parsed custom data and only from an Owner
// or Admin; no modifying while muted; a UserSig ends with the session that got it; a group's name
// only for its members; the send rate kept in PostgreSQL (shared by every process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { WebSocket } from 'ws'
import { sql } from 'kysely'
import { createApp } from '../app'
import type { Db } from '../db/db'
import { cloneTemplate, TEST_NOW } from '../testing/template-db'
import { authHeaders, signInForTest } from '../accounts/session'
import { CHAT_MESSAGES as M, SEND_RATE } from '../../core/chat/limits'
import { attachChatSocket } from './socket'
import { ChatService, chatServiceFor } from './service'
import { chatConfig } from './config'

let clockMs = TEST_NOW * 1000
const clock = () => clockMs
/** Moves the clock past every send window, so each test starts with a fresh rate. */
const nextWindow = () => (clockMs += SEND_RATE.windowMs * 400)

let db: Db
let server: Server
let base = ''
let close: () => Promise<void>
const ids: number[] = []
const h: Record<string, string>[] = []
let gid = ''

interface Answer {
  ok: boolean
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely here; each assertion states the shape it expects
  result?: any
  code?: number
  message?: string
}
interface Relay {
  call(op: string, args?: unknown): Promise<Answer>
  closed: Promise<number>
  events: { event: string; data: unknown }[]
  ws: WebSocket
}

async function http(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`http://${base}${path}`, {
    method,
    headers: { ...headers, Origin: `http://${base}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Answer above
  return { status: res.status, text, json: (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as { message: string; result: any }) : null }
}
const ok = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const a = await http(method, path, headers, body)
  if (a.status !== 200) throw new Error(`${method} ${path}: ${a.status} ${a.text.slice(0, 200)}`)
  return a.json!.result
}

/** A socket to the relay; signed in with the UserSig this session asks for (or the one given). */
async function relay(headers: Record<string, string>, sig?: { userId: string; userSig: string }): Promise<Relay & { sig: { userId: string; userSig: string }; login: Answer }> {
  const s = sig ?? (await ok('GET', '/api/financial-circle/live-column/im/userSig/v1', headers))
  const ws = new WebSocket(`ws://${base}/api/chat/socket`)
  const waiting = new Map<number, (a: Answer) => void>()
  const events: Relay['events'] = []
  let next = 1
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Answer & { id?: number; event?: string; data?: unknown }
    if (frame.event) events.push({ event: frame.event, data: frame.data })
    else waiting.get(frame.id!)?.(frame)
  })
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  const call = (op: string, args: unknown = {}) =>
    new Promise<Answer>((resolve) => {
      const id = next++
      waiting.set(id, resolve)
      ws.send(JSON.stringify({ id, op, args }))
    })
  const login = await call('login', { userID: s.userId, userSig: s.userSig })
  return { call, closed, events, ws, sig: s, login }
}

beforeAll(async () => {
  db = await cloneTemplate()
  const app = createApp({ db, clock, staticDir: '/nonexistent' })
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as Server)) as Server
  })
  const wss = attachChatSocket(server, chatServiceFor(db, clock), chatConfig({}).key, clock)
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`
  close = async () => {
    for (const c of wss.clients) c.terminate()
    wss.close()
    server.closeAllConnections()
    await new Promise((r) => server.close(() => r(undefined)))
  }
  const rows = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 6`.execute(db.kysely)).rows
  for (const r of rows) {
    ids.push(Number(r.id))
    h.push(authHeaders(await signInForTest(db, Number(r.id))))
  }
  // user 0 owns the group, user 1 is its Admin, users 2 and 3 members; user 4 is outside it
  await sql`UPDATE users SET advisory_cert_time = ${TEST_NOW} WHERE id = ${ids[0]}`.execute(db.kysely)
  gid = (await ok('POST', '/api/group-chat/v1', h[0]!, { name: '安全测试群' })).groupId
  await ok('POST', '/api/group-chat/join-by-userids/v1', h[0]!, { groupId: gid, userIds: [ids[1], ids[2], ids[3]].map(String) })
  await ok('POST', '/api/group-chat/member/admin/v1', h[0]!, { groupId: gid, userId: String(ids[1]), admin: true })
}, 300_000)
afterAll(async () => {
  await close?.()
  await db?.close()
})

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const pngUrl = `data:image/png;base64,${PNG.toString('base64')}`
const imageCount = async (owner: number) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_images WHERE owner_id = ${owner}`.execute(db.kysely)).rows[0]!.n

describe('finding 2: chat images', () => {
  it('a one-to-one image has an unguessable id and is readable by its two people only; ids are not sequential', async () => {
    nextWindow()
    const owner = await relay(h[0]!)
    const sent = await owner.call('sendMessage', { conversationID: `C2C${ids[2]}`, kind: 'image', image: pngUrl })
    expect(sent).toMatchObject({ ok: true })
    const url = sent.result.payload.imageInfoArray[0].url as string
    expect(url).toMatch(/^\/api\/chat\/images\/[A-Za-z0-9_-]{22,}$/)
    for (const [who, status] of [[0, 200], [2, 200], [1, 403], [4, 403]] as const) {
      const a = await http('GET', url, h[who]!)
      expect({ who, status: a.status }).toEqual({ who, status })
      if (status === 200) expect(Buffer.from(a.text, 'latin1').length).toBeGreaterThan(0)
      else expect(a.json?.message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect((await http('GET', url, {})).status).toBe(401)
    // the numbers an outsider would try read nothing
    for (let n = 1; n <= 20; n++) expect((await http('GET', `/api/chat/images/${n}`, h[4]!)).status).toBe(404)
    owner.ws.close()
  })

  it('a group image is readable by the group’s members, not by others', async () => {
    nextWindow()
    const member = await relay(h[2]!)
    const sent = await member.call('sendMessage', { conversationID: `GROUP${gid}`, kind: 'image', image: pngUrl })
    const url = sent.result.payload.imageInfoArray[0].url as string
    for (const [who, status] of [[0, 200], [1, 200], [3, 200], [4, 403], [5, 403]] as const) {
      expect({ who, status: (await http('GET', url, h[who]!)).status }).toEqual({ who, status })
    }
    member.ws.close()
  })

  it('images are stored only once a send is accepted: over the send rate, and when refused, nothing is kept', async () => {
    nextWindow()
    const member = await relay(h[3]!)
    const before = await imageCount(ids[3]!)
    const answers: Answer[] = []
    for (let i = 0; i < SEND_RATE.count + 10; i++) answers.push(await member.call('sendMessage', { conversationID: `GROUP${gid}`, kind: 'image', image: pngUrl }))
    const accepted = answers.filter((a) => a.ok).length
    expect(accepted).toBe(SEND_RATE.count)
    expect(answers.filter((a) => !a.ok)).toEqual(Array.from({ length: 10 }, () => expect.objectContaining({ code: 429, message: M.tooFast })))
    expect(await imageCount(ids[3]!)).toBe(before + accepted)
    // refused for other reasons: not a member, a one-to-one chat not allowed — nothing stored either
    nextWindow()
    const outsider = await relay(h[4]!)
    expect(await outsider.call('sendMessage', { conversationID: `GROUP${gid}`, kind: 'image', image: pngUrl })).toMatchObject({ ok: false, code: 403 })
    expect(await outsider.call('sendMessage', { conversationID: `C2C${ids[3]}`, kind: 'image', image: pngUrl })).toMatchObject({ ok: false, code: 403 })
    expect(await imageCount(ids[4]!)).toBe(0)
    member.ws.close()
    outsider.ws.close()
  })
})

describe('finding 3: shield and public markers', () => {
  const shieldOf = (msgId: string) => `{"bizType":"shield\\u004dsg","data":{"msgId":"${msgId}"}}`
  it('a member’s shield marker is refused however it is written; an admin’s passes; a member’s publicMessage is refused', async () => {
    nextWindow()
    const member = await relay(h[2]!)
    const admin = await relay(h[1]!)
    const target = await member.call('sendMessage', { conversationID: `GROUP${gid}`, kind: 'text', text: '一条普通消息' })
    const id = target.result.ID as string
    const conv = `GROUP${gid}`
    for (const cloudCustomData of [shieldOf(id), JSON.stringify({ bizType: 'shieldMsg', data: { msgId: id } }), ` {"bizType" : "shieldMsg", "data":{"msgId":"${id}"}}`]) {
      expect(await member.call('sendMessage', { conversationID: conv, kind: 'custom', data: '{}', cloudCustomData })).toMatchObject({ ok: false, code: 403, message: M.noPermission })
      expect(await member.call('sendMessage', { conversationID: conv, kind: 'text', text: '看这里', cloudCustomData })).toMatchObject({ ok: false, code: 403 })
    }
    // the marker in the custom message's own data is decided the same way
    expect(await member.call('sendMessage', { conversationID: conv, kind: 'custom', data: shieldOf(id) })).toMatchObject({ ok: false, code: 403 })
    // the admin hides it; a member's publicMessage may not un-hide it; the admin's may
    expect(await admin.call('sendMessage', { conversationID: conv, kind: 'custom', data: '{}', cloudCustomData: shieldOf(id) })).toMatchObject({ ok: true })
    const publish = JSON.stringify({ bizType: 'publicMessage', data: { msgId: id } })
    expect(await member.call('sendMessage', { conversationID: conv, kind: 'custom', data: '{}', cloudCustomData: publish })).toMatchObject({ ok: false, code: 403 })
    expect(await member.call('sendMessage', { conversationID: conv, kind: 'custom', data: '{}', cloudCustomData: publish.replace('M', '\\u004d') })).toMatchObject({ ok: false, code: 403 })
    expect(await admin.call('sendMessage', { conversationID: conv, kind: 'custom', data: '{}', cloudCustomData: publish })).toMatchObject({ ok: true })
    // in a one-to-one chat nobody places markers
    expect(await admin.call('sendMessage', { conversationID: `C2C${ids[2]}`, kind: 'custom', data: '{}', cloudCustomData: shieldOf(id) })).toMatchObject({ ok: false, code: 403 })
    // custom data that is not JSON is refused; other JSON passes
    expect(await member.call('sendMessage', { conversationID: conv, kind: 'custom', data: '{}', cloudCustomData: 'shieldMsg?' })).toMatchObject({ ok: false, code: 400 })
    expect(await member.call('sendMessage', { conversationID: conv, kind: 'custom', data: 'not json' })).toMatchObject({ ok: false, code: 400 })
    expect(await member.call('sendMessage', { conversationID: conv, kind: 'text', text: '带自定义数据', cloudCustomData: '{"riskTipId":3,"note":"shieldMsg"}' })).toMatchObject({ ok: true })
    // what the members read: exactly the admin's two markers
    const markers = (await chatServiceFor(db).history(ids[3]!, { conversationID: conv, count: 50 })).messageList.filter((m) => /bizType/.test(m.cloudCustomData ?? '') || m.type === 'TIMCustomElem')
    expect(markers.map((m) => m.from)).toEqual([String(ids[1]), String(ids[1])])
    member.ws.close()
    admin.ws.close()
  })
})

describe('finding 4: muted members cannot modify', () => {
  it('modifyMessage is refused while muted and during mute-all (as sending is), and allowed again after', async () => {
    nextWindow()
    const member = await relay(h[2]!)
    const admin = await relay(h[1]!)
    const conv = `GROUP${gid}`
    const mine = (await member.call('sendMessage', { conversationID: conv, kind: 'text', text: '原来的话' })).result.ID as string
    const adminsOwn = (await admin.call('sendMessage', { conversationID: conv, kind: 'text', text: '管理员的话' })).result.ID as string
    await ok('POST', '/api/group-chat/member/mute/v1', h[0]!, { groupId: gid, userId: String(ids[2]), muteStatus: true, muteTimeHour: 1 })
    expect(await member.call('sendMessage', { conversationID: conv, kind: 'text', text: '我还能说话吗' })).toMatchObject({ ok: false, code: 403, message: M.muted })
    expect(await member.call('modifyMessage', { ID: mine, text: '改成广告' })).toMatchObject({ ok: false, code: 403, message: M.muted })
    await ok('POST', '/api/group-chat/member/mute/v1', h[0]!, { groupId: gid, userId: String(ids[2]), muteStatus: false })
    await ok('POST', '/api/group-chat/group/mute-all-member/v1', h[0]!, { groupId: gid, muteAllMember: true })
    expect(await member.call('modifyMessage', { ID: mine, text: '改成广告' })).toMatchObject({ ok: false, code: 403, message: M.mutedAll })
    expect(await admin.call('modifyMessage', { ID: adminsOwn, text: '管理员改的话' })).toMatchObject({ ok: true })
    await ok('POST', '/api/group-chat/group/mute-all-member/v1', h[0]!, { groupId: gid, muteAllMember: false })
    expect(await member.call('modifyMessage', { ID: mine, text: '改过的话' })).toMatchObject({ ok: true })
    const page = await chatServiceFor(db).history(ids[3]!, { conversationID: conv, count: 50 })
    expect(page.messageList.find((m) => m.ID === mine)?.payload).toEqual({ text: '改过的话' })
    member.ws.close()
    admin.ws.close()
  })
})

describe('finding 5: a UserSig ends with its session', () => {
  it('after logout the UserSig no longer signs in, and the sockets it signed in are closed', async () => {
    const headers = authHeaders(await signInForTest(db, ids[3]!))
    const first = await relay(headers)
    expect(first.login).toMatchObject({ ok: true })
    // another session of the same reader keeps its own UserSig
    const other = await relay(h[3]!)
    expect(other.login).toMatchObject({ ok: true })
    expect((await http('GET', '/api/user/logout', headers)).status).toBe(200)
    const again = await relay({}, first.sig)
    expect(again.login).toMatchObject({ ok: false, code: 401, message: M.badSignature })
    expect(await again.call('getConversationList')).toMatchObject({ ok: false, code: 401 })
    await chatServiceFor(db).closeEndedSessions()
    expect(await first.closed).toBe(4001)
    expect(first.events.map((e) => e.event)).toContain('sdk.kickedOut')
    // the other session's socket stays signed in and its UserSig still signs in
    expect(await other.call('getConversationList')).toMatchObject({ ok: true })
    expect((await relay({}, other.sig)).login).toMatchObject({ ok: true })
    other.ws.close()
  })
  it('a UserSig signed by our key but never issued to a session is refused', async () => {
    const { genUserSig } = await import('./user-sig')
    const forged = genUserSig(chatConfig({}).key, String(ids[2]), 600, Math.floor(clockMs / 1000))
    expect((await relay({}, { userId: String(ids[2]), userSig: forged })).login).toMatchObject({ ok: false, code: 401 })
  })
})

describe('finding 6: a group’s name and size are for its members', () => {
  it('a non-member asking the conversation check is refused without the name; a member gets it', async () => {
    const outsider = await http('GET', `/api/group-chat/group/detail/for-check-conversation/${gid}/v1`, h[4]!)
    expect(outsider.status).toBe(403)
    expect(outsider.json?.message).toBe(M.notMember)
    expect(outsider.text).not.toContain('安全测试群')
    expect(await ok('GET', `/api/group-chat/group/detail/for-check-conversation/${gid}/v1`, h[2]!)).toMatchObject({ name: '安全测试群', role: 'Member' })
    expect((await http('GET', '/api/group-chat/group/detail/for-check-conversation/GROUP_CHAT_V2_none/v1', h[4]!)).status).toBe(404)
  })
})

describe('finding 7: the send rate lives in PostgreSQL', () => {
  it('two services on one database (two processes) share one account’s rate', async () => {
    nextWindow()
    const a = new ChatService(db, clock)
    const b = new ChatService(db, clock)
    const conv = `GROUP${gid}`
    for (let i = 0; i < SEND_RATE.count / 2; i++) await a.send(ids[0]!, { conversationID: conv, kind: 'text', text: `甲${i}` })
    for (let i = 0; i < SEND_RATE.count / 2; i++) await b.send(ids[0]!, { conversationID: conv, kind: 'text', text: `乙${i}` })
    await expect(a.send(ids[0]!, { conversationID: conv, kind: 'text', text: '多一条' })).rejects.toMatchObject({ status: 429, message: M.tooFast })
    await expect(b.send(ids[0]!, { conversationID: conv, kind: 'text', text: '多一条' })).rejects.toMatchObject({ status: 429, message: M.tooFast })
    // another account is not held back; the window passing frees the first
    await expect(b.send(ids[1]!, { conversationID: conv, kind: 'text', text: '我还能说' })).resolves.toBeTruthy()
    clockMs += SEND_RATE.windowMs + 1
    await expect(a.send(ids[0]!, { conversationID: conv, kind: 'text', text: '过了十秒' })).resolves.toBeTruthy()
  })
})

describe('the send rate’s events are forgotten once past their window', () => {
  it('forgetOldSendEvents deletes only chat rate events older than the longest window', async () => {
    nextWindow()
    await sql`INSERT INTO rate_events (key, at) VALUES ('chat:send:user:1', ${clockMs - 7_200_000}), ('chat:image:user:1', ${clockMs - 7_200_000}), ('chat:send:user:1', ${clockMs - 1000}), ('login:ip:9.9.9.9', ${clockMs - 7_200_000})`.execute(db.kysely)
    await chatServiceFor(db).forgetOldSendEvents()
    const left = (await sql<{ key: string; at: string }>`SELECT key, at FROM rate_events WHERE key IN ('chat:send:user:1', 'chat:image:user:1', 'login:ip:9.9.9.9') ORDER BY key`.execute(db.kysely)).rows
    expect(left.map((r) => [r.key, Number(r.at)])).toEqual([['chat:send:user:1', clockMs - 1000], ['login:ip:9.9.9.9', clockMs - 7_200_000]])
  })
})
