// The set-up every journey file shares: a server on a free port and Chromium with one tab, started
// before the file's tests and closed after them; with `failureShots`, a failed test leaves a
// screenshot `failed-<failureShots>-<test name>` in artifacts/. Plus the small waits and reads the
// journeys use.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { launchBrowser, shot, startServer, type LaunchedBrowser, type RunningServer } from './harness'

export interface Journey {
  server: RunningServer
  browser: LaunchedBrowser
  page: Page
}

/** A server that seeds slowly on a loaded machine is waited for (harness.ts LISTEN_TIMEOUT_MS), plus Chromium's start. */
const START_TIMEOUT_MS = 360_000

/**
 * Registers the hooks. `ready` gets the live server, browser and tab (assign them to the file's
 * variables: `journey((j) => ({ server, browser, page } = j))`) and may prepare data.
 */
export function journey(ready: (j: Journey) => unknown, opts: { failureShots?: string; serverEnv?: Record<string, string>; freshCookies?: boolean } = {}): void {
  let started: Journey | null = null
  beforeAll(async () => {
    // the server and Chromium start side by side: neither needs the other until the first page
    const [server, browser] = await Promise.allSettled([startServer(opts.serverEnv), launchBrowser()])
    try {
      if (server.status === 'rejected') throw server.reason
      if (browser.status === 'rejected') throw browser.reason
      started = { server: server.value, browser: browser.value, page: await browser.value.newPage() }
    } catch (e) {
      if (browser.status === 'fulfilled') await browser.value.close()
      if (server.status === 'fulfilled') await server.value.stop()
      throw e
    }
    await ready(started)
  }, START_TIMEOUT_MS)
  // each test starts as a first-time visitor, whatever the test before left behind
  if (opts.freshCookies) beforeEach(() => started?.page.context().clearCookies())
  if (opts.failureShots) {
    const prefix = opts.failureShots
    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail' || !started) return
      const slug = task.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40).replace(/^-+|-+$/g, '') || 'step'
      await shot(started.page, `failed-${prefix}-${slug}`).catch(() => undefined)
    })
  }
  afterAll(async () => {
    await started?.browser.close()
    await started?.server.stop()
  })
}

/** GET `path` as the site's client and answer the envelope's result (fails the test unless HTTP 200 and statusCode 200). */
export async function apiResult<T>(server: { url: string }, path: string, lang: 'zh-cn' | 'zh-hk' = 'zh-cn'): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { 'Client-Lang': lang, platform: 'web' } })
  expect(res.status, `${path} HTTP status`).toBe(200)
  const body = (await res.json()) as { statusCode: number; result: T }
  expect(body.statusCode, `${path} envelope statusCode`).toBe(200)
  return body.result
}

/** Waits until the first match is visible; fails naming `what`, the locator and the page's URL. */
export async function visibleOn(page: Page, locator: Locator, what: string, timeout = 20_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout })
  } catch {
    throw new Error(`not visible within ${timeout / 1000} s: ${what} (${locator})\nURL: ${page.url()}`)
  }
}

/**
 * Fills the attestation's real-name form (ui/membership/attestation) as a reader from 深圳 would, and
 * ticks the agreement; the caller submits.
 */
export async function fillRealNameForm(page: Page, realName: string, timeout = 20_000): Promise<void> {
  const field = (label: string) => page.getByLabel(label, { exact: true })
  await visibleOn(page, field('真实姓名'), '真实姓名', timeout)
  await field('真实姓名').fill(realName)
  await field('证件号码').fill('11010519491231002X')
  await field('最高学历').selectOption({ label: '本科' })
  await field('职业').selectOption({ label: '企事业单位职工' })
  await visibleOn(page, field('省份'), '省份', timeout)
  await field('省份').selectOption('广东省')
  await field('城市').selectOption('深圳市')
  await field('区县').selectOption('南山区')
  await field('详细地址').fill('科技园科苑路 1 号')
  await page.getByRole('checkbox').check()
}
