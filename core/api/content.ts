// spec 000 §7 'Home and content': the endpoints of the first pages (home feed, news, live, config, logs).
import * as Schema from 'effect/Schema'
import { get, publicGet, post, SHORT_TIMEOUT_MS, LONG_TIMEOUT_MS } from './endpoint'
import { Page, PageQuery } from './page'
import { Author, BoolFromString, CountFromString, IdFromString, IntFromString, MAX_ID, Seconds, Text } from './common'

export const Channel = Schema.Struct({
  id: Schema.Number,
  /** URL slug used by /tag/{type} and /api/channels/{type}/articles/v8 */
  type: Schema.String,
  name: Schema.String,
  sort: Schema.Number,
})
export type Channel = typeof Channel.Type

export const StockRef = Schema.Struct({ id: Schema.String, name: Schema.String })

export const ArticleSummary = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  coverUrl: Schema.String,
  channelType: Schema.String,
  channelName: Schema.String,
  author: Author,
  tags: Schema.Array(Schema.String),
  stocks: Schema.Array(StockRef),
  createTimestamp: Seconds,
  readCount: Schema.Number,
  isVip: Schema.Boolean,
})
export type ArticleSummary = typeof ArticleSummary.Type

export const ArticleDetail = Schema.Struct({
  ...ArticleSummary.fields,
  /** Body as a list of paragraphs (plain text): rendered as <p>, never as raw HTML. */
  paragraphs: Schema.Array(Schema.String),
  source: Schema.String,
  related: Schema.Array(ArticleSummary),
  /** issue 13 (paywall): true when `paragraphs` is only the free part (the client shows the buy prompt) */
  locked: Schema.optional(Schema.Boolean),
  /** the purchase spec offered to a locked reader (spec 001 §3 specsId), when one is on sale */
  specsId: Schema.optional(Schema.Number),
})
export type ArticleDetail = typeof ArticleDetail.Type

export const LiveFlash = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  content: Schema.String,
  important: Schema.Boolean,
  channel: Schema.String,
  stocks: Schema.Array(StockRef),
  createTimestamp: Seconds,
})
export type LiveFlash = typeof LiveFlash.Type


// --- channels -------------------------------------------------------------------------------

export const listChannels = publicGet('channels.list', '/api/channels/v3', { result: Schema.Array(Channel) })

/** spec 000 §7: /api/channels/{type}/articles/v8 (timestamp, loaded; 5 s timeout). `home` is the home feed. */
export const channelArticles = publicGet('channels.articles', '/api/channels/{type}/articles/v8', {
  timeoutMs: SHORT_TIMEOUT_MS,
  params: Schema.Struct({ type: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,32}$/)) }),
  query: Schema.Struct({
    /** cursor: createTimestamp of the last item shown; omitted for the first page */
    timestamp: Schema.optional(IntFromString),
    /** how many items are loaded so far */
    loaded: Schema.optional(IntFromString),
    count: Schema.optional(CountFromString),
  }),
  result: Page(ArticleSummary),
})

// --- news -----------------------------------------------------------------------------------

export const NewsType = Schema.Struct({ type: Schema.String, name: Schema.String })

export const newsFilterLabels = publicGet('news.filterLabels', '/api/news/type/filterLabel', { result: Schema.Array(NewsType) })

/** spec 000 §7: /api/news/list/v2 (page, limit) */
export const newsListPage = publicGet('news.listPage', '/api/news/list/v2', {
  query: Schema.Struct({
    page: Schema.optional(IdFromString),
    limit: Schema.optional(CountFromString),
    type: Schema.optional(Text(32)),
  }),
  result: Page(ArticleSummary),
})

/** spec 000 §7: /api/news (timestamp, count, type) — cursor paging */
export const newsList = publicGet('news.list', '/api/news', {
  query: Schema.Struct({
    timestamp: Schema.optional(IntFromString),
    count: Schema.optional(CountFromString),
    type: Schema.optional(Text(32)),
  }),
  result: Page(ArticleSummary),
})

