// The community's read side: hot posts chart, one post, recommended posts, topics, recommended users,
// tags, trade headlines and the official accounts. One query (or two) per call; posts are read through
// server/posting/posts-repository.ts, topics through topics-repository.ts.
import { articleSummaryQuery, toArticleSummaries } from '../../content/article-summary'
import { numberedPage, type NumberedPage } from '../../../core/api/page'
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/db'
import { notFound } from '../../http/api-error'
import type { ContentLang } from '../../i18n/to-hk'
import { toHk } from '../../i18n/to-hk'
import { refsOf, stockNames } from '../../content/stocks'
import type { ArticleSummary } from '../../../core/api/content'
import type { ChartType, Headline, IndustryLeader, PostSummary, RecommendedUser, SuggestedUser, TagCount, Topic } from '../../../core/api/reading-community'
import { OFFICIAL_USER_IDS } from '../../../fixtures/reading-community/community'
import { statusNow } from '../../posting/visibility'
import * as posts from '../../posting/posts-repository'
import type { PostCardRow, PostOrder, PostWhere } from '../../posting/posts-repository'
import * as topics from './topics-repository'
import type { TopicRow } from './topics-repository'
import { advisoryCertOf } from '../../accounts/users-repository'

export const MESSAGES = {
  postNotFound: '帖子不存在',
  topicNotFound: '话题不存在',
  tagNotFound: '标签不存在',
  userNotFound: '用户不存在',
} as const

export const DEFAULT_PAGE_SIZE = 20
export const HOT_TOPIC_COUNT = 10
export const RECOMMEND_POST_COUNT = 6
export const RECOMMEND_USER_COUNT = 12

const DAY = 86_400
/** /hotpost/{type}: the window each chart ranks. */
export const CHART_WINDOW_DAYS: Record<ChartType, number> = { day: 1, week: 7, month: 30 }

const n = (x: unknown) => Number(x)
const hk = (lang: ContentLang, s: string) => (lang === 'zh-hk' ? toHk(s) : s)

async function toPosts(db: Db, rows: readonly PostCardRow[], lang: ContentLang, now: number): Promise<PostSummary[]> {
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  return rows.map((r) => ({
    id: n(r.id),
    title: r.title,
    content: r.content,
    author: { id: n(r.user_id), nick: r.nick, avatar: r.avatar },
    topic: r.topic_id === null ? null : { topicId: n(r.topic_id), topicName: hk(lang, r.topic_name ?? '') },
    stocks: refsOf(r.stocks, names),
    pictureUrls: r.picture_urls,
    likeCount: n(r.like_count),
    commentCount: n(r.comment_count),
    readCount: n(r.read_count),
    createTimestamp: n(r.create_timestamp),
    status: statusNow(r, now),
  }))
}

// The public lists (charts, topics, recommendations, official) are the same for every reader and
// cached: they show approved posts only (spec 000 §4); an author finds their own under review in the
// personal reads (my-publish, my-dynamics, the post itself).
async function postPage(db: Db, where: PostWhere, order: PostOrder, page: number, count: number, lang: ContentLang, now: number): Promise<NumberedPage<PostSummary>> {
  const shown: PostWhere = { approvedAt: now, ...where }
  const total = await posts.countPosts(db, shown)
  const rows = await posts.listPostCards(db, { where: shown, order, limit: count, offset: (page - 1) * count })
  return numberedPage(await toPosts(db, rows, lang, now), { page, count, total })
}

/** /api/posts/chart: posts of the window, hottest first. */
export function postsChart(db: Db, type: ChartType, page: number, limit: number, now: number, lang: ContentLang) {
  const since = now - CHART_WINDOW_DAYS[type] * DAY
  return postPage(db, { since }, 'heat', page, limit, lang, now)
}

/** One post: approved, or the reader's own under review or rejected (spec 000 §4); others get 404. */
export async function postDetail(db: Db, id: number, lang: ContentLang, now: number, readerId: number | null = null): Promise<PostSummary> {
  const rows = await posts.listPostCards(db, { where: { visibleTo: { readerId, now }, id } })
  const [post] = await toPosts(db, rows, lang, now)
  if (!post) throw notFound(MESSAGES.postNotFound)
  return post
}

/** /api/recommend/posts: with a post, those sharing its stocks or topic first; otherwise the hottest. */
export async function recommendPosts(db: Db, postId: number | undefined, count: number, lang: ContentLang, now: number): Promise<PostSummary[]> {
  let order: PostOrder = 'heat'
  let where: PostWhere = {}
  if (postId !== undefined) {
    const base = await posts.findPostRefs(db, { id: postId, approvedAt: now })
    if (!base) throw notFound(MESSAGES.postNotFound)
    where = { notId: postId }
    order = { like: { stocks: base.stocks, topicId: base.topic_id } }
  }
  const rows = await posts.listPostCards(db, { where: { approvedAt: now, ...where }, order, limit: count })
  return toPosts(db, rows, lang, now)
}

