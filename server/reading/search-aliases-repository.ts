// The data module of stock_aliases (022_stock_aliases.sql): what Chinese-language financial media
// call a listing besides its own names (中移动, 港交所, Tencent), as written.
import type { Db } from '../db/db'
import type { StockAliasesTable } from '../db/schema'

export interface StockAlias {
  stockId: string
  alias: string
}

const toStockAlias = (r: StockAliasesTable): StockAlias => ({ stockId: r.stock_id, alias: r.alias })

/** Adds aliases; one already there is kept as it is. */
export async function addStockAliases(db: Db, aliases: readonly StockAlias[]): Promise<void> {
  for (let i = 0; i < aliases.length; i += 500) {
    const part = aliases.slice(i, i + 500).map((a) => ({ stock_id: a.stockId, alias: a.alias }))
    if (part.length) await db.kysely.insertInto('stock_aliases').values(part).onConflict((oc) => oc.doNothing()).execute()
  }
}

/** Every stock's aliases, in a fixed order. */
export async function stockAliasesByStock(db: Db): Promise<Map<string, string[]>> {
  const rows = await db.kysely.selectFrom('stock_aliases').select(['stock_id', 'alias']).orderBy('stock_id').orderBy('alias').execute()
  const out = new Map<string, string[]>()
  for (const a of rows.map(toStockAlias)) out.set(a.stockId, [...(out.get(a.stockId) ?? []), a.alias])
  return out
}
