// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearPlots, plots } from '../testing/fake-uplot'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import type { NetChange } from '../../core/api/market'
import { PRICE_GREEN, PRICE_RED } from '../../core/market/price-colour'
import { createPriceColours } from '../styles/price-colours'

// uPlot is replaced by a recorder (ui/testing/fake-uplot.ts). PlotOpts is the part of uPlot's options
// these tests call (uPlot types these as unions of a value or a function).
type AxisFn = (...args: unknown[]) => unknown
interface PlotOpts {
  scales: { x: { range: AxisFn } }
  axes: [{ values: AxisFn; splits?: AxisFn }, ...unknown[]]
  hooks: { draw: ((u: unknown) => void)[] }
}
vi.mock('uplot', () => import('../testing/fake-uplot'))
afterEach(() => {
  cleanup()
  clearPlots()
})

const { StockChart } = await import('./stock-chart')

// Friday 14 November 2025; HK opens at 09:30 local = 01:30 UTC
const DAY = Date.UTC(2025, 10, 14) / 1000
const OPEN = DAY + 90 * 60
const minute = (k: number, price: number) => ({ time: OPEN + k * 60, price, avg: price, volume: 100 })
const minuteLine = { stockCode: 'hk00700', status: 'trading', prevClose: 50_000, days: [{ day: DAY, points: [minute(1, 50_100), minute(2, 50_200), minute(3, 50_150)] }] }
const bar = (i: number, close: number) => ({ time: DAY - (3 - i) * 86_400, open: close, high: close + 100, low: close - 100, close, volume: 1000, change: 0, changePercent: 0 })
const klineOf = (rights: number, scale: number) => ({ stockCode: 'hk00700', type: 'day', rightsType: rights, hasMore: false, list: [bar(1, 40_000 * scale), bar(2, 41_000 * scale), bar(3, 50_000 * scale)] })
const quote = (price: number, status: NetChange['status'] = 'trading', k = 3, volume = 1_000_000): NetChange => ({
  stockCode: 'hk00700', name: '腾讯控股', status, time: OPEN + k * 60 - 10, price, prevClose: 50_000, change: price - 50_000, changePercent: 0, volume, turnover: volume * price / 100,
})

function setup(overrides: Record<string, unknown> = {}) {
  const http = fakeHttp({
    'market.minuteLine': minuteLine,
    'market.kline': (input: { query: { rightsType?: number; count?: number } }) => (input.query.rightsType === 2 ? klineOf(2, 1.5) : input.query.rightsType === 0 && input.query.count === 1 ? { ...klineOf(0, 1), list: [bar(3, 50_000)] } : klineOf(input.query.rightsType ?? 0, 1)),
    ...overrides,
  })
  const services = makeServices({ http, priceColours: createPriceColours('redUp') })
  const view = (live?: NetChange) => <StockChart stockId="hk00700" market="hk" code="00700" live={live} />
  const r = renderUi(view(), { services })
  const chart = () => screen.getByTestId('stock-chart')
  const lastPlot = () => plots<PlotOpts>().at(-1)!
  return { http, chart, lastPlot, services, push: (q: NetChange) => act(() => r.rerender(view(q))) }
}
const ready = (chart: () => HTMLElement) => waitFor(() => expect(chart().getAttribute('data-status')).toBe('ready'))

