// Posts: discussion posts (the dialog) and long articles (the editor, with drafts): the service. The
// queries are in posts-repository.ts; this file decides and owns the transactions. spec 000 §3
// Discussion post; §4 review status; §5 post rules.
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import type { ArticleDraft, PublishedPost, ReviewStatus } from '../../core/api/posting'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { checkTokens, isAcceptedImageUrl, tokensToPlainText, type RichToken } from '../../core/posting/rich-text'
import { bodyForSubmit } from '../../core/validation/post-body'
import type { ModerationPort } from './moderation'
import { dueSeconds } from './review'
import * as posts from './posts-repository'
import { riskTipExists } from '../interaction/risk-tips-repository'
import { topicExists } from '../reading/community/topics-repository'
import { deleteCommentsOf } from './comments-repository'
import { deleteFavoritesOf } from './favorites-repository'
import { tokensToSafeHtml } from './sanitise'
import { numberedPage, type NumberedPage } from '../../core/api/page'
import { onMentions, onPostLiked, onReviewed, postSubject } from '../messages/events'

export type PostRow = posts.OwnPostRow

export function toPublished(r: PostRow): PublishedPost {
  return {
    id: Number(r.id),
    kind: r.kind,
    status: r.status,
    title: r.title,
    content: r.content,
    html: r.body_tokens ? tokensToSafeHtml(r.body_tokens) : '',
    createTimestamp: Number(r.create_timestamp),
  }
}

export function toDraft(r: PostRow): ArticleDraft {
  const tokens = r.body_tokens ?? []
  return { id: Number(r.id), title: r.title, tokens, html: tokensToSafeHtml(tokens), updateTimestamp: Number(r.update_timestamp ?? r.create_timestamp) }
}

export interface Ctx {
  db: Db
  moderation: ModerationPort
  nowMs: number
}
const secondsOf = (ms: number) => Math.floor(ms / 1000)

async function moderate(ctx: Ctx, ...texts: string[]): Promise<void> {
  const verdict = await ctx.moderation.checkText(texts.join('\n'))
  if (!verdict.pass) throw new ApiError(400, M.forbiddenWords)
}

function checkImages(urls: readonly string[]): void {
  if (!urls.every(isAcceptedImageUrl)) throw new ApiError(400, M.badImage)
}

export async function getPost(db: Db, id: number): Promise<PostRow | null> {
  return (await posts.findPost(db, id)) ?? null
}

/**
 * A post someone may act on (like, favourite, comment): approved; the author's own under review
 * answers 403 内容审核中 (spec 000 §4: input blocked); anything else is not there for this reader.
 */
export async function actionablePost(db: Db, id: number, userId: number): Promise<PostRow> {
  const row = await getPost(db, id)
  if (!row || row.status === 'draft' || (row.status !== 'approved' && row.user_id !== userId)) throw notFound(M.postNotFound)
  if (row.status !== 'approved') throw new ApiError(403, M.underReview)
  return row
}

/** spec 000 §5: HTML stripped, line breaks kept; an empty body needs a picture. Starts under review. */
export async function publishDiscussion(
  ctx: Ctx,
  userId: number,
  input: { title?: string | undefined; topicId?: number | null | undefined; content: string; pictureUrls?: readonly string[] | undefined; refContents?: readonly string[] | undefined; riskTipId?: number | null | undefined },
  /** the body as tokens when the server wrote it (a shared portfolio's link); `content` is their text */
  bodyTokens: readonly RichToken[] | null = null,
): Promise<PublishedPost> {
  const pictures = input.pictureUrls ?? []
  checkImages(pictures)
  const content = bodyForSubmit(input.content, 0)
  const title = (input.title ?? '').trim()
  if (content === '' && pictures.length === 0) throw new ApiError(400, M.emptyBody)
  if (content.length > 20_000) throw new ApiError(400, M.contentTooLong)
  if (input.topicId != null) {
    if (!(await topicExists(ctx.db, input.topicId))) throw new ApiError(400, M.topicNotFound)
  }
  // spec 000 §5: the risk category chosen in the modal must be one of /api/riskTip/v1
  if (input.riskTipId != null && !(await riskTipExists(ctx.db, input.riskTipId))) {
    throw new ApiError(400, M.riskTipNotFound)
  }
  await moderate(ctx, title, content)
  const refs = input.refContents ?? []
  const stocks = refs.filter((r) => /^(hk|us|sh|sz)[A-Za-z0-9.]{1,12}$/.test(r))
  const now = secondsOf(ctx.nowMs)
  const row = await posts.insertPost(ctx.db, {
    user_id: userId,
    kind: 'discussion',
    status: 'reviewing',
    title,
    content,
    body_tokens: bodyTokens ? JSON.stringify(checkedTokens(bodyTokens)) : null,
    topic_id: input.topicId ?? null,
    picture_urls: [...pictures],
    stocks,
    ref_contents: [...refs],
    risk_tip_id: input.riskTipId ?? null,
    review_due: dueSeconds(ctx.moderation.autoApproveAt(ctx.nowMs)),
    create_timestamp: now,
    update_timestamp: now,
  })
  // spec 001 §3: refContents hold stock codes, portfolio codes and user ids — the ids are mentions
  await onMentions(ctx.db, row, refs.filter((r) => /^[1-9][0-9]{0,9}$/.test(r)).map(Number), now)
  return toPublished(row)
}

function checkedTokens(tokens: readonly RichToken[]): RichToken[] {
  const checked = checkTokens(tokens)
  if (!checked.ok) throw new ApiError(400, checked.message)
  return checked.tokens
}

