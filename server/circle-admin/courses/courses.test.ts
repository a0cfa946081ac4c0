// The console's course content on the real app (issue 29; core/api/circle-admin-courses.ts): every
// endpoint × {owner, admin of this course, admin of another circle, plain member, guest}; the chapter
// form's rules answered in Chinese (never a 500); a real small video (the fixture webm, and an mp4)
// uploaded through the storage port's local default, kept private (not at /file/), and a chapter made
// with it in the console playing on the member's course page (server/courses reads the same rows).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_MESSAGES } from '../../../core/circle-admin/access'
import { COURSE_FORM_MESSAGES } from '../../../core/circle-admin/course-form'
import { COURSE_MESSAGES } from '../../../core/courses/limits'
import { authHeaders, signInForTest } from '../../accounts/session'
import { insertCircle } from '../../circles/circles-repository'
import { addAdmin } from '../../circles/admins-repository'
import { grantPaid } from '../../circles/members-repository'
import { insertChapters } from '../../courses/chapters-repository'
import { FIXTURE_VIDEO_KEY } from '../../courses/fixture-video'
import { createUploadingClient, type UploadingClient } from '../../testing/posting-client'

type Who = 'owner' | 'admin' | 'otherAdmin' | 'member' | 'guest'
let t: UploadingClient
const who = {} as Record<Who, Record<string, string>>
const ids = {} as Record<Exclude<Who, 'guest'>, number>
let course: number
let otherCourse: number
let circle: number
let seeded: number
const WEBM = join('fixtures', 'circle-extras', 'course-video.webm')
const MP4 = join('fixtures', 'streaming', 'playback.mp4')

beforeAll(async () => {
  t = await createUploadingClient()
  const now = t.nowSeconds()
  const users = await t.moreUserIds(3)
  ids.owner = t.ownerId
  ids.member = t.otherId
  ;[ids.admin, ids.otherAdmin] = users as [number, number]
  const make = (type: 'COURSE' | 'FINANCIAL_CIRCLE', name: string, owner = ids.owner) => insertCircle(t.db, { type, name, owner_id: owner, intro: '介绍', brief: '简介', create_timestamp: now - 100 })
  course = await make('COURSE', '港股入门课')
  otherCourse = await make('COURSE', '美股进阶课', users[2] ?? ids.owner)
  circle = await make('FINANCIAL_CIRCLE', '价值投资圈')
  await addAdmin(t.db, course, ids.admin, now - 10)
  await addAdmin(t.db, otherCourse, ids.otherAdmin, now - 10)
  await grantPaid(t.db, course, ids.member, null, now - 10, now + 86_400)
  await insertChapters(t.db, [{ circle_id: course, sort: 1, title: '第一课', content: '正文', picture_urls: [], video_key: FIXTURE_VIDEO_KEY, video_type: 'video/webm', video_seconds: 10, free: true, create_timestamp: now - 50 }])
  seeded = Number((await sql<{ id: number }>`SELECT id FROM course_chapters WHERE circle_id = ${course}`.execute(t.db.kysely)).rows[0]!.id)
  who.owner = t.owner
  who.member = t.other
  who.guest = t.guest
  who.admin = authHeaders(await signInForTest(t, ids.admin))
  who.otherAdmin = authHeaders(await signInForTest(t, ids.otherAdmin))
})
afterAll(() => t.close())

async function upload(courseId: number | string, headers: Record<string, string>, file: string | Uint8Array, name = 'lesson.webm') {
  const data = typeof file === 'string' ? new Uint8Array(await readFile(file)) : file
  const form = new FormData()
  form.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), name)
  const res = await t.app.request(`/api/circle-admin/course/video/v1?courseId=${courseId}`, { method: 'POST', headers, body: form })
  return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; result: { key: string; contentType: string; size: number; name: string } | null } }
}

const chapterBody = (o: Partial<{ title: string; sort: number; free: boolean; content: string; video: { key: string; durationSeconds: number } | null }> = {}) => ({
  title: '第二课 估值',
  sort: 2,
  free: false,
  content: '市盈率与市净率\n第二行',
  video: null,
  ...o,
})

