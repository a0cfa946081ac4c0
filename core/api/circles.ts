// spec 001 §7 'Moments and financial circles' (issue 27): circles (the API calls a circle a "moment":
// POST /api/momentUser/v1 {momentId} joins one), the moments in a circle (the API's "dynamics"), their
// tags, topics, questions and answers, pinning and essence, and the searches. Every path, method and
// field named by the spec is the spec's; where the spec names only a path, the fields are ours and say
// so. Courses with video, live columns, the chatroom, share, violation, complain and ads are in
// core/api/circle-extras.ts. Who may read, post, pin, mark essence, ignore and answer is decided in
// core/circles/access.ts. Ids fit an integer column and no text takes NUL (design.md pitfalls).
import * as Schema from 'effect/Schema'
import { get, post, put } from './endpoint'
import { CountFromString, Id, IdFromString, Seconds, Text } from './common'
import { Page, PageQuery } from './page'
import { Keyword } from './search'
import { ReviewStatus } from './posting'
import {
  ASK_QUESTION_USERS_PAGE_SIZE,
  CIRCLE_TYPES,
  MOMENT_FILES_MAX,
  MOMENT_HTML_MAX,
  MOMENT_IMAGES_MAX,
  MOMENT_TAGS_MAX,
  MOMENT_TITLE_MAX,
  QUESTION_TYPES,
} from '../circles/limits'
import { REF_CONTENTS_MAX, URL_MAX } from '../posting/limits'

const PathId = IdFromString

/** spec 001 §3: FINANCIAL_CIRCLE, GROUP, COURSE, LIVE_COLUMN */
export const CircleType = Schema.Literals(CIRCLE_TYPES)
/** spec 001 §3: questionType anonymity or public */
export const QuestionType = Schema.Literals(QUESTION_TYPES)

/**
 * The reader's relation to one circle (core/circles/access.ts decides what each may do): a guest, a
 * signed-in reader who never joined (stranger), a member whose financialCircle purchase (or free join)
 * is valid, a member whose purchase ran out (expired), the circle's owner, one of its admins, a content
 * reviewer (the staff role that reads everything to moderate it).
 */
export const CIRCLE_ROLES = ['guest', 'stranger', 'member', 'expired', 'owner', 'admin', 'reviewer'] as const
export const CircleRole = Schema.Literals(CIRCLE_ROLES)
export type CircleRole = typeof CircleRole.Type

export const CircleUser = Schema.Struct({ id: Schema.Number, nick: Schema.String, avatar: Schema.String, brief: Schema.String })
export type CircleUser = typeof CircleUser.Type

/** A paid circle's good (the order dialog buys it: goods type financialCircle): its cheapest spec. */
export const CirclePrice = Schema.Struct({
  goodsId: Schema.Number,
  specsId: Schema.Number,
  /** cents */
  price: Schema.Number,
  /** '¥199.00/年' */
  priceText: Schema.String,
  /** months one purchase gives */
  months: Schema.Number,
})
export type CirclePrice = typeof CirclePrice.Type

/** What every listing of a circle shows, the site's and the console's: its name, picture, line and owner. */
export const circleListingFields = {
  id: Schema.Number,
  type: CircleType,
  name: Schema.String,
  avatar: Schema.String,
  brief: Schema.String,
  owner: CircleUser,
}

/** A circle in a list (recommended, search, shareable). */
export const CircleSummary = Schema.Struct({
  ...circleListingFields,
  memberCount: Schema.Number,
  dynamicCount: Schema.Number,
  /** null: free (joined through POST /api/momentUser/v1) */
  price: Schema.NullOr(CirclePrice),
  createTimestamp: Seconds,
})
export type CircleSummary = typeof CircleSummary.Type

/** What the reader may do in a circle (core/circles/access.ts, the same rule the server enforces). */
export const CircleAccess = Schema.Struct({
  role: CircleRole,
  canRead: Schema.Boolean,
  canPost: Schema.Boolean,
  canAsk: Schema.Boolean,
  /** pin, essence, ignore, answer */
  canManage: Schema.Boolean,
  /** whether the buy button (paid) or the join button (free) is shown */
  canJoin: Schema.Boolean,
  /** the member's access ends (seconds); null: for good (free join, owner, admin) or not a member */
  expireTimestamp: Schema.NullOr(Seconds),
  /** why input is blocked (spec 001 §4: '内容审核中'; not a member; no momentPublishable), '' when open */
  inputMessage: Schema.String,
})
export type CircleAccess = typeof CircleAccess.Type

