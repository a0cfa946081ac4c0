// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../core/api/api-error'
import { article, articleDetail, fakeHttp, flash, makeServices, page, renderUi } from './testing/render'
import { App } from './app'

// The routes' pages are lazy chunks. Load their modules once before the tests: the first import
// transforms the module (seconds on a busy machine), which must not eat a findBy's 1 s budget;
// lazy() then resolves from the module cache.
beforeAll(async () => {
  await Promise.all([
    import('./common/status-pages'),
    import('./pages/news-list-page'),
    import('./pages/news-detail-page'),
    import('./pages/live-list-page'),
    import('./pages/live-detail-page'),
    import('./posting/my-lists'),
  ])
}, 60_000)

beforeEach(() => {
  // jsdom does not implement scrolling; App resets the scroll position on every navigation
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
})
afterEach(cleanup)

function renderApp(path: string, http = fakeHttp()) {
  return renderUi(<App />, { path, services: makeServices({ http }) })
}

describe('App routes', () => {
  it('an unknown route shows 页面不存在 in the default layout', async () => {
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy()
    expect(screen.getByText('404')).toBeTruthy()
    expect(screen.getByText('您访问的页面不存在或已被删除。')).toBeTruthy()
    // default layout: the logo is the page's h1 next to the 404 heading
    expect(screen.getByRole('heading', { level: 1, name: '港美汇' })).toBeTruthy()
    // the title is set by the page's effect, which may run just after the heading is on screen
    await waitFor(() => expect(document.title).toBe('页面不存在 - 港美汇'))
  })

  it('every /my/* page of issue 12 and /myHome/commentMe shows a guest the not-logged-in panel, never a 403', async () => {
    for (const path of ['/my/publish', '/my/favorite', '/my/comment', '/my/reading', '/myHome/commentMe']) {
      const http = fakeHttp()
      renderApp(path, http)
      expect(await screen.findByTestId('not-logged-in'), path).toBeTruthy()
      expect(screen.queryByText('403'), path).toBeNull()
      expect(http.calls, path).toEqual([])
      cleanup()
    }
  })

  it('a spec route of a later issue (/community/…) shows the coming-soon page, not a 404', async () => {
    renderApp('/community/later')
    expect(await screen.findByRole('heading', { name: '栏目建设中' })).toBeTruthy()
    expect(screen.getByText('“热帖”栏目即将上线，敬请期待。')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: '页面不存在' })).toBeNull()
  })

  it('a news id that is not a number is a 404', async () => {
    const http = fakeHttp()
    renderApp('/news/abc', http)
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy()
    expect(http.callsTo('news.detail')).toEqual([])
  })

  it('/news/{id} renders the article in the details layout (logo as h2)', async () => {
    const http = fakeHttp({ 'news.detail': articleDetail(42, { title: '恒指收涨1.2%', related: [article(43)] }) })
    renderApp('/news/42', http)
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('恒指收涨1.2%')
    expect(screen.getByRole('heading', { level: 2, name: '港美汇' })).toBeTruthy()
    expect(http.callsTo('news.detail').map((c) => c.input)).toEqual([{ params: { id: 42 } }])
  })

  it('/news/{id} answered 404 shows 文章不存在或已删除', async () => {
    const http = fakeHttp({ 'news.detail': () => Promise.reject(new ApiError({ statusCode: 404, message: 'Not Found' })) })
    renderApp('/news/7', http)
    expect(await screen.findByRole('heading', { name: '文章不存在或已删除' })).toBeTruthy()
  })

  it('navigating resets the scroll position and moves between routes', async () => {
    const http = fakeHttp({ 'live.all': page([flash(1, { content: '港股收盘' })], false) })
    const { location } = renderApp('/community/later', http)
    await screen.findByRole('heading', { name: '栏目建设中' })
    const header = screen.getByRole('banner')
    const scrolls = vi.mocked(window.scrollTo).mock.calls.length
    act(() => location.navigate('/live'))
    expect(await screen.findByRole('heading', { level: 1, name: '7×24 快讯' })).toBeTruthy()
    expect(await screen.findByText(/港股收盘/)).toBeTruthy()
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBeGreaterThan(scrolls)
    // one layout stays mounted: the header (and its search box and session) is the same element
    expect(screen.getByRole('banner')).toBe(header)
    const nav = screen.getByRole('navigation', { name: '主导航' })
    expect(within(nav).getByRole('link', { name: '快讯' }).getAttribute('aria-current')).toBe('page')
  })
})
