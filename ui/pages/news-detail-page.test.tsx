// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import { article, articleDetail, fakeHttp, makeServices, renderUi, type CallRecord } from '../testing/render'
import { NewsDetailPage } from './news-detail-page'

afterEach(cleanup)

const detail = articleDetail(42, {
  title: '腾讯控股发布2023年第四季度业绩',
  summary: '收入同比增长7%，游戏业务企稳。',
  source: '港美汇研究',
  channelName: '港股',
  paragraphs: ['腾讯控股周三公布第四季度业绩。', '游戏业务收入同比持平。', '公司宣布加大回购力度。'],
  tags: ['财报'],
  stocks: [{ id: '00700', name: '腾讯控股' }],
  related: [article(43, { title: '港股科技股集体走强' }), article(44, { title: '南向资金连续净买入' })],
})

describe('NewsDetailPage', () => {
  it('renders the title as h1, the paragraphs and the related links', async () => {
    const http = fakeHttp({ 'news.detail': detail })
    renderUi(<NewsDetailPage id={42} />, { path: '/news/42', services: makeServices({ http }) })

    const title = await screen.findByRole('heading', { level: 1 })
    expect(title.textContent).toBe('腾讯控股发布2023年第四季度业绩')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const body = screen.getByRole('article')
    const paragraphs = detail.paragraphs.map((p) => within(body).getByText(p))
    expect(paragraphs.every((p) => p.tagName === 'P')).toBe(true)
    expect(within(body).getByText('收入同比增长7%，游戏业务企稳。')).toBeTruthy()
    expect(within(body).getByText('来源：港美汇研究')).toBeTruthy()
    expect(within(body).getByText('#财报')).toBeTruthy()

    const related = screen.getByRole('complementary')
    expect(within(related).getByRole('heading', { level: 2, name: '相关阅读' })).toBeTruthy()
    expect(within(related).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['港股科技股集体走强', '/news/43'],
      ['南向资金连续净买入', '/news/44'],
    ])
    expect(document.title).toBe('腾讯控股发布2023年第四季度业绩 - 港美汇')
    // the article and its related reading come from one read; what the page loads later (below the
    // first screen) may start before this line on a busy machine, so only the first call is pinned
    expect(http.calls[0]).toEqual<CallRecord>({ name: 'news.detail', input: { params: { id: 42 } } })
    expect(http.callsTo('news.detail')).toHaveLength(1)
  })

  it('paragraph text is shown as text, never as HTML', async () => {
    const http = fakeHttp({ 'news.detail': articleDetail(5, { paragraphs: ['<img src=x onerror=alert(1)>正文'] }) })
    renderUi(<NewsDetailPage id={5} />, { services: makeServices({ http }) })
    expect(await screen.findByText('<img src=x onerror=alert(1)>正文')).toBeTruthy()
    expect(screen.getByRole('article').querySelector('img[src="x"]')).toBeNull()
  })

  it('an ApiError 404 shows 文章不存在或已删除 with a home link', async () => {
    const http = fakeHttp({
      'news.detail': () => Promise.reject(new ApiError({ statusCode: 404, message: 'Not Found' })),
    })
    renderUi(<NewsDetailPage id={999} />, { path: '/news/999', services: makeServices({ http }) })
    const heading = await screen.findByRole('heading', { level: 1, name: '文章不存在或已删除' })
    expect(heading).toBeTruthy()
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/')
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
  })

  it('another failure shows the message with 重试, and retrying loads the article', async () => {
    let attempts = 0
    const http = fakeHttp({
      'news.detail': () => {
        attempts += 1
        return attempts === 1 ? Promise.reject(new ApiError({ statusCode: 503, message: '网络故障' })) : detail
      },
    })
    renderUi(<NewsDetailPage id={42} />, { services: makeServices({ http }) })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('网络故障')
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('腾讯控股发布2023年第四季度业绩'))
    expect(attempts).toBe(2)
  })

  it('beside the related links, readers\' posts on the article\'s first stock (issue 25: /api/post/list), with a link to the stock', async () => {
    const post = { id: 501, title: '', content: '腾讯回购力度加大，中长期看好', author: { id: 3, nick: '港股老王', avatar: '/a.svg' }, topic: null, stocks: [{ id: 'hk00700', name: '腾讯控股' }], pictureUrls: [], likeCount: 12_345, commentCount: 3, readCount: 100, createTimestamp: 1_710_000_000 }
    const http = fakeHttp({ 'news.detail': { ...detail, stocks: [{ id: 'hk00700', name: '腾讯控股' }] }, 'posts.byStock': { list: [post], hasMore: true, total: 9, page: 1 } })
    renderUi(<NewsDetailPage id={42} />, { path: '/news/42', services: makeServices({ http }) })
    const box = await screen.findByRole('region', { name: '腾讯控股 · 个股讨论' })
    expect(within(box).getByRole('link', { name: '腾讯回购力度加大，中长期看好' }).getAttribute('href')).toBe('/community/post/501')
    expect(within(box).getByText('港股老王 · 1.23万 赞')).toBeTruthy()
    expect(within(box).getByRole('link', { name: '更多讨论' }).getAttribute('href')).toBe('/stock/hk00700')
    expect(http.callsTo('posts.byStock').map((c) => c.input)).toEqual([{ query: { stockCode: 'hk00700', count: 3 } }])
  })

  it('no posts on the stock: no discussion box; no stock: no call', async () => {
    const http = fakeHttp({ 'news.detail': { ...detail, stocks: [{ id: 'usNOPE', name: '无名' }] }, 'posts.byStock': { list: [], hasMore: false } })
    renderUi(<NewsDetailPage id={42} />, { path: '/news/42', services: makeServices({ http }) })
    await screen.findByRole('heading', { level: 1 })
    await waitFor(() => expect(http.callsTo('posts.byStock')).toHaveLength(1))
    expect(screen.queryByRole('region', { name: /个股讨论/ })).toBeNull()
    cleanup()
    const none = fakeHttp({ 'news.detail': { ...detail, stocks: [] } })
    renderUi(<NewsDetailPage id={42} />, { path: '/news/42', services: makeServices({ http: none }) })
    await screen.findByRole('heading', { level: 1 })
    expect(none.callsTo('posts.byStock')).toEqual([])
  })
})
