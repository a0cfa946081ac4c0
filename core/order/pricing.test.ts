import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Coupon, PurchaseInfo } from '../api/order'
import {
  applyCoupon,
  canPayWithCoin,
  couponDeduction,
  firstCoupon,
  isCouponUsable,
  purchaseInfoFor,
  quote,
  specsIdsFor,
  toggleMemberSpecs,
} from './pricing'

const coupon = (over: Partial<Coupon>): Coupon => ({
  couponId: 1,
  couponName: '满减券',
  startTimestamp: 1_000,
  endTimestamp: 2_000,
  description: '',
  isAvailable: true,
  ...over,
})

describe('coupons', () => {
  it('takes an amount off, never below 0', () => {
    expect(applyCoupon(9_900, coupon({ amount: 2_000 }))).toBe(7_900)
    expect(applyCoupon(1_000, coupon({ amount: 2_000 }))).toBe(0)
    expect(couponDeduction(1_000, coupon({ amount: 2_000 }))).toBe(1_000)
  })
  it('applies a discount coupon (0.85 = 8.5 折) rounded to the cent', () => {
    expect(applyCoupon(10_000, coupon({ discount: 0.85 }))).toBe(8_500)
    expect(applyCoupon(999, coupon({ discount: 0.85 }))).toBe(849) // 849.15
    expect(applyCoupon(999, coupon({ discount: 0.8 }))).toBe(799) // 799.2
  })
  it('ignores no coupon and coupons that are neither', () => {
    expect(applyCoupon(9_900, null)).toBe(9_900)
    expect(applyCoupon(9_900, coupon({}))).toBe(9_900)
    expect(applyCoupon(9_900, coupon({ discount: 1.5 }))).toBe(9_900)
    expect(applyCoupon(9_900, coupon({ amount: -5 }))).toBe(9_900)
  })
  it('picks the first available coupon', () => {
    const list = [coupon({ couponId: 1, isAvailable: false }), coupon({ couponId: 2 }), coupon({ couponId: 3 })]
    expect(firstCoupon(list)?.couponId).toBe(2)
    expect(firstCoupon([])).toBeNull()
  })
  it('is usable only when available and within its dates', () => {
    expect(isCouponUsable(coupon({}), 1_500)).toBe(true)
    expect(isCouponUsable(coupon({}), 999)).toBe(false)
    expect(isCouponUsable(coupon({}), 2_001)).toBe(false)
    expect(isCouponUsable(coupon({ isAvailable: false }), 1_500)).toBe(false)
  })

  const arbCoupon = fc.oneof(
    fc.constant(null),
    fc.integer({ min: -10_000, max: 1_000_000 }).map((amount) => coupon({ amount })),
    fc.double({ min: -1, max: 2, noNaN: true }).map((discount) => coupon({ discount })),
  )
  const arbPrice = fc.integer({ min: 0, max: 100_000_000 })

  it('the price after a coupon is whole cents between 0 and the price', () => {
    fc.assert(
      fc.property(arbPrice, arbCoupon, (price, c) => {
        const after = applyCoupon(price, c)
        expect(Number.isInteger(after)).toBe(true)
        expect(after).toBeGreaterThanOrEqual(0)
        expect(after).toBeLessThanOrEqual(price)
        expect(after + couponDeduction(price, c)).toBe(price)
      }),
    )
  })
  it('a bigger amount coupon never costs more', () => {
    fc.assert(
      fc.property(arbPrice, fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (price, a, extra) => {
        expect(applyCoupon(price, coupon({ amount: a + extra }))).toBeLessThanOrEqual(applyCoupon(price, coupon({ amount: a })))
      }),
    )
  })
  it('a discount coupon pays the rate of the price, within half a cent', () => {
    fc.assert(
      fc.property(arbPrice, fc.double({ min: 0.01, max: 0.99, noNaN: true }), (price, rate) => {
        expect(Math.abs(applyCoupon(price, coupon({ discount: rate })) - price * rate)).toBeLessThanOrEqual(0.5)
      }),
    )
  })
})

describe('quote', () => {
  it('adds the membership add-on after the coupon', () => {
    expect(quote({ priceCents: 9_900, coupon: coupon({ amount: 1_000 }), memberPriceCents: 1_900 })).toEqual({
      subtotal: 11_800,
      deduction: 1_000,
      total: 10_800,
    })
  })
  it('total = subtotal − deduction and is never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (price, member, amount) => {
          const q = quote({ priceCents: price, memberPriceCents: member, coupon: coupon({ amount }) })
          expect(q.total).toBe(q.subtotal - q.deduction)
          expect(q.total).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})

describe('membership add-on and gates', () => {
  it('toggling twice gives back the start', () => {
    expect(toggleMemberSpecs(null, 5)).toBe(5)
    expect(toggleMemberSpecs(5, 5)).toBeNull()
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }), fc.integer({ min: 1, max: 99 }), (cur, id) => {
        const once = toggleMemberSpecs(cur, id)
        if (cur === null || cur === id) expect(toggleMemberSpecs(once, id)).toBe(cur)
      }),
    )
  })
  it('prices the good, then the membership spec', () => {
    expect(specsIdsFor(11, null)).toEqual([11])
    expect(specsIdsFor(11, 5)).toEqual([11, 5])
    expect(specsIdsFor(11, 11)).toEqual([11])
  })
  it('gurucoin needs the balance to cover the total', () => {
    expect(canPayWithCoin(9_900, 9_900)).toBe(true)
    expect(canPayWithCoin(9_899, 9_900)).toBe(false)
    fc.assert(fc.property(fc.nat(), fc.nat(), (b, t) => canPayWithCoin(b, t) === b - t >= 0))
  })
  it('finds the purchase info of a specs id, else the first', () => {
    const infos = [{ specsId: 1 }, { specsId: 2 }] as PurchaseInfo[]
    expect(purchaseInfoFor(infos, 2)?.specsId).toBe(2)
    expect(purchaseInfoFor(infos, 9)?.specsId).toBe(1)
    expect(purchaseInfoFor([], 9)).toBeNull()
  })
})