async function ownDraft(db: Db, userId: number, id: number): Promise<PostRow> {
  const row = await getPost(db, id)
  if (!row || row.status !== 'draft' || row.kind !== 'article' || row.user_id !== userId) throw notFound(M.draftNotFound)
  return row
}

const pictureUrlsOf = (tokens: readonly RichToken[]) => tokens.flatMap((t) => (t.type === 'image' ? [t.url] : []))
const stocksOf = (tokens: readonly RichToken[]) => [...new Set(tokens.flatMap((t) => (t.type === 'stock' ? [t.code] : [])))]

/** Saves (creates or updates) the author's draft. A draft is never moderated and never shown to others. */
export async function saveDraft(ctx: Ctx, userId: number, input: { id?: number | undefined; title: string; tokens: readonly RichToken[] }): Promise<ArticleDraft> {
  const tokens = checkedTokens(input.tokens)
  const content = tokensToPlainText(tokens)
  const now = secondsOf(ctx.nowMs)
  const json = JSON.stringify(tokens)
  if (input.id !== undefined) {
    await ownDraft(ctx.db, userId, input.id)
    const row = (await posts.updatePost(ctx.db, input.id, { title: input.title.trim(), content, body_tokens: json, update_timestamp: now }))!
    return toDraft(row)
  }
  const row = await posts.insertPost(ctx.db, { user_id: userId, kind: 'article', status: 'draft', title: input.title.trim(), content, body_tokens: json, create_timestamp: now, update_timestamp: now })
  return toDraft(row)
}

export async function listDrafts(db: Db, userId: number, page: number, count: number): Promise<NumberedPage<ArticleDraft>> {
  const total = await posts.countPosts(db, { userId, status: 'draft' })
  const rows = await posts.listDrafts(db, userId, count, (page - 1) * count)
  return numberedPage(rows.map(toDraft), { page, count, total })
}

export async function deleteDraft(db: Db, userId: number, id: number): Promise<boolean> {
  await ownDraft(db, userId, id)
  await posts.deletePostRow(db, id)
  return true
}

/** A long article: from the author's draft (which it replaces) or fresh; needs a title and a body. */
export async function publishArticle(ctx: Ctx, userId: number, input: { draftId?: number | undefined; title: string; tokens: readonly RichToken[] }): Promise<PublishedPost> {
  const tokens = checkedTokens(input.tokens)
  const title = input.title.trim()
  const content = tokensToPlainText(tokens)
  if (title === '') throw new ApiError(400, M.emptyTitle)
  if (content === '' && pictureUrlsOf(tokens).length === 0) throw new ApiError(400, M.emptyBody)
  if (input.draftId !== undefined) await ownDraft(ctx.db, userId, input.draftId)
  await moderate(ctx, title, content)
  const now = secondsOf(ctx.nowMs)
  const due = dueSeconds(ctx.moderation.autoApproveAt(ctx.nowMs))
  const json = JSON.stringify(tokens)
  const pictures = pictureUrlsOf(tokens)
  const stocks = stocksOf(tokens)
  const fields = { status: 'reviewing', title, content, body_tokens: json, picture_urls: pictures, stocks, review_due: due, create_timestamp: now, update_timestamp: now } as const
  const row =
    input.draftId !== undefined
      ? (await posts.updatePost(ctx.db, input.draftId, fields))!
      : await posts.insertPost(ctx.db, { user_id: userId, kind: 'article', ...fields })
  await onMentions(ctx.db, row, tokens.flatMap((t) => (t.type === 'mention' ? [t.userId] : [])), now)
  return toPublished(row)
}

/** The author deletes a published post (or one under review); others get 403, unknown ids 404. */
export async function deletePost(db: Db, userId: number, id: number, kind?: 'discussion'): Promise<boolean> {
  const row = await getPost(db, id)
  if (!row || row.status === 'draft' || (kind && row.kind !== kind)) throw notFound(M.postNotFound)
  if (row.user_id !== userId) {
    // someone else's post under review does not exist for this reader
    if (row.status !== 'approved') throw notFound(M.postNotFound)
    throw new ApiError(403, M.notOwner)
  }
  await db.kysely.transaction().execute(async (trx) => {
    await deleteCommentsOf(trx, 'post', id)
    await deleteFavoritesOf(trx, 'post', id)
    await posts.deletePostRow(trx, id)
  })
  return true
}

export async function setPostLike(db: Db, userId: number, id: number, liked: boolean, nowMs: number): Promise<{ liked: boolean; likeCount: number }> {
  const post = await actionablePost(db, id, userId)
  if (liked) {
    if (await posts.addPostLike(db, id, userId, secondsOf(nowMs))) await onPostLiked(db, userId, post, secondsOf(nowMs))
  } else await posts.removePostLike(db, id, userId)
  return { liked, likeCount: await posts.recountLikes(db, id) }
}

export { recountComments } from './posts-repository'

/** The sandbox (and a real moderator later): decide a post under review. */
export async function decidePost(db: Db, id: number, approve: boolean, nowSeconds: number): Promise<ReviewStatus> {
  const row = await posts.updatePost(db, id, { status: approve ? 'approved' : 'rejected', review_due: null }, { status: 'reviewing' })
  if (!row) throw notFound(M.postNotFound)
  await onReviewed(db, 'post', { id: Number(row.id), user_id: Number(row.user_id), subject: postSubject(row), link: `/p/${row.id}` }, approve, nowSeconds)
  return row.status
}