describe('every endpoint × owner, admin of this course, admin of another circle, plain member, guest', () => {
  const allowed: Record<Who, number> = { owner: 200, admin: 200, otherAdmin: 403, member: 403, guest: 401 }
  const calls: [string, (h: Record<string, string>) => Promise<{ status: number; body: { message: string } }>][] = [
    ['GET chapters', (h) => t.call('GET', `/api/circle-admin/course/${course}/chapters/v1`, h)],
    ['GET chapter', (h) => t.call('GET', `/api/circle-admin/course/chapter/${seeded}/v1`, h)],
    ['POST chapter', (h) => t.call('POST', `/api/circle-admin/course/${course}/chapter/v1`, h, chapterBody({ title: '权限测试' }))],
    ['PUT chapter', (h) => t.call('PUT', `/api/circle-admin/course/chapter/${seeded}/v1`, h, chapterBody({ title: '第一课', sort: 1, free: true, video: { key: FIXTURE_VIDEO_KEY, durationSeconds: 10 } }))],
    ['POST video', (h) => upload(course, h, WEBM)],
  ]
  it.each(calls)('%s', async (_name, call) => {
    for (const w of Object.keys(allowed) as Who[]) {
      const a = await call(who[w])
      expect(a.status, w).toBe(allowed[w])
      if (w === 'guest') expect(a.body.message).toBe(CONSOLE_MESSAGES.loginFirst)
      if (w === 'otherAdmin' || w === 'member') expect(a.body.message).toBe(CONSOLE_MESSAGES.notManager)
    }
  })

  it('DELETE chapter: refused to all but the owner and the admin, who remove it', async () => {
    const made = await t.ok('POST', `/api/circle-admin/course/${course}/chapter/v1`, who.owner, chapterBody({ title: '将被删除' }))
    for (const w of ['otherAdmin', 'member', 'guest'] as const) expect((await t.call('DELETE', `/api/circle-admin/course/chapter/${made.id}/v1`, who[w])).status, w).toBe(w === 'guest' ? 401 : 403)
    expect(await t.ok('DELETE', `/api/circle-admin/course/chapter/${made.id}/v1`, who.admin)).toBe(true)
    const gone = await t.call('GET', `/api/circle-admin/course/chapter/${made.id}/v1`, who.owner)
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe(COURSE_MESSAGES.chapterNotFound)
  })

  it('the admin of another course administers that one, and this one is a stranger to them', async () => {
    expect((await t.call('GET', `/api/circle-admin/course/${otherCourse}/chapters/v1`, who.otherAdmin)).status).toBe(200)
    expect((await t.call('GET', `/api/circle-admin/course/${otherCourse}/chapters/v1`, who.admin)).status).toBe(403)
  })

  it('a circle that is not a course, or none: 404 圈子不存在', async () => {
    for (const id of [circle, 999_999]) {
      const a = await t.call('GET', `/api/circle-admin/course/${id}/chapters/v1`, who.owner)
      expect(a.status).toBe(404)
      expect(a.body.message).toBe(CONSOLE_MESSAGES.circleNotFound)
    }
    expect((await upload(circle, who.owner, WEBM)).status).toBe(404)
  })
})

describe('a chapter made in the console plays on the member’s course page', () => {
  it('uploads the fixture video, saves the chapter with it, and the member watches it', async () => {
    const up = await upload(course, who.admin, WEBM, '第二课.webm')
    expect(up.status).toBe(200)
    const fixture = await readFile(WEBM)
    expect(up.body.result).toMatchObject({ contentType: 'video/webm', size: fixture.length, name: '第二课.webm' })
    const key = up.body.result!.key
    // private: the course's, never served at /file/
    expect((await t.app.request(`/file/${key}`)).status).toBe(404)
    const made = await t.ok('POST', `/api/circle-admin/course/${course}/chapter/v1`, who.admin, chapterBody({ video: { key, durationSeconds: 9.8 } }))
    expect(made).toMatchObject({ courseId: course, title: '第二课 估值', sort: 2, free: false, video: { key, contentType: 'video/webm', durationSeconds: 10, url: `/media/course-video/${made.id}` } })

    const page = await t.ok('GET', `/api/financial-circle/course/${course}/v1`, who.member)
    const chapter = page.chapters.find((c: { id: number }) => c.id === made.id)
    expect(chapter).toMatchObject({ title: '第二课 估值', open: true, content: '市盈率与市净率\n第二行', video: { url: `/media/course-video/${made.id}`, contentType: 'video/webm', durationSeconds: 10 } })
    const video = await t.app.request(`/media/course-video/${made.id}`, { headers: who.member })
    expect(video.status).toBe(200)
    expect(video.headers.get('Content-Type')).toBe('video/webm')
    expect(Buffer.from(await video.arrayBuffer()).equals(fixture)).toBe(true)
    // a guest sees the paid chapter closed and may not fetch its video
    const guest = await t.ok('GET', `/api/financial-circle/course/${course}/v1`, who.guest)
    expect(guest.chapters.find((c: { id: number }) => c.id === made.id)).toMatchObject({ open: false, video: null, hasVideo: true })
    expect((await t.app.request(`/media/course-video/${made.id}`, { headers: who.guest })).status).toBe(401)

    // the list shows it in its order; the keyword finds it
    const list = await t.ok('GET', `/api/circle-admin/course/${course}/chapters/v1?keyword=${encodeURIComponent('估值')}`, who.owner)
    expect(list.list.map((c: { id: number }) => c.id)).toEqual([made.id])
    expect(list).toMatchObject({ total: 1, page: 1, hasMore: false })
  })

  it('an mp4 is taken too; editing moves a chapter, frees it and takes its video away', async () => {
    const up = await upload(course, who.owner, MP4, 'clip.mp4')
    expect(up.status).toBe(200)
    expect(up.body.result!.contentType).toBe('video/mp4')
    const made = await t.ok('POST', `/api/circle-admin/course/${course}/chapter/v1`, who.owner, chapterBody({ title: '第三课', sort: 3, video: { key: up.body.result!.key, durationSeconds: 3 } }))
    const edited = await t.ok('PUT', `/api/circle-admin/course/chapter/${made.id}/v1`, who.owner, chapterBody({ title: '第零课', sort: 1, free: true, video: null }))
    expect(edited).toMatchObject({ title: '第零课', sort: 1, free: true, video: null })
    const guest = await t.ok('GET', `/api/financial-circle/course/${course}/v1`, who.guest)
    expect(guest.chapters.find((c: { id: number }) => c.id === made.id)).toMatchObject({ open: true, free: true, hasVideo: false })
  })

  it('editing a seeded chapter keeps its video', async () => {
    const edited = await t.ok('PUT', `/api/circle-admin/course/chapter/${seeded}/v1`, who.owner, chapterBody({ title: '第一课 开篇', sort: 1, free: true, video: { key: FIXTURE_VIDEO_KEY, durationSeconds: 0 } }))
    expect(edited.video).toMatchObject({ key: FIXTURE_VIDEO_KEY, durationSeconds: 10 })
  })
})

