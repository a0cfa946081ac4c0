// The circle-admin console's live calls (issue 29; spec 001 §2 circle admin live/live-column-list add and
// edit/{id}, live/live-list add, edit/{id} and manage/{id} with the tabs basicInfo, commentManage,
// dataAnalysis, playbackSet, startSet, userManage, and live/live-user-admin). The spec names the routes,
// not these calls: ours, in the spec's style under /api/circle-admin/live/…, with the same envelope,
// numbered pages (core/api/page.ts) and Effect Schemas. Booking a room, its detail, start (the streaming
// port's push or pull details), pause, resume, end, delete and the honoured guests are core/api/live.ts's
// (issue 28) and are reused as they are; this file adds what the console needs besides.
//
// The live columns themselves (live/live-column-list, add, edit/{id}) are circles of type LIVE_COLUMN:
// the console's circle calls (core/api/circle-admin-circles.ts) list, create and edit them with that type.
//
// Paths: a room's calls are /api/circle-admin/live/room/{id}/…, the lists …/rooms/page/v1 and
// …/users/page/v1 — never two segments after live/, which core/api/live.ts's GET …/live/{id}/v1 would take.
//
// Who may call: the owner or an admin of THAT live column (core/circle-admin/access.ts, on the server
// server/circle-admin/guard.ts). The forms' rules and messages are core/circle-admin/live.ts.
import * as Schema from 'effect/Schema'
import { del, get, post, put } from './endpoint'
import { Id, IdFromString, Int, Seconds, Text } from './common'
import { Page, PageQuery } from './page'
import { CircleUser } from './circles'
import { CommentTag, LiveStatus, OwnerLiveRoom, VideoServiceType } from './live'
import { KEYWORD_MAX, MUTE_HOURS } from '../circle-admin/live'
import { LIVE_BRIEF_MAX, LIVE_TITLE_MAX } from '../live/limits'

/** a picture of ours (/file/…, /pictures/…) or an https address; '' for none */
const Cover = Text(500).check(Schema.isPattern(/^(\/[^\s]*|https:\/\/[^\s]+)?$/))
const Keyword = Schema.optional(Text(KEYWORD_MAX))
const RoomPath = Schema.Struct({ id: IdFromString })

// --- rooms (live/live-list, add, edit/{id}, manage/{id}) ------------------------------------------------

/** A room as the console shows it: the owner's room (core/api/live.ts) with its guests' profiles and its playback. */
export const AdminLiveRoom = Schema.Struct({
  ...OwnerLiveRoom.fields,
  honouredGuests: Schema.Array(CircleUser),
  /** the recording once made (playbackSet tab) */
  playback: Schema.NullOr(Schema.Struct({ url: Schema.String, durationSeconds: Schema.NullOr(Schema.Number) })),
})
export type AdminLiveRoom = typeof AdminLiveRoom.Type

/**
 * GET /api/circle-admin/live/rooms/page/v1 (page, count, liveColumnId, status, videoServiceType, keyword): the
 * rooms of the columns the caller owns or administers, newest booking first, deleted ones left out.
 */
export const adminLiveRooms = get('circleAdmin.liveRooms', '/api/circle-admin/live/rooms/page/v1', {
  query: Schema.Struct({
    ...PageQuery.fields,
    liveColumnId: Schema.optional(IdFromString),
    status: Schema.optional(LiveStatus),
    videoServiceType: Schema.optional(VideoServiceType),
    keyword: Keyword,
  }),
  result: Page(AdminLiveRoom),
})

/** GET /api/circle-admin/live/room/{id}/v1: one room for the manage page (its stream settings included). */
export const adminLiveRoom = get('circleAdmin.liveRoom', '/api/circle-admin/live/room/{id}/v1', { params: RoomPath, result: AdminLiveRoom })

/**
 * PUT /api/circle-admin/live/room/{id}/v1 {title, brief, cover, startTimestamp, inviteCode}: edits a room
 * (basicInfo tab, live-list edit/{id}); the start time only while booked.
 */
export const adminEditLiveRoom = put('circleAdmin.editLiveRoom', '/api/circle-admin/live/room/{id}/v1', {
  params: RoomPath,
  body: Schema.Struct({
    title: Text(LIVE_TITLE_MAX * 2),
    brief: Schema.optional(Text(LIVE_BRIEF_MAX * 2)),
    cover: Schema.optional(Cover),
    startTimestamp: Schema.optional(Int),
  }),
  result: AdminLiveRoom,
})

/** PUT /api/circle-admin/live/room/{id}/playback/v1 {keepPlayback}: the playbackSet tab, until the broadcast ends. */
export const adminLivePlayback = put('circleAdmin.livePlayback', '/api/circle-admin/live/room/{id}/playback/v1', {
  params: RoomPath,
  body: Schema.Struct({ keepPlayback: Schema.Boolean }),
  result: AdminLiveRoom,
})

// --- commentManage ------------------------------------------------------------------------------------

/** A comment as the console lists it: with whether its author is muted in the room. */
export const AdminLiveComment = Schema.Struct({
  commentId: Schema.Number,
  content: Schema.String,
  user: Schema.Struct({ id: Schema.Number, nick: Schema.String, avatar: Schema.String }),
  tag: Schema.NullOr(CommentTag),
  createTimestamp: Seconds,
  /** the author may not comment in this room now */
  muted: Schema.Boolean,
})
export type AdminLiveComment = typeof AdminLiveComment.Type

/** GET /api/circle-admin/live/room/{id}/comments/v1 (page, count, keyword): the room's comments, newest first. */
export const adminLiveComments = get('circleAdmin.liveComments', '/api/circle-admin/live/room/{id}/comments/v1', {
  params: RoomPath,
  query: Schema.Struct({ ...PageQuery.fields, keyword: Keyword }),
  result: Page(AdminLiveComment),
})

