// spec 001 §7 'Membership and purchase': the member area's reads — the membership tiers and
// privileges (/api/vips*, /api/vips-equity*), member articles and their equities, albums (a column
// read as an album: /api/albums/{id}/v1, all-content, trial-content), the shop's columns and the older
// goods lists. The spec names the paths and a few parameters (limit; loaded default 15, timestamp;
// specsId, onlyVip); the fields are ours. What a reader may read is the server's paywall
// (server/membership/paywall.ts): `locked` says the reader sees only the free part.
import * as Schema from 'effect/Schema'
import { Author, BoolFromString, CountFromString, IdFromString, IntFromString, Seconds } from './common'
import { ArticleSummary } from './content'
import { get, publicGet } from './endpoint'
import { GoodsByType } from './order'
import { ColumnCard } from './reading-columns'
import { Page, PageQuery, CursorQuery } from './page'

export const Tier = Schema.Literals(['gold', 'platinum', 'ultimate'])

/** A membership tier on sale, at its cheapest spec (/api/vips/v5). */
export const VipTier = Schema.Struct({
  tier: Tier,
  name: Schema.String,
  title: Schema.String,
  icon: Schema.String,
  specsId: Schema.Number,
  /** cents, of the cheapest spec */
  priceCents: Schema.Number,
  specName: Schema.String,
})
export type VipTier = typeof VipTier.Type

/** A member article: the summary, and whether this reader sees only its free part. */
export const MemberArticle = Schema.Struct({
  ...ArticleSummary.fields,
  locked: Schema.Boolean,
  /** the equity (kind) it belongs to */
  equityId: Schema.Number,
})
export type MemberArticle = typeof MemberArticle.Type

/** An article equity (spec 001 §7 article-equities): core/membership/member-content.ts ARTICLE_EQUITIES. */
export const ArticleEquity = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  summary: Schema.String,
  route: Schema.String,
  articleCount: Schema.Number,
})
export type ArticleEquity = typeof ArticleEquity.Type

/** A slide of the member home's carousel (/member/infoSwiper). */
export const InfoSlide = Schema.Struct({
  articleId: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  coverUrl: Schema.String,
  link: Schema.String,
  createTimestamp: Seconds,
})
export type InfoSlide = typeof InfoSlide.Type

/** A privilege of membership, with the tiers that have it (/api/vips-equity/v2). */
export const VipEquity = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  summary: Schema.String,
  tiers: Schema.Array(Tier),
})
export type VipEquity = typeof VipEquity.Type

/** An album: a column read in order, with what its sale and the reader's access are. */
export const Album = Schema.Struct({
  ...ColumnCard.fields,
  /** articles a reader without membership or purchase reads whole */
  trialCount: Schema.Number,
  /** the column's subscription on sale, when it is sold */
  specsId: Schema.optional(Schema.Number),
  priceCents: Schema.optional(Schema.Number),
  /** whether this reader reads every article whole */
  fullAccess: Schema.Boolean,
})
export type Album = typeof Album.Type

/** One article of an album. */
export const AlbumContent = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  createTimestamp: Seconds,
  isVip: Schema.Boolean,
  locked: Schema.Boolean,
  /** the spec that unlocks it, when one is on sale */
  specsId: Schema.optional(Schema.Number),
})
export type AlbumContent = typeof AlbumContent.Type

/** A trial article: the free paragraphs a reader without membership reads (the paywall's free part). */
export const TrialArticle = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  createTimestamp: Seconds,
  author: Author,
  preview: Schema.Array(Schema.String),
  locked: Schema.Boolean,
  specsId: Schema.optional(Schema.Number),
})
export type TrialArticle = typeof TrialArticle.Type

/** A column on sale in the shop (/api/shop-columns/v3). */
export const ShopColumn = Schema.Struct({
  ...ColumnCard.fields,
  specsId: Schema.Number,
  priceCents: Schema.Number,
  link: Schema.String,
})
export type ShopColumn = typeof ShopColumn.Type

/** The reader's membership expiry (/api/vips/expiration-date/v2); tier null when none is held now. */
export const VipExpiration = Schema.Struct({
  tier: Schema.NullOr(Tier),
  expireTimestamp: Schema.NullOr(Seconds),
  /** spec 001 §3: remaining days rounded up */
  remainingDays: Schema.NullOr(Schema.Number),
})
export type VipExpiration = typeof VipExpiration.Type

