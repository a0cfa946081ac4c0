import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatBadge, formatBigNumber, formatFans } from './big-number'

const UNIT_VALUES: Record<string, number> = { 万: 1e4, 亿: 1e8, 万亿: 1e12, 萬: 1e4, 億: 1e8, 萬億: 1e12 }

/** Reads formatBigNumber's output back: value, its unit, the figure before the unit and the size of one step in its last digit. */
function parse(text: string): { value: number; unit: number; figure: number; step: number } {
  const m = /^(-?[\d,]+(?:\.(\d+))?)(万亿|萬億|万|萬|亿|億)?$/.exec(text)
  if (m === null) throw new Error(`unparseable: ${text}`)
  const unit = m[3] === undefined ? 1 : (UNIT_VALUES[m[3]] ?? NaN)
  const decimals = m[2]?.length ?? 0
  const figure = Number((m[1] ?? '').replace(/,/g, ''))
  return { value: figure * unit, unit, figure, step: 10 ** -decimals }
}

const SHAPE = /^(--|0|-?\d{1,3}(,\d{3})*(\.\d{1,2})?|-?\d{1,3}(,\d{3})*\.\d{2}(万|亿|万亿))$/
const SHAPE_HK = /^(--|0|-?\d{1,3}(,\d{3})*(\.\d{1,2})?|-?\d{1,3}(,\d{3})*\.\d{2}(萬|億|萬億))$/

describe('formatBigNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [9999, '9,999'],
    [1234.5, '1,234.5'],
    [1234.567, '1,234.57'],
    [0.1 + 0.2, '0.3'],
    [10000, '1.00万'],
    [123456, '12.35万'],
    [10050, '1.01万'],
    [123456789, '1.23亿'],
    [1.5e12, '1.50万亿'],
    [9.99e16, '99,900.00万亿'],
    [99_995_000, '9,999.50万'],
    [99_999_949, '9,999.99万'],
    [99_999_950, '1.00亿'],
    [99_999_999, '1.00亿'],
    [999_999_995_000, '1.00万亿'],
    [9999.994, '9,999.99'],
    [9999.995, '1.00万'],
    [-123456, '-12.35万'],
    [-0.001, '0'],
    [-0, '0'],
    [0.004, '0'],
    [0.005, '0.01'],
  ])('%s → %s', (n, text) => {
    expect(formatBigNumber(n, 'zh-cn')).toBe(text)
  })

  it('uses traditional units for zh-hk', () => {
    expect(formatBigNumber(123456, 'zh-hk')).toBe('12.35萬')
    expect(formatBigNumber(123456789, 'zh-hk')).toBe('1.23億')
    expect(formatBigNumber(1.5e12, 'zh-hk')).toBe('1.50萬億')
  })

  it('never prints NaN or Infinity', () => {
    expect(formatBigNumber(NaN, 'zh-cn')).toBe('--')
    expect(formatBigNumber(Infinity, 'zh-cn')).toBe('--')
    expect(formatBigNumber(-Infinity, 'zh-hk')).toBe('--')
  })

  it('has the documented shape for every double, at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.double(), fc.constantFrom('zh-cn' as const, 'zh-hk' as const), (n, script) => {
        const text = formatBigNumber(n, script)
        expect(text).toMatch(script === 'zh-cn' ? SHAPE : SHAPE_HK)
        expect(text).not.toMatch(/NaN|Infinity/)
        // a unit below 万亿 never shows 10,000 or more of itself: it is promoted instead
        if (/[万萬亿億]$/.test(text) && !/(万亿|萬億)$/.test(text)) expect(Math.abs(parse(text).figure)).toBeLessThan(10000)
      }),
    )
  })

  it('promotes to the next unit when rounding reaches 10,000 of the current one', () => {
    const nearBoundary = fc.oneof(
      fc.double({ min: 9999.9, max: 10000, noNaN: true }),
      fc.integer({ min: 99_999_000, max: 100_000_000 }),
      fc.integer({ min: 999_999_000_000, max: 1_000_000_000_000 }),
    )
    fc.assert(
      fc.property(nearBoundary, (n) => {
        expect(parse(formatBigNumber(n, 'zh-cn')).figure).toBeLessThan(10000)
      }),
    )
  })

  it('is monotone in its input', () => {
    const finite = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -2e9, max: 2e9 }))
    fc.assert(
      fc.property(finite, finite, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        expect(parse(formatBigNumber(lo, 'zh-cn')).value).toBeLessThanOrEqual(parse(formatBigNumber(hi, 'zh-cn')).value)
      }),
    )
  })

  it('reads back within half a step of its last digit', () => {
    const finite = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.double({ min: -1e17, max: 1e17, noNaN: true }),
      fc.integer({ min: -2e9, max: 2e9 }),
    )
    fc.assert(
      fc.property(finite, (n) => {
        // compared in the output's unit, so that figures near Number.MAX_VALUE do not overflow
        const { unit, figure, step } = parse(formatBigNumber(n, 'zh-cn'))
        expect(Math.abs(figure - n / unit)).toBeLessThanOrEqual(step / 2 + Math.abs(n / unit) * 1e-14)
      }),
    )
  })

  it('is symmetric for negatives', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const pos = formatBigNumber(Math.abs(n), 'zh-cn')
        expect(formatBigNumber(-Math.abs(n), 'zh-cn')).toBe(pos === '0' ? '0' : `-${pos}`)
      }),
    )
  })
})

describe('formatFans', () => {
  it.each([
    [0, '0'],
    [9999, '9999'],
    [10000, '10.00k'],
    [12345, '12.35k'],
    [12344, '12.34k'],
    [1234567, '1234.57k'],
    [9999.4, '9999'],
    [9999.5, '10.00k'],
    [NaN, '--'],
  ])('%s → %s', (n, text) => {
    expect(formatFans(n)).toBe(text)
  })

  it('shows counts over 9999 as thousands with exactly 2 decimals, within half a step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10000, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const text = formatFans(n)
        expect(text).toMatch(/^\d+\.\d{2}k$/)
        expect(Math.abs(Number(text.slice(0, -1)) * 1000 - n)).toBeLessThanOrEqual(5 + n * 1e-14)
      }),
    )
  })

  it('shows 0 to 9999 unchanged', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9999 }), (n) => {
      expect(formatFans(n)).toBe(String(n))
    }))
  })
})

describe('formatBadge', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [NaN, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
    [Infinity, '99+'],
  ])('%s → %j', (n, text) => {
    expect(formatBadge(n)).toBe(text)
  })

  it('caps every count above 99 and shows every count from 1 to 99', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (n) => {
        expect(formatBadge(n)).toBe(n > 99 ? '99+' : String(n))
      }),
    )
  })
})
