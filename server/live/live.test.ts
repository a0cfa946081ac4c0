// Live rooms on the real app (issue 28): every endpoint of core/api/live.ts × {guest, member, non-member,
// owner} (and an admin and an expired member where the rule differs), bad input, the room machine enforced
// (an illegal move answers 409 with the spec-style envelope, never a 500), the streaming port's local
// default behind start, pause, resume, end and the playback, comments stored and posted to the room's
// chat group with their §6 tags, before-id and after-id pages, the online count expiring on the app's
// clock, visits, a roadshow's invite code and reservations, the owner's page and the kick-out notice.
import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHAT_MESSAGES } from '../../core/chat/limits'
import { INVITE_CODE_PATTERN, INVITE_TRIES, KICK_OUT_BIZ_TYPE, LIVE_COMMENT_BIZ_TYPE, LIVE_STATUS_BIZ_TYPE, LIVE_MESSAGES as M, LIVE_ROOM_ID_MIN, ONLINE_TTL_MS } from '../../core/live/limits'
import { authHeaders, signInForTest } from '../accounts/session'
import { chatServiceFor } from '../chat/service'
import { groupKey } from '../chat/messages-repository'
import { addAdmin } from '../circles/admins-repository'
import { circleIdByName, insertCircle, insertCircleGoods, setCircleGoods } from '../circles/circles-repository'
import { grantPaid } from '../circles/members-repository'
import { createApp } from '../app'

import { secondPool } from '../testing/test-db'
import { createPostingClient, type Answer, type PostingClient } from '../testing/posting-client'
import { ROADSHOW_COLUMN, ROADSHOW_INVITE_CODE } from './seed'
import { LOOPBACK } from '../testing/socket-env'

let t: PostingClient
type Who = 'guest' | 'member' | 'stranger' | 'owner' | 'admin' | 'expired'
const who: Record<Who, Record<string, string>> = {} as never
const ids: Record<Exclude<Who, 'guest'>, number> = {} as never
let paidColumn: number
let freeColumn: number
let otherCircle: number
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer as the test reads it
type Any = any

const BOOK = '/api/circle-admin/live/book/v1'
const control = (id: number, what: 'start' | 'pause' | 'resume' | 'end') => `/api/circle-admin/live/${id}/${what}/v1`
const detail = (id: number, type?: 'LIVE' | 'ROADSHOW') => `/api/video/detail/v1?videoId=${id}${type ? `&videoServiceType=${type}` : ''}`
const call = (method: string, path: string, as: Who, body?: unknown): Promise<Answer> => t.call(method, path, who[as], body)

/** The members of a chat group whose conversation with it shows an unread count, as the chat service lists it (there must be members to ask). */
async function unreadIn(groupId: string): Promise<[number, number][]> {
  const members = await t.db.kysely.selectFrom('chat_members').select('user_id').where('group_id', '=', groupId).execute()
  expect(members.length).toBeGreaterThan(1)
  const chat = chatServiceFor(t.db)
  const counts = await Promise.all(members.map(async ({ user_id }) => [Number(user_id), (await chat.conversations(Number(user_id))).find((c) => c.conversationID === groupKey(groupId))?.unreadCount ?? 0] as [number, number]))
  return counts.filter(([, n]) => n > 0)
}

async function bookRoom(column: number, over: Record<string, unknown> = {}): Promise<Any> {
  const a = await call('POST', BOOK, 'owner', { liveColumnId: column, videoServiceType: 'LIVE', title: '周三晚间直播', brief: '聊聊港股', startTimestamp: t.nowSeconds() + 3600, ...over })
  if (a.status !== 200) throw new Error(`book: ${a.status} ${JSON.stringify(a.body)}`)
  return a.body.result
}
async function liveRoom(column: number): Promise<number> {
  const room = await bookRoom(column)
  expect((await call('POST', control(room.id, 'start'), 'owner', { startMode: 'OBS_PUSH' })).status).toBe(200)
  return room.id
}

beforeAll(async () => {
  t = await createPostingClient()
  const now = t.nowSeconds()
  const users = await t.moreUserIds(3)
  ids.owner = t.ownerId
  ids.stranger = t.otherId
  ;[ids.member, ids.admin, ids.expired] = users as [number, number, number]
  who.owner = t.owner
  who.stranger = t.other
  who.guest = t.guest
  for (const k of ['member', 'admin', 'expired'] as const) who[k] = authHeaders(await signInForTest(t, ids[k]))
  const make = (type: 'LIVE_COLUMN' | 'FINANCIAL_CIRCLE', name: string) => insertCircle(t.db, { type, name, owner_id: ids.owner, intro: `${name}的介绍`, brief: '简介', create_timestamp: now - 100 })
  paidColumn = await make('LIVE_COLUMN', '付费直播专栏')
  freeColumn = await make('LIVE_COLUMN', '免费直播专栏')
  otherCircle = await make('FINANCIAL_CIRCLE', '价值投资圈')
  await insertCircleGoods(t.db, { id: 980_001, circleId: paidColumn, name: '付费直播专栏', priceCents: 19_900, months: 12 })
  await setCircleGoods(t.db, paidColumn, 980_001)
  await grantPaid(t.db, paidColumn, ids.member, null, now - 10, now + 86_400)
  await grantPaid(t.db, paidColumn, ids.expired, null, now - 400 * 86_400, now - 1)
  await addAdmin(t.db, paidColumn, ids.admin, now - 10)
})
afterAll(() => t.close())

