// spec 000 §7 'Search': the search endpoints, with the result groups of spec 000 §3 (searchPost,
// searchLive, searchStock, searchUser, searchPortfolio, searchFinancialCircle, each with a list).
// Matches are marked by ranges into the text ([start, end) in UTF-16 units), never by HTML.
import * as Schema from 'effect/Schema'
import { get, publicGet } from './endpoint'
import { Page } from './page'
import { KEYWORD_MAX } from '../search/keyword-limit'
import { BoolFromString, CountFromString, IdFromString, IntFromString, Seconds, isWithoutNul, Author } from './common'

/** spec 000 §9: search pages 10 */
export const SEARCH_PAGE_SIZE = 10
/** spec 000 §9: news search count 2 */
export const NEWS_SEARCH_COUNT = 2

/** A search keyword: trimmed by the server, 1 to 50 characters. */
export const Keyword = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(KEYWORD_MAX), isWithoutNul)

/** [start, end) of one match in a text. */
export const Range = Schema.Tuple([Schema.Number, Schema.Number])
export type Range = typeof Range.Type

/** Stock search result fields (spec 000 §3). */
export const StockHit = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  codeDisp: Schema.String,
  ipoStatus: Schema.Number,
  market: Schema.String,
  name: Schema.String,
  nameDisp: Schema.String,
  category: Schema.String,
})
export type StockHit = typeof StockHit.Type

/** An article (post) hit. */
export const PostHit = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  coverUrl: Schema.String,
  author: Author,
  createTimestamp: Seconds,
  isVip: Schema.Boolean,
  titleHighlights: Schema.Array(Range),
  summaryHighlights: Schema.Array(Range),
})
export type PostHit = typeof PostHit.Type

/** A live flash hit. */
export const LiveHit = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  content: Schema.String,
  important: Schema.Boolean,
  createTimestamp: Seconds,
  titleHighlights: Schema.Array(Range),
  contentHighlights: Schema.Array(Range),
})
export type LiveHit = typeof LiveHit.Type

export const UserHit = Schema.Struct({ ...Author.fields, brief: Schema.String })
export type UserHit = typeof UserHit.Type

/** spec 001 §3: portfolioCode, name, nameDisp */
export const PortfolioHit = Schema.Struct({ portfolioCode: Schema.String, name: Schema.String, nameDisp: Schema.String })
export const FinancialCircleHit = Schema.Struct({ id: Schema.Number, name: Schema.String, avatar: Schema.String })


/** The answer of /api/searchBox/v3 and /api/search/{type} (only the asked part is filled there). */
export const SearchResults = Schema.Struct({
  searchPost: Schema.optional(Page(PostHit)),
  searchLive: Schema.optional(Page(LiveHit)),
  searchStock: Schema.optional(Page(StockHit)),
  searchUser: Schema.optional(Page(UserHit)),
  searchPortfolio: Schema.optional(Page(PortfolioHit)),
  searchFinancialCircle: Schema.optional(Page(FinancialCircleHit)),
})
export type SearchResults = typeof SearchResults.Type

/** The parts of the results (the popup asks for all of them). */
export const SEARCH_PARTS = ['post', 'live', 'stock', 'user', 'portfolio', 'financeCircle'] as const
export type SearchPart = (typeof SEARCH_PARTS)[number]
/** The types /api/search/{type} serves (/api/search/stock and /api/search/news are their own endpoints). */
export const SEARCH_TYPES = ['post', 'live', 'user', 'portfolio', 'financeCircle'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]

const pageQuery = {
  keyword: Keyword,
  count: Schema.optional(CountFromString),
  page: Schema.optional(IdFromString),
}

/** spec 000 §7: /api/searchBox/v3 (keyword, count, page) — the popup's quick results. */
export const searchBox = get('search.box', '/api/searchBox/v3', { query: Schema.Struct(pageQuery), result: SearchResults })

/** spec 000 §7: /api/search/{type} (keyword, count, page, type) — one tab of the results page. */
export const searchByType = get('search.byType', '/api/search/{type}', {
  params: Schema.Struct({ type: Schema.Literals(SEARCH_TYPES) }),
  query: Schema.Struct({ ...pageQuery, type: Schema.optional(Schema.Literals(SEARCH_TYPES)) }),
  result: SearchResults,
})

export const PostPage = Page(PostHit)
export const LivePage = Page(LiveHit)
export const StockList = Schema.Struct({ list: Schema.Array(StockHit) })

/** spec 000 §7: /api/search/news (news search count 2 by default). */
export const searchNews = get('search.news', '/api/search/news', { query: Schema.Struct(pageQuery), result: PostPage })

const Market = Schema.Literals(['hk', 'us'])

export const searchStock = get('search.stock', '/api/search/stock', {
  query: Schema.Struct({ keyword: Keyword, count: Schema.optional(CountFromString) }),
  result: StockList,
})

export const searchStockV2 = get('search.stockV2', '/api/search/stock/v2', {
  query: Schema.Struct({ keyword: Keyword, count: Schema.optional(CountFromString), market: Schema.optional(Market) }),
  result: StockList,
})

/** Mainland (沪深) and Hong Kong stocks only. */
export const searchStockForLUAndHK = get('search.stockForLUAndHK', '/api/search/stockForLUAndHK', {
  query: Schema.Struct({ keyword: Keyword, count: Schema.optional(CountFromString) }),
  result: StockList,
})

export const HotStock = Schema.Struct({ id: Schema.String, name: Schema.String, code: Schema.String, market: Schema.String })
export type HotStock = typeof HotStock.Type

/** The empty box's suggestions: hot stocks and featured keywords. */
export const searchFeatured = publicGet('search.featured', '/api/search/featured/v1', {
  publicMaxAgeMs: 10_000,
  result: Schema.Struct({ hotStocks: Schema.Array(HotStock), keywords: Schema.Array(Schema.String) }),
})

/** spec 000 §7: /api/post/search/v4 (keyword, isVipArticle, count, page, searchArea). */
export const postSearch = get('post.search', '/api/post/search/v4', {
  query: Schema.Struct({
    ...pageQuery,
    isVipArticle: Schema.optional(BoolFromString),
    /** where to look: titles only, or titles and summaries (default) */
    searchArea: Schema.optional(Schema.Literals(['title', 'all'])),
  }),
  result: PostPage,
})

/** spec 000 §7: /api/live/search/v2 (keyword, startTimestamp, endTimestamp, page, count). */
export const liveSearch = get('live.search', '/api/live/search/v2', {
  query: Schema.Struct({
    ...pageQuery,
    startTimestamp: Schema.optional(IntFromString),
    endTimestamp: Schema.optional(IntFromString),
  }),
  result: LivePage,
})
