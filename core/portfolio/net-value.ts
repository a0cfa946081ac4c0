// A portfolio's net value (issue 15; spec 001 §3, §9 net value to 4 decimals): a list of adjustments,
// each the full target allocation at one instant, priced at the market at that instant, plus cash.
// The value starts at 1 at the first adjustment; each trading day's value is cash plus the shares
// held times that day's close. Pure: the server passes the simulator's closes and prices.

export interface Adjustment {
  /** the trading day it applies to (00:00 UTC of the local date, as in the price table) */
  readonly day: number
  /** seconds; orders adjustments within a day */
  readonly time: number
  /** the targets after it: every stock held afterwards; a stock held before and missing is sold */
  readonly targets: readonly { readonly stockId: string; readonly weight: number }[]
  /** the market price (cents) at `time` of every stock held before or targeted */
  readonly prices: ReadonlyMap<string, number>
}

export interface PriceTable {
  /** trading days ascending */
  readonly days: readonly number[]
  /** closes (cents) per stock, one per day of `days` (the server fills a missing day with the close before) */
  readonly closes: ReadonlyMap<string, Float64Array>
}

export interface Holding {
  /** shares per unit of starting value */
  readonly shares: number
  /** average price paid (cents), over the buys since it was last sold out */
  readonly costCents: number
}

export interface NetValueSeries {
  /** days from the first adjustment's day on */
  readonly days: number[]
  readonly values: number[]
  /** after the last adjustment */
  readonly holdings: ReadonlyMap<string, Holding>
  readonly cash: number
}

function priceOf(a: Adjustment, stockId: string): number {
  const p = a.prices.get(stockId)
  if (p === undefined || !(p > 0)) throw new RangeError(`adjustment at ${a.time}: no price for ${stockId}`)
  return p
}

/** The value of holdings plus cash at an adjustment's prices. */
function valueAt(a: Adjustment, holdings: ReadonlyMap<string, Holding>, cash: number): number {
  let v = cash
  for (const [id, h] of holdings) v += h.shares * priceOf(a, id)
  return v
}

/** Applies one adjustment: sells down and buys up to the targets at its prices. */
export function applyAdjustment(a: Adjustment, holdings: ReadonlyMap<string, Holding>, cash: number): { holdings: Map<string, Holding>; cash: number; value: number } {
  const value = valueAt(a, holdings, cash)
  const next = new Map<string, Holding>()
  let left = value
  for (const t of a.targets) {
    if (!(t.weight > 0)) continue
    const price = priceOf(a, t.stockId)
    const amount = (value * t.weight) / 100
    const shares = amount / price
    const before = holdings.get(t.stockId)
    const bought = before ? shares - before.shares : shares
    const costCents = !before ? price : bought > 0 ? (before.shares * before.costCents + bought * price) / shares : before.costCents
    next.set(t.stockId, { shares, costCents })
    left -= amount
  }
  // float dust below zero (weights summing to exactly 100 %) is no debt
  return { holdings: next, cash: Math.max(0, left), value }
}

/** The daily series from the first adjustment's day to the table's last day. */
export function computeNetValues(table: PriceTable, adjustments: readonly Adjustment[]): NetValueSeries {
  let holdings: Map<string, Holding> = new Map()
  let cash = 1
  const first = adjustments[0]
  if (!first) return { days: [], values: [], holdings, cash }
  const days: number[] = []
  const values: number[] = []
  let ai = 0
  const rows = new Map<string, Float64Array>()
  for (let i = 0; i < table.days.length; i++) {
    const day = table.days[i] as number
    if (day < first.day) continue
    while (ai < adjustments.length && (adjustments[ai] as Adjustment).day <= day) {
      const applied = applyAdjustment(adjustments[ai] as Adjustment, holdings, cash)
      holdings = applied.holdings
      cash = applied.cash
      rows.clear()
      for (const id of holdings.keys()) {
        const r = table.closes.get(id)
        if (!r) throw new RangeError(`no closes for ${id}`)
        rows.set(id, r)
      }
      ai++
    }
    let v = cash
    for (const [id, h] of holdings) v += h.shares * ((rows.get(id) as Float64Array)[i] as number)
    days.push(day)
    values.push(v)
  }
  // adjustments after the table's last day (none in practice) still set what is held now
  while (ai < adjustments.length) {
    const applied = applyAdjustment(adjustments[ai] as Adjustment, holdings, cash)
    holdings = applied.holdings
    cash = applied.cash
    ai++
  }
  return { days, values, holdings, cash }
}

/** Each day's fall from the running peak, as a share (0–1). */
export function drawdownSeries(values: readonly number[]): number[] {
  let peak = 0
  return values.map((v) => {
    if (v > peak) peak = v
    return peak > 0 ? (peak - v) / peak : 0
  })
}

/** The largest fall from a running peak, as a share (0–1). */
export function maxDrawdown(values: readonly number[]): number {
  let peak = 0
  let worst = 0
  for (const v of values) {
    if (v > peak) peak = v
    else if (peak > 0) worst = Math.max(worst, (peak - v) / peak)
  }
  return worst
}

const monthOf = (day: number) => new Date(day * 1000).toISOString().slice(0, 7)

/** Each calendar month's profit (share): its last value against the month before's last (the first month against 1). */
export function monthProfits(days: readonly number[], values: readonly number[]): { month: string; profit: number; endValue: number }[] {
  const out: { month: string; profit: number; endValue: number }[] = []
  let base = 1
  for (let i = 0; i < days.length; i++) {
    const month = monthOf(days[i] as number)
    const next = days[i + 1]
    if (next !== undefined && monthOf(next) === month) continue
    const v = values[i] as number
    out.push({ month, profit: v / base - 1, endValue: v })
    base = v
  }
  return out
}

/** spec 001 §9: day profit in percent (the last value against the one before); 0 on the first day. */
export function dayProfitPercent(values: readonly number[]): number {
  const n = values.length
  if (n < 2) return 0
  const prev = values[n - 2] as number
  return prev > 0 ? ((values[n - 1] as number) / prev - 1) * 100 : 0
}

/** spec 001 §9: a net value as sent, 4 decimals. */
export const roundNetValue = (v: number): number => Math.round(v * 10_000) / 10_000
/** spec 001 §9: a percent as sent, 2 decimals. */
export const roundPercent = (p: number): number => Math.round(p * 100) / 100
