// The portfolios table (013_portfolio.sql; spec 001 §7 portfolios): every query on it, the row with its
// owner's nick and avatar, and its mapper. service.ts decides and owns the transactions.
import type { Selectable } from 'kysely'
import type { PortfoliosTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'
import type { PortfolioMarket } from '../../core/portfolio/rules'

export interface PortfolioRow {
  id: number
  userId: number
  name: string
  market: PortfolioMarket
  createTimestamp: number
  closeTimestamp: number | null
  followerCount: number
  owner: { id: number; nick: string; avatar: string }
}

type Stored = Selectable<PortfoliosTable> & { nick: string; avatar: string }

const toRow = (r: Stored): PortfolioRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  name: r.name,
  market: r.market,
  createTimestamp: Number(r.create_timestamp),
  closeTimestamp: r.close_timestamp === null ? null : Number(r.close_timestamp),
  followerCount: Number(r.follower_count),
  owner: { id: Number(r.user_id), nick: r.nick, avatar: r.avatar },
})

/** Which portfolios a list takes (all ANDed). */
export interface PortfolioWhere {
  id?: number
  ids?: readonly number[]
  userId?: number
  open?: boolean
  market?: PortfolioMarket
  /** followed by this reader */
  followedBy?: number
}

/** Portfolios with their owners; `order` 'id' (ascending), 'newest' (id descending) or 'openFirst' (open, then newest). */
export async function listPortfolios(d: Queryable, w: PortfolioWhere, order: 'id' | 'newest' | 'openFirst' = 'id'): Promise<PortfolioRow[]> {
  if (w.ids && w.ids.length === 0) return []
  let q = k(d)
    .selectFrom('portfolios as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'p.name', 'p.market', 'p.create_timestamp', 'p.close_timestamp', 'p.follower_count', 'u.nick', 'u.avatar'])
  if (w.id !== undefined) q = q.where('p.id', '=', w.id)
  if (w.ids) q = q.where('p.id', 'in', [...w.ids])
  if (w.userId !== undefined) q = q.where('p.user_id', '=', w.userId)
  if (w.open) q = q.where('p.close_timestamp', 'is', null)
  if (w.market) q = q.where('p.market', '=', w.market)
  if (w.followedBy !== undefined) q = q.where('p.id', 'in', (eb) => eb.selectFrom('portfolio_follows').select('portfolio_id').where('user_id', '=', w.followedBy!))
  if (order === 'openFirst') q = q.orderBy((eb) => eb('p.close_timestamp', 'is', null), 'desc')
  q = q.orderBy('p.id', order === 'id' ? 'asc' : 'desc')
  return (await q.execute()).map(toRow)
}

export async function findPortfolio(d: Queryable, id: number): Promise<PortfolioRow | undefined> {
  return (await listPortfolios(d, { id }))[0]
}

export async function openCountOf(d: Queryable, userId: number): Promise<number> {
  const r = await k(d).selectFrom('portfolios').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('close_timestamp', 'is', null).executeTakeFirst()
  return Number(r?.n ?? 0)
}

export async function insertPortfolio(d: Queryable, row: { user_id: number; name: string; market: PortfolioMarket; create_timestamp: number }): Promise<number> {
  return Number((await k(d).insertInto('portfolios').values(row).returning('id').executeTakeFirstOrThrow()).id)
}

export async function renamePortfolio(d: Queryable, id: number, name: string): Promise<void> {
  await k(d).updateTable('portfolios').set({ name }).where('id', '=', id).execute()
}

/** Closes an open portfolio at `at` (seconds); a closed one keeps its time. */
export async function closePortfolioRow(d: Queryable, id: number, at: number): Promise<void> {
  await k(d).updateTable('portfolios').set({ close_timestamp: at }).where('id', '=', id).where('close_timestamp', 'is', null).execute()
}

/** Sets follower_count to the follow rows' count. */
export async function recountFollowers(d: Queryable, id: number): Promise<void> {
  await k(d)
    .updateTable('portfolios')
    .set((eb) => ({ follower_count: eb.selectFrom('portfolio_follows').select((e) => e.fn.countAll<number>().as('n')).where('portfolio_id', '=', id) }))
    .where('id', '=', id)
    .execute()
}
