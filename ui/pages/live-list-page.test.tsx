// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, flash, makeServices, page, renderUi, type CallRecord } from '../testing/render'
import { channelName, LiveListPage } from './live-list-page'
import { LIVE_CHANNELS } from '../../core/content/live-channels'

afterEach(cleanup)

// UTC+8 wall-clock seconds: 2024-03-15 09:30 and 08:00, 2024-03-14 22:15
const at = (y: number, mo: number, d: number, h: number, mi: number) => Date.UTC(y, mo - 1, d, h - 8, mi) / 1000
const flashes = [
  flash(30, { title: '恒指高开', content: '恒生指数高开0.8%', important: true, createTimestamp: at(2024, 3, 15, 9, 30) }),
  flash(29, { content: '港元汇率持稳', createTimestamp: at(2024, 3, 15, 8, 0) }),
  flash(28, { title: '美联储维持利率不变', content: '联邦基金利率维持不变', important: true, createTimestamp: at(2024, 3, 14, 22, 15) }),
  flash(27, { content: '纳指小幅收跌', createTimestamp: at(2024, 3, 14, 21, 0) }),
]

function liveHttp() {
  return fakeHttp({
    'live.all': (input: CallRecord['input']) => page(input?.query?.onlyShowImportant ? flashes.filter((f) => f.important) : flashes, false),
  })
}

