// Seed rows of stock search (issue 24; see server/db/feature-seeds.ts, reading versions 200–299):
// the aliases of fixtures/stock-aliases.ts, then the search index of every stock — its keys (code,
// names, aliases, pinyin; core/search/stock-rank.ts stockKeys) and its popularity rank. A database
// seeded before 022 gets them on its next start (a new version runs once). Run reindexStocks again
// after stocks or aliases change.
import { pinyin } from 'pinyin-pro'
import { popularityOrder, stockKeys, type PinyinOf, type SearchKey, type StockNames } from '../../core/search/stock-rank'
import { buildStockAliases } from '../../fixtures/stock-aliases'
import type { Db } from '../db/db'
import type { FeatureSeed } from '../db/feature-seeds'
import { addStockAliases, stockAliasesByStock } from './search-aliases-repository'
import { replaceStockIndex } from './search-index-repository'
import { toCn } from './search'

const clean = (parts: string[]) => parts.join('').toLowerCase().replace(/[^a-z0-9]/g, '')

/** Pinyin initials and full pinyin with pinyin-pro (ü as v, as readers type it; Latin kept). */
export const pinyinOf: PinyinOf = (name) => ({
  initials: clean(pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })),
  full: clean(pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })),
})

/** A stock's keys as the index stores them: traditional names converted by OpenCC, pinyin by pinyin-pro. */
export function stockKeysFor(stock: StockNames, aliases: readonly string[]): SearchKey[] {
  return stockKeys(stock, aliases, { toSimplified: toCn, pinyin: pinyinOf })
}

/** Rebuilds the search index of every stock from stocks and stock_aliases. */
export async function reindexStocks(db: Db): Promise<void> {
  const stocks = await db.kysely
    .selectFrom('stocks')
    .select(['id', 'market', 'code', 'name', 'name_hk', 'name_en', 'currency', 'shares_outstanding', 'last_close_cents'])
    .orderBy('id')
    .execute()
  const aliases = await stockAliasesByStock(db)
  const keys = stocks.flatMap((s) =>
    stockKeysFor({ code: s.code, name: s.name, nameHk: s.name_hk, nameEn: s.name_en }, aliases.get(s.id) ?? []).map((k) => ({ stockId: s.id, ...k })),
  )
  const order = popularityOrder(
    stocks.map((s) => ({
      id: s.id,
      market: s.market,
      nameEn: s.name_en,
      currency: s.currency,
      // bigint columns may come back as strings
      sharesOutstanding: Number(s.shares_outstanding),
      lastCloseCents: Number(s.last_close_cents),
    })),
  )
  await replaceStockIndex(db, keys, order)
}

/** The fixture's aliases (of the stocks this database holds), then the index. */
export async function seedStockAliases(db: Db): Promise<void> {
  const ids = new Set((await db.kysely.selectFrom('stocks').select('id').execute()).map((s) => s.id))
  await addStockAliases(db, buildStockAliases().filter((a) => ids.has(a.stockId)))
  await reindexStocks(db)
}

export const stockAliasSeeds: FeatureSeed[] = [{ version: 201, name: 'reading: stock aliases, search keys and popularity (022)', run: (db) => seedStockAliases(db) }]
