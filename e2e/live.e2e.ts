// Live room journey (issue 28; spec 001 §2 /live/{id}, §3 statuses, §6 tags, §7 'Video and live'): the
// adviser of the free live column 财报季夜谈 books a room and runs it through the API (start with a
// simulated stream, pause, resume, end); a signed-up reader watches in Chromium — the booked countdown
// and the reservation, the live stream's currentTime advancing, a comment with the online count, the
// paused banner, then the playback, which the reader seeks. Screenshots in zh-cn and zh-hk:
// artifacts/screenshots/live-*.png. The page reads the room at once when its chat group says the status
// moved (server/live/service.ts), and every 5 s besides; each step waits for what the reader sees rather
// than sleeping.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generateFixtures } from '../fixtures/generate'
import { expectAccessible, settle, shot, signUp, visit, type RunningServer } from './harness'
import { apiResult, journey, visibleOn } from './journey'

const UI = 20_000
let server: RunningServer
let page: Page

journey((j) => ({ server, page } = j), { failureShots: 'live' })

const visible = (what: string, locator = page.getByText(what).first(), timeout = UI) => visibleOn(page, locator, what, timeout)

const COLUMN = '财报季夜谈'
const ADVISER = generateFixtures().users.find((u) => u.nick === '周末读财报')!
const READER_PHONE = '13700002828'
const TITLE = '英伟达财报夜谈'
const COMMENT = '数据中心收入怎么看？'

type Cookies = { name: string; value: string }[]
let adviser: Cookies = []
let roomId = 0

/** A state-changing call as the signed-in `cookies` (the session cookies and our CSRF token). */
async function call<T>(cookies: Cookies, method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown = {}): Promise<T> {
  const csrf = cookies.find((c) => c.name === 'csrf_token')!.value
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as { statusCode: number; message: string; result: T }
  expect(answer.statusCode, `${method} ${path}: ${answer.message}`).toBe(200)
  return answer.result
}
const control = (move: 'start' | 'pause' | 'resume' | 'end', body: unknown = {}) => call(adviser, 'POST', `/api/circle-admin/live/${roomId}/${move}/v1`, body)

/** What the page's status badge says (直播中, 暂停中, 回放…). */
const status = () => page.getByTestId('live-status').innerText()

describe('live room', () => {
  it('the adviser books a room; the reader sees the countdown and reserves a seat', async () => {
    adviser = await signUp(server, ADVISER.phone)
    const found = await apiResult<{ list: { id: number; name: string }[] }>(server, `/api/financial-circle/circle/search/v1?keyword=${encodeURIComponent(COLUMN)}`)
    const columnId = found.list.find((c) => c.name === COLUMN)!.id
    const booked = await call<{ id: number; statusCode: number }>(adviser, 'POST', '/api/circle-admin/live/book/v1', {
      liveColumnId: columnId,
      videoServiceType: 'LIVE',
      title: TITLE,
      brief: '盘后一起读英伟达的季报。',
      startTimestamp: Math.floor(Date.now() / 1000) + 600,
    })
    roomId = booked.id
    expect(booked.statusCode).toBe(1)
    expect(roomId).toBeGreaterThanOrEqual(1_000_000_000)
    // the served HTML already holds the room (server-rendered), and /live/{small id} is still a flash
    const html = await (await fetch(`${server.url}/live/${roomId}`, { headers: { Accept: 'text/html' } })).text()
    expect(html).toContain(TITLE)

    const reader = await signUp(server, READER_PHONE)
    await page.context().addCookies(reader.map((c) => ({ ...c, url: server.url })))
    await visit(page, server, `/live/${roomId}`)
    await visible('the countdown', page.getByTestId('live-countdown'))
    expect(Number(await page.getByTestId('live-countdown').getAttribute('data-seconds'))).toBeGreaterThan(500)
    await page.getByTestId('live-reserve').click()
    await expect.poll(() => page.getByTestId('live-reserve').innerText(), { timeout: UI }).toBe('已预约')
    await shot(page, 'live-booked')
  })

  it('the adviser starts it: the reader watches the stream play, comments and sees the online count', async () => {
    await control('start', { startMode: 'LIVE_PC' })
    await expect.poll(status, { timeout: UI }).toBe('直播中')
    const video = page.getByTestId('live-video')
    // the simulated stream plays: its currentTime moves on
    const t0 = await video.evaluate(async (el: HTMLVideoElement) => {
      if (el.currentTime === 0) await new Promise((r) => el.addEventListener('timeupdate', r, { once: true }))
      return el.currentTime
    })
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: UI }).toBeGreaterThan(t0 + 0.5)
    await visible('the online count', page.getByTestId('live-online'))
    expect(await page.getByTestId('live-online').innerText()).toMatch(/^[1-9]\d* 人在线$/)
    await page.getByTestId('live-comment-input').fill(COMMENT)
    await page.getByTestId('live-comment-send').click()
    await visible('the comment', page.getByTestId('live-comment').filter({ hasText: COMMENT }))
    expect(await page.getByTestId('live-comment-input').inputValue()).toBe('')
    await settle(page)
    await expectAccessible(page, 'a live room')
    await shot(page, 'live-watching')
  })

  it('the adviser pauses and resumes: the reader sees the banner come and go', async () => {
    await control('pause')
    await visible('the paused banner', page.getByTestId('live-banner').getByText('主播暂时离开，直播稍后继续'))
    expect(await status()).toBe('暂停中')
    await shot(page, 'live-paused')
    await control('resume')
    await expect.poll(status, { timeout: UI }).toBe('直播中')
    expect(await page.getByTestId('live-banner').count()).toBe(0)
  })

  it('the adviser ends it: it becomes a playback the reader seeks', async () => {
    await control('end', { keepPlayback: true })
    await expect.poll(status, { timeout: 30_000 }).toBe('回放')
    const video = page.getByTestId('live-video')
    await visible('the playback', video)
    expect(await video.getAttribute('data-live')).toBe('false')
    // the recording is served with byte ranges: the reader seeks to its middle
    const seeked = await video.evaluate(async (el: HTMLVideoElement) => {
      if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }))
      const middle = Math.floor(el.duration / 2)
      el.currentTime = middle
      await new Promise((r) => el.addEventListener('seeked', r, { once: true }))
      return { middle, at: el.currentTime, duration: el.duration }
    })
    expect(seeked.duration).toBeGreaterThan(2)
    expect(seeked.at).toBeCloseTo(seeked.middle, 0)
    await visible('the comment stays', page.getByTestId('live-comment').filter({ hasText: COMMENT }))
    await settle(page)
    await expectAccessible(page, 'a playback')
    await shot(page, 'live-playback')

    // zh-hk: the same room in traditional characters
    await page.context().addCookies([{ name: 'lang', value: 'zh-hk', url: server.url }])
    await visit(page, server, `/live/${roomId}`, { axe: false })
    await visible('回放 in zh-hk', page.getByTestId('live-playback-note').getByText('正在播放回放，可拖動進度條跳轉'))
    await visible('互動評論', page.getByRole('heading', { name: '互動評論' }))
    await settle(page)
    await expectAccessible(page, 'a playback in zh-hk')
    await shot(page, 'live-playback-zh-hk')
    await page.context().addCookies([{ name: 'lang', value: 'zh-cn', url: server.url }])
  })
})
