import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { computeNetValues, drawdownSeries, maxDrawdown, monthProfits, dayProfitPercent, type Adjustment, type PriceTable } from './net-value'

const DAY = 86_400
const D0 = Date.UTC(2026, 0, 5) / 1000 // a Monday

/** A table of closes: `days` trading days, one row of closes (cents) per stock. */
function table(days: number[], closes: Record<string, number[]>): PriceTable {
  return { days, closes: new Map(Object.entries(closes).map(([k, v]) => [k, Float64Array.from(v)])) }
}

describe('net value: examples', () => {
  const days = [D0, D0 + DAY, D0 + 2 * DAY, D0 + 3 * DAY]
  const prices = table(days, { A: [100, 110, 121, 100], B: [200, 200, 100, 100] })

  it('starts at 1 and follows the positions and each day\'s closes', () => {
    const adj: Adjustment[] = [{ day: D0, time: D0 + 100, prices: new Map([['A', 100], ['B', 200]]), targets: [{ stockId: 'A', weight: 50 }, { stockId: 'B', weight: 50 }] }]
    const s = computeNetValues(prices, adj)
    expect(s.days).toEqual(days)
    // day 0: at the adjustment prices = closes → 1; day 1: 0.5·1.1 + 0.5 = 1.05; day 2: 0.5·1.21 + 0.25 = 0.855; day 3: 0.5 + 0.25
    expect(s.values.map((v) => Number(v.toFixed(6)))).toEqual([1, 1.05, 0.855, 0.75])
  })

  it('the rest is cash; an adjustment sells at its own prices and rebuys at them', () => {
    const adj: Adjustment[] = [
      { day: D0, time: D0 + 100, prices: new Map([['A', 100]]), targets: [{ stockId: 'A', weight: 40 }] },
      // day 1 mid-session: A at 105 (not its close 110); all into B at 200
      { day: D0 + DAY, time: D0 + DAY + 100, prices: new Map([['A', 105], ['B', 200]]), targets: [{ stockId: 'A', weight: 0 }, { stockId: 'B', weight: 100 }] },
    ]
    const s = computeNetValues(prices, adj)
    const v1 = 0.6 + 0.4 * 1.05 // 1.02 at the adjustment, all into B at 200; B closes 200
    expect(s.values[0]).toBeCloseTo(1, 12)
    expect(s.values[1]).toBeCloseTo(v1, 12)
    expect(s.values[2]).toBeCloseTo(v1 / 2, 12)
    expect(s.holdings.get('B')?.shares).toBeCloseTo(v1 / 200, 12)
    expect(s.holdings.has('A')).toBe(false)
    expect(s.cash).toBeCloseTo(0, 12)
  })

  it('refuses an adjustment that lacks the price of a stock it holds or buys', () => {
    const adj: Adjustment[] = [
      { day: D0, time: D0, prices: new Map([['A', 100]]), targets: [{ stockId: 'A', weight: 40 }] },
      { day: D0 + DAY, time: D0 + DAY, prices: new Map([['B', 100]]), targets: [{ stockId: 'B', weight: 40 }] },
    ]
    expect(() => computeNetValues(prices, adj)).toThrow(/A/)
  })

  it('drawdown: the largest fall from a running peak', () => {
    expect(maxDrawdown([1, 1.2, 0.9, 1.3, 1.04])).toBeCloseTo(0.25, 12)
    expect(drawdownSeries([1, 2, 1, 2.5]).map((x) => Number(x.toFixed(6)))).toEqual([0, 0, 0.5, 0])
    expect(maxDrawdown([])).toBe(0)
  })

  it('month profits: each month against the last close of the month before (the first against 1)', () => {
    const jan31 = Date.UTC(2026, 0, 30) / 1000
    const feb = Date.UTC(2026, 1, 2) / 1000
    const m = monthProfits([D0, jan31, feb], [1, 1.1, 1.21])
    expect(m.map((x) => x.month)).toEqual(['2026-01', '2026-02'])
    expect(m[0]?.profit).toBeCloseTo(0.1, 12)
    expect(m[1]?.profit).toBeCloseTo(0.1, 12)
  })

  it('day profit in percent against the day before', () => {
    expect(dayProfitPercent([1, 1.05])).toBeCloseTo(5, 10)
    expect(dayProfitPercent([1])).toBe(0)
  })
})

// --- properties over random markets and adjustments --------------------------------------------

const STOCKS = ['A', 'B', 'C', 'D'] as const
const N_DAYS = 40

