// The communities of the circle-admin console (issue 29; spec 001 §2 'community-admin/...' routes, §3
// 'Financial circle / moment', §4 review status, top and essence, closed comments, §6 momentPublishable).
//
// What a "community" is here. The spec's community routes take a momentId, and the API calls a circle a
// moment (POST /api/momentUser/v1 {momentId}). Of the four circle types of spec 001 §3 (core/circles/
// limits.ts CIRCLE_TYPES), two carry a feed of moments, questions, comments and tags: FINANCIAL_CIRCLE
// (the paid 圈子) and GROUP (the 社群). COURSE and LIVE_COLUMN have their own consoles (course/ and live/)
// and their own content (chapters, rooms). So a community is the moment feed of a circle of type
// FINANCIAL_CIRCLE or GROUP, and the community console runs that feed: posts, questions, comments, tags,
// members. circle/circle-list (another area) runs the same financial circles as products (price,
// admins); community-create makes a GROUP, since a paid circle is created there with its price.
//
// The per-member switches of a community are decided here once, and both the server (PUT /api/review/v1
// refuses what they forbid) and the console's views use them:
// - privilege (spec 001 §6 'momentPublishable controls whether a user may publish moments'): a member
//   whose publishing is switched off in this community may not publish moments here; they still ask
//   and comment;
// - mute: a muted member may not publish, ask, answer or comment here at all.
// The owner and the admins are never switched off (core/circle-admin/access.ts: they run the circle).
import type { CircleType } from '../circles/limits'
import { CIRCLE_BRIEF_MAX, CIRCLE_NAME_MAX, TAG_NAME_MAX } from '../circles/limits'

/** The circle types whose moment feed the community console runs (see above). */
export const COMMUNITY_TYPES = ['FINANCIAL_CIRCLE', 'GROUP'] as const satisfies readonly CircleType[]
export type CommunityType = (typeof COMMUNITY_TYPES)[number]
export const isCommunityType = (t: CircleType): t is CommunityType => (COMMUNITY_TYPES as readonly CircleType[]).includes(t)
/** community-list/community-create makes a 社群 (a paid 圈子 is created in circle/circle-list with its price) */
export const CREATED_COMMUNITY_TYPE: CommunityType = 'GROUP'

/** Bounds of the console's forms (the circles table's CHECKs of migration 025 and 031 repeat them). */
export const COMMUNITY_NAME_MAX = CIRCLE_NAME_MAX
export const COMMUNITY_BRIEF_MAX = CIRCLE_BRIEF_MAX
export const COMMUNITY_INTRO_MAX = 5_000
export const COMMUNITY_TIP_MAX = 1_000
/** the owner's pinned announcement (ours) */
export const ANNOUNCEMENT_MAX = 500
export const COMMUNITY_TAG_NAME_MAX = TAG_NAME_MAX
/** tags a community may have (ours: the post box shows them in one row) */
export const COMMUNITY_TAGS_MAX = 20
/** what a community's summary draws: new members, posts and comments per day over this many days */
export const SUMMARY_DAYS = 30
/** the console's lists per page unless the reader asks another count */
export const CONSOLE_PAGE_SIZE = 10

/** The texts of the community console (the server sends them through its one conversion for zh-hk). */
export const COMMUNITY_MESSAGES = {
  nameRequired: '请输入社群名称',
  nameTooLong: `社群名称不能超过${COMMUNITY_NAME_MAX}个字`,
  briefRequired: '请输入社群简介',
  briefTooLong: `社群简介不能超过${COMMUNITY_BRIEF_MAX}个字`,
  introTooLong: `社群介绍不能超过${COMMUNITY_INTRO_MAX}个字`,
  tipTooLong: `入圈须知不能超过${COMMUNITY_TIP_MAX}个字`,
  announcementTooLong: `公告不能超过${ANNOUNCEMENT_MAX}个字`,
  tagRequired: '请输入标签名称',
  tagTooLong: `标签名称不能超过${COMMUNITY_TAG_NAME_MAX}个字`,
  tagExists: '标签名称已存在',
  tagsFull: `标签最多${COMMUNITY_TAGS_MAX}个`,
  /** the default tag (全部) is every post's: it is neither renamed nor deleted */
  defaultTag: '默认标签不能修改或删除',
  answerRequired: '请输入回答内容',
  notQuestion: '只能回答提问',
  notMember: '该用户不是社群成员',
  /** the owner and the admins are not switched off or removed from their own community */
  manager: '不能对圈主或管理员进行此操作',
  /** set-preview takes approved moments only (a question or one under review is not a sample) */
  previewApprovedOnly: '仅已通过审核的动态可设为预览',
  /** what a member switched off hears when posting (privilege) */
  notPublishable: '您暂无发布权限',
  /** what a muted member hears when posting, asking or commenting */
  muted: '您已被禁言',
} as const

export interface CommunityDraft {
  readonly name: string
  readonly brief: string
  readonly intro: string
  readonly tip: string
}
export type CommunityField = keyof CommunityDraft

