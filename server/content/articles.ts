// Articles: channel feeds, news lists and the detail page (spec 000 §7 'Home and content').
import { numberedPage } from '../../core/api/page'
import { sql } from 'kysely'
import type { ArticleDetail, ArticleSummary, Channel, ChannelDetail } from '../../core/api/content'
import type { Db } from '../db/db'
import type { ContentLang } from '../i18n/to-hk'
import { notFound } from '../http/api-error'
import { articleSummaryQuery, toArticleSummaries, type ArticleSummaryQuery } from './article-summary'
import { articleLock, freePart, type Viewer } from '../membership/paywall'

/** spec 000 §7: default page size of the content lists */
export const DEFAULT_COUNT = 20
/** /api/news/{id}/v3 shows this many related articles */
export const RELATED_COUNT = 6
/** the feed of every channel */
export const HOME_CHANNEL = 'home'
/** the news filter label meaning 'no filter' */
export const ALL_NEWS_TYPES = 'all'

export const MESSAGES = {
  articleNotFound: '文章不存在',
  channelNotFound: '频道不存在',
} as const

type ArticleQuery = ArticleSummaryQuery

export async function listChannels(db: Db): Promise<Channel[]> {
  return db.kysely.selectFrom('channels').select(['id', 'type', 'name', 'sort']).orderBy('sort').orderBy('id').execute()
}

/** /api/channels/{id}/v1: one channel with its article count, newest article's time and sub-channels. */
export async function channelDetail(db: Db, id: number): Promise<ChannelDetail> {
  const channel = await db.kysely.selectFrom('channels').select(['id', 'type', 'name', 'sort']).where('id', '=', id).executeTakeFirst()
  if (!channel) throw notFound(MESSAGES.channelNotFound)
  const [stats, subs] = await Promise.all([
    db.kysely
      .selectFrom('articles')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('create_timestamp').as('latest')])
      .where('channel_type', '=', channel.type)
      .executeTakeFirst(),
    db.kysely.selectFrom('sub_channels').select(['type', 'name']).where('parent_type', '=', channel.type).orderBy('sort').orderBy('id').execute(),
  ])
  const latest = stats?.latest
  return { ...channel, articleCount: Number(stats?.n ?? 0), latestTimestamp: latest === null || latest === undefined ? null : Number(latest), subChannels: subs }
}

export async function listNewsTypes(db: Db): Promise<{ type: string; name: string }[]> {
  return db.kysely.selectFrom('news_types').select(['type', 'name']).orderBy('sort').orderBy('type').execute()
}

export interface CursorPage {
  /** createTimestamp of the last item shown: the page holds items strictly older */
  before?: number | undefined
  count: number
}

/**
 * Newest first, ties by id. The cursor is a timestamp only, so a page never ends in the middle of a
 * group of items sharing one timestamp: the group is completed (the page may be slightly longer than
 * `count`), which keeps 'strictly older' free of gaps and duplicates.
 */
async function timestampPage(
  db: Db,
  where: ((q: ArticleQuery) => ArticleQuery) | undefined,
  { before, count }: CursorPage,
  lang: ContentLang,
): Promise<{ list: ArticleSummary[]; hasMore: boolean }> {
  const base = () => {
    const q = articleSummaryQuery(db)
    return where ? where(q) : q
  }
  let q = base()
  if (before !== undefined) q = q.where('a.create_timestamp', '<', before)
  const rows = await q.orderBy('a.create_timestamp', 'desc').orderBy('a.id', 'desc').limit(count + 1).execute()
  let hasMore = rows.length > count
  const page = rows.slice(0, count)
  const last = page[page.length - 1]
  if (hasMore && last && rows[count]!.create_timestamp === last.create_timestamp) {
    const rest = await base()
      .where('a.create_timestamp', '=', last.create_timestamp)
      .where('a.id', '<', last.id)
      .orderBy('a.id', 'desc')
      .execute()
    page.push(...rest)
    const older = await base().where('a.create_timestamp', '<', last.create_timestamp).select(sql<number>`1`.as('one')).limit(1).execute()
    hasMore = older.length > 0
  }
  return { list: await toArticleSummaries(db, page, lang), hasMore }
}

