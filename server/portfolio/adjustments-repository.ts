// The portfolio_adjustments table and its items, portfolio_adjust_items (013_portfolio.sql): an
// adjustment and its items are written and read together, so they share this module. The caller owns
// the transaction that writes both (service.ts).
import { k, type Queryable } from '../db/queryable'

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

/** Every adjustment of the portfolios, oldest first, with their items. */
export async function adjustmentsOf(d: Queryable, ids: readonly number[]): Promise<Map<number, StoredAdjustment[]>> {
  const out = new Map<number, StoredAdjustment[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return out
  const rows = await k(d)
    .selectFrom('portfolio_adjustments as a')
    .innerJoin('portfolio_adjust_items as i', 'i.adjustment_id', 'a.id')
    .select(['a.id', 'a.portfolio_id', 'a.time', 'a.day', 'a.kind', 'i.stock_id', 'i.from_hundredths', 'i.to_hundredths', 'i.price_cents'])
    .where('a.portfolio_id', 'in', [...ids])
    .orderBy('a.portfolio_id')
    .orderBy('a.time')
    .orderBy('a.id')
    .orderBy('i.stock_id')
    .execute()
  let current: StoredAdjustment | undefined
  for (const r of rows) {
    if (!current || current.id !== Number(r.id)) {
      current = { id: Number(r.id), portfolioId: Number(r.portfolio_id), time: Number(r.time), day: Number(r.day), kind: r.kind, items: [] }
      out.get(current.portfolioId)?.push(current)
    }
    current.items.push({ stockId: r.stock_id, fromHundredths: Number(r.from_hundredths), toHundredths: Number(r.to_hundredths), priceCents: Number(r.price_cents) })
  }
  return out
}

/** Writes an adjustment and its items (run it inside the caller's transaction). */
export async function insertAdjustment(d: Queryable, a: Omit<StoredAdjustment, 'id'>): Promise<StoredAdjustment> {
  const row = await k(d).insertInto('portfolio_adjustments').values({ portfolio_id: a.portfolioId, time: a.time, day: a.day, kind: a.kind }).returning('id').executeTakeFirstOrThrow()
  const id = Number(row.id)
  if (a.items.length)
    await k(d)
      .insertInto('portfolio_adjust_items')
      .values(a.items.map((i) => ({ adjustment_id: id, stock_id: i.stockId, from_hundredths: i.fromHundredths, to_hundredths: i.toHundredths, price_cents: i.priceCents })))
      .execute()
  return { ...a, id }
}
