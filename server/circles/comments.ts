// The comments of a circle's moment and the social side of circle content (issue 27's leftovers; spec 001
// §2 /chiefCircle/comment/{id}/{type}, §4, §7): one moment by id, its comments page by page with the
// reader's likes, liking, deleting (the author their own, the owner and admins any), a reviewer taking a
// moment or a comment down with a reason (a violation its author reads), and what server/interaction/
// social.ts needs to share a moment or take a complaint about one. Who may do what is
// core/circles/access.ts's; a comment is written through PUT /api/review/v1 (service.ts submit).
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import type { CircleComment } from '../../core/api/circle-social'
import type { Violation } from '../../core/api/interaction'
import { numberedPage, type NumberedPage } from '../../core/api/page'
import { CIRCLE_REVIEWER_ROLE, mayDeleteComment, mayInteract, maySeeAsker, maySeeDynamic, type CircleViewer } from '../../core/circles/access'
import { CIRCLE_COMMENTS_PAGE, CIRCLE_MESSAGES as M } from '../../core/circles/limits'
import { notify } from '../messages/messages'
import { insertViolation, findViolation, toViolation } from '../interaction/violations-repository'
import * as comments from './comments-repository'
import * as likes from './comment-likes-repository'
import * as dynamics from './dynamics-repository'
import { assertRead, excerpt, inCircle, pageAt, seconds, settle, toDynamics, user, viewerOf, type InCircle, type ReadCtx } from './service'

/** A moment of a circle the reader may see (404 otherwise; 403 with the reason when the circle is closed to them). */
async function visibleDynamic(ctx: ReadCtx, dynamicId: number, viewer: CircleViewer): Promise<{ at: InCircle; d: dynamics.DynamicRow }> {
  const d = await dynamics.findDynamic(ctx.db, dynamicId)
  if (!d) throw notFound(M.dynamicNotFound)
  const at = await inCircle(ctx, d.circle_id, viewer)
  assertRead(at)
  if (!maySeeDynamic(at.role, viewer.userId, { authorId: d.author_id, status: d.status, ignored: d.ignored })) throw notFound(M.dynamicNotFound)
  return { at, d }
}

export async function dynamicDetail(ctx: ReadCtx, dynamicId: number, viewer: CircleViewer) {
  await settle(ctx)
  const { at, d } = await visibleDynamic(ctx, dynamicId, viewer)
  const [out] = await toDynamics(ctx, [d], at.role, viewer.userId)
  return out!
}

const toComment = (c: comments.CircleCommentRow, liked: boolean, canDelete: boolean): CircleComment => ({
  id: c.id,
  dynamicId: c.dynamic_id,
  author: user(c.author_id, c.nick, c.avatar, c.brief),
  content: c.content,
  status: c.status,
  likeCount: c.like_count,
  liked,
  canDelete,
  createTimestamp: c.create_timestamp,
})

export async function commentList(ctx: ReadCtx, dynamicId: number, viewer: CircleViewer, page?: number, count?: number): Promise<NumberedPage<CircleComment>> {
  const { at } = await visibleDynamic(ctx, dynamicId, viewer)
  const p = pageAt(page, count, CIRCLE_COMMENTS_PAGE)
  const { rows, total } = await comments.commentPage(ctx.db, dynamicId, viewer.userId, p)
  const liked = await likes.likedBy(ctx.db, rows.map((r) => r.id), viewer.userId)
  return numberedPage(
    rows.map((c) => toComment(c, liked.has(c.id), mayDeleteComment(at.role, viewer.userId, c.author_id))),
    { ...p, total },
  )
}

/** A comment and the reader's place in its circle; 404 when the reader may not see it. */
async function visibleComment(ctx: ReadCtx, commentId: number, viewer: CircleViewer) {
  const c = await comments.findComment(ctx.db, commentId)
  if (!c || (c.status !== 'approved' && c.author_id !== viewer.userId)) throw notFound(M.commentNotFound)
  const { at } = await visibleDynamic(ctx, c.dynamic_id, viewer)
  return { c, at }
}

export async function setLike(ctx: ReadCtx, commentId: number, viewer: CircleViewer, liked: boolean) {
  const { c, at } = await visibleComment(ctx, commentId, viewer)
  if (!mayInteract(at.role)) throw new ApiError(403, M.membersOnly)
  if (c.status !== 'approved') throw new ApiError(403, M.underReview)
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (liked) await likes.addLike(trx, commentId, viewer.userId!, seconds(ctx))
    else await likes.removeLike(trx, commentId, viewer.userId!)
  })
  return { liked, likeCount: await comments.recountLikes(ctx.db, commentId) }
}

export async function deleteComment(ctx: ReadCtx, commentId: number, viewer: CircleViewer): Promise<boolean> {
  const { c, at } = await visibleComment(ctx, commentId, viewer)
  if (!mayDeleteComment(at.role, viewer.userId, c.author_id)) throw new ApiError(403, M.notYourComment)
  await comments.deleteComment(ctx.db, commentId)
  return true
}

