// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import { firstCallKey, firstCalls } from '../../core/api/first-screen'
import { article, channel, fakeHttp, flash, makeServices, page, renderUi, type CallRecord } from '../testing/render'
import { HomePage } from './home-page'
import type { NetChange, HomePageData, MarketFlow } from '../../core/api/market'
import type { OpportunityRemind } from '../../core/api/content'

afterEach(cleanup)

const channels = [channel(1, 'hk', '港股'), channel(2, 'us', '美股')]
const firstPage = [article(101, { title: '港股午评：恒指涨1.2%' }), article(102, { title: '美联储议息前瞻' })]
const secondPage = [article(103, { title: '腾讯发布季度财报' }), article(104, { title: '英伟达市值再创新高' })]
const lives = [flash(1, { title: '恒指收涨', content: '恒生指数收涨1.2%' }), flash(2, { content: '美元指数走弱' })]

const feed = () => screen.getByRole('list', { name: '文章列表' })
const feedTitles = () =>
  within(feed())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent)

// the side column (issue 25): /hq/home-page-data, the capital flow, the opportunity reminders
const quote = (stockCode: string, name: string, price: number, change: number, changePercent: number): NetChange => ({
  stockCode, name, status: 'trading', time: 1_710_000_000, price, prevClose: price - change, change, changePercent, volume: 1, turnover: 1,
})
const market: HomePageData = {
  indices: [quote('hkHSI', '恒生指数', 1_712_345, 20_000, 1.18), quote('usDJI', '道琼斯', 3_912_300, -5_000, -0.13)],
  breadth: [
    { market: 'hk', status: 'trading', up: 70, down: 25, flat: 4 },
    { market: 'us', status: 'closed', up: 30, down: 40, flat: 2 },
  ],
  hotStocks: [{ rank: 1, stockCode: 'hk00700', name: '腾讯控股', price: 38_000, changePercent: 2.5, heat: 12_345 }],
}
const flows: MarketFlow[] = [
  {
    market: 'hk', currency: 'HKD', inflow: 3_000_000_000, outflow: 1_800_000_000, netInflow: 1_200_000_000, time: 1_710_000_000,
    topInflow: [{ stockCode: 'hk00700', name: '腾讯控股', netInflow: 350_000_000, changePercent: 2.5 }],
    topOutflow: [{ stockCode: 'hk09988', name: '阿里巴巴-W', netInflow: -120_000_000, changePercent: -1.2 }],
  },
]
const reminds: OpportunityRemind[] = [
  { id: 7, kind: 'dividend', title: '汇丰控股除净日临近', content: '汇丰控股将于2024-03-20除净', stocks: [{ id: 'hk00005', name: '汇丰控股' }], eventTimestamp: Date.UTC(2024, 2, 20, 4) / 1000, createTimestamp: 1_710_000_000 },
]
const sideAnswers = () => ({ 'market.homePageData': market, 'market.flowEntrance': flows, 'opportunityRemind.list': page(reminds, false) })

/** what the server inlines on / (core/api/first-screen.ts): the answers of the home page's first calls */
function initialHome(path = '/') {
  return {
    path,
    answers: {
      [firstCallKey(firstCalls.channels())]: channels,
      [firstCallKey(firstCalls.homeFeed('home'))]: page(firstPage, true),
      [firstCallKey(firstCalls.sideLives())]: page(lives, false),
      [firstCallKey(firstCalls.homeMarket())]: market,
      [firstCallKey(firstCalls.homeFlow())]: flows,
      [firstCallKey(firstCalls.homeReminds())]: page(reminds, false),
    },
  }
}