/** spec 001 §3 Moment tag: tagId, tagName, isDefault */
export const MomentTag = Schema.Struct({ tagId: Schema.Number, tagName: Schema.String, isDefault: Schema.Boolean })
export type MomentTag = typeof MomentTag.Type
/** spec 001 §3 Topic: topicId, topicName, readCount */
export const CircleTopic = Schema.Struct({ topicId: Schema.Number, topicName: Schema.String, readCount: Schema.Number })
export type CircleTopic = typeof CircleTopic.Type
/** spec 001 §3 draft files: url, name, extension, icon */
export const MomentFile = Schema.Struct({ url: Schema.String, name: Schema.String, extension: Schema.String, icon: Schema.String })
export type MomentFile = typeof MomentFile.Type

export const MomentAnswer = Schema.Struct({ author: CircleUser, content: Schema.String, createTimestamp: Seconds })
export type MomentAnswer = typeof MomentAnswer.Type

/**
 * A moment in a circle (spec 001 §3 Dynamic: dynamicId, top, essence), or a question (questionType set)
 * with its answer. `author` is null for an anonymous question to every reader but the owner and the
 * admins (core/circles/access.ts maySeeAsker); `anonymous` says so either way.
 */
export const CircleDynamic = Schema.Struct({
  dynamicId: Schema.Number,
  momentId: Schema.Number,
  kind: Schema.Literals(['dynamic', 'question']),
  questionType: Schema.NullOr(QuestionType),
  author: Schema.NullOr(CircleUser),
  anonymous: Schema.Boolean,
  title: Schema.String,
  /** plain text with line breaks (HTML stripped, spec 001 §5); shown as text */
  content: Schema.String,
  pictureUrls: Schema.Array(Schema.String),
  files: Schema.Array(MomentFile),
  topic: Schema.NullOr(Schema.Struct({ topicId: Schema.Number, topicName: Schema.String })),
  momentTags: Schema.Array(MomentTag),
  refContents: Schema.Array(Schema.String),
  top: Schema.Boolean,
  essence: Schema.Boolean,
  /** set aside by the owner or an admin: shown only to them */
  ignored: Schema.Boolean,
  status: ReviewStatus,
  commentsClosed: Schema.Boolean,
  commentCount: Schema.Number,
  answer: Schema.NullOr(MomentAnswer),
  createTimestamp: Seconds,
})
export type CircleDynamic = typeof CircleDynamic.Type

/** A sample moment an outsider sees on the intro: the first words only. */
export const DynamicSample = Schema.Struct({ dynamicId: Schema.Number, title: Schema.String, excerpt: Schema.String, createTimestamp: Seconds })
export type DynamicSample = typeof DynamicSample.Type

/** A circle's intro (everyone, a guest too): the circle, a sample, the buy or join button. */
export const CircleIntro = Schema.Struct({
  ...CircleSummary.fields,
  /** 圈子介绍 (plain text) */
  intro: Schema.String,
  /** spec 001 §4: only approved circles take input */
  reviewStatus: ReviewStatus,
  admins: Schema.Array(CircleUser),
  sample: Schema.Array(DynamicSample),
  access: CircleAccess,
})
export type CircleIntro = typeof CircleIntro.Type

/** A circle's detail for a reader who may read it (owner, admins, members, reviewers): intro plus tags and topics. */
export const CircleDetail = Schema.Struct({
  ...CircleIntro.fields,
  tags: Schema.Array(MomentTag),
  topics: Schema.Array(CircleTopic),
  /** approved questions answered and waiting */
  answeredCount: Schema.Number,
  unansweredCount: Schema.Number,
  /** the owner's pinned announcement ('' none; set in the circle-admin console, issue 29) */
  announcement: Schema.String,
})
export type CircleDetail = typeof CircleDetail.Type

/** spec 001 §3 Grouped joined-circle items: list, route, unreadCount, id (from financialCircle.id, else id, else momentId). */
export const JoinedCircle = Schema.Struct({
  id: Schema.Number,
  momentId: Schema.Number,
  financialCircle: Schema.Struct({ id: Schema.Number }),
  type: CircleType,
  name: Schema.String,
  avatar: Schema.String,
  /** '/chiefCircle/detail/{id}' */
  route: Schema.String,
  unreadCount: Schema.Number,
  role: CircleRole,
  expireTimestamp: Schema.NullOr(Seconds),
})
export type JoinedCircle = typeof JoinedCircle.Type
export const JoinedGroup = Schema.Struct({ type: CircleType, list: Schema.Array(JoinedCircle), unreadCount: Schema.Number })
export type JoinedGroup = typeof JoinedGroup.Type

