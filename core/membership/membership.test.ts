import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  TIER_PRECEDENCE,
  activeTier,
  addCalendarMonths,
  isMember,
  isMembershipExpired,
  membershipDisplay,
  platinumPurchasePlan,
  toTier,
  visibleVipIcon,
  type HeldMembership,
} from './membership'

const NOW = Date.UTC(2024, 4, 15, 4, 0, 0) // 2024-05-15 12:00 in UTC+8
const sec = (ms: number) => Math.floor(ms / 1000)
const DAY = 86_400_000
const nowArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })

describe('membership expiry (spec 000 §4)', () => {
  it('is expired when expireTimestamp (seconds) is earlier than now', () => {
    expect(isMembershipExpired(sec(NOW) - 1, NOW)).toBe(true)
    expect(isMembershipExpired(sec(NOW), NOW)).toBe(false)
    expect(isMembershipExpired(sec(NOW) + 86_400, NOW)).toBe(false)
    expect(isMembershipExpired(undefined, NOW)).toBe(true)
    expect(isMembershipExpired(null, NOW)).toBe(true)
  })
  it('expired iff expireTimestamp × 1000 < now; member is the opposite', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), nowArb, (exp, now) => {
      expect(isMembershipExpired(exp, now)).toBe(exp * 1000 < now)
      expect(isMember(exp, now)).toBe(!isMembershipExpired(exp, now))
    }))
  })
})

describe('tier precedence (spec 001 §4)', () => {
  it('uses ultimate, then platinum, then gold, then the trial', () => {
    const future = sec(NOW) + 1000
    const past = sec(NOW) - 1000
    expect(activeTier([{ type: 'gold', expireTimestamp: future }, { type: 'ultimate', expireTimestamp: future }, { type: 'platinum', expireTimestamp: future }], NOW)).toBe('ultimate')
    expect(activeTier([{ type: 'gold', expireTimestamp: future }, { type: 'ultimate', expireTimestamp: past }, { type: 'platinum', expireTimestamp: future }], NOW)).toBe('platinum')
    expect(activeTier([{ type: 'gold', expireTimestamp: future }, { type: 'trial', expireTimestamp: future }], NOW)).toBe('gold')
    expect(activeTier([{ type: 'trial', expireTimestamp: future }], NOW)).toBe('trial')
    expect(activeTier([{ type: 'ultimate', expireTimestamp: past }], NOW)).toBeNull()
    expect(activeTier([], NOW)).toBeNull()
  })
  it('the active tier is held and unexpired, and no unexpired tier ranks above it', () => {
    const held = fc.array(fc.record({ type: fc.constantFrom(...TIER_PRECEDENCE), expireTimestamp: fc.integer({ min: sec(NOW) - 100, max: sec(NOW) + 100 }) }))
    fc.assert(fc.property(held, (list: HeldMembership[]) => {
      const live = list.filter((m) => m.expireTimestamp * 1000 >= NOW)
      const tier = activeTier(list, NOW)
      if (tier === null) {
        expect(live).toEqual([])
      } else {
        expect(live.some((m) => m.type === tier)).toBe(true)
        const rank = TIER_PRECEDENCE.indexOf(tier)
        expect(live.every((m) => TIER_PRECEDENCE.indexOf(m.type) >= rank)).toBe(true)
      }
    }))
  })
  it('reads tier names', () => {
    expect(toTier('Platinum')).toBe('platinum')
    expect(toTier('svip')).toBeNull()
    expect(toTier(undefined)).toBeNull()
  })
})

