// spec 001 §7 'Video and live' and the live-column calls of 'Moments and financial circles' (issue 28):
// a live room's detail, its comments before and after an id, posting one, the online-count heartbeat,
// the visit, the roadshow's invite code and reservation, the content shown before joining a room, the
// owner's page of rooms and the kick-out notification. Paths, methods, query and body names are the
// spec's (a path the spec writes relative to its line is read under that line's prefix: /video/… under
// /api/video, /content/… and /send-kick-out-… under /api/financial-circle/live-column). The live
// column's userSig (GET /api/financial-circle/live-column/im/userSig/v1) is core/api/chat.ts imUserSig.
//
// The owner's room controls the spec leaves unnamed (book, start with a start mode, pause, resume, end,
// delete, honoured guests) are ours, in the spec's style, under /api/circle-admin/live/… (spec 001 §2
// circle admin live/live-list add and manage/{id} with startSet and playbackSet), with the same envelope.
// Which moves a room's status allows is core/live/room.machine.ts; who may watch is core/live/access.ts
// over core/circles/access.ts (the circle's rule).
import * as Schema from 'effect/Schema'
import { endpoint } from './endpoint'
import { CountFromString, Id, IdFromString, Int, Seconds, Text } from './common'
import { Page } from './page'
import { CircleAccess, CirclePrice, CircleUser } from './circles'
import { MemberRole } from './chat'
import {
  COMMENT_TAGS,
  HONOURED_GUESTS_MAX,
  INVITE_CODE_PATTERN,
  LIVE_BRIEF_MAX,
  LIVE_COMMENT_MAX,
  LIVE_COMMENTS_PAGE_MAX,
  LIVE_LIST_TIMEOUT_MS,
  LIVE_STATUS_NAMES,
  LIVE_TITLE_MAX,
  SESSION_ID_PATTERN,
  START_MODES,
  VIDEO_SERVICE_TYPES,
} from '../live/limits'

/** spec 001 §3 'Video comment: videoId, videoServiceType': LIVE (a live column's room) or ROADSHOW */
export const VideoServiceType = Schema.Literals(VIDEO_SERVICE_TYPES)
/** spec 001 §3 live room statuses by name (the code travels beside it as statusCode) */
export const LiveStatus = Schema.Literals(LIVE_STATUS_NAMES)
/** spec 001 §3 start modes */
export const StartMode = Schema.Literals(START_MODES)
export const CommentTag = Schema.Literals(COMMENT_TAGS)

/** a page's session id (online count) or a device id (kick-out): 8–64 of [A-Za-z0-9_-] */
const SessionId = Schema.String.check(Schema.isPattern(SESSION_ID_PATTERN))
const InviteCode = Schema.String.check(Schema.isPattern(INVITE_CODE_PATTERN))
/** where FORWARD_PULL pulls from: an rtmp, http(s) or srt stream address */
const PullUrl = Text(500).check(Schema.isPattern(/^(rtmp|rtmps|http|https|srt):\/\/[^\s]+$/))
/** a picture of ours (/file/…, /pictures/…) or an https address */
const Cover = Text(500).check(Schema.isPattern(/^(\/[^\s]*|https:\/\/[^\s]+)?$/))

/** What the player plays: an HLS stream while live, a recorded file as playback. */
export const VideoSource = Schema.Struct({
  url: Schema.String,
  contentType: Schema.Literals(['application/vnd.apple.mpegurl', 'video/mp4', 'video/webm']),
  /** true while live (no seeking); false for a playback */
  live: Schema.Boolean,
  /** a playback's length; null while live */
  durationSeconds: Schema.NullOr(Schema.Number),
})
export type VideoSource = typeof VideoSource.Type

export const LiveColumnBrief = Schema.Struct({ id: Schema.Number, name: Schema.String, avatar: Schema.String, price: Schema.NullOr(CirclePrice) })

/** What every view of a room carries: what it is, its status and its times. */
const RoomFacts = Schema.Struct({
  id: Schema.Number,
  videoServiceType: VideoServiceType,
  title: Schema.String,
  brief: Schema.String,
  cover: Schema.String,
  status: LiveStatus,
  /** spec 001 §3 codes: 1 booked, 2 live, 3 playback, 4 no playback, 5 playback generating, 7 paused */
  statusCode: Schema.Number,
  startMode: Schema.NullOr(StartMode),
  /** when it is booked for (seconds) */
  startTimestamp: Seconds,
  /** when it went live; null until then */
  liveStartTimestamp: Schema.NullOr(Seconds),
  /** when it ended; null until then */
  endTimestamp: Schema.NullOr(Seconds),
})

