// The circle-admin console's live tabs (issue 29; core/api/circle-admin-live.ts): the room list with its
// filters, a room's edit, playback choice, comments (delete, mute), data, honoured-guest candidates,
// kicked-out viewers, and the viewers of the columns. Every call asks server/circle-admin/guard.ts first
// (the owner or an admin of THAT live column); the room's moves, its stream and its guests stay with
// server/live/service.ts (issue 28), whose owner view this reuses. SQL lives in the repositories.
import type * as api from '../../../core/api/circle-admin-live'
import type { ResultOf } from '../../../core/api/endpoint'
import { numberedPage, type NumberedPage } from '../../../core/api/page'
import { bucketSeconds, LIVE_ADMIN_MESSAGES as A, playbackEditable, roomErrors, startEditable, USER_CANDIDATES_MAX } from '../../../core/circle-admin/live'
import { isMembershipValid } from '../../../core/circles/access'
import { isMutedNow } from '../../../core/chat/permissions'
import { LIVE_STATUS_CODES as S, type LiveStatusName, type VideoServiceType } from '../../../core/live/limits'
import { liveUserIds, searchUsersByNick } from '../../accounts/users-repository'
import { chatServiceFor } from '../../chat/service'
import { memberOf as chatMemberOf } from '../../chat/members-repository'
import { circlesByIds } from '../../circles/circles-repository'
import { ApiError, notFound } from '../../http/api-error'
import { commentOfRoom, commentsPage, commentsPerBucket, commentTotals, deleteCommentById, type CommentRow } from '../../live/comments-repository'
import { guestIdsOf } from '../../live/guests-repository'
import { kick, kickOf, kicksPage, unkick, type KickRow } from '../../live/kicks-repository'
import { peaksOf } from '../../live/peaks-repository'
import { reservationCount } from '../../live/reservations-repository'
import { roomsFiltered, updateRoom, type RoomRow } from '../../live/rooms-repository'
import { loadRoom, onlineNow, ownerRoom, settlePlayback, users, type LiveDeps } from '../../live/service'
import { viewersPage, type ViewerMembership } from '../../live/viewers-repository'
import { managedCircle, managedCircleIds, type Managed } from '../guard'

const bad = (message: string) => new ApiError(400, message)
const seconds = (d: LiveDeps) => Math.floor(d.clock() / 1000)

/** The room (not deleted) if the caller owns or administers its live column. */
async function managedRoom(d: LiveDeps, id: number, userId: number | null): Promise<{ room: RoomRow; column: Managed }> {
  // a guest is refused before anything is looked up (the site's 401, whatever the id)
  if (userId === null) await managedCircle(d.db, 0, null)
  const room = await loadRoom(d, id)
  const column = await managedCircle(d.db, room.circle_id, userId, { type: 'LIVE_COLUMN' })
  return { room, column }
}

async function adminRoom(d: LiveDeps, room: RoomRow, columnName: string): Promise<api.AdminLiveRoom> {
  const settled = await settlePlayback(d, room)
  const [owner, guests] = await Promise.all([ownerRoom(d, settled, columnName), guestIdsOf(d.db, settled.id).then((ids) => users(d, ids))])
  return { ...owner, honouredGuests: guests, playback: settled.playback_url ? { url: settled.playback_url, durationSeconds: settled.playback_seconds } : null }
}

/** The live columns the caller may administer: all of them, or the one asked for (the guard's answer when it is not theirs). */
async function columnsOf(d: LiveDeps, userId: number | null, liveColumnId: number | undefined): Promise<number[]> {
  if (liveColumnId === undefined) return managedCircleIds(d.db, userId, 'LIVE_COLUMN')
  await managedCircle(d.db, liveColumnId, userId, { type: 'LIVE_COLUMN' })
  return [liveColumnId]
}

const namesOf = async (d: LiveDeps, ids: readonly number[]) => new Map((await circlesByIds(d.db, ids)).map((c) => [c.id, c.name]))

