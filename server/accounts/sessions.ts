// Signing up and signing in (spec 000 §7 'Account'; spec 001 §7): phone code, password and WeChat
// logins, with their rate limits. Each service answers the id of the account to sign in; the route
// starts the session on its answer (server/accounts/session.ts: the cookie) and answers loginInfo.
import { ACCOUNT_MESSAGES, LOGIN_LIMIT, SIGNUP_LIMIT } from '../../core/accounts/limits'
import { ApiError } from '../http/api-error'
import { callingCode, consumeCode, phoneTarget } from './codes'
import { overLimit, rateLimit, recordEvent } from './http'
import { hashPassword, verifyPassword } from './passwords'
import type { AccountsDeps } from './ports'
import { checkPasswords } from './profile'
import { createUser, userById, userByEmail, userByPhone } from './users'
import { takeGrant, userIdByOpenid } from './wechat'

/** A hash no password matches, verified when the account does not exist (same work either way). */
const DUMMY_HASH = 'scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

const loginLimit = ({ db, clock }: AccountsDeps, ip: string) => rateLimit(db, `login:ip:${ip}`, LOGIN_LIMIT, clock(), ACCOUNT_MESSAGES.loginTooMany)

async function signupAllowed({ db, clock }: AccountsDeps, ip: string): Promise<void> {
  if (await overLimit(db, `signup:ip:${ip}`, SIGNUP_LIMIT, clock())) throw new ApiError(429, ACCOUNT_MESSAGES.signupTooMany)
}

/** A new account, counted towards this IP's sign-ups. */
async function signUp(deps: AccountsDeps, ip: string, user: Parameters<typeof createUser>[1]): Promise<number> {
  const id = await createUser(deps.db, user, deps.clock())
  await recordEvent(deps.db, `signup:ip:${ip}`, deps.clock())
  return id
}

export type CodeLogin = { phone: string; countryCode: string; phoneCode: string }

/** Phone-code login; a new phone is signed up on the spot. */
export async function codeLogin(deps: AccountsDeps, ip: string, req: CodeLogin): Promise<number> {
  await loginLimit(deps, ip)
  const { code, target } = phoneTarget(req.countryCode, req.phone)
  const user = await userByPhone(deps.db, code, req.phone)
  if (!user) await signupAllowed(deps, ip)
  await consumeCode(deps.db, { channel: 'sms', target, kind: 'login', code: req.phoneCode }, deps.clock())
  return user?.id ?? signUp(deps, ip, { phone: req.phone, countryCode: code })
}

/** Sign-up with a phone code (and a password and nick when given); 400 when the phone has an account. */
export async function registerWithCode(deps: AccountsDeps, ip: string, req: CodeLogin & { password?: string | undefined; nick?: string | undefined }): Promise<number> {
  const { code, target } = phoneTarget(req.countryCode, req.phone)
  if (req.password !== undefined) checkPasswords(req.password)
  await signupAllowed(deps, ip)
  if (await userByPhone(deps.db, code, req.phone)) throw new ApiError(400, ACCOUNT_MESSAGES.phoneRegistered)
  await consumeCode(deps.db, { channel: 'sms', target, kind: 'login', code: req.phoneCode }, deps.clock())
  const passwordHash = req.password !== undefined ? await hashPassword(req.password) : null
  return signUp(deps, ip, { phone: req.phone, countryCode: code, passwordHash, nick: req.nick })
}

/** Password login by e-mail or phone: the same answer and (nearly) the same time whether the account exists or not. */
export async function passwordLogin(deps: AccountsDeps, ip: string, req: { userName: string; password: string; countryCode?: string | undefined }): Promise<number> {
  await loginLimit(deps, ip)
  const name = req.userName.trim()
  const user = name.includes('@')
    ? await userByEmail(deps.db, name)
    : await userByPhone(deps.db, callingCode(req.countryCode ?? '86'), name.replace(/^\+?\d{1,4}\s+/, ''))
  const ok = await verifyPassword(req.password, user?.password_hash ?? DUMMY_HASH)
  if (!user || !user.password_hash || !ok) throw new ApiError(400, ACCOUNT_MESSAGES.wrongPassword)
  return user.id
}

/** WeChat login with an authorization code granted to this browser; a new WeChat user is signed up on the spot. */
export async function wechatLogin(deps: AccountsDeps, ip: string, code: string, browser: string | null): Promise<number> {
  await loginLimit(deps, ip)
  const grant = await takeGrant(deps.db, code, browser, deps.clock(), deps.ports.wechat)
  const known = await userIdByOpenid(deps.db, grant.openid)
  if (known !== undefined) return known
  await signupAllowed(deps, ip)
  return signUp(deps, ip, { nick: grant.nick, wechatOpenid: grant.openid, avatar: grant.avatar })
}

/** What the WeChat session call answers about the signed-in account (spec 001 §7). */
export async function wechatSessionOf(deps: AccountsDeps, id: number) {
  const u = (await userById(deps.db, id))!
  return { agreeUserAgreement: u.agree_user_agreement, needBindPhone: !u.phone, nick: u.nick, avatar: u.avatar }
}

