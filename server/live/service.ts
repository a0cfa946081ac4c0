// Live rooms (issue 28; spec 001 §3, §6, §7 'Video and live'): the service behind server/live/routes.ts.
// Who may watch is core/live/access.ts over the live column's circle role (core/circles/access.ts via
// circle-context); which move a status allows is core/live/room.ts (the machine), asked before the
// streaming port and before anything is stored; a move is stored only from the status it was decided on.
// Comments are stored, then posted to the room's chat group over the messaging port of server/chat
// (viewers signed in to it get them live; before-id / after-id give history and catch-up). The online
// count is one shared table of heartbeats on the app's clock. SQL lives in the repositories beside this.
import { randomInt } from 'node:crypto'
import type { Updateable } from 'kysely'
import type * as api from '../../core/api/live'
import type { ResultOf } from '../../core/api/endpoint'
import type { CircleUser } from '../../core/api/circles'
import { cursorPage, numberedPage, type NumberedPage } from '../../core/api/page'
import { roomAccess, type RoomAccess } from '../../core/live/access'
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_TRIES,
  KICK_OUT_BIZ_TYPE,
  LIVE_BRIEF_MAX,
  LIVE_COMMENT_BIZ_TYPE,
  LIVE_COMMENT_MAX,
  LIVE_MESSAGES as M,
  LIVE_ROOM_ID_MIN,
  LIVE_STATUS_BIZ_TYPE,
  LIVE_STATUS_CODES as S,
  LIVE_TITLE_MAX,
  ONLINE_TTL_MS,
  statusNameOf,
  type CommentTag,
  type StartMode,
  type VideoServiceType,
} from '../../core/live/limits'
import { allowedControls, applyRoomEvent } from '../../core/live/room'
import type { RoomEvent } from '../../core/live/room.machine'
import { GROUP_NAME_MAX } from '../../core/chat/limits'
import { overLimit, recordEvent } from '../accounts/http'
import { NOT_LOGGED_IN } from '../accounts/session'
import { liveUserIds, profilesOf } from '../accounts/users-repository'
import { chatServiceFor } from '../chat/service'
import { groupKey } from '../chat/messages-repository'
import { circleContext, type CircleContext } from '../circle-extras/circle-context'
import { circlesAdministeredBy } from '../circles/admins-repository'
import { circlesByIds, listCircles } from '../circles/circles-repository'
import type { Db } from '../db/db'
import type { LiveRoomsTable } from '../db/schema'
import { ApiError, notFound } from '../http/api-error'
import { errorMessage } from '../../core/api/api-error'
import { MicroCache } from '../http/micro-cache'
import type { StreamingPort } from '../streaming/port'
import { commentCount, commentsAfter, commentsBefore, deleteCommentById, insertComment, type CommentRow } from './comments-repository'
import { setDevice } from './devices-repository'
import { guestIdsOf, setGuests } from './guests-repository'
import { hasPassed, recordPass } from './invite-passes-repository'
import { isKicked } from './kicks-repository'
import { recordPeak } from './peaks-repository'
import { seen } from './viewers-repository'
import { beatAndCount, forgetSilent, onlineCount } from './online-repository'
import { hasReserved, reservationCount, reserve } from './reservations-repository'
import { countVisit, insertRoom, moveRoom, roomById, roomsOfColumns, setChatGroup, type RoomRow } from './rooms-repository'

export interface LiveDeps {
  readonly db: Db
  /** milliseconds (the clock port; tests and the clock sandbox move it) */
  readonly clock: () => number
  readonly streaming: StreamingPort
}

const forbidden = (message: string) => new ApiError(403, message)
const bad = (message: string) => new ApiError(400, message)
// a guest's write is refused first, as every write of the site refuses it (tests/authorisation.test.ts)
const loginFirst = () => new ApiError(401, NOT_LOGGED_IN)

