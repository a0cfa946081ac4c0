// Trading sessions of the markets this site quotes (spec 000 §1: HK and US stocks). Pure time arithmetic
// on seconds since the epoch; a trading "day" is the local calendar date written as 00:00 UTC of that
// date (as the fixtures' daily bars are), so 2025-11-14 in Hong Kong and in New York is the same number.
import type { KnownMarket } from '../validation/stock-code'

export type MarketId = KnownMarket

export const DAY_SECONDS = 86_400

/** Local trading hours in minutes after midnight: HK 09:30–12:00 and 13:00–16:00 (lunch break), US 09:30–16:00. */
export const TRADING_HOURS: Record<MarketId, readonly (readonly [number, number])[]> = {
  hk: [
    [9 * 60 + 30, 12 * 60],
    [13 * 60, 16 * 60],
  ],
  us: [[9 * 60 + 30, 16 * 60]],
}

/** Full-day exchange holidays (local dates). HKEX and NYSE calendars for 2025 and 2026. */
const HOLIDAYS: Record<MarketId, ReadonlySet<string>> = {
  hk: new Set([
    '2025-01-01', '2025-01-29', '2025-01-30', '2025-01-31', '2025-04-04', '2025-04-18', '2025-04-21',
    '2025-05-01', '2025-05-05', '2025-07-01', '2025-10-01', '2025-10-07', '2025-10-29', '2025-12-25', '2025-12-26',
    '2026-01-01', '2026-02-17', '2026-02-18', '2026-02-19', '2026-04-03', '2026-04-06', '2026-04-07',
    '2026-05-01', '2026-05-25', '2026-07-01', '2026-10-01', '2026-10-19', '2026-12-25', '2026-12-26',
  ]),
  us: new Set([
    '2025-01-01', '2025-01-09', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19',
    '2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25',
    '2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03',
    '2026-09-07', '2026-11-26', '2026-12-25',
  ]),
}

const isoDate = (day: number) => new Date(day * 1000).toISOString().slice(0, 10)

/** 00:00 UTC of the n-th (1-based) Sunday of a month. */
function nthSunday(year: number, month: number, n: number): number {
  const first = Date.UTC(year, month, 1) / 1000
  const wd = new Date(first * 1000).getUTCDay()
  return first + (((7 - wd) % 7) + 7 * (n - 1)) * DAY_SECONDS
}

/**
 * New York's offset from UTC at instant t: −4 h (EDT) from 02:00 EST on the second Sunday of March
 * until 02:00 EDT on the first Sunday of November, −5 h (EST) otherwise (US rule since 2007).
 */
export function newYorkOffsetSeconds(t: number): number {
  const year = new Date(t * 1000).getUTCFullYear()
  const start = nthSunday(year, 2, 2) + 7 * 3600 // 02:00 EST = 07:00 UTC
  const end = nthSunday(year, 10, 1) + 6 * 3600 // 02:00 EDT = 06:00 UTC
  return t >= start && t < end ? -4 * 3600 : -5 * 3600
}

/** The market's offset from UTC at instant t (Hong Kong has no daylight saving). */
export function utcOffsetSeconds(market: MarketId, t: number): number {
  return market === 'hk' ? 8 * 3600 : newYorkOffsetSeconds(t)
}

/** The local calendar date of instant t as 00:00 UTC of that date. */
export function localDay(market: MarketId, t: number): number {
  return Math.floor((t + utcOffsetSeconds(market, t)) / DAY_SECONDS) * DAY_SECONDS
}

export function isTradingDay(market: MarketId, day: number): boolean {
  const wd = new Date(day * 1000).getUTCDay()
  return wd !== 0 && wd !== 6 && !HOLIDAYS[market].has(isoDate(day))
}

/** The sessions of a local date as UTC [start, end) pairs in seconds; none on weekends and holidays. */
export function sessionsOf(market: MarketId, day: number): readonly (readonly [number, number])[] {
  if (!isTradingDay(market, day)) return []
  // the offset at local noon is the offset of the whole trading day (DST switches at 02:00)
  const offset = utcOffsetSeconds(market, day + 12 * 3600 - (market === 'hk' ? 8 : -5) * 3600)
  return TRADING_HOURS[market].map(([a, b]) => [day + a * 60 - offset, day + b * 60 - offset] as const)
}

/** Trading seconds in a full day: HK 5.5 h, US 6.5 h. */
export function sessionSeconds(market: MarketId): number {
  return TRADING_HOURS[market].reduce((sum, [a, b]) => sum + (b - a) * 60, 0)
}

/** Trading seconds of `day` that have passed at instant t: 0 before the open, the full day after the close. */
export function elapsedTradingSeconds(market: MarketId, day: number, t: number): number {
  let sum = 0
  for (const [a, b] of sessionsOf(market, day)) sum += Math.max(0, Math.min(t, b) - a)
  return sum
}

/** The instant at which `elapsed` trading seconds of `day` have passed (inverse of elapsedTradingSeconds). */
export function instantAt(market: MarketId, day: number, elapsed: number): number {
  let left = elapsed
  const sessions = sessionsOf(market, day)
  for (const [a, b] of sessions) {
    if (left <= b - a) return a + left
    left -= b - a
  }
  const last = sessions[sessions.length - 1]
  return last ? last[1] : day
}

export function isOpen(market: MarketId, t: number): boolean {
  return sessionsOf(market, localDay(market, t)).some(([a, b]) => t >= a && t < b)
}

export type MarketStatus = 'preOpen' | 'trading' | 'lunchBreak' | 'closed'

export function marketStatus(market: MarketId, t: number): MarketStatus {
  const sessions = sessionsOf(market, localDay(market, t))
  const first = sessions[0]
  const last = sessions[sessions.length - 1]
  if (!first || !last) return 'closed'
  if (sessions.some(([a, b]) => t >= a && t < b)) return 'trading'
  if (t < first[0]) return 'preOpen'
  if (t >= last[1]) return 'closed'
  return 'lunchBreak'
}

export function previousTradingDay(market: MarketId, day: number): number {
  let d = day - DAY_SECONDS
  while (!isTradingDay(market, d)) d -= DAY_SECONDS
  return d
}

export function nextTradingDay(market: MarketId, day: number): number {
  let d = day + DAY_SECONDS
  while (!isTradingDay(market, d)) d += DAY_SECONDS
  return d
}

/** The trading day whose quotes show at instant t: today once its first session has opened, else the last one before. */
export function currentTradingDay(market: MarketId, t: number): number {
  const today = localDay(market, t)
  const first = sessionsOf(market, today)[0]
  if (first && t >= first[0]) return today
  return previousTradingDay(market, today)
}
