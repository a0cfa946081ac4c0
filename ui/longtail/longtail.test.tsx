// @vitest-environment jsdom
// The long tail of spec 000 §2: the seven activity pages (activity layout, activity portfolio 80 of §9),
// /app-update, /recruit, /huiluyan/index, /fundHomeV2/etfSubject, /fundHomeV2/watchlist; and, through
// the App, the layout rules: the activity layout, no footer on chatroom pages, scroll to top on navigation.
import { act, cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import type { PortfolioHead } from '../../core/api/portfolio'
import type { UserStockItem } from '../../core/api/market'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { renderApp } from '../testing/render-app'
import { FundWatchlistPage } from './info-pages'
import type { ReactElement } from 'react'

beforeAll(async () => {
  await Promise.all([import('./activity-pages'), import('./info-pages'), import('../common/status-pages')])
}, 60_000)
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
})
afterEach(cleanup)

const head = (code: string, over: Partial<PortfolioHead> = {}): PortfolioHead => ({
  portfolioCode: code,
  name: '港股价值精选',
  nameDisp: '港股价值精选',
  market: 'hk',
  owner: { id: 9, nick: '活动小助手', avatar: '' },
  netValue: 1.23456,
  dayProfit: 1.5,
  totalProfit: -3.2,
  followerCount: 1024,
  closed: false,
  createTimestamp: 1_600_000_000,
  benchmark: { stockCode: 'HKHSI', name: '恒生指数' },
  maxDrawdown: 5,
  cashWeight: 10,
  adjustCount: 2,
  closeTimestamp: null,
  followed: false,
  isOwner: false,
  ...over,
} as PortfolioHead)

// a signed-in reader's page alone (the header's bell wants the full login info, not this test's business)
function renderPage(page: ReactElement, http: ReturnType<typeof fakeHttp>, session: ReturnType<typeof testSession>) {
  return renderUi(<WithSession actor={session}>{page}</WithSession>, { services: makeServices({ http }) })
}

describe('the activity pages', () => {
  it('each of the five fixed activities has its title, rules and the activity portfolio 80, in the activity layout', async () => {
    const titles: Record<string, string> = { '20200928': '国庆港股投资月', '20201009': '新股认购季', '20201023': '美股大选专题', '20201104': '双十一会员节', '20220117': '新春投资挑战赛' }
    for (const [id, title] of Object.entries(titles)) {
      const http = fakeHttp({ 'portfolio.detail': head('80') })
      renderApp(`/activity/${id}`, http)
      expect(await screen.findByRole('heading', { level: 1, name: title }), id).toBeTruthy()
      expect(screen.getByRole('main').getAttribute('data-layout')).toBe('activity')
      // the activity layout: the brand bar, no site navigation; the footer stays
      expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull()
      expect(screen.getByRole('contentinfo')).toBeTruthy()
      expect(within(screen.getByRole('region', { name: '活动规则' })).getAllByRole('listitem').length).toBe(3)
      const card = await screen.findByTestId('activity-portfolio')
      expect(within(card).getByText('1.2346')).toBeTruthy()
      expect(within(card).getByText('+1.50%')).toBeTruthy()
      expect(within(card).getByText('-3.20%')).toBeTruthy()
      expect(within(card).getByRole('link', { name: '查看组合详情' }).getAttribute('href')).toBe('/portfolio/80')
      expect(http.callsTo('portfolio.detail').map((c) => c.input)).toEqual([{ params: { code: '80' } }])
      expect(document.title).toBe(`${title} - 港美汇`)
      cleanup()
    }
  })

  it('/activity/20211115 shows portfolio 80, /activity/20211115/{id} the portfolio named, a bad id is a 404', async () => {
    let http = fakeHttp({ 'portfolio.detail': head('80') })
    renderApp('/activity/20211115', http)
    expect(await screen.findByRole('heading', { level: 1, name: '模拟组合大赛' })).toBeTruthy()
    await screen.findByTestId('activity-portfolio')
    expect(http.callsTo('portfolio.detail').map((c) => c.input)).toEqual([{ params: { code: '80' } }])
    cleanup()

    http = fakeHttp({ 'portfolio.detail': (i: { params?: { code?: string } }) => head(i.params?.code ?? '', { nameDisp: '美股成长' }) })
    renderApp('/activity/20211115/81', http)
    expect(within(await screen.findByTestId('activity-portfolio')).getByRole('link', { name: '查看组合详情' }).getAttribute('href')).toBe('/portfolio/81')
    expect(screen.getByText('美股成长')).toBeTruthy()
    cleanup()

    http = fakeHttp()
    renderApp('/activity/20211115/abc', http)
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy()
    expect(http.calls).toEqual([])
  })

  it('a portfolio the server does not know shows its message with a retry, not an empty card', async () => {
    const http = fakeHttp({ 'portfolio.detail': () => Promise.reject(new ApiError({ statusCode: 404, message: '组合不存在' })) })
    renderApp('/activity/20211115/99999', http)
    expect(await screen.findByText('组合不存在')).toBeTruthy()
  })

  it('/activity/kefu/{id?} links to the online customer service the server names, with the FAQ', async () => {
    const http = fakeHttp({ onlineCustomer: { url: '/terms/contact' } })
    renderApp('/activity/kefu/A12', http)
    expect(await screen.findByRole('heading', { level: 1, name: '在线客服' })).toBeTruthy()
    expect((await screen.findByRole('link', { name: '联系在线客服' })).getAttribute('href')).toBe('/terms/contact')
    expect(screen.getByText('咨询编号：A12')).toBeTruthy()
    expect(screen.getByText('如何开通会员？')).toBeTruthy()
    expect(http.callsTo('onlineCustomer')).toHaveLength(1)
  })
})

