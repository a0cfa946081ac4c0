// What the sitemap and the RSS feed read: the newest ids (and titles) of five tables, each a bounded
// query. A read model for crawlers across tables, kept in one place rather than spread over five
// modules for one caller (server/seo/feeds.ts).
import type { ColumnsTables } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export async function sitemapRows(d: Queryable, limits: { news: number; lives: number; columns: number; subjects: number; stocks: number }) {
  const db = k(d)
  const [news, lives, columns, subjects, stocks] = await Promise.all([
    db.selectFrom('articles').select(['id', 'create_timestamp as ts']).orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(limits.news).execute(),
    db.selectFrom('flashes').select(['id', 'create_timestamp as ts']).orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(limits.lives).execute(),
    db.selectFrom('columns').select(['id', 'create_timestamp as ts']).orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(limits.columns).execute(),
    db.withTables<ColumnsTables>().selectFrom('subjects').select(['id', 'create_timestamp as ts']).orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(limits.subjects).execute(),
    db.selectFrom('stocks').select(['id']).orderBy('id').limit(limits.stocks).execute(),
  ])
  return { news, lives, columns, subjects, stocks }
}

export async function feedRows(d: Queryable, limit: number) {
  const db = k(d)
  const [news, lives] = await Promise.all([
    db.selectFrom('articles').select(['id', 'title', 'summary', 'create_timestamp as ts']).orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    db.selectFrom('flashes').select(['id', 'title', 'content', 'create_timestamp as ts']).orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(limit).execute(),
  ])
  return { news, lives }
}
