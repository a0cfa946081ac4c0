// spec 000 §7 'Home and content': the endpoints of the first pages (home feed, news, live, config, logs).
import * as Schema from 'effect/Schema'
import { endpoint, SHORT_TIMEOUT_MS, LONG_TIMEOUT_MS } from './endpoint'
import { Page } from './page'
import { Author, BoolFromString, CountFromString, IdFromString, IntFromString, MAX_ID, Seconds, Text } from './common'

/** Public content may be reused by the server for a second: a feed a second old is still fresh. */
const PUBLIC = 1_000

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

export const listChannels = endpoint({
  name: 'channels.list',
  publicMaxAgeMs: PUBLIC,
  path: '/api/channels/v3',
  result: Schema.Array(Channel),
})

/** spec 000 §7: /api/channels/{type}/articles/v8 (timestamp, loaded; 5 s timeout). `home` is the home feed. */
export const channelArticles = endpoint({
  name: 'channels.articles',
  publicMaxAgeMs: PUBLIC,
  path: '/api/channels/{type}/articles/v8',
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

export const newsFilterLabels = endpoint({
  name: 'news.filterLabels',
  publicMaxAgeMs: PUBLIC,
  path: '/api/news/type/filterLabel',
  result: Schema.Array(NewsType),
})

/** spec 000 §7: /api/news/list/v2 (page, limit) */
export const newsListPage = endpoint({
  name: 'news.listPage',
  publicMaxAgeMs: PUBLIC,
  path: '/api/news/list/v2',
  query: Schema.Struct({
    page: Schema.optional(IdFromString),
    limit: Schema.optional(CountFromString),
    type: Schema.optional(Text(32)),
  }),
  result: Page(ArticleSummary),
})

/** spec 000 §7: /api/news (timestamp, count, type) — cursor paging */
export const newsList = endpoint({
  name: 'news.list',
  publicMaxAgeMs: PUBLIC,
  path: '/api/news',
  query: Schema.Struct({
    timestamp: Schema.optional(IntFromString),
    count: Schema.optional(CountFromString),
    type: Schema.optional(Text(32)),
  }),
  result: Page(ArticleSummary),
})

/** Not publicly cached: a member's answer holds what a guest's must not (issue 13, the paywall). */
export const newsDetail = endpoint({
  name: 'news.detail',
  path: '/api/news/{id}/v3',
  params: Schema.Struct({ id: IdFromString }),
  result: ArticleDetail,
})

// --- live flashes ---------------------------------------------------------------------------

/** spec 000 §7: /api/live-channels/all/lives (onlyShowImportant, limit, liveId, timestamp) */
export const allLives = endpoint({
  name: 'live.all',
  publicMaxAgeMs: PUBLIC,
  path: '/api/live-channels/all/lives',
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

export const liveDetail = endpoint({
  name: 'live.detail',
  publicMaxAgeMs: PUBLIC,
  path: '/api/live/{id}/v1',
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

export const siteConfig = endpoint({
  name: 'config.get',
  publicMaxAgeMs: PUBLIC,
  path: '/api/config/info/configs/v2',
  result: SiteConfig,
})

/** spec 000 §7: logs by POST /s/ with fileDate, logArray, logPageNo, expecting the text 'well done'. */
export const sendLogs = endpoint({
  name: 'logs.send',
  method: 'POST',
  path: '/s/',
  // issue 9: a log batch is small; 16 KiB keeps one request from writing megabytes
  maxBodyBytes: 16 * 1024,
  body: Schema.Struct({
    fileDate: Text(32),
    logArray: Schema.Array(Text(4000)).check(Schema.isMaxLength(200)),
    logPageNo: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(MAX_ID)),
  }),
  responseKind: 'text',
})
