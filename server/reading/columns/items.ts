// Article and flash summaries by id, for columns, subjects and hotspots.
import type { ArticleSummary, LiveFlash } from '../../../core/api/content'
import type { ThemeItem } from '../../../core/api/reading-columns'
import type { Db } from '../../db/db'
import type { ContentLang } from '../../i18n/to-hk'
import { refsOf, stockNames } from '../../content/stocks'

export const ARTICLE = 1
export const FLASH = 2

export function articleQuery(db: Db) {
  return db.kysely
    .selectFrom('articles as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .leftJoin('channels as ch', 'ch.type', 'a.channel_type')
    .select([
      'a.id', 'a.title', 'a.summary', 'a.cover_url', 'a.channel_type', 'ch.name as channel_name', 'a.author_id', 'u.nick', 'u.avatar',
      'a.tags', 'a.stocks', 'a.create_timestamp', 'a.read_count', 'a.is_vip', 'a.column_id',
    ])
}
export type ArticleRow = Awaited<ReturnType<ReturnType<typeof articleQuery>['execute']>>[number]

export async function toArticles(db: Db, rows: readonly ArticleRow[], lang: ContentLang): Promise<ArticleSummary[]> {
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    coverUrl: r.cover_url,
    channelType: r.channel_type,
    channelName: r.channel_name ?? '',
    author: { id: r.author_id, nick: r.nick, avatar: r.avatar },
    tags: r.tags,
    stocks: refsOf(r.stocks, names),
    createTimestamp: Number(r.create_timestamp),
    readCount: r.read_count,
    isVip: r.is_vip,
  }))
}

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
  const articleRows = articleIds.length ? await articleQuery(db).where('a.id', 'in', articleIds).execute() : []
  const articles = new Map((await toArticles(db, articleRows, lang)).map((a) => [a.id, a]))
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
