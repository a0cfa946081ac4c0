// The member area's reads (spec 001 §7 'Membership and purchase'; core/api/member-area.ts): the tiers
// on sale, the reader's expiry, member articles by channel and by equity, the member home's slides,
// albums (a column read in order) with the reader's access, trial content, the shop's columns and the
// 黑金 industry-revival series. What a reader may read is the paywall's answer (paywall.ts articleLock,
// freePart) — never decided here a second time.
import { sql } from 'kysely'
import type { Album, AlbumContent, ArticleEquity, IndustryRevival, InfoSlide, MemberArticle, ShopColumn, TrialArticle, VipEquity, VipExpiration, VipTier } from '../../core/api/member-area'
import { numberedPage, cursorPage, type NumberedPage } from '../../core/api/page'
import { activeTier, membershipDisplay } from '../../core/membership/membership'
import { ARTICLE_EQUITIES, equityChannels, equityOfChannel, INDUSTRY_REVIVAL, MEMBER_CHANCE_NOTICES, MEMBER_SWIPER_SLIDES, type ArticleEquityRule } from '../../core/membership/member-content'
import type { Db } from '../db/db'
import type { ContentLang } from '../i18n/to-hk'
import { notFound } from '../http/api-error'
import { articleSummaryQuery, toArticleSummaries, type ArticleSummaryQuery, type ArticleSummaryRow } from '../content/article-summary'
import { columnDetail } from '../reading/columns/columns'
import { heldMemberships, tierIcon } from './grants'
import { articleLock, freePart, guestAt, type Viewer } from './paywall'

export const MEMBER_CONTENT_MESSAGES = {
  equityNotFound: '会员权益不存在',
} as const

/** Config key of the industry-revival series' column ids (seed.ts seedIndustryRevival). */
export const INDUSTRY_REVIVAL_KEY = 'industryRevival'

// --- tiers, privileges, expiry -------------------------------------------------------------------------

/** GET /api/vips/v5: each tier on sale at its cheapest spec, gold first. */
export async function vipTiers(db: Db): Promise<VipTier[]> {
  const rows = (await sql<{ tier: VipTier['tier']; name: string; title: string; specs_id: number; price_cents: number; spec_name: string }>`
    SELECT DISTINCT ON (g.id) g.tier, g.name, g.title, s.id AS specs_id, s.price_cents, s.name AS spec_name
    FROM goods g JOIN goods_specs s ON s.goods_id = g.id
    WHERE g.ref_kind = 'membership' AND g.tier IS NOT NULL
    ORDER BY g.id, s.price_cents, s.id`.execute(db.kysely)).rows
  return rows.map((r) => ({ tier: r.tier, name: r.name, title: r.title, icon: tierIcon(r.tier), specsId: Number(r.specs_id), priceCents: Number(r.price_cents), specName: r.spec_name }))
}

/** GET /api/vips-equity/v2: the privileges of membership and the tiers that have them (ours). */
export const VIP_EQUITIES: readonly VipEquity[] = [
  { id: 1, name: '会员专享文章', summary: '机会提醒、宏观策略与产业研究全文阅读', tiers: ['gold', 'platinum', 'ultimate'] },
  { id: 2, name: '付费研报全文', summary: '平台付费研究报告全文免费读', tiers: ['gold', 'platinum', 'ultimate'] },
  { id: 3, name: '核心资产数据', summary: '机构持仓与集中度，一表看清核心资产', tiers: ['gold', 'platinum', 'ultimate'] },
  { id: 4, name: '产业复兴系列', summary: '产业系列专栏的会员文章全文，沿产业链寻找成长', tiers: ['gold', 'platinum', 'ultimate'] },
  { id: 5, name: '专属会员客服', summary: '一对一会员客服，优先解答', tiers: ['platinum', 'ultimate'] },
]

/** GET /api/vips/expiration-date/v2: the tier used now (spec 001 §4 order) and its expiry. */
export async function vipExpiration(db: Db, userId: number, nowSeconds: number): Promise<VipExpiration> {
  const held = await heldMemberships(db.kysely, userId)
  const tier = activeTier(held, nowSeconds * 1000)
  if (tier === null || tier === 'trial') return { tier: null, expireTimestamp: null, remainingDays: null }
  const expire = held.find((h) => h.type === tier)!.expireTimestamp
  const display = membershipDisplay(expire, nowSeconds * 1000)
  return { tier, expireTimestamp: expire, remainingDays: display.kind === 'svip' ? display.remainingDays : null }
}

// --- member articles ---------------------------------------------------------------------------------

type Filter = { channel?: string | undefined; equity?: ArticleEquityRule | undefined; olderThan?: number | undefined }

function vipQuery(db: Db, f: Filter): ArticleSummaryQuery {
  let q = articleSummaryQuery(db).where('a.is_vip', '=', true)
  if (f.channel) q = q.where('a.channel_type', '=', f.channel)
  if (f.equity) {
    const c = equityChannels(f.equity)
    q = 'only' in c ? q.where('a.channel_type', 'in', [...c.only]) : q.where('a.channel_type', 'not in', [...c.except])
  }
  if (f.olderThan !== undefined) q = q.where('a.create_timestamp', '<', f.olderThan)
  return q
}

