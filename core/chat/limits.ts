// Chat limits and messages shared by the server, the local messaging service and the client.
// Numbers the spec gives cite it; the rest are our choices and say so.

/** spec 001 §9: group member search default 20 per page. */
export const MEMBER_PAGE_SIZE = 20
/** spec 001 §9: group mute default duration −1 (for ever). */
export const MUTE_FOREVER = -1
/** Our choice: a mute lasts at most a year (in hours); −1 is for ever. */
export const MUTE_MAX_HOURS = 24 * 366
/** Our choice (as Tencent Cloud Chat's limit on one text element): 4 KB of UTF-8 per text message. */
export const TEXT_MAX_BYTES = 4096
/**
 * Our choice: a user sends (or modifies) at most 20 messages in any 10 s window (the relay answers 429
 * beyond it): two a second for ten seconds is more than anyone types, and a script meets it at once.
 * Kept per account in the database (rate_events), so several processes share it.
 */
export const SEND_RATE = { count: 20, windowMs: 10_000 } as const
/**
 * Our choice: at most 60 images an hour per account (each up to 3 MB: 180 MB an hour at most); a reader
 * sharing screenshots sends a handful, a script that stores images meets it in seconds.
 */
export const IMAGE_SEND_RATE = { count: 60, windowMs: 3_600_000 } as const
/** Our choice: group names up to 30 characters (Tencent Cloud Chat allows 30 bytes-ish; we count characters). */
export const GROUP_NAME_MAX = 30
/** Our choice: at most 500 phones or user ids per join/remove call, and per spreadsheet. */
export const BATCH_MAX = 500
/** Our choice: a spreadsheet upload is at most 2 MB. */
export const SPREADSHEET_MAX_BYTES = 2 * 1024 * 1024
/** Our choice: a history page is 20 messages, at most 50. */
export const HISTORY_PAGE_SIZE = 20
export const HISTORY_PAGE_MAX = 50
/** spec 001 §5: images at most 3,000,000 bytes (the circle rule; chat images follow it). */
export const IMAGE_MAX_BYTES = 3_000_000
/** Our choice: the message helper sends to at most 50 groups' members at once. */
export const HELPER_GROUPS_MAX = 50
/** Our choice: a UserSig lives 7 days (Tencent's examples use 604800 s). */
export const USER_SIG_TTL_SECONDS = 7 * 24 * 3600

/** spec 001 §7: per-conversation notification push, opt 2 muted, 0 notify. */
export const RECEIVE_OPT = { notify: 0, muted: 2 } as const

/** Byte length of a text as UTF-8 (no TextEncoder dependency beyond the standard). */
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).byteLength

export const CHAT_MESSAGES = {
  groupNotFound: '群聊不存在',
  notMember: '你不是该群成员',
  notAdmin: '只有群主或管理员可以操作',
  noPermission: '没有权限进行该操作',
  cannotKick: '没有权限移出该成员',
  cannotMuteSelf: '不能禁言自己',
  cannotPrivate: '只能与群主或管理员私聊',
  notCertified: '只有认证投顾可以创建群聊',
  userNotFound: '用户不存在',
  textTooLong: `消息内容不能超过 ${TEXT_MAX_BYTES} 字节`,
  emptyText: '消息内容不能为空',
  tooFast: '发送太频繁，请稍后再试',
  muted: '你已被禁言',
  mutedAll: '全员禁言中',
  /** spec 001 §4: block On */
  groupBlocked: '当前群聊已被禁用',
  messageNotFound: '消息不存在',
  cannotRevoke: '只能撤回自己的消息',
  badSpreadsheet: '表格文件无法读取，请上传 xlsx 或 csv 文件',
  spreadsheetTooLarge: '表格文件不能超过 2MB',
  tooManyRows: `一次最多处理 ${BATCH_MAX} 个成员`,
  badSignature: '用户登录状态异常',
  chatroomNotFound: '聊天室不存在',
  sensitive: '消息包含敏感内容，请修改后再发送',
  imageTooLarge: '图片大小超出限制',
  badImage: '仅支持 .jpg .jpeg .png .gif 格式',
  badCustomData: '参数错误：自定义数据不是有效的 JSON',
  imageNotYours: '没有权限查看该图片',
} as const

/** What the server answers when core/chat/permissions speakBlock says a member may not speak now. */
export const SPEAK_BLOCK_MESSAGES = { blocked: CHAT_MESSAGES.groupBlocked, muted: CHAT_MESSAGES.muted, mutedAll: CHAT_MESSAGES.mutedAll } as const
