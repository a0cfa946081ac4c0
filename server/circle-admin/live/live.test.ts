// The console's live tabs on the real app (issue 29; core/api/circle-admin-live.ts): every endpoint ×
// {owner, admin of this column, admin of another circle, plain member, guest}; then what each does — the
// room list's filters and pages, the edit (texts, start only while booked), the playback choice until the
// end, comments (delete, mute through the room's chat), the data tab (visits, online now and at the peak,
// comments over time), honoured-guest candidates, kicking a viewer out and letting them back, and the
// viewers of the columns. Bad input answers a Chinese 400, never a 500.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_MESSAGES as C } from '../../../core/circle-admin/access'
import { LIVE_ADMIN_MESSAGES as A } from '../../../core/circle-admin/live'
import { CHAT_MESSAGES } from '../../../core/chat/limits'
import { LIVE_MESSAGES as M } from '../../../core/live/limits'
import { authHeaders, signInForTest } from '../../accounts/session'
import { addAdmin } from '../../circles/admins-repository'
import { insertCircle } from '../../circles/circles-repository'
import { grantPaid, joinFree } from '../../circles/members-repository'
import { createPostingClient, type Answer, type PostingClient } from '../../testing/posting-client'

let t: PostingClient
type Who = 'owner' | 'admin' | 'otherAdmin' | 'member' | 'guest'
const ROLES: readonly Who[] = ['owner', 'admin', 'otherAdmin', 'member', 'guest']
const who = {} as Record<Who, Record<string, string>>
const ids = {} as Record<Exclude<Who, 'guest'>, number>
let column: number
let otherColumn: number
let viewerId: number
let viewer: Record<string, string>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer as the test reads it
type Any = any