async function countVip(db: Db, f: Filter): Promise<number> {
  let q = db.kysely.selectFrom('articles as a').select((e) => e.fn.countAll<number>().as('n')).where('a.is_vip', '=', true)
  if (f.channel) q = q.where('a.channel_type', '=', f.channel)
  if (f.equity) {
    const c = equityChannels(f.equity)
    q = 'only' in c ? q.where('a.channel_type', 'in', [...c.only]) : q.where('a.channel_type', 'not in', [...c.except])
  }
  return Number((await q.executeTakeFirst())?.n ?? 0)
}

async function toMemberArticles(db: Db, viewer: Viewer, rows: readonly ArticleSummaryRow[], lang: ContentLang): Promise<MemberArticle[]> {
  const summaries = await toArticleSummaries(db, rows, lang)
  const out: MemberArticle[] = []
  for (const [i, s] of summaries.entries()) {
    const lock = await articleLock(db, viewer, { id: s.id, isVip: s.isVip, columnId: rows[i]!.column_id })
    out.push({ ...s, locked: lock.locked, equityId: equityOfChannel(s.channelType).id })
  }
  return out
}

const newest = (q: ArticleSummaryQuery) => q.orderBy('a.create_timestamp', 'desc').orderBy('a.id', 'desc')

/** Member articles, numbered pages (/api/vips/articles/v3, /article-equities/{id}/articles/v1). */
export async function memberArticlesPage(db: Db, viewer: Viewer, f: Filter, at: { page: number; count: number }, lang: ContentLang): Promise<NumberedPage<MemberArticle>> {
  const total = await countVip(db, f)
  const rows = await newest(vipQuery(db, f)).limit(at.count).offset((at.page - 1) * at.count).execute()
  return numberedPage(await toMemberArticles(db, viewer, rows, lang), { ...at, total })
}

/** Member articles older than a timestamp (/api/vips/articles/v2, /article-equities/…/v2, /articles/v1). */
export async function memberArticlesCursor(db: Db, viewer: Viewer, f: Filter, count: number, lang: ContentLang): Promise<{ list: MemberArticle[]; hasMore: boolean }> {
  const rows = await newest(vipQuery(db, f)).limit(count + 1).execute()
  const page = cursorPage(rows, count, (r) => Number(r.create_timestamp))
  return { list: await toMemberArticles(db, viewer, page.list, lang), hasMore: page.hasMore }
}

/** GET /api/vips-equity/article-equities/v1: the equities with how many member articles each holds. */
export async function articleEquities(db: Db): Promise<ArticleEquity[]> {
  const out: ArticleEquity[] = []
  for (const e of ARTICLE_EQUITIES) out.push({ id: e.id, name: e.name, summary: e.summary, route: e.route, articleCount: await countVip(db, { equity: e }) })
  return out
}

export function requireEquity(id: number): ArticleEquityRule {
  const e = ARTICLE_EQUITIES.find((x) => x.id === id)
  if (!e) throw notFound(MEMBER_CONTENT_MESSAGES.equityNotFound)
  return e
}

/** GET /api/vips/web/v5: the member home — tiers, the slides (newest member articles with a cover), the newest 机会提醒, the equities. */
export async function vipWebHome(db: Db, viewer: Viewer, lang: ContentLang) {
  const slideRows = await newest(vipQuery(db, {}).where('a.cover_url', '!=', '')).limit(MEMBER_SWIPER_SLIDES).execute()
  const swiper: InfoSlide[] = (await toArticleSummaries(db, slideRows, lang)).map((s) => ({
    articleId: s.id, title: s.title, summary: s.summary, coverUrl: s.coverUrl, link: `/news/${s.id}`, createTimestamp: s.createTimestamp,
  }))
  const chance = await memberArticlesPage(db, viewer, { equity: ARTICLE_EQUITIES[0] }, { page: 1, count: MEMBER_CHANCE_NOTICES }, lang)
  return { tiers: await vipTiers(db), swiper, chanceNotices: chance.list, equities: await articleEquities(db) }
}

/** GET /api/vips/trial-articles/v1: member articles with the free part every reader may read (the paywall's cut for this reader). */
export async function trialArticles(db: Db, viewer: Viewer, at: { page: number; count: number }, lang: ContentLang): Promise<NumberedPage<TrialArticle>> {
  const total = await countVip(db, {})
  const rows = await newest(vipQuery(db, {})).select('a.paragraphs').limit(at.count).offset((at.page - 1) * at.count).execute()
  const summaries = await toArticleSummaries(db, rows, lang)
  const list: TrialArticle[] = []
  for (const [i, s] of summaries.entries()) {
    const row = rows[i]!
    const lock = await articleLock(db, viewer, { id: s.id, isVip: s.isVip, columnId: row.column_id })
    list.push({
      id: s.id, title: s.title, summary: s.summary, createTimestamp: s.createTimestamp, author: s.author,
      preview: freePart(row.paragraphs, { locked: true }), locked: lock.locked, ...(lock.specsId !== undefined ? { specsId: lock.specsId } : {}),
    })
  }
  return numberedPage(list, { ...at, total })
}

