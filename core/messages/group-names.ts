// spec 001 §2 message panel: each group's name, one word a type; the server's group list gives it as
// `name` and the message page shows it on its tab (through i18n, so zh-hk readers read it converted).
// No schema here: the zh-cn texts import it, and they load with the first screen.
import type { InteractionType, NotificationType } from '../api/messages'

export const MESSAGE_GROUP_NAMES = {
  comment: '评论',
  like: '点赞',
  mention: '@我的',
  follow: '新粉丝',
  review: '审核通知',
  system: '系统通知',
} as const satisfies Record<InteractionType | NotificationType, string>
