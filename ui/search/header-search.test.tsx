// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { ApiError } from '../../core/api/api-error'
import { readHistory, SEARCH_HISTORY_KEY } from '../../core/search/search-history'
import { fakeHttp, makeServices, renderUi, siteConfig } from '../testing/render'
import { HeaderSearch } from './header-search'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const box = () => screen.getByRole('combobox')
const answer = {
  searchStock: { list: [{ id: 'hk00700', code: '00700', codeDisp: '00700.HK', ipoStatus: 1, market: 'hk', name: '腾讯控股', nameDisp: '腾讯控股', category: 'stock' }], total: 1, hasMore: false },
  searchPost: { list: [{ id: 5, title: '腾讯控股<b>季度</b>业绩', summary: '', coverUrl: '', author: { id: 1, nick: 'a', avatar: '' }, createTimestamp: 1, isVip: false, titleHighlights: [[0, 2]], summaryHighlights: [] }], total: 1, hasMore: false },
  searchLive: { list: [], total: 0, hasMore: false },
  searchUser: { list: [], total: 0, hasMore: false },
  searchPortfolio: { list: [], total: 0, hasMore: false },
  searchFinancialCircle: { list: [], total: 0, hasMore: false },
}

function setup(answers: Record<string, unknown> = {}, history: string[] = []) {
  const http = fakeHttp({
    'search.featured': { hotStocks: [{ id: 'usAAPL', name: '苹果', code: 'AAPL', market: 'us' }], keywords: [] },
    'search.box': answer,
    ...answers,
  })
  const services = makeServices({ http, config: siteConfig({ trendingSearchKeywords: '英伟达,美联储' }) })
  if (history.length) services.store.set(SEARCH_HISTORY_KEY, JSON.stringify(history))
  return { ...renderUi(<HeaderSearch />, { services }), http, services }
}

describe('HeaderSearch', () => {
  it('focus with an empty box shows hot stocks and the history', async () => {
    setup({}, ['美团', '小米'])
    fireEvent.focus(box())
    const popup = await screen.findByTestId('search-popup')
    expect(await within(popup).findByText('苹果')).toBeTruthy()
    const history = within(popup).getByRole('list', { name: '搜索历史' })
    expect(within(history).getAllByRole('button').map((b) => b.textContent)).toEqual(['美团', '小米'])
  })

  it('shows the empty history text and still the box when hot stocks fail', async () => {
    setup({ 'search.featured': () => { throw new ApiError({ statusCode: 500, message: 'x' }) } })
    fireEvent.focus(box())
    expect(await screen.findByText('暂无搜索历史')).toBeTruthy()
    expect(screen.queryByRole('list', { name: '热门股票' })).toBeNull()
  })

  it('the placeholder shows the trending keyword, rotating every 5 s', async () => {
    vi.useFakeTimers()
    setup()
    expect(box().getAttribute('placeholder')).toBe('英伟达')
    await act(async () => {
      vi.advanceTimersByTime(5_000)
    })
    expect(box().getAttribute('placeholder')).toBe('美联储')
  })

  it('typing searches after a 500 ms pause and shows grouped, highlighted results as text', async () => {
    vi.useFakeTimers()
    const { http } = setup()
    fireEvent.change(box(), { target: { value: '腾讯' } })
    await act(async () => {
      vi.advanceTimersByTime(499)
    })
    expect(http.callsTo('search.box')).toHaveLength(0)
    expect(screen.getByText('搜索中…')).toBeTruthy()
    await act(async () => {
      vi.advanceTimersByTime(1)
    })
    vi.useRealTimers()
    expect(http.callsTo('search.box')[0]!.input?.query).toEqual({ keyword: '腾讯', count: 3 })
    const stocks = await screen.findByRole('region', { name: '股票' })
    expect(within(stocks).getByRole('link').getAttribute('href')).toBe('/stock/hk00700')
    const posts = screen.getByRole('region', { name: '文章' })
    const link = within(posts).getByRole('link')
    expect(link.textContent).toBe('腾讯控股<b>季度</b>业绩')
    expect(link.querySelector('b')).toBeNull()
    expect(link.querySelector('mark')?.textContent).toBe('腾讯')
    expect(screen.getByText('查看全部搜索结果')).toBeTruthy()
    expect(screen.queryByRole('region', { name: '快讯' })).toBeNull()
  })

  it('says so when nothing is found, and when the search fails', async () => {
    const empty = { searchStock: { list: [], total: 0, hasMore: false } }
    setup({ 'search.box': (i: { query: { keyword: string } }) => (i.query.keyword === '坏' ? Promise.reject(new ApiError({ statusCode: 500, message: 'x' })) : empty) })
    fireEvent.change(box(), { target: { value: '无' } })
    expect(await screen.findByText('没有找到相关结果', {}, { timeout: 2000 })).toBeTruthy()
    fireEvent.change(box(), { target: { value: '坏' } })
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe('搜索失败，请稍后重试')
  })

  it('Enter saves the keyword to history (storage) and opens the results page; an outside click closes', async () => {
    const { location, services } = setup({}, ['小米'])
    fireEvent.change(box(), { target: { value: ' 腾讯 ' } })
    fireEvent.submit(screen.getByRole('search'))
    expect(location.history.at(-1)).toBe(`/search?keyword=${encodeURIComponent('腾讯')}`)
    expect(readHistory(services.store)).toEqual(['腾讯', '小米'])
    expect(screen.queryByTestId('search-popup')).toBeNull()
    fireEvent.focus(box())
    await screen.findByTestId('search-popup')
    fireEvent.mouseDown(document.body)
    expect(screen.queryByTestId('search-popup')).toBeNull()
  })

  it('an empty submit searches the hot word on display; a history entry searches itself', async () => {
    const { location } = setup({}, ['小米'])
    fireEvent.submit(screen.getByRole('search'))
    expect(location.history.at(-1)).toBe(`/search?keyword=${encodeURIComponent('英伟达')}`)
    expect((box() as HTMLInputElement).value).toBe('英伟达')
    fireEvent.change(box(), { target: { value: '' } })
    fireEvent.click(await screen.findByRole('button', { name: '小米' }))
    expect(location.history.at(-1)).toBe(`/search?keyword=${encodeURIComponent('小米')}`)
  })

  it('circles found show in the 财富圈 group and lead to the circle’s page (issue 27)', async () => {
    setup({ 'search.box': { ...answer, searchFinancialCircle: { list: [{ id: 7, name: '腾讯价值投资圈', avatar: '' }], total: 1, hasMore: false } } })
    fireEvent.change(box(), { target: { value: '腾讯' } })
    const circles = await screen.findByRole('region', { name: '财富圈' }, { timeout: 2000 })
    const link = within(circles).getByRole('link')
    expect(link.getAttribute('href')).toBe('/chiefCircle/detail/7')
    expect(link.textContent).toBe('腾讯价值投资圈')
  })
})