describe('bad input: the form’s messages in Chinese, never a 500', () => {
  const post = (body: unknown) => t.call('POST', `/api/circle-admin/course/${course}/chapter/v1`, who.owner, body)
  it.each([
    ['no title', chapterBody({ title: '  ' }), COURSE_FORM_MESSAGES.titleRequired],
    ['a title of 61 characters', chapterBody({ title: '课'.repeat(61) }), COURSE_FORM_MESSAGES.titleTooLong],
    ['order 0', chapterBody({ sort: 0 }), COURSE_FORM_MESSAGES.sortInvalid],
    ['order 10000', chapterBody({ sort: 10_000 }), COURSE_FORM_MESSAGES.sortInvalid],
    ['text over 20000 characters', chapterBody({ content: '字'.repeat(20_001) }), COURSE_FORM_MESSAGES.contentTooLong],
    ['a video key never uploaded', chapterBody({ video: { key: '202611/00000000000000000000000000000000.webm', durationSeconds: 5 } }), COURSE_FORM_MESSAGES.videoNotFound],
  ])('%s', async (_name, body, message) => {
    const a = await post(body)
    expect(a.status).toBe(400)
    expect(a.body.message).toBe(message)
  })

  it('a video uploaded for another course is not this course’s', async () => {
    const up = await upload(otherCourse, who.otherAdmin, WEBM)
    expect(up.status).toBe(200)
    const a = await post(chapterBody({ video: { key: up.body.result!.key, durationSeconds: 10 } }))
    expect(a.status).toBe(400)
    expect(a.body.message).toBe(COURSE_FORM_MESSAGES.videoNotFound)
  })

  it('shapes the schema refuses: 400 with a Chinese message', async () => {
    for (const body of [{}, { ...chapterBody(), sort: -1 }, { ...chapterBody(), free: 'yes' }, { ...chapterBody(), video: { key: 'x', durationSeconds: 1e9 } }, '[1,2']) {
      const a = await post(body)
      expect(a.status).toBe(400)
      expect(a.body.message).toMatch(/[参数请求]/)
    }
    expect((await t.call('GET', `/api/circle-admin/course/abc/chapters/v1`, who.owner)).status).toBe(400)
    expect((await t.call('GET', `/api/circle-admin/course/chapter/99999999999/v1`, who.owner)).status).toBe(400)
  })

  it('uploads: not a video, two videos, no course id — refused, nothing stored', async () => {
    const count = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM course_videos`.execute(t.db.kysely)).rows[0]!.n)
    const before = await count()
    const text = await upload(course, who.owner, new TextEncoder().encode('not a video at all'), 'fake.webm')
    expect(text.status).toBe(400)
    expect(text.body.message).toBe(COURSE_FORM_MESSAGES.videoType)
    const png = await upload(course, who.owner, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'a.mp4')
    expect(png.body.message).toBe(COURSE_FORM_MESSAGES.videoType)
    const fixture = new Uint8Array(await readFile(WEBM))
    const form = new FormData()
    form.append('file', new Blob([fixture]), 'a.webm')
    form.append('file', new Blob([fixture]), 'b.webm')
    const two = await t.app.request(`/api/circle-admin/course/video/v1?courseId=${course}`, { method: 'POST', headers: who.owner, body: form })
    expect(two.status).toBe(400)
    expect(((await two.json()) as { message: string }).message).toBe(COURSE_FORM_MESSAGES.videoOne)
    const noId = await upload('', who.owner, WEBM)
    expect(noId.status).toBe(400)
    expect(await count()).toBe(before)
  })

  it('zh-hk readers read the messages in traditional characters', async () => {
    const a = await t.call('POST', `/api/circle-admin/course/${course}/chapter/v1`, { ...who.owner, 'Client-Lang': 'zh-hk' }, chapterBody({ title: '' }))
    expect(a.body.message).toBe('請輸入章節標題')
  })
})
