// The circle-admin console's communities (issue 29; core/api/circle-admin-communities.ts): the service.
// Every call about one community asks the console's guard first (server/circle-admin/guard.ts, over
// core/circle-admin/access.ts: the owner or an admin of THIS circle), then reads and writes through the
// circles' repositories (server/circles/*-repository.ts) and, where the circle feed already has the
// logic, its service (pinning, essence, answering: server/circles/service.ts). A community is a circle of
// type FINANCIAL_CIRCLE or GROUP (core/circle-admin/communities.ts); any other type is 圈子不存在 here.
import type { Db } from '../../db/db'
import { ApiError, notFound } from '../../http/api-error'
import { numberedPage, type NumberedPage } from '../../../core/api/page'
import type * as api from '../../../core/api/circle-admin-communities'
import { CONSOLE_MESSAGES } from '../../../core/circle-admin/access'
import {
  ANNOUNCEMENT_MAX,
  COMMUNITY_MESSAGES as M,
  COMMUNITY_TAGS_MAX,
  COMMUNITY_TYPES,
  CONSOLE_PAGE_SIZE,
  CREATED_COMMUNITY_TYPE,
  SUMMARY_DAYS,
  dailyCounts,
  dayStart,
  firstCommunityError,
  isCommunityType,
  tagNameError,
} from '../../../core/circle-admin/communities'
import { CIRCLE_MESSAGES } from '../../../core/circles/limits'
import { isMembershipValid } from '../../../core/circles/access'
import { userById } from '../../accounts/users-repository'
import type { ModerationPort } from '../../posting/moderation'
import { assertMayCreate, managedCircle, managedCircleIds, type Managed } from '../guard'
import * as circleSvc from '../../circles/service'
import * as circles from '../../circles/circles-repository'
import * as members from '../../circles/members-repository'
import * as tags from '../../circles/tags-repository'
import * as dynamics from '../../circles/dynamics-repository'
import * as dynamicTags from '../../circles/dynamic-tags-repository'
import * as comments from '../../circles/comments-repository'

export interface Ctx {
  db: Db
  moderation: ModerationPort
  /** ms since the epoch */
  now: () => number
}
const seconds = (ctx: Ctx) => Math.floor(ctx.now() / 1000)
type Paging = { page?: number | undefined; count?: number | undefined }
const pageOf = (q: Paging) => circleSvc.pageAt(q.page, q.count, CONSOLE_PAGE_SIZE)

/** The community if the caller owns or administers it; a circle of another type is 圈子不存在 here. */
async function community(ctx: Ctx, momentId: number, userId: number | null): Promise<Managed> {
  const m = await managedCircle(ctx.db, momentId, userId)
  if (!isCommunityType(m.circle.type)) throw notFound(CONSOLE_MESSAGES.circleNotFound)
  return m
}

/** The ids of the communities the caller owns or administers (owned first). */
async function myCommunityIds(ctx: Ctx, userId: number | null): Promise<number[]> {
  const ids = await managedCircleIds(ctx.db, userId)
  const types = new Map((await circles.circlesByIds(ctx.db, ids)).map((c) => [c.id, c.type]))
  return ids.filter((id) => {
    const t = types.get(id)
    return t !== undefined && isCommunityType(t)
  })
}

/** One community or all the caller's (the summary and user-admin take an optional momentId). */
const scope = async (ctx: Ctx, userId: number | null, momentId: number | undefined) =>
  momentId === undefined ? myCommunityIds(ctx, userId) : [(await community(ctx, momentId, userId)).circle.id]

// --- mappers -----------------------------------------------------------------------------------------

async function toCommunity(ctx: Ctx, c: circles.CircleRow, userId: number): Promise<api.AdminCommunity> {
  const q = await dynamics.questionCounts(ctx.db, c.id)
  return {
    momentId: c.id,
    type: c.type === 'GROUP' ? 'GROUP' : 'FINANCIAL_CIRCLE',
    name: c.name,
    avatar: c.avatar,
    brief: c.brief,
    role: c.owner_id === userId ? 'owner' : 'admin',
    reviewStatus: c.review_status,
    paid: c.goods_id !== null,
    memberCount: c.member_count,
    dynamicCount: c.dynamic_count,
    unansweredCount: q.unanswered,
    createTimestamp: c.create_timestamp,
  }
}

