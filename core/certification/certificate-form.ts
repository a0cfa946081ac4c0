// The creator (adviser) certification application (issue 27; spec 001 §2 /chiefCircle/creator-certification
// and the /audit flow, §3 'Advisor certificate: realName, weixinId, idCardImage, siaqcNumber, email,
// otherPlatformAccountName, personalProfile, imageId', §6 'Circle-admin entry … only with
// advisoryCertification'). What the form checks before sending; the server checks the same again with
// the same messages (server/certification/). Pure: no DOM, no fetch.
import { isValidRealName, REAL_NAME_MESSAGES } from '../validation/real-name-form'
import { isWellFormedEmail, LOGIN_MESSAGES } from '../validation/login'

/** Who applies: a person, or a company (the /audit flow's person and company children). */
export const APPLICANT_TYPES = ['person', 'company'] as const
export type ApplicantType = (typeof APPLICANT_TYPES)[number]

/**
 * An application's status. The spec names no values; ours: `reviewing` from the moment it is submitted
 * until a reviewer decides, then `success` (approved: the advisory certification is granted) or
 * `failure` (rejected, with the reviewer's reason; the applicant may apply again).
 */
export const APPLICATION_STATUSES = ['reviewing', 'success', 'failure'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

/** The bounds of the fields (ours; the spec names none). The contract (core/api/certification.ts) takes these. */
export const CERTIFICATE_LIMITS = {
  realName: 50,
  companyName: 100,
  weixinId: 20,
  siaqcNumber: 14,
  email: 100,
  otherPlatformAccountName: 50,
  personalProfile: 500,
  /** the shortest profile a reviewer can judge */
  personalProfileMin: 10,
  rejectReason: 200,
} as const

/**
 * The messages of the form and of the server's answers. The real name's and the e-mail's are the
 * spec's and the login form's (spec 001 §5 请输入您的真实姓名; core/validation/login.ts); the others are ours,
 * in the same style.
 */
export const CERTIFICATE_MESSAGES = {
  realName: REAL_NAME_MESSAGES.realName,
  companyName: '请输入机构名称',
  weixinId: '请输入正确的微信号（6-20位，字母开头，可含数字、下划线和减号）',
  idCardImage: '请上传身份证照片',
  siaqcNumber: '请输入正确的证券从业资格证书编号（1位字母加13位数字）',
  email: LOGIN_MESSAGES.emailInvalid,
  otherPlatformAccountName: `其他平台账号名称不能超过${CERTIFICATE_LIMITS.otherPlatformAccountName}个字符`,
  personalProfile: `请填写个人简介（${CERTIFICATE_LIMITS.personalProfileMin}-${CERTIFICATE_LIMITS.personalProfile}字）`,
  rejectReason: `请填写驳回原因（不超过${CERTIFICATE_LIMITS.rejectReason}字）`,
  /** an application already under review may not be sent again */
  alreadyReviewing: '您的认证申请正在审核中，请耐心等待',
  /** an approved adviser has nothing to apply for */
  alreadyCertified: '您已通过投顾认证，无需重复申请',
  /** the image named is not one the applicant uploaded through the identity-card upload */
  imageNotFound: '身份证照片不存在，请重新上传',
  notReviewer: '仅认证审核员可以审核认证申请',
  applicationNotFound: '认证申请不存在',
  /** a reviewer deciding an application someone already decided */
  alreadyDecided: '该申请已审核，请刷新后查看',
  /** a reviewer may not decide their own application */
  ownApplication: '不能审核自己的认证申请',
} as const

/** Shown when a call of the flow fails and the server said nothing. */
export const AUDIT_FAILED = '网络异常，请稍后重试'
/** Shown when the identity-card upload fails and the server said nothing. */
export const UPLOAD_FAILED = '上传失败，请重试'

/** The fields the form holds (all text; the image is the identity-card upload's answer). */
export interface CertificateForm {
  readonly applicantType: ApplicantType
  readonly realName: string
  /** a company's name; only for a company */
  readonly companyName: string
  readonly weixinId: string
  /** where the uploaded identity-card image is served (the upload's url) */
  readonly idCardImage: string
  /** the uploaded image's id (the upload's key) */
  readonly imageId: string
  readonly siaqcNumber: string
  readonly email: string
  readonly otherPlatformAccountName: string
  readonly personalProfile: string
}

export const EMPTY_CERTIFICATE_FORM: CertificateForm = {
  applicantType: 'person',
  realName: '',
  companyName: '',
  weixinId: '',
  idCardImage: '',
  imageId: '',
  siaqcNumber: '',
  email: '',
  otherPlatformAccountName: '',
  personalProfile: '',
}

/** The fields that have a rule, in the form's order (the first failing one is scrolled to). */
export const CERTIFICATE_FIELD_ORDER = [
  'realName',
  'companyName',
  'weixinId',
  'idCardImage',
  'siaqcNumber',
  'email',
  'otherPlatformAccountName',
  'personalProfile',
] as const
export type CertificateField = (typeof CERTIFICATE_FIELD_ORDER)[number]
export type CertificateErrors = Partial<Record<CertificateField, string>>

/** WeChat's own rule for a WeChat ID: 6–20 characters, a letter first, then letters, digits, _ or -. */
const WEIXIN_ID = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/
/** The Securities Association of China practising certificate number: one letter and 13 digits (S0260517090001). */
const SIAQC_NUMBER = /^[A-Za-z]\d{13}$/
/** An uploaded image's id: the storage key the identity-card upload answered (YYYYMM/hex.ext). */
export const IMAGE_ID = /^\d{6}\/[0-9a-f]{32}\.(?:jpg|png|gif)$/

const length = (s: string) => Array.from(s).length

export function validateCertificateForm(f: CertificateForm): CertificateErrors {
  const errors: CertificateErrors = {}
  const name = f.realName.trim()
  if (!isValidRealName(name) || length(name) > CERTIFICATE_LIMITS.realName) errors.realName = CERTIFICATE_MESSAGES.realName
  const company = f.companyName.trim()
  if (f.applicantType === 'company' && (company === '' || length(company) > CERTIFICATE_LIMITS.companyName)) errors.companyName = CERTIFICATE_MESSAGES.companyName
  if (!WEIXIN_ID.test(f.weixinId.trim())) errors.weixinId = CERTIFICATE_MESSAGES.weixinId
  if (!IMAGE_ID.test(f.imageId) || f.idCardImage === '') errors.idCardImage = CERTIFICATE_MESSAGES.idCardImage
  if (!SIAQC_NUMBER.test(f.siaqcNumber.trim())) errors.siaqcNumber = CERTIFICATE_MESSAGES.siaqcNumber
  const email = f.email.trim()
  if (length(email) > CERTIFICATE_LIMITS.email || !isWellFormedEmail(email)) errors.email = CERTIFICATE_MESSAGES.email
  if (length(f.otherPlatformAccountName.trim()) > CERTIFICATE_LIMITS.otherPlatformAccountName) errors.otherPlatformAccountName = CERTIFICATE_MESSAGES.otherPlatformAccountName
  const profile = length(f.personalProfile.trim())
  if (profile < CERTIFICATE_LIMITS.personalProfileMin || profile > CERTIFICATE_LIMITS.personalProfile) errors.personalProfile = CERTIFICATE_MESSAGES.personalProfile
  return errors
}

export const isCertificateFormValid = (f: CertificateForm): boolean => Object.keys(validateCertificateForm(f)).length === 0

/** The field to scroll to: the first failing one in the form's order, or null. */
export function firstInvalidCertificateField(errors: CertificateErrors): CertificateField | null {
  return CERTIFICATE_FIELD_ORDER.find((f) => errors[f] !== undefined) ?? null
}

/** What is sent: trimmed, the SIAQC number upper-cased, the company's name only for a company. */
export function certificateBody(f: CertificateForm): CertificateForm {
  return {
    applicantType: f.applicantType,
    realName: f.realName.trim(),
    companyName: f.applicantType === 'company' ? f.companyName.trim() : '',
    weixinId: f.weixinId.trim(),
    idCardImage: f.idCardImage,
    imageId: f.imageId,
    siaqcNumber: f.siaqcNumber.trim().toUpperCase(),
    email: f.email.trim(),
    otherPlatformAccountName: f.otherPlatformAccountName.trim(),
    personalProfile: f.personalProfile.trim(),
  }
}

/** A reviewer's reason for a rejection: 1–200 characters once trimmed. */
export function checkRejectReason(reason: string): string | null {
  const n = length(reason.trim())
  return n >= 1 && n <= CERTIFICATE_LIMITS.rejectReason ? null : CERTIFICATE_MESSAGES.rejectReason
}

/** The role on users.roles that may review applications (server/certification; seeded locally). */
export const REVIEWER_ROLE = 'CERT_REVIEWER'

/** Whether a reader with these roles may review applications. */
export const mayReview = (roles: readonly string[] | undefined): boolean => !!roles && roles.includes(REVIEWER_ROLE)

/** spec 001 §9: the identity card upload's timeout, 120000 ms. */
export const IDENTITY_CARD_UPLOAD_TIMEOUT_MS = 120_000
