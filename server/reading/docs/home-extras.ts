// Home extras (spec 000 §7 'Home and content', 'Other'; §9 advertisement position 23): sub-channels,
// banners, recommended articles, ad slots and featured heads. Pictures are generated SVG (artSvg).
import { numberedPage } from '../../../core/api/page'
import { sql } from 'kysely'
import type { ArticleSummary } from '../../../core/api/content'
import type { Ad, Banner, FeaturedHead, SubChannel } from '../../../core/api/reading-docs'
import { artUrl, HOME_SHOW_TYPE } from '../../../fixtures/reading-docs/home-extras'
import type { Db } from '../../db/db'
import { notFound } from '../../http/api-error'
import type { ContentLang } from '../../i18n/to-hk'
import { articleSummaryQuery, toArticleSummaries } from '../../content/article-summary'
import type { HomeExtrasTables } from '../../db/schema'

export const HOME_EXTRAS_MESSAGES = {
  channelNotFound: '频道不存在',
  featuredNotFound: '精选栏目不存在',
} as const
export const RECOMMEND_COUNT = 6
/** recommended articles are the most read of this many days (or the newest when none is that recent) */
export const RECOMMEND_WINDOW_DAYS = 7
export const SELECTED_PAGE_SIZE = 10
const HOME = 'home'

const k = (db: Db) => db.kysely.withTables<HomeExtrasTables>()

async function checkChannel(db: Db, type: string) {
  if (type === HOME) return
  const row = await db.kysely.selectFrom('channels').select('id').where('type', '=', type).executeTakeFirst()
  if (!row) throw notFound(HOME_EXTRAS_MESSAGES.channelNotFound)
}

export async function subChannels(db: Db, parent: string | undefined): Promise<SubChannel[]> {
  if (parent !== undefined) await checkChannel(db, parent)
  let q = k(db).selectFrom('sub_channels').select(['id', 'parent_type', 'type', 'name', 'sort'])
  if (parent !== undefined) q = q.where('parent_type', '=', parent)
  const rows = await q.orderBy('parent_type').orderBy('sort').orderBy('id').execute()
  return rows.map((r) => ({ id: r.id, parentType: r.parent_type, type: r.type, name: r.name, sort: r.sort }))
}

export async function channelBanners(db: Db, type: string): Promise<Banner[]> {
  await checkChannel(db, type)
  const rows = await k(db).selectFrom('banners').select(['id', 'title', 'link']).where('channel_type', '=', type).orderBy('sort').orderBy('id').execute()
  return rows.map((r) => ({ id: r.id, title: r.title, link: r.link, imageUrl: artUrl('banner', r.id) }))
}

/** The most read articles of the last RECOMMEND_WINDOW_DAYS (of one channel when given), ties newest first. */
export async function recommendArticles(db: Db, channel: string | undefined, count: number, now: number, lang: ContentLang): Promise<ArticleSummary[]> {
  if (channel !== undefined) await checkChannel(db, channel)
  const since = now - RECOMMEND_WINDOW_DAYS * 86_400
  let q = articleSummaryQuery(db).where('a.create_timestamp', '>=', since).where('a.create_timestamp', '<=', now)
  if (channel !== undefined && channel !== HOME) q = q.where('a.channel_type', '=', channel)
  const rows = await q.orderBy('a.read_count', 'desc').orderBy('a.create_timestamp', 'desc').orderBy('a.id', 'desc').limit(count).execute()
  return toArticleSummaries(db, rows, lang)
}

type AdRow = HomeExtrasTables['ads']
const toAd = (r: AdRow): Ad => ({
  id: r.id,
  position: r.position,
  showType: r.show_type,
  title: r.title,
  brief: r.brief,
  advertiser: r.advertiser,
  link: r.link,
  imageUrl: artUrl('ad', r.id),
})
const ads = (db: Db) => k(db).selectFrom('ads').selectAll().orderBy('sort').orderBy('id')

/** The home page's ads; `rendom` rotates the list so that each value puts a different ad first. */
export async function homePageAds(db: Db, rendom: number | undefined): Promise<Ad[]> {
  const list = (await ads(db).where('show_type', '=', HOME_SHOW_TYPE).execute()).map(toAd)
  if (!list.length || rendom === undefined) return list
  const shift = rendom % list.length
  return [...list.slice(shift), ...list.slice(0, shift)]
}

export async function webAds(db: Db, showType: number): Promise<Ad[]> {
  return (await ads(db).where('show_type', '=', showType).execute()).map(toAd)
}

/** The ads of one slot; an empty slot answers an empty list (the client swallows it: spec 001 root init). */
export async function slotAds(db: Db, position: number): Promise<Ad[]> {
  return (await ads(db).where('position', '=', position).execute()).map(toAd)
}

function headQuery(db: Db) {
  return k(db)
    .selectFrom('featured_heads as h')
    .select(['h.id', 'h.title', 'h.brief', sql<number>`(select count(*) from featured_contents c where c.head_id = h.id)::int`.as('article_count')])
}
const toHead = (r: { id: number; title: string; brief: string; article_count: number }): FeaturedHead => ({
  id: r.id,
  title: r.title,
  brief: r.brief,
  imageUrl: artUrl('featured', r.id),
  articleCount: Number(r.article_count),
})

export async function allFeaturedHeads(db: Db): Promise<FeaturedHead[]> {
  return (await headQuery(db).orderBy('h.sort').orderBy('h.id').execute()).map(toHead)
}

export async function featuredHead(db: Db, id: number, lang: ContentLang) {
  const row = await headQuery(db).where('h.id', '=', id).executeTakeFirst()
  if (!row) throw notFound(HOME_EXTRAS_MESSAGES.featuredNotFound)
  const ids = await k(db).selectFrom('featured_contents').select(['article_id', 'sort']).where('head_id', '=', id).orderBy('sort').orderBy('article_id').execute()
  return { ...toHead(row), articles: await articlesInOrder(db, ids.map((r) => r.article_id), lang) }
}

async function articlesInOrder(db: Db, ids: readonly number[], lang: ContentLang): Promise<ArticleSummary[]> {
  if (!ids.length) return []
  const rows = await articleSummaryQuery(db).where('a.id', 'in', [...ids]).execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return toArticleSummaries(db, ids.flatMap((i) => byId.get(i) ?? []), lang)
}

/** The selected content of every head: by head order, then the head's own order. */
export async function selectedContent(db: Db, { page, count }: { page: number; count: number }, lang: ContentLang) {
  const base = k(db).selectFrom('featured_contents as c').innerJoin('featured_heads as h', 'h.id', 'c.head_id').where('c.selected', '=', true)
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await base.select(['c.article_id']).orderBy('h.sort').orderBy('h.id').orderBy('c.sort').orderBy('c.article_id').limit(count).offset((page - 1) * count).execute()
  return numberedPage(await articlesInOrder(db, rows.map((r) => r.article_id), lang), { page, count, total })
}