describe('StockChart (machine-driven view, fake uPlot)', () => {
  it('分时: the axis spans the whole HK day with the lunch break mark before data fills it', async () => {
    const { chart, lastPlot } = setup()
    expect(chart().getAttribute('data-status')).toBe('loading')
    await ready(chart)
    expect(chart().getAttribute('data-period')).toBe('minute')
    const p = lastPlot()
    expect(p.data[0]).toEqual([1, 2, 3]) // trading minutes since the open
    expect(p.opts.scales.x.range()).toEqual([0, 330])
    expect(p.opts.axes[0].values()).toEqual(['09:30', '10:30', '12:00/13:00', '14:00', '15:00', '16:00'])
    expect(p.opts.axes[0].splits?.()).toEqual([0, 60, 150, 210, 270, 330])
  })

  it('live ticks update the last minute and append the next; none outside a session', async () => {
    const { chart, lastPlot, push } = setup()
    await ready(chart)
    push(quote(50_300))
    expect(lastPlot().data[1]).toEqual([50_100, 50_200, 50_300])
    push(quote(50_400, 'trading', 4, 1_000_500))
    expect(lastPlot().data[0]).toEqual([1, 2, 3, 4])
    expect(lastPlot().data[1]).toEqual([50_100, 50_200, 50_300, 50_400])
    expect(lastPlot().data[3]![3]).toBe(500) // the volume since the last tick
    push(quote(49_000, 'lunchBreak', 5))
    expect(lastPlot().data[1]).toHaveLength(4)
  })

  it('日K asks 前复权 klines; 后复权 loads the raw last bar for its factor and scales live ticks by it', async () => {
    const { http, chart, lastPlot, push } = setup()
    await ready(chart)
    fireEvent.click(within(chart()).getByRole('tab', { name: '日K' }))
    await waitFor(() => expect(chart().getAttribute('data-period')).toBe('daily'))
    await ready(chart)
    expect(http.callsTo('market.kline')[0]?.input).toMatchObject({ params: { market: 'hk', type: 'day', code: '00700' }, query: { rightsType: 1 } })
    expect(lastPlot().opts.axes[0].splits).toBeUndefined()
    fireEvent.click(within(chart()).getByRole('tab', { name: '后复权' }))
    await ready(chart)
    await waitFor(() => expect(lastPlot().data[4]).toEqual([60_000, 61_500, 75_000]))
    expect(http.callsTo('market.kline').map((c) => c.input?.query)).toEqual([
      { count: 250, rightsType: 1 },
      { count: 250, rightsType: 2 },
      { count: 1, rightsType: 0 },
    ])
    push(quote(52_000))
    expect(lastPlot().data[4]).toEqual([60_000, 61_500, 78_000]) // 52 000 × 1.5
    expect(lastPlot().data[2]![2]).toBe(78_000) // a new high
  })

  it('draws rises and falls in the reader\'s colours, and redraws when the reader chooses green-up (issue 24)', async () => {
    const { chart, lastPlot, services } = setup()
    await ready(chart)
    // the volume bars' fills as the draw hook sets them on a recording canvas: rising bars first, then falling
    const fills = (plot: ReturnType<typeof lastPlot>) => {
      const set: string[] = []
      const ctx = new Proxy({} as Record<string, unknown>, {
        get: (_t, k) => (k === 'fillStyle' ? set[set.length - 1] : () => undefined),
        set: (_t, k, v) => (k === 'fillStyle' && set.push(String(v)), true),
      })
      const u = { ctx, data: plot.data, scales: { x: { min: 0, max: 330 } }, bbox: { left: 0, width: 330 }, valToPos: () => 0 }
      for (const hook of plot.opts.hooks.draw) hook(u)
      return set
    }
    const red = lastPlot()
    expect(fills(red)).toEqual([PRICE_RED, PRICE_GREEN])
    act(() => services.priceColours.choose('greenUp'))
    await waitFor(() => expect(red.destroyed).toBe(true))
    expect(fills(lastPlot())).toEqual([PRICE_GREEN, PRICE_RED])
  })

  // issue 25: the daily and minute charts drew volume bars under the price axis labels (and grid lines)
  it('分时 and 日K: no price label or grid line is drawn in the volume band at the bottom', async () => {
    type Range = (u: unknown, lo: number, hi: number) => [number, number]
    type Filter = (u: unknown, splits: number[]) => (number | null)[]
    /** kept splits' heights (0 bottom, 1 top) and the top of the highest volume bar, from the plot's own scales */
    const heights = (p: { opts: unknown; data: number[][] }, priceRows: number[][], volumeRow: number[]) => {
      const o = p.opts as { scales: { price: { range: Range }; vol: { range: Range } }; axes: [unknown, { filter?: Filter }] }
      const prices = priceRows.flat()
      const [min, max] = o.scales.price.range(null, Math.min(...prices), Math.max(...prices))
      const [, volMax] = o.scales.vol.range(null, 0, Math.max(...volumeRow))
      const splits = Array.from({ length: 11 }, (_, i) => min + ((max - min) * i) / 10)
      const kept = (o.axes[1].filter?.({ scales: { price: { min, max } } }, splits) ?? splits).filter((v): v is number => v !== null)
      return { labels: kept.map((v) => (v - min) / (max - min)), volumeTop: Math.max(...volumeRow) / volMax }
    }
    const { chart, lastPlot } = setup()
    await ready(chart)
    const minute = heights(lastPlot(), [lastPlot().data[1]!, lastPlot().data[2]!], lastPlot().data[3]!)
    expect(minute.labels.length).toBeGreaterThan(3)
    for (const h of minute.labels) expect(h).toBeGreaterThanOrEqual(minute.volumeTop)
    fireEvent.click(within(chart()).getByRole('tab', { name: '日K' }))
    await waitFor(() => expect(chart().getAttribute('data-period')).toBe('daily'))
    await ready(chart)
    const d = lastPlot().data
    const daily = heights(lastPlot(), [d[2]!, d[3]!], d[5]!)
    expect(daily.labels.length).toBeGreaterThan(3)
    for (const h of daily.labels) expect(h).toBeGreaterThanOrEqual(daily.volumeTop)
  })

  it('a failed load shows the message and retries', async () => {
    let n = 0
    const { chart } = setup({
      'market.minuteLine': () => {
        if (n++ === 0) throw new Error('服务器繁忙')
        return minuteLine
      },
    })
    await waitFor(() => expect(chart().getAttribute('data-status')).toBe('failed'))
    expect(chart().textContent).toContain('服务器繁忙')
    expect(plots()).toHaveLength(0)
    fireEvent.click(within(chart()).getByRole('button', { name: /重试|重新加载/ }))
    await ready(chart)
    expect(plots()).toHaveLength(1)
  })
})
