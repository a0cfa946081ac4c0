// The circle-admin console journey (issue 29; spec 001 §2 'Circle admin /circle-admin'): the demo adviser
// (certified) creates a paid circle through the console's form; the seeded reviewer approves it; a live
// column and a room are made (the room through the console's form); a reader qualified through the API
// buys the circle in the WeChat Pay sandbox, posts and asks; the adviser finds the order in data/order
// and the sale in data/sale, pins the reader's post and answers the question from the community tabs,
// adds a tag, then refunds the order — after which the reader's content call is refused and /my/purchase
// says 已退款. Set-up goes through the API; the browser does what the adviser does. Screenshots in
// artifacts/screenshots/console-*.png (zh-cn, and the order page in zh-hk).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible, REPO_ROOT, settle, shot, signUp, visit, type RunningServer } from './harness'
import { journey, visibleOn } from './journey'
import { rgbPng } from './png'
import { signInput } from '../core/payment/sign'

const UI = 30_000
let server: RunningServer
let page: Page

// moderation approves at once here (POSTING_REVIEW_DELAY_MS=0), as the sandbox does after its delay
journey((j) => ({ server, page } = j), { failureShots: 'console', serverEnv: { POSTING_REVIEW_DELAY_MS: '0' } })

const visible = (what: string, locator = page.getByText(what).first(), timeout = UI) => visibleOn(page, locator, what, timeout)

const ADVISER_PHONE = '13900000099' // 港美汇投顾小助手: certified (README's demo accounts)
const REVIEWER_PHONE = '13900000098'
const READER_PHONE = '13700003939'
const CIRCLE = '小助手美股期权圈'
const POST = '今晚英伟达财报，我准备买入看涨期权。'
const QUESTION = '期权到期前要不要移仓？'
const ANSWER = '临近到期且仍看好时，可以滚动到下个月。'
const TAG = '期权策略'
const ROOM = '期权周报直播'
/** A 160×100 cover: a brand-red band on a light ground. */
const COVER = rgbPng(160, 100, (_x, y) => (y > 40 && y < 60 ? [200, 16, 46] : [250, 246, 240]))

type Cookies = { name: string; value: string }[]
let adviser: Cookies = []
let reader: Cookies = []
let circleId = 0
let specsId = 0
let orderId = ''
let postId = 0
let questionId = 0
let reviewer: Cookies = []

interface Envelope<T> {
  statusCode: number
  message: string
  result: T
}
/** A call as the signed-in `cookies` (session cookies and our CSRF token); the envelope as it came. */
async function send<T>(cookies: Cookies, method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const csrf = cookies.find((c) => c.name === 'csrf_token')!.value
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
    ...(body === undefined && method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
  })
  return (await res.json()) as Envelope<T>
}
async function call<T>(cookies: Cookies, method: string, path: string, body?: unknown): Promise<T> {
  const a = await send<T>(cookies, method, path, body)
  expect(a.statusCode, `${method} ${path}: ${a.message}`).toBe(200)
  return a.result
}

async function as(cookies: Cookies) {
  await page.context().clearCookies()
  await page.context().addCookies(cookies.map((c) => ({ ...c, url: server.url })))
}

/** Real name passed and questionnaire 2 answered through the API (the attestation journey walks the screens). */
async function qualify(cookies: Cookies) {
  const base = '11010119900101039'
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const full = base + '10X98765432'[w.reduce((a, x, i) => a + x * Number(base[i]), 0) % 11]
  const passed = await call<string>(cookies, 'POST', '/api/real-name/authentication/v1', {
    realName: '陈小华', identityType: 'IDENTITY_CARD', idNumber: full.slice(-4), phone: '137****3939', countryCode: '86',
    highestEducation: '本科', career: '其他', location: '广东省/深圳市/南山区', address: '科技园 1 号', fullIdNumber: full,
  })
  expect(passed).toBe('passed')
  const q = await call<{ questions: { id: number; options: { id: number }[] }[] }>(cookies, 'GET', '/api/questionnaire/2/v1')
  await call(cookies, 'POST', '/api/questionnaire/2/answers/v1', q.questions.map((x) => ({ questionId: x.id, optionIds: [x.options[Math.max(0, x.options.length - 2)]!.id] })))
}