/** Not publicly cached: a member's answer holds what a guest's must not (issue 13, the paywall). */
export const newsDetail = get('news.detail', '/api/news/{id}/v3', { params: Schema.Struct({ id: IdFromString }), result: ArticleDetail })

// --- live flashes ---------------------------------------------------------------------------

/** spec 000 §7: /api/live-channels/all/lives (onlyShowImportant, limit, liveId, timestamp) */
export const allLives = publicGet('live.all', '/api/live-channels/all/lives', {
  timeoutMs: LONG_TIMEOUT_MS,
  query: Schema.Struct({
    onlyShowImportant: Schema.optional(BoolFromString),
    limit: Schema.optional(CountFromString),
    /** cursor: id of the last flash shown (older ones follow) */
    liveId: Schema.optional(IdFromString),
    /** newer-than: return only flashes created after this second (polling for new ones) */
    timestamp: Schema.optional(IntFromString),
  }),
  result: Page(LiveFlash),
})

export const liveDetail = publicGet('live.detail', '/api/live/{id}/v1', {
  params: Schema.Struct({ id: IdFromString }),
  result: Schema.Struct({ flash: LiveFlash, previous: Schema.NullOr(LiveFlash), next: Schema.NullOr(LiveFlash) }),
})

// --- config and logs ------------------------------------------------------------------------

export const SiteConfig = Schema.Struct({
  /** spec 000 §6: VIP display flag adds the member entry and purchases menu */
  vipDisplay: Schema.Boolean,
  /**
   * spec 001 §2: the premium-shop flag shows the purchases and coupons entries of the personal area.
   * Optional: a server from before it (a client meeting an older deployment) means off, not a broken config.
   */
  premiumShop: Schema.optional(Schema.Boolean),
  /** spec 000 §3: comma-separated */
  trendingSearchKeywords: Schema.String,
  externalDataUrl: Schema.String,
  /**
   * issue 24: the prices are simulated (an operator's declared demo, MARKET_DEMO=1, with no market feed):
   * every page says so. Optional: absent means real prices.
   */
  simulatedPrices: Schema.optional(Schema.Boolean),
})
export type SiteConfig = typeof SiteConfig.Type

export const siteConfig = publicGet('config.get', '/api/config/info/configs/v2', { result: SiteConfig })

/** spec 000 §7: logs by POST /s/ with fileDate, logArray, logPageNo, expecting the text 'well done'. */
export const sendLogs = post('logs.send', '/s/', {
  // issue 9: a log batch is small; 16 KiB keeps one request from writing megabytes
  maxBodyBytes: 16 * 1024,
  body: Schema.Struct({
    fileDate: Text(32),
    logArray: Schema.Array(Text(4000)).check(Schema.isMaxLength(200)),
    logPageNo: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(MAX_ID)),
  }),
  responseKind: 'text',
})

// --- one channel ----------------------------------------------------------------------------

export const ChannelDetail = Schema.Struct({
  ...Channel.fields,
  /** how many articles the channel holds */
  articleCount: Schema.Number,
  /** seconds: the newest article's time; null for a channel with none yet */
  latestTimestamp: Schema.NullOr(Seconds),
  /** the channel's sub-channels (spec 000 §7 /api/channels/subChannels/v1), in order */
  subChannels: Schema.Array(Schema.Struct({ type: Schema.String, name: Schema.String })),
})
export type ChannelDetail = typeof ChannelDetail.Type

/** spec 000 §7: /api/channels/{id}/v1 — one channel by its id (/tag/{type} shows it above the feed). */
export const channelDetail = publicGet('channels.detail', '/api/channels/{id}/v1', {
  params: Schema.Struct({ id: IdFromString }),
  result: ChannelDetail,
})

// --- live channels (the flashes of one channel) ---------------------------------------------

