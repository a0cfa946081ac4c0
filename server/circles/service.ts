// Financial circles (issue 27; spec 001 §7 'Moments and financial circles'): the service. It resolves the
// reader's role in a circle, asks core/circles/access.ts what that role may do, and reads and writes
// through one repository per table. Routes (routes.ts) hold no SQL and no rule.
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import type * as api from '../../core/api/circles'
import type { CircleRole } from '../../core/api/circles'
import { numberedPage, type NumberedPage } from '../../core/api/page'
import {
  circleAccess,
  dynamicCommentInput,
  circleRole,
  isManager,
  mayAsk,
  mayJoin,
  mayManage,
  mayPost,
  mayRead,
  maySeeAsker,
  maySeeDynamic,
  mayUseTag,
  postBlock,
  readBlock,
  CIRCLE_REVIEWER_ROLE,
  type CircleViewer,
} from '../../core/circles/access'
import {
  ASK_QUESTION_USERS_PAGE_SIZE,
  CIRCLE_CONTENT_COUNT,
  CIRCLE_MESSAGES as M,
  CIRCLE_SEARCH_COUNT,
  COMMENT_SUMMARY_SHOWN,
  MOMENT_CONTENT_MAX,
  SAMPLE_CHARS,
  SAMPLE_SIZE,
  type CircleType,
} from '../../core/circles/limits'
import { formatPriceCents } from '../../core/format/money'
import { isAcceptedImageUrl } from '../../core/posting/rich-text'
import { COMMENT_CONTENT_MAX } from '../../core/posting/limits'
import { bodyForSubmit } from '../../core/validation/post-body'
import { userById } from '../accounts/users-repository'
import { MUTED_ROLE } from '../posting/permissions'
import { memberSwitchBlock } from '../../core/circle-admin/communities'
import type { ModerationPort } from '../posting/moderation'
import { dueSeconds } from '../posting/review'
import * as circles from './circles-repository'
import * as admins from './admins-repository'
import * as members from './members-repository'
import * as tags from './tags-repository'
import * as topics from './topics-repository'
import * as dynamics from './dynamics-repository'
import * as dynamicTags from './dynamic-tags-repository'
import * as answers from './answers-repository'
import * as comments from './comments-repository'

export interface Ctx {
  db: Db
  moderation: ModerationPort
  /** ms since the epoch */
  now: () => number
}
/** What the reads need (the comments and the social side of circle content use them too: comments.ts). */
export type ReadCtx = Pick<Ctx, 'db' | 'now'>
export const seconds = (ctx: ReadCtx) => Math.floor(ctx.now() / 1000)

// --- the reader --------------------------------------------------------------------------------------

export async function viewerOf(db: Db, userId: number | null): Promise<CircleViewer> {
  if (userId === null) return { userId: null, roles: [], momentPublishable: false }
  const u = await userById(db, userId)
  const roles = u?.roles ?? []
  // spec 001 §6 momentPublishable: the same rule as the login info's (server/accounts/users.ts)
  return { userId, roles, momentPublishable: !roles.includes(MUTED_ROLE) }
}

const factsOf = (c: circles.CircleRow, adminIds: readonly number[]) => ({ ownerId: c.owner_id, adminIds, reviewStatus: c.review_status, paid: c.goods_id !== null })

export interface InCircle {
  circle: circles.CircleRow
  adminIds: number[]
  member: members.MemberRow | undefined
  role: CircleRole
}

export async function inCircle(ctx: ReadCtx, circleId: number, viewer: CircleViewer): Promise<InCircle> {
  const circle = await circles.findCircle(ctx.db, circleId)
  // a circle not yet approved is shown only to its owner, its admins and reviewers
  if (!circle) throw notFound(M.circleNotFound)
  const adminIds = await admins.adminIdsOf(ctx.db, circleId)
  const member = viewer.userId === null ? undefined : await members.memberOf(ctx.db, circleId, viewer.userId)
  const role = circleRole(viewer, factsOf(circle, adminIds), member ? { expireTimestamp: member.expire_timestamp } : null, seconds(ctx))
  if (circle.review_status !== 'approved' && !isManager(role) && role !== 'reviewer') throw notFound(M.circleNotFound)
  return { circle, adminIds, member, role }
}

/** 403 with the reason when the reader may not read the circle (a guest: spec 001 §8's 请先登录再进行操作！). */
export function assertRead(at: InCircle): void {
  if (!mayRead(at.role)) throw new ApiError(403, readBlock(at.role))
}