const seconds = (d: LiveDeps) => Math.floor(d.clock() / 1000)

/** A room that exists and is not deleted (ids below 1e9 are news flashes: never rooms); with its type when asked. */
export async function loadRoom(d: LiveDeps, id: number, serviceType?: VideoServiceType): Promise<RoomRow> {
  const room = id >= LIVE_ROOM_ID_MIN ? await roomById(d.db, id) : undefined
  if (!room || room.status === S.DELETED) throw notFound(M.roomNotFound)
  if (serviceType !== undefined && room.service_type !== serviceType) throw notFound(M.roomNotFound)
  return room
}

export interface RoomView {
  readonly room: RoomRow
  readonly column: CircleContext
  readonly access: RoomAccess
}

/** The room with its column (as this reader sees the circle) and what this reader may do in it. */
export async function viewRoom(d: LiveDeps, room: RoomRow, userId: number | null): Promise<RoomView> {
  const column = await circleContext(d.db, room.circle_id, userId, seconds(d))
  // a column not approved yet is only its owner's, admins' and reviewers' (circle-context answers null to others)
  if (!column) throw notFound(M.roomNotFound)
  const inviteRequired = room.service_type === 'ROADSHOW' && room.invite_code !== null
  const invitePassed = inviteRequired && userId !== null && (await hasPassed(d.db, room.id, userId))
  const kicked = userId !== null && (await isKicked(d.db, room.id, userId))
  const access = roomAccess({ role: column.access.role, paid: column.price !== null, inviteRequired, invitePassed, kicked })
  return { room, column, access }
}

async function watchable(d: LiveDeps, id: number, serviceType: VideoServiceType | undefined, userId: number | null): Promise<RoomView> {
  const view = await viewRoom(d, await loadRoom(d, id, serviceType), userId)
  if (!view.access.canWatch) throw userId === null ? loginFirst() : forbidden(view.access.message)
  return view
}

async function managed(d: LiveDeps, id: number, userId: number): Promise<RoomView> {
  const view = await viewRoom(d, await loadRoom(d, id), userId)
  if (!view.access.canManage) throw forbidden(M.notManager)
  return view
}

// --- the stream and the playback ------------------------------------------------------------------

const statusName = (code: number) => statusNameOf(code) ?? 'NOT_PLAYBACK'

/** A room whose playback is being made: the port may have it now (its listener may have told another process). */
export async function settlePlayback(d: LiveDeps, room: RoomRow): Promise<RoomRow> {
  if (statusName(room.status) !== 'BACK_GENERATION') return room
  const playback = await d.streaming.playback(room.id)
  if (!playback) return room
  return (await recordPlayback(d, room.id, playback.videoUrl, playback.durationSeconds)) ?? room
}

/** The streaming port's recording arrived: BACK_GENERATION → PLAYBACK (once; a room in another status keeps it). */
export async function recordPlayback(d: LiveDeps, roomId: number, url: string, durationSeconds: number): Promise<RoomRow | undefined> {
  const room = await roomById(d.db, roomId)
  if (!room) return undefined
  const move = applyRoomEvent(factsOf(room), { type: 'playback.ready' })
  if (!move) return undefined
  const moved = await moveRoom(d.db, room.id, room.status, { status: move.status, playback_url: url, playback_seconds: Math.max(0, Math.round(durationSeconds)) })
  if (moved) await tellViewers(d, moved)
  return moved
}

/**
 * A stored move is told to the room's chat group (LIVE_STATUS_BIZ_TYPE), so the viewers read the room
 * at once rather than at their next poll. A room without a group has no one in it to tell. The move is
 * stored already: a notice that fails is logged, and the viewers' poll still brings the change.
 */
