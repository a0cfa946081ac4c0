// The portfolio_follows table (013_portfolio.sql; spec 001 §7 follow by code list, the followers page).
// portfolios.follower_count is kept by portfolios-repository.ts recountFollowers.
import { k, type Queryable } from '../db/queryable'

export async function isFollowing(d: Queryable, userId: number, portfolioId: number): Promise<boolean> {
  return (await k(d).selectFrom('portfolio_follows').select('user_id').where('user_id', '=', userId).where('portfolio_id', '=', portfolioId).executeTakeFirst()) !== undefined
}

export async function follow(d: Queryable, userId: number, portfolioId: number, now: number): Promise<void> {
  await k(d).insertInto('portfolio_follows').values({ user_id: userId, portfolio_id: portfolioId, create_timestamp: now }).onConflict((oc) => oc.doNothing()).execute()
}

export async function unfollow(d: Queryable, userId: number, portfolioId: number): Promise<void> {
  await k(d).deleteFrom('portfolio_follows').where('user_id', '=', userId).where('portfolio_id', '=', portfolioId).execute()
}

/** Which of `ids` the reader follows, ascending. */
export async function followedAmong(d: Queryable, userId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await k(d).selectFrom('portfolio_follows').select('portfolio_id').where('user_id', '=', userId).where('portfolio_id', 'in', [...ids]).orderBy('portfolio_id').execute()
  return rows.map((r) => Number(r.portfolio_id))
}

export async function countFollowers(d: Queryable, portfolioId: number): Promise<number> {
  const r = await k(d).selectFrom('portfolio_follows').select((eb) => eb.fn.countAll<number>().as('n')).where('portfolio_id', '=', portfolioId).executeTakeFirst()
  return Number(r?.n ?? 0)
}

/** A page of a portfolio's followers, newest follow first. */
export async function followersPage(d: Queryable, portfolioId: number, limit: number, offset: number): Promise<{ id: number; nick: string; avatar: string }[]> {
  const rows = await k(d)
    .selectFrom('portfolio_follows as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.nick', 'u.avatar'])
    .where('f.portfolio_id', '=', portfolioId)
    .orderBy('f.create_timestamp', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  return rows.map((r) => ({ id: Number(r.id), nick: r.nick, avatar: r.avatar }))
}
