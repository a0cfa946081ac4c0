import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ACTIVITY_PORTFOLIO_CODE, contestPortfolioCode } from './activities'

describe('contestPortfolioCode', () => {
  it('is the activity portfolio 80 without an id (spec 000 §9)', () => {
    expect(ACTIVITY_PORTFOLIO_CODE).toBe('80')
    expect(contestPortfolioCode(undefined)).toBe('80')
    expect(contestPortfolioCode('')).toBe('80')
  })
  it('keeps a portfolio code and refuses anything else', () => {
    expect(contestPortfolioCode('81')).toBe('81')
    for (const bad of ['0', '080', 'abc', '1e3', '-1', '1234567890', '8 0']) expect(contestPortfolioCode(bad), bad).toBeNull()
    fc.assert(fc.property(fc.integer({ min: 1, max: 999_999_999 }), (n) => contestPortfolioCode(String(n)) === String(n)))
    fc.assert(fc.property(fc.string(), (s) => { const c = contestPortfolioCode(s); return c === null || /^[1-9][0-9]{0,8}$/.test(c) }))
  })
})
