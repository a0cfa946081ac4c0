// spec 000 §7 'Posting and interaction' (the rest of issue 12 beyond core/api/posting.ts), the
// community reads of dynamics, §7 'Account' personal reads, 'Author application', and 001 §7 share,
// complain and violation. Where the spec names no path (pinning a dynamic on one's page, marking
// essence, closing comments, comments to me, recording a read) the path follows its naming and says
// so. Every id fits an integer column and no text takes NUL (design.md pitfalls).
import * as Schema from 'effect/Schema'
import { get, publicGet, post, put, del } from './endpoint'
import { Author, BoolFromString, CountFromString, Id, IdFromString, IntFromString, Seconds, Text, Ok } from './common'
import { Page, CursorQuery } from './page'
import { PostSummary } from './reading-community'
import { CommentItem, ContentSource, LikeState, PublishedPost, ReviewStatus } from './posting'
import { StockCodeText } from '../posting/rich-text'
import { COMMENT_CONTENT_MAX, COMMENT_IMAGE_MAX, POST_HTML_MAX, POST_IMAGE_MAX, POST_TITLE_MAX, URL_MAX } from '../posting/limits'

const Urls = (max: number) => Schema.Array(Text(URL_MAX)).check(Schema.isMaxLength(max))

// --- dynamics (a discussion post or a long article as the community shows it) ---------------

/** A post as the community shows it: the post summary's fields, with its review state and the reader's own marks. */
export const Dynamic = Schema.Struct({
  ...PostSummary.fields,
  kind: Schema.Literals(['discussion', 'article']),
  /** others only ever see 'approved'; the author sees their own 'reviewing' and 'rejected' too */
  status: ReviewStatus,
  /** an article's body through the one sanitiser: in the detail only ('' in lists and for a discussion post) */
  html: Schema.String,
  favCount: Schema.Number,
  /** spec 000 §4: pinned (top) on the author's page; essence (精华) */
  top: Schema.Boolean,
  essence: Schema.Boolean,
  /** spec 000 §5: a closed comment shows 'this content has restricted comments' */
  commentsClosed: Schema.Boolean,
  /** the reader's own like and favourite (false for guests) */
  liked: Schema.Boolean,
  favorited: Schema.Boolean,
  /** '' when approved; 内容审核中 under review; the reason when rejected (author only) */
  reviewMessage: Schema.String,
})
export type Dynamic = typeof Dynamic.Type

/** spec 000 §7: /api/community/dynamic/my-dynamics/v2 (article, userId, timestamp, count): a user's dynamics, pinned first on the first page. */
export const myDynamics = get('dynamic.myDynamics', '/api/community/dynamic/my-dynamics/v2', {
  query: Schema.Struct({
    /** true: long articles only; false: discussion posts only; absent: both */
    article: Schema.optional(BoolFromString),
    /** whose (the signed-in reader's own when absent) */
    userId: Schema.optional(IdFromString),
    timestamp: Schema.optional(IntFromString),
    count: Schema.optional(CountFromString),
  }),
  result: Page(Dynamic),
})
/** spec 000 §7: /api/community/dynamic/detail/{id}/v2 — personal (the author's own under review; liked), never cached. */
export const dynamicDetail = get('dynamic.detail', '/api/community/dynamic/detail/{id}/v2', { params: Schema.Struct({ id: IdFromString }), result: Dynamic })

/** spec 000 §7: POST /api/community/dynamic/like; DELETE /api/community/dynamic/like/{model}/{type}/{id}. model: what is liked; type: the reaction (only 'like'). */
export const LikeModel = Schema.Literals(['dynamic', 'comment'])
export const dynamicLike = post('dynamic.like', '/api/community/dynamic/like', {
  body: Schema.Struct({ model: LikeModel, type: Schema.optional(Schema.Literal('like')), id: Id }),
  result: LikeState,
})
export const dynamicUnlike = del('dynamic.unlike', '/api/community/dynamic/like/{model}/{type}/{id}', {
  params: Schema.Struct({ model: LikeModel, type: Schema.Literal('like'), id: IdFromString }),
  result: LikeState,
})