/** GET /api/video/detail/v1: a room as its page shows it to this reader. */
export const VideoDetail = Schema.Struct({
  ...RoomFacts.fields,
  owner: CircleUser,
  liveColumn: LiveColumnBrief,
  /** the reader's access to the live column (core/circles/access.ts) */
  access: CircleAccess,
  /** whether this reader may watch and comment (core/live/access.ts) */
  canWatch: Schema.Boolean,
  /** why not ('' when canWatch): log in, buy the column, the membership expired, enter the invite code */
  message: Schema.String,
  /** a roadshow whose invite code this reader has not entered yet */
  needInviteCode: Schema.Boolean,
  /** whether this reader reserved a reminder (booked rooms) */
  reserved: Schema.Boolean,
  reservationCount: Schema.Number,
  visitCount: Schema.Number,
  onlineCount: Schema.Number,
  commentCount: Schema.Number,
  /** the stream (live) or recording (playback) for a reader who may watch; null otherwise or while none */
  source: Schema.NullOr(VideoSource),
  /** the room's chat group (comments arrive there live); null for a reader who may not watch */
  groupId: Schema.NullOr(Schema.String),
  /** spec 001 §6: the people whose comments carry the honoured-guest tag */
  honouredGuests: Schema.Array(CircleUser),
  /** the owner or an admin of the column: the room's controls are theirs */
  canManage: Schema.Boolean,
})
export type VideoDetail = typeof VideoDetail.Type

const VideoQuery = { videoId: IdFromString, videoServiceType: VideoServiceType }

/** spec 001 §7: GET /api/video/detail/v1 (videoId, videoServiceType — the room page may leave the type out). */
export const videoDetail = endpoint({
  name: 'video.detail',
  path: '/api/video/detail/v1',
  query: Schema.Struct({ videoId: IdFromString, videoServiceType: Schema.optional(VideoServiceType) }),
  result: VideoDetail,
})

/** spec 001 §3 Video comment (videoId, videoServiceType, content, commentId), with its author and §6 tag. */
export const LiveComment = Schema.Struct({
  commentId: Schema.Number,
  videoId: Schema.Number,
  videoServiceType: VideoServiceType,
  content: Schema.String,
  user: Schema.Struct({ id: Schema.Number, nick: Schema.String, avatar: Schema.String }),
  /** spec 001 §6: OWNER (the column's owner), GUEST (an honoured guest), null for everyone else */
  tag: Schema.NullOr(CommentTag),
  createTimestamp: Seconds,
})
export type LiveComment = typeof LiveComment.Type

const CommentCount = Schema.optional(CountFromString.check(Schema.isLessThanOrEqualTo(LIVE_COMMENTS_PAGE_MAX)))

/**
 * spec 001 §7: GET /api/video/before-id-comments/v1 (videoId, videoServiceType, commentId, count):
 * the history, newest first, older than commentId (the newest when it is left out).
 */
export const beforeIdComments = endpoint({
  name: 'video.beforeIdComments',
  path: '/api/video/before-id-comments/v1',
  query: Schema.Struct({ ...VideoQuery, commentId: Schema.optional(IdFromString), count: CommentCount }),
  result: Page(LiveComment),
})

/**
 * spec 001 §7: GET /api/video/after-id-comments/v1 (videoId, videoServiceType, commentId, count): the
 * catch-up, oldest first, newer than commentId (a page that missed pushes asks from its newest).
 */
export const afterIdComments = endpoint({
  name: 'video.afterIdComments',
  path: '/api/video/after-id-comments/v1',
  query: Schema.Struct({ ...VideoQuery, commentId: IdFromString, count: CommentCount }),
  result: Page(LiveComment),
})

/** spec 001 §7: POST /api/video/comment/v1 {videoId, videoServiceType, content}: stored, then sent to the room's chat group. */
export const videoComment = endpoint({
  name: 'video.comment',
  method: 'POST',
  path: '/api/video/comment/v1',
  body: Schema.Struct({ videoId: Id, videoServiceType: VideoServiceType, content: Text(LIVE_COMMENT_MAX * 4) }),
  result: LiveComment,
})

/**
 * spec 001 §7: POST /api/video/onlineCount/v1 {videoId, videoServiceType, sessionId}: the watching
 * page's heartbeat (core/live/limits.ts HEARTBEAT_INTERVAL_MS); answers how many sessions are online.
 */
export const videoOnlineCount = endpoint({
  name: 'video.onlineCount',
  method: 'POST',
  path: '/api/video/onlineCount/v1',
  body: Schema.Struct({ videoId: Id, videoServiceType: VideoServiceType, sessionId: SessionId }),
  result: Schema.Struct({ onlineCount: Schema.Number }),
})