async function profile(ctx: Ctx, id: number) {
  const u = await userById(ctx.db, id)
  return circleSvc.user(id, u?.nick ?? '', u?.avatar ?? '', u?.brief ?? '')
}

async function toDetail(ctx: Ctx, m: Managed, userId: number): Promise<api.AdminCommunityDetail> {
  const c = (await circles.findCircle(ctx.db, m.circle.id))!
  const [base, q, commentStats, owner, admins] = await Promise.all([
    toCommunity(ctx, c, userId),
    dynamics.questionCounts(ctx.db, c.id),
    comments.circleCommentStats(ctx.db, [c.id], seconds(ctx)),
    profile(ctx, c.owner_id),
    Promise.all(m.adminIds.map((id) => profile(ctx, id))),
  ])
  return {
    ...base,
    intro: c.intro,
    tip: c.tip,
    announcement: c.announcement,
    announcementTimestamp: c.announcement_timestamp === null ? null : Number(c.announcement_timestamp),
    owner,
    admins,
    answeredCount: q.answered,
    commentCount: commentStats.total,
  }
}

async function toPosts(ctx: Ctx, rows: readonly dynamics.DynamicRow[], m: Managed, userId: number): Promise<api.AdminPost[]> {
  const out = await circleSvc.toDynamics(ctx, rows, m.role, userId)
  return out.map((d, i) => ({ ...d, preview: rows[i]!.preview }))
}

/** A post of this community, else 内容不存在. */
async function postIn(ctx: Ctx, m: Managed, dynamicId: number): Promise<dynamics.DynamicRow> {
  const d = await dynamics.findDynamic(ctx.db, dynamicId)
  if (!d || d.circle_id !== m.circle.id) throw notFound(CIRCLE_MESSAGES.dynamicNotFound)
  return d
}

async function postOf(ctx: Ctx, m: Managed, dynamicId: number, userId: number): Promise<api.AdminPost> {
  const [out] = await toPosts(ctx, [await postIn(ctx, m, dynamicId)], m, userId)
  return out!
}

function toMember(r: members.MemberWithUser, nowSeconds: number): api.AdminMember {
  return {
    user: circleSvc.user(r.user_id, r.nick, r.avatar, r.brief),
    momentId: r.circle_id,
    communityName: r.circle_name,
    role: isMembershipValid({ expireTimestamp: r.expire_timestamp }, nowSeconds) ? 'member' : 'expired',
    joinTimestamp: r.join_timestamp,
    expireTimestamp: r.expire_timestamp,
    publishable: r.publishable,
    muted: r.muted,
  }
}

// --- the caller's communities -----------------------------------------------------------------------

export async function list(ctx: Ctx, userId: number | null, q: Paging & { keyword?: string | undefined; type?: api.AdminCommunity['type'] | undefined }): Promise<NumberedPage<api.AdminCommunity>> {
  const ids = await managedCircleIds(ctx.db, userId)
  const p = pageOf(q)
  const { rows, total } = await circles.circlesAmong(ctx.db, ids, { types: q.type ? [q.type] : COMMUNITY_TYPES, keyword: q.keyword, offset: p.offset, limit: p.limit })
  const out: api.AdminCommunity[] = []
  for (const r of rows) out.push(await toCommunity(ctx, r, userId!))
  return numberedPage(out, { ...p, total })
}

export async function summary(ctx: Ctx, userId: number | null, momentId: number | undefined): Promise<api.CommunitySummary> {
  await circleSvc.settle(ctx)
  const ids = await scope(ctx, userId, momentId)
  const now = seconds(ctx)
  const since = dayStart(now) - (SUMMARY_DAYS - 1) * 86_400
  const [m, feed, c, posts] = await Promise.all([
    members.memberStats(ctx.db, ids, now, since),
    dynamics.feedCounts(ctx.db, ids),
    comments.circleCommentStats(ctx.db, ids, since),
    dynamics.postTimestamps(ctx.db, ids, since),
  ])
  const joins = dailyCounts(m.joins, now)
  const postDays = dailyCounts(posts, now)
  const commentDays = dailyCounts(c.recent, now)
  return {
    communityCount: ids.length,
    memberCount: m.total,
    postCount: feed.posts,
    questionCount: feed.questions,
    answeredCount: feed.answered,
    unansweredCount: feed.questions - feed.answered,
    commentCount: c.total,
    days: joins.map((d, i) => ({ day: d.day, members: d.count, posts: postDays[i]!.count, comments: commentDays[i]!.count })),
  }
}

