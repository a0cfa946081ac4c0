// The membership rules of a purchase (spec 001 §4 'Membership tiers', §9: 3 months) as new expiries.
import { describe, expect, it } from 'vitest'
import { membershipAfterPurchase } from './grants'
import { addCalendarMonths } from '../../core/membership/membership'
import { isResidentIdNumber, localIdentityCheck } from './qualification'

const NOW = Date.UTC(2026, 0, 15, 4) // 2026-01-15 12:00 UTC+8
const s = (ms: number) => Math.floor(ms / 1000)
const DAY = 86_400_000

describe('membershipAfterPurchase', () => {
  it('a first gold month runs one calendar month from now', () => {
    expect(membershipAfterPurchase([], 'gold', 1, NOW)).toEqual([{ type: 'gold', expireTimestamp: s(addCalendarMonths(NOW, 1)) }])
  })
  it('gold bought again extends from its own unexpired end; an expired one starts again from now', () => {
    const end = s(NOW + 10 * DAY)
    expect(membershipAfterPurchase([{ type: 'gold', expireTimestamp: end }], 'gold', 1, NOW)).toEqual([{ type: 'gold', expireTimestamp: s(addCalendarMonths(end * 1000, 1)) }])
    expect(membershipAfterPurchase([{ type: 'gold', expireTimestamp: s(NOW - DAY) }], 'gold', 1, NOW)).toEqual([{ type: 'gold', expireTimestamp: s(addCalendarMonths(NOW, 1)) }])
  })
  it('platinum while gold has 3 months or less left: platinum at once, gold resumes afterwards with its time left', () => {
    const goldEnd = s(NOW + 40 * DAY)
    const next = membershipAfterPurchase([{ type: 'gold', expireTimestamp: goldEnd }], 'platinum', 1, NOW)
    const platEnd = s(addCalendarMonths(NOW, 1))
    expect(next).toContainEqual({ type: 'platinum', expireTimestamp: platEnd })
    expect(next).toContainEqual({ type: 'gold', expireTimestamp: platEnd + (goldEnd - s(NOW)) })
  })
  it('platinum while gold has more than 3 months left: gold keeps running, platinum is given during it', () => {
    const goldEnd = s(NOW + 200 * DAY)
    const next = membershipAfterPurchase([{ type: 'gold', expireTimestamp: goldEnd }], 'platinum', 1, NOW)
    expect(next).toContainEqual({ type: 'gold', expireTimestamp: goldEnd })
    expect(next).toContainEqual({ type: 'platinum', expireTimestamp: s(addCalendarMonths(NOW, 1)) })
  })
})

describe('the local identity check', () => {
  it('an identity card passes with a valid check character, is rejected without; other documents are processing', async () => {
    expect(isResidentIdNumber('11010519491231002X')).toBe(true)
    expect(isResidentIdNumber('110105194912310021')).toBe(false)
    expect(await localIdentityCheck.check({ realName: '张三', identityType: 'IDENTITY_CARD', fullIdNumber: '11010519491231002X', phone: '1' })).toBe('passed')
    expect(await localIdentityCheck.check({ realName: '张三', identityType: 'IDENTITY_CARD', fullIdNumber: '110105194912310021', phone: '1' })).toBe('rejected')
    expect(await localIdentityCheck.check({ realName: 'Chan', identityType: 'PASSPORT', fullIdNumber: 'E12345678', phone: '1' })).toBe('processing')
  })
})