/** A reviewer takes a moment or a comment down: its status becomes rejected, its author hears why and reads the violation. */
export async function takeDown(ctx: ReadCtx, viewer: CircleViewer, body: { type: 'circleDynamic' | 'circleComment'; id: number; reason: string }): Promise<Violation> {
  if (!viewer.roles.includes(CIRCLE_REVIEWER_ROLE)) throw new ApiError(403, M.reviewersOnly)
  const reason = body.reason.trim()
  if (reason === '') throw new ApiError(400, M.emptyReason)
  const now = seconds(ctx)
  const target =
    body.type === 'circleDynamic'
      ? await dynamics.findDynamic(ctx.db, body.id).then((d) => d && { authorId: d.author_id, subject: d.title || d.content, link: `/chiefCircle/comment/${d.id}` })
      : await comments.findComment(ctx.db, body.id).then((c) => c && { authorId: c.author_id, subject: c.content, link: `/chiefCircle/comment/${c.dynamic_id}` })
  if (!target) throw notFound(body.type === 'circleDynamic' ? M.dynamicNotFound : M.commentNotFound)
  const done = await ctx.db.kysely.transaction().execute(async (trx) => {
    const changed = body.type === 'circleDynamic' ? await dynamics.rejectDynamic(trx, body.id) : await comments.rejectComment(trx, body.id)
    if (changed) await insertViolation(trx, { user_id: target.authorId, source: body.type, ref_id: body.id, subject: excerpt(target.subject), reason, create_timestamp: now })
    return changed
  })
  if (!done) throw new ApiError(400, M.alreadyTakenDown)
  const violation = await findViolation(ctx.db, target.authorId, { source: body.type, refId: body.id })
  await notify(ctx.db, {
    userId: target.authorId,
    sourceType: 'notification',
    type: 'review',
    actorId: null,
    content: `${M.takenDownNotice}：${reason}`,
    subject: excerpt(target.subject),
    link: `/violation/${violation!.id}`,
    nowSeconds: now,
  })
  return toViolation(violation!)
}

// --- for server/interaction/social.ts: sharing a moment, complaining about a moment or a comment ------

/** What a shared moment shows anyone: its circle's intro and the moment's title and summary — never its body, pictures or files. */
export interface SharedDynamic {
  title: string
  summary: string
  author: { id: number; nick: string; avatar: string }
  createTimestamp: number
  circle: { id: number; name: string; avatar: string; brief: string; intro: string; paid: boolean }
}

async function shared(ctx: ReadCtx, d: dynamics.DynamicRow, at: InCircle): Promise<SharedDynamic> {
  // the shared page is public: an anonymous asker stays hidden from everyone there
  const seeAsker = maySeeAsker('guest', null, d.author_id, d.question_type)
  const summary = excerpt(d.content)
  return {
    title: d.title || summary,
    summary,
    author: seeAsker ? { id: d.author_id, nick: d.nick, avatar: d.avatar } : { id: 0, nick: M.anonymousNick, avatar: '' },
    createTimestamp: d.create_timestamp,
    circle: { id: at.circle.id, name: at.circle.name, avatar: at.circle.avatar, brief: at.circle.brief, intro: at.circle.intro, paid: at.circle.goods_id !== null },
  }
}

/** The reader may share a moment they see once it is approved (their own under review: 403 内容审核中). */
export async function shareableDynamic(db: Db, nowMs: number, readerId: number, dynamicId: number): Promise<SharedDynamic> {
  const ctx: ReadCtx = { db, now: () => nowMs }
  await settle(ctx)
  const { at, d } = await visibleDynamic(ctx, dynamicId, await viewerOf(db, readerId))
  if (d.status !== 'approved' || d.ignored) throw new ApiError(403, M.underReview)
  return shared(ctx, d, at)
}

/** A shared moment as the public page shows it, while it is approved and its circle open; null when gone. */
export async function publicDynamic(db: Db, nowMs: number, dynamicId: number): Promise<SharedDynamic | null> {
  const ctx: ReadCtx = { db, now: () => nowMs }
  const d = await dynamics.findDynamic(db, dynamicId)
  if (!d || d.status !== 'approved' || d.ignored) return null
  const at = await inCircle(ctx, d.circle_id, await viewerOf(db, null)).catch(() => null)
  return at ? shared(ctx, d, at) : null
}

/** Who wrote the moment or comment a reader complains about; null when the reader does not see it. */
export async function complainedAuthor(db: Db, nowMs: number, readerId: number, type: 'circleDynamic' | 'circleComment', id: number): Promise<number | null> {
  const ctx: ReadCtx = { db, now: () => nowMs }
  const viewer = await viewerOf(db, readerId)
  try {
    if (type === 'circleDynamic') return (await visibleDynamic(ctx, id, viewer)).d.author_id
    const { c } = await visibleComment(ctx, id, viewer)
    return c.status === 'approved' ? c.author_id : null
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 403)) return null
    throw e
  }
}
