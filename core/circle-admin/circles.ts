// The console's circles (issue 29; spec 001 §2 'Circle admin /circle-admin': circle/circle-list,
// circle-create, circle-edit/{circleId?}, circle-user-admin, operate/rights, operate/sort,
// operate/sort/{id}; §3 circle types FINANCIAL_CIRCLE, GROUP, COURSE, LIVE_COLUMN; §4 review status). The
// spec names the routes but no field, bound or message of these forms: they are ours, written once here
// and used by the server (server/circle-admin/circles/) and the views (ui/circle-admin/circle/).
//
// - A new circle waits for review (review status reviewing); a content reviewer approves it, or rejects
//   it with a reason the owner reads. Editing a rejected circle sends it to review again; editing an
//   approved one keeps it approved (its texts pass the moderation check like every text sent in).
// - The type is chosen at creation and never changes; free or paid may change only until the circle is
//   approved (members then hold what they paid for).
// - A paid circle has one to four prices, one per period of 1, 3, 6 or 12 months, each ¥1 to ¥99,999
//   (whole fen). A period already bought keeps its price entry (it can be repriced, not removed).
// - Admins: at most ADMINS_MAX per circle; only the owner appoints or removes them (core/circle-admin/
//   access.ts mayManageAdmins); the owner is never listed as an admin.
// - Rights: the list of what a member gets, at most RIGHTS_MAX items of a title and a description.
// - Sort: the owner orders their own circles (operate/sort); the owner and admins order a circle's tags,
//   the sections its content appears under (operate/sort/{id}). A saved order names every item once.
import { CIRCLE_TYPES, type CircleType } from '../circles/limits'

export { CIRCLE_TYPES, type CircleType }

export const CIRCLE_FORM_LIMITS = {
  /** migration 025: name 1 to 30 */
  name: 30,
  /** the one line shown in lists (ours; the column takes 500) */
  brief: 100,
  /** the intro shown before joining (ours; the column takes 5000) */
  intro: 2000,
  /** an uploaded image's address */
  avatar: 500,
} as const

/** The periods a paid circle may be sold for (months). */
export const PRICE_PERIODS = [1, 3, 6, 12] as const
export type PricePeriod = (typeof PRICE_PERIODS)[number]
/** ¥1 to ¥99,999 in cents. */
export const PRICE_MIN_CENTS = 100
export const PRICE_MAX_CENTS = 9_999_900
export const ADMINS_MAX = 10
export const RIGHTS_MAX = 10
export const RIGHT_TITLE_MAX = 20
export const RIGHT_DESCRIPTION_MAX = 100
export const REJECT_REASON_MAX = 200
/** the console's list pages (ours) */
export const ADMIN_CIRCLES_PAGE = 10
export const CIRCLE_USERS_PAGE = 20
/** user search when appointing an admin (ours) */
export const USER_SEARCH_COUNT = 10
/** a keyword in the console's searches */
export const KEYWORD_MAX = 30

export const CIRCLE_ADMIN_MESSAGES = {
  typeRequired: '请选择圈子类型',
  nameRequired: '请输入圈子名称',
  nameTooLong: `圈子名称不能超过${CIRCLE_FORM_LIMITS.name}个字`,
  briefRequired: '请输入一句话简介',
  briefTooLong: `简介不能超过${CIRCLE_FORM_LIMITS.brief}个字`,
  introRequired: '请输入圈子介绍',
  introTooLong: `圈子介绍不能超过${CIRCLE_FORM_LIMITS.intro}个字`,
  avatarRequired: '请上传封面图片',
  avatarInvalid: '封面图片地址不合规',
  specsRequired: '收费圈子请至少设置一个价格',
  specsTooMany: `最多设置${PRICE_PERIODS.length}个价格`,
  periodInvalid: '请选择1、3、6或12个月的周期',
  periodDuplicate: '同一周期只能设置一个价格',
  priceInvalid: '价格须在1至99999元之间，最多两位小数',
  typeLocked: '圈子类型创建后不能修改',
  paidLocked: '圈子审核通过后不能修改收费方式',
  periodSold: '已有会员购买的周期不能删除',
  forbiddenWords: '内容包含敏感词，请修改后再提交',
  adminsFull: `每个圈子最多设置${ADMINS_MAX}位管理员`,
  alreadyAdmin: '该用户已是管理员',
  ownerNotAdmin: '圈主无需设为管理员',
  notAdmin: '该用户不是管理员',
  userNotFound: '用户不存在',
  rightsTooMany: `最多设置${RIGHTS_MAX}项权益`,
  rightTitleRequired: '请填写权益名称',
  rightTitleTooLong: `权益名称不能超过${RIGHT_TITLE_MAX}个字`,
  rightDescriptionTooLong: `权益说明不能超过${RIGHT_DESCRIPTION_MAX}个字`,
  sortMismatch: '排序列表与当前内容不符，请刷新后重试',
  reasonRequired: '请填写驳回原因',
  reasonTooLong: `驳回原因不能超过${REJECT_REASON_MAX}个字`,
  notReviewing: '该圈子不在审核中',
  reviewersOnly: '仅内容审核员可以操作',
} as const

