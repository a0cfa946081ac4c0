// The portfolio tables (server/db/migrations/012_portfolio.sql): one row shape and mapper each, raw SQL.
import { sql } from 'kysely'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { PORTFOLIO_MESSAGES as M, type PortfolioMarket } from '../../core/portfolio/rules'

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

export interface StoredItem {
  stockId: string
  fromHundredths: number
  toHundredths: number
  priceCents: number
}

export interface StoredAdjustment {
  id: number
  portfolioId: number
  time: number
  day: number
  kind: 'create' | 'adjust'
  items: StoredItem[]
}

type RawPortfolio = {
  id: number; user_id: number; name: string; market: string; create_timestamp: string | number; close_timestamp: string | number | null
  follower_count: number; nick: string; avatar: string
}

const toRow = (r: RawPortfolio): PortfolioRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  name: r.name,
  market: r.market as PortfolioMarket,
  createTimestamp: Number(r.create_timestamp),
  closeTimestamp: r.close_timestamp === null ? null : Number(r.close_timestamp),
  followerCount: Number(r.follower_count),
  owner: { id: Number(r.user_id), nick: r.nick, avatar: r.avatar },
})

const SELECT = sql`SELECT p.id, p.user_id, p.name, p.market, p.create_timestamp, p.close_timestamp, p.follower_count, u.nick, u.avatar
  FROM portfolios p JOIN users u ON u.id = p.user_id`

export async function findPortfolio(db: Db, id: number): Promise<PortfolioRow | undefined> {
  const r = (await sql<RawPortfolio>`${SELECT} WHERE p.id = ${id}`.execute(db.kysely)).rows[0]
  return r && toRow(r)
}

export async function portfolioOrThrow(db: Db, id: number): Promise<PortfolioRow> {
  const p = await findPortfolio(db, id)
  if (!p) throw new ApiError(404, M.notFound)
  return p
}

export async function portfoliosWhere(db: Db, where: ReturnType<typeof sql>, order = sql`p.id`): Promise<PortfolioRow[]> {
  return (await sql<RawPortfolio>`${SELECT} WHERE ${where} ORDER BY ${order}`.execute(db.kysely)).rows.map(toRow)
}

export async function openCountOf(db: Db, userId: number): Promise<number> {
  const r = (await sql<{ n: string | number }>`SELECT count(*) AS n FROM portfolios WHERE user_id = ${userId} AND close_timestamp IS NULL`.execute(db.kysely)).rows[0]
  return Number(r?.n ?? 0)
}

/** Every adjustment of the portfolios, oldest first, with their items. */
export async function adjustmentsOf(db: Db, ids: readonly number[]): Promise<Map<number, StoredAdjustment[]>> {
  const out = new Map<number, StoredAdjustment[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return out
  const rows = (
    await sql<{ id: number; portfolio_id: number; time: string | number; day: string | number; kind: string; stock_id: string; from_hundredths: number; to_hundredths: number; price_cents: number }>`
      SELECT a.id, a.portfolio_id, a.time, a.day, a.kind, i.stock_id, i.from_hundredths, i.to_hundredths, i.price_cents
      FROM portfolio_adjustments a JOIN portfolio_adjust_items i ON i.adjustment_id = a.id
      WHERE a.portfolio_id = ANY(${ids as number[]}::int[])
      ORDER BY a.portfolio_id, a.time, a.id, i.stock_id`.execute(db.kysely)
  ).rows
  let current: StoredAdjustment | undefined
  for (const r of rows) {
    if (!current || current.id !== Number(r.id)) {
      current = { id: Number(r.id), portfolioId: Number(r.portfolio_id), time: Number(r.time), day: Number(r.day), kind: r.kind as StoredAdjustment['kind'], items: [] }
      out.get(current.portfolioId)?.push(current)
    }
    current.items.push({ stockId: r.stock_id, fromHundredths: Number(r.from_hundredths), toHundredths: Number(r.to_hundredths), priceCents: Number(r.price_cents) })
  }
  return out
}

export async function insertAdjustment(db: Db, a: Omit<StoredAdjustment, 'id'>): Promise<StoredAdjustment> {
  return db.kysely.transaction().execute(async (tx) => {
    const row = (await sql<{ id: number }>`INSERT INTO portfolio_adjustments (portfolio_id, time, day, kind) VALUES (${a.portfolioId}, ${a.time}, ${a.day}, ${a.kind}) RETURNING id`.execute(tx)).rows[0]!
    const id = Number(row.id)
    if (a.items.length)
      await sql`INSERT INTO portfolio_adjust_items (adjustment_id, stock_id, from_hundredths, to_hundredths, price_cents) VALUES ${sql.join(
        a.items.map((i) => sql`(${id}, ${i.stockId}, ${i.fromHundredths}, ${i.toHundredths}, ${i.priceCents})`),
      )}`.execute(tx)
    return { ...a, id }
  })
}
