// The foundation journey: open home, open a news item, reload the deep link, switch to zh-hk and see
// traditional text, hit an unknown route and see the 404 page — with a screenshot of each.
// spec 000 §2 (header navigation and controls, logo level, routes, /zh-hk prefix, 404), §9 (cookie 365 days).
import { describe, expect, it } from 'vitest'
import type { Locator, Page, Request } from 'playwright-core'
import { problems, settle, shot, signUp, type RunningServer, visit, expectNoPageProblems } from './harness'
import { mainlandTermsIn, simplifiedCharsIn } from '../server/i18n/to-hk'
import { apiResult, journey, visibleOn } from './journey'

const NAV_CN = ['首页', '热帖', '快讯', '新闻', '深度', '专题', '专栏', '行情', '会员圈'] as const
const NEWS_HREF = /^\/news\/(\d+)$/
const LIVE_HREF = /^\/live\/(\d+)$/
const UI_TIMEOUT = 20_000
const DAY_S = 86_400

let server: RunningServer
let page: Page

const api = <T>(path: string, lang: 'zh-cn' | 'zh-hk' = 'zh-cn') => apiResult<T>(server, path, lang)

/** Navigates and starts a fresh problem log: each step answers for its own page. */
const go = (path: string) => visit(page, server, path)

/** hrefs of all links on the page (or inside `scope`) that match `re`, in document order, without repeats. */
async function hrefs(scope: Page | Locator, re: RegExp): Promise<string[]> {
  const all = await scope.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
  return [...new Set(all.filter((h) => re.test(h)))]
}

async function waitForHrefs(scope: Page | Locator, re: RegExp, what: string): Promise<string[]> {
  await expect.poll(async () => (await hrefs(scope, re)).length, { timeout: UI_TIMEOUT, message: `${what}: links matching ${re}` }).toBeGreaterThan(0)
  return hrefs(scope, re)
}

const visible = (locator: Locator, what: string) => visibleOn(page, locator, what, UI_TIMEOUT)

const expectNoProblems = (p: Page, where: string) => expectNoPageProblems(p, where)

const banner = () => page.getByRole('banner')
const mainNav = () => banner().getByRole('navigation')

// each step starts as a first-time visitor in simplified Chinese; a failing step leaves a picture of
// what the reader saw: artifacts/screenshots/failed-shell-<step>.png
journey((j) => ({ server, page } = j), { freshCookies: true, failureShots: 'shell' })

describe('server', () => {
  it('answers /api/channels/v3 with the envelope and a list of channels', async () => {
    const channels = await api<Array<{ id: number; type: string; name: string }>>('/api/channels/v3')
    expect(Array.isArray(channels)).toBe(true)
    expect(channels.length).toBeGreaterThan(0)
    for (const c of channels) expect(c.type).toMatch(/^[a-z0-9-]{1,32}$/)
  })
})

