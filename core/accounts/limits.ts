// The limits of phone and e-mail codes, logins and sign-ups (spec 000 §5, §8, §9: six digits, one
// code per minute; the rest are our choices, named here once and enforced by the server).
import { LOGIN_MESSAGES } from '../validation/login'

/** spec 000 §9: code six digits. */
export const CODE_DIGITS = 6
/** Our choice (as such sites do): a code is valid 5 minutes. */
export const CODE_TTL_MS = 5 * 60_000
/** spec 000 §5, §9: one code per minute per phone. */
export const CODE_INTERVAL_MS = 60_000
/** A code dies after 3 wrong tries. */
export const CODE_MAX_WRONG_TRIES = 3
/** Daily caps (a calendar day in Beijing time). */
export const CODES_PER_PHONE_PER_DAY = 10
export const CODES_PER_IP_PER_DAY = 30
/** From this many codes today (per phone or per IP) a human check comes first: statusCode 2000. */
export const CAPTCHA_AFTER_PHONE_CODES = 3
export const CAPTCHA_AFTER_IP_CODES = 10
/** Login: at most 10 tries per 5 minutes per IP. */
export const LOGIN_LIMIT = { max: 10, windowMs: 5 * 60_000 } as const
/** Sign-up: at most 5 new accounts per hour per IP. */
export const SIGNUP_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const
/**
 * Calls that could tell whether an account exists (reset codes, password resets, bind check,
 * get-by-phone; issue 9): at most this many per hour per IP and per phone or e-mail, per endpoint.
 */
export const LOOKUP_LIMIT_IP = { max: 20, windowMs: 60 * 60_000 } as const
export const LOOKUP_LIMIT_TARGET = { max: 5, windowMs: 60 * 60_000 } as const
/** A slider challenge is valid 2 minutes. */
export const CAPTCHA_TTL_MS = 2 * 60_000
/** The local WeChat QR is valid 5 minutes. */
export const WECHAT_QR_TTL_MS = 5 * 60_000

export const ACCOUNT_MESSAGES = {
  codeTooFrequent: LOGIN_MESSAGES.codeTooFrequent,
  phoneDailyCap: '该手机号今日获取验证码次数已达上限，请明天再试',
  ipDailyCap: '当前网络今日获取验证码次数已达上限，请明天再试',
  needsCaptcha: '请先完成安全验证',
  captchaFailed: '安全验证未通过，请重试',
  codeWrong: '验证码错误',
  codeExpired: '验证码已失效，请重新获取',
  codeDead: '验证码错误次数过多，请重新获取',
  loginTooMany: '登录尝试过于频繁，请5分钟后再试',
  signupTooMany: '注册过于频繁，请稍后再试',
  wrongPassword: '账号或密码错误',
  phoneRegistered: LOGIN_MESSAGES.phoneRegistered,
  phoneNotRegistered: '该手机号未注册',
  phoneInvalid: LOGIN_MESSAGES.phoneInvalid,
  passwordLength: LOGIN_MESSAGES.passwordLength,
  passwordMismatch: LOGIN_MESSAGES.passwordMismatch,
  oldPasswordWrong: '原密码错误',
  emailNotRegistered: '该邮箱未注册',
  notYourProfile: '无权修改他人资料',
  nickEmpty: '昵称不能为空',
  nickTaken: '该昵称已被使用',
  csrf: '请求已失效，请刷新页面后重试',
  userNotFound: '用户不存在',
  cannotFollowSelf: '不能关注自己',
  wechatCodeInvalid: '微信授权已失效，请重新扫码',
  wechatBound: '该微信已绑定其他账号',
  phoneAlreadyBound: '该账号已绑定手机号',
  mergeRefused: '无法合并：所选账号不属于本次绑定',
  mergeBothWechat: '无法合并：两个账号都已绑定微信',
  avatarType: '仅支持 .jpg .jpeg .png .gif 格式的图片',
  avatarSize: '图片大小超过限制',
  dailyOnly: '仅在开发环境可用',
  tooMany: '操作过于频繁，请稍后再试',
} as const

export type CodeRefusal = 'tooFrequent' | 'phoneDailyCap' | 'ipDailyCap' | 'needsCaptcha'

export interface CodeRequestFacts {
  /** when the last code to this phone was sent (ms), null if never */
  lastSentAt: number | null
  /** codes sent today to this phone / from this IP */
  phoneToday: number
  ipToday: number
  /** whether the request carries a solved, unused slider */
  captchaSolved: boolean
  now: number
}

/** Whether a code may be sent now, or why not. Order: per-minute, daily caps, then the human check. */
export function codeRequestDecision(f: CodeRequestFacts): 'send' | CodeRefusal {
  if (f.lastSentAt !== null && f.now - f.lastSentAt < CODE_INTERVAL_MS) return 'tooFrequent'
  if (f.phoneToday >= CODES_PER_PHONE_PER_DAY) return 'phoneDailyCap'
  if (f.ipToday >= CODES_PER_IP_PER_DAY) return 'ipDailyCap'
  const suspicious = f.phoneToday >= CAPTCHA_AFTER_PHONE_CODES || f.ipToday >= CAPTCHA_AFTER_IP_CODES
  if (suspicious && !f.captchaSolved) return 'needsCaptcha'
  return 'send'
}

export interface StoredCode {
  expiresAt: number
  wrongTries: number
  used: boolean
}

/** What checking a typed code against the latest stored one gives. */
export function codeCheck(stored: StoredCode | null, matches: boolean, now: number): 'ok' | 'expired' | 'dead' | 'wrong' {
  if (!stored || stored.used || now >= stored.expiresAt) return 'expired'
  if (stored.wrongTries >= CODE_MAX_WRONG_TRIES) return 'dead'
  return matches ? 'ok' : 'wrong'
}

/** The start (ms) of the calendar day in Beijing time (UTC+8) holding `now`. */
export function dayStart(now: number): number {
  const offset = 8 * 3600_000
  return Math.floor((now + offset) / 86_400_000) * 86_400_000 - offset
}

/** '86', '+86' → '86 13800000000': the key codes and accounts are stored under. */
export const phoneKey = (countryCode: string, phone: string): string => `${countryCode.replace(/^\+/, '')} ${phone}`