async function tellViewers(d: LiveDeps, room: RoomRow): Promise<void> {
  if (!room.chat_group_id) return
  const data = JSON.stringify({ bizType: LIVE_STATUS_BIZ_TYPE, videoId: room.id, status: statusName(room.status) })
  await chatServiceFor(d.db, d.clock)
    .notice(room.chat_group_id, data)
    .catch((error: unknown) => console.error(`live status notice ${room.id}: ${errorMessage(error, 'error').slice(0, 200)}`))
}

async function sourceOf(d: LiveDeps, room: RoomRow): Promise<api.VideoSource | null> {
  const name = statusName(room.status)
  if (name === 'LIVE') {
    const stream = await d.streaming.current(room.id)
    return stream && stream.state === 'live' ? { url: stream.play.hls, contentType: 'application/vnd.apple.mpegurl', live: true, durationSeconds: null } : null
  }
  if (name === 'PLAYBACK' && room.playback_url) {
    return { url: room.playback_url, contentType: room.playback_url.endsWith('.webm') ? 'video/webm' : 'video/mp4', live: false, durationSeconds: room.playback_seconds }
  }
  return null
}

const factsOf = (room: RoomRow) => ({ status: room.status, startMode: room.start_mode, keepPlayback: room.keep_playback })

// --- counts -----------------------------------------------------------------------------------------

export const onlineNow = (d: LiveDeps, room: RoomRow) => onlineCount(d.db, room.id, room.service_type, d.clock() - ONLINE_TTL_MS)

async function counts(d: LiveDeps, room: RoomRow) {
  const [reservations, online, comments] = await Promise.all([reservationCount(d.db, room.id), onlineNow(d, room), commentCount(d.db, room.id)])
  return { reservationCount: reservations, onlineCount: online, commentCount: comments, visitCount: room.visit_count }
}

export async function users(d: LiveDeps, ids: readonly number[]): Promise<CircleUser[]> {
  const profiles = await profilesOf(d.db, ids)
  return ids.flatMap((id) => {
    const p = profiles.find((x) => x.id === id)
    return p ? [{ id: p.id, nick: p.nick, avatar: p.avatar, brief: '' }] : []
  })
}

// --- the reader's calls -------------------------------------------------------------------------------

export async function videoDetail(d: LiveDeps, id: number, serviceType: VideoServiceType | undefined, userId: number | null): Promise<api.VideoDetail> {
  const view = await viewRoom(d, await settlePlayback(d, await loadRoom(d, id, serviceType)), userId)
  const { room, column, access } = view
  const [c, guestIds, reserved, source] = await Promise.all([
    counts(d, room),
    guestIdsOf(d.db, room.id),
    userId === null ? false : hasReserved(d.db, room.id, userId),
    access.canWatch ? sourceOf(d, room) : null,
  ])
  return {
    id: room.id,
    videoServiceType: room.service_type,
    title: room.title,
    brief: room.brief,
    cover: room.cover,
    status: statusName(room.status),
    statusCode: statusName(room.status) === 'BACK_GENERATION' ? S.BACK_GENERATION : room.status,
    startMode: room.start_mode,
    startTimestamp: room.start_timestamp,
    liveStartTimestamp: room.live_start_timestamp,
    endTimestamp: room.end_timestamp,
    owner: column.owner,
    liveColumn: { id: column.id, name: column.name, avatar: column.avatar, price: column.price },
    access: column.access,
    canWatch: access.canWatch,
    message: access.message,
    needInviteCode: access.needInviteCode,
    reserved,
    ...c,
    source,
    groupId: access.canWatch ? room.chat_group_id : null,
    honouredGuests: await users(d, guestIds),
    canManage: access.canManage,
  }
}

const toComment = (r: CommentRow, room: RoomRow): api.LiveComment => ({
  commentId: r.id,
  videoId: room.id,
  videoServiceType: room.service_type,
  content: r.content,
  user: { id: r.user_id, nick: r.nick, avatar: r.avatar },
  tag: r.tag,
  createTimestamp: r.create_timestamp,
})

