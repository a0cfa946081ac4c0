// spec 000 §7 'Posting and interaction' (issue 12, server foundation): discussion posts, long articles
// with drafts, comments with replies, likes, favourites, the moderation call. Where the spec names no
// path (saving a draft, publishing an article, the moderation sandbox) the path follows its naming and
// says so. Every id fits an integer column and no text takes NUL (design.md pitfalls).
import * as Schema from 'effect/Schema'
import { get, post, del } from './endpoint'
import { CountFromString, Id, IdFromString, IntFromString, Seconds, Text, Ok } from './common'
import { Page, PageQuery } from './page'
import { RichTokens } from '../posting/rich-text'
import {
  COMMENT_CONTENT_MAX,
  COMMENT_IMAGE_MAX,
  POST_HTML_MAX,
  POST_IMAGE_MAX,
  POST_TITLE_MAX,
  REF_CONTENTS_MAX,
  URL_MAX,
} from '../posting/limits'

const PathId = IdFromString
const Urls = (max: number) => Schema.Array(Text(URL_MAX)).check(Schema.isMaxLength(max))

/** spec 000 §4 review status: only approved content is shown to others. */
export const REVIEW_STATUSES = ['draft', 'reviewing', 'approved', 'rejected'] as const
export const ReviewStatus = Schema.Literals(REVIEW_STATUSES)
export type ReviewStatus = typeof ReviewStatus.Type

/** What a comment or a favourite is attached to. */
export const CONTENT_SOURCES = ['post', 'news'] as const
export const ContentSource = Schema.Literals(CONTENT_SOURCES)
export type ContentSource = typeof ContentSource.Type


export const PublishedPost = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literals(['discussion', 'article']),
  status: ReviewStatus,
  title: Schema.String,
  /** plain text (discussion) or the article's text; shown as text */
  content: Schema.String,
  /** the article body rendered from its tokens through the one sanitiser ('' for a discussion post) */
  html: Schema.String,
  createTimestamp: Seconds,
})
export type PublishedPost = typeof PublishedPost.Type

// --- discussion posts (dynamics) ------------------------------------------------------------

/** spec 000 §3 Discussion post: title, topicId, content, pictureUrls, refContents, riskTipId */
export const publishDynamic = post('dynamic.publish', '/api/community/dynamic/v3', {
  body: Schema.Struct({
    title: Schema.optional(Text(POST_TITLE_MAX)),
    topicId: Schema.optional(Schema.NullOr(Id)),
    /** the editor's HTML: stripped to text with line breaks (spec 000 §5) */
    content: Text(POST_HTML_MAX),
    pictureUrls: Schema.optional(Urls(POST_IMAGE_MAX)),
    refContents: Schema.optional(Schema.Array(Text(32)).check(Schema.isMaxLength(REF_CONTENTS_MAX))),
    riskTipId: Schema.optional(Schema.NullOr(Id)),
  }),
  result: PublishedPost,
})

/** spec 000 §7: DELETE /api/community/dynamic/{id} — the author's own */
export const deleteDynamic = del('dynamic.delete', '/api/community/dynamic/{id}', { params: Schema.Struct({ id: PathId }), result: Ok })

export const LikeState = Schema.Struct({ liked: Schema.Boolean, likeCount: Schema.Number })
export const FavState = Schema.Struct({ favorited: Schema.Boolean, favCount: Schema.Number })
const PostParams = Schema.Struct({ id: PathId })

/** spec 000 §7: POST /api/post/{id}/like/add, /like/delete, /fav/add; POST /api/post/{id}/delete */
export const postLikeAdd = post('post.likeAdd', '/api/post/{id}/like/add', { params: PostParams, result: LikeState })
export const postLikeDelete = post('post.likeDelete', '/api/post/{id}/like/delete', { params: PostParams, result: LikeState })
export const postFavAdd = post('post.favAdd', '/api/post/{id}/fav/add', { params: PostParams, result: FavState })
export const postDelete = post('post.delete', '/api/post/{id}/delete', { params: PostParams, result: Ok })

// --- favourites -----------------------------------------------------------------------------

/** spec 000 §7: POST /api/favorite/v2 */
export const favoriteAdd = post('favorite.add', '/api/favorite/v2', { body: Schema.Struct({ source: ContentSource, id: Id }), result: FavState })
/**
 * The count of one item's favourites and whether the reader holds one (false for a guest): the news
 * page's 收藏 (issue 25), whose detail is the same for every reader. The spec names no read; this is
 * the GET of its DELETE's path. Reading it writes nothing.
 */
export const favoriteState = get('favorite.state', '/api/favorite/{source}/{id}/v2', {
  params: Schema.Struct({ source: ContentSource, id: PathId }),
  result: FavState,
})
/** spec 000 §7: DELETE /api/favorite/{source}/{id}/v2 */
export const favoriteDelete = del('favorite.delete', '/api/favorite/{source}/{id}/v2', {
  params: Schema.Struct({ source: ContentSource, id: PathId }),
  result: FavState,
})

// --- comments -------------------------------------------------------------------------------

