// Kline periods and rights (复权) types. spec 000 §7: kline type mapping hours → min1, daily → day,
// weekly → week, monthly → month; klines take count, timestamp and rightsType.

/** The chart periods a reader chooses (分时 is the minute line, not a kline). */
export const CHART_PERIODS = ['minute', 'daily', 'weekly', 'monthly', 'hours'] as const
export type ChartPeriod = (typeof CHART_PERIODS)[number]
export type KlinePeriod = Exclude<ChartPeriod, 'minute'>

/** The `{type}` of /hq/{market}/kline/{type}/{code}/v2 and v4. */
export const KLINE_TYPES = ['min1', 'day', 'week', 'month'] as const
export type KlineType = (typeof KLINE_TYPES)[number]

const TYPE_OF: Record<KlinePeriod, KlineType> = { hours: 'min1', daily: 'day', weekly: 'week', monthly: 'month' }

/** spec 000 §7: hours is min1, daily is day, weekly is week, monthly is month. */
export function klineTypeOf(period: KlinePeriod): KlineType {
  return TYPE_OF[period]
}

/** Rights types: 0 不复权 (raw), 1 前复权 (forward: earlier prices adjusted), 2 后复权 (backward: later prices adjusted). */
export const RIGHTS_TYPES = [0, 1, 2] as const
export type RightsType = (typeof RIGHTS_TYPES)[number]

/** A cash dividend: from `exDay` on, the price no longer includes `cashCents` per share. */
export interface DividendEvent {
  exDay: number
  cashCents: number
}

export interface Candle {
  /** bar start, seconds (a day bar: 00:00 UTC of its local date) */
  time: number
  openCents: number
  highCents: number
  lowCents: number
  closeCents: number
  volume: number
}

/**
 * Adjusts bars (oldest first) for dividends. Forward: every bar before an ex-day is scaled by
 * (1 − cash / previous close), so the latest prices are real. Backward: bars from the ex-day on are scaled
 * by the inverse, so the earliest prices are real. Raw: unchanged. Volumes are never adjusted.
 */
export function adjustForRights(bars: readonly Candle[], events: readonly DividendEvent[], type: RightsType): Candle[] {
  if (type === 0 || events.length === 0) return bars.slice()
  const factors = new Array<number>(bars.length).fill(1)
  for (const ev of events) {
    const idx = bars.findIndex((b) => b.time >= ev.exDay)
    if (idx <= 0) continue
    const prevClose = (bars[idx - 1] as Candle).closeCents
    if (prevClose <= ev.cashCents) continue
    const ratio = 1 - ev.cashCents / prevClose
    if (type === 1) for (let i = 0; i < idx; i++) factors[i] = (factors[i] as number) * ratio
    else for (let i = idx; i < bars.length; i++) factors[i] = (factors[i] as number) / ratio
  }
  return bars.map((b, i) => {
    const f = factors[i] as number
    if (f === 1) return b
    const s = (x: number) => Math.max(1, Math.round(x * f))
    return { ...b, openCents: s(b.openCents), highCents: s(b.highCents), lowCents: s(b.lowCents), closeCents: s(b.closeCents) }
  })
}

/** Groups day bars (oldest first) into weeks (Monday start) or months; a group's time is its first day. */
export function groupBars(days: readonly Candle[], by: 'week' | 'month'): Candle[] {
  const keyOf = (t: number) => {
    const d = new Date(t * 1000)
    if (by === 'month') return d.getUTCFullYear() * 12 + d.getUTCMonth()
    return Math.floor((t / 86_400 + 3) / 7) // 1970-01-01 was a Thursday: +3 puts week starts on Monday
  }
  const out: Candle[] = []
  let key: number | undefined
  for (const b of days) {
    const k = keyOf(b.time)
    const last = out[out.length - 1]
    if (last && k === key) {
      last.highCents = Math.max(last.highCents, b.highCents)
      last.lowCents = Math.min(last.lowCents, b.lowCents)
      last.closeCents = b.closeCents
      last.volume += b.volume
    } else {
      out.push({ ...b })
      key = k
    }
  }
  return out
}