describe('the other long-tail pages', () => {
  it('/app-update, /recruit, /huiluyan/index and /fundHomeV2/etfSubject show their content', async () => {
    renderApp('/app-update')
    expect(await screen.findByRole('heading', { level: 1, name: '下载港美汇 App' })).toBeTruthy()
    expect(screen.getByText('最新版本 10.7.0')).toBeTruthy()
    expect(await screen.findByRole('img', { name: '手机扫码下载' })).toBeTruthy()
    expect(screen.getByText('快讯新增“只看重要”筛选')).toBeTruthy()
    cleanup()

    renderApp('/recruit')
    expect(await screen.findByRole('heading', { level: 1, name: '加入我们' })).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['港股研究员', '财经编辑', '前端工程师', '社区运营'])
    expect(screen.getByRole('main').getAttribute('data-layout')).toBe('default')
    cleanup()

    renderApp('/huiluyan/index')
    expect(await screen.findByRole('heading', { level: 1, name: '汇路演' })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: '即将开始' })).getAllByRole('listitem')).toHaveLength(2)
    expect(within(screen.getByRole('region', { name: '精彩回放' })).getAllByRole('listitem')).toHaveLength(2)
    cleanup()

    renderApp('/fundHomeV2/etfSubject')
    expect(await screen.findByRole('heading', { level: 1, name: 'ETF 专题' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '盈富基金' }).getAttribute('href')).toBe('/stock/HK02800')
    expect(screen.getByRole('link', { name: '标普500ETF' }).getAttribute('href')).toBe('/stock/USSPY')
  })

  it('/fundHomeV2/watchlist: a guest sees the not-logged-in panel and no call; a reader sees the ETFs of the watchlist', async () => {
    let http = fakeHttp()
    renderApp('/fundHomeV2/watchlist', http)
    expect(await screen.findByTestId('not-logged-in')).toBeTruthy()
    expect(http.calls).toEqual([])
    cleanup()

    const item = (id: string, name: string, category: UserStockItem['category'], changePercent: number) =>
      ({ id, code: id.slice(2), codeDisp: id.slice(2), name, nameDisp: name, category, market: 'hk', price: 2_345, changePercent }) as unknown as UserStockItem
    http = fakeHttp({ 'userstock.listV2': [item('HK02800', '盈富基金', 'etf', 0.5), item('HK00700', '腾讯控股', 'stock', 1)] })
    renderPage(<FundWatchlistPage />, http, testSession({ id: 5 }))
    const list = await screen.findByTestId('fund-watchlist')
    expect(within(list).getByRole('link', { name: '盈富基金' }).getAttribute('href')).toBe('/stock/HK02800')
    expect(within(list).queryByText('腾讯控股')).toBeNull()
    expect(within(list).getByText('23.45')).toBeTruthy()
    expect(within(list).getByText('+0.50%')).toBeTruthy()
    cleanup()

    http = fakeHttp({ 'userstock.listV2': [] })
    renderPage(<FundWatchlistPage />, http, testSession({ id: 5 }))
    expect(await screen.findByText('还没有自选基金，去 ETF 专题看看')).toBeTruthy()
    expect(screen.getByRole('link', { name: '去 ETF 专题' }).getAttribute('href')).toBe('/fundHomeV2/etfSubject')
  })
})

describe('the layout rules across navigation (spec 000 §2)', () => {
  it('scrolls to the top on each navigation and switches layout: activity → default → chatroom page without footer', async () => {
    const http = fakeHttp({ 'portfolio.detail': head('80') })
    const { location } = renderApp('/activity/20200928', http)
    await screen.findByRole('heading', { level: 1, name: '国庆港股投资月' })
    const calls = () => vi.mocked(window.scrollTo).mock.calls.length
    let before = calls()
    act(() => location.navigate('/recruit'))
    expect(await screen.findByRole('heading', { level: 1, name: '加入我们' })).toBeTruthy()
    expect(calls()).toBeGreaterThan(before)
    expect(vi.mocked(window.scrollTo).mock.calls.at(-1)).toEqual([0, 0])
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
    before = calls()
    act(() => location.navigate('/chiefChatroom'))
    await vi.waitFor(() => expect(screen.getByRole('main').getAttribute('data-layout')).toBe('default'))
    expect(calls()).toBeGreaterThan(before)
    expect(screen.queryByRole('contentinfo')).toBeNull()
    expect(screen.getByRole('banner')).toBeTruthy()
  })
})