export async function commentsBeforeId(d: LiveDeps, q: { videoId: number; videoServiceType: VideoServiceType; commentId?: number | undefined; count: number }, userId: number | null) {
  const { room } = await watchable(d, q.videoId, q.videoServiceType, userId)
  const page = cursorPage(await commentsBefore(d.db, room.id, q.commentId ?? null, q.count), q.count)
  return { list: page.list.map((r) => toComment(r, room)), hasMore: page.hasMore }
}

export async function commentsAfterId(d: LiveDeps, q: { videoId: number; videoServiceType: VideoServiceType; commentId: number; count: number }, userId: number | null) {
  const { room } = await watchable(d, q.videoId, q.videoServiceType, userId)
  const page = cursorPage(await commentsAfter(d.db, room.id, q.commentId, q.count), q.count)
  return { list: page.list.map((r) => toComment(r, room)), hasMore: page.hasMore }
}

/**
 * How long a page's heartbeats reuse its reader's access to the room (the column's circle role, the
 * invite pass): a page beats every 15 s, and a membership that ends, or a room deleted, stops counting
 * within this — on every process alike (issue 30: each keeps its own; a change made through another
 * process is seen here within it too). Every other call asks afresh.
 */
export const ACCESS_REUSE_MS = 5_000
const accessCaches = new WeakMap<Db, MicroCache<RoomView>>()
function reusedAccess(d: LiveDeps, id: number, serviceType: VideoServiceType, userId: number | null): Promise<RoomView> {
  let cache = accessCaches.get(d.db)
  if (!cache) accessCaches.set(d.db, (cache = new MicroCache<RoomView>(10_000, d.clock)))
  // a refusal (an error) is never kept: it is asked again on the next beat
  return cache.get(`${id} ${serviceType} ${userId ?? 'guest'}`, ACCESS_REUSE_MS, () => watchable(d, id, serviceType, userId))
}

/** The room's chat group: made on first use with the column's owner as Owner (a ChatRoom anyone who may watch joins). */
async function chatGroupOf(d: LiveDeps, room: RoomRow, ownerId: number): Promise<string> {
  if (room.chat_group_id) return room.chat_group_id
  const chat = chatServiceFor(d.db, d.clock)
  const group = await chat.createGroup(ownerId, [...room.title].slice(0, GROUP_NAME_MAX).join(''), 'ChatRoom')
  if (await setChatGroup(d.db, room.id, group.group_id)) return group.group_id
  // another request made one first: that one is the room's (this empty group stays unused)
  return (await roomById(d.db, room.id))!.chat_group_id!
}

/** Puts the reader in the room's chat group (once); answers the group and the reader's role in it. */
async function joinChat(d: LiveDeps, view: RoomView, userId: number) {
  const chat = chatServiceFor(d.db, d.clock)
  const groupId = await chatGroupOf(d, view.room, view.column.ownerId)
  let role = await chat.roleIn(groupId, userId)
  if (role === null) {
    await chat.joinOpenGroup(userId, groupId)
    role = 'Member'
  }
  return { groupId, role }
}

/** The §6 tag a comment is written with: the column's owner, an honoured guest, or none. */
async function tagOf(d: LiveDeps, view: RoomView, userId: number): Promise<CommentTag | null> {
  if (userId === view.column.ownerId) return 'OWNER'
  return (await guestIdsOf(d.db, view.room.id)).includes(userId) ? 'GUEST' : null
}

