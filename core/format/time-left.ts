// Durations: time left, and days left on an svip membership.

import { NO_VALUE } from './big-number'
import type { Script } from './script'

const HOUR_WORD: Record<Script, string> = { 'zh-cn': '小时', 'zh-hk': '小時' }
const MINUTE_WORD: Record<Script, string> = { 'zh-cn': '分钟', 'zh-hk': '分鐘' }

/**
 * spec 000 §9: time left shows in hours or minutes.
 * One hour or more: whole hours, rounded down (3 h 59 min → '3小时'), so the figure never overstates
 * what is left. Under an hour: whole minutes, rounded down, but at least 1 while any time is left
 * (30 s → '1分钟', 59 min 59 s → '59分钟'). Nothing left (0 or less) → '0分钟'. zh-hk: 小時 / 分鐘.
 */
export function formatTimeLeft(seconds: number, script: Script = 'zh-cn'): string {
  if (Number.isNaN(seconds) || seconds === Infinity) return NO_VALUE
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)}${HOUR_WORD[script]}`
  if (seconds <= 0) return `0${MINUTE_WORD[script]}`
  return `${Math.max(1, Math.floor(seconds / 60))}${MINUTE_WORD[script]}`
}

const DAY_MS = 86_400_000

/**
 * spec 001 §3: svip membership shows its remaining days rounded up (any part of a day counts as a
 * day); never negative: an expired membership (spec: expiry earlier than now) has 0 days.
 * `expireSeconds` is the spec's expireTimestamp in seconds; `nowMs` is Date.now().
 */
export function svipRemainingDays(expireSeconds: number, nowMs: number): number {
  const left = expireSeconds * 1000 - nowMs
  if (!Number.isFinite(left) || left <= 0) return 0
  return Math.ceil(left / DAY_MS)
}
