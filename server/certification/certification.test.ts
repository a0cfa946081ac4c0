// The creator certification on the real app (issue 27): every endpoint × {guest, applicant, other user,
// reviewer}, bad input with the form's messages, the identity-card upload (one image, by content, at
// most 3,000,000 bytes), review (list, approve, reject with a reason, re-apply), approval granting the
// advisory certification once — also when approvals race — XSS payloads coming back as inert text, and
// zh-hk messages.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CERTIFICATE_MESSAGES, REVIEWER_ROLE } from '../../core/certification/certificate-form'
import { UPLOAD_MESSAGES } from '../../core/validation/upload'
import { addUserRole } from '../accounts/users-repository'
import { authHeaders, signInForTest } from '../accounts/session'
import { createUploadingClient, type Answer, type UploadingClient } from '../testing/posting-client'
import { TEST_NOW } from '../testing/test-db'
import { ONE_IMAGE_MESSAGE } from './routes'

/** OWASP filter-evasion vectors that fit the certificate's text fields (server/posting/xss.test.ts has the long list). */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<a onmouseover="alert(document.cookie)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '" onclick="alert(1)',
  '`${alert(1)}`+javascript:',
]

const CERT = '/api/investment-advisor-qualification-certificate'
const UPLOAD = '/api/storage/identity-card/upload'
const REVIEW = `${CERT}/review/v1`
const approvePath = (id: number) => `${CERT}/${id}/approve/v1`
const rejectPath = (id: number) => `${CERT}/${id}/reject/v1`

let t: UploadingClient
/** four people: the applicant (t.owner), another user (t.other), two reviewers, and two spare applicants */
let reviewer: Record<string, string>
let reviewer2: Record<string, string>
let reviewerId: number
const spare: { id: number; headers: Record<string, string> }[] = []

beforeAll(async () => {
  t = await createUploadingClient()
  const ids = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id OFFSET 2 LIMIT 4`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
  reviewerId = ids[0]!
  await addUserRole(t.db, ids[0]!, REVIEWER_ROLE)
  await addUserRole(t.db, ids[1]!, REVIEWER_ROLE)
  reviewer = authHeaders(await signInForTest(t, ids[0]!))
  reviewer2 = authHeaders(await signInForTest(t, ids[1]!))
  for (const id of ids.slice(2)) spare.push({ id, headers: authHeaders(await signInForTest(t, id)) })
})
afterAll(() => t?.close())

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const png = (size = 100) => {
  const b = new Uint8Array(size)
  b.set(PNG)
  return b
}
async function upload(headers: Record<string, string>, parts: [Uint8Array, string][] = [[png(), 'id.png']]): Promise<Answer> {
  const form = new FormData()
  for (const [data, name] of parts) form.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), name)
  const res = await t.app.request(UPLOAD, { method: 'POST', headers, body: form })
  return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers }
}
async function uploaded(headers: Record<string, string>): Promise<{ idCardImage: string; imageId: string }> {
  const a = await upload(headers)
  expect(a.status, JSON.stringify(a.body)).toBe(200)
  return a.body.result
}
const form = (image: { idCardImage: string; imageId: string }, over: Record<string, unknown> = {}) => ({
  applicantType: 'person',
  realName: '王小明',
  weixinId: 'wang_xm2024',
  siaqcNumber: 's0260517090001',
  email: 'wang@example.com',
  otherPlatformAccountName: '小明看港股',
  personalProfile: '八年证券从业经验，专注港股科技板块研究。',
  ...image,
  ...over,
})
const expectRefused = (a: Answer, status: number, message: string) => {
  expect(a.status, JSON.stringify(a.body)).toBe(status)
  expect(a.body).toEqual({ statusCode: status, message, result: null })
}
const advisoryTime = async (userId: number) =>
  (await sql<{ t: number | null }>`SELECT advisory_cert_time AS t FROM users WHERE id = ${userId}`.execute(t.db.kysely)).rows[0]!.t

describe('a guest', () => {
  it('is asked to sign in (401 请先登录) by every call, and nothing is stored', async () => {
    const image = { idCardImage: '/file/202611/' + 'a'.repeat(32) + '.png', imageId: '202611/' + 'a'.repeat(32) + '.png' }
    expectRefused(await t.call('GET', CERT, t.guest), 401, '请先登录')
    expectRefused(await t.call('POST', CERT, t.guest, form(image)), 401, '请先登录')
    expectRefused(await upload(t.guest), 401, '请先登录')
    expectRefused(await t.call('GET', REVIEW, t.guest), 401, '请先登录')
    expectRefused(await t.call('POST', approvePath(1), t.guest), 401, '请先登录')
    expectRefused(await t.call('POST', rejectPath(1), t.guest, { reason: '资料不全' }), 401, '请先登录')
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM certification_images`.execute(t.db.kysely)).rows[0]!.n)).toBe(0)
  })
  it('without our CSRF token a write is refused before anything else', async () => {
    const a = await t.call('POST', CERT, {}, {})
    expect(a.status).toBe(403)
  })
})