/** A course is a circle of type COURSE: where a form's message names the thing, it says 课程. */
export const COURSE_WORDING = {
  nameRequired: '请输入课程名称',
  nameTooLong: `课程名称不能超过${CIRCLE_FORM_LIMITS.name}个字`,
  introRequired: '请输入课程介绍',
  introTooLong: `课程介绍不能超过${CIRCLE_FORM_LIMITS.intro}个字`,
  specsRequired: '收费课程请至少设置一个价格',
  paidLocked: '课程审核通过后不能修改收费方式',
} as const satisfies Partial<Record<keyof typeof CIRCLE_ADMIN_MESSAGES, string>>

export type CircleAdminMessages = { readonly [K in keyof typeof CIRCLE_ADMIN_MESSAGES]: string }
const COURSE_MESSAGES: CircleAdminMessages = { ...CIRCLE_ADMIN_MESSAGES, ...COURSE_WORDING }

/** The messages of a circle's form, in the words of its type (a course's say 课程). */
export const formMessages = (type: string): CircleAdminMessages => (type === 'COURSE' ? COURSE_MESSAGES : CIRCLE_ADMIN_MESSAGES)

/** One price of a paid circle: a period and its price in cents. */
export interface PriceSpec {
  readonly months: number
  readonly price: number
}

/** The create/edit form as the API takes it. */
export interface CircleForm {
  readonly type: CircleType | ''
  readonly name: string
  readonly brief: string
  readonly intro: string
  readonly avatar: string
  readonly paid: boolean
  readonly specs: readonly PriceSpec[]
}

export type CircleFormField = 'type' | 'name' | 'brief' | 'intro' | 'avatar' | 'specs'
/** Field → its message; a field that is fine is absent. */
export type CircleFormErrors = Partial<Record<CircleFormField, string>>
/** The order the form shows its fields (the first failing one is scrolled to). */
export const CIRCLE_FORM_FIELDS: readonly CircleFormField[] = ['type', 'name', 'brief', 'intro', 'avatar', 'specs']

const length = (s: string) => Array.from(s.trim()).length
const M = CIRCLE_ADMIN_MESSAGES

/** An uploaded image: a same-origin path of ours (/file/…) or an https address. No other scheme. */
export function isImageAddress(url: string): boolean {
  if (url.length > CIRCLE_FORM_LIMITS.avatar) return false
  if (/^\/(?!\/)[A-Za-z0-9._~/-]{1,499}$/.test(url) && !url.includes('..')) return true
  return /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:\/[A-Za-z0-9._~%/-]*)?$/.test(url)
}

export const isPricePeriod = (n: number): n is PricePeriod => (PRICE_PERIODS as readonly number[]).includes(n)
export const isValidPrice = (cents: number): boolean => Number.isInteger(cents) && cents >= PRICE_MIN_CENTS && cents <= PRICE_MAX_CENTS

/** What is wrong with a paid circle's prices ('' when nothing). */
export function specsProblem(specs: readonly PriceSpec[], type = ''): string {
  const M = formMessages(type)
  if (specs.length === 0) return M.specsRequired
  if (specs.length > PRICE_PERIODS.length) return M.specsTooMany
  if (!specs.every((s) => isPricePeriod(s.months))) return M.periodInvalid
  if (new Set(specs.map((s) => s.months)).size !== specs.length) return M.periodDuplicate
  if (!specs.every((s) => isValidPrice(s.price))) return M.priceInvalid
  return ''
}