// --- rooms --------------------------------------------------------------------------------------------

export async function rooms(
  d: LiveDeps,
  q: { page: number; count: number; liveColumnId?: number | undefined; status?: LiveStatusName | undefined; videoServiceType?: VideoServiceType | undefined; keyword?: string | undefined },
  userId: number | null,
): Promise<NumberedPage<api.AdminLiveRoom>> {
  const ids = await columnsOf(d, userId, q.liveColumnId)
  const filter = { status: q.status === undefined ? undefined : S[q.status], serviceType: q.videoServiceType, keyword: q.keyword?.trim() || undefined }
  const [{ rows, total }, names] = await Promise.all([roomsFiltered(d.db, ids, filter, q), namesOf(d, ids)])
  const list = await Promise.all(rows.map((r) => adminRoom(d, r, names.get(r.circle_id) ?? '')))
  return numberedPage(list, { page: q.page, count: q.count, total })
}

export async function room(d: LiveDeps, id: number, userId: number | null): Promise<api.AdminLiveRoom> {
  const { room, column } = await managedRoom(d, id, userId)
  return adminRoom(d, room, column.circle.name)
}

export async function editRoom(
  d: LiveDeps,
  id: number,
  body: { title: string; brief?: string | undefined; cover?: string | undefined; startTimestamp?: number | undefined },
  userId: number | null,
): Promise<api.AdminLiveRoom> {
  const { room, column } = await managedRoom(d, id, userId)
  const now = seconds(d)
  const movesStart = body.startTimestamp !== undefined && body.startTimestamp !== room.start_timestamp
  if (movesStart && !startEditable(room.status)) throw new ApiError(409, A.startLocked)
  const errors = roomErrors({ title: body.title, brief: body.brief ?? room.brief, startTimestamp: body.startTimestamp ?? room.start_timestamp }, now, movesStart)
  if (errors[0]) throw bad(errors[0].message)
  const set = {
    title: body.title.trim(),
    brief: (body.brief ?? room.brief).trim(),
    cover: body.cover ?? room.cover,
    ...(movesStart ? { start_timestamp: body.startTimestamp } : {}),
  }
  // a new start is stored only while the room is still booked (it may have started meanwhile)
  const saved = await updateRoom(d.db, room.id, set, movesStart ? [S.RESERVATION] : undefined)
  if (!saved) throw new ApiError(409, A.startLocked)
  return adminRoom(d, saved, column.circle.name)
}

export async function setPlayback(d: LiveDeps, id: number, keepPlayback: boolean, userId: number | null): Promise<api.AdminLiveRoom> {
  const { room, column } = await managedRoom(d, id, userId)
  if (!playbackEditable(room.status)) throw new ApiError(409, A.playbackLocked)
  const saved = await updateRoom(d.db, room.id, { keep_playback: keepPlayback }, [S.RESERVATION, S.LIVE, S.PAUSE])
  if (!saved) throw new ApiError(409, A.playbackLocked) // it ended meanwhile
  return adminRoom(d, saved, column.circle.name)
}

// --- commentManage ------------------------------------------------------------------------------------

async function mutedIn(d: LiveDeps, room: RoomRow, userIds: readonly number[]): Promise<Set<number>> {
  const groupId = room.chat_group_id
  if (!groupId) return new Set()
  const now = seconds(d)
  const members = await Promise.all([...new Set(userIds)].map((u) => chatMemberOf(d.db, groupId, u)))
  return new Set(members.flatMap((m) => (m && isMutedNow(m.mute_until, now) ? [m.user_id] : [])))
}

const toComment = (r: CommentRow, muted: Set<number>): api.AdminLiveComment => ({
  commentId: r.id,
  content: r.content,
  user: { id: r.user_id, nick: r.nick, avatar: r.avatar },
  tag: r.tag,
  createTimestamp: r.create_timestamp,
  muted: muted.has(r.user_id),
})