/** /api/channels/{type}/articles/v8: `home` is every channel. */
export async function channelArticles(
  db: Db,
  channelType: string,
  page: CursorPage,
  lang: ContentLang,
): Promise<{ list: ArticleSummary[]; hasMore: boolean }> {
  if (channelType !== HOME_CHANNEL) {
    const known = await db.kysely.selectFrom('channels').select('id').where('type', '=', channelType).executeTakeFirst()
    if (!known) throw notFound(MESSAGES.channelNotFound)
  }
  const where = channelType === HOME_CHANNEL ? undefined : (q: ArticleQuery) => q.where('a.channel_type', '=', channelType)
  return timestampPage(db, where, page, lang)
}

const byNewsType = (type: string | undefined) =>
  type === undefined || type === '' || type === ALL_NEWS_TYPES ? undefined : (q: ArticleQuery) => q.where('a.news_type', '=', type)

/** /api/news: cursor paging by timestamp, optional type. */
export async function newsByCursor(db: Db, type: string | undefined, page: CursorPage, lang: ContentLang) {
  return timestampPage(db, byNewsType(type), page, lang)
}

/** /api/news/list/v2 (and /api/news/filter/list): numbered pages from 1, with the total; `before` keeps older items only. */
export async function newsByPage(
  db: Db,
  { page, limit, type, before }: { page: number; limit: number; type?: string | undefined; before?: number | undefined },
  lang: ContentLang,
): Promise<{ list: ArticleSummary[]; hasMore: boolean; total: number }> {
  const filter = byNewsType(type)
  let counted = db.kysely.selectFrom('articles as a').select((eb) => eb.fn.countAll<number>().as('n'))
  if (filter) counted = counted.where('a.news_type', '=', type!)
  if (before !== undefined) counted = counted.where('a.create_timestamp', '<', before)
  const total = Number((await counted.executeTakeFirstOrThrow()).n)
  let q = filter ? filter(articleSummaryQuery(db)) : articleSummaryQuery(db)
  if (before !== undefined) q = q.where('a.create_timestamp', '<', before)
  const rows = await q
    .orderBy('a.create_timestamp', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()
  return numberedPage(await toArticleSummaries(db, rows, lang), { page: page, count: limit, total })
}

/** /api/news/{id}/v3: the article with its paragraphs and source, and 6 related by shared tags, then channel. */
/**
 * One article. Paid content (issue 13): a reader without a valid membership or purchase gets only the
 * free part of a VIP or paid-column article, with `locked`; without a viewer, the guest's answer — what
 * the server renderer inlines (server/app.ts initialData).
 */
export async function articleDetail(db: Db, id: number, lang: ContentLang, viewer?: Viewer): Promise<ArticleDetail> {
  const row = await articleSummaryQuery(db)
    .where('a.id', '=', id)
    .select(['a.paragraphs', 'a.source'])
    .executeTakeFirst()
  if (!row) throw notFound(MESSAGES.articleNotFound)
  const tags = row.tags
  const relatedRows = await articleSummaryQuery(db)
    .where('a.id', '<>', id)
    .where((eb) =>
      eb.or([eb('a.channel_type', '=', row.channel_type), eb(sql`a.tags`, '&&', sql`${tags}::text[]`)]),
    )
    .orderBy(sql`cardinality(array(SELECT unnest(a.tags) INTERSECT SELECT unnest(${tags}::text[])))`, 'desc')
    .orderBy(sql`(a.channel_type = ${row.channel_type})`, 'desc')
    .orderBy('a.create_timestamp', 'desc')
    .orderBy('a.id', 'desc')
    .limit(RELATED_COUNT)
    .execute()
  const [summary] = await toArticleSummaries(db, [row], lang)
  const lock = await articleLock(db, viewer ?? { userId: null, nowSeconds: Math.floor(Date.now() / 1000) }, { id, isVip: row.is_vip, columnId: row.column_id })
  return {
    ...summary!,
    paragraphs: freePart(row.paragraphs, lock),
    source: row.source,
    related: await toArticleSummaries(db, relatedRows, lang),
    ...(lock.locked ? { locked: true, ...(lock.specsId === undefined ? {} : { specsId: lock.specsId }) } : {}),
  }
}