describe('VIP icon and display', () => {
  it('hides the icon when membership has expired (spec 000 §2)', () => {
    expect(visibleVipIcon({ icon: 'https://x/gold.png', expireTimestamp: sec(NOW) + 10 }, NOW)).toBe('https://x/gold.png')
    expect(visibleVipIcon({ icon: 'https://x/gold.png', expireTimestamp: sec(NOW) - 10 }, NOW)).toBeNull()
    expect(visibleVipIcon({ icon: '', expireTimestamp: sec(NOW) + 10 }, NOW)).toBeNull()
    expect(visibleVipIcon(null, NOW)).toBeNull()
  })
  it('icon shown iff there is one and membership is unexpired', () => {
    fc.assert(fc.property(fc.option(fc.webUrl()), fc.integer({ min: 0, max: 4_000_000_000 }), nowArb, (icon, exp, now) => {
      expect(visibleVipIcon({ icon, expireTimestamp: exp }, now) !== null).toBe(!!icon && exp * 1000 >= now)
    }))
  })
  it('shows svip with the remaining days rounded up (spec 001 §3)', () => {
    expect(membershipDisplay(sec(NOW + DAY / 2), NOW)).toEqual({ kind: 'svip', remainingDays: 1 })
    expect(membershipDisplay(sec(NOW + 30 * DAY), NOW)).toEqual({ kind: 'svip', remainingDays: 30 })
    expect(membershipDisplay(sec(NOW) - 1, NOW)).toEqual({ kind: 'none' })
  })
})

describe('gold to platinum (spec 001 §4, §9: 3 months)', () => {
  it('adds calendar months in UTC+8, clamping to the month end', () => {
    // 2024-11-30 12:00 UTC+8 + 3 months = 2025-02-28 12:00 UTC+8
    expect(addCalendarMonths(Date.UTC(2024, 10, 30, 4), 3)).toBe(Date.UTC(2025, 1, 28, 4))
    // 2024-05-15 12:00 UTC+8 + 3 months = 2024-08-15 12:00 UTC+8
    expect(addCalendarMonths(NOW, 3)).toBe(Date.UTC(2024, 7, 15, 4))
    // 2024-01-31 20:00 UTC is already 2024-02-01 in UTC+8 → 2024-05-01 04:00 UTC+8
    expect(addCalendarMonths(Date.UTC(2024, 0, 31, 20), 3)).toBe(Date.UTC(2024, 3, 30, 20))
  })
  it('gold with 3 months or less left: platinum now, gold resumes afterwards', () => {
    const threeMonths = addCalendarMonths(NOW, 3)
    expect(platinumPurchasePlan(sec(threeMonths), NOW)).toEqual({ kind: 'platinumNowGoldResumes', goldRemainingMs: threeMonths - NOW })
    expect(platinumPurchasePlan(sec(NOW + 10 * DAY), NOW)).toEqual({ kind: 'platinumNowGoldResumes', goldRemainingMs: 10 * DAY })
  })
  it('gold with more than 3 months left: platinum benefits during the remaining gold period', () => {
    const later = addCalendarMonths(NOW, 3) + 1000
    expect(platinumPurchasePlan(sec(later), NOW)).toEqual({ kind: 'platinumBenefitsDuringGold', untilMs: later })
  })
  it('no unexpired gold: nothing special', () => {
    expect(platinumPurchasePlan(sec(NOW) - 1, NOW)).toEqual({ kind: 'noGold' })
    expect(platinumPurchasePlan(undefined, NOW)).toEqual({ kind: 'noGold' })
  })
  it('the plan depends only on whether gold ends within 3 calendar months', () => {
    fc.assert(fc.property(nowArb, fc.integer({ min: -30, max: 200 }), (now, days) => {
      const now0 = now - (now % 1000)
      const goldEnd = now0 + days * DAY
      const plan = platinumPurchasePlan(sec(goldEnd), now0)
      const expected = goldEnd < now0 ? 'noGold' : goldEnd <= addCalendarMonths(now0, 3) ? 'platinumNowGoldResumes' : 'platinumBenefitsDuringGold'
      expect(plan.kind).toBe(expected)
    }))
  })
  it('3 calendar months are always between 89 and 92 days', () => {
    fc.assert(fc.property(nowArb, (now) => {
      const span = addCalendarMonths(now, 3) - now
      expect(span).toBeGreaterThanOrEqual(89 * DAY)
      expect(span).toBeLessThanOrEqual(92 * DAY)
    }))
  })
})
