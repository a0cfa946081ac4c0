import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { backwardFactorOf, effectiveRights, hasRights, liveTickAllowed, scaleForRights } from './chart-period'
import { CHART_PERIODS, RIGHTS_TYPES } from './kline'

const period = fc.constantFrom(...CHART_PERIODS)
const rights = fc.constantFrom(...RIGHTS_TYPES)
const status = fc.constantFrom('preOpen', 'trading', 'lunchBreak', 'closed' as const)
const factor = fc.option(fc.double({ min: 0.01, max: 100, noNaN: true }), { nil: null })

describe('chart period rules', () => {
  it('rights apply to day, week and month only', () => {
    expect(CHART_PERIODS.filter(hasRights)).toEqual(['daily', 'weekly', 'monthly'])
    expect(effectiveRights('minute', 2)).toBe(0)
    expect(effectiveRights('hours', 1)).toBe(0)
    expect(effectiveRights('weekly', 2)).toBe(2)
  })
  it('no tick outside a trading session, whatever the period and rights', () => {
    fc.assert(fc.property(period, rights, factor, status, (p, r, f, s) => (s !== 'trading' ? !liveTickAllowed(p, r, f, s) : true)))
  })
  it('during a session: raw and 前复权 always; 后复权 exactly when its factor is known', () => {
    fc.assert(
      fc.property(period, rights, factor, (p, r, f) => {
        const allowed = liveTickAllowed(p, r, f, 'trading')
        return effectiveRights(p, r) === 2 ? allowed === (f !== null) : allowed
      }),
    )
  })
  it('ticks are scaled only under 后复权 with a factor', () => {
    expect(scaleForRights(10_000, 'daily', 2, 1.5)).toBe(15_000)
    expect(scaleForRights(10_000, 'daily', 1, 1.5)).toBe(10_000)
    expect(scaleForRights(10_000, 'minute', 2, 1.5)).toBe(10_000)
    expect(scaleForRights(10_000, 'daily', 2, null)).toBe(10_000)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.double({ min: 0.5, max: 4, noNaN: true }), (price, f) => {
        const s = scaleForRights(price, 'monthly', 2, f)
        return s >= 1 && Math.abs(s - price * f) <= 0.5 + 1e-9
      }),
    )
  })
  it('the 后复权 factor is adjusted over raw close', () => {
    expect(backwardFactorOf(12_000, 10_000)).toBe(1.2)
    expect(backwardFactorOf(undefined, 10_000)).toBeNull()
    expect(backwardFactorOf(12_000, 0)).toBeNull()
  })
})
