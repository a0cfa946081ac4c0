// spec 001 §5: the real-name form of the qualified-investor attestation (step 1).

export const IDENTITY_TYPES = [
  'IDENTITY_CARD',
  'RESIDENCE_PERMIT_HK_MAC',
  'RESIDENCE_PERMIT_TAIWAN',
  'RESIDENCE_PERMANENT_FOREIGNER',
  'PASSPORT',
  'HK_MACAO_PASS',
  'TAIWAN_PASS',
  'OTHER',
] as const
export type IdentityType = (typeof IDENTITY_TYPES)[number]

export const REAL_NAME_MESSAGES = {
  realName: '请输入您的真实姓名',
  otherIdentityType: '填写证件类型名称',
  idNumber: '请输入您的证件号码',
  location: '请选择省、市、区、街道',
  education: '请选择最高学历',
  career: '请选择职业',
  address: '请输入详细地址',
} as const

/** The fields the rules look at; the optional ones (telephone, postcode, company…) have no rule. */
export interface RealNameForm {
  readonly realName: string
  readonly identityType: IdentityType
  readonly otherIdentityType: string
  readonly idNumber: string
  readonly highestEducation: string
  readonly career: string
  /** Province, city, district (and street) names as chosen in the area picker. */
  readonly location: readonly string[]
  readonly address: string
  readonly agree: boolean
}

/** spec 001 §5: on failed validation scroll to the first failing field in this order. */
export const REAL_NAME_FIELD_ORDER = ['realName', 'code', 'education', 'career', 'location', 'address'] as const
export type RealNameField = (typeof REAL_NAME_FIELD_ORDER)[number]

export type RealNameErrors = Partial<Record<RealNameField, string>>

const CHINESE_ONLY = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ebef}·•]+$/u

/**
 * spec 001 §5: the name rule as built flags empty names, and names written only in Chinese
 * characters that are shorter than 2 (a one-character name like '李'). Other names of any
 * length pass (e.g. 'A' or 'Chan Tai Man'). The name is trimmed first.
 */
export function isValidRealName(name: string): boolean {
  const trimmed = name.trim()
  if (trimmed === '') return false
  return !(CHINESE_ONLY.test(trimmed) && Array.from(trimmed).length < 2)
}

const blank = (s: string): boolean => s.trim() === ''

/** The message for each failing field. The identity ('code') field reports the missing type name first. */
export function validateRealNameForm(form: RealNameForm): RealNameErrors {
  const errors: RealNameErrors = {}
  if (!isValidRealName(form.realName)) errors.realName = REAL_NAME_MESSAGES.realName
  if (form.identityType === 'OTHER' && blank(form.otherIdentityType)) errors.code = REAL_NAME_MESSAGES.otherIdentityType
  else if (blank(form.idNumber)) errors.code = REAL_NAME_MESSAGES.idNumber
  if (blank(form.highestEducation)) errors.education = REAL_NAME_MESSAGES.education
  if (blank(form.career)) errors.career = REAL_NAME_MESSAGES.career
  if (form.location.length === 0 || form.location.some(blank)) errors.location = REAL_NAME_MESSAGES.location
  if (blank(form.address)) errors.address = REAL_NAME_MESSAGES.address
  return errors
}

/** The field to scroll to: the first failing one in the spec's order, or null when the form is valid. */
export function firstInvalidField(errors: RealNameErrors): RealNameField | null {
  return REAL_NAME_FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null
}

/** spec 001 §5: submit stays disabled until consent is ticked. */
export function canSubmitRealName(form: Pick<RealNameForm, 'agree'>): boolean {
  return form.agree
}