export async function postComment(d: LiveDeps, body: { videoId: number; videoServiceType: VideoServiceType; content: string }, userId: number | null): Promise<api.LiveComment> {
  if (userId === null) throw loginFirst()
  const content = body.content.trim()
  if (content === '') throw bad(M.commentEmpty)
  if ([...content].length > LIVE_COMMENT_MAX) throw bad(M.commentTooLong)
  // a reader comments as often as a page beats: the access their beats reuse (ACCESS_REUSE_MS) serves here too
  const view = await reusedAccess(d, body.videoId, body.videoServiceType, userId)
  const { groupId } = await joinChat(d, view, userId)
  const row = await insertComment(d.db, { room_id: view.room.id, user_id: userId, content, tag: await tagOf(d, view, userId), create_timestamp: seconds(d) })
  const comment = toComment(row, view.room)
  try {
    // the chat's own rules hold here too: a muted member, the send rate (server/chat/service.ts)
    await chatServiceFor(d.db, d.clock).send(userId, {
      conversationID: groupKey(groupId),
      kind: 'text',
      text: content,
      cloudCustomData: JSON.stringify({ bizType: LIVE_COMMENT_BIZ_TYPE, data: comment }),
    })
  } catch (error) {
    await deleteCommentById(d.db, row.id) // refused by the chat: not kept either
    throw error
  }
  return comment
}

/**
 * What a heartbeat writes besides its own row, at most once per process in a while: the minute's peak
 * only when this process has not written that count for that minute yet (the table keeps the greatest
 * anyway), and a signed-in viewer's last seen once a minute. 550 pages beating every 15 s then cost one
 * statement a beat, not three (bench/live.mjs).
 */
const SEEN_EVERY_MS = 60_000
// Per process (issue 30): with N processes a minute's peak and a viewer's visit may be written up to N times: upserts, same result
const beatWrites = new WeakMap<Db, MicroCache<boolean>>()

export async function heartbeat(d: LiveDeps, body: { videoId: number; videoServiceType: VideoServiceType; sessionId: string }, userId: number | null): Promise<{ onlineCount: number }> {
  const { room } = await reusedAccess(d, body.videoId, body.videoServiceType, userId)
  const now = d.clock()
  const online = await beatAndCount(d.db, { videoId: room.id, serviceType: room.service_type, sessionId: body.sessionId, userId, nowMs: now }, now - ONLINE_TTL_MS)
  // rows of pages long gone are dropped now and then (a tenth of the beats), never counted anyway
  if (randomInt(10) === 0) await forgetSilent(d.db, room.id, room.service_type, now - 10 * ONLINE_TTL_MS)
  let writes = beatWrites.get(d.db)
  if (!writes) beatWrites.set(d.db, (writes = new MicroCache<boolean>(10_000, d.clock)))
  // the console's dataAnalysis keeps each minute's most (live_online forgets), and live-user-admin who watched
  const nowSeconds = Math.floor(now / 1000)
  const minute = nowSeconds - (nowSeconds % 60)
  await writes.get(`peak ${room.id} ${minute} ${online}`, 60_000, async () => (await recordPeak(d.db, room.id, minute, online), true))
  if (userId !== null) await writes.get(`seen ${room.id} ${userId}`, SEEN_EVERY_MS, async () => (await seen(d.db, room.id, userId, nowSeconds), true))
  return { onlineCount: online }
}

export async function visit(d: LiveDeps, q: { videoId: number; videoServiceType: VideoServiceType }): Promise<{ visitCount: number }> {
  const room = await loadRoom(d, q.videoId, q.videoServiceType)
  return { visitCount: await countVisit(d.db, room.id) }
}

/** A wrong code counts against the reader and the address (core/live/limits.ts INVITE_TRIES): 429 once spent. */
async function checkCode(d: LiveDeps, room: RoomRow, code: string, userId: number, address: string): Promise<boolean> {
  const keys = [`live:invite:user:${userId}`, `live:invite:ip:${address}`]
  const now = d.clock()
  if ((await overLimit(d.db, keys[0]!, INVITE_TRIES.account, now)) || (await overLimit(d.db, keys[1]!, INVITE_TRIES.address, now))) throw new ApiError(429, '操作过于频繁，请稍后再试')
  if (room.invite_code === null || code.trim().toUpperCase() === room.invite_code) return true
  for (const key of keys) await recordEvent(d.db, key, now)
  return false
}

