// Seed rows of the reading feature (see server/db/feature-seeds.ts). Versions 200–299.
import { pinyin } from 'pinyin-pro'
import type { FeatureSeed } from '../db/feature-seeds'
import type { Db } from '../db/db'
import type { ReadingTables } from '../db/schema'

/** The keys a reader types for a stock: code without leading zeros, English name, pinyin. */
export function stockSearchKeys(s: { code: string; name: string; name_en: string }) {
  const initials = pinyin(s.name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
  const full = pinyin(s.name, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
  const clean = (parts: string[]) => parts.join('').toLowerCase().replace(/[^a-z0-9]/g, '')
  return {
    code_key: /^[0-9]+$/.test(s.code) ? s.code.replace(/^0+/, '') : s.code.toLowerCase(),
    name_en_key: s.name_en.toLowerCase(),
    py_initials: clean(initials),
    py_full: clean(full),
  }
}

/** Fills stock_search for every stock that has no row yet. */
export async function indexStocks(db: Db): Promise<void> {
  const k = db.kysely.withTables<ReadingTables>()
  const stocks = await k
    .selectFrom('stocks')
    .leftJoin('stock_search', 'stock_search.stock_id', 'stocks.id')
    .where('stock_search.stock_id', 'is', null)
    .select(['stocks.id', 'stocks.code', 'stocks.name', 'stocks.name_en'])
    .execute()
  for (let i = 0; i < stocks.length; i += 500) {
    const part = stocks.slice(i, i + 500).map((s) => ({ stock_id: s.id, ...stockSearchKeys(s) }))
    if (part.length) await k.insertInto('stock_search').values(part).onConflict((oc) => oc.doNothing()).execute()
  }
}

export const readingSeeds: FeatureSeed[] = [{ version: 200, name: 'reading: stock search keys', run: (db) => indexStocks(db) }]
