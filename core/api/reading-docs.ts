// spec 000 §7: named documents and agreements ('Other'), deep research reports, the news filter list.
import * as Schema from 'effect/Schema'
import { get, publicGet, SHORT_TIMEOUT_MS } from './endpoint'
import { CountFromString, IdFromString, IntFromString, Seconds, Text } from './common'
import { ArticleSummary, StockRef } from './content'
import { SubjectCard } from './reading-columns'
import { Page, PageQuery } from './page'
import { Agreement } from './order'
import { DOCUMENT_NAME_PATTERN } from '../reading/docs/document-names'

// --- named documents and agreements ---------------------------------------------------------

/** A block of a document (core/reading/docs/blocks.ts): plain text, rendered as text, never HTML. */
export const DocBlock = Schema.Struct({ kind: Schema.Literals(['heading', 'paragraph', 'item']), text: Schema.String })
export type DocBlock = typeof DocBlock.Type

export const DocumentName = Schema.String.check(Schema.isPattern(DOCUMENT_NAME_PATTERN))

export const NamedDocument = Schema.Struct({
  name: Schema.String,
  title: Schema.String,
  /** last revision, seconds */
  updateTimestamp: Seconds,
  /** the body with every known {{key}} filled */
  blocks: Schema.Array(DocBlock),
})
export type NamedDocument = typeof NamedDocument.Type

/** spec 000 §7: "Documents can be fetched by name; a body has {{key}} placeholders replaced by parameters." */
export const documentByName = publicGet('documents.byName', '/api/documents/{name}', {
  params: Schema.Struct({ name: DocumentName }),
  result: NamedDocument,
})

/** spec 001 §3 'Agreement' (core/api/order.ts): id, title, paramMap — here with the filled document. */
export const AgreementDocument = Schema.Struct({
  ...Agreement.fields,
  paramMap: Schema.Record(Schema.String, Schema.String),
  blocks: Schema.Array(DocBlock),
})
export type AgreementDocument = typeof AgreementDocument.Type

/** spec 000 §7: /api/agreements/route/{id}/v1 — the agreements a purchase route asks the reader to sign. */
export const routeAgreements = publicGet('agreements.route', '/api/agreements/route/{id}/v1', {
  params: Schema.Struct({ id: IdFromString }),
  result: Schema.Array(AgreementDocument),
})

// --- deep research reports ------------------------------------------------------------------

export const ResearchReport = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  institution: Schema.String,
  analyst: Schema.String,
  /** 买入, 增持, 中性… */
  rating: Schema.String,
  coverUrl: Schema.String,
  stocks: Schema.Array(StockRef),
  isPay: Schema.Boolean,
  /** integer cents; 0 when free */
  priceCents: Schema.Number,
  pages: Schema.Number,
  createTimestamp: Seconds,
  readCount: Schema.Number,
})
export type ResearchReport = typeof ResearchReport.Type

export const ResearchReportDetail = Schema.Struct({
  ...ResearchReport.fields,
  /** plain-text paragraphs; for a paid report only the preview */
  paragraphs: Schema.Array(Schema.String),
  /** true when the paragraphs are a preview of a paid report */
  locked: Schema.Boolean,
  /** the purchase spec offered to a locked reader (spec 001 §3 specsId), when one is on sale */
  specsId: Schema.optional(Schema.Number),
  related: Schema.Array(ResearchReport),
})
export type ResearchReportDetail = typeof ResearchReportDetail.Type

const GroupParams = Schema.Struct({ groupId: IdFromString })

/** spec 000 §7: /api/research-report-groups/1/free-research-reports */
export const freeResearchReports = publicGet('research.free', '/api/research-report-groups/{groupId}/free-research-reports', {
  params: GroupParams,
  query: PageQuery,
  result: Page(ResearchReport),
})

/** spec 000 §7: /api/research-report-groups/1/pay-research-reports (createTimestamp) — cursor paging */
export const payResearchReports = publicGet('research.pay', '/api/research-report-groups/{groupId}/pay-research-reports', {
  params: GroupParams,
  query: Schema.Struct({
    /** cursor: createTimestamp of the last report shown; older ones follow */
    createTimestamp: Schema.optional(IntFromString),
    count: Schema.optional(CountFromString),
  }),
  result: Page(ResearchReport),
})

/** spec 000 §7 (/rss-detail/{id}): /data/api/rss/detail (id) */
/** Not publicly cached: a buyer's answer holds what a guest's must not (issue 13, the paywall). */
export const rssDetail = get('research.detail', '/data/api/rss/detail', { query: Schema.Struct({ id: IdFromString }), result: ResearchReportDetail })

// --- news filter list -----------------------------------------------------------------------

/** `YYYY-MM-DD`: news created on that day (Beijing time) or before. */
export const DateString = Schema.String.check(Schema.isPattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/))

/** spec 000 §7: /api/news/filter/list (createDate, count, type; 5 s timeout); `page` picks a page of /news/page/{id}. */
/** A news label's type in /api/news/filter/list (the labels' own `type`). */
export const NewsType = Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,32}$/))

