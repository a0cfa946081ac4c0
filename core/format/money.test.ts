import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatDiscount, formatNetValue, formatPercent, formatPriceCents, formatRate, formatRatio } from './money'

describe('formatPriceCents', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [123456, '1,234.56'],
    [-99, '-0.99'],
    [100_000_000, '1,000,000.00'],
    [12.5, '0.13'],
    [-0.4, '0.00'],
    [NaN, '--'],
    [Infinity, '--'],
  ])('%s cents → %s', (cents, text) => {
    expect(formatPriceCents(cents)).toBe(text)
  })

  it('reads back to the exact integer cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const text = formatPriceCents(cents)
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/)
        expect(BigInt(text.replace(/[,.]/g, ''))).toBe(BigInt(cents))
      }),
    )
  })
})

describe('formatNetValue', () => {
  it.each([
    [1.2, '1.2000'],
    [1.23456, '1.2346'],
    [0.99995, '1.0000'],
    [-0.00001, '0.0000'],
    [NaN, '--'],
  ])('%s → %s', (x, text) => {
    expect(formatNetValue(x)).toBe(text)
  })

  it('always has 4 decimals and reads back within half a step', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const text = formatNetValue(x)
        expect(text).toMatch(/^-?\d+\.\d{4}$/)
        expect(Math.abs(Number(text) - x)).toBeLessThanOrEqual(0.00005 + 1e-12)
      }),
    )
  })
})

describe('formatPercent', () => {
  it.each([
    [1.23, '+1.23%'],
    [1.234, '+1.23%'],
    [-0.5, '-0.50%'],
    [0, '0.00%'],
    [-0, '0.00%'],
    [0.004, '0.00%'],
    [-0.004, '0.00%'],
    [0.005, '+0.01%'],
    [NaN, '--'],
  ])('%s → %s', (x, text) => {
    expect(formatPercent(x)).toBe(text)
  })

  it('carries the sign of every value that does not round to zero', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), (x) => {
        const text = formatPercent(x)
        expect(text).toMatch(/^([+-]\d+\.\d{2}|0\.00)%$/)
        if (text !== '0.00%') expect(text.startsWith(x > 0 ? '+' : '-')).toBe(true)
        expect(Math.abs(Number(text.slice(0, -1)) - x)).toBeLessThanOrEqual(0.005 + 1e-12)
      }),
    )
  })
})

describe('formatDiscount', () => {
  it.each([
    [0.8, '8 折'],
    [0.85, '8.5 折'],
    [0.875, '8.75 折'],
    [0.7, '7 折'],
    [0.05, '0.5 折'],
    [0, '--'],
    [1, '--'],
    [1.5, '--'],
    [NaN, '--'],
  ])('%s → %s', (rate, text) => {
    expect(formatDiscount(rate)).toBe(text)
  })

  it('shows whole and half discounts exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (percent) => {
        const text = formatDiscount(percent / 100)
        expect(text).toMatch(/^\d(\.\d)? 折$/)
        expect(Number(text.replace(' 折', ''))).toBe(percent / 10)
      }),
    )
  })
})

describe('formatRatio and formatRate', () => {
  it('2 decimals; null and non-finite are --; a rate carries % and no sign', () => {
    expect(formatRatio(12.345)).toBe('12.35')
    expect(formatRatio(-3.1)).toBe('-3.10')
    expect(formatRatio(null)).toBe('--')
    expect(formatRatio(Number.NaN)).toBe('--')
    expect(formatRate(3.456)).toBe('3.46%')
    expect(formatRate(0)).toBe('0.00%')
    expect(formatRate(Infinity)).toBe('--')
  })
  it('reads back within half a hundredth for any finite value', () => {
    fc.assert(fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => Math.abs(Number(formatRatio(x)) - x) <= 0.005 + 1e-9))
  })
})
