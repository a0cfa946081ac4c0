// WeCom sign-in and the address book (spec 000 §7 /api/wxwork/sso and /oauth2; spec 001 /wecom/mine).
// The routes (routes.ts) read the request and call these; the WeCom port answers who a code names and
// what the member's address book holds.
//
// As WeChat's QR login (server/accounts/wechat.ts), a sign-in is bound to the browser that started it
// (the same `gmh_wx` cookie, its SHA-256 in the grant): WeCom's redirect is accepted, and its code
// spent, only in that browser and only while the grant lives (300 s), so an attacker's code can neither
// sign a victim in nor bind the attacker's member to a victim's account. Spending the code is a POST
// with our CSRF token.
import { randomBytes } from 'node:crypto'
import { ACCOUNT_MESSAGES, LOGIN_LIMIT, SIGNUP_LIMIT } from '../../core/accounts/limits'
import type { WecomMember } from '../../core/api/wecom'
import { WECOM_CODE_PARAM, WECOM_GRANT_TTL_MS, WECOM_HOME, WECOM_MESSAGES } from '../../core/wecom/wecom'
import { overLimit, rateLimit, recordEvent } from '../accounts/http'
import { hashToken } from '../accounts/session'
import { createUser, userById } from '../accounts/users'
import { safeRedirect } from '../accounts/wechat'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { grantsRepository } from './grants-repository'
import { membersRepository } from './members-repository'
import type { WecomPort } from './wecom-port'

export interface WecomDeps {
  db: Db
  clock: () => number
  port: WecomPort
}

const STATE = /^[0-9a-f]{32}$/
const CODE = /^[-_A-Za-z0-9]{1,128}$/
const ORIGIN_PROBE = 'http://x.invalid'

/** A new sign-in for this browser: its state and where WeCom's page is (the SSO QR, or OAuth2 inside WeCom). */
export async function startSignIn(deps: WecomDeps, browserToken: string, redirect: string | undefined, kind: 'sso' | 'oauth2', origin: string) {
  const now = deps.clock()
  const state = randomBytes(16).toString('hex')
  const back = redirect ? safeRedirect(redirect) : WECOM_HOME
  await grantsRepository(deps.db).insert({ state, redirect: back, browser: hashToken(browserToken), created_at: now }, now - WECOM_GRANT_TTL_MS)
  const url = kind === 'sso' ? deps.port.ssoUrl(state, origin) : deps.port.oauth2Url(state, origin)
  return { state, url, expireSeconds: WECOM_GRANT_TTL_MS / 1000 }
}

/**
 * WeCom's redirect with ?code&state: the state must be one we issued to this browser, still live and
 * without a code. Answers where to send the browser (the page asked for, with ?wwcode=), or null.
 */
export async function acceptCallback(deps: WecomDeps, state: string, code: string, browser: string | null): Promise<string | null> {
  if (!STATE.test(state) || !CODE.test(code) || !browser) return null
  const grants = grantsRepository(deps.db)
  const g = await grants.byState(state)
  if (!g || g.browser !== browser) return null
  // a code seen before is refused cleanly, never a unique-key 500
  if (await grants.byCode(code)) return null
  // a throw is the same code racing in through another state
  const done = await grants.setCode(state, code, deps.clock() - WECOM_GRANT_TTL_MS).catch(() => false)
  if (!done) return null
  const back = new URL(safeRedirect(g.redirect), ORIGIN_PROBE)
  back.searchParams.set(WECOM_CODE_PARAM, code)
  return back.pathname + back.search
}

/** Spends a code this browser's grant brought back (once, while it lives) and answers the member it names. */
async function spendCode(deps: WecomDeps, code: string, browser: string | null): Promise<WecomMember> {
  const grants = grantsRepository(deps.db)
  const g = await grants.byCode(code)
  if (!g || g.used || !browser || g.browser !== browser || deps.clock() - g.createdAt > WECOM_GRANT_TTL_MS) throw new ApiError(400, WECOM_MESSAGES.codeInvalid)
  if (!(await grants.spend(g.state))) throw new ApiError(400, WECOM_MESSAGES.codeInvalid)
  return deps.port.memberByCode(code)
}

/**
 * The code's member signs in (a guest: their bound account, or a new one made on the spot) or is bound
 * to the signed-in reader's account. Answers what happened and the account to sign in.
 */
export async function signInWithCode(
  deps: WecomDeps,
  ip: string,
  code: string,
  browser: string | null,
  me: number | null,
): Promise<{ action: 'signedIn' | 'registered' | 'bound'; userId: number; member: WecomMember }> {
  const { db, clock, port } = deps
  await rateLimit(db, `login:ip:${ip}`, LOGIN_LIMIT, clock(), ACCOUNT_MESSAGES.loginTooMany)
  const member = await spendCode(deps, code, browser)
  const members = membersRepository(db)
  const known = await members.anyAccountOf(port.corpId, member.userid)
  if (me !== null) {
    if (known !== undefined && known !== me) throw new ApiError(400, WECOM_MESSAGES.bound)
    await bindOnce(deps, { corpId: port.corpId, userid: member.userid, userId: me, name: member.name, position: member.position })
    return { action: 'bound', userId: me, member }
  }
  const live = await members.accountOf(port.corpId, member.userid)
  if (live !== undefined) {
    await members.refresh(port.corpId, member.userid, member.name, member.position)
    return { action: 'signedIn', userId: live, member }
  }
  // the member's account was merged into another (server/accounts/merge.ts): the member moves with it
  if (known !== undefined) {
    const survivor = (await userById(db, known))?.merged_into ?? null
    if (survivor === null || (await members.memberOf(port.corpId, survivor))) throw new ApiError(400, WECOM_MESSAGES.bound)
    await bindOnce(deps, { corpId: port.corpId, userid: member.userid, userId: survivor, name: member.name, position: member.position })
    return { action: 'signedIn', userId: survivor, member }
  }
  if (await overLimit(db, `signup:ip:${ip}`, SIGNUP_LIMIT, clock())) throw new ApiError(429, ACCOUNT_MESSAGES.signupTooMany)
  const userId = await createUser(db, { nick: member.name || '企业微信用户', avatar: member.avatar }, clock())
  await recordEvent(db, `signup:ip:${ip}`, clock())
  await bindOnce(deps, { corpId: port.corpId, userid: member.userid, userId, name: member.name, position: member.position })
  return { action: 'registered', userId, member }
}

async function bindOnce(deps: WecomDeps, row: { corpId: string; userid: string; userId: number; name: string; position: string }) {
  try {
    await membersRepository(deps.db).bind(row, Math.floor(deps.clock() / 1000))
  } catch {
    // two sign-ins of one member raced: the other one bound it
    throw new ApiError(400, WECOM_MESSAGES.bound)
  }
}

/** The reader's member (null until they sign in with WeCom) and the company's name. */
export async function mine(deps: WecomDeps, userId: number): Promise<{ corpName: string; member: WecomMember | null }> {
  const row = await membersRepository(deps.db).memberOf(deps.port.corpId, userId)
  return { corpName: deps.port.corpName, member: row ? { userid: row.userid, name: row.name, position: row.position, avatar: '' } : null }
}

/** The reader's member id, or 403 '请先用企业微信登录'. */
export async function requireMember(deps: WecomDeps, userId: number): Promise<string> {
  const row = await membersRepository(deps.db).memberOf(deps.port.corpId, userId)
  if (!row) throw new ApiError(403, WECOM_MESSAGES.notBound)
  return row.userid
}
