// Login dialog rules. spec 000 §5: phone required; code required; account and password required;
// password 6 to 16 characters; email required where used; confirm password must equal password;
// one code per minute; the user agreement must be ticked for phone, password and WeChat login, not
// for password reset. spec 000 §8 names the messages in English; these are their Chinese texts.
// spec 000 §9: password 6 to 16; code six digits, resend after 60 seconds; default country code 86.

import { isValidPhone } from './phone-number'

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 16
export const CODE_LENGTH = 6
export const CODE_RESEND_SECONDS = 60

export const LOGIN_MESSAGES = {
  phoneRequired: '请填写手机号', // 'please fill in phone'
  phoneInvalid: '请填写正确的手机号',
  codeRequired: '请输入验证码', // 'please enter the verification code'
  codeInvalid: '请输入6位数字验证码',
  accountRequired: '请输入账号',
  passwordRequired: '请输入密码',
  passwordLength: '密码长度为6-16位',
  oldPasswordRequired: '请输入原密码',
  confirmRequired: '请再次输入密码',
  passwordMismatch: '两次输入的密码不一致', // 'the two password entries differ'
  emailRequired: '请输入邮箱',
  emailInvalid: '请输入正确的邮箱地址',
  agreementRequired: '请先阅读并勾选同意用户协议', // the tooltip asking for the agreement tick
  phoneRegistered: '该手机号已注册', // 'phone already registered'
  codeTooFrequent: '操作太频繁，每分钟只能获取一次验证码', // 'too frequent, only one code per minute'
} as const

export interface FieldError<F extends string> {
  readonly field: F
  readonly message: string
}

type Errors<F extends string> = readonly FieldError<F>[]

const isBlank = (s: string): boolean => s.trim() === ''

/** Password length in characters (code points), so an emoji counts once. */
const passwordLength = (p: string): number => Array.from(p).length

// ---- single-field rules: each returns the message or null ----

export function checkPhone(countryCode: string, phone: string): string | null {
  if (isBlank(phone)) return LOGIN_MESSAGES.phoneRequired
  return isValidPhone(countryCode, phone.trim()) ? null : LOGIN_MESSAGES.phoneInvalid
}

export function checkCode(code: string): string | null {
  if (isBlank(code)) return LOGIN_MESSAGES.codeRequired
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code.trim()) ? null : LOGIN_MESSAGES.codeInvalid
}

/** A new password: required, 6 to 16 characters (not trimmed: spaces count). */
export function checkNewPassword(password: string): string | null {
  if (password === '') return LOGIN_MESSAGES.passwordRequired
  const n = passwordLength(password)
  return n >= PASSWORD_MIN_LENGTH && n <= PASSWORD_MAX_LENGTH ? null : LOGIN_MESSAGES.passwordLength
}

export function checkConfirm(password: string, confirm: string): string | null {
  if (confirm === '') return LOGIN_MESSAGES.confirmRequired
  return confirm === password ? null : LOGIN_MESSAGES.passwordMismatch
}

const EMAIL = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

export function isWellFormedEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email)
}

export function checkEmail(email: string): string | null {
  if (isBlank(email)) return LOGIN_MESSAGES.emailRequired
  return isWellFormedEmail(email.trim()) ? null : LOGIN_MESSAGES.emailInvalid
}

function collect<F extends string>(checks: readonly (readonly [F, string | null])[]): Errors<F> {
  return checks.flatMap(([field, message]) => (message === null ? [] : [{ field, message }]))
}

const agreement = (agreed: boolean): string | null => (agreed ? null : LOGIN_MESSAGES.agreementRequired)

/** The phone and its SMS code (login, reset and binding by phone). */
const phoneAndCode = (form: { readonly countryCode: string; readonly phone: string; readonly code: string }) =>
  [
    ['phone', checkPhone(form.countryCode, form.phone)],
    ['code', checkCode(form.code)],
  ] as const

/** A new password and its repetition (reset by phone or email, change in settings). */
const newPassword = (form: { readonly password: string; readonly passwordConfirm: string }) =>
  [
    ['password', checkNewPassword(form.password)],
    ['passwordConfirm', checkConfirm(form.password, form.passwordConfirm)],
  ] as const

// ---- whole forms: errors in the order of the fields on screen; [] means submit ----

/** Phone and code login (fast login, which also registers). */
export function validatePhoneCodeLogin(form: {
  readonly countryCode: string
  readonly phone: string
  readonly code: string
  readonly agreed: boolean
}): Errors<'phone' | 'code' | 'agreement'> {
  return collect([...phoneAndCode(form), ['agreement', agreement(form.agreed)]])
}

/**
 * Account and password login. The 6–16 length rule is not applied here: it governs passwords being
 * set (reset, change), and an older account must still be able to sign in.
 */
export function validatePasswordLogin(form: {
  readonly account: string
  readonly password: string
  readonly agreed: boolean
}): Errors<'account' | 'password' | 'agreement'> {
  return collect([
    ['account', isBlank(form.account) ? LOGIN_MESSAGES.accountRequired : null],
    ['password', form.password === '' ? LOGIN_MESSAGES.passwordRequired : null],
    ['agreement', agreement(form.agreed)],
  ])
}

/** WeChat QR login: only the agreement tick. */
export function validateWechatLogin(form: { readonly agreed: boolean }): Errors<'agreement'> {
  return collect([['agreement', agreement(form.agreed)]])
}

/** Password reset by phone (no agreement tick: spec 000 §5). */
export function validatePhoneReset(form: {
  readonly countryCode: string
  readonly phone: string
  readonly code: string
  readonly password: string
  readonly passwordConfirm: string
}): Errors<'phone' | 'code' | 'password' | 'passwordConfirm'> {
  return collect([...phoneAndCode(form), ...newPassword(form)])
}

/** Password reset by email (no agreement tick). */
export function validateEmailReset(form: {
  readonly email: string
  readonly code: string
  readonly password: string
  readonly passwordConfirm: string
}): Errors<'email' | 'code' | 'password' | 'passwordConfirm'> {
  return collect([['email', checkEmail(form.email)], ['code', checkCode(form.code)], ...newPassword(form)])
}

/** Binding a phone after WeChat login (countryCode, phone, verificationCode). */
export function validateBindPhone(form: {
  readonly countryCode: string
  readonly phone: string
  readonly code: string
}): Errors<'phone' | 'code'> {
  return collect(phoneAndCode(form))
}

/** Changing the password in settings (oldPassword, new password, confirm). */
export function validatePasswordChange(form: {
  readonly oldPassword: string
  readonly password: string
  readonly passwordConfirm: string
}): Errors<'oldPassword' | 'password' | 'passwordConfirm'> {
  return collect([['oldPassword', form.oldPassword === '' ? LOGIN_MESSAGES.oldPasswordRequired : null], ...newPassword(form)])
}
