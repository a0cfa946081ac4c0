import { describe, expect, it } from 'vitest'
import { SHOP_AFTER, sideLinks } from './side-panel'

describe('the personal area side panel (spec 001 §2)', () => {
  it('without the premium-shop flag: no purchases, no coupons', () => {
    const links = sideLinks(false).map((l) => l.href)
    expect(links).not.toContain('/my/purchase')
    expect(links).not.toContain('/my/coupon')
    expect(links.slice(0, 2)).toEqual(['/my/favorite', '/my/reading'])
  })

  it('with it: purchases then coupons right after the third item, the rest in their order', () => {
    const off = sideLinks(false).map((l) => l.href)
    const on = sideLinks(true).map((l) => l.href)
    expect(on.slice(SHOP_AFTER, SHOP_AFTER + 2)).toEqual(['/my/purchase', '/my/coupon'])
    expect(on.filter((h) => h !== '/my/purchase' && h !== '/my/coupon')).toEqual(off)
    expect(on).toHaveLength(off.length + 2)
  })
})