export async function checkInviteCode(d: LiveDeps, id: number, inviteCode: string, userId: number | null, address: string): Promise<{ passed: boolean }> {
  if (userId === null) throw loginFirst()
  const room = await loadRoom(d, id, 'ROADSHOW')
  if (inviteCode.trim() === '') throw bad(M.inviteCodeRequired)
  if (!(await checkCode(d, room, inviteCode, userId, address))) throw bad(M.inviteCodeWrong)
  return { passed: true }
}

export async function reserveRoom(d: LiveDeps, id: number, serviceType: VideoServiceType, userId: number | null): Promise<{ reserved: boolean; reservationCount: number }> {
  if (userId === null) throw loginFirst()
  const { room } = await watchable(d, id, serviceType, userId)
  if (room.status !== S.RESERVATION) throw new ApiError(409, M.notBooked)
  await reserve(d.db, room.id, userId, seconds(d))
  return { reserved: true, reservationCount: await reservationCount(d.db, room.id) }
}

export async function beforeJoin(d: LiveDeps, id: number, inviteCode: string | undefined, userId: number | null, address: string): Promise<ResultOf<typeof api.beforeJoinLiveRoom>> {
  let room = await loadRoom(d, id)
  if (inviteCode !== undefined && inviteCode.trim() !== '' && room.service_type === 'ROADSHOW' && room.invite_code !== null) {
    if (userId === null) throw loginFirst()
    if (!(await checkCode(d, room, inviteCode, userId, address))) throw bad(M.inviteCodeWrong)
    await recordPass(d.db, room.id, userId, seconds(d))
  }
  room = await settlePlayback(d, room)
  const view = await viewRoom(d, room, userId)
  const chat = view.access.canWatch && userId !== null ? await joinChat(d, view, userId) : null
  return {
    id: room.id,
    videoServiceType: room.service_type,
    status: statusName(room.status),
    statusCode: room.status,
    canEnter: view.access.canWatch,
    message: view.access.message,
    needInviteCode: view.access.needInviteCode,
    groupId: chat?.groupId ?? null,
    conversationId: chat ? groupKey(chat.groupId) : null,
    role: chat?.role ?? null,
  }
}

export async function kickOut(d: LiveDeps, body: { id: number; deviceId: string }, userId: number | null): Promise<{ deviceId: string }> {
  if (userId === null) throw loginFirst()
  const view = await watchable(d, body.id, undefined, userId)
  await setDevice(d.db, view.room.id, userId, body.deviceId, seconds(d))
  const { groupId } = await joinChat(d, view, userId)
  // the reader's other devices read this in the room's group and stop playing (LIVE_MESSAGES.kickedOut)
  await chatServiceFor(d.db, d.clock).send(userId, {
    conversationID: groupKey(groupId),
    kind: 'custom',
    data: JSON.stringify({ bizType: KICK_OUT_BIZ_TYPE, userId, deviceId: body.deviceId, videoId: view.room.id }),
  })
  return { deviceId: body.deviceId }
}

// --- the owner's calls ----------------------------------------------------------------------------

export async function ownerRoom(d: LiveDeps, room: RoomRow, columnName: string): Promise<api.OwnerLiveRoom> {
  const [c, guestIds, stream] = await Promise.all([counts(d, room), guestIdsOf(d.db, room.id), room.start_mode === null ? null : d.streaming.current(room.id)])
  const open = stream && stream.state !== 'ended'
  return {
    id: room.id,
    videoServiceType: room.service_type,
    liveColumnId: room.circle_id,
    liveColumnName: columnName,
    title: room.title,
    brief: room.brief,
    cover: room.cover,
    status: statusName(room.status),
    statusCode: room.status,
    startMode: room.start_mode,
    startTimestamp: room.start_timestamp,
    liveStartTimestamp: room.live_start_timestamp,
    endTimestamp: room.end_timestamp,
    keepPlayback: room.keep_playback,
    inviteCode: room.invite_code,
    ...c,
    honouredGuestIds: guestIds,
    controls: allowedControls(factsOf(room)),
    stream: open
      ? { pushUrl: stream.push?.url ?? null, pushExpireTimestamp: stream.push?.expiresAt ?? null, pullUrl: stream.sourceUrl, playUrl: stream.play.hls }
      : null,
  }
}

