// @vitest-environment jsdom
// Issue 25 'Data that contradicts itself': clicking 成交额 on a ranking re-sorts it. The rankings of
// /market (and /market/marketRange) and the hot ranges (/market/hotRange) ask the server for the
// column and order chosen, and draw the rows in that order: 成交额 descending, then ascending.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi, type CallRecord } from '../testing/render'
import { Rankings } from './market-page'
import { HotRangePage } from './range-pages'

afterEach(cleanup)
vi.hoisted(() => {
  const g = globalThis as unknown as { matchMedia?: unknown }
  g.matchMedia ??= () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })
})

const quote = (n: number, turnover: number, changePercent: number) => ({
  id: `hk0000${n}`, code: `0000${n}`, codeDisp: `0000${n}`, ipoStatus: 1, market: 'hk', name: `股票${n}`, nameDisp: `股票${n}`, category: 'stock', currency: 'HKD', lotSize: 100,
  stockCode: `hk0000${n}`, status: 'trading', time: 1, price: 1000 + n, prevClose: 1000, change: n, changePercent, volume: 10 * n, turnover,
  open: 1000, high: 1010, low: 990, marketCap: 100 * n, stockType: 'hk', createTimestamp: 1,
})
const QUOTES = [quote(1, 300, 5), quote(2, 100, 3), quote(3, 200, 1)]
type Row = { turnover: number; changePercent: number }
/** the server's rule: the list sorted by the asked field and order */
const sorted = <T extends Row>(list: T[], input: CallRecord['input'], field: 'sort' | 'sortType') => {
  const q = (input?.query ?? {}) as Record<string, string>
  const key = (q[field] ?? 'changePercent') as keyof Row
  const dir = q.order === 'asc' ? 1 : -1
  return [...list].sort((a, b) => (a[key] - b[key]) * dir)
}

describe('成交额 re-sorts a ranking', () => {
  it('/market rankings: 成交额 asks for sort=turnover and draws the rows by turnover, descending then ascending', async () => {
    const http = fakeHttp({ 'market.rankDetail': (input: CallRecord['input']) => ({ list: sorted(QUOTES, input, 'sort'), hasMore: false, total: 3 }) })
    renderUi(<Rankings />, { services: makeServices({ http }) })
    const table = await screen.findByTestId('rankings')
    const names = () => within(screen.getByTestId('rankings')).getAllByRole('link').map((a) => a.textContent)
    expect(names()).toEqual(['股票1', '股票2', '股票3']) // 涨跌幅 descending
    fireEvent.click(within(table).getByRole('button', { name: /成交额/ }))
    await waitFor(() => expect(names()).toEqual(['股票1', '股票3', '股票2']))
    expect(http.callsTo('market.rankDetail').at(-1)!.input!.query).toMatchObject({ sort: 'turnover', order: 'desc', page: 1 })
    fireEvent.click(within(screen.getByTestId('rankings')).getByRole('button', { name: /成交额/ }))
    await waitFor(() => expect(names()).toEqual(['股票2', '股票3', '股票1']))
    expect(http.callsTo('market.rankDetail').at(-1)!.input!.query).toMatchObject({ sort: 'turnover', order: 'asc' })
    expect(within(screen.getByTestId('rankings')).getByRole('columnheader', { name: /成交额/ }).getAttribute('aria-sort')).toBe('ascending')
  })

  it('/market/hotRange: 成交额 asks for sortType=turnover and draws the boards by turnover', async () => {
    const range = (n: number, turnover: number, changePercent: number) => ({
      id: `r${n}`, name: `板块${n}`, market: 'hk', changePercent, turnover, stockCount: 10, leader: { stockCode: 'hk00700', name: '腾讯控股', changePercent: 1 },
    })
    const RANGES = [range(1, 300, 5), range(2, 100, 3), range(3, 200, 1)]
    const http = fakeHttp({ 'market.hotRange': (input: CallRecord['input']) => ({ list: sorted(RANGES, input, 'sortType'), hasMore: false }) })
    renderUi(<HotRangePage type="hk" />, { services: makeServices({ http }) })
    const boards = () => screen.getAllByRole('link').map((a) => a.textContent).filter((x) => x!.startsWith('板块'))
    await waitFor(() => expect(boards()).toEqual(['板块1', '板块2', '板块3']))
    fireEvent.click(screen.getByRole('button', { name: /成交额/ }))
    await waitFor(() => expect(boards()).toEqual(['板块1', '板块3', '板块2']))
    expect(http.callsTo('market.hotRange').at(-1)!.input!.query).toMatchObject({ sortType: 'turnover', order: 'desc', page: 1 })
  })
})
