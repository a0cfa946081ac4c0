// What a paid order gives (issue 13): membership by the tier rules (spec 001 §4 'Membership tiers'),
// a single purchase (article, column, research report), or gurucoin. Runs inside the payment's
// transaction, so a grant happens exactly when the order turns paid.
import { sql, type Kysely } from 'kysely'
import { activeTier, addCalendarMonths, platinumPurchasePlan, type HeldMembership, type MembershipTier } from '../../core/membership/membership'
import type { Database } from '../db/schema'
import { updateUser } from '../accounts/users-repository'
import { membershipRows, setMembershipExpiry } from './memberships-repository'

type K = Kysely<Database>
const SECOND = 1000

/** The avatar's membership icon per tier (public/vip-*.svg). */
export const tierIcon = (tier: MembershipTier): string => `/vip-${tier === 'trial' ? 'gold' : tier}.svg`

export async function heldMemberships(k: K, userId: number): Promise<HeldMembership[]> {
  const rows = await membershipRows(k, userId)
  return rows.map((r) => ({ type: r.tier, expireTimestamp: Number(r.expire_timestamp) }))
}

async function setExpiry(k: K, userId: number, tier: MembershipTier, expireTimestamp: number): Promise<void> {
  await setMembershipExpiry(k, userId, tier, expireTimestamp)
}

/**
 * The membership rules of spec 001 §4, as the new expiry of each tier (seconds):
 * - a tier bought again extends from its own expiry when unexpired, else from now (calendar months, UTC+8);
 * - platinum while gold has 3 months or less left: platinum at once, gold paused and resumed afterwards
 *   (gold's end moves by the platinum period); with more than 3 months left gold keeps running and
 *   platinum's benefits are given during it.
 */
export function membershipAfterPurchase(held: readonly HeldMembership[], tier: MembershipTier, months: number, nowMs: number): HeldMembership[] {
  const expiry = (t: MembershipTier) => held.find((m) => m.type === t)?.expireTimestamp
  const from = (t: MembershipTier) => Math.max(nowMs, (expiry(t) ?? 0) * SECOND)
  const next = new Map(held.map((m) => [m.type, m.expireTimestamp]))
  const end = Math.floor(addCalendarMonths(from(tier), months) / SECOND)
  next.set(tier, end)
  if (tier === 'platinum') {
    const plan = platinumPurchasePlan(expiry('gold'), nowMs)
    if (plan.kind === 'platinumNowGoldResumes') {
      // gold resumes when platinum ends, with the time it had left
      next.set('gold', Math.floor((end * SECOND + plan.goldRemainingMs) / SECOND))
    }
  }
  return [...next.entries()].map(([type, expireTimestamp]) => ({ type, expireTimestamp }))
}

/** The users row's membership (what the login info shows): the tier in use and the latest expiry. */
async function syncUser(k: K, userId: number, nowMs: number): Promise<void> {
  const held = await heldMemberships(k, userId)
  const tier = activeTier(held, nowMs)
  const live = held.filter((m) => m.expireTimestamp * SECOND >= nowMs)
  const expire = live.length ? Math.max(...live.map((m) => m.expireTimestamp)) : null
  await updateUser(k, userId, { membership_type: tier, membership_expire: expire, membership_icon: tier ? tierIcon(tier) : '' })
}

export async function grantMembership(k: K, userId: number, tier: MembershipTier, months: number, nowMs: number): Promise<void> {
  const next = membershipAfterPurchase(await heldMemberships(k, userId), tier, months, nowMs)
  for (const m of next) await setExpiry(k, userId, m.type, m.expireTimestamp)
  await syncUser(k, userId, nowMs)
}

/**
 * A single purchase, kept for good (expireTimestamp null) or for a period (a column's year, seconds). A
 * period bought again (core/order/settlement.ts allows it near or after its end) takes the new end.
 */
export async function grantEntitlement(k: K, userId: number, refKind: 'article' | 'column' | 'report', refId: number, orderId: string, nowSeconds: number, expireTimestamp: number | null): Promise<void> {
  await sql`INSERT INTO entitlements (user_id, ref_kind, ref_id, order_id, create_timestamp, expire_timestamp)
    VALUES (${userId}, ${refKind}, ${refId}, ${orderId}, ${nowSeconds}, ${expireTimestamp})
    ON CONFLICT (user_id, ref_kind, ref_id) DO UPDATE SET order_id = EXCLUDED.order_id, expire_timestamp = EXCLUDED.expire_timestamp
    WHERE entitlements.expire_timestamp IS NOT NULL`.execute(k)
}
