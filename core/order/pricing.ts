// Pure pricing rules of the order dialog (spec 001 §3 'Coupon', §4 'Order flow', §5 'Before
// ordering', §9). Money is integer cents throughout; the server's payInfo.total stays the price of
// record — these rules choose coupons, preview savings and gate gurucoin payment.
import type { Coupon, PurchaseInfo } from '../api/order'

/** spec 001 §3: paymethod wechat or gurucoin; default wechat. */
export type PayMethod = 'wechat' | 'gurucoin'
export const DEFAULT_PAYMETHOD: PayMethod = 'wechat'

/** A coupon can be used when the server says it is available and now (seconds) is within its dates. */
export function isCouponUsable(coupon: Coupon, nowSeconds: number): boolean {
  return coupon.isAvailable && coupon.startTimestamp <= nowSeconds && nowSeconds <= coupon.endTimestamp
}

/** spec 001 §4: choosing a good picks the first coupon automatically — the first available one. */
export function firstCoupon(coupons: ReadonlyArray<Coupon>): Coupon | null {
  return coupons.find((c) => c.isAvailable) ?? null
}

/**
 * How many cents a coupon takes off a price: an amount coupon its amount, a discount coupon
 * (spec 001 §3 'shown as n 折'; `discount` is the share paid, 0 < discount < 1) the rest of the price,
 * rounded to the cent. Never more than the price, never negative; anything else takes nothing off.
 */
export function couponDeduction(priceCents: number, coupon: Coupon | null | undefined): number {
  const price = Math.max(0, Math.round(priceCents))
  if (!coupon) return 0
  if (coupon.amount !== undefined && Number.isFinite(coupon.amount) && coupon.amount > 0) {
    return Math.min(price, Math.round(coupon.amount))
  }
  const rate = coupon.discount
  if (rate !== undefined && Number.isFinite(rate) && rate > 0 && rate < 1) {
    return price - Math.round(price * rate)
  }
  return 0
}

/** The price after the coupon; never below 0. */
export function applyCoupon(priceCents: number, coupon: Coupon | null | undefined): number {
  return Math.max(0, Math.round(priceCents)) - couponDeduction(priceCents, coupon)
}

export interface Quote {
  readonly subtotal: number
  readonly deduction: number
  readonly total: number
}

/**
 * A local preview of the total: the good's price with its coupon, plus the membership add-on when
 * chosen (the coupon belongs to the good: spec 001 §3 puts coupons on the purchase info).
 */
export function quote(input: { priceCents: number; coupon?: Coupon | null; memberPriceCents?: number | null }): Quote {
  const price = Math.max(0, Math.round(input.priceCents))
  const member = input.memberPriceCents ? Math.max(0, Math.round(input.memberPriceCents)) : 0
  const deduction = couponDeduction(price, input.coupon)
  return { subtotal: price + member, deduction, total: price - deduction + member }
}

/** spec 001 §4: toggling the membership add-on toggles its specs id. */
export function toggleMemberSpecs(current: number | null, addOnSpecsId: number): number | null {
  return current === addOnSpecsId ? null : addOnSpecsId
}

/** The specsIds the payment call prices: the good, then the membership spec when chosen. */
export function specsIdsFor(specsId: number, memberSpecsId: number | null): number[] {
  return memberSpecsId === null || memberSpecsId === specsId ? [specsId] : [specsId, memberSpecsId]
}

/** spec 001 §5: gurucoin payment needs the balance to cover the total. */
export function canPayWithCoin(balanceCents: number, totalCents: number): boolean {
  return balanceCents >= totalCents
}

/** The purchase info for a specs id, else the first one. */
export function purchaseInfoFor(infos: ReadonlyArray<PurchaseInfo>, specsId: number | null): PurchaseInfo | null {
  return infos.find((p) => p.specsId === specsId) ?? infos[0] ?? null
}