describe('shell journey', () => {
  it('home: header with navigation, an h1 logo, an article feed and a live-flash side list', async () => {
    await go('/')
    await visible(banner(), 'header banner landmark')
    for (const name of NAV_CN) await visible(mainNav().getByRole('link', { name, exact: true }), `nav link ${name}`)
    // spec 000 §2: chiefCircle (member circle) opens in a new tab
    expect(await mainNav().getByRole('link', { name: '会员圈', exact: true }).getAttribute('target')).toBe('_blank')
    // the in-page nav links point where the spec's routes are
    expect(await mainNav().getByRole('link', { name: '新闻', exact: true }).getAttribute('href')).toBe('/news')
    expect(await mainNav().getByRole('link', { name: '快讯', exact: true }).getAttribute('href')).toBe('/live')

    const logo = banner().getByRole('heading', { level: 1 })
    await visible(logo, 'logo as h1')
    expect(await logo.count()).toBe(1)
    expect(await logo.innerText()).toContain('港美汇')
    expect(await banner().getByRole('heading', { level: 2 }).count()).toBe(0)
    expect(await page.getByRole('heading', { level: 1 }).count(), 'one h1 on home').toBe(1)

    const articles = await waitForHrefs(page.getByRole('main'), NEWS_HREF, 'home feed')
    expect(articles.length).toBeGreaterThanOrEqual(5)
    const flashes = await waitForHrefs(page.getByRole('main'), LIVE_HREF, 'live-flash side list')
    expect(flashes.length).toBeGreaterThan(0)

    // what the feed shows is what the server serves for the home channel
    const feed = await api<{ list: Array<{ id: number; title: string }> }>('/api/channels/home/articles/v8')
    const first = feed.list[0]
    expect(first, 'home feed has articles').toBeDefined()
    expect(articles).toContain(`/news/${first!.id}`)
    await visible(page.getByRole('main').getByText(first!.title, { exact: true }), `first home article title "${first!.title}"`)

    await shot(page, 'home')
    expectNoProblems(page, 'home')
  })

  it('news detail: click the first article, see its title as h1 and the logo as h2; the deep link survives a reload', async () => {
    await go('/')
    const [href] = await waitForHrefs(page.getByRole('main'), NEWS_HREF, 'home feed')
    const id = NEWS_HREF.exec(href!)![1]!
    const detail = await api<{ title: string; paragraphs: string[] }>(`/api/news/${id}/v3`)

    problems(page).clear()
    await page.getByRole('main').locator(`a[href="${href}"]`).first().click()
    await page.waitForURL((u) => u.pathname === href, { timeout: UI_TIMEOUT })

    const checkDetail = async (where: string) => {
      const h1 = page.getByRole('heading', { level: 1 })
      await visible(h1, `${where}: article title h1`)
      expect(await h1.count(), `${where}: one h1`).toBe(1)
      expect((await h1.innerText()).trim()).toBe(detail.title)
      // spec 000 §2: on article, news and live detail pages the logo is a second-level heading
      const logo = banner().getByRole('heading', { level: 2 })
      await visible(logo, `${where}: logo as h2`)
      expect(await logo.innerText()).toContain('港美汇')
      expect(await banner().getByRole('heading', { level: 1 }).count()).toBe(0)
      const firstParagraph = detail.paragraphs[0]
      if (firstParagraph) await visible(page.getByText(firstParagraph, { exact: true }), `${where}: first paragraph of the body`)
    }
    await checkDetail('after click')
    await shot(page, 'news-detail')
    expectNoProblems(page, 'news detail')

    await page.reload({ waitUntil: 'load' })
    expect(new URL(page.url()).pathname).toBe(href)
    await checkDetail('after reload')
    expectNoProblems(page, 'news detail after reload')
  })

  it('news list and the /tag/{type} home child show articles', async () => {
    await go('/news')
    const news = await waitForHrefs(page.getByRole('main'), NEWS_HREF, '/news list')
    expect(news.length).toBeGreaterThanOrEqual(5)
    await shot(page, 'news-list')
    expectNoProblems(page, '/news')

    const channels = await api<Array<{ type: string; name: string }>>('/api/channels/v3')
    const tag = channels.find((c) => c.type === 'hk') ?? channels.find((c) => c.type !== 'home')
    expect(tag, 'a channel other than home').toBeDefined()
    const tagFeed = await api<{ list: Array<{ id: number; title: string }> }>(`/api/channels/${tag!.type}/articles/v8`)
    expect(tagFeed.list.length).toBeGreaterThan(0)

    problems(page).clear()
    await go(`/tag/${tag!.type}`)
    const shown = await waitForHrefs(page.getByRole('main'), NEWS_HREF, `/tag/${tag!.type}`)
    expect(shown).toContain(`/news/${tagFeed.list[0]!.id}`)
    // home child: still the home page, so the logo stays h1 and 首页 is the current nav entry
    await visible(banner().getByRole('heading', { level: 1 }), 'logo as h1 on /tag')
    expect(await mainNav().getByRole('link', { name: '首页', exact: true }).getAttribute('aria-current')).toBe('page')
    await shot(page, `tag-${tag!.type}`)
    expectNoProblems(page, `/tag/${tag!.type}`)
  })

  it('live: flashes with an 只看重要 filter that leaves only important ones; a flash opens its detail', async () => {
    const main = () => page.getByRole('main')
    await go('/live')
    const all = await waitForHrefs(main(), LIVE_HREF, '/live list')
    expect(all.length).toBeGreaterThanOrEqual(5)
    await shot(page, 'live-list')
    expectNoProblems(page, '/live')

    const important = await api<{ list: Array<{ id: number; important: boolean }> }>('/api/live-channels/all/lives?onlyShowImportant=true&limit=100')
    expect(important.list.length, 'fixtures hold important flashes').toBeGreaterThan(0)
    expect(important.list.every((f) => f.important)).toBe(true)
    const importantIds = new Set(important.list.map((f) => `/live/${f.id}`))
    expect(all.some((h) => !importantIds.has(h)), 'the unfiltered list also shows ordinary flashes').toBe(true)

    const filter = main().getByRole('button', { name: '只看重要' }).or(main().getByRole('tab', { name: '只看重要' })).or(main().getByRole('checkbox', { name: '只看重要' }))
    await visible(filter, '只看重要 filter')
    await filter.first().click()
    await expect
      .poll(async () => (await hrefs(main(), LIVE_HREF)).filter((h) => !importantIds.has(h)).length, { timeout: UI_TIMEOUT, message: 'only important flashes remain' })
      .toBe(0)
    const shownImportant = await waitForHrefs(main(), LIVE_HREF, 'important flashes')
    // every flash shown is marked 重要 on screen
    const unmarked = await main()
      .locator('a[href^="/live/"]')
      .evaluateAll((as) =>
        as
          .filter((a) => /^\/live\/\d+$/.test(a.getAttribute('href') ?? ''))
          .map((a) => a.closest('li, article') ?? a)
          .filter((item) => !(item.textContent ?? '').includes('重要'))
          .map((item) => (item.textContent ?? '').slice(0, 60)),
      )
    expect(unmarked, 'flashes not marked 重要').toEqual([])
    await shot(page, 'live-important')
    expectNoProblems(page, '/live 只看重要')

    const target = shownImportant[0]!
    await main().locator(`a[href="${target}"]`).first().click()
    await page.waitForURL((u) => u.pathname === target, { timeout: UI_TIMEOUT })
    const id = LIVE_HREF.exec(target)![1]!
    const flash = await api<{ flash: { title: string; content: string; important: boolean } }>(`/api/live/${id}/v1`)
    await visible(page.getByRole('heading', { level: 1 }), 'live detail h1')
    const h1 = (await page.getByRole('heading', { level: 1 }).innerText()).trim()
    // the heading is the flash's title (or 快讯详情 for an untitled flash), with its 重要 mark
    expect(h1.replace(/^重要\s*/, '')).toBe(flash.flash.title || '快讯详情')
    expect(h1.startsWith('重要')).toBe(true)
    await visible(main().getByText(flash.flash.content.slice(0, 20)), 'flash content')
    await visible(banner().getByRole('heading', { level: 2 }), 'logo as h2 on live detail')
    expect(await banner().getByRole('heading', { level: 1 }).count()).toBe(0)
    await shot(page, 'live-detail')
    expectNoProblems(page, 'live detail')
  })

  it('language: the toggle switches to zh-hk (cookie for 365 days, traditional server text), /zh-hk/… redirects, and back', async () => {
    await page.context().clearCookies()
    await go('/')
    await waitForHrefs(page.getByRole('main'), NEWS_HREF, 'home feed')
    const toHk = banner().getByRole('button', { name: '切换到繁体中文', exact: true })
    await visible(toHk, 'language toggle')
    expect((await toHk.innerText()).trim()).toBe('繁')

    // spec 000 §2 / core/locale: two clicks within the 300 ms debounce cancel each other — no reload
    // the toggle's machine state is on the button (data-state); every value it takes is recorded, so
    // the check waits for the real end of the debounce — debouncing, then idle again — not a sleep.
    // A reload would wipe the record and fail the wait.
    await toHk.evaluate((el) => {
      const seen = [el.getAttribute('data-state')]
      ;(window as unknown as { langStates: (string | null)[] }).langStates = seen
      new MutationObserver(() => seen.push(el.getAttribute('data-state'))).observe(el, { attributes: true, attributeFilter: ['data-state'] })
    })
    await toHk.dblclick()
    await page.waitForFunction(
      () => {
        const seen = (window as unknown as { langStates?: (string | null)[] }).langStates ?? []
        return seen.includes('debouncing') && seen[seen.length - 1] === 'idle'
      },
      undefined,
      { timeout: UI_TIMEOUT },
    )
    await visible(mainNav().getByRole('link', { name: '新闻', exact: true }), 'still simplified after a double click')
    expect((await page.context().cookies()).find((c) => c.name === 'lang' && c.value === 'zh-hk')).toBeUndefined()

    // one click: after the debounce the page reloads in traditional
    const reloaded = page.waitForEvent('load', { timeout: UI_TIMEOUT })
    const clickedAt = Date.now() / 1000
    await toHk.click()
    await reloaded
    problems(page).clear()
    await visible(mainNav().getByRole('link', { name: '新聞', exact: true }), 'nav 新聞')
    await visible(mainNav().getByRole('link', { name: '快訊', exact: true }), 'nav 快訊')
    expect(await mainNav().getByRole('link', { name: '新闻', exact: true }).count()).toBe(0)
    expect(await banner().getByRole('heading', { level: 1 }).innerText()).toContain('港美匯')
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-HK')
    await waitForHrefs(page.getByRole('main'), NEWS_HREF, 'home feed in zh-hk')

    // the cookie: lang=zh-hk, kept 365 days (spec 000 §9)
    const cookie = (await page.context().cookies()).find((c) => c.name === 'lang')
    expect(cookie?.value).toBe('zh-hk')
    expect(cookie!.expires - clickedAt).toBeGreaterThan(364 * DAY_S)
    expect(cookie!.expires - clickedAt).toBeLessThan(366 * DAY_S)

    // server text is traditional: the page shows the zh-hk version of a title that differs between scripts
    type Titles = { list: Array<{ id: number; title: string }> }
    const differing = (cn: Titles, hk: Titles) => hk.list.map((h, i) => ({ hk: h.title, cn: cn.list[i]?.title ?? '' })).find((p) => p.hk !== p.cn)
    const home = differing(await api<Titles>('/api/channels/home/articles/v8', 'zh-cn'), await api<Titles>('/api/channels/home/articles/v8', 'zh-hk'))
    expect(home, 'a home title that differs between zh-cn and zh-hk').toBeDefined()
    await visible(page.getByRole('main').getByText(home!.hk, { exact: true }), `traditional home title "${home!.hk}"`)
    expect(await page.getByRole('main').getByText(home!.cn, { exact: true }).count(), `simplified title "${home!.cn}" must not show`).toBe(0)
    await shot(page, 'home-zh-hk')
    expectNoProblems(page, 'home in zh-hk')

    // the home's first screen comes inlined in the HTML; moving on in the app calls the API with Client-Lang zh-hk
    const apiLangs: Promise<string>[] = []
    const onRequest = (req: Request) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) apiLangs.push(req.allHeaders().then((h) => h['client-lang'] ?? '(none)'))
    }
    page.on('request', onRequest)
    await mainNav().getByRole('link', { name: '新聞', exact: true }).click()
    await page.waitForURL((u) => u.pathname === '/news', { timeout: UI_TIMEOUT })
    const news = differing(await api<Titles>('/api/news/list/v2?page=1&limit=20', 'zh-cn'), await api<Titles>('/api/news/list/v2?page=1&limit=20', 'zh-hk'))
    expect(news, 'a news title that differs between zh-cn and zh-hk').toBeDefined()
    await visible(page.getByRole('main').getByText(news!.hk, { exact: true }), `traditional news title "${news!.hk}"`)
    expect(await page.getByRole('main').getByText(news!.cn, { exact: true }).count()).toBe(0)
    page.off('request', onRequest)
    const langs = await Promise.all(apiLangs)
    expect(langs.length, 'API calls made by the news page').toBeGreaterThan(0)
    expect(new Set(langs)).toEqual(new Set(['zh-hk']))
    await shot(page, 'news-list-zh-hk')
    expectNoProblems(page, '/news in zh-hk')

    // spec 000 §2: the /zh-hk prefix is stripped by redirect and query parameters are kept
    await go('/zh-hk/news?x=1')
    await page.waitForURL((u) => u.pathname === '/news', { timeout: UI_TIMEOUT })
    const redirected = new URL(page.url())
    expect(redirected.pathname + redirected.search).toBe('/news?x=1')
    await waitForHrefs(page.getByRole('main'), NEWS_HREF, '/news after the /zh-hk redirect')
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('zh-hk')

    // and back to simplified
    const toCn = banner().getByRole('button', { name: '切換到簡體中文', exact: true })
    await visible(toCn, 'language toggle in zh-hk')
    expect((await toCn.innerText()).trim()).toBe('简')
    const back = page.waitForEvent('load', { timeout: UI_TIMEOUT })
    await toCn.click()
    await back
    await visible(mainNav().getByRole('link', { name: '新闻', exact: true }), 'nav 新闻 after switching back')
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value ?? 'zh-cn').toBe('zh-cn')
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN')
  })

  it('zh-hk everywhere (issue 24): the main pages a signed-in Hong Kong reader opens hold no simplified character and no mainland term', async () => {
    const host = new URL(server.url).hostname
    await page.context().addCookies([...(await signUp(server, '13700000852')), { name: 'lang', value: 'zh-hk' }].map((c) => ({ ...c, domain: host, path: '/' })))
    const pages = ['/', '/market', '/stock/hk00700', '/news', '/member', '/member/payment', '/my/setting', '/my/purchase', '/message', '/chat', '/search?keyword=騰訊']
    const found: string[] = []
    for (const path of pages) {
      await visit(page, server, path, { axe: false })
      await settle(page)
      // the language toggle offers 简 to switch back: the one simplified character a zh-hk page shows on purpose
      const text = (await page.locator('body').innerText()).replace(/简/g, '')
      const chars = [...new Set(simplifiedCharsIn(text))]
      const terms = [...new Set(mainlandTermsIn(text))]
      if (chars.length + terms.length > 0) found.push(`${path}: ${chars.join('')} ${terms.join('、')}`)
    }
    await shot(page, 'zh-hk-search')
    expect(found).toEqual([])
  })

  it('the long tail (issue 25): each activity page, /app-update, /recruit, /huiluyan/index and the fund pages are real pages; the protocol layout hides its chrome at ≤ 750 px', async () => {
    const pages: [string, string, string][] = [
      ['/activity/20200928', '国庆港股投资月', 'activity-20200928'],
      ['/activity/20201009', '新股认购季', 'activity-20201009'],
      ['/activity/20201023', '美股大选专题', 'activity-20201023'],
      ['/activity/20201104', '双十一会员节', 'activity-20201104'],
      ['/activity/20220117', '新春投资挑战赛', 'activity-20220117'],
      ['/activity/20211115', '模拟组合大赛', 'activity-20211115'],
      ['/activity/kefu/1', '在线客服', 'activity-kefu'],
      ['/app-update', '下载港美汇 App', 'app-update'],
      ['/recruit', '加入我们', 'recruit'],
      ['/huiluyan/index', '汇路演', 'huiluyan'],
      ['/fundHomeV2/etfSubject', 'ETF 专题', 'fund-etf-subject'],
      ['/fundHomeV2/watchlist', '基金自选', 'fund-watchlist'],
    ]
    for (const [path, title, name] of pages) {
      await visit(page, server, path, { axe: false })
      await visible(page.getByRole('heading', { level: 1, name: title }), `${path}: its title`)
      if (path.startsWith('/activity/2')) await visible(page.getByRole('link', { name: '查看组合详情' }), `${path}: the activity portfolio`)
      expect(await page.getByText('栏目建设中').count(), path).toBe(0)
      await shot(page, `longtail-${name}`)
      expectNoProblems(page, path)
    }
    // spec 000 §2: header and footer of the protocol layout are hidden at 750 px or less, shown above
    await page.setViewportSize({ width: 700, height: 900 })
    await visit(page, server, '/terms/privacy', { axe: false })
    // the document itself, not its loading skeleton, in the picture
    await visible(page.getByRole('main').getByRole('heading', { level: 1 }), 'the privacy document at 700 px')
    await expect.poll(() => page.getByRole('banner').isVisible(), { timeout: UI_TIMEOUT }).toBe(false)
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false)
    await shot(page, 'longtail-protocol-narrow')
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect.poll(() => page.getByRole('banner').isVisible(), { timeout: UI_TIMEOUT }).toBe(true)
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true)
  })

  it('an unknown route shows the 404 page with a link home; a missing article shows its not-found state', async () => {
    // the status is 404 too (issue 23), while a page of the client, with or without /zh-hk, is 200
    const status = async (path: string) => (await page.request.get(`${server.url}${path}`, { headers: { Accept: 'text/html' } })).status()
    expect([await status('/no-such-page'), await status('/zh-hk/no-such'), await status('/news/1'), await status('/zh-hk/market'), await status('/')]).toEqual([404, 404, 200, 200, 200])
    await go('/no-such-page')
    await visible(page.getByText('页面不存在'), '404 text 页面不存在')
    const home = page.getByRole('main').getByRole('link', { name: '返回首页' })
    await visible(home, 'link home on the 404 page')
    expect(await home.first().getAttribute('href')).toBe('/')
    await visible(banner(), 'header on the 404 page')
    await shot(page, '404')
    // the page's own 404 status is the point (issue 23); nothing else may fail
    const own = `${server.url}/no-such-page`
    expect(problems(page).list().filter((p) => p.url !== own), `404 page: ${problems(page).describe()}`).toEqual([])

    await home.first().click()
    await page.waitForURL((u) => u.pathname === '/', { timeout: UI_TIMEOUT })
    await waitForHrefs(page.getByRole('main'), NEWS_HREF, 'home after following the 404 link')

    const res = await fetch(`${server.url}/api/news/99999999/v3`)
    const body = (await res.json()) as { statusCode: number }
    expect(body.statusCode).not.toBe(200)

    problems(page).clear()
    await go('/news/99999999')
    await visible(page.getByText('文章不存在或已删除'), 'article-not-found text')
    await shot(page, 'news-not-found')
    // the API's not-found answer is expected here; nothing else may fail
    const unexpected = problems(page)
      .list()
      .filter((p) => !p.url.includes('/api/news/99999999/v3'))
    expect(unexpected, problems(page).describe()).toEqual([])
  })
})