/** Pinning one's own dynamic on one's page (spec 000 §4 'pinned (top)'; no path named). */
export const dynamicTop = put('dynamic.top', '/api/community/dynamic/top/v1', {
  body: Schema.Struct({ dynamicId: Id, top: Schema.Boolean }),
  result: Ok,
})
/** Marking essence (spec 000 §4; no path named): editors only (role EDITOR); others 403. */
export const dynamicEssence = put('dynamic.essence', '/api/community/dynamic/essence/v1', {
  body: Schema.Struct({ dynamicId: Id, essence: Schema.Boolean }),
  result: Ok,
})
/** The author closes or opens comments on their dynamic (no path named); a closed one answers 该内容已限制评论 to new comments. */
export const dynamicCommentSwitch = put('dynamic.commentSwitch', '/api/community/dynamic/comment-switch/v1', {
  body: Schema.Struct({ dynamicId: Id, closed: Schema.Boolean }),
  result: Ok,
})

/** spec 000 §7: /api/topContent/list — the community's top content: essence dynamics, newest first. */
export const topContent = publicGet('topContent.list', '/api/topContent/list', { query: Schema.Struct({ count: Schema.optional(CountFromString) }), result: Schema.Array(Dynamic) })
/** spec 000 §7: /api/follow/home/v1 — dynamics of the users the reader follows (and the reader's own), newest first. */
export const followHome = get('follow.home', '/api/follow/home/v1', { query: CursorQuery, result: Page(Dynamic) })
/** spec 000 §7: POST /api/hotContent/application/apply — the author asks for their approved dynamic to be considered hot content. */
export const hotContentApply = post('hotContent.apply', '/api/hotContent/application/apply', {
  body: Schema.Struct({ dynamicId: Id, reason: Schema.optional(Text(200)) }),
  result: Schema.Struct({ id: Schema.Number, status: Schema.Literals(['pending', 'accepted', 'refused']) }),
})

// --- stock comments (spec 000 §3 'Stock comment post', 'Stock comment reply') ------------------

/** spec 000 §7: PUT /api/stock-comment/post (content, pictureUrls, stocks, title) — a discussion post on stocks. */
export const stockCommentPost = put('stockComment.post', '/api/stock-comment/post', {
  body: Schema.Struct({
    content: Text(POST_HTML_MAX),
    pictureUrls: Schema.optional(Urls(POST_IMAGE_MAX)),
    stocks: Schema.Array(StockCodeText).check(Schema.isMinLength(1), Schema.isMaxLength(10)),
    title: Schema.optional(Text(POST_TITLE_MAX)),
  }),
  result: PublishedPost,
})
/** spec 000 §7: PUT /api/stock-comment/comment (content, pictureUrls, postId, replyCommentId) */
export const stockCommentComment = put('stockComment.comment', '/api/stock-comment/comment', {
  body: Schema.Struct({
    content: Text(COMMENT_CONTENT_MAX * 3),
    pictureUrls: Schema.optional(Urls(COMMENT_IMAGE_MAX)),
    postId: Id,
    replyCommentId: Schema.optional(Schema.NullOr(Id)),
  }),
  result: CommentItem,
})
export const StockLikeType = Schema.Literals(['post', 'comment'])
/** spec 000 §7: PUT /api/stock-comment/like; DELETE /api/stock-comment/like/{type}/{id} */
export const stockCommentLike = put('stockComment.like', '/api/stock-comment/like', {
  body: Schema.Struct({ type: StockLikeType, id: Id }),
  result: LikeState,
})
export const stockCommentUnlike = del('stockComment.unlike', '/api/stock-comment/like/{type}/{id}', {
  params: Schema.Struct({ type: StockLikeType, id: IdFromString }),
  result: LikeState,
})
/** spec 000 §7: DELETE /api/stock-comment/post/{id} — the author's own */
export const stockCommentDelete = del('stockComment.delete', '/api/stock-comment/post/{id}', {
  params: Schema.Struct({ id: IdFromString }),
  result: Ok,
})

// --- shares (spec 000 §7: POST /api/share/v1 and /v2; GET /api/share/public/{code}/v1) --------

