// Prices, portfolio values, percentages and coupon discounts.

import { NO_VALUE } from './big-number'
import { fixedDecimals, roundScaled, toDecimal, unitsToText } from './decimal'

/**
 * spec 001 §9: price shown with 2 decimals; amount divided by 100 (money travels in integer cents).
 * 123456 → '1,234.56', 5 → '0.05', -99 → '-0.99'. Fractional cents are rounded half away from zero first.
 */
export function formatPriceCents(cents: number): string {
  if (!Number.isFinite(cents)) return NO_VALUE
  const d = toDecimal(cents)
  const units = roundScaled(d, 0, 0)
  const text = unitsToText(units, 2, { group: true, trim: false })
  return d.negative && units !== 0n ? `-${text}` : text
}

/** spec 001 §3, §9: portfolio net value to 4 decimals (1.2 → '1.2000'), no separators. */
export function formatNetValue(x: number): string {
  if (!Number.isFinite(x)) return NO_VALUE
  return fixedDecimals(x, 4)
}

/**
 * spec 001 §3, §9: day profit percent to 2 decimals, signed. `x` is already in percent
 * (1.234 → '+1.23%', -0.5 → '-0.50%'); anything that rounds to zero is '0.00%' without a sign.
 */
export function formatPercent(x: number): string {
  if (!Number.isFinite(x)) return NO_VALUE
  const text = fixedDecimals(x, 2)
  if (/^-?0\.00$/.test(text)) return '0.00%'
  return x > 0 ? `+${text}%` : `${text}%`
}

/**
 * spec 001 §3: a coupon discount is shown as 'n 折'. `rate` is the share of the price that is paid,
 * strictly between 0 and 1: 0.8 → '8 折', 0.85 → '8.5 折', 0.875 → '8.75 折' (at most 2 decimals,
 * trailing zeros dropped). Anything outside (0, 1) is not a discount and shows '--'.
 */
export function formatDiscount(rate: number): string {
  if (!Number.isFinite(rate) || rate <= 0 || rate >= 1) return NO_VALUE
  const tenths = roundScaled(toDecimal(rate), -1, 2)
  return `${unitsToText(tenths, 2, { group: false, trim: true })} 折`
}

/** spec 001 §9: a ratio (P/E, P/B, P/S, EPS) to 2 decimals; null (an index, a loss maker) is '--'. */
export function formatRatio(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return NO_VALUE
  return fixedDecimals(x, 2)
}

/** A share that is always positive (amplitude, turnover rate, a margin) to 2 decimals, unsigned: 3.456 → '3.46%'. */
export function formatRate(x: number): string {
  if (!Number.isFinite(x)) return NO_VALUE
  return `${fixedDecimals(x, 2)}%`
}
