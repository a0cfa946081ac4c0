// The data module of the stock search index (022_stock_aliases.sql): stock_search_keys, every key a
// stock is found by, and stock_search.popularity_rank, its place in core's popularity order. Both
// are derived from stocks and stock_aliases (server/reading/seed-stock-aliases.ts) and replaced
// together, in one transaction, so a search never sees the keys of one version with the ranks of
// another. (The rest of stock_search, from 003, is written by server/reading/seed.ts.)
import { sql } from 'kysely'
import { TIER, type SearchKeyKind, type StockQuery, type Tier } from '../../core/search/stock-rank'
import type { Db } from '../db/db'

/** The rank of a stock not in the order (the column's default): last. */
const UNRANKED = 2_147_483_647

export interface IndexedKey {
  stockId: string
  kind: SearchKeyKind
  key: string
}

/** Replaces every stock's keys, and ranks the stocks in `popularity` order (0 first). */
export async function replaceStockIndex(db: Db, keys: readonly IndexedKey[], popularity: readonly string[]): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('stock_search_keys').execute()
    for (let i = 0; i < keys.length; i += 1000) {
      const part = keys.slice(i, i + 1000).map((k) => ({ stock_id: k.stockId, kind: k.kind, key: k.key }))
      if (part.length) await trx.insertInto('stock_search_keys').values(part).onConflict((oc) => oc.doNothing()).execute()
    }
    // sql: kysely has no words for unnest(a, b) AS r(id, n); each id's rank is its place in the list
    await trx.updateTable('stock_search').set({ popularity_rank: UNRANKED }).execute()
    await sql`
      UPDATE stock_search ss SET popularity_rank = r.n
      FROM unnest(${[...popularity]}::text[], ${popularity.map((_, i) => i)}::int[]) AS r(id, n)
      WHERE ss.stock_id = r.id
    `.execute(trx)
  })
  // fresh statistics, or the planner guesses 2 rows a match and loops where a single letter matches
  // hundreds of keys (sql: kysely has no ANALYZE)
  await sql`ANALYZE stock_search_keys`.execute(db.kysely)
  await sql`ANALYZE stock_search`.execute(db.kysely)
}

export interface MatchedStockRow {
  id: string
  code: string
  code_disp: string
  market: string
  name: string
  name_hk: string
  category: string
  tier: Tier
}

/**
 * The stocks whose keys match `q`, the one most readers mean first, at most `count`: the tier is
 * core's keyTier (core/search/stock-rank.ts) said in SQL, a stock's best over its keys, then the
 * popularity rank, then the id — the order of rankStocks, which server/reading/search.test.ts checks
 * over every seeded stock. (sql: the CASE is kept line for line beside keyTier; kysely's case
 * builder would hide that.)
 */
export async function matchStocks(db: Db, q: StockQuery, options: { count: number; markets: readonly string[] }): Promise<MatchedStockRow[]> {
  const t = (tier: Tier) => sql`${tier}::int`
  const rows = await sql<MatchedStockRow>`
    SELECT s.id, s.code, s.code_disp, s.market, s.name, s.name_hk, s.category, m.tier
    FROM (
      SELECT k.stock_id, min(CASE k.kind
        WHEN 'code' THEN CASE WHEN k.key = ${q.code} THEN ${t(TIER.code)} ELSE ${t(TIER.prefix)} END
        WHEN 'name' THEN CASE WHEN k.key = ${q.text} THEN ${t(TIER.name)} WHEN starts_with(k.key, ${q.text}) THEN ${t(TIER.prefix)} ELSE ${t(TIER.substring)} END
        ELSE CASE WHEN k.key = ${q.compact} THEN ${t(TIER.pinyin)} ELSE ${t(TIER.prefix)} END
      END) AS tier
      FROM stock_search_keys k
      WHERE (k.kind = 'code' AND ${q.code} <> '' AND starts_with(k.key, ${q.code}))
         OR (k.kind = 'name' AND ${q.text} <> '' AND strpos(k.key, ${q.text}) > 0)
         OR (k.kind = 'pinyin' AND ${q.compact} <> '' AND starts_with(k.key, ${q.compact}))
      GROUP BY k.stock_id
    ) m
    JOIN stocks s ON s.id = m.stock_id
    LEFT JOIN stock_search ss ON ss.stock_id = s.id
    WHERE ${options.markets.length === 0} OR s.market = ANY(${[...options.markets]}::text[])
    ORDER BY m.tier, coalesce(ss.popularity_rank, ${UNRANKED}), s.id COLLATE "C"
    LIMIT ${options.count}
  `.execute(db.kysely)
  return rows.rows
}
