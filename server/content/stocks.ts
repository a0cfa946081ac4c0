// Stock references ({ id, name }) for the ids an article or flash mentions, in the reader's language.
import type { Db } from '../db/db'
import type { ContentLang } from '../i18n/to-hk'

export interface StockRef {
  id: string
  name: string
}

/** id → name for the given ids (zh-hk uses the stock's Hong Kong name). Unknown ids are left out. */
export async function stockNames(db: Db, ids: Iterable<string>, lang: ContentLang): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db.kysely.selectFrom('stocks').select(['id', 'name', 'name_hk']).where('id', 'in', unique).execute()
  return new Map(rows.map((r) => [r.id, lang === 'zh-hk' ? r.name_hk : r.name]))
}

export function refsOf(ids: readonly string[], names: Map<string, string>): StockRef[] {
  const out: StockRef[] = []
  for (const id of ids) {
    const name = names.get(id)
    if (name !== undefined) out.push({ id, name })
  }
  return out
}
