import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  MAX_OPEN_PORTFOLIOS, MAX_POSITIONS, NAME_MAX, NAME_MIN, PORTFOLIO_MESSAGES, canOpenAnother, checkAllocation, checkName,
  isValidWeight, weightHundredths,
} from './rules'

const stock = fc.constantFrom('hk00700', 'hk09988', 'hk00005', 'hk01299', 'hk00388', 'hk02318')

describe('name rules', () => {
  it('examples', () => {
    expect(checkName('')).toBe(PORTFOLIO_MESSAGES.nameEmpty)
    expect(checkName('   ')).toBe(PORTFOLIO_MESSAGES.nameEmpty)
    expect(checkName('港')).toBe(PORTFOLIO_MESSAGES.nameLength)
    expect(checkName('港股科技')).toBeNull()
    expect(checkName('x'.repeat(NAME_MAX))).toBeNull()
    expect(checkName('x'.repeat(NAME_MAX + 1))).toBe(PORTFOLIO_MESSAGES.nameLength)
    expect(checkName('a\u0000b')).toBe(PORTFOLIO_MESSAGES.nameChars)
  })
  it('accepts exactly the trimmed names of NAME_MIN..NAME_MAX characters without control characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const t = [...s.trim()]
        const ok = t.length >= NAME_MIN && t.length <= NAME_MAX && !/\p{Cc}/u.test(s)
        expect(checkName(s) === null).toBe(ok)
      }),
    )
  })
})

describe('open portfolios per user', () => {
  it(`at most ${MAX_OPEN_PORTFOLIOS} open at once; closed ones do not count`, () => {
    expect(canOpenAnother(0)).toBe(true)
    expect(canOpenAnother(MAX_OPEN_PORTFOLIOS - 1)).toBe(true)
    expect(canOpenAnother(MAX_OPEN_PORTFOLIOS)).toBe(false)
  })
})

describe('weights', () => {
  it('a weight is 0–100 % with at most 2 decimals', () => {
    expect(isValidWeight(0)).toBe(true)
    expect(isValidWeight(33.33)).toBe(true)
    expect(isValidWeight(100)).toBe(true)
    expect(isValidWeight(100.01)).toBe(false)
    expect(isValidWeight(-1)).toBe(false)
    expect(isValidWeight(33.333)).toBe(false)
    expect(isValidWeight(Number.NaN)).toBe(false)
    expect(weightHundredths(0.1)).toBe(10)
    expect(weightHundredths(33.33)).toBe(3333)
  })

  it('examples: over 100 %, a stock twice, too many stocks', () => {
    expect(checkAllocation([{ stockId: 'hk00700', weight: 60 }, { stockId: 'hk09988', weight: 40 }])).toBeNull()
    expect(checkAllocation([{ stockId: 'hk00700', weight: 60 }, { stockId: 'hk09988', weight: 40.01 }])).toBe(PORTFOLIO_MESSAGES.weightsOver)
    expect(checkAllocation([{ stockId: 'hk00700', weight: 10 }, { stockId: 'hk00700', weight: 10 }])).toBe(PORTFOLIO_MESSAGES.duplicateStock)
    expect(checkAllocation([{ stockId: 'hk00700', weight: 100.5 }])).toBe(PORTFOLIO_MESSAGES.weightRange)
    expect(checkAllocation([{ stockId: 'hk00700', weight: 1.005 }])).toBe(PORTFOLIO_MESSAGES.weightRange)
    const many = Array.from({ length: MAX_POSITIONS + 1 }, (_, i) => ({ stockId: `hk${String(i).padStart(5, '0')}`, weight: 1 }))
    expect(checkAllocation(many)).toBe(PORTFOLIO_MESSAGES.tooManyStocks)
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: sums are taken in hundredths
    expect(checkAllocation([{ stockId: 'a', weight: 99.7 }, { stockId: 'b', weight: 0.1 }, { stockId: 'c', weight: 0.2 }])).toBeNull()
  })

  it('accepts exactly the lists of distinct stocks with valid weights summing to ≤ 100 %', () => {
    const row = fc.record({ stockId: stock, weight: fc.integer({ min: -100, max: 10100 }).map((h) => h / 100) })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const distinct = new Set(rows.map((r) => r.stockId)).size === rows.length
        const valid = rows.every((r) => r.weight >= 0 && r.weight <= 100)
        const sum = rows.reduce((s, r) => s + Math.round(r.weight * 100), 0)
        expect(checkAllocation(rows) === null).toBe(distinct && valid && sum <= 10000)
      }),
    )
  })
})