const Urls = (max: number) => Schema.Array(Text(URL_MAX)).check(Schema.isMaxLength(max))

// --- circles --------------------------------------------------------------------------------------

/** spec 001 §7: GET /api/moment/v1 — the circles (ours: newest first, optionally of one type). Public. */
export const momentList = get('moment.list', '/api/moment/v1', {
  query: Schema.Struct({ type: Schema.optional(CircleType), ...PageQuery.fields }),
  result: Page(CircleSummary),
})

/** spec 001 §7: GET /api/financial-circle/joined — the reader's circles grouped by type, with unread counts. */
export const joinedCircles = get('financialCircle.joined', '/api/financial-circle/joined', {
  result: Schema.Struct({ list: Schema.Array(JoinedGroup), unreadCount: Schema.Number }),
})

/** spec 001 §7: GET /api/moment/intro/{id}/v1 — the intro, a sample and the reader's access (guests too). */
export const momentIntro = get('moment.intro', '/api/moment/intro/{id}/v1', { params: Schema.Struct({ id: PathId }), result: CircleIntro })

/**
 * spec 001 §7: POST /api/momentUser/v1 {momentId} — join a free circle. A paid circle answers 403 with
 * its message: it is joined by an order of goods type financialCircle (the order dialog).
 */
export const momentJoin = post('momentUser.join', '/api/momentUser/v1', { body: Schema.Struct({ momentId: Id }), result: CircleAccess })

/** spec 001 §7: GET /api/moment/{id}/v1 — a circle's detail; 403 for a reader who may not read it. */
export const momentDetail = get('moment.detail', '/api/moment/{id}/v1', { params: Schema.Struct({ id: PathId }), result: CircleDetail })

/** spec 001 §7: POST /api/momentUser/askQuestionUser/v1 {momentId, page, pageSize 5} — whom a member may ask: the owner, then the admins. */
export const askQuestionUsers = post('momentUser.askQuestionUser', '/api/momentUser/askQuestionUser/v1', {
  body: Schema.Struct({
    momentId: Id,
    page: Schema.optional(Id),
    /** spec 001 §7: 5 */
    pageSize: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: ASK_QUESTION_USERS_PAGE_SIZE }))),
  }),
  result: Page(CircleUser),
})

/** spec 001 §7: GET /api/moment/tag/{id}/v1 — a circle's tags (the default one first). Readers of the circle. */
export const momentTags = get('moment.tags', '/api/moment/tag/{id}/v1', { params: Schema.Struct({ id: PathId }), result: Schema.Array(MomentTag) })

/** spec 001 §7: GET /api/moment/tag/getCanSendDynamicTag/{id}/v1 — the tags the reader may put on a moment (admin-only tags for the owner and admins). */
export const sendableTags = get('moment.sendableTags', '/api/moment/tag/getCanSendDynamicTag/{id}/v1', {
  params: Schema.Struct({ id: PathId }),
  result: Schema.Array(MomentTag),
})

/**
 * spec 001 §7: GET /api/moment/{id}/content/v1 (page, count, tagId) — a circle's moments, pinned first
 * then newest; ignored ones only to the owner and admins. 403 for a reader who may not read the circle.
 * `kind` (ours) picks questions: answered or unanswered.
 */
export const momentContent = get('moment.content', '/api/moment/{id}/content/v1', {
  params: Schema.Struct({ id: PathId }),
  query: Schema.Struct({
    ...PageQuery.fields,
    tagId: Schema.optional(IdFromString),
    kind: Schema.optional(Schema.Literals(['all', 'essence', 'questions', 'answered', 'unanswered', 'mine'])),
  }),
  result: Page(CircleDynamic),
})

/** spec 001 §7: PUT /api/moment/{id}/content/top/v1 {dynamicId, top, momentId} — owner or admin of this circle. */
export const momentContentTop = put('moment.contentTop', '/api/moment/{id}/content/top/v1', {
  params: Schema.Struct({ id: PathId }),
  body: Schema.Struct({ dynamicId: Id, top: Schema.Boolean, momentId: Id }),
  result: CircleDynamic,
})

/** spec 001 §7: PUT /api/moment/{id}/content/essence/v1 {dynamicId, essence, momentId} — owner or admin of this circle. */
export const momentContentEssence = put('moment.contentEssence', '/api/moment/{id}/content/essence/v1', {
  params: Schema.Struct({ id: PathId }),
  body: Schema.Struct({ dynamicId: Id, essence: Schema.Boolean, momentId: Id }),
  result: CircleDynamic,
})

