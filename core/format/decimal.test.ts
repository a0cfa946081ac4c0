import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { fixedDecimals, groupThousands, roundScaled, toDecimal, unitsToText } from './decimal'

describe('toDecimal', () => {
  it.each([
    [0, { negative: false, digits: 0n, exp: 0 }],
    [1.5, { negative: false, digits: 15n, exp: -1 }],
    [-1234, { negative: true, digits: 1234n, exp: 0 }],
    [1e21, { negative: false, digits: 1n, exp: 21 }],
    [1.5e-7, { negative: false, digits: 15n, exp: -8 }],
    [5e-324, { negative: false, digits: 5n, exp: -324 }],
  ])('%s', (n, d) => {
    expect(toDecimal(n)).toEqual(d)
  })

  it('rejects non-finite numbers', () => {
    expect(() => toDecimal(NaN)).toThrow(RangeError)
    expect(() => toDecimal(Infinity)).toThrow(RangeError)
  })

  it('reads back to the same double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const d = toDecimal(n)
        const back = Number(`${d.negative ? '-' : ''}${d.digits}e${d.exp}`)
        expect(back === n || (back === 0 && n === 0)).toBe(true)
      }),
    )
  })
})

describe('roundScaled', () => {
  it('rounds half away from zero in decimal, not binary', () => {
    expect(roundScaled(toDecimal(10050), 4, 2)).toBe(101n) // 1.005万 → 1.01
    expect(roundScaled(toDecimal(1.005), 0, 2)).toBe(101n)
    expect(roundScaled(toDecimal(1.0049), 0, 2)).toBe(100n)
    expect(roundScaled(toDecimal(123), -1, 0)).toBe(1230n)
  })

  it('matches integer division with rounding for integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 12 }), (n, shift) => {
        const divisor = 10n ** BigInt(shift)
        const q = BigInt(n) / divisor
        const expected = (BigInt(n) % divisor) * 2n >= divisor ? q + 1n : q
        expect(roundScaled(toDecimal(n), shift, 0)).toBe(expected)
      }),
    )
  })
})

describe('text helpers', () => {
  it('groups thousands', () => {
    expect(groupThousands('0')).toBe('0')
    expect(groupThousands('1234')).toBe('1,234')
    expect(groupThousands('1234567')).toBe('1,234,567')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (n) => {
        const text = groupThousands(n.toString())
        expect(text).toMatch(/^\d{1,3}(,\d{3})*$/)
        expect(text.replace(/,/g, '')).toBe(n.toString())
      }),
    )
  })

  it('writes units with fixed or trimmed decimals', () => {
    expect(unitsToText(5n, 2, { group: false, trim: false })).toBe('0.05')
    expect(unitsToText(123450n, 2, { group: true, trim: true })).toBe('1,234.5')
    expect(unitsToText(123400n, 2, { group: true, trim: true })).toBe('1,234')
    expect(unitsToText(7n, 0, { group: false, trim: false })).toBe('7')
  })

  it('fixedDecimals never prints a negative zero', () => {
    expect(fixedDecimals(-0.001, 2)).toBe('0.00')
    expect(fixedDecimals(-0.005, 2)).toBe('-0.01')
    expect(fixedDecimals(1234.5, 2, true)).toBe('1,234.50')
  })
})
