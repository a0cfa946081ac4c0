// The memberships table (012_membership.sql; spec 001 §4 'Membership tiers') and renew_blocked_users
// (the accounts that may not renew on the website). grants.ts decides the tiers' expiries; paywall.ts
// and goods.ts ask whether a reader is a member now.
import { k, type Queryable } from '../db/queryable'
import type { MembershipsTable } from '../db/schema'

type Tier = MembershipsTable['tier']

export async function membershipRows(d: Queryable, userId: number): Promise<{ tier: Tier; expire_timestamp: number }[]> {
  return k(d).selectFrom('memberships').select(['tier', 'expire_timestamp']).where('user_id', '=', userId).execute()
}

export async function setMembershipExpiry(d: Queryable, userId: number, tier: Tier, expireTimestamp: number): Promise<void> {
  await k(d)
    .insertInto('memberships')
    .values({ user_id: userId, tier, expire_timestamp: expireTimestamp })
    .onConflict((oc) => oc.columns(['user_id', 'tier']).doUpdateSet((eb) => ({ expire_timestamp: eb.ref('excluded.expire_timestamp') })))
    .execute()
}

/** Whether the reader holds a tier whose expiry is not earlier than `nowSeconds`. */
export async function holdsTierAt(d: Queryable, userId: number, nowSeconds: number): Promise<boolean> {
  return (await k(d).selectFrom('memberships').select('tier').where('user_id', '=', userId).where('expire_timestamp', '>=', nowSeconds).executeTakeFirst()) !== undefined
}

export async function isRenewBlocked(d: Queryable, userId: number): Promise<boolean> {
  return (await k(d).selectFrom('renew_blocked_users').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined
}
