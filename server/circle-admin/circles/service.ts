// The console's circles (issue 29; core/api/circle-admin-circles.ts): the list, create and edit, the
// user list with appointing admins, rights, sort, and the reviewer's decision on a new circle. Every call
// about one circle asks the console's guard first (server/circle-admin/guard.ts); the form's rules are
// core/circle-admin/circles.ts. SQL lives in the circles' repositories.
import type * as api from '../../../core/api/circle-admin-circles'
import { numberedPage, type NumberedPage } from '../../../core/api/page'
import {
  ADMIN_CIRCLES_PAGE,
  ADMINS_MAX,
  CIRCLE_ADMIN_MESSAGES as M,
  CIRCLE_USERS_PAGE,
  USER_SEARCH_COUNT,
  editProblem,
  firstInvalidField,
  isSameSet,
  rejectReasonProblem,
  rightsProblem,
  statusAfterEdit,
  validateCircleForm,
  type CircleForm,
} from '../../../core/circle-admin/circles'
import type { CircleType } from '../../../core/circles/limits'
import { CONSOLE_MESSAGES } from '../../../core/circle-admin/access'
import { mayReview } from '../../../core/certification/certificate-form'
import type { Db } from '../../db/db'
import { ApiError, notFound } from '../../http/api-error'
import type { ModerationPort } from '../../posting/moderation'
import { searchUsersByNick, userById, userRoles } from '../../accounts/users-repository'
import * as circles from '../../circles/circles-repository'
import * as admins from '../../circles/admins-repository'
import * as members from '../../circles/members-repository'
import * as tags from '../../circles/tags-repository'
import * as rights from '../../circles/rights-repository'
import { assertMayCreate, assertMayOpenConsole, managedCircle, managedCircleIds } from '../guard'

export interface Ctx {
  db: Db
  moderation: ModerationPort
  /** ms since the epoch */
  now: () => number
}

const seconds = (ctx: Ctx) => Math.floor(ctx.now() / 1000)
const pageAt = (page: number | undefined, count: number | undefined, fallback: number) => {
  const p = page ?? 1
  const n = count ?? fallback
  return { page: p, count: n, offset: (p - 1) * n }
}

function toAdminCircle(c: circles.CircleRow, viewerId: number, adminCount: number): api.AdminCircle {
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    avatar: c.avatar,
    brief: c.brief,
    owner: { id: c.owner_id, nick: c.owner_nick, avatar: c.owner_avatar, brief: c.owner_brief },
    role: c.owner_id === viewerId ? 'owner' : 'admin',
    reviewStatus: c.review_status,
    rejectReason: c.review_status === 'rejected' ? c.reject_reason : null,
    paid: c.goods_id !== null,
    minPrice: c.price_cents,
    memberCount: c.member_count,
    adminCount,
    createTimestamp: c.create_timestamp,
  }
}

async function toDetail(ctx: Ctx, c: circles.CircleRow, viewerId: number): Promise<api.AdminCircleDetail> {
  const count = (await admins.adminCounts(ctx.db, [c.id])).get(c.id) ?? 0
  const specs = c.goods_id === null ? [] : await circles.specsOfGoods(ctx.db, c.goods_id)
  return { ...toAdminCircle(c, viewerId, count), intro: c.intro, specs: specs.map((s) => ({ specsId: s.id, months: s.months, price: s.price_cents, sold: s.sold })) }
}

async function reload(ctx: Ctx, id: number): Promise<circles.CircleRow> {
  const c = await circles.findCircle(ctx.db, id)
  if (!c) throw notFound(CONSOLE_MESSAGES.circleNotFound)
  return c
}

// --- the list --------------------------------------------------------------------------------------

/**
 * The console opens to advisers and to whoever owns or administers a circle: an owner whose circle
 * predates their certification (the fixture owners) runs it all the same. (The guard's
 * assertMayOpenConsole counts appointed admins only, so owners are asked here first.)
 */
