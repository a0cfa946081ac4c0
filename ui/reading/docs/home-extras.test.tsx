// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../core/api/api-error'
import type { Ad, Banner, FeaturedHead, ResearchReport } from '../../../core/api/reading-docs'
import { article, fakeHttp, makeServices, page, renderUi } from '../../testing/render'
import HomeExtras from './home-extras'
import { HomeExtrasSlot } from './home-extras-slot'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.scrollY = 0
})

const banner = (id: number, title: string): Banner => ({ id, title, imageUrl: `/ad-art/banner/${id}.svg`, link: '/news' })
const ad: Ad = { id: 1, position: 23, showType: 1, title: '开户送港美股免佣卡', brief: '新客户免佣九十天', advertiser: '汇通证券', imageUrl: '/ad-art/ad/1.svg', link: '/official' }
const report = (id: number, isPay: boolean, title: string): ResearchReport => ({
  id, title, summary: '', institution: '中金公司', analyst: '王明', rating: '买入', coverUrl: '/covers/1.svg', stocks: [], isPay, priceCents: isPay ? 9900 : 0, pages: 20, createTimestamp: 1_710_000_000, readCount: 1200,
})
const head: FeaturedHead = { id: 1, title: '港股掘金', brief: '', imageUrl: '/ad-art/featured/1.svg', articleCount: 6 }

const answers = () => ({
  'channels.banner': [banner(1, '港股通资金连续五周净流入'), banner(2, '美股财报季前瞻')],
  'ads.homePage': [ad],
  'recommend.articles': [article(11, { title: '腾讯回购加速' }), article(12, { title: '美联储按兵不动' })],
  'topics.hot': [{ topicId: 5, topicName: '港股打新', readCount: 123_456, brief: '', postCount: 30 }],
  'research.free': page([report(1, false, '港股互联网年度展望')]),
  'research.pay': page([report(2, true, '新能源车出海深度')]),
  'featured.allHeads': [head],
  'ncp.data': { updateTimestamp: Date.UTC(2024, 2, 14, 4) / 1000, source: '演示数据（种子数据，非实时统计）', regions: [{ name: '全球', confirmed: 775_000_000, cured: 767_000_000, dead: 7_050_000 }, { name: '中国香港', confirmed: 2_880_000, cured: 2_860_000, dead: 13_500 }] },
})

