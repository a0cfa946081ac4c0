// The column-author application form (spec 000 §7 'Author application'; §3 fields: type, name, idCard,
// articleLinks, countryCode, phone, verificationCode, email, enterpriseName, businessLicenseNum,
// businessLicensePicture, internetServiceLicensePicture). What the form checks before sending, with the
// bounds of the contract (core/api/interaction.ts ColumnApplyBody); the server checks the same again.
import { isValidLinkAddress } from '../validation/link'

export type ApplyKind = 'personal' | 'enterprise'

export interface ApplyForm {
  readonly type: ApplyKind
  readonly name: string
  readonly idCard: string
  /** one address a line */
  readonly articleLinks: string
  readonly countryCode: string
  readonly phone: string
  readonly verificationCode: string
  readonly email: string
  readonly enterpriseName: string
  readonly businessLicenseNum: string
  readonly businessLicensePicture: string
  readonly internetServiceLicensePicture: string
}

export const EMPTY_APPLY_FORM: ApplyForm = {
  type: 'personal',
  name: '',
  idCard: '',
  articleLinks: '',
  countryCode: '86',
  phone: '',
  verificationCode: '',
  email: '',
  enterpriseName: '',
  businessLicenseNum: '',
  businessLicensePicture: '',
  internetServiceLicensePicture: '',
}

export const ARTICLE_LINKS_MAX = 5

/** Which field is wrong, and how (the view words it): the first problem in the form's order. */
export type ApplyProblem =
  | { readonly field: 'name' | 'email' | 'enterpriseName' | 'businessLicenseNum' | 'businessLicensePicture'; readonly kind: 'required' }
  | { readonly field: 'idCard'; readonly kind: 'idCard' }
  | { readonly field: 'articleLinks'; readonly kind: 'link'; readonly link: string }
  | { readonly field: 'articleLinks'; readonly kind: 'tooMany' }
  | { readonly field: 'phone'; readonly kind: 'phone' }
  | { readonly field: 'verificationCode'; readonly kind: 'code' }
  | { readonly field: 'email'; readonly kind: 'email' }

export const linksOf = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

const ID_CARD = /^[0-9]{17}[0-9Xx]$/
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{2,}$/

export function checkApplyForm(f: ApplyForm): ApplyProblem | null {
  if (f.name.trim() === '') return { field: 'name', kind: 'required' }
  if (!ID_CARD.test(f.idCard.trim())) return { field: 'idCard', kind: 'idCard' }
  const links = linksOf(f.articleLinks)
  if (links.length > ARTICLE_LINKS_MAX) return { field: 'articleLinks', kind: 'tooMany' }
  const bad = links.find((l) => !isValidLinkAddress(l))
  if (bad !== undefined) return { field: 'articleLinks', kind: 'link', link: bad }
  if (!/^[0-9]{5,15}$/.test(f.phone.trim())) return { field: 'phone', kind: 'phone' }
  if (!/^[0-9]{6}$/.test(f.verificationCode.trim())) return { field: 'verificationCode', kind: 'code' }
  if (f.email.trim() === '') return { field: 'email', kind: 'required' }
  if (!EMAIL.test(f.email.trim()) || f.email.trim().length > 100) return { field: 'email', kind: 'email' }
  if (f.type === 'enterprise') {
    if (f.enterpriseName.trim() === '') return { field: 'enterpriseName', kind: 'required' }
    if (f.businessLicenseNum.trim() === '') return { field: 'businessLicenseNum', kind: 'required' }
    if (f.businessLicensePicture === '') return { field: 'businessLicensePicture', kind: 'required' }
  }
  return null
}

/** The body the server takes (POST /api/column/apply/v2, PUT /api/column/apply/{id}/v1): trimmed; enterprise fields only for an enterprise. */
export function applyBody(f: ApplyForm) {
  const common = {
    type: f.type,
    name: f.name.trim(),
    idCard: f.idCard.trim().toUpperCase(),
    articleLinks: linksOf(f.articleLinks),
    countryCode: f.countryCode.trim(),
    phone: f.phone.trim(),
    verificationCode: f.verificationCode.trim(),
    email: f.email.trim(),
  }
  if (f.type === 'personal') return common
  return {
    ...common,
    enterpriseName: f.enterpriseName.trim(),
    businessLicenseNum: f.businessLicenseNum.trim(),
    businessLicensePicture: f.businessLicensePicture,
    ...(f.internetServiceLicensePicture ? { internetServiceLicensePicture: f.internetServiceLicensePicture } : {}),
  }
}