describe('the circle-admin console', () => {
  it('the adviser opens 圈子管理 and creates a paid circle through the form; the reviewer approves it', async () => {
    adviser = await signUp(server, ADVISER_PHONE)
    await as(adviser)
    await visit(page, server, '/circle-admin')
    await expect.poll(() => new URL(page.url()).pathname, { timeout: UI }).toBe('/circle-admin/circle/circle-list')
    await visible('the circle list', page.getByTestId('circle-table'))
    await page.getByTestId('circle-create').click()
    const form = page.getByTestId('circle-form')
    await visible('the form', form)
    await page.getByTestId('circle-form-type').getByText('投资圈子').click()
    await page.getByTestId('circle-form-name').fill(CIRCLE)
    await page.getByTestId('circle-form-brief').fill('美股期权的策略与风控，每周一篇复盘。')
    await page.getByTestId('circle-form-intro').fill('圈主分享美股期权的建仓、移仓与风控。\n会员可随时提问。')
    await page.getByTestId('circle-form-cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: COVER })
    await visible('the cover', page.getByTestId('circle-form-cover-preview'))
    // the choices are pills: the reader clicks the label (its radio is drawn by the pill)
    await page.locator('label', { has: page.getByTestId('circle-form-paid') }).click()
    await page.getByTestId('circle-form-price-0').fill('199')
    await page.getByTestId('circle-form-period-0').selectOption('12')
    await settle(page)
    await expectAccessible(page, 'the circle form')
    await shot(page, 'console-circle-form')
    await page.getByTestId('circle-form-submit').click()
    // created: back on the list, the new circle waiting for review
    const row = page.getByTestId('circle-row').filter({ hasText: CIRCLE })
    await visible('the new circle in the list', row)
    await expect.poll(() => row.getByTestId('circle-review-status').innerText(), { timeout: UI }).toContain('审核中')
    await shot(page, 'console-circle-list')

    const mine = await call<{ list: { id: number; name: string }[] }>(adviser, 'GET', `/api/circle-admin/circles/v1?keyword=${encodeURIComponent(CIRCLE)}&page=1&count=10`)
    circleId = mine.list.find((c) => c.name === CIRCLE)!.id
    reviewer = await signUp(server, REVIEWER_PHONE)
    await call(reviewer, 'POST', `/api/circle-admin/circle-review/${circleId}/approve/v1`)
    const detail = await call<{ reviewStatus: string; specs: { specsId: number }[] }>(adviser, 'GET', `/api/circle-admin/circles/${circleId}/v1`)
    expect(detail.reviewStatus).toBe('approved')
    specsId = detail.specs[0]!.specsId
  })

  it('a reader buys the circle in the WeChat Pay sandbox, posts and asks', async () => {
    reader = await signUp(server, READER_PHONE)
    await qualify(reader)
    const info = await call<{ publicKey: string; userToken: string }>(reader, 'GET', `/api/purchase/commodity/payment/v2?specsIds=${specsId}&noNeedCoupon=true`)
    const sign = createHash('sha256').update(signInput(specsId, 'wx_pub_qr', info.publicKey, info.userToken)).digest('hex')
    const order = await call<{ id: string; data: { codeUrl: string } }>(reader, 'POST', '/transaction/api/order/v1', { goodsId: specsId, channel: 'wx_pub_qr', sign, preCreatedPaymentOrder: true, clientKey: 'console-journey-1' })
    orderId = order.id
    // the phone that scanned the QR code pays on the sandbox's page
    await page.goto(order.data.codeUrl)
    await page.getByRole('button', { name: /确认支付/ }).click()
    await visible('paid', page.getByRole('status').getByText('支付成功'))
    await expect.poll(async () => (await send(reader, 'GET', `/api/moment/${circleId}/content/v1`)).statusCode, { timeout: UI }).toBe(200)
    await call(reader, 'PUT', '/api/review/v1', { momentId: circleId, content: POST })
    await call(reader, 'PUT', '/api/review/v1', { momentId: circleId, content: QUESTION, questionType: 'public' })
  })

  it('the adviser sees the order in data/order (and in zh-hk) and the sale in data/sale', async () => {
    await as(adviser)
    await visit(page, server, '/circle-admin/data/order')
    const row = page.locator(`[data-testid="data-order-row"][data-order-id="${orderId}"]`)
    await visible('the reader\'s order', row)
    await expect(row.innerText()).resolves.toContain(CIRCLE)
    await shot(page, 'console-data-order')
    await visit(page, server, '/circle-admin/data/sale')
    await visible('the sales chart', page.getByTestId('data-sale-chart'))
    await expect.poll(() => page.getByTestId('data-sale-count').innerText(), { timeout: UI }).not.toBe('0')
    await shot(page, 'console-data-sale')
    await page.context().addCookies([{ name: 'lang', value: 'zh-hk', url: server.url }])
    await visit(page, server, '/circle-admin/data/order')
    await visible('the order in zh-hk', page.locator(`[data-testid="data-order-row"][data-order-id="${orderId}"]`))
    await expect(page.getByRole('navigation', { name: '圈子管理' }).innerText()).resolves.toContain('訂單數據')
    await shot(page, 'console-data-order-zh-hk')
    await page.context().addCookies([{ name: 'lang', value: 'zh-cn', url: server.url }])
  })

  it('the adviser pins the reader\'s post, answers the question and adds a tag from the community tabs', async () => {
    // the reader's moment and question pass the local moderation on its clock; find them as the console lists them
    await expect
      .poll(async () => {
        const posts = await call<{ list: { dynamicId: number; content: string }[] }>(adviser, 'GET', `/api/circle-admin/community/${circleId}/posts/v1?kind=all&page=1&count=20&status=approved`)
        postId = posts.list.find((p) => p.content.includes(POST))?.dynamicId ?? 0
        questionId = posts.list.find((p) => p.content.includes(QUESTION))?.dynamicId ?? 0
        return postId > 0 && questionId > 0
      }, { timeout: UI })
      .toBe(true)
    await visit(page, server, `/circle-admin/community-admin/community-detail/${circleId}/set-top`)
    const post = page.locator(`[data-testid="community-post-row"][data-id="${postId}"]`)
    await visible('the reader\'s post', post)
    await post.getByTestId('community-set-top').click()
    await expect.poll(() => post.getByTestId('community-post-marks').innerText(), { timeout: UI }).toContain('置顶')
    await shot(page, 'console-community-set-top')

    await visit(page, server, `/circle-admin/community-admin/community-detail/${circleId}/qa/qa-unanswered`)
    const question = page.locator(`[data-testid="community-question"][data-id="${questionId}"]`)
    await visible('the question', question)
    await question.getByTestId('community-answer-input').fill(ANSWER)
    await question.getByTestId('community-answer-submit').click()
    await visit(page, server, `/circle-admin/community-admin/community-detail/${circleId}/qa/qa-answered`, { axe: false })
    await visible('the answer', page.getByTestId('community-answer').filter({ hasText: ANSWER }))
    await shot(page, 'console-community-qa')

    await visit(page, server, `/circle-admin/community-admin/community-detail/${circleId}/tags`, { axe: false })
    await page.getByTestId('community-tag-name').fill(TAG)
    await page.getByTestId('community-tag-add').click()
    await visible('the new tag', page.getByTestId('community-tag-row').filter({ hasText: TAG }))
    // what the reader sees: the pinned post and the answer on the circle
    const content = await call<{ list: { dynamicId: number }[] }>(reader, 'GET', `/api/moment/${circleId}/content/v1`)
    expect(content.list[0]!.dynamicId).toBe(postId)
  })

  it('the adviser books a live room for a new live column through the console\'s form', async () => {
    const column = await call<{ id: number }>(adviser, 'POST', '/api/circle-admin/circles/v1', {
      type: 'LIVE_COLUMN', name: '小助手期权直播间', brief: '每周一次期权复盘直播。', intro: '每周五收盘后直播复盘本周期权交易。', avatar: '/covers/3.svg', paid: false, specs: [],
    })
    await visit(page, server, '/circle-admin/live/live-list/add', { axe: false })
    await page.getByTestId('live-room-column').selectOption(String(column.id))
    await page.getByTestId('live-room-title').fill(ROOM)
    await page.getByTestId('live-room-brief').fill('本周期权交易复盘与下周计划。')
    const start = new Date(Date.now() + 2 * 86_400_000 + 8 * 3_600_000) // two days on, at this hour in UTC+8
    await page.getByTestId('live-room-start').fill(start.toISOString().slice(0, 16))
    await settle(page)
    await expectAccessible(page, 'the room form')
    await shot(page, 'console-live-room-form')
    await page.getByTestId('live-room-submit').click()
    // booked: the form opens the room's manage page
    await visible('the manage page', page.getByTestId('live-manage-tab-startSet'))
    await expect(page.getByTestId('live-status').innerText()).resolves.toContain('预约')
    await page.getByTestId('live-manage-tab-startSet').click()
    await visible('the start modes', page.getByTestId('live-start-mode-OBS_PUSH'))
    await shot(page, 'console-live-manage')
  })

  it('the adviser adds a course and, in the console, a chapter with its video (the upload shows its progress)', async () => {
    const course = await call<{ id: number }>(adviser, 'POST', '/api/circle-admin/circles/v1', {
      type: 'COURSE', name: '期权入门五讲', brief: '从认购认沽到移仓，五讲入门美股期权。', intro: '每讲一段视频与讲义。', avatar: '/covers/3.svg', paid: true, specs: [{ months: 12, price: 9_900 }],
    })
    await call(reviewer, 'POST', `/api/circle-admin/circle-review/${course.id}/approve/v1`)
    await visit(page, server, `/circle-admin/course/content/add?courseId=${course.id}`, { axe: false })
    await page.getByTestId('chapter-form-title').fill('第一讲：认购与认沽')
    await page.getByTestId('chapter-form-free').check()
    const video = readFileSync(join(REPO_ROOT, 'fixtures', 'circle-extras', 'course-video.webm'))
    await page.getByTestId('chapter-form-video').setInputFiles({ name: '第一讲.webm', mimeType: 'video/webm', buffer: video })
    await visible('the uploaded video', page.getByTestId('chapter-video-done'))
    await settle(page)
    await expectAccessible(page, 'the chapter form')
    await shot(page, 'console-course-chapter')
    await page.getByTestId('chapter-form-submit').click()
    await visible('the chapter in the course', page.getByTestId('chapter-row').filter({ hasText: '第一讲：认购与认沽' }))
    // a reader opens the course: the free chapter is there with its video
    const detail = await call<{ chapters?: { title: string }[] }>(reader, 'GET', `/api/financial-circle/course/${course.id}/v1`)
    expect(JSON.stringify(detail)).toContain('第一讲：认购与认沽')
  })

  it('the adviser refunds the order: the reader loses the circle at once and /my/purchase says 已退款', async () => {
    await visit(page, server, '/circle-admin/data/order', { axe: false })
    const row = page.locator(`[data-testid="data-order-row"][data-order-id="${orderId}"]`)
    await visible('the order', row)
    await row.getByTestId('data-order-refund').click()
    const dialog = page.getByTestId('data-order-refund-dialog')
    await visible('the confirm dialog', dialog)
    await shot(page, 'console-refund-dialog')
    await dialog.getByTestId('data-order-refund-confirm').click()
    await expect.poll(() => row.getByTestId('data-order-status').innerText(), { timeout: UI }).toMatch(/退款/)
    const refused = await send(reader, 'GET', `/api/moment/${circleId}/content/v1`)
    expect(refused.statusCode).toBe(403)
    await as(reader)
    await visit(page, server, '/my/purchase')
    await visible('the refunded order', page.getByTestId('purchase-refunded').first())
    await shot(page, 'console-purchase-refunded')
  })
})
