// Membership rules — spec 000 §4, spec 001 §3, §4 "Membership tiers", §6, §9.
// Timestamps from the server are in seconds; `nowMs` is milliseconds (Date.now()).

const SECOND = 1000
const DAY = 86_400 * SECOND

/** spec 001 §1: tiers gold, platinum, ultimate, and a trial. */
export type MembershipTier = 'ultimate' | 'platinum' | 'gold' | 'trial'

/**
 * spec 001 §4: when several tiers are held they are used in the order ultimate, platinum, gold.
 * The trial is not ranked by the spec; as a trial it comes after every paid tier.
 */
export const TIER_PRECEDENCE: readonly MembershipTier[] = ['ultimate', 'platinum', 'gold', 'trial']

export const toTier = (type: string | null | undefined): MembershipTier | null => {
  const t = (type ?? '').toLowerCase()
  return (TIER_PRECEDENCE as readonly string[]).includes(t) ? (t as MembershipTier) : null
}

export interface HeldMembership {
  readonly type: MembershipTier
  /** seconds */
  readonly expireTimestamp: number
}

/** spec 000 §4 / spec 001 §4: membership counts as expired when expireTimestamp is earlier than now. No timestamp: not a member. */
export const isMembershipExpired = (expireTimestamp: number | null | undefined, nowMs: number): boolean =>
  typeof expireTimestamp !== 'number' || !Number.isFinite(expireTimestamp) || expireTimestamp * SECOND < nowMs

export const isMember = (expireTimestamp: number | null | undefined, nowMs: number): boolean => !isMembershipExpired(expireTimestamp, nowMs)

/** The tier in use now: the first unexpired one in precedence order, or null. */
export const activeTier = (held: readonly HeldMembership[], nowMs: number): MembershipTier | null => {
  for (const tier of TIER_PRECEDENCE) {
    if (held.some((m) => m.type === tier && !isMembershipExpired(m.expireTimestamp, nowMs))) return tier
  }
  return null
}

/** spec 000 §2: the avatar's VIP icon, hidden when membership has expired. */
export const visibleVipIcon = (membership: { readonly icon?: string | null; readonly expireTimestamp?: number | null } | null | undefined, nowMs: number): string | null =>
  membership && membership.icon && !isMembershipExpired(membership.expireTimestamp, nowMs) ? membership.icon : null

/** spec 001 §3: membership display — svip with remaining days rounded up, or none. */
export type MembershipDisplay = { readonly kind: 'svip'; readonly remainingDays: number } | { readonly kind: 'none' }

export const membershipDisplay = (expireTimestamp: number | null | undefined, nowMs: number): MembershipDisplay =>
  isMembershipExpired(expireTimestamp, nowMs) || typeof expireTimestamp !== 'number'
    ? { kind: 'none' }
    : { kind: 'svip', remainingDays: Math.ceil((expireTimestamp * SECOND - nowMs) / DAY) }

// ---------------------------------------------------------------------------------------------
// Gold → platinum (spec 001 §4, §9: threshold 3 months)

/** spec 001 §9: gold-to-platinum threshold 3 months. */
export const GOLD_TO_PLATINUM_MONTHS = 3

/** The site's readers are in mainland China and Hong Kong: calendar months are counted in UTC+8 (no daylight saving). */
const UTC8 = 8 * 3600 * SECOND

/** The same wall-clock moment `months` calendar months later, in UTC+8; a day past the month's end clamps to its last day. */
export const addCalendarMonths = (ms: number, months: number): number => {
  const d = new Date(ms + UTC8)
  const y = d.getUTCFullYear()
  const m = d.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const day = Math.min(d.getUTCDate(), lastDay)
  return Date.UTC(y, m, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()) - UTC8
}

export type PlatinumPurchasePlan =
  /** No unexpired gold: platinum simply starts now. */
  | { readonly kind: 'noGold' }
  /** Gold has 3 months or less left: platinum takes effect at once, gold resumes afterwards with the time it had left. */
  | { readonly kind: 'platinumNowGoldResumes'; readonly goldRemainingMs: number }
  /** Gold has more than 3 months left: platinum benefits are given during the remaining gold period. */
  | { readonly kind: 'platinumBenefitsDuringGold'; readonly untilMs: number }

export const platinumPurchasePlan = (goldExpireTimestamp: number | null | undefined, nowMs: number): PlatinumPurchasePlan => {
  if (isMembershipExpired(goldExpireTimestamp, nowMs) || typeof goldExpireTimestamp !== 'number') return { kind: 'noGold' }
  const goldEndMs = goldExpireTimestamp * SECOND
  return goldEndMs <= addCalendarMonths(nowMs, GOLD_TO_PLATINUM_MONTHS)
    ? { kind: 'platinumNowGoldResumes', goldRemainingMs: goldEndMs - nowMs }
    : { kind: 'platinumBenefitsDuringGold', untilMs: goldEndMs }
}
