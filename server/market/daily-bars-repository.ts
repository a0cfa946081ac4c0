// The daily_bars table (migration 001): one row per stock and trading day, prices in cents. The
// simulator's history and the real feed's older days come from here; the seed fills it and an operator
// loads real history into it from CSV (scripts/import-bars.ts).
import { PackedBars } from './packed-bars'
import { sql, type Selectable } from 'kysely'
import type { Db } from '../db/db'
import type { DailyBarsTable } from '../db/schema'

export type DailyBarRow = Selectable<DailyBarsTable>

/** Rows per statement: PGlite is one connection, other requests wait on each statement. */
const CHUNK = 500

/**
 * Writes the bars in one transaction: every row or none. A bar already stored for its stock and day
 * is replaced, so importing the same file twice leaves the same table.
 */
export async function upsertDailyBars(db: Db, rows: readonly DailyBarRow[]): Promise<void> {
  await db.kysely.transaction().execute(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insertInto('daily_bars')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['stock_id', 'day']).doUpdateSet((eb) => ({
            open_cents: eb.ref('excluded.open_cents'),
            high_cents: eb.ref('excluded.high_cents'),
            low_cents: eb.ref('excluded.low_cents'),
            close_cents: eb.ref('excluded.close_cents'),
            volume: eb.ref('excluded.volume'),
          })),
        )
        .execute()
    }
  })
}

/** Ids and display codes of the known stocks: what a CSV's symbol column may name. */
export async function stockKeys(db: Db): Promise<{ id: string; code: string; codeDisp: string; market: string }[]> {
  const rows = await db.kysely.selectFrom('stocks').select(['id', 'code', 'code_disp', 'market']).execute()
  return rows.map((r) => ({ id: r.id, code: r.code, codeDisp: r.code_disp, market: r.market }))
}

export async function dailyBarsOf(db: Db, stockId: string): Promise<DailyBarRow[]> {
  return db.kysely.selectFrom('daily_bars').selectAll().where('stock_id', '=', stockId).orderBy('day').execute()
}

/**
 * Every stock's bars, oldest first: what the market loads once on first use (server/market/market-data.ts).
 * Raw `sql` because the query builder cannot say string_agg: one text per stock instead of a row per bar,
 * since PGlite decodes each row of a result on its one thread (75,500 rows of the seed: 2.1 s of CPU as rows,
 * 0.4 s as 302 aggregated texts; every journey's server and every market test paid it on its first quote).
 */
export async function dailyHistory(db: Db): Promise<Map<string, PackedBars>> {
  const { rows } = await sql<{ stock_id: string; bars: string }>`
    select stock_id,
           string_agg(day || ',' || open_cents || ',' || high_cents || ',' || low_cents || ',' || close_cents || ',' || volume, ';' order by day) as bars
      from daily_bars
     group by stock_id`.execute(db.kysely)
  // packed, not as objects: 3.6 MB instead of 13.3 MB of heap for the seed's 75,500 bars (packed-bars.ts)
  return new Map(rows.map((r) => [r.stock_id, PackedBars.parse(r.bars)]))
}
