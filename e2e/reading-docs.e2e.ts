// Reading 'docs' journeys: every /terms page from the footer (protocol layout, filled placeholders),
// /depthRss with free and paid tabs, a report, and /news/page/1 with its pager — a screenshot of each.
// spec 000 §2 (content routes, protocol layout), §7 ('Other' documents, research reports, news filter list).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { launchBrowser, problems, shot, startServer, type LaunchedBrowser, type RunningServer } from './harness'

const UI_TIMEOUT = 20_000
let server: RunningServer
let browser: LaunchedBrowser
let page: Page

async function go(path: string): Promise<void> {
  problems(page).clear()
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
}

async function visible(locator: Locator, what: string): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT })
  } catch {
    throw new Error(`not visible within ${UI_TIMEOUT / 1000} s: ${what} (${locator})\nURL: ${page.url()}`)
  }
}

function expectNoProblems(where: string): void {
  const log = problems(page)
  expect(log.list(), `${where}: console errors / failed requests:\n${log.describe()}`).toEqual([])
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  page = await browser.newPage()
})

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail' || !page) return
  const slug = task.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40).replace(/^-+|-+$/g, '') || 'step'
  await shot(page, `failed-docs-${slug}`).catch(() => undefined)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const FOOTER_DOCS = [
  { link: '关于我们', path: '/terms/about', title: '关于我们', text: '港美汇信息科技（深圳）有限公司' },
  { link: '联系我们', path: '/terms/contact', title: '联系我们', text: '400-820-6318' },
  { link: '用户协议', path: '/terms/user-agreement', title: '用户协议', text: '生效日期：2025 年 1 月 1 日' },
  { link: '隐私政策', path: '/terms/privacy', title: '隐私政策', text: 'privacy@gangmeihui.example' },
  { link: '免责声明', path: '/terms/disclaimer', title: '免责声明', text: '不构成任何证券' },
] as const

describe('documents', () => {
  for (const doc of FOOTER_DOCS) {
    it(`footer → ${doc.path}`, async () => {
      await go('/')
      await visible(page.getByRole('contentinfo'), 'footer')
      await page.getByRole('contentinfo').getByRole('link', { name: doc.link, exact: true }).click()
      await page.waitForURL(`**${doc.path}`)
      await visible(page.getByRole('heading', { level: 1, name: doc.title }), `document title ${doc.title}`)
      const article = page.locator('article')
      await visible(article.getByText(doc.text), `filled text ${doc.text}`)
      expect(await article.innerText()).not.toMatch(/\{\{\s*\w+\s*\}\}/)
      expect(await article.locator('h2').count()).toBeGreaterThan(0)
      expect(await page.getByRole('link', { name: doc.link, exact: true }).first().getAttribute('aria-current')).toBe('page')
      await shot(page, `docs-terms-${doc.path.split('/').pop()}`)
      expectNoProblems(doc.path)
    })
  }

  it('protocol layout hides header and footer at 750 px or less; an unknown document says so', async () => {
    await page.setViewportSize({ width: 375, height: 800 })
    await go('/terms/privacy')
    await visible(page.getByRole('heading', { level: 1, name: '隐私政策' }), 'privacy title')
    expect(await page.getByRole('banner').isVisible()).toBe(false)
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false)
    await shot(page, 'docs-terms-mobile')
    await page.setViewportSize({ width: 1280, height: 900 })
    await go('/terms/no-such-doc')
    await visible(page.getByRole('heading', { level: 1, name: '文档不存在' }), 'not-found text')
  })
})

describe('deep reports', () => {
  it('/depthRss lists free reports, pages on, switches to paid', async () => {
    await go('/depthRss')
    const free = page.getByRole('list', { name: '免费研报' })
    await visible(free, 'free report list')
    await expect.poll(() => free.getByRole('listitem').count(), { timeout: UI_TIMEOUT }).toBe(10)
    await page.getByRole('button', { name: '加载更多' }).click()
    await expect.poll(() => free.getByRole('listitem').count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(10)
    await shot(page, 'docs-depth-free')
    await page.getByRole('button', { name: '付费研报' }).click()
    const paid = page.getByRole('list', { name: '付费研报' })
    await visible(paid, 'paid report list')
    await expect.poll(() => paid.getByRole('listitem').count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(0)
    await visible(paid.getByText(/^¥\d+\.\d{2}$/), 'price tag')
    await shot(page, 'docs-depth-paid')
    expectNoProblems('/depthRss')
  })

  it('opens a paid report: preview, lock box and related reports', async () => {
    const paid = page.getByRole('list', { name: '付费研报' })
    const first = paid.getByRole('heading', { level: 3 }).first()
    const title = await first.innerText()
    await first.getByRole('link').click()
    await page.waitForURL(/\/rss-detail\/\d+$/)
    await visible(page.getByRole('heading', { level: 1, name: title }), 'report title')
    await visible(page.getByText(/以上为试读内容/), 'lock box')
    await visible(page.getByRole('heading', { name: '相关研报' }), 'related reports')
    await shot(page, 'docs-report-paid')
    expectNoProblems('report')
  })

  it('a free report is shown in full; an unknown one says so', async () => {
    await go('/depthRss')
    const free = page.getByRole('list', { name: '免费研报' })
    await visible(free, 'free list')
    await free.getByRole('heading', { level: 3 }).first().getByRole('link').click()
    await page.waitForURL(/\/rss-detail\/\d+$/)
    await visible(page.getByText(/风险提示/), 'last paragraph')
    expect(await page.getByText(/以上为试读内容/).count()).toBe(0)
    await shot(page, 'docs-report-free')
    await go('/rss-detail/99999')
    await visible(page.getByRole('heading', { level: 1, name: '研报不存在' }), 'not found')
  })
})

describe('news pages', () => {
  it('/news/page/1 shows 20 news with a pager; page 2 and a label filter work', async () => {
    await go('/news/page/1')
    await visible(page.getByRole('heading', { level: 1, name: '资讯 · 第 1 页' }), 'page heading')
    const list = page.getByRole('list', { name: '资讯' })
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: UI_TIMEOUT }).toBe(20)
    const pager = page.getByRole('navigation', { name: '分页' })
    await visible(pager, 'pager')
    await shot(page, 'docs-news-page-1')
    const firstTitle = await list.getByRole('heading', { level: 3 }).first().innerText()
    await pager.getByRole('link', { name: '下一页' }).click()
    await page.waitForURL('**/news/page/2')
    await visible(page.getByRole('heading', { level: 1, name: '资讯 · 第 2 页' }), 'page 2 heading')
    await expect.poll(() => list.getByRole('heading', { level: 3 }).first().innerText(), { timeout: UI_TIMEOUT }).not.toBe(firstTitle)
    await page.getByRole('toolbar').getByRole('link', { name: '港股' }).click()
    await page.waitForURL('**/news/page/1?type=hk')
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(0)
    await shot(page, 'docs-news-page-hk')
    expectNoProblems('/news/page')
  })
})