const SearchQuery = Schema.Struct({
  keyword: Keyword,
  page: Schema.optional(IdFromString),
  financialCircleId: Schema.optional(IdFromString),
  /** spec 001 §7, §9: 10 */
  count: Schema.optional(CountFromString),
})
/** spec 001 §7: GET /api/moment/dynamic/search (keyword, page, financialCircleId, count 10) — moments of the circles the reader may read. */
export const dynamicSearch = get('moment.dynamicSearch', '/api/moment/dynamic/search', { query: SearchQuery, result: Page(CircleDynamic) })
/** spec 001 §7: GET /api/moment/dynamic/file/search (keyword, page, financialCircleId, count 10) — files by name in those moments. */
export const dynamicFileSearch = get('moment.dynamicFileSearch', '/api/moment/dynamic/file/search', {
  query: SearchQuery,
  result: Page(Schema.Struct({ ...MomentFile.fields, dynamicId: Schema.Number, momentId: Schema.Number, createTimestamp: Seconds })),
})

/** spec 001 §7: GET /api/moment/shareable/v1 — the circles the reader may post into (share a moment to). */
export const shareableCircles = get('moment.shareable', '/api/moment/shareable/v1', { result: Schema.Array(CircleSummary) })

/** spec 001 §7: PUT /api/moment/dynamic/ignore/v1 {dynamicId} — the owner or an admin sets a moment aside (toggles). */
export const dynamicIgnore = put('moment.dynamicIgnore', '/api/moment/dynamic/ignore/v1', {
  body: Schema.Struct({ dynamicId: Id }),
  result: CircleDynamic,
})

const MomentQuery = Schema.Struct({ momentId: IdFromString })
/** spec 001 §7: GET /api/moment/dynamic/summary/show-tags — (ours: momentId) the tags a summary shows, with their moment counts. */
export const dynamicSummaryShowTags = get('moment.summaryShowTags', '/api/moment/dynamic/summary/show-tags', {
  query: MomentQuery,
  result: Schema.Array(Schema.Struct({ ...MomentTag.fields, count: Schema.Number })),
})
/** spec 001 §7: GET /api/moment/dynamic/summary — (ours: momentId, tagId) a circle's pinned and essence moments as short summaries (the guide). */
export const dynamicSummary = get('moment.summary', '/api/moment/dynamic/summary', {
  query: Schema.Struct({ momentId: IdFromString, tagId: Schema.optional(IdFromString) }),
  result: Schema.Array(DynamicSample),
})
/** spec 001 §7: GET /api/moment/comment/summary/{id} — a moment's comment count and newest comments. */
export const commentSummary = get('moment.commentSummary', '/api/moment/comment/summary/{id}', {
  params: Schema.Struct({ id: PathId }),
  result: Schema.Struct({
    dynamicId: Schema.Number,
    commentCount: Schema.Number,
    commentsClosed: Schema.Boolean,
    list: Schema.Array(Schema.Struct({ id: Schema.Number, author: CircleUser, content: Schema.String, createTimestamp: Seconds })),
  }),
})
/** spec 001 §7: GET /api/moment/dynamic/carousel — (ours: momentId) a circle's pinned moments for the carousel. */
export const dynamicCarousel = get('moment.carousel', '/api/moment/dynamic/carousel', { query: MomentQuery, result: Schema.Array(DynamicSample) })

// --- posting in a circle (spec 001 §5) -------------------------------------------------------------

/** spec 001 §7: PUT /api/review/check-sensitive/v1 — (ours: content) whether the text passes moderation before it is sent. */
export const reviewCheckSensitive = put('review.checkSensitive', '/api/review/check-sensitive/v1', {
  body: Schema.Struct({ content: Text(MOMENT_HTML_MAX) }),
  result: Schema.Struct({ pass: Schema.Boolean, message: Schema.String }),
})

/**
 * spec 001 §7: PUT /api/review/v1 — send a draft of spec 001 §3 (Comment or post draft) into a circle for
 * review: a moment; a question when questionType is set; with replyId, an answer when it names a question
 * and the sender is the owner or an admin (once), else a comment under that moment (403 内容审核中 while it is
 * under review, 该内容已限制评论 when its comments are closed). Content is HTML stripped to text (line breaks kept); images and files never both;
 * an empty body with files becomes 分享文件 (spec 001 §5). Fields the server does not use here (replyCommentId,
 * shareObj, retweet) are taken and ignored so the client's draft decodes whole.
 */
