// Reading and search journeys (issue 5): the header search popup (txkg → 腾讯控股), a Chinese phrase
// through the results page into an article, the search history across reloads, reading a live
// flash, and a screenshot of each reading page. spec 000 §2, §4 'Search box', §7 'Search', §9.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { shot, type RunningServer, visit, expectNoPageProblems } from './harness'
import { apiResult, journey } from './journey'

const UI_TIMEOUT = 20_000
let server: RunningServer
let page: Page

const api = <T>(path: string) => apiResult<T>(server, path)

const go = (path: string) => visit(page, server, path)

/** A path from the seed for the pages with an id. */
async function pathOf(which: string): Promise<string> {
  if (which.startsWith('/')) return which
  if (which === 'news-article') return `/news/${(await api<{ list: { id: number }[] }>('/api/channels/home/articles/v8')).list[0]!.id}`
  if (which === 'live-flash') return `/live/${(await api<{ list: { id: number }[] }>('/api/live-channels/all/lives?limit=5')).list[1]!.id}`
  if (which === 'subject') return `/subject/${(await api<{ list: { id: number }[] }>('/api/subjects?page=1&limit=12')).list[0]!.id}`
  const column = (await api<{ list: { id: number }[] }>('/api/column/recommend?page=1&count=12')).list[0]!.id
  return which === 'album' ? `/album/${column}` : `/column/page/${column}`
}

const expectNoProblems = (where: string) => expectNoPageProblems(page, where)

const searchBox = () => page.getByRole('banner').getByRole('combobox')
const popup = () => page.getByTestId('search-popup')

journey((j) => ({ server, page } = j), { failureShots: 'reading' })

describe('search', () => {
  it('type txkg and pick 腾讯控股 from the popup', async () => {
    await go('/')
    await searchBox().click()
    // empty box: hot stocks and history
    await popup().getByText('热门股票').waitFor({ timeout: UI_TIMEOUT })
    await popup().getByRole('list', { name: '热门股票' }).waitFor({ timeout: UI_TIMEOUT })
    await shot(page, 'reading-search-popup-empty')
    await searchBox().fill('txkg')
    const stocks = popup().getByRole('region', { name: '股票' })
    await stocks.waitFor({ timeout: UI_TIMEOUT })
    await shot(page, 'reading-search-popup-txkg')
    const first = stocks.getByRole('link').first()
    expect(await first.innerText()).toContain('腾讯控股')
    await first.click()
    await page.waitForURL((u) => u.pathname === '/stock/hk00700', { timeout: UI_TIMEOUT })
    expectNoProblems('txkg popup')
  })

  it('search a Chinese phrase, open an article from the results; history persists across reloads', async () => {
    const feed = await api<{ list: Array<{ id: number; title: string }> }>('/api/channels/home/articles/v8')
    const target = feed.list[2]!
    const phrase = [...target.title].filter((c) => /\p{Script=Han}/u.test(c)).slice(1, 5).join('')
    await go('/')
    await searchBox().fill(phrase)
    await searchBox().press('Enter')
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('keyword') === phrase, { timeout: UI_TIMEOUT })
    const results = page.getByRole('tabpanel')
    const link = results.locator(`a[href="/news/${target.id}"]`).first()
    // the article may be on a later page of 10: load more until it shows
    for (let i = 0; i < 10 && !(await link.isVisible()); i++) {
      await results.locator('article').first().waitFor({ timeout: UI_TIMEOUT })
      const more = page.getByRole('button', { name: '加载更多' })
      if (await link.isVisible()) break
      if (!(await more.isVisible())) break
      await more.click()
      await page.waitForTimeout(300)
    }
    await link.waitFor({ timeout: UI_TIMEOUT })
    expect(await results.locator('mark').first().innerText()).toBe(phrase)
    await shot(page, 'reading-search-results')
    await link.click()
    await page.waitForURL((u) => u.pathname === `/news/${target.id}`, { timeout: UI_TIMEOUT })
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor({ timeout: UI_TIMEOUT })

    await page.reload({ waitUntil: 'load' })
    await searchBox().click()
    const history = popup().getByRole('list', { name: '搜索历史' })
    await history.waitFor({ timeout: UI_TIMEOUT })
    expect(await history.getByRole('button').allInnerTexts()).toContain(phrase)
    // the live tab of the results page
    await go(`/search?keyword=${encodeURIComponent('港股')}&type=live`)
    await page.getByRole('tabpanel').locator('article').first().waitFor({ timeout: UI_TIMEOUT })
    await shot(page, 'reading-search-live-tab')
    expectNoProblems('search results')
  })
})

