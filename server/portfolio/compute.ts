// Net values of a stored portfolio from the market simulator's daily closes (core/portfolio/net-value.ts).
// The days are the trading days of the portfolio's index (恒生指数 / 标普500); a stock without a bar on
// one of them keeps its close before. A closed portfolio's series ends at its closing instant.
import { computeNetValues, dayProfitPercent, maxDrawdown, roundNetValue, roundPercent, type Adjustment, type NetValueSeries, type PriceTable } from '../../core/portfolio/net-value'
import { BENCHMARK_OF } from '../../core/portfolio/rules'
import { DAY_SECONDS } from '../../core/market/sessions'
import type { Market } from '../market/market-data'
import type { PortfolioRow } from './portfolios-repository'
import type { StoredAdjustment } from './adjustments-repository'

export const toCoreAdjustment = (a: StoredAdjustment): Adjustment => ({
  day: a.day,
  time: a.time,
  targets: a.items.filter((i) => i.toHundredths > 0).map((i) => ({ stockId: i.stockId, weight: i.toHundredths / 100 })),
  prices: new Map(a.items.map((i) => [i.stockId, i.priceCents])),
})

export interface Computed {
  series: NetValueSeries
  /** the index's closes on series.days */
  benchmark: number[]
  benchmarkId: string
}

/** The instant the figures are taken at: now, or the closing instant of a closed portfolio. */
export const asOf = (p: PortfolioRow, now: number): number => (p.closeTimestamp === null ? now : Math.min(now, p.closeTimestamp))

export function priceTable(m: Market, benchmarkId: string, stockIds: Iterable<string>, fromDay: number, fromPrices: ReadonlyMap<string, number>, t: number): PriceTable {
  const count = Math.ceil((t - fromDay) / DAY_SECONDS) + 10
  const days = m.sim.dayBars(benchmarkId, count, t).filter((b) => b.time >= fromDay).map((b) => b.time)
  const closes = new Map<string, Float64Array>()
  const benchBars = new Map(m.sim.dayBars(benchmarkId, count, t).map((b) => [b.time, b.closeCents]))
  closes.set(benchmarkId, Float64Array.from(days, (d) => benchBars.get(d) as number))
  for (const id of stockIds) {
    if (closes.has(id)) continue
    const byDay = new Map(m.sim.dayBars(id, count, t).map((b) => [b.time, b.closeCents]))
    const row = new Float64Array(days.length)
    let last = fromPrices.get(id) ?? 1
    days.forEach((d, i) => {
      last = byDay.get(d) ?? last
      row[i] = last
    })
    closes.set(id, row)
  }
  return { days, closes }
}

export function computePortfolio(m: Market, p: PortfolioRow, adjustments: readonly StoredAdjustment[], now: number): Computed {
  const benchmarkId = BENCHMARK_OF[p.market]
  const t = asOf(p, now)
  const first = adjustments[0]
  if (!first) return { series: { days: [], values: [], holdings: new Map(), cash: 1 }, benchmark: [], benchmarkId }
  const ids = new Set(adjustments.flatMap((a) => a.items.map((i) => i.stockId)))
  const firstPrices = new Map<string, number>()
  for (const a of adjustments) for (const i of a.items) if (!firstPrices.has(i.stockId)) firstPrices.set(i.stockId, i.priceCents)
  const table = priceTable(m, benchmarkId, ids, first.day, firstPrices, t)
  const series = computeNetValues(table, adjustments.map(toCoreAdjustment))
  const benchRow = table.closes.get(benchmarkId) as Float64Array
  const offset = table.days.length - series.days.length
  return { series, benchmark: Array.from(benchRow.subarray(offset)), benchmarkId }
}

export interface Figures {
  netValue: number
  dayProfit: number
  totalProfit: number
  maxDrawdown: number
}

export function figuresOf(c: Computed): Figures {
  const v = c.series.values
  const last = v.length ? (v[v.length - 1] as number) : 1
  return {
    netValue: roundNetValue(last),
    dayProfit: roundPercent(dayProfitPercent(v)),
    totalProfit: roundPercent((last - 1) * 100),
    maxDrawdown: roundPercent(maxDrawdown(v) * 100),
  }
}

/** Each holding's share of the value at the given prices (percent), and cash. */
export function weightsAt(c: Computed, price: (stockId: string) => number): { weights: Map<string, number>; cash: number; value: number } {
  let value = c.series.cash
  const amounts = new Map<string, number>()
  for (const [id, h] of c.series.holdings) {
    const a = h.shares * price(id)
    amounts.set(id, a)
    value += a
  }
  const weights = new Map<string, number>()
  for (const [id, a] of amounts) weights.set(id, value > 0 ? (a / value) * 100 : 0)
  return { weights, cash: value > 0 ? (c.series.cash / value) * 100 : 100, value }
}
