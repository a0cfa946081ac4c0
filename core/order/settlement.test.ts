// The one rule of what a payment may buy (issue 23): a truth table over every input, plus properties.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { decideSettlement, PERIOD_RENEW_WINDOW_SECONDS, type SettlementInput, type SettlementItem } from './settlement'

const NOW = 1_790_000_000
const DAY = 86_400

const base: SettlementInput = {
  item: 'single',
  holding: null,
  couponSpentElsewhere: false,
  agreementsSigned: true,
  renewBlocked: false,
  nowSeconds: NOW,
}

describe('decideSettlement: examples', () => {
  it('a single item not held is granted; held (for ever) it is refused as already bought', () => {
    expect(decideSettlement(base)).toEqual({ kind: 'grant', periodFrom: NOW })
    expect(decideSettlement({ ...base, holding: { expireTimestamp: null } })).toEqual({ kind: 'refuse', reason: 'alreadyOwned' })
  })
  it('a yearly column: granted when not held or ended; refused while more than the renew window is left; renewed from its end inside the window', () => {
    const p = { ...base, item: 'period' as const }
    expect(decideSettlement(p)).toEqual({ kind: 'grant', periodFrom: NOW })
    expect(decideSettlement({ ...p, holding: { expireTimestamp: NOW - 1 } })).toEqual({ kind: 'grant', periodFrom: NOW })
    expect(decideSettlement({ ...p, holding: { expireTimestamp: NOW + 200 * DAY } })).toEqual({ kind: 'refuse', reason: 'alreadyOwned' })
    const end = NOW + 10 * DAY
    expect(decideSettlement({ ...p, holding: { expireTimestamp: end } })).toEqual({ kind: 'grant', periodFrom: end })
  })
  it('a spent coupon, unsigned agreements and a renew-blocked account are refused, in that order after ownership', () => {
    expect(decideSettlement({ ...base, couponSpentElsewhere: true })).toEqual({ kind: 'refuse', reason: 'couponSpent' })
    expect(decideSettlement({ ...base, agreementsSigned: false })).toEqual({ kind: 'refuse', reason: 'agreementsUnsigned' })
    expect(decideSettlement({ ...base, item: 'membership', renewBlocked: true })).toEqual({ kind: 'refuse', reason: 'renewBlocked' })
    // renew-blocked concerns membership only
    expect(decideSettlement({ ...base, item: 'coin', renewBlocked: true })).toEqual({ kind: 'grant', periodFrom: NOW })
  })
  it('membership and gurucoin are never "already owned" (membership extends; coin adds up)', () => {
    for (const item of ['membership', 'coin'] as const) {
      expect(decideSettlement({ ...base, item, holding: { expireTimestamp: null } })).toEqual({ kind: 'grant', periodFrom: NOW })
    }
  })
})

const items: SettlementItem[] = ['single', 'period', 'membership', 'coin']
const arbInput = fc.record({
  item: fc.constantFrom(...items),
  holding: fc.option(fc.record({ expireTimestamp: fc.option(fc.integer({ min: NOW - 400 * DAY, max: NOW + 400 * DAY }), { nil: null }) }), { nil: null }),
  couponSpentElsewhere: fc.boolean(),
  agreementsSigned: fc.boolean(),
  renewBlocked: fc.boolean(),
  nowSeconds: fc.constant(NOW),
})

/** The oracle: the table written out, case by case. */
function oracle(i: SettlementInput): ReturnType<typeof decideSettlement> {
  const live = i.holding !== null && (i.holding.expireTimestamp === null || i.holding.expireTimestamp >= i.nowSeconds)
  if (i.item === 'single' && i.holding !== null) return { kind: 'refuse', reason: 'alreadyOwned' }
  if (i.item === 'period' && live && (i.holding!.expireTimestamp === null || i.holding!.expireTimestamp - i.nowSeconds > PERIOD_RENEW_WINDOW_SECONDS)) {
    return { kind: 'refuse', reason: 'alreadyOwned' }
  }
  if (i.couponSpentElsewhere) return { kind: 'refuse', reason: 'couponSpent' }
  if (!i.agreementsSigned) return { kind: 'refuse', reason: 'agreementsUnsigned' }
  if (i.item === 'membership' && i.renewBlocked) return { kind: 'refuse', reason: 'renewBlocked' }
  const from = i.item === 'period' && live ? i.holding!.expireTimestamp! : i.nowSeconds
  return { kind: 'grant', periodFrom: from }
}

describe('decideSettlement: properties', () => {
  it('equals the written-out table on every input', () => {
    fc.assert(fc.property(arbInput, (i) => {
        expect(decideSettlement(i)).toEqual(oracle(i))
      }), { numRuns: 2_000 })
  })
  it('never grants a second copy of something held for good; a grant never starts before now', () => {
    fc.assert(
      fc.property(arbInput, (i) => {
        const d = decideSettlement(i)
        if (i.item === 'single' && i.holding !== null) expect(d.kind).toBe('refuse')
        if (d.kind === 'grant') expect(d.periodFrom).toBeGreaterThanOrEqual(i.nowSeconds)
      }),
    )
  })
})