describe('booking (POST /api/circle-admin/live/book/v1)', () => {
  it('guest 401, member and non-member 403; the owner and an admin book; ids start at 1,000,000,000', async () => {
    const body = { liveColumnId: paidColumn, videoServiceType: 'LIVE', title: '周三晚间直播', startTimestamp: t.nowSeconds() + 3600 }
    expect((await call('POST', BOOK, 'guest', body)).status).toBe(401)
    for (const k of ['member', 'stranger', 'expired'] as const) {
      const a = await call('POST', BOOK, k, body)
      expect(a.status, k).toBe(403)
      expect(a.body).toEqual({ statusCode: 403, message: M.notManager, result: null })
    }
    const room = await bookRoom(paidColumn)
    expect(room.id).toBeGreaterThanOrEqual(LIVE_ROOM_ID_MIN)
    expect(room).toMatchObject({ status: 'RESERVATION', statusCode: 1, startMode: null, inviteCode: null, keepPlayback: true, liveColumnName: '付费直播专栏', controls: { start: true, pause: false, resume: false, end: false, delete: true }, stream: null })
    expect((await call('POST', BOOK, 'admin', body)).status).toBe(200)
  })

  it('bad input: an empty title, a time in the past, a circle that is not a live column, an unknown type', async () => {
    const base = { liveColumnId: paidColumn, videoServiceType: 'LIVE', title: '直播', startTimestamp: t.nowSeconds() + 60 }
    expect((await call('POST', BOOK, 'owner', { ...base, title: '   ' })).body.message).toBe('标题为1到60个字')
    expect((await call('POST', BOOK, 'owner', { ...base, title: '长'.repeat(61) })).status).toBe(400)
    expect((await call('POST', BOOK, 'owner', { ...base, startTimestamp: t.nowSeconds() - 3600 })).body).toMatchObject({ statusCode: 400, message: M.startTooLate })
    expect((await call('POST', BOOK, 'owner', { ...base, liveColumnId: otherCircle })).body).toMatchObject({ statusCode: 404, message: M.liveColumnNotFound })
    expect((await call('POST', BOOK, 'owner', { ...base, videoServiceType: 'TV' })).status).toBe(400)
    expect((await call('POST', BOOK, 'owner', { ...base, inviteCode: 'abc' })).status).toBe(400)
  })

  it('a roadshow gets an invite code of six letters and digits', async () => {
    const room = await bookRoom(freeColumn, { videoServiceType: 'ROADSHOW' })
    expect(room.inviteCode).toMatch(INVITE_CODE_PATTERN)
    expect((await bookRoom(freeColumn, { videoServiceType: 'ROADSHOW', inviteCode: 'ABC234' })).inviteCode).toBe('ABC234')
  })
})

