// /api/news/filter/list (spec 000 §7: createDate, count, type; 5 s timeout): numbered pages of news,
// optionally of one label and only up to a day, with the page count for the /news/page/{id} pager.
import type { ArticleSummary } from '../../../core/api/content'
import type { Db } from '../../db/db'
import type { ContentLang } from '../../i18n/to-hk'
import { refsOf, stockNames } from '../../content/stocks'

export const NEWS_PAGE_SIZE = 20
/** Dates are days in Beijing / Hong Kong time (UTC+8). */
const UTC8_SECONDS = 8 * 3600

/** 'YYYY-MM-DD' → the first second after that day ends (UTC+8). */
export function endOfDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d + 1) / 1000 - UTC8_SECONDS
}

export async function newsFilterList(
  db: Db,
  { page, count, type, createDate }: { page: number; count: number; type?: string | undefined; createDate?: string | undefined },
  lang: ContentLang,
) {
  let base = db.kysely.selectFrom('articles as a')
  if (type && type !== 'all') base = base.where('a.news_type', '=', type)
  if (createDate) base = base.where('a.create_timestamp', '<', endOfDay(createDate))
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await base
    .innerJoin('users as u', 'u.id', 'a.author_id')
    .leftJoin('channels as ch', 'ch.type', 'a.channel_type')
    .select([
      'a.id',
      'a.title',
      'a.summary',
      'a.cover_url',
      'a.channel_type',
      'ch.name as channel_name',
      'a.author_id',
      'u.nick',
      'u.avatar',
      'a.tags',
      'a.stocks',
      'a.create_timestamp',
      'a.read_count',
      'a.is_vip',
    ])
    .orderBy('a.create_timestamp', 'desc')
    .orderBy('a.id', 'desc')
    .limit(count)
    .offset((page - 1) * count)
    .execute()
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  const list: ArticleSummary[] = rows.map((r) => ({
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
  return { list, hasMore: page * count < total, total, page, pageCount: Math.max(1, Math.ceil(total / count)) }
}