describe('LiveListPage', () => {
  it('groups the flashes under date headings (UTC+8), newest first', async () => {
    const http = liveHttp()
    renderUi(<LiveListPage />, { path: '/live', services: makeServices({ http }) })
    expect(screen.getByRole('heading', { level: 1, name: '7×24 快讯' })).toBeTruthy()

    await screen.findByRole('heading', { level: 2, name: '2024-03-15' })
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['2024-03-15', '2024-03-14'])
    // rows in document order: each day's heading, then its flashes (times)
    const rows = [...document.querySelectorAll('h2, li time')].map((e) => e.textContent)
    expect(rows).toEqual(['2024-03-15', '09:30', '08:00', '2024-03-14', '22:15', '21:00'])
    expect(screen.getByRole('link', { name: /港元汇率持稳/ }).getAttribute('href')).toBe('/live/29')
    expect(screen.getByText(/纳指小幅收跌/)).toBeTruthy()
    expect(http.callsTo('live.all').map((c) => c.input)).toEqual([{ query: { limit: 20 } }])
  })

  it('只看重要 asks for onlyShowImportant and shows only important flashes, each marked 重要', async () => {
    const http = liveHttp()
    renderUi(<LiveListPage />, { path: '/live', services: makeServices({ http }) })
    await screen.findByText(/港元汇率持稳/)
    const all = screen.getByRole('tab', { name: '全部' })
    const important = screen.getByRole('tab', { name: '只看重要' })
    expect(all.getAttribute('aria-selected')).toBe('true')
    expect(important.getAttribute('aria-selected')).toBe('false')

    fireEvent.click(important)
    await waitFor(() => expect(screen.queryByText(/港元汇率持稳/)).toBeNull())
    await screen.findByText(/恒生指数高开0.8%/)
    expect(important.getAttribute('aria-selected')).toBe('true')
    expect(all.getAttribute('aria-selected')).toBe('false')
    expect(http.callsTo('live.all').map((c) => c.input)).toEqual([{ query: { limit: 20 } }, { query: { limit: 20, onlyShowImportant: true } }])

    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(2)
    for (const li of items) {
      expect(li.getAttribute('data-important')).toBe('true')
      expect(within(li).getByText('重要')).toBeTruthy()
    }
    expect(screen.queryByText(/纳指小幅收跌/)).toBeNull()

    // and back to all
    fireEvent.click(all)
    await screen.findByText(/港元汇率持稳/)
    expect(screen.getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getAllByText('重要')).toHaveLength(2)
  })

  it('加载更多 continues after the id of the last flash', async () => {
    const older = [flash(26, { content: '港股夜盘收涨', createTimestamp: at(2024, 3, 14, 20, 0) })]
    const http = fakeHttp({
      'live.all': (input: CallRecord['input']) => (input?.query?.liveId ? page(older, false) : page(flashes, true)),
    })
    renderUi(<LiveListPage />, { path: '/live', services: makeServices({ http }) })
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }))
    await screen.findByText(/港股夜盘收涨/)
    expect(http.callsTo('live.all').map((c) => c.input)).toEqual([{ query: { limit: 20 } }, { query: { limit: 20, liveId: 27 } }])
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
  })

  it('keeps only the rows near the viewport in the DOM when thousands of flashes are loaded', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => flash(5000 - i, { content: `快讯第${i}条`, createTimestamp: at(2024, 3, 15, 9, 0) - i * 600 }))
    // jsdom has no layout: rows report the height a browser would measure (react-virtual reads offsetHeight)
    const rect = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.matches('[data-index]') ? (this.querySelector('h2') ? 44 : 64) : 0
    })
    try {
      const http = fakeHttp({ 'live.all': page(many, true) })
      renderUi(<LiveListPage />, { path: '/live', services: makeServices({ http }) })
      await screen.findByText(/快讯第0条/)
      const shown = screen.getAllByRole('listitem').length
      expect(shown).toBeGreaterThan(5)
      expect(shown).toBeLessThan(60)
      expect(screen.queryByText(/快讯第2999条/)).toBeNull()
      expect(screen.getByRole('button', { name: '加载更多' })).toBeTruthy()
    } finally {
      rect.mockRestore()
    }
  })

  it('a live channel (issue 25) asks /api/live-channels/{channel}/lives/v4, with the category kept; 全部频道 goes back to all/lives', async () => {
    const usFlashes = [flash(40, { content: '美股三大指数高开', channel: 'us', createTimestamp: at(2024, 3, 15, 21, 30) })]
    const http = fakeHttp({
      'live.all': (input: CallRecord['input']) => page(input?.query?.onlyShowImportant ? flashes.filter((f) => f.important) : flashes, false),
      'live.channelLivesV4': (input: CallRecord['input']) => ({ ...page(input?.query?.category === 'important' ? [] : usFlashes, false), channel: { id: 2, channel: 'us', name: '美股' } }),
    })
    renderUi(<LiveListPage />, { path: '/live', services: makeServices({ http }) })
    await screen.findByText(/港元汇率持稳/)
    const channels = screen.getByRole('tablist', { name: '快讯频道' })
    expect(within(channels).getAllByRole('tab').map((b) => b.textContent)).toEqual(['全部频道', '港股', '美股', '宏观', '公司', '科技', '新股', '基金'])
    fireEvent.click(within(channels).getByRole('tab', { name: '美股' }))
    await screen.findByText(/美股三大指数高开/)
    expect(screen.queryByText(/港元汇率持稳/)).toBeNull()
    expect(http.callsTo('live.channelLivesV4').map((c) => c.input)).toEqual([{ params: { channel: 'us' }, query: { limit: 20 } }])
    fireEvent.click(screen.getByRole('tab', { name: '只看重要' }))
    await waitFor(() => expect(screen.queryByText(/美股三大指数高开/)).toBeNull())
    expect(http.callsTo('live.channelLivesV4').at(-1)!.input).toEqual({ params: { channel: 'us' }, query: { category: 'important', limit: 20 } })
    expect(within(channels).getByRole('tab', { name: '美股' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.click(within(channels).getByRole('tab', { name: '全部频道' }))
    await screen.findByText(/恒生指数高开0.8%/)
    expect(http.callsTo('live.all').at(-1)!.input).toEqual({ query: { limit: 20, onlyShowImportant: true } })
  })

  it('every live channel has its name in the texts, as core names it', () => {
    for (const c of LIVE_CHANNELS) expect(channelName(c.channel), c.channel).toBe(c.name)
  })
})
