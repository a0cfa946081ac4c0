// Courses, live columns and the circle chatroom on the real app (issue 27): every endpoint × {guest,
// stranger (non-member), member, expired member, owner}, bad input, the video's byte ranges, course text
// and XSS payloads coming back as inert text, the chatroom's one group per circle with the owner as Owner,
// members only (an expired member is taken out), and shielding a message in it.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CIRCLE_MESSAGES } from '../../core/circles/limits'
import { CIRCLE_REVIEWER_ROLE } from '../../core/circles/access'
import { addUserRole } from '../accounts/users-repository'
import { COURSE_MESSAGES, LIVE_COLUMN_PAGE_SIZE } from '../../core/courses/limits'
import { authHeaders, signInForTest } from '../accounts/session'
import { chatServiceFor } from '../chat/service'
import { insertCircle } from '../circles/circles-repository'
import { addAdmin } from '../circles/admins-repository'
import { grantPaid, joinFree } from '../circles/members-repository'
import { insertLiveItems } from '../live/rooms-repository'
import { createPostingClient, type PostingClient } from '../testing/posting-client'
import { insertChapters } from './chapters-repository'
import { FIXTURE_VIDEO_KEY, FIXTURE_VIDEO_SECONDS } from './fixture-video'

let t: PostingClient
let dir: string
const previous = process.env.UPLOAD_DIR
const who: Record<'guest' | 'stranger' | 'member' | 'expired' | 'owner' | 'admin' | 'reviewer', Record<string, string>> = {} as never
const ids: Record<'stranger' | 'member' | 'expired' | 'owner' | 'admin' | 'reviewer', number> = {} as never
let course: number
let otherCourse: number
let column: number
let circle: number
let freeChapter: number
let paidChapter: number
let textChapter: number
let foreignChapter: number

const XSS = ['<script>alert(1)</script>', "'><img src=x onerror=alert(1)>", '<svg/onload=alert(1)>', '<a href="javascript:alert(1)">x</a>', '&lt;b&gt;']

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gmh-course-test-'))
  process.env.UPLOAD_DIR = dir
  t = await createPostingClient()
  const now = t.nowSeconds()
  const users = await t.moreUserIds(5)
  ids.owner = t.ownerId
  ids.stranger = t.otherId
  ;[ids.member, ids.expired, ids.admin, ids.reviewer] = users as [number, number, number, number]
  await addUserRole(t.db, ids.reviewer, CIRCLE_REVIEWER_ROLE)
  who.owner = t.owner
  who.stranger = t.other
  who.guest = t.guest
  for (const k of ['member', 'expired', 'admin', 'reviewer'] as const) who[k] = authHeaders(await signInForTest(t, ids[k]))
  const make = (type: 'COURSE' | 'LIVE_COLUMN' | 'FINANCIAL_CIRCLE', name: string) =>
    insertCircle(t.db, { type, name, owner_id: ids.owner, intro: `${name}的介绍`, brief: '简介', create_timestamp: now - 100 })
  course = await make('COURSE', '港股入门课')
  otherCourse = await make('COURSE', '另一门课')
  column = await make('LIVE_COLUMN', '周三直播间')
  circle = await make('FINANCIAL_CIRCLE', '价值投资圈')
  for (const c of [course, column, circle]) {
    await grantPaid(t.db, c, ids.member, null, now - 10, now + 86_400)
    await grantPaid(t.db, c, ids.expired, null, now - 400 * 86_400, now - 1)
    await addAdmin(t.db, c, ids.admin, now - 10)
  }
  const chapter = (circleId: number, sort: number, o: { free?: boolean; video?: boolean; content?: string; title?: string }) => ({
    circle_id: circleId,
    sort,
    title: o.title ?? `第${sort}课`,
    content: o.content ?? `第${sort}课的正文\n第二行`,
    picture_urls: ['/ad-art/banner/1.svg'],
    video_key: o.video === false ? null : FIXTURE_VIDEO_KEY,
    video_type: o.video === false ? null : ('video/webm' as const),
    video_seconds: o.video === false ? 0 : FIXTURE_VIDEO_SECONDS,
    free: o.free ?? false,
    create_timestamp: now - 50,
  })
  await insertChapters(t.db, [chapter(course, 1, { free: true }), chapter(course, 2, {}), chapter(course, 3, { video: false, content: XSS.join('\n'), title: XSS[0]!.slice(0, 60) })])
  await insertChapters(t.db, [chapter(otherCourse, 1, {})])
  const rows = (await sql<{ id: number; circle_id: number; sort: number }>`SELECT id, circle_id, sort FROM course_chapters ORDER BY id`.execute(t.db.kysely)).rows
  const of = (c: number, s: number) => Number(rows.find((r) => Number(r.circle_id) === c && r.sort === s)!.id)
  freeChapter = of(course, 1)
  paidChapter = of(course, 2)
  textChapter = of(course, 3)
  foreignChapter = of(otherCourse, 1)
  await insertLiveItems(
    t.db,
    Array.from({ length: 13 }, (_, i) => ({ circle_id: column, title: `直播 ${i + 1}`, brief: '', status: i === 0 ? 2 : 3, start_timestamp: now - i * 3600 })),
  )
})
afterAll(async () => {
  if (previous === undefined) delete process.env.UPLOAD_DIR
  else process.env.UPLOAD_DIR = previous
  await t.close()
  await rm(dir, { recursive: true, force: true })
})