describe('the identity-card upload', () => {
  it('takes one picture by content and answers its address and id', async () => {
    const r = await uploaded(t.owner)
    expect(r.imageId).toMatch(/^\d{6}\/[0-9a-f]{32}\.png$/)
    expect(r.idCardImage).toBe(`/api/storage/identity-card/${r.imageId}`)
    // served to its uploader and to reviewers, privately; to nobody else; never from the public /file/ address
    for (const who of [t.owner, reviewer]) {
      const served = await t.app.request(r.idCardImage, { headers: who })
      expect(served.status).toBe(200)
      expect(served.headers.get('Content-Type')).toBe('image/png')
      expect(served.headers.get('Cache-Control')).toBe('private, max-age=3600')
      expect((await served.arrayBuffer()).byteLength).toBe(100)
    }
    expect((await t.app.request(r.idCardImage, { headers: t.other })).status).toBe(404)
    expect((await t.app.request(r.idCardImage)).status).toBe(401)
    expect((await t.app.request(`/file/${r.imageId}`)).status).toBe(404)
    expect((await t.app.request('/api/storage/identity-card/202611/nothing.png', { headers: t.owner })).status).toBe(404)
  })
  it('refuses what is not a picture, two pictures, and a picture over 3,000,000 bytes', async () => {
    expectRefused(await upload(t.owner, [[new TextEncoder().encode('<script>alert(1)</script>'), 'id.png']]), 400, UPLOAD_MESSAGES.imageType)
    expectRefused(await upload(t.owner, [[png(), 'a.png'], [png(), 'b.png']]), 400, ONE_IMAGE_MESSAGE)
    expectRefused(await upload(t.owner, [[png(3_000_001), 'big.png']]), 400, UPLOAD_MESSAGES.imageTooLarge)
    expectRefused(await t.call('POST', UPLOAD, t.owner, {}), 400, '请以 multipart/form-data 上传文件')
  })
  it('refuses a body over one image and its framing unread (413)', async () => {
    const res = await t.app.request(UPLOAD, { method: 'POST', headers: { ...t.owner, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(3_100_000) }, body: new Uint8Array(3_100_000) })
    expect(res.status).toBe(413)
  })
})

