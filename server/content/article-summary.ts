// The article summary (core/api/content ArticleSummary): one query shape and one mapper, used by
// every list of articles (feeds, news, columns, subjects, tags, featured, hot).
import type { ArticleSummary } from '../../core/api/content'
import type { Db } from '../db/db'
import type { ContentLang } from '../i18n/to-hk'
import { refsOf, stockNames } from './stocks'

/** Articles with their author and channel, aliased `a`, `u`, `ch`: add where / order / limit. */
export function articleSummaryQuery(db: Db) {
  return db.kysely
    .selectFrom('articles as a')
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .leftJoin('channels as ch', 'ch.type', 'a.channel_type')
    .select([
      'a.id', 'a.title', 'a.summary', 'a.cover_url', 'a.channel_type', 'ch.name as channel_name', 'a.author_id', 'u.nick', 'u.avatar',
      'a.tags', 'a.stocks', 'a.create_timestamp', 'a.read_count', 'a.is_vip', 'a.column_id',
    ])
}
export type ArticleSummaryQuery = ReturnType<typeof articleSummaryQuery>
export type ArticleSummaryRow = Awaited<ReturnType<ArticleSummaryQuery['execute']>>[number]

/** Rows → summaries, in the same order, with the stocks' names in the reader's script. */
export async function toArticleSummaries(db: Db, rows: readonly ArticleSummaryRow[], lang: ContentLang): Promise<ArticleSummary[]> {
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