// --- topics -----------------------------------------------------------------------------------

const toTopic = (r: TopicRow, lang: ContentLang): Topic => ({
  topicId: n(r.id),
  topicName: hk(lang, r.name),
  readCount: n(r.read_count),
  brief: hk(lang, r.brief),
  postCount: n(r.post_count),
})

export async function hotTopics(db: Db, lang: ContentLang): Promise<Topic[]> {
  const rows = await topics.listTopics(db, HOT_TOPIC_COUNT)
  return rows.map((r) => toTopic(r, lang))
}

export async function topicList(db: Db, page: number, count: number, lang: ContentLang): Promise<NumberedPage<Topic>> {
  const total = await topics.countTopics(db)
  const rows = await topics.listTopics(db, count, (page - 1) * count)
  return numberedPage(rows.map((r) => toTopic(r, lang)), { page, count, total })
}

export async function topicDetail(db: Db, id: number, lang: ContentLang): Promise<Topic> {
  const row = await topics.findTopic(db, id)
  if (!row) throw notFound(MESSAGES.topicNotFound)
  return toTopic(row, lang)
}

export async function topicPosts(db: Db, id: number, page: number, count: number, lang: ContentLang, now: number): Promise<NumberedPage<PostSummary>> {
  await topicDetail(db, id, lang)
  return postPage(db, { topicId: id }, 'newest', page, count, lang, now)
}

// --- users ------------------------------------------------------------------------------------

/** Active posters and columnists, by fans, then posts; the reader's own account left out. */
export async function recommendUsers(db: Db, viewer: number | null, count: number): Promise<RecommendedUser[]> {
  const rows = (
    await sql<{ id: number; nick: string; avatar: string; brief: string; fans: number; post_count: number; is_follow: boolean }>`
      SELECT u.id, u.nick, u.avatar, u.brief,
        u.audience_fans + (SELECT count(*) FROM friendships f WHERE f.followee_id = u.id) AS fans,
        (SELECT count(*) FROM posts p WHERE p.user_id = u.id AND p.status = 'approved') AS post_count,
        EXISTS (SELECT 1 FROM friendships f WHERE f.follower_id = ${viewer ?? 0} AND f.followee_id = u.id) AS is_follow
      FROM users u
      WHERE u.id <> ${viewer ?? 0} AND u.merged_into IS NULL
        AND (u.is_columnist OR EXISTS (SELECT 1 FROM posts p WHERE p.user_id = u.id))
      ORDER BY fans DESC, post_count DESC, u.id
      LIMIT ${count}`.execute(db.kysely)
  ).rows
  return rows.map((r) => ({ id: n(r.id), nick: r.nick, avatar: r.avatar, brief: r.brief, fans: n(r.fans), postCount: n(r.post_count), isFollow: Boolean(r.is_follow) }))
}

// --- tags and articles ------------------------------------------------------------------------

async function articlePage(db: Db, where: RawBuilder<unknown>, page: number, count: number, lang: ContentLang): Promise<NumberedPage<ArticleSummary>> {
  const total = n((await sql<{ n: number }>`SELECT count(*) AS n FROM articles a WHERE ${where}`.execute(db.kysely)).rows[0]?.n ?? 0)
  const rows = await articleSummaryQuery(db)
    .where(sql<boolean>`${where}`)
    .orderBy('a.create_timestamp', 'desc')
    .orderBy('a.id', 'desc')
    .limit(count)
    .offset((page - 1) * count)
    .execute()
  return numberedPage(await toArticleSummaries(db, rows, lang), { page, count, total })
}

export async function tagsAll(db: Db, lang: ContentLang): Promise<TagCount[]> {
  const rows = (await sql<{ tag: string; n: number }>`SELECT tag, count(*) AS n FROM articles, unnest(tags) AS tag GROUP BY tag ORDER BY n DESC, tag`.execute(db.kysely)).rows
  return rows.map((r) => ({ tag: r.tag, name: hk(lang, r.tag), count: n(r.n) }))
}

export async function tagArticles(db: Db, tag: string, page: number, count: number, lang: ContentLang): Promise<NumberedPage<ArticleSummary>> {
  const result = await articlePage(db, sql`a.tags @> ARRAY[${tag}]::text[]`, page, count, lang)
  if (result.total === 0) throw notFound(MESSAGES.tagNotFound)
  return result
}

export function officialArticles(db: Db, page: number, count: number, lang: ContentLang) {
  return articlePage(db, sql`a.author_id = ANY(${[...OFFICIAL_USER_IDS]}::int[])`, page, count, lang)
}

export function officialPosts(db: Db, page: number, count: number, lang: ContentLang, now: number) {
  return postPage(db, { userIds: OFFICIAL_USER_IDS }, 'newest', page, count, lang, now)
}