describe('HomePage', () => {
  it('renders the inlined first screen (articles, flashes, channel tabs) with no HTTP call', async () => {
    const http = fakeHttp()
    const services = makeServices({ http, initial: initialHome() })
    renderUi(<HomePage />, { services })

    expect(feedTitles()).toEqual(['港股午评：恒指涨1.2%', '美联储议息前瞻'])
    expect(within(feed()).getByRole('link', { name: '美联储议息前瞻' }).getAttribute('href')).toBe('/news/102')
    expect(screen.getByText('恒指收涨')).toBeTruthy()
    expect(screen.getByRole('link', { name: /恒指收涨/ }).getAttribute('href')).toBe('/live/1')
    const tabs = screen.getByRole('navigation', { name: '文章列表' })
    expect(within(tabs).getByRole('link', { name: '推荐' }).getAttribute('aria-current')).toBe('page')
    expect(within(tabs).getByRole('link', { name: '美股' }).getAttribute('href')).toBe('/tag/us')
    expect(screen.getByRole('button', { name: '加载更多' })).toBeTruthy()
    // every fetch of the page goes through the lazily imported calls module: once every dynamic
    // import started has loaded (and the callbacks chained on it have run), nothing was fetched
    await vi.dynamicImportSettled()
    expect(http.calls).toEqual([])
  })

  it('加载更多 asks channels.articles for the page after the last item and appends it', async () => {
    const http = fakeHttp({ 'channels.articles': page(secondPage, false) })
    renderUi(<HomePage />, { services: makeServices({ http, initial: initialHome() }) })

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }))
    await vi.dynamicImportSettled() // the contract loads on the first call (ui/pages/api.ts)
    await waitFor(() => expect(feedTitles()).toEqual(['港股午评：恒指涨1.2%', '美联储议息前瞻', '腾讯发布季度财报', '英伟达市值再创新高']))
    expect(http.callsTo('channels.articles')).toEqual<CallRecord[]>([
      {
        name: 'channels.articles',
        input: { params: { type: 'home' }, query: { timestamp: firstPage[1]!.createTimestamp, loaded: 2, count: 20 } },
      },
    ])
    // the last page says no more
    expect((screen.getByRole('button', { name: '没有更多了' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('without inlined data it fetches channels, the first feed page and the side flashes', async () => {
    const http = fakeHttp({
      'channels.list': channels,
      'channels.articles': page(firstPage, true),
      'live.all': page(lives, true),
      ...sideAnswers(),
    })
    renderUi(<HomePage />, { services: makeServices({ http }) })

    await waitFor(() => expect(feedTitles()).toEqual(['港股午评：恒指涨1.2%', '美联储议息前瞻']))
    await screen.findByText('恒指收涨')
    await screen.findByRole('link', { name: '港股' })
    expect(http.callsTo('channels.articles').map((c) => c.input)).toEqual([{ params: { type: 'home' }, query: { count: 20 } }])
    expect(http.callsTo('live.all').map((c) => c.input)).toEqual([{ query: { limit: 12 } }])
    expect(http.callsTo('channels.list')).toHaveLength(1)
  })

  it('a /tag/{type} page loads that channel and ignores inlined data for another channel', async () => {
    const http = fakeHttp({
      'channels.list': channels,
      'channels.articles': page([article(201, { title: '美股收评' })], false),
      'live.all': page(lives, false),
    })
    renderUi(<HomePage type="us" />, { path: '/tag/us', services: makeServices({ http, initial: initialHome('/tag/us') }) })
    await waitFor(() => expect(feedTitles()).toEqual(['美股收评']))
    expect(http.callsTo('channels.articles').map((c) => c.input)).toEqual([{ params: { type: 'us' }, query: { count: 20 } }])
    const tabs = screen.getByRole('navigation', { name: '文章列表' })
    await waitFor(() => expect(within(tabs).getByRole('link', { name: '美股' }).getAttribute('aria-current')).toBe('page'))
  })

  it('a failing call shows the error with 重试, and retrying loads the feed', async () => {
    let attempts = 0
    const http = fakeHttp({
      'channels.list': channels,
      'live.all': page(lives, false),
      ...sideAnswers(),
      'channels.articles': () => {
        attempts += 1
        if (attempts === 1) return Promise.reject(new ApiError({ statusCode: 500, message: '服务器繁忙，请稍后再试' }))
        return page(firstPage, false)
      },
    })
    renderUi(<HomePage />, { services: makeServices({ http }) })

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('服务器繁忙，请稍后再试')
    expect(screen.queryByRole('list', { name: '文章列表' })).toBeNull()
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }))
    await waitFor(() => expect(feedTitles()).toEqual(['港股午评：恒指涨1.2%', '美联储议息前瞻']))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(attempts).toBe(2)
  })

  it('an empty feed shows 暂无内容', async () => {
    const http = fakeHttp({ 'channels.list': channels, 'channels.articles': page([], false), 'live.all': page(lives, false), ...sideAnswers() })
    renderUi(<HomePage />, { services: makeServices({ http }) })
    expect(await screen.findByText('暂无内容')).toBeTruthy()
    expect(screen.queryByRole('list', { name: '文章列表' })).toBeNull()
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull()
  })

  it('the side column (issue 25): the indices with their change, each market\'s breadth and hot stocks, the capital flow and the reminders, from the inlined answers', async () => {
    const http = fakeHttp()
    renderUi(<HomePage />, { services: makeServices({ http, initial: initialHome() }) })
    const strip = screen.getByRole('region', { name: '市场概览' })
    const indices = within(strip).getByRole('list', { name: '主要指数' })
    expect(within(indices).getByRole('link', { name: /恒生指数/ }).getAttribute('href')).toBe('/stock/hkHSI')
    expect(within(indices).getByText('17,123.45')).toBeTruthy()
    expect(within(indices).getByText('+1.18%')).toBeTruthy()
    expect(within(indices).getByText('-0.13%')).toBeTruthy()
    const breadth = within(strip).getByRole('list', { name: '涨跌分布' })
    expect(within(breadth).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['港股交易中涨 70跌 25平 4', '美股已收盘涨 30跌 40平 2'])
    expect(within(strip).getByRole('link', { name: '腾讯控股' }).getAttribute('href')).toBe('/stock/hk00700')
    expect(within(strip).getByText('热度 1.23万')).toBeTruthy()
    const flow = screen.getByRole('region', { name: '资金流向' })
    expect(within(flow).getByTestId('flow-hk').textContent).toContain('今日净流入+12.00亿HKD')
    expect(within(flow).getByText('流入 30.00亿 · 流出 18.00亿')).toBeTruthy()
    expect(within(within(flow).getByRole('list', { name: '净流入居前' })).getByRole('link', { name: '腾讯控股' })).toBeTruthy()
    expect(within(within(flow).getByRole('list', { name: '净流出居前' })).getByText('-1.20亿')).toBeTruthy()
    const remindBox = screen.getByRole('region', { name: '机会提醒' })
    expect(within(remindBox).getByText('派息')).toBeTruthy()
    expect(within(remindBox).getByText('汇丰控股除净日临近')).toBeTruthy()
    expect(within(remindBox).getByText('2024-03-20')).toBeTruthy()
    expect(within(remindBox).getByRole('link', { name: '汇丰控股' }).getAttribute('href')).toBe('/stock/hk00005')
    await vi.dynamicImportSettled()
    expect(http.calls).toEqual([])
  })

  it('without inlined side answers each panel asks its call; a failing one shows 重试 on its own', async () => {
    let fail = true
    const http = fakeHttp({
      'channels.list': channels,
      'channels.articles': page(firstPage, false),
      'live.all': page(lives, false),
      ...sideAnswers(),
      'market.flowEntrance': () => {
        if (fail) return Promise.reject(new ApiError({ statusCode: 500, message: '行情服务繁忙' }))
        return flows
      },
    })
    renderUi(<HomePage />, { services: makeServices({ http }) })
    const flow = await screen.findByRole('region', { name: '资金流向' })
    await waitFor(() => expect(within(flow).getByRole('alert').textContent).toContain('行情服务繁忙'))
    expect(await within(screen.getByRole('region', { name: '市场概览' })).findByText('+1.18%')).toBeTruthy()
    expect(http.callsTo('market.homePageData').map((c) => c.input)).toEqual([{}])
    expect(http.callsTo('opportunityRemind.list').map((c) => c.input)).toEqual([{ query: { page: 1, count: 5 } }])
    fail = false
    fireEvent.click(within(flow).getByRole('button', { name: '重试' }))
    await waitFor(() => expect(within(flow).getByTestId('flow-hk')).toBeTruthy())
  })

  it('/tag/{type} shows the channel\'s head from /api/channels/{id}/v1: its count, last update and sub-channels', async () => {
    const http = fakeHttp({
      'channels.list': channels,
      'channels.articles': page([article(201, { title: '美股收评' })], false),
      'live.all': page(lives, false),
      ...sideAnswers(),
      'channels.detail': { id: 2, type: 'us', name: '美股', sort: 2, articleCount: 42, latestTimestamp: Date.UTC(2024, 2, 15, 2) / 1000, subChannels: [{ type: 'us-bigtech', name: '美股巨头' }] },
    })
    renderUi(<HomePage type="us" />, { path: '/tag/us', services: makeServices({ http, initial: initialHome('/tag/us') }) })
    const head = await screen.findByRole('group', { name: '美股频道' })
    expect(head.textContent).toContain('共 42 篇文章')
    expect(head.textContent).toContain('最近更新 2024-03-15')
    expect(within(within(head).getByRole('list', { name: '子频道' })).getByText('美股巨头')).toBeTruthy()
    expect(http.callsTo('channels.detail').map((c) => c.input)).toEqual([{ params: { id: 2 } }])
  })
})
