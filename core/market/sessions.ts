// Trading hours of the markets this site quotes (spec 000 §1: HK and US stocks). Pure time arithmetic on
// seconds since the epoch; which days trade, half days and why a day is closed are trading-calendar.ts.
// A trading "day" is the local calendar date written as 00:00 UTC of that date (as the fixtures' daily
// bars are), so 2025-11-14 in Hong Kong and in New York is the same number.
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

/** The offset of a whole local date (taken at local noon: New York switches at 02:00, never in trading hours). */
export function dayOffsetSeconds(market: MarketId, day: number): number {
  return utcOffsetSeconds(market, day + 12 * 3600 - (market === 'hk' ? 8 : -5) * 3600)
}

/** Sessions as UTC [start, end) seconds of a local date, from local [open, close) minutes. */
export function sessionsFromMinutes(market: MarketId, day: number, hours: readonly (readonly [number, number])[]): readonly (readonly [number, number])[] {
  const offset = dayOffsetSeconds(market, day)
  return hours.map(([a, b]) => [day + a * 60 - offset, day + b * 60 - offset] as const)
}

/**
 * The sessions of a full trading day, without asking the calendar: for a day the server already named
 * as a trading day (the minute chart's axis). Which days trade, and half days, are
 * core/market/trading-calendar.ts.
 */
export function regularSessionsOf(market: MarketId, day: number): readonly (readonly [number, number])[] {
  return sessionsFromMinutes(market, day, TRADING_HOURS[market])
}

/** Trading seconds in a full day: HK 5.5 h, US 6.5 h. */
export function sessionSeconds(market: MarketId): number {
  return TRADING_HOURS[market].reduce((sum, [a, b]) => sum + (b - a) * 60, 0)
}

/** Trading seconds of the given sessions that have passed at instant t. */
export function elapsedIn(sessions: readonly (readonly [number, number])[], t: number): number {
  let sum = 0
  for (const [a, b] of sessions) sum += Math.max(0, Math.min(t, b) - a)
  return sum
}

/**
 * What a quote says about its market: before the open (preOpen; US pre-market 04:00–09:30 New York
 * time is preMarket), in a session, in HK's lunch break, US after-hours (afterHours), or closed.
 */
export type MarketStatus = 'preOpen' | 'preMarket' | 'trading' | 'lunchBreak' | 'afterHours' | 'closed'