describe('the room machine on the server: start, pause, resume, end, delete', () => {
  it('only the owner (and admins) move a room; every illegal move answers 409 with the envelope', async () => {
    const room = await bookRoom(paidColumn)
    for (const k of ['member', 'stranger'] as const) expect((await call('POST', control(room.id, 'start'), k, { startMode: 'OBS_PUSH' })).status, k).toBe(403)
    expect((await call('POST', control(room.id, 'start'), 'guest', { startMode: 'OBS_PUSH' })).status).toBe(401)
    for (const what of ['pause', 'resume', 'end'] as const) expect((await call('POST', control(room.id, what), 'owner')).body, what).toEqual({ statusCode: 409, message: M.illegalMove, result: null })

    const started: Any = (await call('POST', control(room.id, 'start'), 'owner', { startMode: 'OBS_PUSH' })).body.result
    expect(started).toMatchObject({ status: 'LIVE', statusCode: 2, startMode: 'OBS_PUSH', liveStartTimestamp: t.nowSeconds(), controls: { start: false, pause: true, resume: false, end: true, delete: true } })
    expect(started.stream.pushUrl).toMatch(/^rtmp:\/\//)
    expect(started.stream.playUrl).toMatch(/\.m3u8/)
    expect((await call('POST', control(room.id, 'start'), 'owner', { startMode: 'LIVE_PC' })).status).toBe(409)
    expect((await call('POST', control(room.id, 'resume'), 'owner')).status).toBe(409)

    // the member watches the stream; the push details never reach a reader
    const watching: Any = (await call('GET', detail(room.id), 'member')).body.result
    expect(watching).toMatchObject({ status: 'LIVE', canWatch: true, source: { contentType: 'application/vnd.apple.mpegurl', live: true, url: started.stream.playUrl } })
    expect(JSON.stringify(watching)).not.toContain('rtmp://')

    expect((await call('POST', control(room.id, 'pause'), 'admin')).body.result).toMatchObject({ status: 'PAUSE', statusCode: 7 })
    expect((await call('GET', detail(room.id), 'member')).body.result).toMatchObject({ status: 'PAUSE', source: null })
    expect((await call('POST', control(room.id, 'pause'), 'owner')).status).toBe(409)
    expect((await call('POST', control(room.id, 'resume'), 'owner')).body.result).toMatchObject({ status: 'LIVE' })
    t.advance(60_000)
    // ending keeps a playback: the local default records at once, so it is a playback at the answer
    const ended: Any = (await call('POST', control(room.id, 'end'), 'owner', {})).body.result
    expect(ended).toMatchObject({ status: 'PLAYBACK', statusCode: 3, endTimestamp: t.nowSeconds(), stream: null })
    const playback: Any = (await call('GET', detail(room.id), 'member')).body.result
    expect(playback.source).toMatchObject({ contentType: 'video/mp4', live: false })
    expect(playback.source.durationSeconds).toBeGreaterThan(0)
    // the local default serves it (loopback only) with byte ranges, so the member seeks
    expect((await t.app.request(playback.source.url, { headers: { Range: 'bytes=0-99' } }, LOOPBACK)).status).toBe(206)
    for (const what of ['start', 'pause', 'resume', 'end'] as const) expect((await call('POST', control(room.id, what), 'owner', { startMode: 'LIVE_PC' })).status, what).toBe(409)

    // deleted from any status; then it is gone
    expect((await call('DELETE', `/api/circle-admin/live/${room.id}/v1`, 'member')).status).toBe(403)
    expect((await call('DELETE', `/api/circle-admin/live/${room.id}/v1`, 'owner')).body.result).toMatchObject({ status: 'DELETED', statusCode: 6 })
    expect((await call('GET', detail(room.id), 'owner')).body).toEqual({ statusCode: 404, message: M.roomNotFound, result: null })
    expect((await call('DELETE', `/api/circle-admin/live/${room.id}/v1`, 'owner')).status).toBe(404)
  })

  it('each move is told to the room’s chat group, made at booking, so a waiting member reads the room at once', async () => {
    const room = await bookRoom(paidColumn)
    // the group is there before the start: a member waiting on the booked room joins it
    const joined: Any = (await call('GET', `/api/financial-circle/live-column/content/before-join-live-room/v1?id=${room.id}`, 'member')).body.result
    expect(joined).toMatchObject({ canEnter: true, role: 'Member', status: 'RESERVATION' })
    expect(joined.groupId).toEqual(expect.any(String))
    const notices = async () => {
      const history = await chatServiceFor(t.db).history(ids.member, { conversationID: groupKey(joined.groupId), count: 15 } as never)
      return history.messageList.filter((x) => x.type === 'TIMCustomElem').map((x) => JSON.parse((x.payload as Any).data) as Any).filter((n) => n.bizType === LIVE_STATUS_BIZ_TYPE)
    }
    expect(await notices()).toEqual([])
    const told = (status: string) => ({ bizType: LIVE_STATUS_BIZ_TYPE, videoId: room.id, status })
    expect((await call('POST', control(room.id, 'start'), 'owner', { startMode: 'OBS_PUSH' })).status).toBe(200)
    expect(await notices()).toEqual([told('LIVE')])
    expect((await call('POST', control(room.id, 'pause'), 'admin')).status).toBe(200)
    expect((await call('POST', control(room.id, 'resume'), 'owner')).status).toBe(200)
    expect(await notices()).toEqual([told('LIVE'), told('PAUSE'), told('LIVE')])
    // a refused move tells nobody
    expect((await call('POST', control(room.id, 'resume'), 'owner')).status).toBe(409)
    expect(await notices()).toHaveLength(3)
    // ending with a playback: the end, then the playback the local default records at once
    expect((await call('POST', control(room.id, 'end'), 'owner', { keepPlayback: true })).body.result).toMatchObject({ status: 'PLAYBACK' })
    expect(await notices()).toEqual([told('LIVE'), told('PAUSE'), told('LIVE'), told('BACK_GENERATION'), told('PLAYBACK')])
    // sent by the service from the column's owner: no unread count, and the chat's send rate untouched
    expect(await unreadIn(joined.groupId)).toEqual([])
  })

  it('ending without a playback gives NOT_PLAYBACK; FORWARD_PULL needs a source; deleting a live room ends its stream', async () => {
    const a = await liveRoom(freeColumn)
    expect((await call('POST', control(a, 'end'), 'owner', { keepPlayback: false })).body.result).toMatchObject({ status: 'NOT_PLAYBACK', statusCode: 4, keepPlayback: false })
    const b = await bookRoom(freeColumn)
    expect((await call('POST', control(b.id, 'start'), 'owner', { startMode: 'FORWARD_PULL' })).body).toMatchObject({ statusCode: 400, message: M.pullUrlRequired })
    expect((await call('POST', control(b.id, 'start'), 'owner', { startMode: 'FORWARD_PULL', pullUrl: 'ftp://x' })).status).toBe(400)
    const pulled: Any = (await call('POST', control(b.id, 'start'), 'owner', { startMode: 'FORWARD_PULL', pullUrl: 'rtmp://source.example.com/live/abc' })).body.result
    expect(pulled).toMatchObject({ status: 'LIVE', startMode: 'FORWARD_PULL', stream: { pullUrl: 'rtmp://source.example.com/live/abc', pushUrl: null } })
    expect((await call('DELETE', `/api/circle-admin/live/${b.id}/v1`, 'owner')).body.result).toMatchObject({ status: 'DELETED' })
    expect((await call('GET', `/api/circle-admin/live/${b.id}/v1`, 'owner')).status).toBe(404)
  })

  it('two starts at once: one wins, the other answers 409 (never a 500)', async () => {
    const room = await bookRoom(freeColumn)
    const answers = await Promise.all([0, 1, 2].map(() => call('POST', control(room.id, 'start'), 'owner', { startMode: 'LIVE_PC' })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
  })

  it('the owner’s detail: owner and admin; member 403, guest 401', async () => {
    const room = await bookRoom(paidColumn)
    expect((await call('GET', `/api/circle-admin/live/${room.id}/v1`, 'owner')).body.result).toMatchObject({ id: room.id, status: 'RESERVATION' })
    expect((await call('GET', `/api/circle-admin/live/${room.id}/v1`, 'admin')).status).toBe(200)
    expect((await call('GET', `/api/circle-admin/live/${room.id}/v1`, 'member')).status).toBe(403)
    expect((await call('GET', `/api/circle-admin/live/${room.id}/v1`, 'guest')).status).toBe(401)
  })
})

describe('GET /api/video/detail/v1', () => {
  it('a paid column’s room: guest asked to log in, non-member to buy, expired member to renew; member and owner watch', async () => {
    const id = await liveRoom(paidColumn)
    const of = async (k: Who) => (await call('GET', detail(id, 'LIVE'), k)).body.result as Any
    expect(await of('guest')).toMatchObject({ canWatch: false, message: M.loginFirst, source: null, groupId: null, status: 'LIVE' })
    expect(await of('stranger')).toMatchObject({ canWatch: false, message: M.joinFirst, source: null, access: { role: 'stranger', canJoin: true } })
    expect(await of('expired')).toMatchObject({ canWatch: false, message: M.expired })
    expect(await of('member')).toMatchObject({ canWatch: true, message: '', canManage: false, liveColumn: { id: paidColumn, price: { price: 19_900 } } })
    expect(await of('owner')).toMatchObject({ canWatch: true, canManage: true, owner: { id: ids.owner } })
  })

  it('a free column’s room: everyone watches, a guest too', async () => {
    const id = await liveRoom(freeColumn)
    for (const k of ['guest', 'stranger', 'member', 'owner'] as const) expect((await call('GET', detail(id), k)).body.result, k).toMatchObject({ canWatch: true, source: { live: true } })
  })

  it('bad input and unknown ids: 400, 404 (a flash’s id is never a room)', async () => {
    expect((await call('GET', '/api/video/detail/v1?videoId=abc', 'member')).status).toBe(400)
    expect((await call('GET', '/api/video/detail/v1', 'member')).status).toBe(400)
    expect((await call('GET', detail(1), 'member')).status).toBe(404)
    expect((await call('GET', detail(LIVE_ROOM_ID_MIN + 999_999), 'member')).status).toBe(404)
    const id = await liveRoom(freeColumn)
    expect((await call('GET', detail(id, 'ROADSHOW'), 'member')).status).toBe(404)
    expect((await call('GET', `${detail(id)}&videoServiceType=TV`, 'member')).status).toBe(400)
  })

  it('a zh-hk reader reads the room in traditional characters', async () => {
    const id = await liveRoom(freeColumn)
    expect((await t.call('GET', detail(id), { ...who.member, 'Client-Lang': 'zh-hk' })).body.result.title).toBe('週三晚間直播')
  })
})

describe('comments: POST /api/video/comment/v1, before-id and after-id', () => {
  const post = (id: number, as: Who, content: string) => call('POST', '/api/video/comment/v1', as, { videoId: id, videoServiceType: 'LIVE', content })
  const before = (id: number, as: Who, q = '') => call('GET', `/api/video/before-id-comments/v1?videoId=${id}&videoServiceType=LIVE${q}`, as)
  const after = (id: number, as: Who, commentId: number, q = '') => call('GET', `/api/video/after-id-comments/v1?videoId=${id}&videoServiceType=LIVE&commentId=${commentId}${q}`, as)

  it('who may comment and read: guest 401, non-member 403, member and owner 200 — with the owner’s and the honoured guest’s tags', async () => {
    const id = await liveRoom(paidColumn)
    expect((await post(id, 'guest', '你好')).status).toBe(401)
    expect((await post(id, 'stranger', '你好')).body).toEqual({ statusCode: 403, message: M.joinFirst, result: null })
    expect((await post(id, 'expired', '你好')).status).toBe(403)
    expect((await call('PUT', `/api/circle-admin/live/${id}/guests/v1`, 'member', { userIds: [ids.admin] })).status).toBe(403)
    expect((await call('PUT', `/api/circle-admin/live/${id}/guests/v1`, 'owner', { userIds: [999_999_999] })).status).toBe(400)
    expect((await call('PUT', `/api/circle-admin/live/${id}/guests/v1`, 'owner', { userIds: [ids.admin] })).body.result.honouredGuestIds).toEqual([ids.admin])
    const m: Any = (await post(id, 'member', '  老师好  ')).body.result
    expect(m).toMatchObject({ videoId: id, videoServiceType: 'LIVE', content: '老师好', tag: null, user: { id: ids.member } })
    expect((await post(id, 'owner', '欢迎大家')).body.result.tag).toBe('OWNER')
    expect((await post(id, 'admin', '我是嘉宾')).body.result.tag).toBe('GUEST')
    expect((await call('GET', detail(id), 'member')).body.result).toMatchObject({ commentCount: 3, honouredGuests: [{ id: ids.admin }] })
    // the comments went to the room's chat group (viewers signed in to the messaging port get them live)
    const d: Any = (await call('GET', detail(id), 'member')).body.result
    const history = await chatServiceFor(t.db).history(ids.member, { conversationID: groupKey(d.groupId), count: 15 } as never)
    const lines = history.messageList.map((x) => JSON.parse(x.cloudCustomData ?? '{}') as Any).filter((x) => x.bizType === LIVE_COMMENT_BIZ_TYPE)
    expect(lines.map((x) => [x.data.content, x.data.tag])).toEqual([['老师好', null], ['欢迎大家', 'OWNER'], ['我是嘉宾', 'GUEST']])
    // a chatroom (AVChatRoom) counts no unread: three comments left every member's conversation row (made on joining) at 0
    expect(await unreadIn(d.groupId)).toEqual([])
    for (const k of ['guest', 'stranger'] as const) expect((await before(id, k)).status, k).toBe(k === 'guest' ? 401 : 403)
  })

  it('bad input: empty, too long, a deleted room', async () => {
    const id = await liveRoom(freeColumn)
    expect((await post(id, 'member', '   ')).body).toMatchObject({ statusCode: 400, message: M.commentEmpty })
    expect((await post(id, 'member', '字'.repeat(201))).body).toMatchObject({ statusCode: 400, message: M.commentTooLong })
    expect((await call('POST', '/api/video/comment/v1', 'member', { videoId: id, content: 'x' })).status).toBe(400)
    await call('DELETE', `/api/circle-admin/live/${id}/v1`, 'owner')
    expect((await post(id, 'member', '还在吗')).status).toBe(404)
  })

  it('history newest first before an id; catch-up oldest first after an id; nothing skipped or repeated', async () => {
    const id = await liveRoom(freeColumn)
    const sent: number[] = []
    for (let i = 1; i <= 7; i++) sent.push((await post(id, i % 2 ? 'member' : 'stranger', `第${i}条`)).body.result.commentId)
    const first: Any = (await before(id, 'guest', '&count=3')).body.result
    expect(first.list.map((c: Any) => c.content)).toEqual(['第7条', '第6条', '第5条'])
    expect(first.hasMore).toBe(true)
    const second: Any = (await before(id, 'guest', `&count=3&commentId=${first.list[2].commentId}`)).body.result
    const third: Any = (await before(id, 'guest', `&count=3&commentId=${second.list[2].commentId}`)).body.result
    expect([...first.list, ...second.list, ...third.list].map((c: Any) => c.commentId)).toEqual([...sent].reverse())
    expect(third.hasMore).toBe(false)
    const caught: Any = (await after(id, 'member', sent[1]!, '&count=4')).body.result
    expect(caught.list.map((c: Any) => c.commentId)).toEqual(sent.slice(2, 6))
    expect(caught.hasMore).toBe(true)
    expect((await after(id, 'member', sent[6]!)).body.result).toEqual({ list: [], hasMore: false })
    expect((await before(id, 'member', '&count=51')).status).toBe(400)
  })

  it('a member the owner muted in the room’s chat cannot comment, and nothing is kept', async () => {
    const id = await liveRoom(freeColumn)
    await post(id, 'stranger', '第一条')
    const d: Any = (await call('GET', detail(id), 'owner')).body.result
    await chatServiceFor(t.db).mute(ids.owner, d.groupId, ids.stranger, true, 1)
    const refused = await post(id, 'stranger', '第二条')
    expect(refused.status).toBe(403)
    expect(Object.values(CHAT_MESSAGES).concat(Object.values(await import('../../core/chat/limits').then((m) => m.SPEAK_BLOCK_MESSAGES)))).toContain(refused.body.message)
    expect((await call('GET', detail(id), 'owner')).body.result.commentCount).toBe(1)
  })
})

describe('online count (POST /api/video/onlineCount/v1) and visits (GET /api/video/visit/v1)', () => {
  const beat = (id: number, as: Who, sessionId: string, type = 'LIVE') => call('POST', '/api/video/onlineCount/v1', as, { videoId: id, videoServiceType: type, sessionId })

  it('who may beat: a paid room’s members and owner; guest 401, non-member 403; a free room’s guests too', async () => {
    const paid = await liveRoom(paidColumn)
    expect((await beat(paid, 'guest', 'session-guest-1')).status).toBe(401)
    expect((await beat(paid, 'stranger', 'session-stranger-1')).status).toBe(403)
    expect((await beat(paid, 'member', 'session-member-1')).body.result).toEqual({ onlineCount: 1 })
    expect((await beat(paid, 'owner', 'session-owner-1')).body.result).toEqual({ onlineCount: 2 })
    const free = await liveRoom(freeColumn)
    expect((await beat(free, 'guest', 'session-guest-2')).body.result).toEqual({ onlineCount: 1 })
    expect((await beat(free, 'member', 'bad')).status).toBe(400)
    expect((await beat(free, 'member', 'session-x-1', 'ROADSHOW')).status).toBe(404)
  })

  it('counts expire when heartbeats stop (the app’s clock, pinned and moved by the test)', async () => {
    const id = await liveRoom(freeColumn)
    expect((await beat(id, 'member', 'page-aaaa-1')).body.result.onlineCount).toBe(1)
    expect((await beat(id, 'stranger', 'page-bbbb-1')).body.result.onlineCount).toBe(2)
    // the same page beating again is one viewer
    expect((await beat(id, 'member', 'page-aaaa-1')).body.result.onlineCount).toBe(2)
    t.advance(ONLINE_TTL_MS - 1_000)
    expect((await beat(id, 'member', 'page-aaaa-1')).body.result.onlineCount).toBe(2)
    t.advance(2_000) // page-bbbb-1's last beat is now older than the TTL; page-aaaa-1 beat 2 s ago
    expect((await beat(id, 'owner', 'page-cccc-1')).body.result.onlineCount).toBe(2)
    expect((await call('GET', detail(id), 'owner')).body.result.onlineCount).toBe(2)
    t.advance(ONLINE_TTL_MS + 1)
    expect((await call('GET', detail(id), 'owner')).body.result.onlineCount).toBe(0)
  })

  it('two app instances on one database agree on the count', async () => {
    // on PostgreSQL (TEST_DATABASE_URL) the second app opens its own pool on the same database, as a second process would
    const secondDb = await secondPool(t)
    const second = createApp({ db: secondDb, clock: () => t.nowSeconds() * 1000, staticDir: '/nonexistent-static-dir' })
    const id = await liveRoom(freeColumn)
    const on = async (app: typeof second, sessionId: string) => {
      const res = await app.request('/api/video/onlineCount/v1', { method: 'POST', headers: { ...who.member, 'Content-Type': 'application/json' }, body: JSON.stringify({ videoId: id, videoServiceType: 'LIVE', sessionId }) })
      return ((await res.json()) as Any).result.onlineCount as number
    }
    expect(await on(t.app, 'instance-a-1')).toBe(1)
    expect(await on(second, 'instance-b-1')).toBe(2)
    expect(await on(t.app, 'instance-a-2')).toBe(3)
    expect(await on(second, 'instance-a-1')).toBe(3)
    if (secondDb !== t.db) await secondDb.close()
  })

  it('visits count for everyone who opens the page; a deleted room has none', async () => {
    const id = await liveRoom(paidColumn)
    const visit = (as: Who) => call('GET', `/api/video/visit/v1?videoId=${id}&videoServiceType=LIVE`, as)
    expect((await visit('guest')).body.result).toEqual({ visitCount: 1 })
    expect((await visit('stranger')).body.result).toEqual({ visitCount: 2 })
    expect((await visit('member')).body.result).toEqual({ visitCount: 3 })
    expect((await visit('owner')).body.result).toEqual({ visitCount: 4 })
    expect((await call('GET', detail(id), 'member')).body.result.visitCount).toBe(4)
    // a GET that changes state wants our CSRF token
    expect((await t.call('GET', `/api/video/visit/v1?videoId=${id}&videoServiceType=LIVE`, {})).status).toBe(403)
    await call('DELETE', `/api/circle-admin/live/${id}/v1`, 'owner')
    expect((await visit('member')).status).toBe(404)
  })
})

describe('roadshows: invite code, reservation, before-join', () => {
  const check = (id: number, as: Who, code: string) => call('GET', `/api/roadshow/${id}/check/invite-code?inviteCode=${code}`, as)
  const reserve = (id: number, as: Who, type = 'ROADSHOW') => call('POST', `/api/roadshow/${id}/reserve/v1`, as, { videoServiceType: type })
  const join = (id: number, as: Who, code?: string) => call('GET', `/api/financial-circle/live-column/content/before-join-live-room/v1?id=${id}${code ? `&inviteCode=${code}` : ''}`, as)

  it('the invite code: guest 401, a wrong code 400, the right one passes; it lets the reader in once given to before-join', async () => {
    const room = await bookRoom(freeColumn, { videoServiceType: 'ROADSHOW', inviteCode: 'RDSH26' })
    expect((await check(room.id, 'guest', 'RDSH26')).status).toBe(401)
    expect((await check(room.id, 'member', 'WRONG2')).body).toEqual({ statusCode: 400, message: M.inviteCodeWrong, result: null })
    expect((await check(room.id, 'member', 'rdsh26')).body.result).toEqual({ passed: true })
    expect((await call('GET', detail(room.id, 'ROADSHOW'), 'member')).body.result).toMatchObject({ canWatch: false, needInviteCode: true, message: M.inviteCodeRequired })
    expect((await call('GET', detail(room.id), 'owner')).body.result).toMatchObject({ canWatch: true, needInviteCode: false })
    expect((await join(room.id, 'stranger')).body.result).toMatchObject({ canEnter: false, needInviteCode: true, groupId: null })
    expect((await join(room.id, 'stranger', 'WRONG2')).status).toBe(400)
    const entered: Any = (await join(room.id, 'stranger', 'RDSH26')).body.result
    expect(entered).toMatchObject({ canEnter: true, needInviteCode: false, role: 'Member', status: 'RESERVATION' })
    expect(entered.conversationId).toBe(`GROUP${entered.groupId}`)
    expect((await call('GET', detail(room.id), 'stranger')).body.result).toMatchObject({ canWatch: true, groupId: entered.groupId })
    expect((await check(LIVE_ROOM_ID_MIN + 999_998, 'member', 'RDSH26')).status).toBe(404)
  })

  it('wrong codes are limited: a script guessing codes meets 429', async () => {
    const room = await bookRoom(freeColumn, { videoServiceType: 'ROADSHOW', inviteCode: 'RDSH27' })
    const answers: number[] = []
    for (let i = 0; i < INVITE_TRIES.account.max + 2; i++) answers.push((await check(room.id, 'expired', `WRONG${i}`)).status)
    expect(answers.slice(0, INVITE_TRIES.account.max).every((s) => s === 400)).toBe(true)
    expect(answers.at(-1)).toBe(429)
  })

  it('reserving: guest 401, non-member of a paid column 403, member once; only a booked room', async () => {
    const room = await bookRoom(paidColumn)
    expect((await reserve(room.id, 'guest', 'LIVE')).status).toBe(401)
    expect((await reserve(room.id, 'stranger', 'LIVE')).status).toBe(403)
    expect((await reserve(room.id, 'member', 'ROADSHOW')).status).toBe(404)
    expect((await reserve(room.id, 'member', 'LIVE')).body.result).toEqual({ reserved: true, reservationCount: 1 })
    expect((await reserve(room.id, 'member', 'LIVE')).body.result).toEqual({ reserved: true, reservationCount: 1 })
    expect((await reserve(room.id, 'owner', 'LIVE')).body.result).toEqual({ reserved: true, reservationCount: 2 })
    expect((await call('GET', detail(room.id), 'member')).body.result).toMatchObject({ reserved: true, reservationCount: 2 })
    expect((await call('GET', detail(room.id), 'admin')).body.result).toMatchObject({ reserved: false })
    await call('POST', control(room.id, 'start'), 'owner', { startMode: 'LIVE_MOBILE' })
    expect((await reserve(room.id, 'member', 'LIVE')).body).toEqual({ statusCode: 409, message: M.notBooked, result: null })
  })

  it('before-join: guest of a free room enters without chat; member and owner join the room’s group; non-member of a paid one is told why', async () => {
    const free = await liveRoom(freeColumn)
    expect((await join(free, 'guest')).body.result).toMatchObject({ canEnter: true, groupId: null, role: null })
    const paid = await liveRoom(paidColumn)
    expect((await join(paid, 'guest')).body.result).toMatchObject({ canEnter: false, message: M.loginFirst })
    expect((await join(paid, 'stranger')).body.result).toMatchObject({ canEnter: false, message: M.joinFirst, groupId: null })
    const member: Any = (await join(paid, 'member')).body.result
    expect(member).toMatchObject({ canEnter: true, role: 'Member', status: 'LIVE', statusCode: 2 })
    expect((await join(paid, 'owner')).body.result).toMatchObject({ canEnter: true, role: 'Owner', groupId: member.groupId })
    expect((await join(1, 'member')).status).toBe(404)
  })
})

describe('the owner’s page (GET …/live-column/content/page/owner/v1) and the kick-out notice', () => {
  it('guest 401; a reader with no column sees none; the owner and an admin see their rooms, newest booking first', async () => {
    const room = await bookRoom(paidColumn, { startTimestamp: t.nowSeconds() + 400 * 86_400 - 100 * 86_400 })
    const page = '/api/financial-circle/live-column/content/page/owner/v1'
    expect((await call('GET', page, 'guest')).status).toBe(401)
    expect((await call('GET', page, 'member')).body.result).toMatchObject({ list: [], total: 0 })
    const mine: Any = (await call('GET', `${page}?count=100`, 'owner')).body.result
    expect(mine.list[0]).toMatchObject({ id: room.id, liveColumnId: paidColumn })
    expect(mine.list.every((r: Any) => r.status !== 'DELETED')).toBe(true)
    expect(new Set(mine.list.map((r: Any) => r.liveColumnId))).toEqual(new Set([paidColumn, freeColumn]))
    const admin: Any = (await call('GET', `${page}?count=100`, 'admin')).body.result
    expect(admin.list.every((r: Any) => r.liveColumnId === paidColumn)).toBe(true)
    const filtered: Any = (await call('GET', `${page}?count=100&liveColumnId=${freeColumn}`, 'owner')).body.result
    expect(filtered.list.every((r: Any) => r.liveColumnId === freeColumn)).toBe(true)
  })

  it('kick-out: guest 401, non-member of a paid room 403; a member’s other devices get the notice in the room’s group', async () => {
    const id = await liveRoom(paidColumn)
    const kick = (as: Who, deviceId: string) => call('POST', '/api/financial-circle/live-column/send-kick-out-group-notification/v1', as, { id, deviceId })
    expect((await kick('guest', 'device-guest-1')).status).toBe(401)
    expect((await kick('stranger', 'device-other-1')).status).toBe(403)
    expect((await kick('member', 'x')).status).toBe(400)
    expect((await kick('member', 'device-phone-1')).body.result).toEqual({ deviceId: 'device-phone-1' })
    expect((await kick('owner', 'device-owner-1')).status).toBe(200)
    const d: Any = (await call('GET', detail(id), 'member')).body.result
    const history = await chatServiceFor(t.db).history(ids.member, { conversationID: groupKey(d.groupId), count: 15 } as never)
    const notices = history.messageList.filter((x) => x.type === 'TIMCustomElem').map((x) => JSON.parse((x.payload as Any).data) as Any)
    expect(notices).toContainEqual({ bizType: KICK_OUT_BIZ_TYPE, userId: ids.member, deviceId: 'device-phone-1', videoId: id })
  })
})

describe('the seed (1630, after the course seed’s items)', () => {
  it('live columns with rooms in every status, comments with both tags, a watchable live room and playback, a booked roadshow with HK8888', async () => {
    const rows = (await sql<{ id: number; circle_id: number; status: number; service_type: string; invite_code: string | null; playback_url: string | null }>`SELECT id, circle_id, status, service_type, invite_code, playback_url FROM live_rooms WHERE circle_id NOT IN (${paidColumn}, ${freeColumn})`.execute(t.db.kysely)).rows
    expect(new Set(rows.map((r) => r.circle_id)).size).toBeGreaterThanOrEqual(2)
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(rows.every((r) => r.id >= LIVE_ROOM_ID_MIN)).toBe(true)
    const roadshow = rows.find((r) => r.service_type === 'ROADSHOW')!
    expect(roadshow).toMatchObject({ status: 1, invite_code: ROADSHOW_INVITE_CODE, circle_id: await circleIdByName(t.db, ROADSHOW_COLUMN) })
    // README's demo section prints the code
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain(`**${ROADSHOW_INVITE_CODE}**`)
    // the free column's live room (the one a guest can watch: the journey's and the bench's); paid columns have live rooms too
    const freeIds = new Set((await sql<{ id: number }>`SELECT id FROM circles WHERE goods_id IS NULL`.execute(t.db.kysely)).rows.map((r) => Number(r.id)))
    const live = rows.find((r) => r.status === 2 && freeIds.has(Number(r.circle_id)))!
    const watched: Any = (await call('GET', detail(Number(live.id)), 'owner')).body.result
    expect(watched.commentCount).toBeGreaterThan(3)
    const asked = await call('GET', `/api/video/before-id-comments/v1?videoId=${live.id}&videoServiceType=LIVE`, 'owner')
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const history: Any = asked.body.result
    expect(new Set(history.list.map((c: Any) => c.tag))).toEqual(new Set(['OWNER', 'GUEST', null]))
    // local mode: the live room streams and the playbacks play the fixture video
    expect(watched.source).toMatchObject({ live: true, contentType: 'application/vnd.apple.mpegurl' })
    expect(rows.filter((r) => r.status === 3).every((r) => r.playback_url !== null)).toBe(true)
  })
})

describe('routing and the migrated live-column items', () => {
  it('news flashes stop below the rooms: no flash id reaches 1,000,000,000', async () => {
    await expect(sql`INSERT INTO flashes (id, content, create_timestamp) VALUES (1000000000, 'x', 0)`.execute(t.db.kysely)).rejects.toThrow()
    const max = (await sql<{ m: number }>`SELECT max(id)::int AS m FROM flashes`.execute(t.db.kysely)).rows[0]!.m
    expect(max).toBeLessThan(LIVE_ROOM_ID_MIN)
  })

  it('a live column lists its rooms (ids from 1,000,000,000) and each opens as a room', async () => {
    const listed: Any = (await call('GET', `/api/financial-circle/live-column/content/page?liveColumnId=${freeColumn}&count=100`, 'guest')).body.result
    expect(listed.list.length).toBeGreaterThan(3)
    for (const item of listed.list.slice(0, 3)) {
      expect(item.id).toBeGreaterThanOrEqual(LIVE_ROOM_ID_MIN)
      expect((await call('GET', detail(item.id), 'guest')).body.result).toMatchObject({ id: item.id, statusCode: item.statusCode })
    }
  })
})