export function validateCircleForm(form: CircleForm): CircleFormErrors {
  const M = formMessages(form.type)
  const errors: CircleFormErrors = {}
  if (!(CIRCLE_TYPES as readonly string[]).includes(form.type)) errors.type = M.typeRequired
  if (length(form.name) === 0) errors.name = M.nameRequired
  else if (length(form.name) > CIRCLE_FORM_LIMITS.name) errors.name = M.nameTooLong
  if (length(form.brief) === 0) errors.brief = M.briefRequired
  else if (length(form.brief) > CIRCLE_FORM_LIMITS.brief) errors.brief = M.briefTooLong
  if (length(form.intro) === 0) errors.intro = M.introRequired
  else if (length(form.intro) > CIRCLE_FORM_LIMITS.intro) errors.intro = M.introTooLong
  if (form.avatar === '') errors.avatar = M.avatarRequired
  else if (!isImageAddress(form.avatar)) errors.avatar = M.avatarInvalid
  if (form.paid) {
    const problem = specsProblem(form.specs, form.type)
    if (problem) errors.specs = problem
  }
  return errors
}

export const firstInvalidField = (errors: CircleFormErrors): CircleFormField | undefined => CIRCLE_FORM_FIELDS.find((f) => errors[f] !== undefined)

/** What the circle is now, for the edit rules. */
export interface ExistingCircle {
  readonly type: CircleType
  readonly paid: boolean
  readonly reviewStatus: 'draft' | 'reviewing' | 'approved' | 'rejected'
  /** the periods members have bought (months) */
  readonly soldPeriods: readonly number[]
}

/** Why an edit may not be saved as sent ('' when it may), after the form's own rules. */
export function editProblem(before: ExistingCircle, form: CircleForm): string {
  const M = formMessages(before.type)
  if (form.type !== before.type) return M.typeLocked
  if (form.paid !== before.paid && before.reviewStatus === 'approved') return M.paidLocked
  if (form.paid && before.paid && before.soldPeriods.some((m) => !form.specs.some((s) => s.months === m))) return M.periodSold
  return ''
}

/** The review status after an edit: a rejected circle goes back to review; otherwise it stays as it was. */
export const statusAfterEdit = (before: ExistingCircle['reviewStatus']): ExistingCircle['reviewStatus'] => (before === 'rejected' ? 'reviewing' : before)

/** A price as typed in yuan ('199', '199.5', '199.00') → cents; null when it is not such a number. */
export function parseYuan(text: string): number | null {
  const t = text.trim()
  if (!/^\d{1,6}(?:\.\d{1,2})?$/.test(t)) return null
  const [whole, fraction = ''] = t.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Cents → the yuan text a price field shows ('199', '199.50'). */
export const yuanText = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2))

export interface RightItem {
  readonly title: string
  readonly description: string
}

/** What is wrong with a rights list ('' when nothing). */
export function rightsProblem(list: readonly RightItem[]): string {
  if (list.length > RIGHTS_MAX) return M.rightsTooMany
  for (const r of list) {
    if (length(r.title) === 0) return M.rightTitleRequired
    if (length(r.title) > RIGHT_TITLE_MAX) return M.rightTitleTooLong
    if (length(r.description) > RIGHT_DESCRIPTION_MAX) return M.rightDescriptionTooLong
  }
  return ''
}

/** A saved order must name every current item exactly once. */
export function isSameSet(current: readonly number[], sent: readonly number[]): boolean {
  if (current.length !== sent.length || new Set(sent).size !== sent.length) return false
  const have = new Set(current)
  return sent.every((id) => have.has(id))
}

/** Moves the item at `from` one place up (-1) or down (+1); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list]
  const out = [...list]
  ;[out[from], out[to]] = [out[to]!, out[from]!]
  return out
}

/** A reviewer's reason for rejecting a circle ('' when fine). */
export function rejectReasonProblem(reason: string): string {
  if (length(reason) === 0) return M.reasonRequired
  if (length(reason) > REJECT_REASON_MAX) return M.reasonTooLong
  return ''
}