async function mayOpen(ctx: Ctx, userId: number | null): Promise<number> {
  if ((await managedCircleIds(ctx.db, userId)).length === 0) await assertMayOpenConsole(ctx.db, userId)
  return userId!
}

export async function list(ctx: Ctx, userId: number | null, q: { type?: CircleType | undefined; keyword?: string | undefined; page?: number | undefined; count?: number | undefined }): Promise<NumberedPage<api.AdminCircle>> {
  const viewerId = await mayOpen(ctx, userId)
  const at = pageAt(q.page, q.count, ADMIN_CIRCLES_PAGE)
  const ids = await managedCircleIds(ctx.db, viewerId, q.type)
  const keyword = q.keyword?.trim().toLowerCase()
  // an adviser runs a few dozen circles at most: read them all, filter by name and cut the page here
  const matching = (await circles.circlesByIds(ctx.db, ids)).filter((c) => !keyword || c.name.toLowerCase().includes(keyword))
  const total = matching.length
  const rows = matching.slice(at.offset, at.offset + at.count)
  const counts = await admins.adminCounts(ctx.db, rows.map((r) => r.id))
  return numberedPage(
    rows.map((r) => toAdminCircle(r, viewerId, counts.get(r.id) ?? 0)),
    { page: at.page, count: at.count, total },
  )
}

// --- create and edit -------------------------------------------------------------------------------

/** The form's rules, then the moderation check of its words; a 400 with the first message. */
async function checkForm(ctx: Ctx, form: CircleForm): Promise<void> {
  const errors = validateCircleForm(form)
  const first = firstInvalidField(errors)
  if (first) throw new ApiError(400, errors[first]!)
  const verdict = await ctx.moderation.checkText(`${form.name}\n${form.brief}\n${form.intro}`)
  if (!verdict.pass) throw new ApiError(400, M.forbiddenWords)
}

const trimmed = (b: api.CircleFormBody): CircleForm => ({ ...b, name: b.name.trim(), brief: b.brief.trim(), intro: b.intro.trim(), avatar: b.avatar.trim(), specs: b.paid ? b.specs : [] })

/** A new circle: under review until a reviewer approves it; a paid one gets its good and a spec per period. */
export async function create(ctx: Ctx, userId: number | null, body: api.CircleFormBody): Promise<api.AdminCircleDetail> {
  await assertMayCreate(ctx.db, userId)
  const form = trimmed(body)
  await checkForm(ctx, form)
  const now = seconds(ctx)
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const circleId = await circles.insertCircle(trx, {
      type: body.type,
      name: form.name,
      brief: form.brief,
      intro: form.intro,
      avatar: form.avatar,
      owner_id: userId!,
      goods_id: null,
      review_status: 'reviewing',
      create_timestamp: now,
    })
    // the tags every circle starts with (as the seeded ones): 全部 by default, 公告 for the owner and admins
    await tags.insertTag(trx, { circle_id: circleId, name: '全部', is_default: true, sort: 0 })
    await tags.insertTag(trx, { circle_id: circleId, name: '公告', admin_only: true, sort: 1 })
    if (form.paid) {
      const goodsId = await circles.insertConsoleGoods(trx, { circleId, name: form.name })
      await circles.syncSpecs(trx, goodsId, form.name, form.specs)
      await circles.setCircleGoods(trx, circleId, goodsId)
    }
    return circleId
  })
  return toDetail(ctx, await reload(ctx, id), userId!)
}

export async function detail(ctx: Ctx, userId: number | null, id: number): Promise<api.AdminCircleDetail> {
  const { circle } = await managedCircle(ctx.db, id, userId)
  return toDetail(ctx, circle, userId!)
}