const call = (method: string, path: string, as: Who | Record<string, string>, body?: unknown): Promise<Answer> => t.call(method, path, typeof as === 'string' ? who[as] : as, body)
const ok = async (method: string, path: string, as: Who | Record<string, string>, body?: unknown): Promise<Any> => {
  const a = await call(method, path, as, body)
  if (a.status !== 200) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`)
  return a.body.result
}
const R = (id: number, rest = '') => `/api/circle-admin/live/room/${id}${rest}`

async function book(columnId = column, over: Record<string, unknown> = {}): Promise<Any> {
  return ok('POST', '/api/circle-admin/live/book/v1', 'owner', { liveColumnId: columnId, videoServiceType: 'LIVE', title: '周三晚间直播', brief: '聊聊港股', startTimestamp: t.nowSeconds() + 3600, ...over })
}
const start = (id: number) => ok('POST', `/api/circle-admin/live/${id}/start/v1`, 'owner', { startMode: 'OBS_PUSH' })
const comment = (id: number, as: Who | Record<string, string>, content: string) => call('POST', '/api/video/comment/v1', as, { videoId: id, videoServiceType: 'LIVE', content })
const beat = (id: number, as: Who | Record<string, string>, sessionId: string) => call('POST', '/api/video/onlineCount/v1', as, { videoId: id, videoServiceType: 'LIVE', sessionId })

beforeAll(async () => {
  t = await createPostingClient()
  const now = t.nowSeconds()
  const more = await t.moreUserIds(3)
  ids.owner = t.ownerId
  ids.member = t.otherId
  ;[ids.admin, ids.otherAdmin, viewerId] = more as [number, number, number]
  who.owner = t.owner
  who.member = t.other
  who.guest = t.guest
  who.admin = authHeaders(await signInForTest(t, ids.admin))
  who.otherAdmin = authHeaders(await signInForTest(t, ids.otherAdmin))
  viewer = authHeaders(await signInForTest(t, viewerId))
  const make = (type: 'LIVE_COLUMN' | 'FINANCIAL_CIRCLE', name: string, ownerId = ids.owner) => insertCircle(t.db, { type, name, owner_id: ownerId, intro: `${name}的介绍`, brief: '简介', create_timestamp: now - 100 })
  column = await make('LIVE_COLUMN', '港股夜话直播')
  otherColumn = await make('LIVE_COLUMN', '美股早班车', ids.otherAdmin)
  const otherCircle = await make('FINANCIAL_CIRCLE', '价值投资圈', ids.member)
  await addAdmin(t.db, column, ids.admin, now - 10)
  await addAdmin(t.db, otherCircle, ids.otherAdmin, now - 10)
  await joinFree(t.db, column, ids.member, now - 50)
  await grantPaid(t.db, column, viewerId, null, now - 400 * 86_400, now - 1)
  // the first file after a change to the migrations or seeds builds the template (minutes on a busy machine)
}, 600_000)
afterAll(() => t.close())

describe('every console live call × {owner, admin of this column, admin of another circle, plain member, guest}', () => {
  it('the owner and this column’s admin are answered; an admin of another circle and a member 403 无权管理该圈子; a guest 401 请先登录', async () => {
    const room = await book()
    const cases: [string, string, unknown?][] = [
      ['GET', `/api/circle-admin/live/rooms/page/v1?liveColumnId=${column}`],
      ['GET', R(room.id, '/v1')],
      ['PUT', R(room.id, '/v1'), { title: '改过的标题' }],
      ['PUT', R(room.id, '/playback/v1'), { keepPlayback: true }],
      ['GET', R(room.id, '/comments/v1')],
      ['GET', R(room.id, '/data/v1')],
      ['GET', R(room.id, '/user-candidates/v1?keyword=a')],
      ['GET', R(room.id, '/kicked/v1')],
      ['DELETE', R(room.id, `/kick/${viewerId}/v1`)],
      ['GET', `/api/circle-admin/live/users/page/v1?liveColumnId=${column}`],
    ]
    for (const [method, path, body] of cases) {
      for (const as of ROLES) {
        const a = await call(method, path, as, body)
        const expected = as === 'owner' || as === 'admin' ? 200 : as === 'guest' ? 401 : 403
        expect(a.status, `${method} ${path} as ${as}`).toBe(expected)
        if (as === 'guest') expect(a.body.message).toBe(C.loginFirst)
        if (as === 'otherAdmin' || as === 'member') expect(a.body.message, `${method} ${path} as ${as}`).toBe(C.notManager)
      }
    }
  })

  it('the writes that need a target: delete a comment, mute, kick out — strangers refused before anything changes', async () => {
    const room = await book()
    await start(room.id)
    const c: Any = (await comment(room.id, 'member', '老师好')).body.result
    for (const as of ['otherAdmin', 'member', 'guest'] as const) {
      expect((await call('DELETE', R(room.id, `/comments/${c.commentId}/v1`), as)).status, as).toBe(as === 'guest' ? 401 : 403)
      expect((await call('POST', R(room.id, '/mute/v1'), as, { userId: ids.member, muted: true })).status, as).toBe(as === 'guest' ? 401 : 403)
      expect((await call('POST', R(room.id, '/kick/v1'), as, { userId: viewerId })).status, as).toBe(as === 'guest' ? 401 : 403)
    }
    expect((await ok('GET', R(room.id, '/comments/v1'), 'owner')).total).toBe(1)
    expect((await ok('POST', R(room.id, '/mute/v1'), 'admin', { userId: ids.member, muted: true })).muted).toBe(true)
    expect((await ok('POST', R(room.id, '/mute/v1'), 'owner', { userId: ids.member, muted: false })).muted).toBe(false)
    expect((await ok('DELETE', R(room.id, `/comments/${c.commentId}/v1`), 'admin')).commentId).toBe(c.commentId)
    expect((await ok('POST', R(room.id, '/kick/v1'), 'owner', { userId: viewerId })).user.id).toBe(viewerId)
    expect((await ok('POST', R(room.id, '/kick/v1'), 'admin', { userId: viewerId })).operator.id).toBe(ids.owner)
  })

  it('a column the caller does not run: the lists by column answer 403; another adviser’s column list is theirs', async () => {
    expect((await call('GET', `/api/circle-admin/live/rooms/page/v1?liveColumnId=${otherColumn}`, 'owner')).body).toMatchObject({ statusCode: 403, message: C.notManager })
    expect((await ok('GET', `/api/circle-admin/live/rooms/page/v1?liveColumnId=${otherColumn}`, 'otherAdmin')).list).toEqual([])
    expect((await call('GET', `/api/circle-admin/live/users/page/v1?liveColumnId=${otherColumn}`, 'admin')).status).toBe(403)
  })
})

describe('the room list (live/live-list)', () => {
  it('the rooms of the caller’s columns, by column, status, type and title, numbered pages; the admin sees the same', async () => {
    const a = await book(column, { title: '港股收评直播' })
    const b = await book(column, { title: '美股前瞻', videoServiceType: 'ROADSHOW' })
    await start(a.id)
    const all: Any = await ok('GET', `/api/circle-admin/live/rooms/page/v1?liveColumnId=${column}&count=100`, 'owner')
    expect(all.list.map((r: Any) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]))
    expect(all.list[0]).toMatchObject({ liveColumnName: '港股夜话直播', honouredGuests: [], playback: null })
    const live: Any = await ok('GET', '/api/circle-admin/live/rooms/page/v1?status=LIVE&count=100', 'admin')
    expect(live.list.every((r: Any) => r.status === 'LIVE')).toBe(true)
    expect(live.list.map((r: Any) => r.id)).toContain(a.id)
    expect((await ok('GET', '/api/circle-admin/live/rooms/page/v1?videoServiceType=ROADSHOW&count=100', 'owner')).list.map((r: Any) => r.id)).toEqual([b.id])
    expect((await ok('GET', `/api/circle-admin/live/rooms/page/v1?keyword=${encodeURIComponent('收评')}`, 'owner')).list.map((r: Any) => r.id)).toEqual([a.id])
    const page2: Any = await ok('GET', '/api/circle-admin/live/rooms/page/v1?page=2&count=1', 'owner')
    expect(page2).toMatchObject({ page: 2, total: all.total, hasMore: all.total > 2 })
    expect(page2.list).toHaveLength(1)
    // a member who runs no live column is refused; an adviser of another column sees only theirs
    expect((await call('GET', '/api/circle-admin/live/rooms/page/v1', 'member')).body).toMatchObject({ statusCode: 200, result: { list: [], total: 0 } })
  })

  it('bad filters: 400 in Chinese', async () => {
    for (const q of ['status=ON', 'videoServiceType=TV', 'page=0', 'count=1000', 'liveColumnId=abc', `keyword=${'长'.repeat(31)}`]) {
      const a = await call('GET', `/api/circle-admin/live/rooms/page/v1?${q}`, 'owner')
      expect(a.status, q).toBe(400)
      expect(a.body.message, q).toMatch(/[\u4e00-\u9fa5]/)
    }
  })
})

describe('editing a room (basicInfo, live-list edit/{id})', () => {
  it('texts change; the start only while booked; a start in the past or an empty title is refused in Chinese', async () => {
    const room = await book()
    const later = t.nowSeconds() + 7200
    const edited: Any = await ok('PUT', R(room.id, '/v1'), 'admin', { title: ' 港股复盘 ', brief: '新的简介', cover: '/file/cover.png', startTimestamp: later })
    expect(edited).toMatchObject({ title: '港股复盘', brief: '新的简介', cover: '/file/cover.png', startTimestamp: later })
    expect((await call('PUT', R(room.id, '/v1'), 'owner', { title: '  ' })).body).toEqual({ statusCode: 400, message: A.titleInvalid, result: null })
    expect((await call('PUT', R(room.id, '/v1'), 'owner', { title: '直播', startTimestamp: t.nowSeconds() - 3600 })).body).toMatchObject({ statusCode: 400, message: A.startTooLate })
    expect((await call('PUT', R(room.id, '/v1'), 'owner', { title: '直播', cover: 'javascript:alert(1)' })).status).toBe(400)
    expect((await call('PUT', R(room.id, '/v1'), 'owner', { title: '直播', brief: '简'.repeat(301) })).body.message).toBe(A.roomBriefTooLong)
    await start(room.id)
    expect((await call('PUT', R(room.id, '/v1'), 'owner', { title: '直播中改标题', startTimestamp: later + 60 })).body).toMatchObject({ statusCode: 409, message: A.startLocked })
    expect(await ok('PUT', R(room.id, '/v1'), 'owner', { title: '直播中改标题', startTimestamp: later })).toMatchObject({ title: '直播中改标题', status: 'LIVE' })
    // what readers see follows
    expect((await ok('GET', `/api/video/detail/v1?videoId=${room.id}`, 'member')).title).toBe('直播中改标题')
  })

  it('a deleted or unknown room: 404 直播不存在', async () => {
    const room = await book()
    await ok('DELETE', `/api/circle-admin/live/${room.id}/v1`, 'owner')
    expect((await call('GET', R(room.id, '/v1'), 'owner')).body).toEqual({ statusCode: 404, message: M.roomNotFound, result: null })
    expect((await call('PUT', R(999_999_999, '/v1'), 'owner', { title: 'x' })).status).toBe(404)
    expect((await call('GET', R(0, '/v1'), 'owner')).status).toBe(400)
  })
})

describe('playbackSet', () => {
  it('keeping no playback before the end gives NOT_PLAYBACK; after the end the choice is locked', async () => {
    const room = await book()
    expect(await ok('PUT', R(room.id, '/playback/v1'), 'owner', { keepPlayback: false })).toMatchObject({ keepPlayback: false })
    await start(room.id)
    const ended: Any = await ok('POST', `/api/circle-admin/live/${room.id}/end/v1`, 'owner', {})
    expect(ended).toMatchObject({ status: 'NOT_PLAYBACK' })
    expect((await call('PUT', R(room.id, '/playback/v1'), 'owner', { keepPlayback: true })).body).toMatchObject({ statusCode: 409, message: A.playbackLocked })
    expect((await call('PUT', R(room.id, '/playback/v1'), 'owner', { keepPlayback: 'yes' })).status).toBe(400)
  })

  it('a kept playback shows its recording once made', async () => {
    const room = await book()
    await start(room.id)
    t.advance(60_000)
    await ok('POST', `/api/circle-admin/live/${room.id}/end/v1`, 'owner', {})
    const r: Any = await ok('GET', R(room.id, '/v1'), 'owner')
    expect(r.status).toBe('PLAYBACK')
    expect(r.playback.url).toMatch(/\.(mp4|webm)/)
  })
})

describe('commentManage', () => {
  it('lists newest first with a keyword; deleting removes it for readers; muting stops the commenter', async () => {
    const room = await book()
    await start(room.id)
    await comment(room.id, 'member', '第一条评论')
    await comment(room.id, 'member', '看好腾讯')
    await comment(room.id, 'owner', '欢迎大家')
    const page: Any = await ok('GET', R(room.id, '/comments/v1'), 'owner')
    expect(page.list.map((c: Any) => c.content)).toEqual(['欢迎大家', '看好腾讯', '第一条评论'])
    expect(page.list[0]).toMatchObject({ tag: 'OWNER', muted: false })
    expect((await ok('GET', R(room.id, `/comments/v1?keyword=${encodeURIComponent('腾讯')}`), 'owner')).list).toHaveLength(1)
    const target = page.list[1]
    await ok('DELETE', R(room.id, `/comments/${target.commentId}/v1`), 'owner')
    const history: Any = await ok('GET', `/api/video/before-id-comments/v1?videoId=${room.id}&videoServiceType=LIVE`, 'member')
    expect(history.list.map((c: Any) => c.content)).not.toContain('看好腾讯')
    expect((await call('DELETE', R(room.id, `/comments/${target.commentId}/v1`), 'owner')).body).toMatchObject({ statusCode: 404, message: A.commentNotFound })

    await ok('POST', R(room.id, '/mute/v1'), 'owner', { userId: ids.member, muted: true, muteTimeHour: 1 })
    expect((await ok('GET', R(room.id, '/comments/v1'), 'owner')).list.find((c: Any) => c.user.id === ids.member).muted).toBe(true)
    const refused = await comment(room.id, 'member', '还能说话吗')
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(CHAT_MESSAGES.muted)
    t.advance(3_600_000 + 1000)
    expect((await comment(room.id, 'member', '一小时后')).status).toBe(200)
  })

  it('the owner, an admin, or someone who never joined the room cannot be muted; bad bodies 400', async () => {
    const room = await book()
    await start(room.id)
    await comment(room.id, 'admin', '我是管理员')
    expect((await call('POST', R(room.id, '/mute/v1'), 'admin', { userId: ids.owner, muted: true })).body).toMatchObject({ statusCode: 400, message: A.cannotTargetManager })
    expect((await call('POST', R(room.id, '/mute/v1'), 'owner', { userId: ids.admin, muted: true })).body.message).toBe(A.cannotTargetManager)
    expect((await call('POST', R(room.id, '/mute/v1'), 'owner', { userId: viewerId, muted: true })).body).toMatchObject({ statusCode: 400, message: A.notInRoom })
    expect((await call('POST', R(room.id, '/mute/v1'), 'owner', { userId: ids.member, muted: true, muteTimeHour: 5 })).status).toBe(400)
    expect((await call('POST', R(room.id, '/mute/v1'), 'owner', { userId: -1, muted: true })).status).toBe(400)
  })
})

describe('dataAnalysis', () => {
  it('visits, online now and at the peak (kept after the sessions are gone), comments and their curve', async () => {
    const room = await book()
    await start(room.id)
    await call('GET', `/api/video/visit/v1?videoId=${room.id}&videoServiceType=LIVE`, 'member')
    await call('GET', `/api/video/visit/v1?videoId=${room.id}&videoServiceType=LIVE`, 'guest')
    for (const s of ['session-aaaa', 'session-bbbb', 'session-cccc']) expect((await beat(room.id, 'member', s)).status).toBe(200)
    await comment(room.id, 'member', '一')
    t.advance(120_000)
    await beat(room.id, 'member', 'session-dddd')
    await comment(room.id, 'owner', '二')
    await comment(room.id, 'member', '三')
    const d: Any = await ok('GET', R(room.id, '/data/v1'), 'admin')
    expect(d).toMatchObject({ visitCount: 2, onlineCount: 1, peakOnlineCount: 3, commentCount: 3, commenterCount: 2, reservationCount: 0, bucketSeconds: 60 })
    expect(d.peakTimestamp % 60).toBe(0)
    expect(d.series.reduce((n: number, p: Any) => n + p.comments, 0)).toBe(3)
    expect(Math.max(...d.series.map((p: Any) => p.online))).toBe(3)
    expect(d.series.length).toBeGreaterThanOrEqual(3)
    // a booked room nobody watched has no curve
    const booked = await book()
    expect(await ok('GET', R(booked.id, '/data/v1'), 'owner')).toMatchObject({ peakOnlineCount: 0, peakTimestamp: null, series: [] })
  })
})

describe('userManage: honoured guests and kicked-out viewers', () => {
  it('candidates by nick; a guest is added and removed through the room’s guests', async () => {
    const room = await book()
    const nick: string = (await sql<{ nick: string }>`SELECT nick FROM users WHERE id = ${viewerId}`.execute(t.db.kysely)).rows[0]!.nick
    const found: Any = await ok('GET', R(room.id, `/user-candidates/v1?keyword=${encodeURIComponent(nick)}`), 'admin')
    expect(found.list.map((u: Any) => u.id)).toContain(viewerId)
    expect((await call('GET', R(room.id, '/user-candidates/v1?keyword='), 'owner')).status).toBe(400)
    await ok('PUT', `/api/circle-admin/live/${room.id}/guests/v1`, 'owner', { userIds: [viewerId] })
    expect((await ok('GET', R(room.id, '/v1'), 'owner')).honouredGuests).toEqual([expect.objectContaining({ id: viewerId, nick })])
    await ok('PUT', `/api/circle-admin/live/${room.id}/guests/v1`, 'owner', { userIds: [] })
    expect((await ok('GET', R(room.id, '/v1'), 'owner')).honouredGuests).toEqual([])
  })

  it('a kicked-out member can no longer watch or comment and leaves the chat; let back in, they watch again', async () => {
    const room = await book()
    await start(room.id)
    await comment(room.id, 'member', '在吗')
    const kicked: Any = await ok('POST', R(room.id, '/kick/v1'), 'admin', { userId: ids.member })
    expect(kicked).toMatchObject({ user: { id: ids.member }, operator: { id: ids.admin }, createTimestamp: t.nowSeconds() })
    expect(await ok('GET', `/api/video/detail/v1?videoId=${room.id}`, 'member')).toMatchObject({ canWatch: false, message: M.removedFromRoom, source: null, groupId: null })
    t.advance(10_000) // past the heartbeat's reuse of access
    expect((await comment(room.id, 'member', '再说一句')).status).toBe(403)
    expect((await beat(room.id, 'member', 'session-kick1')).status).toBe(403)
    expect((await ok('GET', R(room.id, '/kicked/v1'), 'owner')).list.map((k: Any) => k.user.id)).toEqual([ids.member])
    // the owner and admins are never kicked; an unknown user 404
    expect((await call('POST', R(room.id, '/kick/v1'), 'admin', { userId: ids.owner })).body.message).toBe(A.cannotTargetManager)
    expect((await call('POST', R(room.id, '/kick/v1'), 'owner', { userId: 2_000_000_000 })).body).toMatchObject({ statusCode: 404, message: A.userNotFound })
    await ok('DELETE', R(room.id, `/kick/${ids.member}/v1`), 'owner')
    expect((await ok('GET', R(room.id, '/kicked/v1'), 'owner')).total).toBe(0)
    expect((await ok('GET', `/api/video/detail/v1?videoId=${room.id}`, 'member')).canWatch).toBe(true)
    t.advance(10_000)
    expect((await comment(room.id, 'member', '我回来了')).status).toBe(200)
  })
})

describe('live/live-user-admin: the viewers of the columns', () => {
  it('who watched signed in, with their membership, rooms and comments; by membership and nick', async () => {
    const room = await book()
    await start(room.id)
    await beat(room.id, 'member', 'session-view1')
    await beat(room.id, viewer, 'session-view2')
    await comment(room.id, 'member', '来了')
    const all: Any = await ok('GET', `/api/circle-admin/live/users/page/v1?liveColumnId=${column}&count=100`, 'admin')
    const member = all.list.find((v: Any) => v.user.id === ids.member)
    expect(member).toMatchObject({ liveColumnId: column, liveColumnName: '港股夜话直播', membership: 'member', expireTimestamp: null, lastSeenTimestamp: t.nowSeconds() })
    expect(member.roomCount).toBeGreaterThanOrEqual(1)
    expect(member.commentCount).toBeGreaterThanOrEqual(1)
    // the viewer's purchase ran out
    expect(all.list.find((v: Any) => v.user.id === viewerId)).toMatchObject({ membership: 'expired' })
    const expired: Any = await ok('GET', `/api/circle-admin/live/users/page/v1?membership=expired&count=100`, 'owner')
    expect(expired.list.map((v: Any) => v.user.id)).toEqual([viewerId])
    expect((await ok('GET', `/api/circle-admin/live/users/page/v1?membership=none`, 'owner')).list).toEqual([])
    expect((await call('GET', `/api/circle-admin/live/users/page/v1?membership=vip`, 'owner')).status).toBe(400)
    // an adviser of another column sees none of these
    expect((await ok('GET', '/api/circle-admin/live/users/page/v1', 'otherAdmin')).total).toBe(0)
  })
})

describe('the seed (a fresh machine’s advisers see realistic numbers)', () => {
  it('a seeded playback room has an online curve, viewers, comments and visits; a live room a kicked-out viewer', async () => {
    const playback = (await sql<{ id: number; owner_id: number }>`SELECT r.id, c.owner_id FROM live_rooms r JOIN circles c ON c.id = r.circle_id WHERE r.status = 3 ORDER BY r.id LIMIT 1`.execute(t.db.kysely)).rows[0]!
    const owner = authHeaders(await signInForTest(t, Number(playback.owner_id)))
    const d: Any = await ok('GET', R(Number(playback.id), '/data/v1'), owner)
    expect(d.peakOnlineCount).toBeGreaterThan(20)
    expect(d.visitCount).toBeGreaterThan(0)
    expect(d.commentCount).toBeGreaterThan(0)
    expect(d.series.length).toBeGreaterThan(30)
    const viewers: Any = await ok('GET', '/api/circle-admin/live/users/page/v1?count=100', owner)
    expect(viewers.total).toBeGreaterThan(0)
    const live = (await sql<{ id: number; owner_id: number }>`SELECT r.id, c.owner_id FROM live_rooms r JOIN circles c ON c.id = r.circle_id WHERE r.status = 2 ORDER BY r.id LIMIT 1`.execute(t.db.kysely)).rows[0]!
    const liveOwner = authHeaders(await signInForTest(t, Number(live.owner_id)))
    expect((await ok('GET', R(Number(live.id), '/kicked/v1'), liveOwner)).total).toBe(1)
  })
})
