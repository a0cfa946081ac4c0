// Live rooms, video comments, online counts and roadshows (issue 28; spec 001 §2 /live/{id} and
// /chiefCircle/schedule-live/{id}, §3 'Live room' statuses and start modes and 'Video comment', §6
// honoured-guest and owner tags, §7 'Video and live', §9). The spec names the status codes, the start
// modes, the fields and the 25 s timeout of live lists; the lengths, the page sizes, the heartbeat and
// the invite code's shape are ours, and migration 030 repeats the lengths as CHECKs. Every number and
// message is here once: the server and the views import it.

export { LIVE_STATUS_CODES, LIVE_STATUS_NAMES, DEFAULT_GENERATING_CODE, statusNameOf, type LiveStatusName, type LiveStatusCode } from './status-codes'

/** spec 001 §3 start modes: from the browser on a PC, from the phone app, pushed by OBS, pulled from another stream */
export const START_MODES = ['LIVE_PC', 'LIVE_MOBILE', 'OBS_PUSH', 'FORWARD_PULL'] as const
export type StartMode = (typeof START_MODES)[number]

/**
 * spec 001 §3 'Video comment: videoId, videoServiceType, …': which kind of video an id names. A live
 * column's room is LIVE; a roadshow (a company's presentation, entered with an invite code) is ROADSHOW.
 * Both are live rooms with the same statuses; their ids come from one sequence.
 */
export const VIDEO_SERVICE_TYPES = ['LIVE', 'ROADSHOW'] as const
export type VideoServiceType = (typeof VIDEO_SERVICE_TYPES)[number]

/** The routing rule of /live/{id}: core/live/route-kind.ts (its own module, for the entry chunk). */
export { FLASH_ID_MAX, LIVE_ROOM_ID_MIN, liveRouteKind } from './route-kind'

export const LIVE_TITLE_MAX = 60
export const LIVE_BRIEF_MAX = 300
/** a live comment is a chat line: short */
export const LIVE_COMMENT_MAX = 200
/** comments a page of before-id / after-id answers unless asked for fewer */
export const LIVE_COMMENTS_PAGE = 20
export const LIVE_COMMENTS_PAGE_MAX = 50
/** the owner's rooms per page (circle-admin live list) */
export const OWNER_ROOMS_PAGE = 10
/** honoured guests per room (spec 001 §6 tags) */
export const HONOURED_GUESTS_MAX = 20

/**
 * Online count (spec 001 §7 POST /api/video/onlineCount/v1 {videoId, videoServiceType, sessionId}): a
 * watching page beats every HEARTBEAT_INTERVAL_MS; a session counts as online while its last beat is
 * younger than ONLINE_TTL_MS (three beats, so one lost request does not drop a viewer).
 */
export const HEARTBEAT_INTERVAL_MS = 15_000
export const ONLINE_TTL_MS = 45_000
/** a page's session id (and a device id): 8–64 letters, digits, '-' or '_' */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

/** A roadshow's invite code: 6 capital letters or digits (no 0/O or 1/I, read aloud on calls). */
export const INVITE_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{6}$/
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const INVITE_CODE_LENGTH = 6

/** The custom message the server sends a viewer's other devices (POST /send-kick-out-group-notification/v1). */
export const KICK_OUT_BIZ_TYPE = 'liveKickOut'
/** A live comment goes to the room's chat group as text with this bizType in its custom data. */
export const LIVE_COMMENT_BIZ_TYPE = 'liveComment'
/**
 * The custom message the server sends the room's chat group when the room's status moves (start, pause,
 * resume, end, delete, the playback ready): { bizType, videoId, status }. Viewers read the room at once
 * (core/live/viewer.machine.ts room.changed) rather than at their next 5-second poll.
 */
export const LIVE_STATUS_BIZ_TYPE = 'liveStatus'

/** spec 001 §6: 'Honoured-guest and owner tags exist for live chat' */
export const COMMENT_TAGS = ['OWNER', 'GUEST'] as const
export type CommentTag = (typeof COMMENT_TAGS)[number]

/** spec 001 §9: live lists request timeout 25 s */
export const LIVE_LIST_TIMEOUT_MS = 25_000

export const LIVE_MESSAGES = {
  roomNotFound: '直播不存在',
  liveColumnNotFound: '直播专栏不存在',
  /** an owner's control the room's status does not allow (core/live/room.machine.ts) */
  illegalMove: '当前直播状态不能进行该操作',
  /** a paid column's room for someone who is not a valid member */
  joinFirst: '购买专栏后才能观看直播',
  expired: '您的专栏会员已到期，续费后可继续观看',
  loginFirst: '请先登录再进行操作！',
  notManager: '仅主播和管理员可以操作',
  inviteCodeRequired: '请输入邀请码',
  inviteCodeWrong: '邀请码错误',
  inviteCodeFormat: '邀请码为6位字母或数字',
  notBooked: '直播已开始或已结束，无需预约',
  commentEmpty: '评论内容不能为空',
  commentTooLong: `评论不能超过${LIVE_COMMENT_MAX}字`,
  /** FORWARD_PULL without a source */
  pullUrlRequired: '请填写拉流地址',
  pullUrlInvalid: '拉流地址格式不正确',
  startTooLate: '预约时间不能早于当前时间',
  noStream: '直播流暂不可用，请稍后再试',
  /** what a viewer's other device shows after the kick-out notification */
  kickedOut: '您已在其他设备观看该直播',
  /** a viewer the owner or an admin kicked out of the room (the console's userManage tab) */
  removedFromRoom: '您已被移出该直播间',
  serviceTypeMismatch: '视频类型不匹配',
} as const

/** Wrong invite codes a reader (and an address) may try per hour before 429 (a script guessing codes stops). */
export const INVITE_TRIES = { account: { max: 10, windowMs: 3_600_000 }, address: { max: 50, windowMs: 3_600_000 } } as const