const chars = (s: string) => Array.from(s).length

/** The create/edit form's checks, field by field in the form's order ('' when the field is fine). */
export function communityFormErrors(d: CommunityDraft): Record<CommunityField, string> {
  const name = d.name.trim()
  const brief = d.brief.trim()
  return {
    name: !name ? COMMUNITY_MESSAGES.nameRequired : chars(name) > COMMUNITY_NAME_MAX ? COMMUNITY_MESSAGES.nameTooLong : '',
    brief: !brief ? COMMUNITY_MESSAGES.briefRequired : chars(brief) > COMMUNITY_BRIEF_MAX ? COMMUNITY_MESSAGES.briefTooLong : '',
    intro: chars(d.intro.trim()) > COMMUNITY_INTRO_MAX ? COMMUNITY_MESSAGES.introTooLong : '',
    tip: chars(d.tip.trim()) > COMMUNITY_TIP_MAX ? COMMUNITY_MESSAGES.tipTooLong : '',
  }
}

/** The first failing message of the form, '' when it may be sent. */
export const firstCommunityError = (d: CommunityDraft): string => Object.values(communityFormErrors(d)).find((m) => m !== '') ?? ''

/** A tag's name check ('' when fine): required, at most COMMUNITY_TAG_NAME_MAX characters, not a name the community has. */
export function tagNameError(name: string, others: readonly string[]): string {
  const n = name.trim()
  if (!n) return COMMUNITY_MESSAGES.tagRequired
  if (chars(n) > COMMUNITY_TAG_NAME_MAX) return COMMUNITY_MESSAGES.tagTooLong
  if (others.includes(n)) return COMMUNITY_MESSAGES.tagExists
  return ''
}

/** A member's switches in one community (circle_members.publishable, .muted). */
export interface MemberSwitches {
  readonly publishable: boolean
  readonly muted: boolean
}
export type CommunityWrite = 'moment' | 'question' | 'answer' | 'comment'

/** Why a member's switches refuse this write here ('' when they allow it); a reader with no member row has none. */
export function memberSwitchBlock(m: MemberSwitches | null | undefined, write: CommunityWrite): string {
  if (!m) return ''
  if (m.muted) return COMMUNITY_MESSAGES.muted
  if (write === 'moment' && !m.publishable) return COMMUNITY_MESSAGES.notPublishable
  return ''
}

/** A day's counts of a community's summary. */
export interface DayCount {
  /** the day's first second (UTC+8, the site's day) */
  readonly day: number
  readonly count: number
}

const DAY = 86_400
/** The site's day boundary: China and Hong Kong time, UTC+8. */
const OFFSET = 8 * 3_600
export const dayStart = (seconds: number): number => Math.floor((seconds + OFFSET) / DAY) * DAY - OFFSET

/**
 * How many of `timestamps` (seconds) fall on each of the `days` days up to and including today
 * (oldest first); earlier and later ones are not counted.
 */
export function dailyCounts(timestamps: readonly number[], nowSeconds: number, days: number = SUMMARY_DAYS): DayCount[] {
  const today = dayStart(nowSeconds)
  const first = today - (days - 1) * DAY
  const counts = new Array<number>(days).fill(0)
  for (const t of timestamps) {
    const i = Math.floor((dayStart(t) - first) / DAY)
    if (i >= 0 && i < days) counts[i]! += 1
  }
  return counts.map((count, i) => ({ day: first + i * DAY, count }))
}

/** spec 001 §2: community-detail/{momentId?} with tabs announcement, comment, detail, post, privilege, qa (qa-answered, qa-unanswered), set-essence, set-preview, set-top, tags, user */
export const DETAIL_TABS = ['detail', 'announcement', 'post', 'set-top', 'set-essence', 'set-preview', 'qa', 'comment', 'tags', 'user', 'privilege'] as const
export type DetailTab = (typeof DETAIL_TABS)[number]
export const isDetailTab = (s: string): s is DetailTab => (DETAIL_TABS as readonly string[]).includes(s)
export const QA_TABS = ['qa-unanswered', 'qa-answered'] as const
export type QaTab = (typeof QA_TABS)[number]
export const isQaTab = (s: string): s is QaTab => (QA_TABS as readonly string[]).includes(s)

/** The console's community paths (spec 001 §2). */
export const COMMUNITY_PATHS = {
  list: '/circle-admin/community-admin/community-list',
  summary: '/circle-admin/community-admin/community-summary',
  users: '/circle-admin/community-admin/user-admin',
  create: '/circle-admin/community-admin/community-list/community-create',
  edit: (momentId: number) => `/circle-admin/community-admin/community-list/community-edit/${momentId}`,
  detail: (momentId: number, tab?: DetailTab, sub?: QaTab) => `/circle-admin/community-admin/community-detail/${momentId}${tab ? `/${tab}` : ''}${sub ? `/${sub}` : ''}`,
} as const
