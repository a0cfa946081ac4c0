// Article and flash summaries by id, for columns, subjects and hotspots.
import type { LiveFlash } from '../../../core/api/content'
import type { ThemeItem } from '../../../core/api/reading-columns'
import type { Db } from '../../db/db'
import type { ContentLang } from '../../i18n/to-hk'
import { refsOf, stockNames } from '../../content/stocks'
import { articleSummaryQuery, toArticleSummaries } from '../../content/article-summary'

export const ARTICLE = 1
export const FLASH = 2

async function flashesById(db: Db, ids: readonly number[], lang: ContentLang): Promise<Map<number, LiveFlash>> {
  if (!ids.length) return new Map()
  const rows = await db.kysely
    .selectFrom('flashes')
    .select(['id', 'title', 'content', 'important', 'channel', 'stocks', 'create_timestamp'])
    .where('id', 'in', ids)
    .execute()
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, title: r.title, content: r.content, important: r.important, channel: r.channel, stocks: refsOf(r.stocks, names), createTimestamp: Number(r.create_timestamp) },
    ]),
  )
}

/** Subject or hotspot content rows → items, in the same order; rows whose article or flash is gone are dropped. */
export async function themeItems(
  db: Db,
  rows: readonly { kind: number; ref_id: number; is_choice: boolean; create_timestamp: number }[],
  lang: ContentLang,
): Promise<ThemeItem[]> {
  const articleIds = rows.filter((r) => r.kind === ARTICLE).map((r) => r.ref_id)
  const articleRows = articleIds.length ? await articleSummaryQuery(db).where('a.id', 'in', articleIds).execute() : []
  const articles = new Map((await toArticleSummaries(db, articleRows, lang)).map((a) => [a.id, a]))
  const flashes = await flashesById(db, rows.filter((r) => r.kind === FLASH).map((r) => r.ref_id), lang)
  const items: ThemeItem[] = []
  for (const r of rows) {
    const createTimestamp = Number(r.create_timestamp)
    if (r.kind === ARTICLE) {
      const article = articles.get(r.ref_id)
      if (article) items.push({ kind: 'article', isChoice: r.is_choice, createTimestamp, article })
    } else {
      const flash = flashes.get(r.ref_id)
      if (flash) items.push({ kind: 'flash', isChoice: r.is_choice, createTimestamp, flash })
    }
  }
  return items
}