/** The approved live columns this user owns, and those they administer. */
async function managedColumns(d: LiveDeps, userId: number): Promise<{ id: number; name: string }[]> {
  const owned = await listCircles(d.db, { type: 'LIVE_COLUMN', ownerId: userId, offset: 0, limit: 1000 })
  const administered = (await circlesByIds(d.db, await circlesAdministeredBy(d.db, userId))).filter((c) => c.type === 'LIVE_COLUMN')
  const all = [...owned.rows, ...administered]
  return all.filter((c, i) => all.findIndex((x) => x.id === c.id) === i).map((c) => ({ id: c.id, name: c.name }))
}

export async function ownerPage(d: LiveDeps, q: { page: number; count: number; liveColumnId?: number | undefined }, userId: number | null): Promise<NumberedPage<api.OwnerLiveRoom>> {
  if (userId === null) throw loginFirst()
  let columns = await managedColumns(d, userId)
  if (q.liveColumnId !== undefined) columns = columns.filter((c) => c.id === q.liveColumnId)
  const { rows, total } = await roomsOfColumns(d.db, columns.map((c) => c.id), q)
  const list = await Promise.all(rows.map(async (r) => ownerRoom(d, await settlePlayback(d, r), columns.find((c) => c.id === r.circle_id)?.name ?? '')))
  return numberedPage(list, { page: q.page, count: q.count, total })
}

export async function ownerDetail(d: LiveDeps, id: number, userId: number | null): Promise<api.OwnerLiveRoom> {
  if (userId === null) throw loginFirst()
  const view = await managed(d, id, userId)
  return ownerRoom(d, await settlePlayback(d, view.room), view.column.name)
}

const inviteCode = (): string => Array.from({ length: INVITE_CODE_LENGTH }, () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]).join('')

export interface BookBody {
  liveColumnId: number
  videoServiceType: VideoServiceType
  title: string
  brief?: string | undefined
  cover?: string | undefined
  startTimestamp: number
  keepPlayback?: boolean | undefined
  inviteCode?: string | undefined
}

/** A minute's grace: the form's time was 'now' when the owner pressed book. */
const BOOK_GRACE_SECONDS = 60

export async function book(d: LiveDeps, body: BookBody, userId: number | null): Promise<api.OwnerLiveRoom> {
  if (userId === null) throw loginFirst()
  const now = seconds(d)
  const column = await circleContext(d.db, body.liveColumnId, userId, now)
  if (!column || column.type !== 'LIVE_COLUMN') throw notFound(M.liveColumnNotFound)
  if (!column.access.canManage) throw forbidden(M.notManager)
  const title = body.title.trim()
  const brief = (body.brief ?? '').trim()
  if (title === '' || [...title].length > LIVE_TITLE_MAX) throw bad(`标题为1到${LIVE_TITLE_MAX}个字`)
  if ([...brief].length > LIVE_BRIEF_MAX) throw bad(`简介不能超过${LIVE_BRIEF_MAX}字`)
  if (body.startTimestamp < now - BOOK_GRACE_SECONDS || body.startTimestamp > now + 366 * 86_400) throw bad(M.startTooLate)
  const roadshow = body.videoServiceType === 'ROADSHOW'
  const room = await insertRoom(d.db, {
    circle_id: column.id,
    service_type: body.videoServiceType,
    title,
    brief,
    cover: body.cover ?? '',
    status: S.RESERVATION,
    start_mode: null,
    keep_playback: body.keepPlayback ?? true,
    invite_code: roadshow ? (body.inviteCode ?? inviteCode()) : null,
    start_timestamp: body.startTimestamp,
    create_timestamp: now,
  })
  // the chat group is made with the room, so readers waiting for it to start are in it to hear the start
  await chatGroupOf(d, room, column.ownerId)
  return ownerRoom(d, room, column.name)
}