function assertManage(at: InCircle): void {
  if (!mayManage(at.role)) throw new ApiError(403, at.role === 'guest' ? M.loginFirst : M.notManager)
}

/** Moments, questions and answers move from 'reviewing' to 'approved' when the local moderation's time has come. */
export async function settle(ctx: ReadCtx): Promise<void> {
  await dynamics.approveDueDynamics(ctx.db, seconds(ctx))
  await answers.approveDueAnswers(ctx.db, seconds(ctx))
}

// --- mappers -----------------------------------------------------------------------------------------

export const user = (id: number, nick: string, avatar: string, brief: string): api.CircleUser => ({ id: Number(id), nick, avatar, brief })

function priceText(cents: number, months: number | null): string {
  const per = months === 12 ? '/年' : months ? `/${months}个月` : ''
  return `¥${formatPriceCents(cents)}${per}`
}

export function toSummary(r: circles.CircleRow): api.CircleSummary {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    avatar: r.avatar,
    brief: r.brief,
    owner: user(r.owner_id, r.owner_nick, r.owner_avatar, r.owner_brief),
    memberCount: r.member_count,
    dynamicCount: r.dynamic_count,
    price:
      r.goods_id !== null && r.specs_id !== null && r.price_cents !== null
        ? { goodsId: r.goods_id, specsId: r.specs_id, price: r.price_cents, priceText: priceText(r.price_cents, r.months), months: r.months ?? 0 }
        : null,
    createTimestamp: r.create_timestamp,
  }
}

function toAccess(at: InCircle, viewer: CircleViewer): api.CircleAccess {
  const access = circleAccess(at.role, { reviewStatus: at.circle.review_status }, viewer.momentPublishable, at.member ? { expireTimestamp: at.member.expire_timestamp } : null)
  // the console's privilege and mute of this member here (core/circle-admin/communities.ts)
  const switched = access.inputMessage ? '' : memberSwitchBlock(at.member, 'moment')
  if (!switched) return access
  return { ...access, canPost: false, canAsk: access.canAsk && memberSwitchBlock(at.member, 'question') === '', inputMessage: switched }
}

/** The first SAMPLE_CHARS characters of a moment (the sample an outsider sees; a shared moment's summary). */
export const excerpt = (text: string) => {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  return chars.length > SAMPLE_CHARS ? `${chars.slice(0, SAMPLE_CHARS).join('')}…` : chars.join('')
}
const toSample = (r: dynamics.DynamicRow): api.DynamicSample => ({ dynamicId: r.id, title: r.title, excerpt: excerpt(r.content), createTimestamp: r.create_timestamp })

export async function toDynamics(ctx: ReadCtx, rows: readonly dynamics.DynamicRow[], role: CircleRole, viewerId: number | null): Promise<api.CircleDynamic[]> {
  const ids = rows.map((r) => r.id)
  const [tagIds, answerRows, counts] = await Promise.all([dynamicTags.tagIdsOf(ctx.db, ids), answers.answersOf(ctx.db, ids), comments.commentCounts(ctx.db, ids)])
  const circleIds = [...new Set(rows.map((r) => r.circle_id))]
  const tagRows = new Map((await Promise.all(circleIds.map((id) => tags.tagsOf(ctx.db, id)))).flat().map((t) => [t.id, t]))
  return rows.map((r) => {
    const answer = answerRows.get(r.id)
    const showAnswer = answer && (answer.status === 'approved' || isManager(role) || role === 'reviewer')
    const seeAsker = maySeeAsker(role, viewerId, r.author_id, r.question_type)
    return {
      dynamicId: r.id,
      momentId: r.circle_id,
      kind: r.kind,
      questionType: r.question_type,
      // an anonymous asker never travels to a reader who may not see them: not the id, not the nick
      author: seeAsker ? user(r.author_id, r.nick, r.avatar, r.brief) : null,
      anonymous: r.question_type === 'anonymity',
      title: r.title,
      content: r.content,
      pictureUrls: r.picture_urls,
      files: r.files.map((f) => ({ url: f.url, name: f.name, extension: f.extension, icon: f.icon ?? '' })),
      topic: r.topic_id !== null && r.topic_name !== null ? { topicId: r.topic_id, topicName: r.topic_name } : null,
      momentTags: (tagIds.get(r.id) ?? []).flatMap((id) => {
        const t = tagRows.get(id)
        return t ? [{ tagId: t.id, tagName: t.name, isDefault: t.is_default }] : []
      }),
      refContents: r.ref_contents,
      top: r.top,
      essence: r.essence,
      ignored: r.ignored,
      status: r.status,
      commentsClosed: r.comments_closed,
      commentCount: counts.get(r.id) ?? 0,
      answer: showAnswer ? { author: user(answer.author_id, answer.nick, answer.avatar, answer.brief), content: answer.content, createTimestamp: answer.create_timestamp } : null,
      createTimestamp: r.create_timestamp,
    }
  })
}