/** The member home of the web (/api/vips/web/v5). */
export const VipWebHome = Schema.Struct({
  tiers: Schema.Array(VipTier),
  swiper: Schema.Array(InfoSlide),
  chanceNotices: Schema.Array(MemberArticle),
  equities: Schema.Array(ArticleEquity),
})
export type VipWebHome = typeof VipWebHome.Type

/** The 黑金 industry-revival series (/black-gold/industry-revival/intro): ours, on the web home call's sibling. */
export const IndustryRevival = Schema.Struct({
  title: Schema.String,
  summary: Schema.String,
  albums: Schema.Array(Album),
})
export type IndustryRevival = typeof IndustryRevival.Type

const ChannelParam = Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,32}$/))
const IdParams = Schema.Struct({ id: IdFromString })

// --- /api/vips* ---------------------------------------------------------------------------------

export const vips = publicGet('vips.tiers', '/api/vips/v5', { result: Schema.Array(VipTier) })
export const vipsWeb = get('vips.web', '/api/vips/web/v5', { result: VipWebHome })
export const vipsEquity = publicGet('vipsEquity.list', '/api/vips-equity/v2', { result: Schema.Array(VipEquity) })

/** member articles, numbered pages, of one channel or all */
export const vipArticles = get('vips.articles', '/api/vips/articles/v3', {
  query: Schema.Struct({ ...PageQuery.fields, channel: Schema.optional(ChannelParam) }),
  result: Page(MemberArticle),
})
/** member articles by cursor (older than timestamp) */
export const vipArticlesV2 = get('vips.articlesV2', '/api/vips/articles/v2', { query: CursorQuery, result: Page(MemberArticle) })
export const vipExpiration = get('vips.expirationDate', '/api/vips/expiration-date/v2', { result: VipExpiration })
export const vipTrialArticles = get('vips.trialArticles', '/api/vips/trial-articles/v1', { query: PageQuery, result: Page(TrialArticle) })

// --- /api/vips-equity/article-equities* ---------------------------------------------------------------

export const articleEquities = publicGet('vipsEquity.articleEquities', '/api/vips-equity/article-equities/v1', { result: Schema.Array(ArticleEquity) })
export const equityArticles = get('vipsEquity.equityArticles', '/api/vips-equity/article-equities/{id}/articles/v1', {
  params: IdParams,
  query: PageQuery,
  result: Page(MemberArticle),
})
export const equityArticlesV2 = get('vipsEquity.equityArticlesV2', '/api/vips-equity/article-equities/{id}/articles/v2', {
  params: IdParams,
  query: CursorQuery,
  result: Page(MemberArticle),
})
/** spec 001 §7: every equity's articles (loaded default 15, timestamp) */
export const allEquityArticles = get('vipsEquity.allArticles', '/api/vips-equity/article-equities/articles/v1', {
  query: Schema.Struct({ timestamp: Schema.optional(IntFromString), loaded: Schema.optional(CountFromString) }),
  result: Page(MemberArticle),
})

// --- albums, the shop's columns, the industry-revival series ---------------------------------------

export const album = get('albums.detail', '/api/albums/{id}/v1', { params: IdParams, result: Album })
export const albumAllContent = get('albums.allContent', '/api/albums/{id}/all-content/v1', { params: IdParams, query: PageQuery, result: Page(AlbumContent) })
export const albumTrialContent = get('albums.trialContent', '/api/albums/{id}/trial-content/v1', { params: IdParams, result: Schema.Array(AlbumContent) })
export const shopColumns = publicGet('shopColumns.list', '/api/shop-columns/v3', {
  query: Schema.Struct({ limit: Schema.optional(CountFromString.check(Schema.isLessThanOrEqualTo(50))) }),
  result: Schema.Array(ShopColumn),
})
/** ours: the series of /black-gold/industry-revival/intro (the spec names the page, not its call) */
export const industryRevival = get('blackGold.industryRevival', '/api/black-gold/industry-revival/v1', { result: IndustryRevival })

// --- the older goods lists (spec 001 §7: goods-list/v1, web/goods-list/v1; v7 is core/api/order.ts) ---

const GoodsQuery = Schema.Struct({ specsId: Schema.optional(IdFromString), onlyVip: Schema.optional(BoolFromString) })
export const goodsListV1 = get('purchase.goodsListV1', '/api/purchase/goods-list/v1', { query: GoodsQuery, result: GoodsByType })
export const webGoodsList = get('purchase.webGoodsList', '/api/purchase/web/goods-list/v1', { query: GoodsQuery, result: GoodsByType })