/** a circle's moment too (001 §7; its public page shows only the circle's intro and the moment's title and summary) */
export const ShareSource = Schema.Literals(['post', 'news', 'circleDynamic'])
export const ShareBody = Schema.Struct({ source: ShareSource, id: Id })
/** The circle a shared moment is in, as an outsider may see it (its intro, whether it is paid). */
export const SharedCircle = Schema.Struct({ id: Schema.Number, name: Schema.String, avatar: Schema.String, brief: Schema.String, intro: Schema.String, paid: Schema.Boolean })
export const Share = Schema.Struct({
  /** 12 letters and digits, not guessable */
  code: Schema.String,
  /** same-origin path of the shared page: /p/12, /news/5 or /chiefCircle/comment/7 */
  url: Schema.String,
  title: Schema.String,
  summary: Schema.String,
})
export type Share = typeof Share.Type
/** Only approved content can be shared (the author's own under review: 403 内容审核中). v1 and v2 answer alike. */
export const shareV1 = post('share.v1', '/api/share/v1', { body: ShareBody, result: Share })
export const shareV2 = post('share.v2', '/api/share/v2', { body: ShareBody, result: Share })
/** Public: what a share code points to, while it is still approved (else 404 分享内容不存在). */
export const sharePublic = get('share.public', '/api/share/public/{code}/v1', {
  params: Schema.Struct({ code: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9]{1,32}$/)) }),
  result: Schema.Struct({
    ...Share.fields,
    source: ShareSource,
    id: Schema.Number,
    author: Author,
    pictureUrls: Schema.Array(Schema.String),
    createTimestamp: Seconds,
    /** a circle's moment: its circle's intro (null for posts and news); the moment's body never travels here */
    circle: Schema.NullOr(SharedCircle),
  }),
})

// --- complain, appeal, violation ---------------------------------------------------------------

/** What can be complained about (001 §7 POST /api/user/complain/{type}/v1; 000 writes {id}: one route). */
export const ComplainType = Schema.Literals(['post', 'comment', 'news', 'user', 'circleDynamic', 'circleComment'])
export const COMPLAIN_REASONS = ['spam', 'abuse', 'illegal', 'fraud', 'porn', 'other'] as const
export const complain = post('user.complain', '/api/user/complain/{type}/v1', {
  params: Schema.Struct({ type: ComplainType }),
  body: Schema.Struct({ id: Id, reason: Schema.Literals(COMPLAIN_REASONS), content: Schema.optional(Text(500)) }),
  result: Schema.Struct({ id: Schema.Number }),
})
/** what a violation is about: a post, a comment, a circle's moment or a comment under one */
export const ViolationSource = Schema.Literals(['post', 'comment', 'circleDynamic', 'circleComment'])
export const Violation = Schema.Struct({
  id: Schema.Number,
  source: ViolationSource,
  refId: Schema.Number,
  /** the content's title or start, as text */
  subject: Schema.String,
  reason: Schema.String,
  appealStatus: Schema.Literals(['none', 'pending', 'accepted', 'refused']),
  createTimestamp: Seconds,
})
export type Violation = typeof Violation.Type
/** spec 000 §7: POST /api/user/appeal/v1 — the author appeals a violation on their content, once. */
export const appeal = post('user.appeal', '/api/user/appeal/v1', { body: Schema.Struct({ violationId: Id, content: Text(500) }), result: Violation })
/** spec 000 §7: /api/violation/{id}/v1 — the author's own violation (others 404). */
export const violationDetail = get('violation.detail', '/api/violation/{id}/v1', { params: Schema.Struct({ id: IdFromString }), result: Violation })
/** spec 000 §7: /api/user/violation/{a}/{b}/v1 — read as {source}/{refId}: the violation on one piece of the reader's content, or null. */
export const violationOf = get('violation.of', '/api/user/violation/{source}/{refId}/v1', {
  params: Schema.Struct({ source: ViolationSource, refId: IdFromString }),
  result: Schema.NullOr(Violation),
})

/** spec 000 §7: /api/riskTip/v1 — the risk categories (001 §3 content category: id, name, summary). */
export const RiskTip = Schema.Struct({ id: Schema.Number, name: Schema.String, summary: Schema.String })
export type RiskTip = typeof RiskTip.Type
export const riskTips = publicGet('riskTip.list', '/api/riskTip/v1', { publicMaxAgeMs: 10_000, result: Schema.Array(RiskTip) })

// --- personal reads (spec 000 §7 'Account') ------------------------------------------------------

