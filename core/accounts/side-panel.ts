// The personal area's side panel (spec 001 §2 'Personal area'; spec 000 §2): its links in order. The
// purchases and coupons entries show only when the premium-shop flag is on, inserted after the third item.

export type SideLinkKey = 'favorite' | 'reading' | 'comment' | 'commentMe' | 'setting' | 'columnApply' | 'purchase' | 'coupon'
export interface SideLink {
  readonly key: SideLinkKey
  readonly href: string
}

const BASE: readonly SideLink[] = [
  { key: 'favorite', href: '/my/favorite' },
  { key: 'reading', href: '/my/reading' },
  { key: 'comment', href: '/my/comment' },
  { key: 'commentMe', href: '/myHome/commentMe' },
  { key: 'setting', href: '/my/setting' },
  { key: 'columnApply', href: '/my/columnApply' },
]
const SHOP: readonly SideLink[] = [
  { key: 'purchase', href: '/my/purchase' },
  { key: 'coupon', href: '/my/coupon' },
]
/** spec 001 §2: 'they are inserted after the third item of the side panel' */
export const SHOP_AFTER = 3

export function sideLinks(premiumShop: boolean): readonly SideLink[] {
  return premiumShop ? [...BASE.slice(0, SHOP_AFTER), ...SHOP, ...BASE.slice(SHOP_AFTER)] : BASE
}