export async function users(ctx: Ctx, userId: number | null, q: Paging & { keyword?: string | undefined; momentId?: number | undefined }): Promise<NumberedPage<api.AdminMember>> {
  const ids = await scope(ctx, userId, q.momentId)
  const p = pageOf(q)
  const { rows, total } = await members.memberPage(ctx.db, ids, { keyword: q.keyword, offset: p.offset, limit: p.limit })
  return numberedPage(rows.map((r) => toMember(r, seconds(ctx))), { ...p, total })
}

function checkedForm(form: api.CommunityForm): api.CommunityForm {
  const error = firstCommunityError({ name: form.name, brief: form.brief, intro: form.intro ?? '', tip: form.tip ?? '' })
  if (error) throw new ApiError(400, error)
  return { name: form.name.trim(), brief: form.brief.trim(), intro: form.intro?.trim(), tip: form.tip?.trim(), avatar: form.avatar?.trim() }
}

async function assertClean(ctx: Ctx, text: string): Promise<void> {
  if (!(await ctx.moderation.checkText(text)).pass) throw new ApiError(400, CIRCLE_MESSAGES.forbiddenWords)
}

/** community-create: a 社群 of the caller's (an adviser), with the default tag 全部 and the owner's 公告 tag. */
export async function create(ctx: Ctx, userId: number | null, form: api.CommunityForm): Promise<api.AdminCommunityDetail> {
  await assertMayCreate(ctx.db, userId)
  const f = checkedForm(form)
  await assertClean(ctx, `${f.name}\n${f.brief}\n${f.intro ?? ''}\n${f.tip ?? ''}`)
  const owner = await userById(ctx.db, userId!)
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const circleId = await circles.insertCircle(trx, {
      type: CREATED_COMMUNITY_TYPE,
      name: f.name,
      brief: f.brief,
      intro: f.intro ?? '',
      tip: f.tip ?? '',
      avatar: f.avatar || owner?.avatar || '',
      owner_id: userId!,
      goods_id: null,
      create_timestamp: seconds(ctx),
    })
    await tags.insertTag(trx, { circle_id: circleId, name: '全部', is_default: true, sort: 0 })
    await tags.insertTag(trx, { circle_id: circleId, name: '公告', admin_only: true, sort: 1 })
    return circleId
  })
  return toDetail(ctx, await community(ctx, id, userId), userId!)
}

// --- one community ----------------------------------------------------------------------------------

export async function detail(ctx: Ctx, userId: number | null, momentId: number): Promise<api.AdminCommunityDetail> {
  await circleSvc.settle(ctx)
  return toDetail(ctx, await community(ctx, momentId, userId), userId!)
}

export async function edit(ctx: Ctx, userId: number | null, momentId: number, form: api.CommunityForm): Promise<api.AdminCommunityDetail> {
  const m = await community(ctx, momentId, userId)
  const f = checkedForm(form)
  await assertClean(ctx, `${f.name}\n${f.brief}\n${f.intro ?? ''}\n${f.tip ?? ''}`)
  await circles.updateCircleText(ctx.db, m.circle.id, f)
  return toDetail(ctx, m, userId!)
}

export async function announce(ctx: Ctx, userId: number | null, momentId: number, text: string): Promise<api.AdminCommunityDetail> {
  const m = await community(ctx, momentId, userId)
  const t = text.trim()
  if (Array.from(t).length > ANNOUNCEMENT_MAX) throw new ApiError(400, M.announcementTooLong)
  if (t) await assertClean(ctx, t)
  await circles.setAnnouncement(ctx.db, m.circle.id, t, seconds(ctx))
  return toDetail(ctx, m, userId!)
}

export async function posts(
  ctx: Ctx,
  userId: number | null,
  momentId: number,
  q: Paging & { keyword?: string | undefined; kind?: dynamics.AdminPostKind | undefined; status?: 'reviewing' | 'approved' | 'rejected' | undefined },
): Promise<NumberedPage<api.AdminPost>> {
  await circleSvc.settle(ctx)
  const m = await community(ctx, momentId, userId)
  const p = pageOf(q)
  const { rows, total } = await dynamics.adminPosts(ctx.db, m.circle.id, { kind: q.kind ?? 'all', status: q.status, keyword: q.keyword, offset: p.offset, limit: p.limit })
  return numberedPage(await toPosts(ctx, rows, m, userId!), { ...p, total })
}