// --- albums ---------------------------------------------------------------------------------------

async function albumRows(db: Db, columnId: number) {
  return db.kysely.selectFrom('articles').select(['id', 'title', 'summary', 'create_timestamp', 'is_vip', 'column_id'])
    .where('column_id', '=', columnId).orderBy('create_timestamp', 'asc').orderBy('id', 'asc').execute()
}

async function contentOf(db: Db, viewer: Viewer, r: Awaited<ReturnType<typeof albumRows>>[number]): Promise<AlbumContent> {
  const lock = await articleLock(db, viewer, { id: r.id, isVip: r.is_vip, columnId: r.column_id })
  return { id: r.id, title: r.title, summary: r.summary, createTimestamp: Number(r.create_timestamp), isVip: r.is_vip, locked: lock.locked, ...(lock.specsId !== undefined ? { specsId: lock.specsId } : {}) }
}

/** GET /api/albums/{id}/v1: the column as an album, its sale and whether this reader reads it all. */
export async function albumOf(db: Db, viewer: Viewer, id: number): Promise<Album> {
  const c = await columnDetail(db, id)
  const rows = await albumRows(db, id)
  let trialCount = 0
  let fullAccess = true
  for (const r of rows) {
    if (!(await contentOf(db, guestAt(viewer.nowSeconds), r)).locked) trialCount++
    if ((await contentOf(db, viewer, r)).locked) fullAccess = false
  }
  const price = c.specsId === undefined ? undefined : (await sql<{ price_cents: number }>`SELECT price_cents FROM goods_specs WHERE id = ${c.specsId}`.execute(db.kysely)).rows[0]
  return {
    id: c.id, name: c.name, brief: c.brief, coverUrl: c.coverUrl, author: c.author, articleCount: rows.length, trialCount, fullAccess,
    ...(c.specsId !== undefined && price ? { specsId: c.specsId, priceCents: Number(price.price_cents) } : {}),
  }
}

/** GET /api/albums/{id}/all-content/v1: every article in order, each with this reader's lock. */
export async function albumAllContent(db: Db, viewer: Viewer, id: number, at: { page: number; count: number }): Promise<NumberedPage<AlbumContent>> {
  await columnDetail(db, id)
  const rows = await albumRows(db, id)
  const slice = rows.slice((at.page - 1) * at.count, at.page * at.count)
  const list: AlbumContent[] = []
  for (const r of slice) list.push(await contentOf(db, viewer, r))
  return numberedPage(list, { ...at, total: rows.length })
}

/** GET /api/albums/{id}/trial-content/v1: the articles a reader with no membership and no purchase reads whole. */
export async function albumTrialContent(db: Db, nowSeconds: number, id: number): Promise<AlbumContent[]> {
  await columnDetail(db, id)
  const out: AlbumContent[] = []
  for (const r of await albumRows(db, id)) {
    const c = await contentOf(db, guestAt(nowSeconds), r)
    if (!c.locked) out.push(c)
  }
  return out
}

/** GET /api/shop-columns/v3 (limit): the columns on sale, at their cheapest spec. */
export async function shopColumns(db: Db, limit: number): Promise<ShopColumn[]> {
  const rows = (await sql<{ column_id: number; specs_id: number; price_cents: number; link: string }>`
    SELECT DISTINCT ON (g.ref_id) g.ref_id AS column_id, s.id AS specs_id, s.price_cents, g.link
    FROM goods g JOIN goods_specs s ON s.goods_id = g.id WHERE g.ref_kind = 'column'
    ORDER BY g.ref_id, s.price_cents, s.id LIMIT ${limit}`.execute(db.kysely)).rows
  const out: ShopColumn[] = []
  for (const r of rows) {
    const c = await columnDetail(db, Number(r.column_id))
    out.push({ id: c.id, name: c.name, brief: c.brief, coverUrl: c.coverUrl, author: c.author, articleCount: c.articleCount, specsId: Number(r.specs_id), priceCents: Number(r.price_cents), link: r.link })
  }
  return out
}

/** GET /api/black-gold/industry-revival/v1: the series and its albums (config 'industryRevival'). */
export async function industryRevival(db: Db, viewer: Viewer): Promise<IndustryRevival> {
  const row = await db.kysely.selectFrom('config').select('value').where('key', '=', INDUSTRY_REVIVAL_KEY).executeTakeFirst()
  const ids = Array.isArray(row?.value) ? row.value.filter((x): x is number => typeof x === 'number') : []
  const albums: Album[] = []
  for (const id of ids) albums.push(await albumOf(db, viewer, id))
  return { title: INDUSTRY_REVIVAL.title, summary: INDUSTRY_REVIVAL.summary, albums }
}
