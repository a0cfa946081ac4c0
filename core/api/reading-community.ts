// spec 000 §7 'Posts' and 'Community' (+ tags): hot posts, a post, topics, recommended users, tags,
// trade headlines and official accounts. Where the spec names no endpoint (a topic's page, trade
// headlines, official lists) the path follows the spec's naming and says so.
import * as Schema from 'effect/Schema'
import { get, publicGet, SHORT_TIMEOUT_MS } from './endpoint'
import { Author, CountFromString, IdFromString, Seconds, isWithoutNul } from './common'
import { ArticleSummary, StockRef } from './content'
import { Page, PageQuery } from './page'
import { ReviewStatus } from './posting'

/** /hotpost/{type}: the ranking window of the posts chart. */
export const CHART_TYPES = ['day', 'week', 'month'] as const
export type ChartType = (typeof CHART_TYPES)[number]
export const ChartTypeSchema = Schema.Literals(CHART_TYPES)
/** spec 000 §9: trending posts limit 10 */
export const CHART_LIMIT = 10

export const TopicRef = Schema.Struct({ topicId: Schema.Number, topicName: Schema.String })

export const PostSummary = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  /** plain text with line breaks; rendered as text, never as HTML */
  content: Schema.String,
  author: Author,
  topic: Schema.NullOr(TopicRef),
  stocks: Schema.Array(StockRef),
  pictureUrls: Schema.Array(Schema.String),
  likeCount: Schema.Number,
  commentCount: Schema.Number,
  readCount: Schema.Number,
  createTimestamp: Seconds,
  /** spec 000 §4: others only ever get 'approved'; the author also reads their own under review or rejected */
  status: Schema.optional(ReviewStatus),
})
export type PostSummary = typeof PostSummary.Type

/** spec 000 §3 Topic: topicId, topicName, readCount */
export const Topic = Schema.Struct({
  topicId: Schema.Number,
  topicName: Schema.String,
  readCount: Schema.Number,
  brief: Schema.String,
  postCount: Schema.Number,
})
export type Topic = typeof Topic.Type


/** spec 000 §7: /api/posts/chart (type, page=1, limit=10) */
export const postsChart = publicGet('posts.chart', '/api/posts/chart', {
  query: Schema.Struct({ type: Schema.optional(ChartTypeSchema), page: Schema.optional(IdFromString), limit: Schema.optional(CountFromString) }),
  result: Page(PostSummary),
})

/** spec 000 §7: /api/post/{id}/v3 — personal (the author reads their own under review), so never cached */
export const postDetail = get('post.detail', '/api/post/{id}/v3', { params: Schema.Struct({ id: IdFromString }), result: PostSummary })

/** spec 000 §7: /api/recommend/posts (count, postId) */
export const recommendPosts = publicGet('posts.recommend', '/api/recommend/posts', {
  query: Schema.Struct({ count: Schema.optional(CountFromString), postId: Schema.optional(IdFromString) }),
  result: Schema.Array(PostSummary),
})

/** spec 000 §7: /api/hot/topic/list/v1 (5 s timeout) */
export const hotTopics = publicGet('topics.hot', '/api/hot/topic/list/v1', { timeoutMs: SHORT_TIMEOUT_MS, result: Schema.Array(Topic) })

/** spec 000 §7: /api/community/topic-list — every topic, most read first */
export const topicList = publicGet('topics.list', '/api/community/topic-list', { query: PageQuery, result: Page(Topic) })

/** /community/topics/{id}: the spec names no endpoint for one topic; named like the topic list. */
export const topicDetail = publicGet('topics.detail', '/api/community/topics/{id}/v1', { params: Schema.Struct({ id: IdFromString }), result: Topic })

export const topicPosts = publicGet('topics.posts', '/api/community/topics/{id}/posts/v1', {
  params: Schema.Struct({ id: IdFromString }),
  query: PageQuery,
  result: Page(PostSummary),
})

export const RecommendedUser = Schema.Struct({
  ...Author.fields,
  brief: Schema.String,
  fans: Schema.Number,
  postCount: Schema.Number,
  /** whether the signed-in reader follows this user (false for guests) */
  isFollow: Schema.Boolean,
})
export type RecommendedUser = typeof RecommendedUser.Type

/** spec 000 §7: /api/community/recommend/list/v1 — personal (isFollow), so never cached */
export const recommendUsers = get('community.recommendUsers', '/api/community/recommend/list/v1', {
  query: Schema.Struct({ count: Schema.optional(CountFromString) }),
  result: Schema.Array(RecommendedUser),
})