export const newsFilterList = publicGet('news.filterList', '/api/news/filter/list', {
  timeoutMs: SHORT_TIMEOUT_MS,
  query: Schema.Struct({
    createDate: Schema.optional(DateString),
    count: Schema.optional(CountFromString),
    type: Schema.optional(NewsType),
    page: Schema.optional(IdFromString),
  }),
  result: Schema.Struct({ ...Page(ArticleSummary).fields, total: Schema.Number, page: Schema.Number, pageCount: Schema.Number }),
})

// --- home extras (spec 000 §7 'Home and content', 'Other'; §9 advertisement position 23) ---------

/** A channel slug as in /tag/{type}; `home` is the home page. */
export const ChannelType = Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,32}$/))

export const SubChannel = Schema.Struct({ id: Schema.Number, parentType: Schema.String, type: Schema.String, name: Schema.String, sort: Schema.Number })
export type SubChannel = typeof SubChannel.Type

/** spec 000 §7: /api/channels/subChannels/v1 — the sub-channels of one channel (`type`), or of all */
export const subChannels = publicGet('channels.subChannels', '/api/channels/subChannels/v1', {
  query: Schema.Struct({ type: Schema.optional(ChannelType) }),
  result: Schema.Array(SubChannel),
})

export const Banner = Schema.Struct({ id: Schema.Number, title: Schema.String, imageUrl: Schema.String, link: Schema.String })
export type Banner = typeof Banner.Type

/** spec 000 §7: /api/channels/{type}/banner — the carousel of a channel (`home` for the home page) */
export const channelBanner = publicGet('channels.banner', '/api/channels/{type}/banner', {
  params: Schema.Struct({ type: ChannelType }),
  result: Schema.Array(Banner),
})

/** spec 000 §7: /api/recommend/article/getList (channel optional; 5 s timeout) — the most read recent articles */
export const recommendArticles = publicGet('recommend.articles', '/api/recommend/article/getList', {
  timeoutMs: SHORT_TIMEOUT_MS,
  query: Schema.Struct({ channel: Schema.optional(ChannelType), count: Schema.optional(CountFromString) }),
  result: Schema.Array(ArticleSummary),
})

export const Ad = Schema.Struct({
  id: Schema.Number,
  /** the ad slot; 23 is the site-wide one (spec 000 §9) */
  position: Schema.Number,
  showType: Schema.Number,
  title: Schema.String,
  brief: Schema.String,
  advertiser: Schema.String,
  /** a generated picture served by this server */
  imageUrl: Schema.String,
  link: Schema.String,
})
export type Ad = typeof Ad.Type

/** spec 000 §7: /adapi/ad/home-page (rendom) — the home page ads; `rendom` rotates which comes first */
export const homePageAds = get('ads.homePage', '/adapi/ad/home-page', {
  query: Schema.Struct({ rendom: Schema.optional(IntFromString) }),
  result: Schema.Array(Ad),
})

/** spec 000 §7: /adapi/ad/web (showType) */
export const webAds = publicGet('ads.web', '/adapi/ad/web', { query: Schema.Struct({ showType: IdFromString }), result: Schema.Array(Ad) })

/** spec 000 §7: /adapi/ad/key-srv/{id} — the ads of one slot (position) */
export const slotAds = publicGet('ads.keySrv', '/adapi/ad/key-srv/{id}', { params: Schema.Struct({ id: IdFromString }), result: Schema.Array(Ad) })

export const FeaturedHead = Schema.Struct({ id: Schema.Number, title: Schema.String, brief: Schema.String, imageUrl: Schema.String, articleCount: Schema.Number })
export type FeaturedHead = typeof FeaturedHead.Type

/** spec 000 §7: /api/featured/all/head */
export const featuredHeads = publicGet('featured.allHeads', '/api/featured/all/head', { result: Schema.Array(FeaturedHead) })

/** spec 000 §7: /api/featured/head/{id} — one head with its articles */
export const featuredHead = publicGet('featured.head', '/api/featured/head/{id}', {
  params: Schema.Struct({ id: IdFromString }),
  result: Schema.Struct({ ...FeaturedHead.fields, articles: Schema.Array(ArticleSummary) }),
})

/** spec 000 §7: /api/featured/list/selectedContent (page, count) — the editors' selected articles */
export const featuredSelected = publicGet('featured.selected', '/api/featured/list/selectedContent', {
  query: PageQuery,
  result: Page(ArticleSummary),
})

// --- subject search (spec 000 §7 'Subjects and hotspots': /api/subject/search/v1) --------------

export const SUBJECT_SEARCH_PAGE_SIZE = 10
export const SubjectHit = SubjectCard
export type SubjectHit = typeof SubjectHit.Type

/** spec 000 §7: /api/subject/search/v1 (keyword, page, count) — subjects whose title or brief holds the keyword */
export const subjectSearch = publicGet('subjects.search', '/api/subject/search/v1', {
  query: Schema.Struct({
    /** trimmed by the server; blank answers 400 */
    keyword: Text(50),
    page: Schema.optional(IdFromString),
    count: Schema.optional(CountFromString),
  }),
  result: Page(SubjectHit),
})