/** Saves the form: the type never changes; free or paid only before approval; a period bought stays. */
export async function edit(ctx: Ctx, userId: number | null, id: number, body: api.CircleFormBody): Promise<api.AdminCircleDetail> {
  const { circle } = await managedCircle(ctx.db, id, userId)
  const form = trimmed(body)
  await checkForm(ctx, form)
  const sold = circle.goods_id === null ? [] : (await circles.specsOfGoods(ctx.db, circle.goods_id)).filter((s) => s.sold).map((s) => s.months)
  const before = { type: circle.type, paid: circle.goods_id !== null, reviewStatus: circle.review_status, soldPeriods: sold }
  const problem = editProblem(before, form)
  if (problem) throw new ApiError(400, problem)
  await ctx.db.kysely.transaction().execute(async (trx) => {
    let goodsId = circle.goods_id
    if (form.paid) {
      goodsId ??= await circles.insertConsoleGoods(trx, { circleId: id, name: form.name })
      await circles.renameGoods(trx, goodsId, form.name)
      await circles.syncSpecs(trx, goodsId, form.name, form.specs)
    }
    // turning a circle under review free: its good stays for the orders that name it, unlinked
    if (!form.paid) goodsId = null
    await circles.updateConsoleCircle(trx, id, { name: form.name, brief: form.brief, intro: form.intro, avatar: form.avatar, goodsId, reviewStatus: statusAfterEdit(circle.review_status) })
  })
  return toDetail(ctx, await reload(ctx, id), userId!)
}

// --- users and admins ------------------------------------------------------------------------------

const userOf = (r: { id: number; nick: string; avatar: string; brief: string }) => ({ id: r.id, nick: r.nick, avatar: r.avatar, brief: r.brief })

async function adminItems(ctx: Ctx, circleId: number): Promise<api.CircleUserItem[]> {
  return (await admins.adminRowsOf(ctx.db, circleId)).map((a) => ({
    user: userOf({ id: a.user_id, nick: a.nick, avatar: a.avatar, brief: a.brief }),
    role: 'admin' as const,
    joinTimestamp: a.create_timestamp,
    expireTimestamp: null,
  }))
}

const matches = (keyword: string | undefined, u: { id: number; nick: string }) => !keyword || u.nick.toLowerCase().includes(keyword.toLowerCase()) || String(u.id) === keyword

/** circle-user-admin: the owner and admins first (for every page's count), then the members newest first. */
export async function users(
  ctx: Ctx,
  userId: number | null,
  id: number,
  q: { role?: api.CircleUserRole | undefined; keyword?: string | undefined; page?: number | undefined; count?: number | undefined },
): Promise<NumberedPage<api.CircleUserItem>> {
  const { circle, adminIds } = await managedCircle(ctx.db, id, userId)
  const at = pageAt(q.page, q.count, CIRCLE_USERS_PAGE)
  const keyword = q.keyword?.trim() || undefined
  const owner: api.CircleUserItem = {
    user: { id: circle.owner_id, nick: circle.owner_nick, avatar: circle.owner_avatar, brief: circle.owner_brief },
    role: 'owner',
    joinTimestamp: circle.create_timestamp,
    expireTimestamp: null,
  }
  const managers = [owner, ...(await adminItems(ctx, id))].filter((u) => (q.role === undefined || q.role === u.role) && matches(keyword, u.user))
  const wantMembers = q.role === undefined || q.role === 'member' || q.role === 'expired'
  const shown = managers.slice(at.offset, at.offset + at.count)
  const memberOffset = Math.max(0, at.offset - managers.length)
  const memberLimit = at.count - shown.length
  const now = seconds(ctx)
  const page = wantMembers
    ? await members.membersPage(ctx.db, id, {
        exclude: [circle.owner_id, ...adminIds],
        status: q.role === 'member' || q.role === 'expired' ? q.role : undefined,
        keyword,
        nowSeconds: now,
        offset: memberOffset,
        limit: Math.max(memberLimit, 1),
      })
    : { rows: [], total: 0 }
  const memberItems: api.CircleUserItem[] = (memberLimit > 0 ? page.rows : []).map((m) => ({
    user: userOf({ id: m.user_id, nick: m.nick, avatar: m.avatar, brief: m.brief }),
    role: m.expire_timestamp !== null && m.expire_timestamp < now ? 'expired' : 'member',
    joinTimestamp: m.join_timestamp,
    expireTimestamp: m.expire_timestamp,
  }))
  return numberedPage([...shown, ...memberItems], { page: at.page, count: at.count, total: managers.length + page.total })
}