describe('applying', () => {
  it('bad input answers the form’s message, nothing stored', async () => {
    const image = await uploaded(t.owner)
    const cases: [Record<string, unknown>, string][] = [
      [{ realName: '  ' }, CERTIFICATE_MESSAGES.realName],
      [{ realName: '李' }, CERTIFICATE_MESSAGES.realName],
      [{ weixinId: '12345678' }, CERTIFICATE_MESSAGES.weixinId],
      [{ siaqcNumber: 'S12345' }, CERTIFICATE_MESSAGES.siaqcNumber],
      [{ email: 'not-mail' }, CERTIFICATE_MESSAGES.email],
      [{ personalProfile: '太短了' }, CERTIFICATE_MESSAGES.personalProfile],
      [{ applicantType: 'company', companyName: '' }, CERTIFICATE_MESSAGES.companyName],
      [{ imageId: '', idCardImage: '' }, CERTIFICATE_MESSAGES.idCardImage],
    ]
    for (const [over, message] of cases) expectRefused(await t.call('POST', CERT, t.owner, form(image, over)), 400, message)
    // the contract's bounds and shapes: 400 with a Chinese message
    for (const over of [{ applicantType: 'robot' }, { realName: 'x'.repeat(51) }, { personalProfile: '长'.repeat(501) }, { email: 5 }, { realName: 'a\u0000b' }]) {
      const a = await t.call('POST', CERT, t.owner, form(image, over))
      expect(a.status, JSON.stringify(over)).toBe(400)
      expect(a.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect(await t.ok('GET', CERT, t.owner)).toBeNull()
  })
  it('names only an image the applicant uploaded, at its own address', async () => {
    const others = await uploaded(t.other)
    expectRefused(await t.call('POST', CERT, t.owner, form(others)), 400, CERTIFICATE_MESSAGES.imageNotFound)
    const mine = await uploaded(t.owner)
    expectRefused(await t.call('POST', CERT, t.owner, form({ ...mine, idCardImage: 'javascript:alert(1)' })), 400, CERTIFICATE_MESSAGES.imageNotFound)
  })
  it('a valid application is under review; the applicant reads it, another user reads none; a second one waits (409)', async () => {
    const image = await uploaded(t.owner)
    const a = await t.ok('POST', CERT, t.owner, form(image))
    expect(a).toMatchObject({ status: 'reviewing', applicantType: 'person', realName: '王小明', siaqcNumber: 'S0260517090001', companyName: '', rejectReason: null, reviewTime: null, createTime: TEST_NOW, ...image })
    expect(await t.ok('GET', CERT, t.owner)).toEqual(a)
    expect(await t.ok('GET', CERT, t.other)).toBeNull()
    expectRefused(await t.call('POST', CERT, t.owner, form(image)), 409, CERTIFICATE_MESSAGES.alreadyReviewing)
  })
})

describe('reviewing', () => {
  it('only reviewers: the applicant and another user are refused (403) at every reviewer call', async () => {
    const mine = (await t.ok('GET', CERT, t.owner)) as { id: number }
    for (const who of [t.owner, t.other]) {
      expectRefused(await t.call('GET', REVIEW, who), 403, CERTIFICATE_MESSAGES.notReviewer)
      expectRefused(await t.call('POST', approvePath(mine.id), who), 403, CERTIFICATE_MESSAGES.notReviewer)
      expectRefused(await t.call('POST', rejectPath(mine.id), who, { reason: '资料不全' }), 403, CERTIFICATE_MESSAGES.notReviewer)
    }
    expect(await advisoryTime(t.ownerId)).toBeNull()
  })
  it('a zh-hk reader gets the message in traditional characters', async () => {
    const a = await t.call('GET', REVIEW, { ...t.other, 'Client-Lang': 'zh-hk' })
    expect(a.status).toBe(403)
    expect(a.body.message).toBe('僅認證審核員可以審核認證申請')
  })
  it('a reviewer lists the applications under review with their applicants, oldest first; bad paging 400', async () => {
    const page = await t.ok('GET', REVIEW, reviewer)
    // the local seed's application (server/certification/seed.ts), then this one
    expect(page.total).toBe(2)
    expect(page.list.map((x: { user: { nick: string } }) => x.user.nick)[0]).toBe('投顾申请人老陈')
    expect(page.list[1]).toMatchObject({ status: 'reviewing', realName: '王小明', user: { id: t.ownerId } })
    expect((await t.ok('GET', `${REVIEW}?count=1&page=2`, reviewer)).list[0].user.id).toBe(t.ownerId)
    expect((await t.ok('GET', `${REVIEW}?status=success`, reviewer)).list).toEqual([])
    for (const q of ['status=maybe', 'page=0', 'count=1000', 'page=x']) expect((await t.call('GET', `${REVIEW}?${q}`, reviewer)).status, q).toBe(400)
  })
  it('approval grants the advisory certification with its createTime; the applicant’s login info and menu entry see it; a second decision is 409', async () => {
    const mine = (await t.ok('GET', CERT, t.owner)) as { id: number }
    const approved = await t.ok('POST', approvePath(mine.id), reviewer)
    expect(approved).toMatchObject({ id: mine.id, status: 'success', reviewTime: TEST_NOW, rejectReason: null })
    expect(Number(await advisoryTime(t.ownerId))).toBe(TEST_NOW)
    const info = await t.ok('GET', '/api/user/get/v2', t.owner)
    expect(info.advisoryCertification).toEqual({ createTime: TEST_NOW })
    expect(await t.ok('GET', '/api/user/advisory-certification/v1', t.owner)).toEqual({ createTime: TEST_NOW })
    expectRefused(await t.call('POST', approvePath(mine.id), reviewer2), 409, CERTIFICATE_MESSAGES.alreadyDecided)
    expectRefused(await t.call('POST', rejectPath(mine.id), reviewer2, { reason: '重复' }), 409, CERTIFICATE_MESSAGES.alreadyDecided)
    // certified: nothing more to apply for
    expectRefused(await t.call('POST', CERT, t.owner, form(await uploaded(t.owner))), 409, CERTIFICATE_MESSAGES.alreadyCertified)
    expectRefused(await t.call('POST', approvePath(2_000_000), reviewer), 404, CERTIFICATE_MESSAGES.applicationNotFound)
    expect((await t.call('POST', approvePath(0), reviewer)).status).toBe(400)
  })
  it('rejection needs a reason the applicant then reads; they apply again', async () => {
    const first = await t.ok('POST', CERT, t.other, form(await uploaded(t.other), { applicantType: 'company', companyName: '港美投资咨询有限公司' }))
    expect(first.companyName).toBe('港美投资咨询有限公司')
    expectRefused(await t.call('POST', rejectPath(first.id), reviewer, { reason: '   ' }), 400, CERTIFICATE_MESSAGES.rejectReason)
    expect((await t.call('POST', rejectPath(first.id), reviewer, { reason: '长'.repeat(201) })).status).toBe(400)
    const rejected = await t.ok('POST', rejectPath(first.id), reviewer, { reason: '证书编号与姓名不符' })
    expect(rejected).toMatchObject({ status: 'failure', rejectReason: '证书编号与姓名不符', reviewTime: TEST_NOW })
    expect(await t.ok('GET', CERT, t.other)).toEqual(rejected)
    expect(await advisoryTime(t.otherId)).toBeNull()
    const again = await t.ok('POST', CERT, t.other, form(await uploaded(t.other)))
    expect(again.id).not.toBe(first.id)
    expect(again.status).toBe('reviewing')
    expect(await t.ok('GET', CERT, t.other)).toEqual(again)
  })
  it('a reviewer may not decide their own application', async () => {
    const own = await t.ok('POST', CERT, reviewer, form(await uploaded(reviewer)))
    expectRefused(await t.call('POST', approvePath(own.id), reviewer), 403, CERTIFICATE_MESSAGES.ownApplication)
    expect(await advisoryTime(reviewerId)).toBeNull()
  })
  it('approvals racing each other grant the certification once', async () => {
    const applicant = spare[0]!
    const a = await t.ok('POST', CERT, applicant.headers, form(await uploaded(applicant.headers)))
    const answers = await Promise.all([reviewer, reviewer2, reviewer, reviewer2, reviewer, reviewer2].map((who) => t.call('POST', approvePath(a.id), who)))
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1)
    expect(answers.filter((x) => x.status === 409)).toHaveLength(5)
    const rows = (await sql<{ status: string }>`SELECT status FROM certification_applications WHERE user_id = ${applicant.id}`.execute(t.db.kysely)).rows
    expect(rows).toEqual([{ status: 'success' }])
    expect(Number(await advisoryTime(applicant.id))).toBe(TEST_NOW)
  })
  it('two submissions at once keep one application under review', async () => {
    const applicant = spare[1]!
    const [i1, i2] = [await uploaded(applicant.headers), await uploaded(applicant.headers)]
    const answers = await Promise.all([t.call('POST', CERT, applicant.headers, form(i1)), t.call('POST', CERT, applicant.headers, form(i2))])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const n = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM certification_applications WHERE user_id = ${applicant.id}`.execute(t.db.kysely)).rows[0]!.n)
    expect(n).toBe(1)
  })
})

describe('certificate fields with XSS payloads', () => {
  it('come back as the very text sent (plain text in JSON, never HTML), to the applicant and to reviewers', async () => {
    const applicant = spare[1]!
    const mine = (await t.ok('GET', CERT, applicant.headers)) as { id: number }
    await t.ok('POST', rejectPath(mine.id), reviewer, { reason: '<img src=x onerror=alert(1)>' })
    for (const p of XSS_PAYLOADS) {
      const body = form(await uploaded(applicant.headers), { applicantType: 'company', realName: p, companyName: p, otherPlatformAccountName: p, personalProfile: p })
      const a = await t.call('POST', CERT, applicant.headers, body)
      expect(a.status, p).toBe(200)
      expect(a.headers.get('Content-Type')).toMatch(/^application\/json/)
      expect(a.body.result).toMatchObject({ realName: p.trim(), companyName: p.trim(), otherPlatformAccountName: p.trim(), personalProfile: p.trim() })
      const listed = (await t.ok('GET', REVIEW, reviewer)).list.find((x: { id: number }) => x.id === a.body.result.id)
      expect(listed).toMatchObject({ realName: p.trim(), personalProfile: p.trim() })
      await t.ok('POST', rejectPath(a.body.result.id), reviewer, { reason: p })
      expect((await t.ok('GET', CERT, applicant.headers)).rejectReason).toBe(p.trim())
    }
  })
})