export async function comments(d: LiveDeps, id: number, q: { page: number; count: number; keyword?: string | undefined }, userId: number | null): Promise<NumberedPage<api.AdminLiveComment>> {
  const { room } = await managedRoom(d, id, userId)
  const { rows, total } = await commentsPage(d.db, room.id, { ...q, keyword: q.keyword?.trim() || undefined })
  const muted = await mutedIn(d, room, rows.map((r) => r.user_id))
  return numberedPage(rows.map((r) => toComment(r, muted)), { page: q.page, count: q.count, total })
}

export async function deleteComment(d: LiveDeps, id: number, commentId: number, userId: number | null): Promise<{ commentId: number }> {
  const { room } = await managedRoom(d, id, userId)
  const comment = await commentOfRoom(d.db, room.id, commentId)
  if (!comment) throw notFound(A.commentNotFound)
  await deleteCommentById(d.db, comment.id)
  return { commentId: comment.id }
}

/** The column's owner and admins are never muted or kicked out of its rooms. */
function refuseManagers(column: Managed, targetId: number): void {
  if (targetId === column.circle.owner_id || column.adminIds.includes(targetId)) throw bad(A.cannotTargetManager)
}

/**
 * Mutes a commenter in the room's chat group (the chat's own mute, so the chat refuses their comments),
 * done as the column's owner, who owns the room's group (server/live/service.ts chatGroupOf).
 */
export async function mute(d: LiveDeps, id: number, body: { userId: number; muted: boolean; muteTimeHour?: number | undefined }, userId: number | null) {
  const { room, column } = await managedRoom(d, id, userId)
  refuseManagers(column, body.userId)
  const groupId = room.chat_group_id
  if (!groupId || !(await chatMemberOf(d.db, groupId, body.userId))) throw bad(A.notInRoom)
  const member = await chatServiceFor(d.db, d.clock).mute(column.circle.owner_id, groupId, body.userId, body.muted, body.muteTimeHour ?? -1)
  return { userId: body.userId, muted: body.muted, muteUntil: Number(member.mute_until) }
}

// --- dataAnalysis -------------------------------------------------------------------------------------

export async function data(d: LiveDeps, id: number, userId: number | null): Promise<ResultOf<typeof api.adminLiveData>> {
  const { room } = await managedRoom(d, id, userId)
  const now = seconds(d)
  const [peaks, totals, reservations, online] = await Promise.all([peaksOf(d.db, room.id), commentTotals(d.db, room.id), reservationCount(d.db, room.id), onlineNow(d, room)])
  const peak = peaks.reduce<{ minute: number; online: number } | null>((best, p) => (best === null || p.online > best.online ? p : best), null)
  // the room's time: from its start (booked or on air) to its end (now while it runs)
  const from = Math.min(room.live_start_timestamp ?? room.start_timestamp, peaks[0]?.minute ?? Infinity)
  const over = room.end_timestamp !== null
  const to = Math.max(over ? room.end_timestamp! : now, peaks.at(-1)?.minute ?? 0)
  const bucket = bucketSeconds(to - from)
  const perBucket = await commentsPerBucket(d.db, room.id, bucket)
  const first = Math.min(Math.floor(from / bucket) * bucket, perBucket[0]?.at ?? Infinity)
  const last = Math.max(to, perBucket.at(-1)?.at ?? 0)
  const series: { timestamp: number; online: number; comments: number }[] = []
  // nothing to draw for a room nobody has watched or commented on yet
  if (peaks.length > 0 || perBucket.length > 0) {
    for (let at = first; at <= last && series.length < 1_000; at += bucket) {
      const online = peaks.filter((p) => p.minute >= at && p.minute < at + bucket).reduce((m, p) => Math.max(m, p.online), 0)
      series.push({ timestamp: at, online, comments: perBucket.find((c) => c.at === at)?.n ?? 0 })
    }
  }
  return {
    visitCount: room.visit_count,
    onlineCount: online,
    peakOnlineCount: peak?.online ?? 0,
    peakTimestamp: peak?.minute ?? null,
    commentCount: totals.comments,
    commenterCount: totals.commenters,
    reservationCount: reservations,
    bucketSeconds: bucket,
    series,
  }
}