/** `tag` is the key used in URLs (as stored); `name` is the same tag in the reader's script. */
export const TagCount = Schema.Struct({ tag: Schema.String, name: Schema.String, count: Schema.Number })
export type TagCount = typeof TagCount.Type

/** spec 000 §7: /api/tags/all */
export const tagsAll = publicGet('tags.all', '/api/tags/all', { result: Schema.Array(TagCount) })

const TagText = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(32), isWithoutNul)

/** spec 000 §7: /api/tags/articles (tags, page, count) */
export const tagArticles = publicGet('tags.articles', '/api/tags/articles', {
  query: Schema.Struct({ tags: TagText, page: Schema.optional(IdFromString), count: Schema.optional(CountFromString) }),
  result: Page(ArticleSummary),
})

export const Headline = Schema.Struct({
  kind: Schema.Literals(['flash', 'article']),
  id: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  stocks: Schema.Array(StockRef),
  createTimestamp: Seconds,
})
export type Headline = typeof Headline.Type

/** /tradeHeadlines: important flashes and company news, newest first (no endpoint named in the spec). */
export const tradeHeadlines = publicGet('tradeHeadlines.list', '/api/tradeHeadlines/v1', { query: PageQuery, result: Page(Headline) })

/** /official: articles of the 港美汇 editorial accounts (no endpoint named in the spec). */
export const officialArticles = publicGet('official.articles', '/api/official/articles/v1', { query: PageQuery, result: Page(ArticleSummary) })

/** /official: posts of the 港美汇 editorial accounts. */
export const officialPosts = publicGet('official.posts', '/api/official/posts/v1', { query: PageQuery, result: Page(PostSummary) })

// --- posts of one author, posts on one stock --------------------------------------------------

/** spec 000 §7: /api/post (page, count, userId) — approved posts, newest first: one author's, or everyone's. */
export const postList = publicGet('posts.list', '/api/post', {
  query: Schema.Struct({ page: Schema.optional(IdFromString), count: Schema.optional(CountFromString), userId: Schema.optional(IdFromString) }),
  result: Page(PostSummary),
})

/** spec 000 §7: /api/post/list (stockCode, page, count) — approved posts that name one stock, newest first. */
export const stockPostList = publicGet('posts.byStock', '/api/post/list', {
  query: Schema.Struct({
    /** spec 000 §5: market prefix plus code, as in /stock/{id}: hk00700, usAAPL */
    stockCode: Schema.String.check(Schema.isPattern(/^(hk|us)[A-Za-z0-9._-]{1,12}$/)),
    page: Schema.optional(IdFromString),
    count: Schema.optional(CountFromString),
  }),
  result: Page(PostSummary),
})

// --- people to follow -------------------------------------------------------------------------

/** Why a person is suggested: followed by people the reader follows, writes on the reader's stocks, or popular. */
export const SUGGEST_REASONS = ['friends', 'stocks', 'popular'] as const
export const SuggestedUser = Schema.Struct({ ...RecommendedUser.fields, reason: Schema.Literals(SUGGEST_REASONS) })
export type SuggestedUser = typeof SuggestedUser.Type

/**
 * spec 000 §7 'Account': /api/follows/suggested/v1 — people the signed-in reader does not follow yet,
 * best first (personal: 401 for a guest, never cached).
 */
export const suggestedFollows = get('follows.suggested', '/api/follows/suggested/v1', {
  query: Schema.Struct({ count: Schema.optional(CountFromString) }),
  result: Schema.Array(SuggestedUser),
})

// --- the industry-leader check ----------------------------------------------------------------

export const IndustryLeader = Schema.Struct({
  userId: Schema.Number,
  /** an industry leader: a certified adviser (spec 000 §6 advisory certification), who may run circles */
  isIndustryLeader: Schema.Boolean,
  /** seconds: when the certification was granted; null when there is none */
  since: Schema.NullOr(Seconds),
})
export type IndustryLeader = typeof IndustryLeader.Type

/**
 * spec 001 §7 'Qualification': /api/industry-leader/check/v1 — whether a person is a certified
 * industry leader: the signed-in reader (401 for a guest), or `userId`.
 */
export const industryLeaderCheck = get('industryLeader.check', '/api/industry-leader/check/v1', {
  query: Schema.Struct({ userId: Schema.optional(IdFromString) }),
  result: IndustryLeader,
})