export const CommentItem = Schema.Struct({
  id: Schema.Number,
  source: ContentSource,
  refId: Schema.Number,
  author: Schema.Struct({ id: Schema.Number, nick: Schema.String, avatar: Schema.String }),
  /** plain text with line breaks; shown as text */
  content: Schema.String,
  pictureUrls: Schema.Array(Schema.String),
  replyCommentId: Schema.NullOr(Schema.Number),
  replyUser: Schema.NullOr(Schema.Struct({ id: Schema.Number, nick: Schema.String })),
  status: ReviewStatus,
  likeCount: Schema.Number,
  replyCount: Schema.Number,
  createTimestamp: Seconds,
})
export type CommentItem = typeof CommentItem.Type

/** spec 000 §3 Comment: source, refId, content, pictureUrls, replyCommentId, retweet, riskTipId */
export const commentCreate = post('comment.create', '/api/comments/v2', {
  body: Schema.Struct({
    source: ContentSource,
    refId: Id,
    content: Text(COMMENT_CONTENT_MAX * 3),
    pictureUrls: Schema.optional(Urls(COMMENT_IMAGE_MAX)),
    replyCommentId: Schema.optional(Schema.NullOr(Id)),
    retweet: Schema.optional(Schema.Boolean),
    riskTipId: Schema.optional(Schema.NullOr(Id)),
  }),
  result: CommentItem,
})
const CommentParams = Schema.Struct({ id: PathId })
/** spec 000 §7: DELETE /api/comments/{id}/v1 — the author's own */
export const commentDelete = del('comment.delete', '/api/comments/{id}/v1', { params: CommentParams, result: Ok })
/** spec 000 §7: POST and DELETE /api/comments/{id}/like/v1 */
export const commentLike = post('comment.like', '/api/comments/{id}/like/v1', { params: CommentParams, result: LikeState })
export const commentUnlike = del('comment.unlike', '/api/comments/{id}/like/v1', { params: CommentParams, result: LikeState })

// --- long articles and drafts ----------------------------------------------------------------

export const ArticleDraft = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  tokens: RichTokens,
  /** the body through the one sanitiser, for the preview */
  html: Schema.String,
  updateTimestamp: Seconds,
})
export type ArticleDraft = typeof ArticleDraft.Type

const ArticleBody = { title: Text(POST_TITLE_MAX), tokens: RichTokens }

/** Saving a draft: the spec names only getMyList and delMyOne; named like them. A new draft without id. */
export const articleDraftSave = post('articleDraft.save', '/api/columnArticleDraft/saveMyOne', {
  body: Schema.Struct({ id: Schema.optional(Id), ...ArticleBody }),
  result: ArticleDraft,
})
/** spec 000 §7 personal reads: /api/columnArticleDraft/getMyList */
export const articleDraftList = get('articleDraft.list', '/api/columnArticleDraft/getMyList', {
  query: PageQuery,
  result: Page(ArticleDraft),
})
/**
 * spec 000 §7: /api/columnArticleDraft/delMyOne — a GET as the spec names it ('all calls are GET unless
 * stated'), which changes state: CSRF-checked like a POST and write-limited (changesState).
 */
export const articleDraftDelete = get('articleDraft.delete', '/api/columnArticleDraft/delMyOne', {
  changesState: true,
  query: Schema.Struct({ id: IdFromString }),
  result: Ok,
})
/** Publishing a long article (from a draft when draftId is given); the spec names no path. */
export const articlePublish = post('article.publish', '/api/columnArticle/publish/v1', {
  body: Schema.Struct({ draftId: Schema.optional(Id), ...ArticleBody }),
  result: PublishedPost,
})

// --- moderation -----------------------------------------------------------------------------

/** spec 000 §5: text is checked through a moderation call before posting; the outcome is not shown. */
export const moderateText = post('text.moderate', '/api/text/moderate/moment/v1', {
  body: Schema.Struct({ content: Text(POST_HTML_MAX) }),
  result: Schema.Struct({ pass: Schema.Boolean }),
})

/** The local moderation's sandbox (local mode, loopback only): decide a post or comment under review now. */
export const moderationSandboxDecide = post('sandbox.moderationDecide', '/api/sandbox/moderation/v1', {
  body: Schema.Struct({ kind: Schema.Literals(['post', 'comment']), id: Id, approve: Schema.Boolean }),
  result: Schema.Struct({ status: ReviewStatus }),
})

// --- comment lists (spec 000 §7 community reads) ------------------------------------------------

/** A top-level comment with its newest replies (all of them up to REPLIES_SHOWN; replyCount says how many in all). */
export const CommentThread = Schema.Struct({ ...CommentItem.fields, replies: Schema.Array(CommentItem) })
export type CommentThread = typeof CommentThread.Type
export const REPLIES_SHOWN = 3
const CommentCursorQuery = Schema.Struct({ createTimestamp: Schema.optional(IntFromString), count: Schema.optional(CountFromString) })
/**
 * spec 000 §7: /api/comments/article/{id}/v2 and /api/comments/dynamic/{id}/v2 (createTimestamp):
 * newest first, older than createTimestamp. Personal (the reader's own comments under review show),
 * so never cached.
 */
export const commentsOfArticle = get('comments.article', '/api/comments/article/{id}/v2', { params: Schema.Struct({ id: PathId }), query: CommentCursorQuery, result: Page(CommentThread) })
export const commentsOfDynamic = get('comments.dynamic', '/api/comments/dynamic/{id}/v2', { params: Schema.Struct({ id: PathId }), query: CommentCursorQuery, result: Page(CommentThread) })