const toTag = (t: tags.TagRow): api.MomentTag => ({ tagId: t.id, tagName: t.name, isDefault: t.is_default })
const toTopic = (t: topics.TopicRow): api.CircleTopic => ({ topicId: t.id, topicName: t.name, readCount: t.read_count })

async function userProfiles(ctx: Ctx, ids: readonly number[]): Promise<api.CircleUser[]> {
  const out: api.CircleUser[] = []
  for (const id of ids) {
    const u = await userById(ctx.db, id)
    if (u) out.push(user(u.id, u.nick, u.avatar, u.brief))
  }
  return out
}

// --- circles -----------------------------------------------------------------------------------------

export const pageAt = (page: number | undefined, count: number | undefined, fallback: number) => {
  const p = page ?? 1
  const c = count ?? fallback
  return { page: p, count: c, offset: (p - 1) * c, limit: c }
}

export async function list(ctx: Ctx, type: CircleType | undefined, page?: number, count?: number): Promise<NumberedPage<api.CircleSummary>> {
  const at = pageAt(page, count, 20)
  const { rows, total } = await circles.listCircles(ctx.db, { type, offset: at.offset, limit: at.limit })
  return numberedPage(rows.map(toSummary), { ...at, total })
}

export async function joined(ctx: Ctx, viewer: CircleViewer): Promise<{ list: api.JoinedGroup[]; unreadCount: number }> {
  if (viewer.userId === null) throw new ApiError(403, M.loginFirst)
  await settle(ctx)
  const userId = viewer.userId
  const rows = await members.membershipsOf(ctx.db, userId)
  const owned = (await circles.listCircles(ctx.db, { ownerId: userId, offset: 0, limit: 100 })).rows.map((c) => c.id)
  const administered = await admins.circlesAdministeredBy(ctx.db, userId)
  const ids = [...new Set([...owned, ...administered, ...rows.map((r) => r.circle_id)])]
  const found = await circles.circlesByIds(ctx.db, ids)
  const unread = await dynamics.unreadCounts(ctx.db, userId)
  const now = seconds(ctx)
  const items: api.JoinedCircle[] = []
  for (const c of found) {
    const m = rows.find((r) => r.circle_id === c.id)
    const adminIds = administered.includes(c.id) ? [userId] : []
    const role = circleRole(viewer, factsOf(c, adminIds), m ? { expireTimestamp: m.expire_timestamp } : null, now)
    items.push({
      // spec 001 §3: id from financialCircle.id, else id, else momentId — one circle id, all three
      id: c.id,
      momentId: c.id,
      financialCircle: { id: c.id },
      type: c.type,
      name: c.name,
      avatar: c.avatar,
      route: `/chiefCircle/detail/${c.id}`,
      unreadCount: role === 'member' ? (unread.get(c.id) ?? 0) : 0,
      role,
      expireTimestamp: m && (role === 'member' || role === 'expired') ? m.expire_timestamp : null,
    })
  }
  const order: readonly CircleType[] = ['FINANCIAL_CIRCLE', 'GROUP', 'COURSE', 'LIVE_COLUMN']
  const groups = order.flatMap((type) => {
    const list = items.filter((i) => i.type === type)
    return list.length ? [{ type, list, unreadCount: list.reduce((n, i) => n + i.unreadCount, 0) }] : []
  })
  return { list: groups, unreadCount: groups.reduce((n, g) => n + g.unreadCount, 0) }
}

async function introOf(ctx: Ctx, at: InCircle, viewer: CircleViewer): Promise<api.CircleIntro> {
  const sample = await dynamics.newestApproved(ctx.db, at.circle.id, SAMPLE_SIZE)
  return {
    ...toSummary(at.circle),
    intro: at.circle.intro,
    reviewStatus: at.circle.review_status,
    admins: await userProfiles(ctx, at.adminIds),
    sample: sample.map(toSample),
    access: toAccess(at, viewer),
  }
}