/** A live channel: the flashes of one market or kind (core/content/live-channels.ts seeds them). */
export const LiveChannel = Schema.Struct({ id: Schema.Number, channel: Schema.String, name: Schema.String })
export type LiveChannel = typeof LiveChannel.Type

/** spec 000 §9: the live list filter is all or important. */
export const LIVE_CATEGORIES = ['all', 'important'] as const
export type LiveCategory = (typeof LIVE_CATEGORIES)[number]

export const LiveChannelPage = Schema.Struct({ ...Page(LiveFlash).fields, channel: LiveChannel })
export type LiveChannelPage = typeof LiveChannelPage.Type

/** spec 000 §7: /api/live-channels/{id}/lives (liveId, limit) — the flashes of one live channel, newest first. */
export const liveChannelLives = publicGet('live.channelLives', '/api/live-channels/{id}/lives', {
  timeoutMs: LONG_TIMEOUT_MS,
  params: Schema.Struct({ id: IdFromString }),
  query: Schema.Struct({
    /** cursor: id of the last flash shown (older ones follow) */
    liveId: Schema.optional(IdFromString),
    limit: Schema.optional(CountFromString),
  }),
  result: LiveChannelPage,
})

/**
 * spec 000 §7: /api/live-channels/{channel}/lives/v4 (category, liveId, limit, timestamp; 25 s timeout) —
 * the /live page's list: `channel` is a live channel's slug or `all`, `category` all or important.
 */
export const liveChannelLivesV4 = publicGet('live.channelLivesV4', '/api/live-channels/{channel}/lives/v4', {
  timeoutMs: LONG_TIMEOUT_MS,
  params: Schema.Struct({ channel: Schema.String.check(Schema.isPattern(/^[a-z]{1,16}$/)) }),
  query: Schema.Struct({
    category: Schema.optional(Schema.Literals(LIVE_CATEGORIES)),
    liveId: Schema.optional(IdFromString),
    limit: Schema.optional(CountFromString),
    /** newer-than: only flashes created after this second (polling for new ones) */
    timestamp: Schema.optional(IntFromString),
  }),
  result: LiveChannelPage,
})

// --- the epidemic data (NCP) ----------------------------------------------------------------

export const NcpRegion = Schema.Struct({
  name: Schema.String,
  confirmed: Schema.Number,
  cured: Schema.Number,
  dead: Schema.Number,
})
export type NcpRegion = typeof NcpRegion.Type

export const NcpData = Schema.Struct({
  /** seconds: when the figures were last updated */
  updateTimestamp: Seconds,
  source: Schema.String,
  regions: Schema.Array(NcpRegion),
})
export type NcpData = typeof NcpData.Type

/** spec 000 §7 'Other': /api/NCP_data — the novel coronavirus pneumonia (NCP) figures by region, as seeded. */
export const ncpData = publicGet('ncp.data', '/api/NCP_data', { result: NcpData })

// --- opportunity reminders ------------------------------------------------------------------

/** The kinds of reminder, as the list labels them. */
export const OPPORTUNITY_KINDS = ['earnings', 'ipo', 'dividend', 'buyback', 'rating'] as const
export type OpportunityKind = (typeof OPPORTUNITY_KINDS)[number]

export const OpportunityRemind = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literals(OPPORTUNITY_KINDS),
  title: Schema.String,
  content: Schema.String,
  stocks: Schema.Array(StockRef),
  /** seconds: when the event happens (a results day, a listing, an ex-dividend day) */
  eventTimestamp: Seconds,
  createTimestamp: Seconds,
})
export type OpportunityRemind = typeof OpportunityRemind.Type

/** spec 000 §7 'Other': /api/opportunityRemind/list/v1 — opportunity reminders, newest first (page, count). */
export const opportunityRemindList = publicGet('opportunityRemind.list', '/api/opportunityRemind/list/v1', {
  query: PageQuery,
  result: Page(OpportunityRemind),
})