export const reviewSubmit = put('review.submit', '/api/review/v1', {
  body: Schema.Struct({
    momentId: Id,
    topic: Schema.optional(Schema.NullOr(Schema.Struct({ topicId: Id, topicName: Schema.optional(Text(100)) }))),
    replyId: Schema.optional(Schema.NullOr(Id)),
    replyCommentId: Schema.optional(Schema.NullOr(Id)),
    title: Schema.optional(Text(MOMENT_TITLE_MAX)),
    content: Text(MOMENT_HTML_MAX),
    momentTags: Schema.optional(Schema.Array(Id).check(Schema.isMaxLength(MOMENT_TAGS_MAX))),
    files: Schema.optional(
      Schema.Array(Schema.Struct({ url: Text(URL_MAX), name: Text(200), extension: Text(20), icon: Schema.optional(Text(URL_MAX)) })).check(
        Schema.isMaxLength(MOMENT_FILES_MAX),
      ),
    ),
    pictureUrls: Schema.optional(Urls(MOMENT_IMAGES_MAX)),
    shareObj: Schema.optional(Schema.NullOr(Schema.Struct({ authorNick: Text(100), title: Text(200), content: Text(2000), pictureUrls: Schema.optional(Urls(9)) }))),
    refContents: Schema.optional(Schema.Array(Text(32)).check(Schema.isMaxLength(REF_CONTENTS_MAX))),
    retweet: Schema.optional(Schema.Boolean),
    questionType: Schema.optional(Schema.NullOr(QuestionType)),
    riskTipId: Schema.optional(Schema.NullOr(Id)),
  }),
  result: CircleDynamic,
})

// --- financial circle reads -------------------------------------------------------------------------

/** spec 001 §7: GET /api/financial-circle/detail (financialCircleId) — the same detail as /api/moment/{id}/v1, by query. */
export const financialCircleDetail = get('financialCircle.detail', '/api/financial-circle/detail', {
  query: Schema.Struct({ financialCircleId: IdFromString }),
  result: CircleDetail,
})

/** spec 001 §7: GET /api/financial-circle/{id}/homepage — the intro with the newest moments the reader may see (a sample for outsiders). */
export const financialCircleHomepage = get('financialCircle.homepage', '/api/financial-circle/{id}/homepage', {
  params: Schema.Struct({ id: PathId }),
  result: Schema.Struct({ intro: CircleIntro, carousel: Schema.Array(DynamicSample), tags: Schema.Array(MomentTag), topics: Schema.Array(CircleTopic) }),
})

/** spec 001 §7: GET /api/financial-circle/circle/search/v1 (keyword) — circles by name or brief (spec 001 §9: 10). Public. */
export const circleSearch = get('financialCircle.search', '/api/financial-circle/circle/search/v1', {
  query: Schema.Struct({ keyword: Keyword, page: Schema.optional(IdFromString), count: Schema.optional(CountFromString) }),
  result: Page(CircleSummary),
})

/** spec 001 §7: GET /api/financial-circle/tip/v1 — (ours) the notice shown before joining or posting, per circle when financialCircleId is given. */
export const financialCircleTip = get('financialCircle.tip', '/api/financial-circle/tip/v1', {
  query: Schema.Struct({ financialCircleId: Schema.optional(IdFromString) }),
  result: Schema.Struct({ title: Schema.String, content: Schema.String }),
})

// --- recommendations ----------------------------------------------------------------------------------

/** spec 001 §7: GET /api/vips/recommend/v1 — (ours) the advisers whose circles are recommended (the /chiefCircle sidebar). */
export const vipsRecommend = get('vips.recommend', '/api/vips/recommend/v1', {
  result: Schema.Array(Schema.Struct({ ...CircleUser.fields, circleCount: Schema.Number, memberCount: Schema.Number })),
})
/** spec 001 §7: GET /api/vips/recommend/user/v1 (page) — the recommendation page's users tab. */
export const recommendUsers = get('vips.recommendUsers', '/api/vips/recommend/user/v1', {
  query: PageQuery,
  result: Page(Schema.Struct({ ...CircleUser.fields, circleCount: Schema.Number, memberCount: Schema.Number, circles: Schema.Array(CircleSummary) })),
})
/** spec 001 §7: GET /api/vips/recommend/financial-circle/v1 (page) — the recommendation page's financial-circles tab. */
export const recommendCircles = get('vips.recommendCircles', '/api/vips/recommend/financial-circle/v1', {
  query: Schema.Struct({ ...PageQuery.fields, type: Schema.optional(CircleType) }),
  result: Page(CircleSummary),
})