export async function intro(ctx: Ctx, circleId: number, viewer: CircleViewer): Promise<api.CircleIntro> {
  await settle(ctx)
  return introOf(ctx, await inCircle(ctx, circleId, viewer), viewer)
}

/** POST /api/momentUser/v1: a free circle only; a paid one is bought through the order dialog. */
export async function join(ctx: Ctx, circleId: number, viewer: CircleViewer): Promise<api.CircleAccess> {
  if (viewer.userId === null) throw new ApiError(403, M.loginFirst)
  const at = await inCircle(ctx, circleId, viewer)
  if (!mayJoin(at.role)) throw new ApiError(400, M.alreadyJoined)
  if (at.circle.goods_id !== null) throw new ApiError(403, M.paidJoin)
  await members.joinFree(ctx.db, circleId, viewer.userId, seconds(ctx))
  return toAccess(await inCircle(ctx, circleId, viewer), viewer)
}

export async function detail(ctx: Ctx, circleId: number, viewer: CircleViewer): Promise<api.CircleDetail> {
  await settle(ctx)
  const at = await inCircle(ctx, circleId, viewer)
  assertRead(at)
  const [tagRows, topicRows, q] = await Promise.all([tags.tagsOf(ctx.db, circleId), topics.topicsOf(ctx.db, circleId), dynamics.questionCounts(ctx.db, circleId)])
  return { ...(await introOf(ctx, at, viewer)), tags: tagRows.map(toTag), topics: topicRows.map(toTopic), answeredCount: q.answered, unansweredCount: q.unanswered, announcement: at.circle.announcement }
}

export async function homepage(ctx: Ctx, circleId: number, viewer: CircleViewer) {
  await settle(ctx)
  const at = await inCircle(ctx, circleId, viewer)
  const reads = mayRead(at.role)
  return {
    intro: await introOf(ctx, at, viewer),
    carousel: reads ? (await dynamics.highlights(ctx.db, circleId, { topOnly: true, limit: 5 })).map(toSample) : [],
    tags: reads ? (await tags.tagsOf(ctx.db, circleId)).map(toTag) : [],
    topics: reads ? (await topics.topicsOf(ctx.db, circleId)).map(toTopic) : [],
  }
}

/** Whom a member may ask: the owner, then the admins (spec 001 §7: page size 5). */
export async function askQuestionUsers(ctx: Ctx, circleId: number, viewer: CircleViewer, page = 1, pageSize = ASK_QUESTION_USERS_PAGE_SIZE): Promise<NumberedPage<api.CircleUser>> {
  const at = await inCircle(ctx, circleId, viewer)
  assertRead(at)
  const all = await userProfiles(ctx, [at.circle.owner_id, ...at.adminIds])
  return numberedPage(all.slice((page - 1) * pageSize, page * pageSize), { page, count: pageSize, total: all.length })
}

export async function tagList(ctx: Ctx, circleId: number, viewer: CircleViewer): Promise<api.MomentTag[]> {
  const at = await inCircle(ctx, circleId, viewer)
  assertRead(at)
  return (await tags.tagsOf(ctx.db, circleId)).map(toTag)
}

export async function sendableTags(ctx: Ctx, circleId: number, viewer: CircleViewer): Promise<api.MomentTag[]> {
  const at = await inCircle(ctx, circleId, viewer)
  const block = postBlock(at.role, { reviewStatus: at.circle.review_status }, viewer.momentPublishable)
  if (block) throw new ApiError(403, block)
  return (await tags.tagsOf(ctx.db, circleId)).filter((t) => mayUseTag(at.role, { adminOnly: t.admin_only })).map(toTag)
}

export async function content(
  ctx: Ctx,
  circleId: number,
  viewer: CircleViewer,
  q: { page?: number | undefined; count?: number | undefined; tagId?: number | undefined; kind?: dynamics.ContentKind | undefined },
): Promise<NumberedPage<api.CircleDynamic>> {
  await settle(ctx)
  const at = await inCircle(ctx, circleId, viewer)
  assertRead(at)
  const p = pageAt(q.page, q.count, CIRCLE_CONTENT_COUNT)
  const all = isManager(at.role) || at.role === 'reviewer'
  const { rows, total } = await dynamics.listDynamics(ctx.db, circleId, {
    visibility: all ? { all: true } : { all: false, viewerId: viewer.userId },
    tagId: q.tagId,
    kind: q.kind ?? 'all',
    viewerId: viewer.userId,
    offset: p.offset,
    limit: p.limit,
  })
  // reading the first page of everything marks the circle read (the unread count of the joined list)
  if (viewer.userId !== null && at.member && p.page === 1 && (q.kind ?? 'all') === 'all' && q.tagId === undefined) await members.markRead(ctx.db, circleId, viewer.userId, seconds(ctx))
  return numberedPage(await toDynamics(ctx, rows, at.role, viewer.userId), { ...p, total })
}

