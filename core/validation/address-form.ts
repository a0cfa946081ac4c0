// spec 001 §5: the optional mailing-address form of the purchase (membership card).
// spec 001 §9: name max 20; phone 11 or 8 digits; country code 86.

export const ADDRESS_MESSAGES = {
  name: '请填写正确的姓名格式（不能为空且小于20字符）',
  phone: '请填写正确的手机号码（大陆11位，香港澳门8位）',
  region: '请选择所在地区',
  address: '请填写准确的详细地址',
} as const

export const ADDRESS_NAME_MAX = 20

export interface AddressForm {
  readonly name: string
  readonly phone: string
  /** The calling code when the form has one; without it either length is accepted. */
  readonly countryCode?: string
  readonly state: string
  readonly city: string
  readonly dist: string
  readonly address: string
}

export type AddressField = 'name' | 'phone' | 'region' | 'address'
export type AddressErrors = Partial<Record<AddressField, string>>

/** Trimmed, not empty, at most 20 characters (spec 001 §9 'max 20'; the message text says 小于20字符). */
export function isValidAddressName(name: string): boolean {
  const n = Array.from(name.trim()).length
  return n > 0 && n <= ADDRESS_NAME_MAX
}

/** 11 digits for the mainland (86), 8 for Hong Kong (852) and Macau (853); either when no code is given. */
export function isValidAddressPhone(phone: string, countryCode?: string): boolean {
  const p = phone.trim()
  const code = countryCode?.trim().replace(/^\+/, '')
  if (code === undefined || code === '') return /^\d{11}$/.test(p) || /^\d{8}$/.test(p)
  if (code === '86') return /^\d{11}$/.test(p)
  if (code === '852' || code === '853') return /^\d{8}$/.test(p)
  return false
}

export function validateAddressForm(form: AddressForm): AddressErrors {
  const errors: AddressErrors = {}
  if (!isValidAddressName(form.name)) errors.name = ADDRESS_MESSAGES.name
  if (!isValidAddressPhone(form.phone, form.countryCode)) errors.phone = ADDRESS_MESSAGES.phone
  if ([form.state, form.city, form.dist].some((part) => part.trim() === '')) errors.region = ADDRESS_MESSAGES.region
  if (form.address.trim() === '') errors.address = ADDRESS_MESSAGES.address
  return errors
}
