// Topping up gurucoin (格隆贝) on the web (issue 25; spec 001 §7: POST /transaction/api/recharge/v2 with
// goodsId, currency, amount, channel, sign; POST /transaction/api/recharge-status/{orderId}). The spec
// names the calls, not the amounts nor how the client learns them: ours are the specs of the 格隆贝
// goods, listed by the goods list (GET /api/purchase/goods-list/v7?specsId= answers a spec's siblings),
// and each credits its price (1 格隆贝 = ¥1; balances are cents like every price).
import type { PurchaseInfo } from '../api/order'

/** Ours: a spec of the 格隆贝 goods (fixtures/membership/goods.ts); the goods list gives its siblings. */
export const RECHARGE_SPECS_ID = 401

/** spec 001 §7: recharge fields currency… (ours: the site sells in yuan). */
export const RECHARGE_CURRENCY = 'CNY'

/** How many cents a purchase lacks: its total less the balance, never below 0. */
export function shortfall(totalCents: number, coinCents: number): number {
  return Math.max(0, Math.round(totalCents) - Math.max(0, Math.round(coinCents)))
}

/**
 * The amount offered first: the cheapest that covers what the purchase lacks; when none covers it, the
 * largest; with nothing lacking, the cheapest. null when there is nothing to choose from.
 */
export function suggestedOption(options: ReadonlyArray<Pick<PurchaseInfo, 'specsId' | 'price'>>, lackingCents: number): number | null {
  if (options.length === 0) return null
  const byPrice = [...options].sort((a, b) => a.price - b.price || a.specsId - b.specsId)
  const covering = byPrice.find((o) => o.price >= lackingCents)
  return (covering ?? byPrice[byPrice.length - 1]!).specsId
}