/** A moment of this circle that the manager acts on. */
async function managedDynamic(ctx: Ctx, circleId: number, momentId: number, dynamicId: number, viewer: CircleViewer) {
  if (momentId !== circleId) throw new ApiError(400, M.dynamicNotFound)
  const at = await inCircle(ctx, circleId, viewer)
  assertManage(at)
  const d = await dynamics.findDynamic(ctx.db, dynamicId)
  if (!d || d.circle_id !== circleId) throw notFound(M.dynamicNotFound)
  return { at, d }
}

async function oneDynamic(ctx: Ctx, dynamicId: number, at: InCircle, viewerId: number | null): Promise<api.CircleDynamic> {
  const d = await dynamics.findDynamic(ctx.db, dynamicId)
  if (!d) throw notFound(M.dynamicNotFound)
  const [out] = await toDynamics(ctx, [d], at.role, viewerId)
  return out!
}

export async function setTop(ctx: Ctx, circleId: number, body: { dynamicId: number; top: boolean; momentId: number }, viewer: CircleViewer) {
  const { at } = await managedDynamic(ctx, circleId, body.momentId, body.dynamicId, viewer)
  await dynamics.setTop(ctx.db, body.dynamicId, body.top, seconds(ctx))
  return oneDynamic(ctx, body.dynamicId, at, viewer.userId)
}

export async function setEssence(ctx: Ctx, circleId: number, body: { dynamicId: number; essence: boolean; momentId: number }, viewer: CircleViewer) {
  const { at } = await managedDynamic(ctx, circleId, body.momentId, body.dynamicId, viewer)
  await dynamics.setEssence(ctx.db, body.dynamicId, body.essence)
  return oneDynamic(ctx, body.dynamicId, at, viewer.userId)
}

export async function toggleIgnore(ctx: Ctx, dynamicId: number, viewer: CircleViewer) {
  const d = await dynamics.findDynamic(ctx.db, dynamicId)
  if (!d) throw notFound(M.dynamicNotFound)
  const { at } = await managedDynamic(ctx, d.circle_id, d.circle_id, dynamicId, viewer)
  await dynamics.setIgnored(ctx.db, dynamicId, !d.ignored)
  return oneDynamic(ctx, dynamicId, at, viewer.userId)
}

/** The circles whose content a reader may read (search), or one of them. */
async function readableCircles(ctx: Ctx, viewer: CircleViewer, only: number | undefined): Promise<{ ids: number[]; roles: Map<number, CircleRole> }> {
  if (viewer.userId === null) throw new ApiError(403, M.loginFirst)
  if (only !== undefined) {
    const at = await inCircle(ctx, only, viewer)
    assertRead(at)
    return { ids: [only], roles: new Map([[only, at.role]]) }
  }
  const reviewer = viewer.roles.includes(CIRCLE_REVIEWER_ROLE)
  const candidates = reviewer
    ? (await circles.listCircles(ctx.db, { offset: 0, limit: 1000 })).rows.map((c) => c.id)
    : [
        ...(await members.membershipsOf(ctx.db, viewer.userId)).map((m) => m.circle_id),
        ...(await circles.listCircles(ctx.db, { ownerId: viewer.userId, offset: 0, limit: 100 })).rows.map((c) => c.id),
        ...(await admins.circlesAdministeredBy(ctx.db, viewer.userId)),
      ]
  const roles = new Map<number, CircleRole>()
  for (const id of new Set(candidates)) {
    const at = await inCircle(ctx, id, viewer).catch(() => null)
    if (at && mayRead(at.role)) roles.set(id, at.role)
  }
  return { ids: [...roles.keys()], roles }
}