/** spec 000 §7: /api/post/my-publish (count, timestamp, status) — the reader's posts and articles, every status but drafts. */
export const myPublish = get('post.myPublish', '/api/post/my-publish', {
  query: Schema.Struct({ count: Schema.optional(CountFromString), timestamp: Schema.optional(IntFromString), status: Schema.optional(Schema.Literals(['reviewing', 'approved', 'rejected'])) }),
  result: Page(Dynamic),
})
/** spec 000 §7: /api/post/total/v1 — the reader's counts. */
export const postTotal = get('post.total', '/api/post/total/v1', {
  result: Schema.Struct({ total: Schema.Number, approved: Schema.Number, reviewing: Schema.Number, rejected: Schema.Number, drafts: Schema.Number }),
})
/** A post or news article in a personal list; what is no longer visible to the reader is left out. */
const ItemFields = {
  source: ContentSource,
  id: Schema.Number,
  title: Schema.String,
  summary: Schema.String,
  author: Author,
  pictureUrl: Schema.String,
}
/** favTimestamp: when it was favourited */
export const FavoriteItem = Schema.Struct({ ...ItemFields, favTimestamp: Seconds })
export type FavoriteItem = typeof FavoriteItem.Type
/** spec 000 §7: /api/user/fav/v1 — the reader's favourites, newest first (what is no longer visible is left out). */
export const myFavorites = get('user.fav', '/api/user/fav/v1', { query: CursorQuery, result: Page(FavoriteItem) })
export const ReadItem = Schema.Struct({ ...ItemFields, readTimestamp: Seconds })
/** spec 000 §7: /api/post/read-history — what the reader opened, newest first. */
export const readHistory = get('post.readHistory', '/api/post/read-history', { query: CursorQuery, result: Page(ReadItem) })
/** Recording a read (a POST, since no GET changes state): the client sends it when a post or news page opens. */
export const recordRead = post('post.recordRead', '/api/post/read-history', { body: Schema.Struct({ source: ContentSource, id: Id }), result: Ok })
export const MyComment = Schema.Struct({
  ...CommentItem.fields,
  /** what it is on: the post's or news article's title, and its page */
  target: Schema.Struct({ title: Schema.String, link: Schema.String }),
})
export type MyComment = typeof MyComment.Type
/** spec 000 §7: /api/comment/my — the reader's comments, every status, newest first. */
export const myComments = get('comment.my', '/api/comment/my', { query: CursorQuery, result: Page(MyComment) })
/** /myHome/commentMe (no path named): approved comments on the reader's posts and replies to the reader's comments, by others. */
export const commentsToMe = get('comment.toMe', '/api/comment/to-me/v1', { query: CursorQuery, result: Page(MyComment) })

// --- author application (spec 000 §7 'Author application'; §3 column-author application) ------------

export const ApplyType = Schema.Literals(['personal', 'enterprise'])
export const ApplyStatus = Schema.Literals(['none', 'reviewing', 'approved', 'rejected'])
const Digits = (min: number, max: number) => Schema.String.check(Schema.isPattern(new RegExp(`^[0-9]{${min},${max}}$`)))
export const ColumnApplyBody = Schema.Struct({
  type: ApplyType,
  name: Text(40),
  /** mainland ID card: 17 digits and a digit or X */
  idCard: Schema.String.check(Schema.isPattern(/^[0-9]{17}[0-9Xx]$/)),
  articleLinks: Schema.Array(Text(URL_MAX)).check(Schema.isMaxLength(5)),
  countryCode: Digits(1, 4),
  phone: Digits(5, 15),
  /** the SMS code sent to this phone by POST /api/over-sea-sms/message-code with purpose 'bind' */
  verificationCode: Digits(6, 6),
  email: Text(100),
  enterpriseName: Schema.optional(Text(100)),
  businessLicenseNum: Schema.optional(Text(40)),
  businessLicensePicture: Schema.optional(Text(URL_MAX)),
  internetServiceLicensePicture: Schema.optional(Text(URL_MAX)),
})
export const ColumnApplication = Schema.Struct({
  id: Schema.Number,
  type: ApplyType,
  name: Schema.String,
  /** masked: first 3 and last 4 kept */
  idCard: Schema.String,
  articleLinks: Schema.Array(Schema.String),
  countryCode: Schema.String,
  phone: Schema.String,
  email: Schema.String,
  enterpriseName: Schema.String,
  businessLicenseNum: Schema.String,
  businessLicensePicture: Schema.String,
  internetServiceLicensePicture: Schema.String,
  status: ApplyStatus,
  reason: Schema.String,
  updateTimestamp: Seconds,
})
export type ColumnApplication = typeof ColumnApplication.Type
export const columnApplyStatus = get('columnApply.status', '/api/column/apply/user/apply-status/v1', {
  result: Schema.Struct({ status: ApplyStatus, id: Schema.NullOr(Schema.Number), reason: Schema.String }),
})
export const columnApply = post('columnApply.apply', '/api/column/apply/v2', { body: ColumnApplyBody, result: ColumnApplication })
export const columnApplication = get('columnApply.get', '/api/column/apply/user/apply/v1', { result: Schema.NullOr(ColumnApplication) })
export const columnApplyEdit = put('columnApply.edit', '/api/column/apply/{id}/v1', {
  params: Schema.Struct({ id: IdFromString }),
  body: ColumnApplyBody,
  result: ColumnApplication,
})

