// @vitest-environment jsdom
// Positions at live prices (issue 15): the holdings load once, then the page listens to the quote stream
// for exactly the stocks held; a pushed price moves its row, the weights and the cash.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { Positions } from './positions'

/** Stands in for the browser's EventSource: records the address, lets the test push events. */
class FakeEventSource {
  static opened: FakeEventSource[] = []
  readyState = 1
  onerror: ((ev: unknown) => void) | null = null
  onopen: ((ev: unknown) => void) | null = null
  closed = false
  private listeners = new Map<string, ((ev: { data: string }) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  addEventListener(type: string, f: (ev: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), f])
  }
  close() {
    this.closed = true
  }
  push(type: string, data: unknown) {
    for (const f of this.listeners.get(type) ?? []) f({ data: JSON.stringify(data) })
  }
}

const quote = (stockCode: string, price: number, changePercent: number) => ({
  stockCode, name: stockCode, status: 'trading', time: 1_700_000_000, price, prevClose: price, change: 0, changePercent, volume: 1, turnover: 1,
})

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('Positions', () => {
  it('listens to the quote stream for the stocks held and shows pushed prices, with the weights drifting', async () => {
    const http = fakeHttp({
      'portfolio.positionDetail': {
        list: [
          { stockCode: 'hk00700', name: '腾讯控股', weight: 50, price: 10_000, changePercent: 1, costPrice: 8_000, profitPercent: 25 },
          { stockCode: 'hk00005', name: '汇丰控股', weight: 30, price: 1_000, changePercent: 0, costPrice: 1_000, profitPercent: 0 },
        ],
        cashWeight: 20,
      },
    })
    const { unmount } = renderUi(<Positions code="81" />, { services: makeServices({ http }) })
    const table = await screen.findByTestId('positions')
    const row = (name: string) => within(table).getByRole('link', { name }).closest('tr') as HTMLElement
    expect(within(row('腾讯控股')).getByText('100.00')).toBeTruthy()
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1))
    const stream = FakeEventSource.opened[0]!
    expect(decodeURIComponent(stream.url)).toBe('/hq/stocks/stream?stockCodes=hk00005,hk00700')
    await act(async () => {
      stream.push('quote', quote('hk00700', 11_000, 3.5))
      await new Promise((r) => requestAnimationFrame(r))
    })
    await waitFor(() => expect(within(row('腾讯控股')).getByText('110.00')).toBeTruthy())
    expect(row('腾讯控股').textContent).toContain('52.38%')
    expect(row('腾讯控股').textContent).toContain('+37.50%')
    expect(row('汇丰控股').textContent).toContain('28.57%')
    expect(within(table).getByText('现金').closest('tr')?.textContent).toContain('19.05%')
    expect(http.callsTo('portfolio.positionDetail')).toHaveLength(1)
    unmount()
    expect(stream.closed).toBe(true)
  })
})