/** set-top and set-essence: the circle feed's own calls (server/circles/service.ts), after the console's guard. */
export async function setTop(ctx: Ctx, userId: number | null, momentId: number, body: { dynamicId: number; top: boolean }): Promise<api.AdminPost> {
  const m = await community(ctx, momentId, userId)
  await postIn(ctx, m, body.dynamicId)
  await circleSvc.setTop(ctx, m.circle.id, { ...body, momentId: m.circle.id }, await circleSvc.viewerOf(ctx.db, userId))
  return postOf(ctx, m, body.dynamicId, userId!)
}

export async function setEssence(ctx: Ctx, userId: number | null, momentId: number, body: { dynamicId: number; essence: boolean }): Promise<api.AdminPost> {
  const m = await community(ctx, momentId, userId)
  await postIn(ctx, m, body.dynamicId)
  await circleSvc.setEssence(ctx, m.circle.id, { ...body, momentId: m.circle.id }, await circleSvc.viewerOf(ctx.db, userId))
  return postOf(ctx, m, body.dynamicId, userId!)
}

/** set-preview: only an approved moment (not a question, not set aside) is shown to outsiders as the sample. */
export async function setPreview(ctx: Ctx, userId: number | null, momentId: number, body: { dynamicId: number; preview: boolean }): Promise<api.AdminPost> {
  await circleSvc.settle(ctx)
  const m = await community(ctx, momentId, userId)
  const d = await postIn(ctx, m, body.dynamicId)
  if (body.preview && (d.kind !== 'dynamic' || d.status !== 'approved' || d.ignored)) throw new ApiError(400, M.previewApprovedOnly)
  await dynamics.setPreview(ctx.db, d.id, body.preview)
  return postOf(ctx, m, d.id, userId!)
}

export async function setCommentsClosed(ctx: Ctx, userId: number | null, momentId: number, body: { dynamicId: number; commentsClosed: boolean }): Promise<api.AdminPost> {
  const m = await community(ctx, momentId, userId)
  const d = await postIn(ctx, m, body.dynamicId)
  await dynamics.setCommentsClosed(ctx.db, d.id, body.commentsClosed)
  return postOf(ctx, m, d.id, userId!)
}

/** qa: the answer is the circle feed's (PUT /api/review/v1 with replyId: one per question, checked, reviewed). */
export async function answer(ctx: Ctx, userId: number | null, momentId: number, body: { dynamicId: number; content: string }): Promise<api.AdminPost> {
  const m = await community(ctx, momentId, userId)
  const d = await postIn(ctx, m, body.dynamicId)
  if (d.kind !== 'question') throw new ApiError(400, M.notQuestion)
  if (!body.content.trim()) throw new ApiError(400, M.answerRequired)
  await circleSvc.submit(ctx, await circleSvc.viewerOf(ctx.db, userId), { momentId: m.circle.id, replyId: d.id, content: body.content })
  return postOf(ctx, m, d.id, userId!)
}

export async function commentList(ctx: Ctx, userId: number | null, momentId: number, q: Paging & { keyword?: string | undefined; dynamicId?: number | undefined }): Promise<NumberedPage<api.AdminComment>> {
  const m = await community(ctx, momentId, userId)
  const p = pageOf(q)
  const { rows, total } = await comments.circleCommentPage(ctx.db, m.circle.id, { keyword: q.keyword, dynamicId: q.dynamicId, offset: p.offset, limit: p.limit })
  const list = rows.map((r) => ({
    id: r.id,
    dynamicId: r.dynamic_id,
    dynamicTitle: r.dynamic_title || circleSvc.excerpt(r.dynamic_content),
    commentsClosed: r.comments_closed,
    author: circleSvc.user(r.author_id, r.nick, r.avatar, r.brief),
    content: r.content,
    status: r.status,
    likeCount: r.like_count,
    createTimestamp: r.create_timestamp,
  }))
  return numberedPage(list, { ...p, total })
}

export async function commentDelete(ctx: Ctx, userId: number | null, momentId: number, commentId: number): Promise<boolean> {
  const m = await community(ctx, momentId, userId)
  if ((await comments.circleOfComment(ctx.db, commentId)) !== m.circle.id) throw notFound(CIRCLE_MESSAGES.commentNotFound)
  return comments.deleteComment(ctx.db, commentId)
}

export async function memberList(ctx: Ctx, userId: number | null, momentId: number, q: Paging & { keyword?: string | undefined }): Promise<NumberedPage<api.AdminMember>> {
  return users(ctx, userId, { ...q, momentId })
}

