// Exact decimal rounding for display, shared by the formatters in this folder.
//
// Numbers are taken from their shortest round-trip decimal form (what `String(n)` prints) and
// rounded in integer arithmetic, so 10050 / 10^4 rounds to 1.01 and not to the binary artefact 1.00
// that `(10050 / 1e4).toFixed(2)` gives. Rounding is half away from zero, the way readers round.

/** |n| as an integer `digits` times 10^`exp`, plus its sign. `n` must be finite. */
export interface Decimal {
  readonly negative: boolean
  readonly digits: bigint
  readonly exp: number
}

export function toDecimal(n: number): Decimal {
  const text = String(Math.abs(n))
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text)
  if (m === null) throw new RangeError(`not a finite number: ${text}`)
  const whole = m[1] ?? '0'
  const fraction = m[2] ?? ''
  const exponent = Number(m[3] ?? '0')
  return { negative: n < 0, digits: BigInt(whole + fraction), exp: exponent - fraction.length }
}

/** round(|value| / 10^shiftDown, `places` decimals), as an integer count of 10^-places units. */
export function roundScaled(d: Decimal, shiftDown: number, places: number): bigint {
  const shift = d.exp - shiftDown + places
  if (shift >= 0) return d.digits * 10n ** BigInt(shift)
  const divisor = 10n ** BigInt(-shift)
  const quotient = d.digits / divisor
  const remainder = d.digits % divisor
  return remainder * 2n >= divisor ? quotient + 1n : quotient
}

/** '1234567' → '1,234,567'. */
export function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** Writes a count of 10^-places units with `places` decimals; `trim` drops trailing zeros (and a bare point). */
export function unitsToText(units: bigint, places: number, options: { group: boolean; trim: boolean }): string {
  const raw = units.toString().padStart(places + 1, '0')
  const whole = places === 0 ? raw : raw.slice(0, -places)
  let fraction = places === 0 ? '' : raw.slice(-places)
  if (options.trim) fraction = fraction.replace(/0+$/, '')
  const head = options.group ? groupThousands(whole) : whole
  return fraction === '' ? head : `${head}.${fraction}`
}

/** n with exactly `places` decimals, half away from zero, no '-0.00'. `group` adds thousands separators. */
export function fixedDecimals(n: number, places: number, group = false): string {
  const d = toDecimal(n)
  const units = roundScaled(d, 0, places)
  const text = unitsToText(units, places, { group, trim: false })
  return d.negative && units !== 0n ? `-${text}` : text
}
