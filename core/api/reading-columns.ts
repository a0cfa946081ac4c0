// spec 000 §7 'Columns' and 'Subjects and hotspots': columns (专栏), columnists, albums, subjects (专题)
// with contents and follows, hotspots (热点).
import * as Schema from 'effect/Schema'
import { get, publicGet, post, del, SHORT_TIMEOUT_MS } from './endpoint'
import { Author, BoolFromString, CountFromString, IdFromString, Id, IntFromString, Seconds, isIdList } from './common'
import { ArticleSummary, LiveFlash } from './content'
import { Page, PageQuery, CursorQuery } from './page'

/** default page sizes */
export const COLUMN_PAGE_SIZE = 10
export const SUBJECT_PAGE_SIZE = 10
/** spec 000 §7 gives /api/hotspots/popular/v1 only a page: the page size is ours */
export const HOTSPOT_PAGE_SIZE = 10
export const CONTENT_PAGE_SIZE = 20
/** follow-status asks about at most this many subjects at once */
export const MAX_STATUS_IDS = 100

// --- columns ------------------------------------------------------------------------------------

/** What every column shows on its card (a column, an album, a column on sale in the shop). */
export const ColumnCard = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  brief: Schema.String,
  coverUrl: Schema.String,
  author: Author,
  articleCount: Schema.Number,
})

export const Column = Schema.Struct({
  ...ColumnCard.fields,
  readCount: Schema.Number,
  /** createTimestamp of its newest article (the column's own when it has none) */
  updateTimestamp: Seconds,
  /** on the detail of a paid column: the spec of its subscription (spec 001 §3 specsId), for the buy button */
  specsId: Schema.optional(Schema.Number),
})
export type Column = typeof Column.Type

const ColumnCursorQuery = Schema.Struct({
  page: Schema.optional(IdFromString),
  count: Schema.optional(CountFromString),
  /** a random pick of columns instead of the ordered list (page is then ignored) */
  random: Schema.optional(BoolFromString),
})

/** spec 000 §7: /api/column/recommend (page, count, random) — newest updated first */
export const columnRecommend = publicGet('column.recommend', '/api/column/recommend', { query: ColumnCursorQuery, result: Page(Column) })

/** spec 000 §7: /api/column/hot (page, count, random; 5 s timeout) — most read first */
export const columnHot = publicGet('column.hot', '/api/column/hot', { timeoutMs: SHORT_TIMEOUT_MS, query: ColumnCursorQuery, result: Page(Column) })

export const ColumnArticle = Schema.Struct({
  ...ArticleSummary.fields,
  column: Schema.Struct({ id: Schema.Number, name: Schema.String }),
})
export type ColumnArticle = typeof ColumnArticle.Type

/** spec 000 §7: /api/columnArticle/getSelected (page, count, version default 2) */
export const columnSelected = publicGet('column.selected', '/api/columnArticle/getSelected', {
  query: Schema.Struct({
    page: Schema.optional(IdFromString),
    count: Schema.optional(CountFromString),
    /** 1: newest column articles; 2 (default): the most read column articles of the last 90 days first */
    version: Schema.optional(Schema.Literals(['1', '2'])),
  }),
  result: Page(ColumnArticle),
})

export const Columnist = Schema.Struct({
  ...Author.fields,
  brief: Schema.String,
  columns: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  articleCount: Schema.Number,
  /** followers (ours: shown in k above 9,999 by core/format formatFans) */
  fans: Schema.Number,
})
export type Columnist = typeof Columnist.Type

/** /column/columnist: the columnists (no endpoint named in the spec; ours) */
export const columnists = publicGet('column.columnists', '/api/column/columnists', {
  query: PageQuery,
  result: Page(Columnist),
})

/** /column/page/{id} and /album/{columnId}: one column (ours) */
export const columnDetail = publicGet('column.detail', '/api/column/{id}/detail', { params: Schema.Struct({ id: IdFromString }), result: Column })

/** a column's articles, numbered pages (ours); `order=asc` reads an album from its first article */
export const columnArticles = publicGet('column.articles', '/api/column/{id}/articles', {
  params: Schema.Struct({ id: IdFromString }),
  query: Schema.Struct({
    page: Schema.optional(IdFromString),
    count: Schema.optional(CountFromString),
    order: Schema.optional(Schema.Literals(['asc', 'desc'])),
  }),
  result: Page(ArticleSummary),
})

// --- subjects -----------------------------------------------------------------------------------

/** What every subject shows on its card (the subject list, a subject search hit). */
export const SubjectCard = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  brief: Schema.String,
  coverUrl: Schema.String,
  isHot: Schema.Boolean,
  followCount: Schema.Number,
  contentCount: Schema.Number,
})