export async function searchDynamics(ctx: Ctx, viewer: CircleViewer, q: { keyword: string; page?: number | undefined; financialCircleId?: number | undefined; count?: number | undefined }) {
  await settle(ctx)
  const { ids, roles } = await readableCircles(ctx, viewer, q.financialCircleId)
  const p = pageAt(q.page, q.count, CIRCLE_SEARCH_COUNT)
  const { rows, total } = await dynamics.searchDynamics(ctx.db, ids, q.keyword, p)
  const out: api.CircleDynamic[] = []
  // each row is mapped with the reader's role in its own circle (an anonymous asker stays hidden per circle)
  for (const r of rows) out.push(...(await toDynamics(ctx, [r], roles.get(r.circle_id) ?? 'member', viewer.userId)))
  return numberedPage(out, { ...p, total })
}

export async function searchFiles(ctx: Ctx, viewer: CircleViewer, q: { keyword: string; page?: number | undefined; financialCircleId?: number | undefined; count?: number | undefined }) {
  await settle(ctx)
  const { ids } = await readableCircles(ctx, viewer, q.financialCircleId)
  const p = pageAt(q.page, q.count, CIRCLE_SEARCH_COUNT)
  // the names are filtered, paged and counted in the database (dynamics-repository.ts searchFiles)
  const { rows, total } = await dynamics.searchFiles(ctx.db, ids, q.keyword, p)
  const hits = rows.map((f) => ({ url: f.url, name: f.name, extension: f.extension, icon: f.icon, dynamicId: f.dynamic_id, momentId: f.circle_id, createTimestamp: f.create_timestamp }))
  return numberedPage(hits, { ...p, total })
}

/** The circles the reader may post into. */
export async function shareable(ctx: Ctx, viewer: CircleViewer): Promise<api.CircleSummary[]> {
  if (viewer.userId === null) throw new ApiError(403, M.loginFirst)
  const { ids } = await readableCircles(ctx, viewer, undefined)
  const out: api.CircleSummary[] = []
  for (const c of await circles.circlesByIds(ctx.db, ids)) {
    const at = await inCircle(ctx, c.id, viewer)
    if (mayPost(at.role, { reviewStatus: at.circle.review_status }, viewer.momentPublishable) && !memberSwitchBlock(at.member, 'moment')) out.push(toSummary(c))
  }
  return out
}

export async function summaryShowTags(ctx: Ctx, circleId: number, viewer: CircleViewer) {
  await settle(ctx)
  const at = await inCircle(ctx, circleId, viewer)
  assertRead(at)
  const counts = await dynamicTags.tagCounts(ctx.db, circleId)
  return (await tags.tagsOf(ctx.db, circleId)).map((t) => ({ ...toTag(t), count: counts.get(t.id) ?? 0 }))
}

export async function summary(ctx: Ctx, circleId: number, tagId: number | undefined, viewer: CircleViewer) {
  await settle(ctx)
  const at = await inCircle(ctx, circleId, viewer)
  assertRead(at)
  return (await dynamics.highlights(ctx.db, circleId, { topOnly: false, tagId, limit: 20 })).map(toSample)
}

export async function carousel(ctx: Ctx, circleId: number, viewer: CircleViewer) {
  await settle(ctx)
  const at = await inCircle(ctx, circleId, viewer)
  assertRead(at)
  return (await dynamics.highlights(ctx.db, circleId, { topOnly: true, limit: 5 })).map(toSample)
}

export async function commentSummary(ctx: Ctx, dynamicId: number, viewer: CircleViewer) {
  await settle(ctx)
  const d = await dynamics.findDynamic(ctx.db, dynamicId)
  if (!d) throw notFound(M.dynamicNotFound)
  const at = await inCircle(ctx, d.circle_id, viewer)
  assertRead(at)
  if (!maySeeDynamic(at.role, viewer.userId, { authorId: d.author_id, status: d.status, ignored: d.ignored })) throw notFound(M.dynamicNotFound)
  const { rows, total } = await comments.commentsOf(ctx.db, dynamicId, COMMENT_SUMMARY_SHOWN)
  return {
    dynamicId,
    commentCount: total,
    commentsClosed: d.comments_closed,
    list: rows.map((c) => ({ id: c.id, author: user(c.author_id, c.nick, c.avatar, c.brief), content: c.content, createTimestamp: c.create_timestamp })),
  }
}

// --- posting (spec 001 §5) -----------------------------------------------------------------------------

export async function checkSensitive(ctx: Ctx, viewer: CircleViewer, content: string) {
  if (viewer.userId === null) throw new ApiError(403, M.loginFirst)
  const verdict = await ctx.moderation.checkText(bodyForSubmit(content, 0))
  return { pass: verdict.pass, message: verdict.pass ? '' : M.forbiddenWords }
}

type Draft = (typeof api.reviewSubmit)['body']['Type']