// --- userManage ---------------------------------------------------------------------------------------

export async function userCandidates(d: LiveDeps, id: number, keyword: string, userId: number | null): Promise<{ list: api.AdminLiveUser[] }> {
  await managedRoom(d, id, userId)
  const k = keyword.trim()
  if (k === '') return { list: [] }
  const { rows } = await searchUsersByNick(d.db, k, USER_CANDIDATES_MAX, 0)
  return { list: rows.map((r) => ({ id: Number(r.id), nick: r.nick, avatar: r.avatar })) }
}

const toKicked = (r: KickRow): api.KickedUser => ({
  user: { id: r.user_id, nick: r.nick, avatar: r.avatar },
  operator: { id: r.operator_id, nick: r.operator_nick, avatar: r.operator_avatar },
  createTimestamp: r.create_timestamp,
})

export async function kicked(d: LiveDeps, id: number, q: { page: number; count: number }, userId: number | null): Promise<NumberedPage<api.KickedUser>> {
  const { room } = await managedRoom(d, id, userId)
  const { rows, total } = await kicksPage(d.db, room.id, q)
  return numberedPage(rows.map(toKicked), { page: q.page, count: q.count, total })
}

/** Kicks a viewer out: they may no longer watch or comment (core/live/access.ts), and leave the room's chat. */
export async function kickOut(d: LiveDeps, id: number, targetId: number, userId: number | null): Promise<api.KickedUser> {
  const { room, column } = await managedRoom(d, id, userId)
  refuseManagers(column, targetId)
  if ((await liveUserIds(d.db, [targetId])).length === 0) throw notFound(A.userNotFound)
  await kick(d.db, room.id, targetId, userId!, seconds(d))
  const groupId = room.chat_group_id
  if (groupId && (await chatMemberOf(d.db, groupId, targetId))) await chatServiceFor(d.db, d.clock).removeMembers(column.circle.owner_id, groupId, [targetId])
  return toKicked((await kickOf(d.db, room.id, targetId))!)
}

export async function letBackIn(d: LiveDeps, id: number, targetId: number, userId: number | null): Promise<{ userId: number }> {
  const { room } = await managedRoom(d, id, userId)
  await unkick(d.db, room.id, targetId)
  return { userId: targetId }
}

// --- live/live-user-admin -----------------------------------------------------------------------------

export async function viewers(
  d: LiveDeps,
  q: { page: number; count: number; liveColumnId?: number | undefined; keyword?: string | undefined; membership?: ViewerMembership | undefined },
  userId: number | null,
): Promise<NumberedPage<api.LiveViewer>> {
  const ids = await columnsOf(d, userId, q.liveColumnId)
  const now = seconds(d)
  const [{ rows, total }, names] = await Promise.all([viewersPage(d.db, ids, { ...q, keyword: q.keyword?.trim() || undefined, nowSeconds: now }), namesOf(d, ids)])
  const list = rows.map((r): api.LiveViewer => ({
    user: { id: r.user_id, nick: r.nick, avatar: r.avatar },
    liveColumnId: r.circle_id,
    liveColumnName: names.get(r.circle_id) ?? '',
    roomCount: r.room_count,
    commentCount: r.comment_count,
    firstSeenTimestamp: r.first_seen,
    lastSeenTimestamp: r.last_seen,
    membership: r.member === null ? 'none' : isMembershipValid({ expireTimestamp: r.member.expire_timestamp }, now) ? 'member' : 'expired',
    expireTimestamp: r.member?.expire_timestamp ?? null,
  }))
  return numberedPage(list, { page: q.page, count: q.count, total })
}