describe('reading', () => {
  it('read a live flash', async () => {
    await go('/live')
    const first = page.getByRole('main').locator('a[href^="/live/"]').first()
    await first.waitFor({ timeout: UI_TIMEOUT })
    const href = (await first.getAttribute('href'))!
    await shot(page, 'reading-live')
    await first.click()
    await page.waitForURL((u) => u.pathname === href, { timeout: UI_TIMEOUT })
    const id = Number(href.split('/').pop())
    const detail = await api<{ flash: { content: string } }>(`/api/live/${id}/v1`)
    await page.getByText(detail.flash.content.slice(0, 20), { exact: false }).first().waitFor({ timeout: UI_TIMEOUT })
    await shot(page, 'reading-live-detail')
    expectNoProblems('live flash')
  })

  it('home\'s side column (issue 25): 市场概览, 资金流向 and 机会提醒 from the served page; /live\'s 港股 channel', async () => {
    await go('/')
    const strip = page.getByRole('region', { name: '市场概览' })
    await strip.getByRole('link', { name: /恒生指数/ }).waitFor({ timeout: UI_TIMEOUT })
    await page.getByRole('region', { name: '资金流向' }).getByText('今日净流入').first().waitFor({ timeout: UI_TIMEOUT })
    const reminds = page.getByRole('region', { name: '机会提醒' })
    await reminds.getByRole('listitem').first().waitFor({ timeout: UI_TIMEOUT })
    await strip.scrollIntoViewIfNeeded()
    await shot(page, 'reading-home-side')
    await go('/live')
    await page.getByRole('tablist', { name: '快讯频道' }).getByRole('tab', { name: '港股' }).click()
    const hk = await api<{ list: { content: string }[] }>('/api/live-channels/hk/lives/v4?limit=1')
    await page.getByText(hk.list[0]!.content.slice(0, 16), { exact: false }).first().waitFor({ timeout: UI_TIMEOUT })
    await shot(page, 'reading-live-channel-hk')
    expectNoProblems('home side column and a live channel')
  })

  it('opens an article straight from its address: server-rendered, hydrated without a mismatch', async () => {
    const feed = await api<{ list: Array<{ id: number; title: string }> }>('/api/channels/home/articles/v8')
    const target = feed.list[0]!
    const html = await (await fetch(`${server.url}/news/${target.id}`, { headers: { Accept: 'text/html' } })).text()
    expect(html).toContain(`<h1>${target.title}</h1>`) // in the HTML before any script runs
    await go(`/news/${target.id}`)
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor({ timeout: UI_TIMEOUT })
    // hydrated: a client-side link works without a full reload
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link').nth(1).click()
    await page.waitForURL((u) => u.pathname === '/news', { timeout: UI_TIMEOUT })
    expectNoProblems('server-rendered article')
  })

  // every server-rendered page (core/api/first-screen.ts): its HTML holds the first screen before any
  // script runs, and the browser hydrates it: a link inside the page then navigates in the same
  // document (no reload). A mismatch fails the journey (the harness checks every journey for one).
  it.each([
    '/',
    '/tag/us',
    '/news',
    'news-article',
    '/live',
    'live-flash',
    '/hotpost',
    '/column',
    '/column/columnist',
    'column',
    'album',
    '/subject',
    'subject',
    '/stock/hk00700',
    '/market',
  ])('server-renders %s and hydrates it without a mismatch', async (which) => {
    const path = await pathOf(which)
    const html = await (await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } })).text()
    expect(html, path).toMatch(/<div id="root"><[a-z]/)
    await go(path)
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    const link = page.getByRole('main').locator(`a[href^="/"]:not([href="${path}"])`).first()
    const href = (await link.getAttribute('href'))!
    await link.click()
    await page.waitForURL((u) => u.pathname === href.split('?')[0], { timeout: UI_TIMEOUT })
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expectNoProblems(path)
  })

  it.each(['/news', '/search'])('browse %s', async (path) => {
    await go(path)
    await page.getByRole('main').waitFor({ timeout: UI_TIMEOUT })
    await page.waitForLoadState('networkidle')
    await shot(page, `reading-route${path.replace(/\//g, '-')}`)
    expectNoProblems(path)
  })
})