describe('HomeExtras', () => {
  it('renders banner carousel, an ad marked 广告, recommended articles, hot topics, reports and featured heads', async () => {
    const http = fakeHttp(answers())
    renderUi(<HomeExtras />, { services: makeServices({ http }) })
    await waitFor(() => expect(screen.getByText('腾讯回购加速')).toBeTruthy())
    expect(screen.getByRole('link', { name: /港股通资金连续五周净流入/ }).getAttribute('href')).toBe('/news')
    fireEvent.click(screen.getByRole('button', { name: '第 2 张' }))
    expect(screen.getByRole('link', { name: /美股财报季前瞻/ })).toBeTruthy()
    const adBox = screen.getByRole('complementary', { name: '广告' })
    expect(within(adBox).getByText('广告')).toBeTruthy()
    expect(within(adBox).getByRole('link').getAttribute('rel')).toContain('sponsored')
    expect(within(adBox).getByRole('img', { name: '开户送港美股免佣卡' }).getAttribute('src')).toBe('/ad-art/ad/1.svg')
    expect(screen.getByRole('link', { name: '腾讯回购加速' }).getAttribute('href')).toBe('/news/11')
    expect(screen.getByRole('link', { name: '# 港股打新 #' }).getAttribute('href')).toBe('/community/topics/5')
    expect(screen.getByText('12.35万 阅读')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: '免费研报' })).getByRole('link', { name: '港股互联网年度展望' }).getAttribute('href')).toBe('/rss-detail/1')
    expect(within(screen.getByRole('region', { name: '付费研报' })).getByText('¥99.00')).toBeTruthy()
    expect(screen.getByText('港股掘金')).toBeTruthy()
    expect(http.callsTo('channels.banner')[0]!.input).toEqual({ params: { type: 'home' } })
    expect(http.callsTo('research.free')[0]!.input).toEqual({ params: { groupId: 1 }, query: { count: 3 } })
    // issue 25: spec 000 §7 /api/NCP_data, a table by region with its date and its source
    const ncp = screen.getByRole('region', { name: '新冠肺炎疫情数据' })
    const rows = within(ncp).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))
    expect(rows).toEqual([
      ['地区', '累计确诊', '治愈', '死亡'],
      ['全球', '7.75亿', '7.67亿', '705.00万'],
      ['中国香港', '288.00万', '286.00万', '1.35万'],
    ])
    expect(within(ncp).getByText('更新于 2024-03-14 · 演示数据（种子数据，非实时统计）')).toBeTruthy()
  })

  it('shows empty and error states per section, and retries', async () => {
    let fail = true
    const http = fakeHttp({
      ...answers(),
      'recommend.articles': () => {
        if (fail) throw new ApiError({ statusCode: 500, message: '服务繁忙' })
        return [article(21, { title: '重试后的推荐' })]
      },
      'topics.hot': [],
      'ads.homePage': [],
    })
    renderUi(<HomeExtras />, { services: makeServices({ http }) })
    const rec = await screen.findByRole('region', { name: '热门推荐' })
    await waitFor(() => expect(within(rec).getByRole('alert').textContent).toContain('服务繁忙'))
    expect(within(screen.getByRole('region', { name: '热门话题' })).getByText('暂无内容')).toBeTruthy()
    expect(screen.queryByRole('complementary', { name: '广告' })).toBeNull()
    fail = false
    fireEvent.click(within(rec).getByRole('button', { name: '重试' }))
    await waitFor(() => expect(within(rec).getByText('重试后的推荐')).toBeTruthy())
  })
})

describe('HomeExtrasSlot', () => {
  /** The slot shows its 400 px placeholder (and no extras) exactly while it has decided not to load. */
  const waiting = () => {
    const slot = document.querySelector<HTMLElement>('[data-slot="home-extras"]')
    return slot !== null && slot.style.minHeight === '400px' && slot.childElementCount === 0
  }
  it('loads nothing until the slot scrolls into view', async () => {
    let callback: ((entries: { isIntersecting: boolean }[]) => void) | undefined
    const observe = vi.fn()
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof callback) {
          callback = cb
        }
        observe = observe
        disconnect() {}
      },
    )
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(5000)
    const http = fakeHttp(answers())
    renderUi(<HomeExtrasSlot />, { services: makeServices({ http }) })
    // the slot is waiting on its observer: it keeps the placeholder (decided on render, not later)
    expect(observe).toHaveBeenCalledTimes(1)
    expect(waiting()).toBe(true)
    await vi.dynamicImportSettled()
    expect(http.calls).toEqual([])
    act(() => callback!([{ isIntersecting: false }]))
    expect(waiting()).toBe(true)
    act(() => callback!([{ isIntersecting: true }]))
    // near, but the page scrolls (jsdom: scrollHeight 0 is not taller than the window, so stub it) and the reader has not scrolled yet
    expect(waiting()).toBe(true)
    await vi.dynamicImportSettled()
    expect(http.calls).toEqual([])
    act(() => {
      window.scrollY = 300
      window.dispatchEvent(new Event('scroll'))
    })
    await waitFor(() => expect(screen.getByText('腾讯回购加速')).toBeTruthy())
  })

  it('without IntersectionObserver it stays empty (no request on the first screen)', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    const http = fakeHttp(answers())
    renderUi(<HomeExtrasSlot />, { services: makeServices({ http }) })
    // without an observer the slot never becomes visible: the placeholder stays and no chunk loads
    expect(waiting()).toBe(true)
    await vi.dynamicImportSettled()
    expect(waiting()).toBe(true)
    expect(http.calls).toEqual([])
  })
})