/** Company news: articles with stocks in the earnings, research or IPO sense — any article naming a stock. */
export async function tradeHeadlines(db: Db, page: number, count: number, lang: ContentLang): Promise<NumberedPage<Headline>> {
  const union = sql`(SELECT 'flash' AS kind, id, CASE WHEN title = '' THEN left(content, 40) ELSE title END AS title, content AS summary, stocks, create_timestamp
      FROM flashes WHERE important
    UNION ALL
    SELECT 'article' AS kind, id, title, summary, stocks, create_timestamp FROM articles WHERE cardinality(stocks) > 0 AND NOT is_vip)`
  const total = n((await sql<{ n: number }>`SELECT count(*) AS n FROM ${union} h`.execute(db.kysely)).rows[0]?.n ?? 0)
  const rows = (
    await sql<{ kind: 'flash' | 'article'; id: number; title: string; summary: string; stocks: string[]; create_timestamp: number }>`
      SELECT * FROM ${union} h ORDER BY h.create_timestamp DESC, h.kind, h.id DESC LIMIT ${count} OFFSET ${(page - 1) * count}`.execute(db.kysely)
  ).rows
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  const list = rows.map((r) => ({ kind: r.kind, id: n(r.id), title: r.title, summary: r.summary, stocks: refsOf(r.stocks, names), createTimestamp: n(r.create_timestamp) }))
  return numberedPage(list, { page, count, total })
}

// --- posts of one author, posts on one stock (issue 25) ----------------------------------------

/** /api/post: approved posts, newest first: one author's (`userId`), or everyone's. */
export function postList(db: Db, userId: number | undefined, page: number, count: number, lang: ContentLang, now: number) {
  return postPage(db, userId === undefined ? {} : { userId }, 'newest', page, count, lang, now)
}

/** /api/post/list: approved posts that name `stockCode`, newest first. */
export function stockPostList(db: Db, stockCode: string, page: number, count: number, lang: ContentLang, now: number) {
  return postPage(db, { stock: stockCode }, 'newest', page, count, lang, now)
}

// --- people to follow, the industry-leader check (issue 25) -------------------------------------

export const SUGGESTED_COUNT = 8

/**
 * /api/follows/suggested/v1: people the reader does not follow yet (nor is), best first: followed by
 * the people the reader follows ('friends', the more of them the better), then writing on the stocks
 * the reader watches ('stocks'), then the most followed ('popular'). Only people with something to
 * read: a columnist, or an author of approved posts.
 */
export async function suggestedFollows(db: Db, viewer: number, count: number): Promise<SuggestedUser[]> {
  const rows = (
    await sql<{ id: number; nick: string; avatar: string; brief: string; fans: number; post_count: number; friends: number; stock_posts: number }>`
      SELECT u.id, u.nick, u.avatar, u.brief,
        u.audience_fans + (SELECT count(*) FROM friendships f WHERE f.followee_id = u.id) AS fans,
        (SELECT count(*) FROM posts p WHERE p.user_id = u.id AND p.status = 'approved') AS post_count,
        (SELECT count(*) FROM friendships mine JOIN friendships theirs ON theirs.follower_id = mine.followee_id
          WHERE mine.follower_id = ${viewer} AND theirs.followee_id = u.id) AS friends,
        (SELECT count(*) FROM posts p WHERE p.user_id = u.id AND p.status = 'approved'
          AND p.stocks && ARRAY(SELECT s.stock_id FROM user_stocks s WHERE s.user_id = ${viewer})) AS stock_posts
      FROM users u
      WHERE u.id <> ${viewer} AND u.merged_into IS NULL
        AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.follower_id = ${viewer} AND f.followee_id = u.id)
        AND (u.is_columnist OR EXISTS (SELECT 1 FROM posts p WHERE p.user_id = u.id AND p.status = 'approved'))
      ORDER BY friends DESC, stock_posts DESC, fans DESC, u.id
      LIMIT ${count}`.execute(db.kysely)
  ).rows
  return rows.map((r) => ({
    id: n(r.id),
    nick: r.nick,
    avatar: r.avatar,
    brief: r.brief,
    fans: n(r.fans),
    postCount: n(r.post_count),
    isFollow: false,
    reason: n(r.friends) > 0 ? 'friends' : n(r.stock_posts) > 0 ? 'stocks' : 'popular',
  }))
}

/** /api/industry-leader/check/v1: an industry leader holds the advisory certification (spec 000 §6). */
export async function industryLeader(db: Db, userId: number): Promise<IndustryLeader> {
  const row = await advisoryCertOf(db, userId)
  if (!row) throw notFound(MESSAGES.userNotFound)
  const since = row.advisory_cert_time
  return { userId, isIndustryLeader: since !== null, since: since === null ? null : n(since) }
}