/** spec 001 §7: GET /api/video/visit/v1 (videoId, videoServiceType): counts a visit to the room's page. */
export const videoVisit = endpoint({
  name: 'video.visit',
  path: '/api/video/visit/v1',
  // it counts a visit: a GET that changes state wants our CSRF token
  changesState: true,
  query: Schema.Struct(VideoQuery),
  result: Schema.Struct({ visitCount: Schema.Number }),
})

/**
 * spec 001 §7: GET /api/roadshow/{id}/check/invite-code (inviteCode): whether the code is the roadshow's.
 * It stores nothing (before-join-live-room keeps a right code for the reader); wrong tries are limited
 * per reader and address (core/live/limits.ts INVITE_TRIES), so a script cannot guess codes.
 */
export const roadshowCheckInviteCode = endpoint({
  name: 'roadshow.checkInviteCode',
  path: '/api/roadshow/{id}/check/invite-code',
  params: Schema.Struct({ id: IdFromString }),
  query: Schema.Struct({ inviteCode: Text(20) }),
  result: Schema.Struct({ passed: Schema.Boolean }),
})

/** spec 001 §7: POST /api/roadshow/{id}/reserve/v1 {videoServiceType}: reserve a booked room (a roadshow or a live room). */
export const roadshowReserve = endpoint({
  name: 'roadshow.reserve',
  method: 'POST',
  path: '/api/roadshow/{id}/reserve/v1',
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({ videoServiceType: VideoServiceType }),
  result: Schema.Struct({ reserved: Schema.Boolean, reservationCount: Schema.Number }),
})

/**
 * spec 001 §7: GET /api/financial-circle/live-column/content/before-join-live-room/v1 (id): what the page
 * needs before it enters the room: whether this reader may, why not, and the chat group to join. A
 * reader who may enter is put in the room's chat group here (so a GET that changes state). A roadshow's
 * invite code comes here too (inviteCode, ours): a right one is kept for the reader from then on.
 */
export const beforeJoinLiveRoom = endpoint({
  name: 'liveColumn.beforeJoinLiveRoom',
  path: '/api/financial-circle/live-column/content/before-join-live-room/v1',
  changesState: true,
  timeoutMs: LIVE_LIST_TIMEOUT_MS,
  query: Schema.Struct({ id: IdFromString, inviteCode: Schema.optional(Text(20)) }),
  result: Schema.Struct({
    id: Schema.Number,
    videoServiceType: VideoServiceType,
    status: LiveStatus,
    statusCode: Schema.Number,
    canEnter: Schema.Boolean,
    message: Schema.String,
    needInviteCode: Schema.Boolean,
    /** the chat group the comments arrive in; null when the reader may not enter or is a guest */
    groupId: Schema.NullOr(Schema.String),
    /** GROUP + groupId: the conversation the messaging port opens */
    conversationId: Schema.NullOr(Schema.String),
    role: Schema.NullOr(MemberRole),
  }),
})

/** The owner's controls the room's status allows (core/live/room.ts allowedControls). */
export const RoomControls = Schema.Struct({ start: Schema.Boolean, pause: Schema.Boolean, resume: Schema.Boolean, end: Schema.Boolean, delete: Schema.Boolean })

/** The stream settings of a started room (startSet tab): only its owner and admins see them. */
export const StreamSettings = Schema.Struct({
  /** OBS_PUSH: the address OBS pushes to (server and key together), signed and expiring */
  pushUrl: Schema.NullOr(Schema.String),
  /** OBS_PUSH: when the push address stops working (seconds) */
  pushExpireTimestamp: Schema.NullOr(Seconds),
  /** FORWARD_PULL: the stream pulled */
  pullUrl: Schema.NullOr(Schema.String),
  /** what viewers play */
  playUrl: Schema.NullOr(Schema.String),
})

/** A room as its owner manages it (circle admin live/live-list and manage/{id}). */
export const OwnerLiveRoom = Schema.Struct({
  ...RoomFacts.fields,
  liveColumnId: Schema.Number,
  liveColumnName: Schema.String,
  keepPlayback: Schema.Boolean,
  /** a roadshow's invite code (null for a live room, or a roadshow open to all) */
  inviteCode: Schema.NullOr(Schema.String),
  reservationCount: Schema.Number,
  visitCount: Schema.Number,
  onlineCount: Schema.Number,
  commentCount: Schema.Number,
  honouredGuestIds: Schema.Array(Schema.Number),
  controls: RoomControls,
  stream: Schema.NullOr(StreamSettings),
})
export type OwnerLiveRoom = typeof OwnerLiveRoom.Type

/**
 * spec 001 §7: GET /api/financial-circle/live-column/content/page/owner/v1 (page, count, liveColumnId):
 * the rooms of the live columns the reader owns or administers, newest booking first (deleted ones left out).
 */