const coursePath = (id: number) => `/api/financial-circle/course/${id}/v1`
const progressPath = (id: number) => `/api/financial-circle/course/${id}/progress/v1`
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer as the test reads it
type Any = any

describe('GET /api/financial-circle/course/{id}/v1', () => {
  it('guest, stranger and expired member: the course and its free chapter; other chapters closed (no text, pictures or video)', async () => {
    for (const [k, role] of [['guest', 'guest'], ['stranger', 'stranger'], ['expired', 'expired']] as const) {
      const a = await t.call('GET', coursePath(course), who[k])
      expect(a.status, k).toBe(200)
      const c: Any = a.body.result
      expect(c.access).toMatchObject({ role, canRead: false, canJoin: true })
      expect(c.name).toBe('港股入门课')
      expect(c.owner.id).toBe(ids.owner)
      const [free, paid, text] = c.chapters
      expect(free).toMatchObject({ id: freeChapter, free: true, open: true, content: '第1课的正文\n第二行', hasVideo: true, video: { url: `/media/course-video/${freeChapter}`, contentType: 'video/webm', durationSeconds: 10 } })
      expect(paid).toMatchObject({ id: paidChapter, open: false, content: '', pictureUrls: [], hasVideo: true, video: null, progress: null })
      expect(text).toMatchObject({ open: false, content: '' })
      expect(c.resumeChapterId).toBe(freeChapter)
    }
  })

  it('member, admin and owner: every chapter open', async () => {
    for (const [k, role] of [['member', 'member'], ['admin', 'admin'], ['owner', 'owner'], ['reviewer', 'reviewer']] as const) {
      const c: Any = (await t.call('GET', coursePath(course), who[k])).body.result
      expect(c.access, k).toMatchObject({ role, canRead: true })
      expect(c.chapters.every((ch: Any) => ch.open)).toBe(true)
      expect(c.chapters[1].video.url).toBe(`/media/course-video/${paidChapter}`)
    }
    const member: Any = (await t.call('GET', coursePath(course), who.member)).body.result
    expect(member.access.expireTimestamp).toBe(t.nowSeconds() + 86_400)
  })

  it('a zh-hk reader reads the course, its intro and its chapters in traditional characters', async () => {
    const c: Any = (await t.call('GET', coursePath(course), { ...who.member, 'Client-Lang': 'zh-hk' })).body.result
    expect(c.name).toBe('港股入門課')
    expect(c.intro).toBe('港股入門課的介紹')
    expect(c.chapters[1].content).toBe('第2課的正文\n第二行')
  })

  it('course text with XSS payloads comes back as the very text stored, in JSON', async () => {
    const a = await t.call('GET', coursePath(course), who.member)
    expect(a.headers.get('Content-Type')).toMatch(/^application\/json/)
    const text = (a.body.result as Any).chapters[2]
    expect(text.content).toBe(XSS.join('\n'))
    expect(text.title).toBe(XSS[0])
  })

  it('a circle that is not a course, a missing one, a bad id: 404 / 400 with a Chinese message', async () => {
    for (const id of [circle, column, 999_999]) {
      const a = await t.call('GET', coursePath(id), who.member)
      expect(a.status, String(id)).toBe(404)
      expect(a.body.message).toBe(COURSE_MESSAGES.courseNotFound)
    }
    for (const bad of ['abc', '0', '99999999999']) expect((await t.call('GET', `/api/financial-circle/course/${bad}/v1`, who.member)).status).toBe(400)
  })
})

