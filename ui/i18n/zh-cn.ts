// Every user-visible string of the client, in simplified Chinese (zh-cn, the default script): the whole
// tree, for the types, the server renderer and `npm run i18n:gen` (zh-hk.ts is generated from it). The
// browser loads only the entry part (ui/i18n/i18n.ts) and each feature's part with the feature.
import { accounts } from './zh-cn-accounts'
import { reading } from './zh-cn-reading'
import { market } from './zh-cn-market'
import { columns } from './zh-cn-columns'
import { community } from './zh-cn-community'
import { docs } from './zh-cn-docs'
import { messages, posting } from './zh-cn-posting'
import { membership } from './zh-cn-membership'
import { chat } from './zh-cn-chat'
import { portfolio } from './zh-cn-portfolio'
import { attestation, memberArea } from './zh-cn-attestation'
import { order } from './zh-cn-order'
import { user } from './zh-cn-user'
import { longtail } from './zh-cn-longtail'
import { wecom } from './zh-cn-wecom'
import { certification } from './zh-cn-certification'
import { circle } from './zh-cn-circles'
import { course } from './zh-cn-courses'
import { liveRoom } from './zh-cn-live'
import { circleAdmin } from './zh-cn-circle-admin'
import { circleAdminCircles } from './zh-cn-circle-admin-circles'
import { circleAdminData } from './zh-cn-circle-admin-data'
import { circleAdminCommunity } from './zh-cn-circle-admin-community'
import { circleAdminLive } from './zh-cn-circle-admin-live'
import { circleAdminCourse } from './zh-cn-circle-admin-course'
import { base } from './zh-cn-base'

export const zhCn = {
  accounts,
  reading,
  market,
  columns,
  community,
  docs,
  posting,
  membership,
  chat,
  messages,
  portfolio,
  attestation,
  memberArea,
  order,
  user,
  longtail,
  wecom,
  certification,
  circle,
  course,
  liveRoom,
  circleAdmin,
  circleAdminCircles,
  circleAdminData,
  circleAdminCommunity,
  circleAdminLive,
  circleAdminCourse,
  ...base,
} as const

type DeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> }
export type Resources = DeepStrings<typeof zhCn>