/** A random market: positive closes per stock per day. */
const market = fc
  .array(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: N_DAYS, maxLength: N_DAYS }), { minLength: STOCKS.length, maxLength: STOCKS.length })
  .map((rows) => table(Array.from({ length: N_DAYS }, (_, i) => D0 + i * DAY), Object.fromEntries(STOCKS.map((s, i) => [s, rows[i] as number[]]))))

/** Target weights (hundredths) that sum to ≤ 100 %. */
const targets = fc
  .array(fc.integer({ min: 0, max: 10_000 }), { minLength: STOCKS.length, maxLength: STOCKS.length })
  .map((ws) => {
    const total = ws.reduce((a, b) => a + b, 0)
    const scale = total > 10_000 ? 10_000 / total : 1
    return STOCKS.map((stockId, i) => ({ stockId, weight: Math.floor((ws[i] as number) * scale) / 100 }))
  })

/** Adjustments on ascending days, each priced at a random price that day (every stock priced). */
const adjustments = fc
  .array(fc.record({ dayIndex: fc.integer({ min: 0, max: N_DAYS - 1 }), targets, prices: fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 4, maxLength: 4 }) }), { minLength: 1, maxLength: 8 })
  .map((list) =>
    list
      .sort((a, b) => a.dayIndex - b.dayIndex)
      .map((a, i): Adjustment => ({
        day: D0 + a.dayIndex * DAY,
        time: D0 + a.dayIndex * DAY + i,
        prices: new Map(STOCKS.map((s, k) => [s, a.prices[k] as number])),
        targets: a.targets,
      })),
  )

describe('net value: properties', () => {
  it('is never negative and starts at 1.0000', () => {
    fc.assert(
      fc.property(market, adjustments, (m, adj) => {
        const s = computeNetValues(m, adj)
        for (const v of s.values) expect(v).toBeGreaterThanOrEqual(0)
        // the first day's value is 1 when the first adjustment is priced at that day's closes
        const first = adj[0] as Adjustment
        const atCloses: Adjustment = { ...first, prices: new Map(STOCKS.map((k) => [k, m.closes.get(k)?.[(first.day - D0) / DAY] as number])) }
        const alone = computeNetValues(m, [atCloses])
        expect(alone.values[0]).toBeCloseTo(1, 9)
      }),
    )
  })

  it('an adjustment to all cash freezes the net value from that day on', () => {
    fc.assert(
      fc.property(market, adjustments, fc.integer({ min: 0, max: N_DAYS - 1 }), (m, adj, k) => {
        const last = adj[adj.length - 1] as Adjustment
        const day = Math.max(last.day, D0 + k * DAY)
        const cash: Adjustment = { day, time: day + 1000, prices: new Map(STOCKS.map((s) => [s, 500])), targets: [] }
        const s = computeNetValues(m, [...adj, cash])
        const from = s.days.indexOf(day)
        const frozen = s.values.slice(from)
        for (const v of frozen) expect(v).toBe(frozen[0])
      }),
    )
  })

  it('drawdown is in [0, 1] and equals the largest fall from a running peak (brute force)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.0001, max: 100, noNaN: true }), { maxLength: 60 }), (values) => {
        const dd = maxDrawdown(values)
        expect(dd).toBeGreaterThanOrEqual(0)
        expect(dd).toBeLessThanOrEqual(1)
        let brute = 0
        for (let i = 0; i < values.length; i++)
          for (let j = i; j < values.length; j++) brute = Math.max(brute, ((values[i] as number) - (values[j] as number)) / (values[i] as number))
        expect(dd).toBeCloseTo(brute, 12)
        for (const x of drawdownSeries(values)) expect(x >= 0 && x <= 1).toBe(true)
      }),
    )
  })

  it('month profits compound to the total return', () => {
    fc.assert(
      fc.property(market, adjustments, (m, adj) => {
        const s = computeNetValues(m, adj)
        const months = monthProfits(s.days, s.values)
        const compounded = months.reduce((acc, x) => acc * (1 + x.profit), 1)
        const last = s.values[s.values.length - 1] as number
        if (months.some((x) => !Number.isFinite(x.profit))) return // a month after a value of 0: no ratio
        // relative: random closes from 1 to 100,000 cents take the value far from 1, where an absolute
        // tolerance would be float rounding of the product, not the law
        if (last === 0) expect(compounded).toBe(0)
        else expect(compounded / last).toBeCloseTo(1, 9)
      }),
    )
  })

  it('the same adjustments on the same market give the same series', () => {
    fc.assert(
      fc.property(market, adjustments, (m, adj) => {
        expect(computeNetValues(m, adj).values).toEqual(computeNetValues(m, adj).values)
      }),
    )
  })
})
