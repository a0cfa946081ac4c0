// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import { firstCallKey, firstCalls } from '../../core/api/first-screen'
import { article, channel, fakeHttp, flash, makeServices, page, renderUi, type CallRecord } from '../testing/render'
import { HomePage } from './home-page'

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

/** what the server inlines on / (core/api/first-screen.ts): the answers of the home page's first calls */
function initialHome(path = '/') {
  return {
    path,
    answers: {
      [firstCallKey(firstCalls.channels())]: channels,
      [firstCallKey(firstCalls.homeFeed('home'))]: page(firstPage, true),
      [firstCallKey(firstCalls.sideLives())]: page(lives, false),
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
    const http = fakeHttp({ 'channels.list': channels, 'channels.articles': page([], false), 'live.all': page(lives, false) })
    renderUi(<HomePage />, { services: makeServices({ http }) })
    expect(await screen.findByText('暂无内容')).toBeTruthy()
    expect(screen.queryByRole('list', { name: '文章列表' })).toBeNull()
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull()
  })
})