export const Subject = Schema.Struct({
  ...SubjectCard.fields,
  /** createTimestamp of its newest content */
  updateTimestamp: Seconds,
})
export type Subject = typeof Subject.Type

/** An item of a subject or a hotspot: an article or a flash. */
export const ThemeItem = Schema.Union([
  Schema.Struct({ kind: Schema.Literal('article'), isChoice: Schema.Boolean, createTimestamp: Seconds, article: ArticleSummary }),
  Schema.Struct({ kind: Schema.Literal('flash'), isChoice: Schema.Boolean, createTimestamp: Seconds, flash: LiveFlash }),
])
export type ThemeItem = typeof ThemeItem.Type

/** spec 000 §7: /api/subjects (page, limit) */
export const subjectList = publicGet('subjects.list', '/api/subjects', {
  query: Schema.Struct({ page: Schema.optional(IdFromString), limit: Schema.optional(CountFromString) }),
  result: Page(Subject),
})

/** spec 000 §7: /api/subjects/{id}/detail */
export const subjectDetail = publicGet('subjects.detail', '/api/subjects/{id}/detail', {
  params: Schema.Struct({ id: IdFromString }),
  result: Subject,
})

/** spec 000 §7: /api/subjects/{id}/contents (isChoice, createTimestamp) — newest first, cursor createTimestamp */
export const subjectContents = publicGet('subjects.contents', '/api/subjects/{id}/contents', {
  params: Schema.Struct({ id: IdFromString }),
  query: Schema.Struct({
    /** only the editors' picks */
    isChoice: Schema.optional(BoolFromString),
    /** cursor: createTimestamp of the last item shown */
    createTimestamp: Schema.optional(IntFromString),
    count: Schema.optional(CountFromString),
  }),
  result: Page(ThemeItem),
})

/** comma-separated positive ids, 1 to MAX_STATUS_IDS of them */
const IdList = Schema.String.check(
  Schema.isPattern(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/),
  isIdList,
  Schema.makeFilter((s: string) => s.split(',').length <= MAX_STATUS_IDS || `最多查询 ${MAX_STATUS_IDS} 个专题`),
)

export const FollowStatus = Schema.Struct({ subjectId: Schema.Number, followed: Schema.Boolean })

/** spec 000 §7: /api/subjects/follow-status (subjectIds) — a guest follows nothing */
export const subjectFollowStatus = get('subjects.followStatus', '/api/subjects/follow-status', {
  query: Schema.Struct({ subjectIds: IdList }),
  result: Schema.Array(FollowStatus),
})

export const FollowAnswer = Schema.Struct({ subjectId: Schema.Number, followed: Schema.Boolean, followCount: Schema.Number })

/** spec 000 §7: POST /api/subjects/follow — idempotent: following twice leaves one follow */
export const followSubject = post('subjects.follow', '/api/subjects/follow', { body: Schema.Struct({ subjectId: Id }), result: FollowAnswer })

/** spec 000 §7: DELETE /api/subjects/follow — idempotent; the id is in the query (a DELETE has no body) */
export const unfollowSubject = del('subjects.unfollow', '/api/subjects/follow', {
  query: Schema.Struct({ subjectId: IdFromString }),
  result: FollowAnswer,
})

/** spec 000 §7: /api/subjects/-1/followed (page, isHot, limit) — the reader's own follows, newest follow first */
export const followedSubjects = get('subjects.followed', '/api/subjects/-1/followed', {
  query: Schema.Struct({
    page: Schema.optional(IdFromString),
    limit: Schema.optional(CountFromString),
    /** only hot subjects */
    isHot: Schema.optional(BoolFromString),
  }),
  result: Page(Subject),
})

// --- hotspots -----------------------------------------------------------------------------------

export const Hotspot = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  brief: Schema.String,
  heat: Schema.Number,
  contentCount: Schema.Number,
  updateTimestamp: Seconds,
})
export type Hotspot = typeof Hotspot.Type

/** spec 000 §7: /api/hotspots/popular/v1 (page) — hottest first */
export const popularHotspots = publicGet('hotspots.popular', '/api/hotspots/popular/v1', {
  query: Schema.Struct({ page: Schema.optional(IdFromString) }),
  result: Page(Hotspot),
})

/** spec 000 §7: /api/hotspot/{id}/contents/v1 (timestamp) — the hotspot and its items, newest first */
export const hotspotContents = publicGet('hotspots.contents', '/api/hotspot/{id}/contents/v1', {
  params: Schema.Struct({ id: IdFromString }),
  query: CursorQuery,
  result: Schema.Struct({ hotspot: Hotspot, ...Page(ThemeItem).fields }),
})
