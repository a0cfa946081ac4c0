// What a payment may buy: the one rule the server asks when an order is made, when gurucoin pays it and
// when WeChat Pay says it was paid (issue 23). The server asks it inside the paying transaction, with the
// reader's row locked, so two orders for one thing cannot both pass. A refusal at order time or at a
// gurucoin payment takes nothing; a refusal after WeChat took the money is refunded (server/membership).

/** What an order's good is, as far as ownership goes. */
export type SettlementItem =
  /** an article or research report: bought once, kept for good */
  | 'single'
  /** a subscription with an end (a column's year): bought again only near or after its end */
  | 'period'
  /** membership months: buying again extends (spec 001 §4 'Membership tiers') */
  | 'membership'
  /** gurucoin: adds up */
  | 'coin'

export interface SettlementInput {
  readonly item: SettlementItem
  /** what the reader already holds of this good (single and period items), null when nothing */
  readonly holding: { readonly expireTimestamp: number | null } | null
  /** the order's coupon was already spent on another paid order */
  readonly couponSpentElsewhere: boolean
  /** every agreement of the good is signed (spec 001 §4: sign agreements → create order → pay) */
  readonly agreementsSigned: boolean
  /** spec 001 §4: some accounts cannot renew membership on the website */
  readonly renewBlocked: boolean
  /** seconds */
  readonly nowSeconds: number
}

export type RefusalReason = 'alreadyOwned' | 'couponSpent' | 'agreementsUnsigned' | 'renewBlocked'

export type Settlement =
  /** grant; a period item's new period starts at periodFrom (its current end when renewed early) */
  | { readonly kind: 'grant'; readonly periodFrom: number }
  | { readonly kind: 'refuse'; readonly reason: RefusalReason }

/**
 * Ours: a subscription may be renewed in its last 30 days (the new year starts at the old end), as
 * subscription sites let readers renew before a lapse; earlier, a second purchase is refused.
 */
export const PERIOD_RENEW_WINDOW_SECONDS = 30 * 86_400

/**
 * The kind of a good by what it refers to (goods.ref_kind) and whether its spec has months. A paid
 * circle (ref_kind 'circle', goods type financialCircle) is a period like a column's year.
 */
export const settlementItemOf = (refKind: 'article' | 'column' | 'report' | 'membership' | 'coin' | 'circle', months: number | null): SettlementItem =>
  refKind === 'membership' ? 'membership' : refKind === 'coin' ? 'coin' : months !== null && months > 0 ? 'period' : 'single'

export function decideSettlement(i: SettlementInput): Settlement {
  const end = i.holding?.expireTimestamp
  const live = i.holding !== null && (end === null || (end !== undefined && end >= i.nowSeconds))
  if (i.item === 'single' && i.holding !== null) return { kind: 'refuse', reason: 'alreadyOwned' }
  if (i.item === 'period' && live && (end === null || end === undefined || end - i.nowSeconds > PERIOD_RENEW_WINDOW_SECONDS)) {
    return { kind: 'refuse', reason: 'alreadyOwned' }
  }
  if (i.couponSpentElsewhere) return { kind: 'refuse', reason: 'couponSpent' }
  if (!i.agreementsSigned) return { kind: 'refuse', reason: 'agreementsUnsigned' }
  if (i.item === 'membership' && i.renewBlocked) return { kind: 'refuse', reason: 'renewBlocked' }
  return { kind: 'grant', periodFrom: i.item === 'period' && live && typeof end === 'number' ? end : i.nowSeconds }
}