/** DELETE /api/circle-admin/live/room/{id}/comments/{commentId}/v1: removes a comment from the room. */
export const adminDeleteLiveComment = del('circleAdmin.deleteLiveComment', '/api/circle-admin/live/room/{id}/comments/{commentId}/v1', {
  params: Schema.Struct({ id: IdFromString, commentId: IdFromString }),
  result: Schema.Struct({ commentId: Schema.Number }),
})

/**
 * POST /api/circle-admin/live/room/{id}/mute/v1 {userId, muted, muteTimeHour}: mutes (or lets speak again)
 * a commenter in the room's chat (spec 001 §7 group mute: muteTimeHour, -1 until lifted).
 */
export const adminLiveMute = post('circleAdmin.liveMute', '/api/circle-admin/live/room/{id}/mute/v1', {
  params: RoomPath,
  body: Schema.Struct({ userId: Id, muted: Schema.Boolean, muteTimeHour: Schema.optional(Schema.Literals(MUTE_HOURS)) }),
  result: Schema.Struct({ userId: Schema.Number, muted: Schema.Boolean, muteUntil: Schema.Number }),
})

// --- dataAnalysis -------------------------------------------------------------------------------------

/** GET /api/circle-admin/live/room/{id}/data/v1: visits, online now and at the peak, comments, and their curve. */
export const adminLiveData = get('circleAdmin.liveData', '/api/circle-admin/live/room/{id}/data/v1', {
  params: RoomPath,
  result: Schema.Struct({
    visitCount: Schema.Number,
    onlineCount: Schema.Number,
    peakOnlineCount: Schema.Number,
    /** when the peak was reached (seconds; null while nobody watched) */
    peakTimestamp: Schema.NullOr(Seconds),
    commentCount: Schema.Number,
    commenterCount: Schema.Number,
    reservationCount: Schema.Number,
    /** the bucket of the series (seconds) */
    bucketSeconds: Schema.Number,
    /** per bucket over the room's time: the most sessions online and the comments written */
    series: Schema.Array(Schema.Struct({ timestamp: Seconds, online: Schema.Number, comments: Schema.Number })),
  }),
})

// --- userManage ---------------------------------------------------------------------------------------

/** A user the console names (a guest candidate, a kicked-out viewer). */
export const AdminLiveUser = Schema.Struct({ id: Schema.Number, nick: Schema.String, avatar: Schema.String })
export type AdminLiveUser = typeof AdminLiveUser.Type

/** GET /api/circle-admin/live/room/{id}/user-candidates/v1 (keyword): people to make honoured guests, by nick. */
export const adminLiveUserSearch = get('circleAdmin.liveUserSearch', '/api/circle-admin/live/room/{id}/user-candidates/v1', {
  params: RoomPath,
  query: Schema.Struct({ keyword: Text(KEYWORD_MAX).check(Schema.isMinLength(1)) }),
  result: Schema.Struct({ list: Schema.Array(AdminLiveUser) }),
})

export const KickedUser = Schema.Struct({ user: AdminLiveUser, operator: AdminLiveUser, createTimestamp: Seconds })
export type KickedUser = typeof KickedUser.Type

/** GET /api/circle-admin/live/room/{id}/kicked/v1 (page, count): the viewers kicked out of the room, newest first. */
export const adminLiveKicked = get('circleAdmin.liveKicked', '/api/circle-admin/live/room/{id}/kicked/v1', { params: RoomPath, query: PageQuery, result: Page(KickedUser) })

/** POST /api/circle-admin/live/room/{id}/kick/v1 {userId}: kicks a viewer out (no watching, no comments; out of the room's chat). */
export const adminLiveKick = post('circleAdmin.liveKick', '/api/circle-admin/live/room/{id}/kick/v1', { params: RoomPath, body: Schema.Struct({ userId: Id }), result: KickedUser })

/** DELETE /api/circle-admin/live/room/{id}/kick/{userId}/v1: lets a kicked-out viewer back in. */
export const adminLiveUnkick = del('circleAdmin.liveUnkick', '/api/circle-admin/live/room/{id}/kick/{userId}/v1', {
  params: Schema.Struct({ id: IdFromString, userId: IdFromString }),
  result: Schema.Struct({ userId: Schema.Number }),
})

// --- live/live-user-admin -----------------------------------------------------------------------------

/** A viewer of a live column's rooms (signed in while watching), with their membership of the column. */
export const LiveViewer = Schema.Struct({
  user: AdminLiveUser,
  liveColumnId: Schema.Number,
  liveColumnName: Schema.String,
  /** rooms of the column they watched */
  roomCount: Schema.Number,
  /** comments they wrote in the column's rooms */
  commentCount: Schema.Number,
  firstSeenTimestamp: Seconds,
  lastSeenTimestamp: Seconds,
  /** their part in the column: member (valid), expired, or none (a free column's passer-by) */
  membership: Schema.Literals(['member', 'expired', 'none']),
  /** when their membership ends (null: none, or a free join for good) */
  expireTimestamp: Schema.NullOr(Seconds),
})
export type LiveViewer = typeof LiveViewer.Type

/**
 * GET /api/circle-admin/live/users/page/v1 (page, count, liveColumnId, keyword, membership): the people who
 * watched the rooms of the live columns the caller owns or administers (one column when named), last
 * seen first.
 */
export const adminLiveUsers = get('circleAdmin.liveUsers', '/api/circle-admin/live/users/page/v1', {
  query: Schema.Struct({
    ...PageQuery.fields,
    liveColumnId: Schema.optional(IdFromString),
    keyword: Keyword,
    membership: Schema.optional(Schema.Literals(['member', 'expired', 'none'])),
  }),
  result: Page(LiveViewer),
})
