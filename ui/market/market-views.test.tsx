// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi, type CallRecord } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { WatchlistPage } from './watchlist-page'
import { StockPage } from './stock-page'

afterEach(cleanup)
// uPlot (imported by the stock page's chart) reads matchMedia when it loads; jsdom has none
vi.hoisted(() => {
  const g = globalThis as unknown as { matchMedia?: unknown }
  g.matchMedia ??= () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })
})

const item = (id: string, name: string, price: number, changePercent: number, createTimestamp: number) => ({
  id, code: id.slice(2), codeDisp: id.slice(2), ipoStatus: 1, market: id.slice(0, 2), name, nameDisp: name, category: 'stock', currency: 'HKD', lotSize: 100,
  stockCode: id, status: 'trading', time: 1, price, prevClose: price, change: Math.round(price * changePercent / 100), changePercent, volume: 10, turnover: 20,
  open: price, high: price, low: price, marketCap: 1, stockType: id.slice(0, 2), createTimestamp,
})

describe('WatchlistPage', () => {
  it('a guest is asked to log in', () => {
    const session = testSession()
    renderUi(
      <WithSession actor={session}>
        <WatchlistPage />
      </WithSession>,
    )
    expect(session.getSnapshot().context.login).toBeNull()
    fireEvent.click(screen.getByTestId('watchlist-login'))
    expect(session.getSnapshot().context.login).toEqual({})
  })
  it('lists the reader’s stocks, sorts by a column and removes one', async () => {
    // the server's watchlist: a delete removes the stock, and the page reads the list again
    let list = [item('hk00700', '腾讯控股', 60000, 1.5, 2), item('hk00005', '汇丰控股', 10000, -0.5, 1)]
    const http = fakeHttp({
      'userstock.listV2': () => list,
      'userstock.delete': (input: CallRecord['input']) => {
        const codes = (input?.body as { stockCodes: string[] }).stockCodes
        list = list.filter((s) => !codes.includes(s.id))
        return { deleted: codes.length }
      },
    })
    renderUi(
      <WithSession actor={testSession({ id: 7 })}>
        <WatchlistPage />
      </WithSession>,
      { services: makeServices({ http }) },
    )
    const table = await screen.findByTestId('watchlist')
    const names = () => within(table).getAllByRole('link').map((a) => a.textContent)
    expect(names()).toEqual(['腾讯控股', '汇丰控股']) // newest first
    fireEvent.click(within(table).getByRole('button', { name: /最新价/ })) // price, descending
    fireEvent.click(within(table).getByRole('button', { name: /最新价/ })) // ascending
    expect(names()).toEqual(['汇丰控股', '腾讯控股'])
    fireEvent.click(within(table).getByRole('button', { name: '删除 汇丰控股' }))
    await waitFor(() => expect(names()).toEqual(['腾讯控股']))
    expect(http.callsTo('userstock.delete')[0]?.input).toEqual({ body: { stockCodes: ['hk00005'] } })
    expect(http.callsTo('userstock.listV2')).toHaveLength(2) // read again after the write
  })
})

describe('StockPage', () => {
  it.each(['x', 'hk', 'cn00700', 'hk00700;'])('%s: a clear invalid-code page', (id) => {
    renderUi(<StockPage id={id} />)
    expect(screen.getByTestId('invalid-stock').textContent).toContain('股票代码无效')
  })
  it('an unknown stock says so', async () => {
    const { ApiError } = await import('../../core/api/api-error')
    const http = fakeHttp({ 'market.quoteInfo': () => { throw new ApiError({ statusCode: 404, message: '股票不存在' }) } })
    renderUi(<StockPage id="hk99999" />, { services: makeServices({ http }) })
    expect((await screen.findByTestId('invalid-stock')).textContent).toContain('没有找到这只股票')
  })
})