/** Appointing an admin: users by id (all digits) or by nick; owner only. */
export async function searchUsers(ctx: Ctx, userId: number | null, id: number, keyword: string): Promise<{ list: api.UserHit[] }> {
  const { circle, adminIds } = await managedCircle(ctx.db, id, userId, { ownerOnly: true })
  const k = keyword.trim()
  const found: { id: number; nick: string; avatar: string }[] = []
  if (/^\d{1,9}$/.test(k)) {
    const u = await userById(ctx.db, Number(k))
    if (u && u.merged_into === null) found.push({ id: Number(u.id), nick: u.nick, avatar: u.avatar })
  }
  if (k) for (const u of (await searchUsersByNick(ctx.db, k.toLowerCase(), USER_SEARCH_COUNT, 0)).rows) if (!found.some((f) => f.id === Number(u.id))) found.push({ id: Number(u.id), nick: u.nick, avatar: u.avatar })
  return { list: found.slice(0, USER_SEARCH_COUNT).map((u) => ({ ...u, isAdmin: adminIds.includes(u.id), isOwner: u.id === circle.owner_id })) }
}

export async function addAdmin(ctx: Ctx, userId: number | null, id: number, target: number): Promise<{ list: api.CircleUserItem[] }> {
  const { circle, adminIds } = await managedCircle(ctx.db, id, userId, { ownerOnly: true })
  if (target === circle.owner_id) throw new ApiError(400, M.ownerNotAdmin)
  if (adminIds.includes(target)) throw new ApiError(400, M.alreadyAdmin)
  if (adminIds.length >= ADMINS_MAX) throw new ApiError(400, M.adminsFull)
  const u = await userById(ctx.db, target)
  if (!u || u.merged_into !== null) throw new ApiError(400, M.userNotFound)
  await admins.addAdmin(ctx.db, id, target, seconds(ctx))
  return { list: await adminItems(ctx, id) }
}

export async function removeAdmin(ctx: Ctx, userId: number | null, id: number, target: number): Promise<{ list: api.CircleUserItem[] }> {
  await managedCircle(ctx.db, id, userId, { ownerOnly: true })
  if (!(await admins.removeAdmin(ctx.db, id, target))) throw new ApiError(400, M.notAdmin)
  return { list: await adminItems(ctx, id) }
}

// --- rights and sort -------------------------------------------------------------------------------

export async function rightsList(ctx: Ctx, userId: number | null, id: number): Promise<{ list: api.RightBody[] }> {
  await managedCircle(ctx.db, id, userId)
  return { list: await rights.rightsOf(ctx.db, id) }
}

export async function saveRights(ctx: Ctx, userId: number | null, id: number, list: readonly api.RightBody[]): Promise<{ list: api.RightBody[] }> {
  await managedCircle(ctx.db, id, userId)
  const clean = list.map((r) => ({ title: r.title.trim(), description: r.description.trim() }))
  const problem = rightsProblem(clean)
  if (problem) throw new ApiError(400, problem)
  const verdict = await ctx.moderation.checkText(clean.map((r) => `${r.title}\n${r.description}`).join('\n'))
  if (!verdict.pass) throw new ApiError(400, M.forbiddenWords)
  await ctx.db.kysely.transaction().execute((trx) => rights.replaceRights(trx, id, clean))
  return { list: await rights.rightsOf(ctx.db, id) }
}