/** A moment, a question (questionType) or an answer (replyId names a question): stored under review. */
export async function submit(ctx: Ctx, viewer: CircleViewer, draft: Draft): Promise<api.CircleDynamic> {
  if (viewer.userId === null) throw new ApiError(403, M.loginFirst)
  const at = await inCircle(ctx, draft.momentId, viewer)
  const pictures = draft.pictureUrls ?? []
  const files = draft.files ?? []
  if (pictures.length && files.length) throw new ApiError(400, M.mixed)
  if (!pictures.every(isAcceptedImageUrl) || !files.every((f) => isAcceptedImageUrl(f.url))) throw new ApiError(400, '图片或文件地址不合规')
  const text = bodyForSubmit(draft.content, files.length)
  if (!text.trim()) throw new ApiError(400, M.emptyBody)
  if (Array.from(text).length > MOMENT_CONTENT_MAX) throw new ApiError(400, M.contentTooLong)
  const title = (draft.title ?? '').trim()
  const verdict = await ctx.moderation.checkText(`${title}\n${text}`)
  if (!verdict.pass) throw new ApiError(400, M.forbiddenWords)
  const now = seconds(ctx)
  const due = dueSeconds(ctx.moderation.autoApproveAt(ctx.now()))
  const status = due !== null && due <= now ? 'approved' : 'reviewing'

  if (draft.replyId) {
    const block = postBlock(at.role, { reviewStatus: at.circle.review_status }, viewer.momentPublishable)
    if (block) throw new ApiError(403, block)
    const target = await dynamics.findDynamic(ctx.db, draft.replyId)
    if (!target || target.circle_id !== at.circle.id || !maySeeDynamic(at.role, viewer.userId, { authorId: target.author_id, status: target.status, ignored: target.ignored })) {
      throw notFound(M.dynamicNotFound)
    }
    // a muted member (the console's user tab, core/circle-admin/communities.ts) neither answers nor comments here
    const switched = memberSwitchBlock(at.member, target.kind === 'question' && mayManage(at.role) ? 'answer' : 'comment')
    if (switched) throw new ApiError(403, switched)
    if (target.kind === 'question' && mayManage(at.role)) {
      // an answer: the owner or an admin of this circle, to a question of this circle, once
      const added = await answers.insertAnswer(ctx.db, { dynamic_id: target.id, author_id: viewer.userId, content: text, status, review_due: status === 'approved' ? null : due, create_timestamp: now })
      if (!added) throw new ApiError(400, M.alreadyAnswered)
      return oneDynamic(ctx, target.id, at, viewer.userId)
    }
    // a comment under the moment (or under a question, from a member): spec 001 §4 — content not approved
    // blocks input with 内容审核中, a closed comment gives 该内容已限制评论 (core/circles/access.ts)
    const input = dynamicCommentInput({ status: target.status, commentsClosed: target.comments_closed })
    if (!input.open) throw new ApiError(403, input.message)
    if (Array.from(text).length > COMMENT_CONTENT_MAX) throw new ApiError(400, M.contentTooLong)
    // a comment passed the word check above and shows at once (no review queue for circle comments)
    await comments.insertComment(ctx.db, { dynamic_id: target.id, author_id: viewer.userId, content: text, create_timestamp: now })
    return oneDynamic(ctx, target.id, at, viewer.userId)
  }

  const question = draft.questionType ?? null
  const allowed = question ? mayAsk(at.role, { reviewStatus: at.circle.review_status }, viewer.momentPublishable) : mayPost(at.role, { reviewStatus: at.circle.review_status }, viewer.momentPublishable)
  if (!allowed) {
    const block = postBlock(at.role, { reviewStatus: at.circle.review_status }, viewer.momentPublishable)
    throw new ApiError(403, block || M.notMember)
  }
  // the console's privilege (momentPublishable in this community) and mute (core/circle-admin/communities.ts)
  const switched = memberSwitchBlock(at.member, question ? 'question' : 'moment')
  if (switched) throw new ApiError(403, switched)
  let topicId: number | null = null
  if (draft.topic) {
    const t = await topics.findTopic(ctx.db, draft.topic.topicId)
    if (!t || t.circle_id !== at.circle.id) throw new ApiError(400, M.topicNotFound)
    topicId = t.id
  }
  const tagIds = [...new Set(draft.momentTags ?? [])]
  if (tagIds.length) {
    const own = new Map((await tags.tagsOf(ctx.db, at.circle.id)).map((t) => [t.id, t]))
    for (const id of tagIds) {
      const t = own.get(id)
      if (!t) throw new ApiError(400, M.tagNotFound)
      if (!mayUseTag(at.role, { adminOnly: t.admin_only })) throw new ApiError(403, M.tagNotSendable)
    }
  }
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const newId = await dynamics.insertDynamic(trx, {
      circle_id: at.circle.id,
      author_id: viewer.userId!,
      kind: question ? 'question' : 'dynamic',
      question_type: question,
      title,
      content: text,
      picture_urls: [...pictures],
      files: files.map((f) => ({ url: f.url, name: f.name, extension: f.extension, icon: f.icon ?? '' })),
      topic_id: topicId,
      ref_contents: [...(draft.refContents ?? [])],
      risk_tip_id: draft.riskTipId ?? null,
      status,
      review_due: status === 'approved' ? null : due,
      create_timestamp: now,
    })
    await dynamicTags.setTags(trx, newId, tagIds)
    return newId
  })
  return oneDynamic(ctx, id, at, viewer.userId)
}

