// Counts and amounts for readers: 万 / 亿 / 万亿, fans in k, badges capped at 99+.
//
// Written by hand on purpose: Intl.NumberFormat('zh-HK', { notation: 'compact', maximumFractionDigits: 2 })
// prints 123.46M for 123,456,789, which is wrong for our readers (they expect 1.23億). zh-CN happens to
// give 1.23亿, but one rule for both scripts, independent of each browser's ICU data, is simpler. See design.md.

import { roundScaled, toDecimal, unitsToText } from './decimal'
import type { Script } from './script'

/** Shown for NaN and ±Infinity: never 'NaN' or 'Infinity' on screen. */
export const NO_VALUE = '--'

// spec 000 §9: numbers of 10 thousand or more show units 万, 亿, 万亿 to 2 decimals, with thousands separators.
const UNIT_NAMES: Record<Script, readonly [string, string, string]> = {
  'zh-cn': ['万', '亿', '万亿'],
  'zh-hk': ['萬', '億', '萬億'],
}
const UNIT_POWERS = [4, 8, 12] as const
/** 10,000.00 expressed in hundredths: the point at which a unit is promoted to the next. */
const TEN_THOUSAND_HUNDREDTHS = 1_000_000n

/**
 * Below 10,000: the number with thousands separators, integers plain, fractions to at most
 * 2 decimals (trailing zeros dropped: 12.5, 1,234.57). 10,000 and above: 2 decimals in
 * 万 / 亿 / 万亿 (zh-hk 萬 / 億 / 萬億), e.g. 12.35万, 1.23亿, 1.50万亿, 99,900.00万亿.
 * Rounding is decided before the unit, so 9,999.996 is 1.00万 and 99,999,999 is 1.00亿,
 * never 10,000.00万. Negatives mirror positives; anything that rounds to zero is '0'.
 * `script` has no default: every view passes the reader's (issue 24: a default let zh-hk pages show 万/亿).
 */
export function formatBigNumber(n: number, script: Script): string {
  if (!Number.isFinite(n)) return NO_VALUE
  const d = toDecimal(n)
  const sign = d.negative ? '-' : ''
  const plain = roundScaled(d, 0, 2)
  if (plain < TEN_THOUSAND_HUNDREDTHS) {
    if (plain === 0n) return '0'
    return sign + unitsToText(plain, 2, { group: true, trim: true })
  }
  let index = 0
  let scaled = roundScaled(d, UNIT_POWERS[0], 2)
  while (index < UNIT_POWERS.length - 1 && scaled >= TEN_THOUSAND_HUNDREDTHS) {
    index += 1
    scaled = roundScaled(d, UNIT_POWERS[index] ?? 12, 2)
  }
  return sign + unitsToText(scaled, 2, { group: true, trim: false }) + (UNIT_NAMES[script][index] ?? '')
}

/**
 * spec 000 §9 / 001 §9: fans over 9999 show in thousands with 2 decimals and k
 * (12345 → '12.35k', 10000 → '10.00k', 1234567 → '1234.57k': no separators, as the spec words it).
 * 9999 and below as a whole number. Counts are rounded to whole fans first.
 */
export function formatFans(n: number): string {
  if (!Number.isFinite(n)) return NO_VALUE
  const d = toDecimal(n)
  const whole = roundScaled(d, 0, 0)
  const sign = d.negative && whole !== 0n ? '-' : ''
  if (whole <= 9999n) return sign + whole.toString()
  return `${sign}${unitsToText(roundScaled(d, 3, 2), 2, { group: false, trim: false })}k`
}

// spec 000 §9: badges cap at 99+.
export const BADGE_CAP = 99

/**
 * Unread badge text: '' when there is nothing to show (0, negative, NaN: the caller hides the
 * badge on ''), the whole count from 1 to 99, '99+' above 99. Fractions are floored.
 */
export function formatBadge(n: number): string {
  if (Number.isNaN(n) || n < 1) return ''
  if (n > BADGE_CAP) return `${BADGE_CAP}+`
  return String(Math.floor(n))
}