/** operate/sort: the circles the reader owns (an admin orders nothing of another's). */
export async function circleOrder(ctx: Ctx, userId: number | null): Promise<{ list: api.SortItem[] }> {
  await mayOpen(ctx, userId)
  return { list: await circles.ownedInOrder(ctx.db, userId!) }
}

export async function saveCircleOrder(ctx: Ctx, userId: number | null, ids: readonly number[]): Promise<{ list: api.SortItem[] }> {
  await mayOpen(ctx, userId)
  const current = await circles.ownedInOrder(ctx.db, userId!)
  if (!isSameSet(current.map((c) => c.id), ids)) throw new ApiError(400, M.sortMismatch)
  await ctx.db.kysely.transaction().execute((trx) => circles.setOwnerOrder(trx, userId!, ids))
  return { list: await circles.ownedInOrder(ctx.db, userId!) }
}

/** operate/sort/{id}: the circle's tags other than the default one (which always comes first). */
const sortableTags = async (ctx: Ctx, id: number) => (await tags.tagsOf(ctx.db, id)).filter((t) => !t.is_default).map((t) => ({ id: t.id, name: t.name }))

export async function tagOrder(ctx: Ctx, userId: number | null, id: number): Promise<{ list: api.SortItem[] }> {
  await managedCircle(ctx.db, id, userId)
  return { list: await sortableTags(ctx, id) }
}

export async function saveTagOrder(ctx: Ctx, userId: number | null, id: number, ids: readonly number[]): Promise<{ list: api.SortItem[] }> {
  await managedCircle(ctx.db, id, userId)
  if (!isSameSet((await sortableTags(ctx, id)).map((t) => t.id), ids)) throw new ApiError(400, M.sortMismatch)
  await ctx.db.kysely.transaction().execute((trx) => tags.setTagOrder(trx, id, ids))
  return { list: await sortableTags(ctx, id) }
}

// --- the reviewer ----------------------------------------------------------------------------------

async function requireReviewer(ctx: Ctx, userId: number | null): Promise<number> {
  if (userId === null) throw new ApiError(401, CONSOLE_MESSAGES.loginFirst)
  if (!mayReview((await userRoles(ctx.db, userId)) ?? [])) throw new ApiError(403, M.reviewersOnly)
  return userId
}

export async function reviewQueue(ctx: Ctx, userId: number | null, q: { page?: number | undefined; count?: number | undefined }): Promise<NumberedPage<api.ReviewCircle>> {
  const reviewer = await requireReviewer(ctx, userId)
  const at = pageAt(q.page, q.count, ADMIN_CIRCLES_PAGE)
  const { rows, total } = await circles.circlesInReview(ctx.db, { offset: at.offset, limit: at.count })
  const list = await Promise.all(rows.map((r) => toDetail(ctx, r, reviewer)))
  return numberedPage(list, { page: at.page, count: at.count, total })
}

/** A decision on a circle under review: taken once (a second answers 400 and changes nothing). */
export async function decide(ctx: Ctx, userId: number | null, id: number, decision: { kind: 'approve' } | { kind: 'reject'; reason: string }): Promise<api.AdminCircleDetail> {
  const reviewer = await requireReviewer(ctx, userId)
  let reason: string | null = null
  if (decision.kind === 'reject') {
    const problem = rejectReasonProblem(decision.reason)
    if (problem) throw new ApiError(400, problem)
    reason = decision.reason.trim()
  }
  if (!(await circles.findCircle(ctx.db, id))) throw notFound(CONSOLE_MESSAGES.circleNotFound)
  const moved = await circles.setReviewStatus(ctx.db, id, ['reviewing'], decision.kind === 'approve' ? 'approved' : 'rejected', reason)
  if (!moved) throw new ApiError(400, M.notReviewing)
  return toDetail(ctx, await reload(ctx, id), reviewer)
}
