// Reading 'docs' journeys: every /terms page from the footer (protocol layout, filled placeholders),
// /depthRss with free and paid tabs, a report, and /news/page/1 with its pager — a screenshot of each.
// spec 000 §2 (content routes, protocol layout), §7 ('Other' documents, research reports, news filter list).
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { problems, shot, type RunningServer, visit, expectNoPageProblems } from './harness'
import { journey, visibleOn } from './journey'

const UI_TIMEOUT = 20_000
let server: RunningServer
let page: Page

const go = (path: string) => visit(page, server, path)

const visible = (locator: Locator, what: string) => visibleOn(page, locator, what, UI_TIMEOUT)

const expectNoProblems = (where: string) => expectNoPageProblems(page, where)

journey((j) => ({ server, page } = j), { failureShots: 'docs' })

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
    await page.getByRole('tab', { name: '付费研报' }).click()
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

describe('home extras, subject search, long lists', () => {
  const EXTRAS_CALLS = /\/(adapi\/ad\/|api\/recommend\/article|api\/channels\/home\/banner|api\/hot\/topic|api\/featured\/)/

  it('home: the extras load only when scrolled to — banner, an ad marked 广告, recommended, hot topics, reports', async () => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const asked: string[] = []
    const onRequest = (r: { url(): string }) => {
      if (EXTRAS_CALLS.test(r.url())) asked.push(r.url())
    }
    page.on('request', onRequest)
    try {
      problems(page).clear()
      await visit(page, server, '/')
      expect(asked, 'no extras call before the reader scrolls').toEqual([])
      expect(await page.locator('[data-slot="home-extras"]').innerHTML()).toBe('')
      const slot = page.locator('[data-slot="home-extras"]')
      await slot.scrollIntoViewIfNeeded()
      const extras = page.getByRole('region', { name: '更多精选' })
      await visible(extras, 'home extras')
      await visible(extras.getByRole('complementary', { name: '广告' }), 'ad card')
      await visible(extras.getByText('广告', { exact: true }), '广告 mark')
      await visible(extras.getByRole('region', { name: '热门推荐' }).locator('a[href^="/news/"]'), 'recommended articles')
      await visible(extras.getByRole('region', { name: '热门话题' }).locator('a[href^="/community/topics/"]'), 'hot topics')
      await visible(extras.getByRole('region', { name: '免费研报' }).locator('a[href^="/rss-detail/"]'), 'free reports')
      await visible(extras.getByRole('region', { name: '付费研报' }).locator('a[href^="/rss-detail/"]'), 'paid reports')
      await visible(extras.getByRole('region', { name: '焦点图' }).locator('img'), 'banner')
      expect(asked.length).toBeGreaterThan(0)
      // the generated pictures are served here and draw
      await extras.getByRole('region', { name: '焦点图' }).scrollIntoViewIfNeeded()
      for (const img of [extras.getByRole('region', { name: '焦点图' }).locator('img'), extras.getByRole('complementary', { name: '广告' }).locator('img')]) {
        await img.scrollIntoViewIfNeeded()
        expect(await img.getAttribute('src')).toMatch(/^\/ad-art\/(banner|ad)\/\d+\.svg$/)
        await img.evaluate((i: HTMLImageElement) => (i.complete ? undefined : new Promise((r) => i.addEventListener('load', r, { once: true }))))
        expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0)
      }
      await extras.getByRole('region', { name: '焦点图' }).scrollIntoViewIfNeeded()
      await shot(page, 'docs-home-extras')
      await extras.getByRole('region', { name: '付费研报' }).scrollIntoViewIfNeeded()
      await shot(page, 'docs-home-extras-lower')
      expectNoProblems('home extras')
    } finally {
      page.off('request', onRequest)
    }
  })

  it('/search shows matching subjects (相关专题) linking to /subject/{id}', async () => {
    await go(`/search?keyword=${encodeURIComponent('港股')}`)
    const strip = page.getByRole('navigation', { name: '相关专题' })
    await visible(strip.locator('a[href^="/subject/"]'), 'subject results')
    expect(await strip.locator('mark').first().innerText()).toBe('港股')
    await shot(page, 'docs-search-subjects')
    expectNoProblems('/search subjects')
  })

  it('/news keeps only the rows near the viewport after many pages; 加载更多 still pages', async () => {
    await go('/news')
    const main = page.getByRole('main')
    await visible(main.locator('a[href^="/news/"]'), '/news list')
    for (let i = 0; i < 4; i++) {
      const more = main.getByRole('button', { name: '加载更多' })
      await visible(more, '加载更多')
      const before = await page.evaluate(() => document.querySelector('[data-index]:last-child')?.getAttribute('data-index'))
      await more.scrollIntoViewIfNeeded()
      await more.click()
      await page.waitForFunction((b) => {
        const all = [...document.querySelectorAll('[data-index]')].map((e) => Number(e.getAttribute('data-index')))
        return Math.max(...all) > Number(b ?? -1)
      }, before)
    }
    const indices = await page.evaluate(() => [...document.querySelectorAll('[data-index]')].map((e) => Number(e.getAttribute('data-index'))))
    expect(Math.max(...indices)).toBeGreaterThanOrEqual(60)
    expect(indices.length).toBeLessThan(40)
    await page.evaluate(() => window.scrollTo(0, 0))
    await visible(main.locator('[data-index="0"] a[href^="/news/"]'), 'first news after scrolling back')
    await shot(page, 'docs-news-virtual')
    expectNoProblems('/news virtual')
  })
})