// --- financial-circle reads and recommendations ------------------------------------------------------

export async function search(ctx: Ctx, keyword: string, page?: number, count?: number) {
  const at = pageAt(page, count, CIRCLE_SEARCH_COUNT)
  const { rows, total } = await circles.searchCircles(ctx.db, keyword, at)
  return numberedPage(rows.map(toSummary), { ...at, total })
}

/** Ours: the notice before joining or posting; a circle's own when it has one. */
export const DEFAULT_TIP = {
  title: '入圈须知',
  content: '圈子内容仅代表圈主个人观点，不构成投资建议。投资有风险，入市需谨慎。请勿在圈内发布广告、违法违规信息，违者将被移出圈子。',
}

export async function tip(ctx: Ctx, circleId: number | undefined) {
  if (circleId === undefined) return DEFAULT_TIP
  const c = await circles.findCircle(ctx.db, circleId)
  if (!c || c.review_status !== 'approved') throw notFound(M.circleNotFound)
  return c.tip ? { title: DEFAULT_TIP.title, content: c.tip } : DEFAULT_TIP
}

export async function recommendCircles(ctx: Ctx, type: CircleType | undefined, page?: number, count?: number) {
  const at = pageAt(page, count, 20)
  const { rows, total } = await circles.listCircles(ctx.db, { type, recommendedOnly: true, offset: at.offset, limit: at.limit })
  return numberedPage(rows.map(toSummary), { ...at, total })
}

async function adviser(ctx: Ctx, r: { owner_id: number; circle_count: number; member_count: number }) {
  const u = await userById(ctx.db, r.owner_id)
  return { ...user(r.owner_id, u?.nick ?? '', u?.avatar ?? '', u?.brief ?? ''), circleCount: r.circle_count, memberCount: r.member_count }
}

export async function vipsRecommend(ctx: Ctx) {
  const { rows } = await circles.recommendedOwners(ctx.db, { offset: 0, limit: 10 })
  return Promise.all(rows.map((r) => adviser(ctx, r)))
}

export async function recommendUsers(ctx: Ctx, page?: number, count?: number) {
  const at = pageAt(page, count, 10)
  const { rows, total } = await circles.recommendedOwners(ctx.db, at)
  const list = []
  for (const r of rows) {
    const owned = await circles.listCircles(ctx.db, { ownerId: r.owner_id, offset: 0, limit: 4 })
    list.push({ ...(await adviser(ctx, r)), circles: owned.rows.map(toSummary) })
  }
  return numberedPage(list, { ...at, total })
}

// --- the financialCircle grant (server/membership/orders.ts) -----------------------------------------

/** What a reader holds of a paid circle: the settlement rule's holding (core/order/settlement.ts). */
export async function circleHolding(d: Parameters<typeof members.memberOf>[0], circleId: number, userId: number): Promise<{ expireTimestamp: number | null } | null> {
  const m = await members.memberOf(d, circleId, userId)
  return m ? { expireTimestamp: m.expire_timestamp } : null
}

/** A paid financialCircle order: the membership runs to `expireTimestamp`, inside the paying transaction. */
export async function grantCircle(d: Parameters<typeof members.grantPaid>[0], circleId: number, userId: number, orderId: string, nowSeconds: number, expireTimestamp: number): Promise<void> {
  await members.grantPaid(d, circleId, userId, orderId, nowSeconds, expireTimestamp)
}
