// Dates and relative times, always in China Standard Time.
//
// Readers are in mainland China and Hong Kong, both UTC+8 with no daylight saving since 1991, so times
// are computed at a fixed +8 h offset from UTC rather than in the machine's zone (the server and the
// test machine may run in UTC). Timestamps arrive in seconds (spec 000 §3, 001 §3).

import { NO_VALUE } from './big-number'
import type { Script } from './script'

const UTC8_OFFSET_MS = 8 * 3_600_000
const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
/** The largest magnitude a JS Date can hold. */
const MAX_DATE_MS = 8.64e15

interface WallClock {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  /** Days since 1970-01-01 in UTC+8: equal numbers mean the same calendar day. */
  readonly dayNumber: number
}

function wallClock(ms: number): WallClock | null {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS - UTC8_OFFSET_MS) return null
  const shifted = ms + UTC8_OFFSET_MS
  const d = new Date(shifted)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    dayNumber: Math.floor(shifted / DAY_MS),
  }
}

const pad2 = (n: number): string => String(n).padStart(2, '0')
const yearText = (y: number): string => (y < 0 ? `-${String(-y).padStart(6, '0')}` : String(y).padStart(4, '0'))
const clockText = (w: WallClock): string => `${pad2(w.hour)}:${pad2(w.minute)}`
const dateText = (w: WallClock): string => `${yearText(w.year)}-${pad2(w.month)}-${pad2(w.day)}`

/** 'YYYY-MM-DD HH:mm' in UTC+8. */
export function formatDateTime(tsSeconds: number): string {
  const w = wallClock(tsSeconds * 1000)
  return w === null ? NO_VALUE : `${dateText(w)} ${clockText(w)}`
}

/** 'YYYY-MM-DD' in UTC+8 (spec 001 §9: risk result expiry shown YYYY-MM-DD). */
export function formatDate(tsSeconds: number): string {
  const w = wallClock(tsSeconds * 1000)
  return w === null ? NO_VALUE : dateText(w)
}

/** 'HH:mm' in UTC+8. */
export function formatClock(tsSeconds: number): string {
  const w = wallClock(tsSeconds * 1000)
  return w === null ? NO_VALUE : clockText(w)
}

const WORDS: Record<Script, { justNow: string; minutesAgo: string; hoursAgo: string; yesterday: string }> = {
  'zh-cn': { justNow: '刚刚', minutesAgo: '分钟前', hoursAgo: '小时前', yesterday: '昨天' },
  'zh-hk': { justNow: '剛剛', minutesAgo: '分鐘前', hoursAgo: '小時前', yesterday: '昨天' },
}

/**
 * How long ago, in UTC+8:
 * - under 1 minute (or up to 1 minute in the future, for clock skew): 刚刚
 * - under 1 hour: n分钟前 (whole minutes, rounded down)
 * - 1 hour or more and the same calendar day: n小时前 (whole hours, rounded down; at most 23)
 * - the previous calendar day: 昨天 HH:mm
 * - earlier this year: MM-DD HH:mm; an earlier year: YYYY-MM-DD
 * Times further in the future than a minute are shown as a date by the same year rule.
 * zh-hk: 剛剛, n分鐘前, n小時前, 昨天.
 */
export function formatRelativeTime(tsSeconds: number, nowMs: number, script: Script = 'zh-cn'): string {
  const tsMs = tsSeconds * 1000
  const then = wallClock(tsMs)
  const now = wallClock(nowMs)
  if (then === null || now === null) return NO_VALUE
  const words = WORDS[script]
  const ago = nowMs - tsMs
  if (ago > -MINUTE_MS && ago < MINUTE_MS) return words.justNow
  if (ago > 0) {
    if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)}${words.minutesAgo}`
    if (then.dayNumber === now.dayNumber) return `${Math.floor(ago / HOUR_MS)}${words.hoursAgo}`
    if (then.dayNumber === now.dayNumber - 1) return `${words.yesterday} ${clockText(then)}`
  }
  if (then.year === now.year) return `${pad2(then.month)}-${pad2(then.day)} ${clockText(then)}`
  return dateText(then)
}