export const ownerContentPage = endpoint({
  name: 'liveColumn.ownerContentPage',
  path: '/api/financial-circle/live-column/content/page/owner/v1',
  timeoutMs: LIVE_LIST_TIMEOUT_MS,
  query: Schema.Struct({
    page: Schema.optional(IdFromString.check(Schema.isLessThanOrEqualTo(10_000))),
    count: Schema.optional(CountFromString),
    liveColumnId: Schema.optional(IdFromString),
  }),
  result: Page(OwnerLiveRoom),
})

/**
 * spec 001 §7: POST /api/financial-circle/live-column/send-kick-out-group-notification/v1 {id, deviceId}:
 * the reader watches room `id` on this device; their other devices get a kick-out notification over the
 * messaging port (a custom message, bizType liveKickOut) and stop playing.
 */
export const sendKickOutNotification = endpoint({
  name: 'liveColumn.sendKickOutNotification',
  method: 'POST',
  path: '/api/financial-circle/live-column/send-kick-out-group-notification/v1',
  body: Schema.Struct({ id: Id, deviceId: SessionId }),
  result: Schema.Struct({ deviceId: Schema.String }),
})

// --- the owner's controls (ours, in the spec's style) -------------------------------------------------

const RoomPath = Schema.Struct({ id: IdFromString })

/** POST /api/circle-admin/live/book/v1: book a room in a live column the reader owns or administers. */
export const liveBook = endpoint({
  name: 'circleAdmin.liveBook',
  method: 'POST',
  path: '/api/circle-admin/live/book/v1',
  body: Schema.Struct({
    liveColumnId: Id,
    videoServiceType: VideoServiceType,
    title: Text(LIVE_TITLE_MAX * 2),
    brief: Schema.optional(Text(LIVE_BRIEF_MAX * 2)),
    cover: Schema.optional(Cover),
    /** when it starts (seconds), not in the past */
    startTimestamp: Int,
    /** keep a playback when it ends (default yes) */
    keepPlayback: Schema.optional(Schema.Boolean),
    /** a roadshow's invite code; a roadshow without one gets one made */
    inviteCode: Schema.optional(InviteCode),
  }),
  result: OwnerLiveRoom,
})

/** GET /api/circle-admin/live/{id}/v1: a room with its stream settings, for its owner and admins. */
export const liveOwnerDetail = endpoint({
  name: 'circleAdmin.liveDetail',
  path: '/api/circle-admin/live/{id}/v1',
  params: RoomPath,
  result: OwnerLiveRoom,
})

/** POST /api/circle-admin/live/{id}/start/v1 {startMode, pullUrl}: booked → live; FORWARD_PULL needs pullUrl. */
export const liveStart = endpoint({
  name: 'circleAdmin.liveStart',
  method: 'POST',
  path: '/api/circle-admin/live/{id}/start/v1',
  params: RoomPath,
  body: Schema.Struct({ startMode: StartMode, pullUrl: Schema.optional(PullUrl) }),
  result: OwnerLiveRoom,
})

/** POST /api/circle-admin/live/{id}/pause/v1: live → paused. */
export const livePause = endpoint({ name: 'circleAdmin.livePause', method: 'POST', path: '/api/circle-admin/live/{id}/pause/v1', params: RoomPath, result: OwnerLiveRoom })

/** POST /api/circle-admin/live/{id}/resume/v1: paused → live. */
export const liveResume = endpoint({ name: 'circleAdmin.liveResume', method: 'POST', path: '/api/circle-admin/live/{id}/resume/v1', params: RoomPath, result: OwnerLiveRoom })

/** POST /api/circle-admin/live/{id}/end/v1 {keepPlayback}: live or paused → playback generating (or no playback). */
export const liveEnd = endpoint({
  name: 'circleAdmin.liveEnd',
  method: 'POST',
  path: '/api/circle-admin/live/{id}/end/v1',
  params: RoomPath,
  body: Schema.Struct({ keepPlayback: Schema.optional(Schema.Boolean) }),
  result: OwnerLiveRoom,
})

/** DELETE /api/circle-admin/live/{id}/v1: any status → deleted (6). */
export const liveDelete = endpoint({ name: 'circleAdmin.liveDelete', method: 'DELETE', path: '/api/circle-admin/live/{id}/v1', params: RoomPath, result: OwnerLiveRoom })

/** PUT /api/circle-admin/live/{id}/guests/v1 {userIds}: the room's honoured guests (spec 001 §6 tag). */
export const liveGuests = endpoint({
  name: 'circleAdmin.liveGuests',
  method: 'PUT',
  path: '/api/circle-admin/live/{id}/guests/v1',
  params: RoomPath,
  body: Schema.Struct({ userIds: Schema.Array(Id).check(Schema.isMaxLength(HONOURED_GUESTS_MAX)) }),
  result: OwnerLiveRoom,
})