/** Asks the machine, then the streaming port, then stores the move from the status it was decided on. */
async function move(
  d: LiveDeps,
  id: number,
  userId: number | null,
  event: (room: RoomRow) => RoomEvent,
  port: (room: RoomRow) => Promise<void>,
  extra: (room: RoomRow) => Updateable<LiveRoomsTable> = () => ({}),
): Promise<api.OwnerLiveRoom> {
  if (userId === null) throw loginFirst()
  const view = await managed(d, id, userId)
  const room = view.room
  const next = applyRoomEvent(factsOf(room), event(room))
  if (!next) throw new ApiError(409, M.illegalMove)
  await port(room)
  const moved = await moveRoom(d.db, room.id, room.status, { status: next.status, start_mode: next.startMode, ...extra(room) })
  if (!moved) throw new ApiError(409, M.illegalMove) // another control moved it first
  await tellViewers(d, moved)
  return ownerRoom(d, await settlePlayback(d, moved), view.column.name)
}

export function start(d: LiveDeps, id: number, body: { startMode: StartMode; pullUrl?: string | undefined }, userId: number | null) {
  if (userId === null) throw loginFirst()
  if (body.startMode === 'FORWARD_PULL' && !body.pullUrl) throw bad(M.pullUrlRequired)
  return move(
    d,
    id,
    userId,
    () => ({ type: 'room.start', mode: body.startMode }),
    async (room) => void (await d.streaming.start({ roomId: room.id, mode: body.startMode, ...(body.startMode === 'FORWARD_PULL' ? { sourceUrl: body.pullUrl } : {}) })),
    () => ({ live_start_timestamp: seconds(d) }),
  )
}

export const pause = (d: LiveDeps, id: number, userId: number | null) => move(d, id, userId, () => ({ type: 'room.pause' }), async (room) => void (await d.streaming.pause(room.id)))
export const resume = (d: LiveDeps, id: number, userId: number | null) => move(d, id, userId, () => ({ type: 'room.resume' }), async (room) => void (await d.streaming.resume(room.id)))

export function end(d: LiveDeps, id: number, body: { keepPlayback?: boolean | undefined }, userId: number | null) {
  return move(
    d,
    id,
    userId,
    // a choice made at the end wins over the one made at booking
    (room) => ({ type: 'room.end', keepPlayback: body.keepPlayback ?? room.keep_playback }),
    async (room) => void (await d.streaming.stop(room.id)),
    (room) => ({ end_timestamp: seconds(d), keep_playback: body.keepPlayback ?? room.keep_playback }),
  )
}

export function remove(d: LiveDeps, id: number, userId: number | null) {
  return move(d, id, userId, () => ({ type: 'room.delete' }), async (room) => {
    // a deleted room's stream ends with it
    const stream = room.start_mode === null ? null : await d.streaming.current(room.id)
    if (stream && stream.state !== 'ended') await d.streaming.stop(room.id)
  })
}

export async function guests(d: LiveDeps, id: number, userIds: readonly number[], userId: number | null): Promise<api.OwnerLiveRoom> {
  if (userId === null) throw loginFirst()
  const view = await managed(d, id, userId)
  const wanted = [...new Set(userIds)]
  const known = await liveUserIds(d.db, wanted)
  if (known.length !== wanted.length) throw bad('嘉宾用户不存在')
  await d.db.kysely.transaction().execute((trx) => setGuests(trx, view.room.id, wanted))
  return ownerRoom(d, view.room, view.column.name)
}