describe('PUT /api/financial-circle/course/{id}/progress/v1', () => {
  it('guest 401; stranger and expired member 403, nothing stored', async () => {
    expect((await t.call('PUT', progressPath(course), who.guest, { chapterId: freeChapter, positionSeconds: 3 })).status).toBe(401)
    for (const k of ['stranger', 'expired'] as const) {
      const a = await t.call('PUT', progressPath(course), who[k], { chapterId: freeChapter, positionSeconds: 3 })
      expect(a.status, k).toBe(403)
      expect(a.body.message).toBe(COURSE_MESSAGES.joinFirst)
    }
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM course_progress`.execute(t.db.kysely)).rows[0]!.n)).toBe(0)
  })

  it('a member keeps their place; the chapter finishes near its end and stays finished; the page resumes there', async () => {
    const put = (body: object) => t.call('PUT', progressPath(course), who.member, body)
    const a = await put({ chapterId: paidChapter, positionSeconds: 4.4 })
    expect(a.status).toBe(200)
    expect(a.body.result).toMatchObject({ chapterId: paidChapter, positionSeconds: 4, completed: false, updateTimestamp: t.nowSeconds() })
    let c: Any = (await t.call('GET', coursePath(course), who.member)).body.result
    expect(c.chapters[1].progress).toMatchObject({ positionSeconds: 4, completed: false })
    expect(c.resumeChapterId).toBe(paidChapter)
    expect(c.completedCount).toBe(0)
    // a stranger never sees another's progress
    expect((await t.call('GET', coursePath(course), who.stranger)).body.result.chapters[1].progress).toBeNull()
    t.advance(5000)
    expect((await put({ chapterId: paidChapter, positionSeconds: 9 })).body.result).toMatchObject({ positionSeconds: 9, completed: true })
    expect((await put({ chapterId: paidChapter, positionSeconds: 1 })).body.result).toMatchObject({ positionSeconds: 1, completed: true })
    // saying 'completed' does not finish a video chapter; it finishes a text chapter
    expect((await put({ chapterId: freeChapter, positionSeconds: 2, completed: true })).body.result.completed).toBe(false)
    expect((await put({ chapterId: textChapter, positionSeconds: 0, completed: true })).body.result.completed).toBe(true)
    c = (await t.call('GET', coursePath(course), who.member)).body.result
    expect(c.completedCount).toBe(2)
    expect(c.resumeChapterId).toBe(freeChapter)
    // the owner's progress is the owner's own
    expect((await t.call('PUT', progressPath(course), who.owner, { chapterId: freeChapter, positionSeconds: 10 })).body.result.completed).toBe(true)
    expect((await t.call('GET', coursePath(course), who.member)).body.result.chapters[0].progress.completed).toBe(false)
  })

  it('bad input: another course’s chapter 404, out-of-range or missing fields 400', async () => {
    const a = await t.call('PUT', progressPath(course), who.member, { chapterId: foreignChapter, positionSeconds: 1 })
    expect(a.status).toBe(404)
    expect(a.body.message).toBe(COURSE_MESSAGES.chapterNotFound)
    for (const body of [{ chapterId: paidChapter, positionSeconds: -1 }, { chapterId: paidChapter, positionSeconds: 86_401 }, { chapterId: paidChapter }, { chapterId: 0, positionSeconds: 1 }, { chapterId: paidChapter, positionSeconds: 'x' }]) {
      const r = await t.call('PUT', progressPath(course), who.member, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect((await t.call('PUT', progressPath(circle), who.member, { chapterId: paidChapter, positionSeconds: 1 })).status).toBe(404)
  })
})

describe('GET /media/course-video/{chapterId}', () => {
  const video = (chapterId: number, headers: Record<string, string>) => t.app.request(`/media/course-video/${chapterId}`, { headers })

  it('a free chapter for everyone; a paid one for readers only (guest 401, stranger and expired 403)', async () => {
    for (const k of ['guest', 'stranger', 'expired', 'member', 'owner'] as const) expect((await video(freeChapter, who[k])).status, k).toBe(200)
    expect((await video(paidChapter, who.guest)).status).toBe(401)
    for (const k of ['stranger', 'expired'] as const) {
      const a = await video(paidChapter, who[k])
      expect(a.status, k).toBe(403)
      expect(((await a.json()) as Any).message).toBe(COURSE_MESSAGES.joinFirst)
    }
    for (const k of ['member', 'admin', 'owner'] as const) expect((await video(paidChapter, who[k])).status, k).toBe(200)
    expect((await video(textChapter, who.member)).status).toBe(404)
    expect((await video(999_999, who.member)).status).toBe(404)
  })

  it('answers byte ranges (206, Content-Range, Accept-Ranges, video/webm), the fixture’s very bytes', async () => {
    const fixture = await readFile(new URL('../../fixtures/circle-extras/course-video.webm', import.meta.url))
    const whole = await video(paidChapter, who.member)
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes')
    expect(whole.headers.get('Content-Type')).toBe('video/webm')
    expect(whole.headers.get('Cache-Control')).toBe('private, max-age=3600')
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(fixture)
    const mid = Math.floor(fixture.length / 2)
    const part = await video(paidChapter, { ...who.member, Range: `bytes=${mid}-` })
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe(`bytes ${mid}-${fixture.length - 1}/${fixture.length}`)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(fixture.subarray(mid))
    const past = await video(paidChapter, { ...who.member, Range: `bytes=${fixture.length}-` })
    expect(past.status).toBe(416)
  })
})

describe('live columns', () => {
  it('GET /api/financial-circle/live-column/{id}: the column for every reader, with the reader’s access', async () => {
    for (const [k, role] of [['guest', 'guest'], ['stranger', 'stranger'], ['member', 'member'], ['expired', 'expired'], ['owner', 'owner']] as const) {
      const a = await t.call('GET', `/api/financial-circle/live-column/${column}`, who[k])
      expect(a.status, k).toBe(200)
      expect(a.body.result).toMatchObject({ id: column, name: '周三直播间', itemCount: 13, access: { role } })
    }
    for (const id of [course, 999_999]) {
      const a = await t.call('GET', `/api/financial-circle/live-column/${id}`, who.member)
      expect(a.status).toBe(404)
      expect(a.body.message).toBe(COURSE_MESSAGES.liveColumnNotFound)
    }
  })

  it('GET …/live-column/content/page: 10 a page, newest first, with the spec’s status names and codes', async () => {
    for (const k of ['guest', 'stranger', 'member', 'expired', 'owner'] as const) {
      const p1 = await t.call('GET', `/api/financial-circle/live-column/content/page?liveColumnId=${column}&page=1&count=${LIVE_COLUMN_PAGE_SIZE}`, who[k])
      expect(p1.status, k).toBe(200)
      expect(p1.body.result.list).toHaveLength(10)
      expect(p1.body.result).toMatchObject({ hasMore: true, total: 13, page: 1 })
      expect(p1.body.result.list[0]).toMatchObject({ title: '直播 1', status: 'LIVE', statusCode: 2 })
      expect(p1.body.result.list[1]).toMatchObject({ status: 'PLAYBACK', statusCode: 3 })
    }
    const p2 = await t.call('GET', `/api/financial-circle/live-column/content/page?liveColumnId=${column}&page=2`, who.guest)
    expect(p2.body.result.list.map((i: Any) => i.title)).toEqual(['直播 11', '直播 12', '直播 13'])
    expect((await t.call('GET', '/api/financial-circle/live-column/content/page', who.guest)).status).toBe(400)
    expect((await t.call('GET', `/api/financial-circle/live-column/content/page?liveColumnId=${course}`, who.guest)).status).toBe(404)
  })
})

describe('GET /api/financial-circle/chatroom-with-message/v1', () => {
  const room = (k: keyof typeof who, id = circle) => t.call('GET', `/api/financial-circle/chatroom-with-message/v1?financialCircleId=${id}`, who[k])

  it('guest 401; stranger, expired member and reviewer 403; a missing circle 404', async () => {
    expect((await room('guest')).status).toBe(401)
    for (const k of ['stranger', 'expired', 'reviewer'] as const) {
      const a = await room(k)
      expect(a.status, k).toBe(403)
      expect(a.body.message).toBe(COURSE_MESSAGES.chatroomMembersOnly)
    }
    const none = await room('member', 999_999)
    expect(none.status).toBe(404)
    expect(none.body.message).toBe(CIRCLE_MESSAGES.circleNotFound)
    expect((await t.call('GET', '/api/financial-circle/chatroom-with-message/v1?financialCircleId=x', who.member)).status).toBe(400)
  })

  it('one group per circle, made on first use: the owner is its Owner, members join as Member, the circle’s admins as Admin', async () => {
    const m = await room('member')
    expect(m.status).toBe(200)
    const r: Any = m.body.result
    expect(r).toMatchObject({ financialCircleId: circle, name: '价值投资圈', role: 'Member', conversationId: `GROUP${r.groupId}` })
    // nothing said yet: only the group's tip that the member joined
    expect(r.messages.map((x: Any) => x.type)).toEqual(['TIMGroupTipElem'])
    expect(r.groupId).toMatch(/^GROUP_CHAT_V2_/)
    const o: Any = (await room('owner')).body.result
    expect(o).toMatchObject({ groupId: r.groupId, role: 'Owner' })
    const a: Any = (await room('admin')).body.result
    expect(a).toMatchObject({ groupId: r.groupId, role: 'Admin', memberCount: 3 })
    // another circle has its own group
    const other: Any = (await room('member', column)).body.result
    expect(other.groupId).not.toBe(r.groupId)
  })

  it('the newest messages come with it; the owner may shield one (PUT /api/group-chat/modify-group-msg/bizType), a member may not', async () => {
    const r: Any = (await room('member')).body.result
    const chat = chatServiceFor(t.db)
    const sent = await chat.send(ids.member, { conversationID: r.conversationId, kind: 'text', text: '<img src=x onerror=alert(1)> 大家好' })
    const after: Any = (await room('owner')).body.result
    expect(after.messages[0]).toMatchObject({ ID: sent.ID, from: String(ids.member), text: '<img src=x onerror=alert(1)> 大家好' })
    const shield = { action: 'shieldMsg', msgId: sent.ID, value: '' }
    expect((await t.call('PUT', '/api/group-chat/modify-group-msg/bizType', who.member, shield)).status).toBe(403)
    expect((await t.call('PUT', '/api/group-chat/modify-group-msg/bizType', who.owner, shield)).status).toBe(200)
  })

  it('members only: a member whose purchase ran out is taken out of the group and refused', async () => {
    const r: Any = (await room('member')).body.result
    const chat = chatServiceFor(t.db)
    expect(await chat.roleIn(r.groupId, ids.member)).toBe('Member')
    await grantPaid(t.db, circle, ids.member, null, t.nowSeconds() - 10, t.nowSeconds() - 1)
    const refused = await room('member')
    expect(refused.status).toBe(403)
    expect(await chat.roleIn(r.groupId, ids.member)).toBeNull()
    // and when they renew, they are back
    await grantPaid(t.db, circle, ids.member, null, t.nowSeconds(), t.nowSeconds() + 86_400)
    expect((await room('member')).body.result.role).toBe('Member')
    // a free join counts as membership for good
    await joinFree(t.db, circle, ids.stranger, t.nowSeconds())
    expect((await room('stranger')).status).toBe(200)
  })
})

describe('circles in search (the header popup and /search)', () => {
  it('/api/searchBox/v3 and /api/search/financeCircle find circles by name, traditional characters too', async () => {
    for (const k of ['guest', 'member'] as const) {
      const box = await t.call('GET', `/api/searchBox/v3?keyword=${encodeURIComponent('价值投资')}`, who[k])
      expect(box.status).toBe(200)
      expect(box.body.result.searchFinancialCircle.list).toContainEqual({ id: circle, name: '价值投资圈', avatar: '' })
    }
    const hk = await t.call('GET', `/api/search/financeCircle?keyword=${encodeURIComponent('價值投資')}&count=10`, who.guest)
    expect(hk.body.result.searchFinancialCircle.list.map((c: Any) => c.id)).toContain(circle)
    expect(Object.keys(hk.body.result)).toEqual(['searchFinancialCircle'])
    const none = await t.call('GET', `/api/search/financeCircle?keyword=${encodeURIComponent('不存在的圈子名字')}`, who.guest)
    expect(none.body.result.searchFinancialCircle).toMatchObject({ list: [], total: 0, hasMore: false })
    // LIKE's wildcards are text, not patterns
    const pct = await t.call('GET', `/api/search/financeCircle?keyword=${encodeURIComponent('%')}`, who.guest)
    expect(pct.body.result.searchFinancialCircle.list).toEqual([])
  })
})

describe('the seed (version 1620)', () => {
  it('gives every seeded course its chapters (the first free, with the fixture video) and every live column its items', async () => {
    const { circlesOfType } = await import('../circle-extras/circle-context')
    const seededCourses = (await circlesOfType(t.db, 'COURSE')).filter((c) => c.id !== course && c.id !== otherCourse)
    const seededColumns = (await circlesOfType(t.db, 'LIVE_COLUMN')).filter((c) => c.id !== column)
    expect(seededCourses.length).toBeGreaterThanOrEqual(2)
    expect(seededColumns.length).toBeGreaterThanOrEqual(2)
    for (const c of seededCourses) {
      const a: Any = (await t.call('GET', coursePath(c.id), who.guest)).body.result
      expect(a.chapters.length).toBe(4)
      expect(a.chapters[0]).toMatchObject({ free: true, open: true, hasVideo: true, durationSeconds: 10 })
      expect((await t.app.request(a.chapters[0].video.url, { headers: { Range: 'bytes=0-3' } })).status).toBe(206)
    }
    for (const c of seededColumns) {
      const p: Any = (await t.call('GET', `/api/financial-circle/live-column/content/page?liveColumnId=${c.id}`, who.guest)).body.result
      // the course seed's 12 items, and the live seed's paused room (and the free column's roadshow) beside them
      expect(p.total).toBeGreaterThanOrEqual(12)
      expect(p.list[0].status).toBe('RESERVATION')
    }
  })
})