/** A member row of this community that the console may switch or remove (never the owner or an admin). */
async function memberIn(ctx: Ctx, m: Managed, memberId: number): Promise<members.MemberWithUser> {
  if (memberId === m.circle.owner_id || m.adminIds.includes(memberId)) throw new ApiError(400, M.manager)
  const u = await userById(ctx.db, memberId)
  const row = await members.memberOf(ctx.db, m.circle.id, memberId)
  if (!row || !u) throw notFound(M.notMember)
  return { ...row, nick: u.nick, avatar: u.avatar, brief: u.brief, circle_name: m.circle.name }
}

export async function memberSet(ctx: Ctx, userId: number | null, momentId: number, memberId: number, body: { publishable?: boolean | undefined; muted?: boolean | undefined }): Promise<api.AdminMember> {
  const m = await community(ctx, momentId, userId)
  await memberIn(ctx, m, memberId)
  await members.setSwitches(ctx.db, m.circle.id, memberId, body)
  return toMember(await memberIn(ctx, m, memberId), seconds(ctx))
}

export async function memberRemove(ctx: Ctx, userId: number | null, momentId: number, memberId: number): Promise<boolean> {
  const m = await community(ctx, momentId, userId)
  await memberIn(ctx, m, memberId)
  return members.removeMember(ctx.db, m.circle.id, memberId)
}

async function tagList(ctx: Ctx, circleId: number): Promise<api.AdminTag[]> {
  const [rows, counts] = await Promise.all([tags.tagsOf(ctx.db, circleId), dynamicTags.tagCounts(ctx.db, circleId)])
  return rows.map((t) => ({ tagId: t.id, tagName: t.name, isDefault: t.is_default, adminOnly: t.admin_only, count: counts.get(t.id) ?? 0 }))
}

export async function tagsOf(ctx: Ctx, userId: number | null, momentId: number): Promise<api.AdminTag[]> {
  return tagList(ctx, (await community(ctx, momentId, userId)).circle.id)
}

const tagById = async (ctx: Ctx, circleId: number, tagId: number) => {
  const t = (await tagList(ctx, circleId)).find((x) => x.tagId === tagId)
  if (!t) throw notFound(CIRCLE_MESSAGES.tagNotFound)
  return t
}

export async function tagCreate(ctx: Ctx, userId: number | null, momentId: number, body: { tagName: string; adminOnly?: boolean | undefined }): Promise<api.AdminTag> {
  const m = await community(ctx, momentId, userId)
  const existing = await tags.tagsOf(ctx.db, m.circle.id)
  const error = tagNameError(body.tagName, existing.map((t) => t.name))
  if (error) throw new ApiError(400, error)
  if (existing.length >= COMMUNITY_TAGS_MAX) throw new ApiError(400, M.tagsFull)
  await assertClean(ctx, body.tagName)
  const id = await tags.insertTag(ctx.db, { circle_id: m.circle.id, name: body.tagName.trim(), admin_only: body.adminOnly ?? false, sort: Math.max(0, ...existing.map((t) => t.sort)) + 1 })
  return tagById(ctx, m.circle.id, id)
}

export async function tagEdit(ctx: Ctx, userId: number | null, momentId: number, tagId: number, body: { tagName: string; adminOnly?: boolean | undefined }): Promise<api.AdminTag> {
  const m = await community(ctx, momentId, userId)
  const t = await tagById(ctx, m.circle.id, tagId)
  if (t.isDefault) throw new ApiError(400, M.defaultTag)
  const others = (await tags.tagsOf(ctx.db, m.circle.id)).filter((x) => x.id !== tagId).map((x) => x.name)
  const error = tagNameError(body.tagName, others)
  if (error) throw new ApiError(400, error)
  await assertClean(ctx, body.tagName)
  await tags.updateTag(ctx.db, tagId, { name: body.tagName.trim(), admin_only: body.adminOnly })
  return tagById(ctx, m.circle.id, tagId)
}

export async function tagDelete(ctx: Ctx, userId: number | null, momentId: number, tagId: number): Promise<boolean> {
  const m = await community(ctx, momentId, userId)
  const t = await tagById(ctx, m.circle.id, tagId)
  if (t.isDefault) throw new ApiError(400, M.defaultTag)
  return tags.deleteTag(ctx.db, tagId)
}
