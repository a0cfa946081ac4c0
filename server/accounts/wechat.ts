// WeChat QR login (spec 000 §7 '微信登录'): the service that owns the wechat_grants queries, the
// browser binding and the local simulator's grants. The routes (server/accounts/routes.ts) only
// read the request, check the sandbox and call these.
//
// The state is bound to the browser that asked for the QR (a `gmh_wx` cookie, its SHA-256 in the
// grant): the callback, the status poll and the code exchange work only in that browser, so an
// attacker's code cannot sign a victim in (login CSRF) or bind the attacker's WeChat to a victim.
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { ACCOUNT_MESSAGES, WECHAT_QR_TTL_MS } from '../../core/accounts/limits'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import type { WechatPort, WechatProfile } from './ports'
import { cookieName, hashToken, isSecure, newToken } from './session'
import { accountsDb } from './tables'
import { userById } from './users'
import * as users from './users-repository'

/** The browser's WeChat binding cookie (`__Host-gmh_wx` over https): which browser asked for a QR. */
export const WECHAT_BROWSER_COOKIE = 'gmh_wx'
const ORIGIN_PROBE = 'http://x.invalid'

/**
 * Only a same-site path may be returned to after the WeChat redirect (issue 9: `/.//evil`,
 * `/%2e//evil`, `/a/..//evil`, `/.\evil` all become `//evil` once a URL parser has seen them). So
 * the path is normalised first — `new URL(r, probe)` — and must keep the probe's origin and not
 * start with `//` or `/\`; only the normalised path and query are kept.
 */
export function safeRedirect(r: string): string {
  // eslint-disable-next-line no-control-regex -- control characters in a redirect target are refused
  if (!r.startsWith('/') || r.length > 500 || /[\u0000-\u001f\u007f\\]/.test(r)) return '/'
  let u: URL
  try {
    u = new URL(r, ORIGIN_PROBE)
  } catch {
    return '/'
  }
  if (u.origin !== ORIGIN_PROBE || /^\/[/\\]/.test(u.pathname)) return '/'
  return u.pathname + u.search
}

/** The callback's Location: the stored path (checked again) with ?wxcode= added. */
export function callbackLocation(redirect: string, code: string): string {
  const back = new URL(safeRedirect(redirect || '/'), ORIGIN_PROBE)
  back.searchParams.set('wxcode', code)
  return back.pathname + back.search
}

/** The SHA-256 of this browser's `gmh_wx` token, or null when it has none (or an oversized one). */
export function browserOf(c: Context): string | null {
  const token = getCookie(c, cookieName(c, WECHAT_BROWSER_COOKIE))
  return token && token.length <= 100 ? hashToken(token) : null
}

const sameBrowser = (browser: string | null, g: { browser: string }) => !!browser && g.browser === browser

/** The browser's token: the one it has, or a new one; (re)set for the QR's lifetime. */
export function bindBrowser(c: Context): string {
  const name = cookieName(c, WECHAT_BROWSER_COOKIE)
  const token = getCookie(c, name) ?? ''
  const browser = /^[-_A-Za-z0-9]{43}$/.test(token) ? token : newToken()
  setCookie(c, name, browser, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecure(c), maxAge: WECHAT_QR_TTL_MS / 1000 })
  return browser
}

const grantByState = (db: Db, state: string) => accountsDb(db).selectFrom('wechat_grants').selectAll().where('state', '=', state).executeTakeFirst()

/** A new grant for this browser; expired grants (QR codes never scanned, used ones) go first. Answers its state. */
export async function newGrant(db: Db, browserToken: string, redirect: string, now: number): Promise<string> {
  const k = accountsDb(db)
  const state = randomBytes(16).toString('hex')
  await k.deleteFrom('wechat_grants').where('created_at', '<=', now - WECHAT_QR_TTL_MS).execute()
  await k
    .insertInto('wechat_grants')
    .values({ state, code: null, openid: null, redirect: safeRedirect(redirect), created_at: now, browser: hashToken(browserToken) })
    .execute()
  return state
}

/**
 * The real WeChat's redirect with ?code&state: the state must be one we issued to this browser,
 * still live. Answers the Location to go back to, or null to refuse.
 */
export async function acceptCallback(db: Db, state: string, code: string, browser: string | null, now: number): Promise<string | null> {
  if (!/^[0-9a-f]{32}$/.test(state) || !/^[-_A-Za-z0-9]{1,100}$/.test(code)) return null
  const k = accountsDb(db)
  const g = await grantByState(db, state)
  if (!g || !sameBrowser(browser, g)) return null
  // a code seen before (used, or sent again) is refused cleanly, never a unique-key 500
  if (await k.selectFrom('wechat_grants').select('state').where('code', '=', code).executeTakeFirst()) return null
  let done
  try {
    done = await k
      .updateTable('wechat_grants')
      .set({ code })
      .where('state', '=', state)
      .where('code', 'is', null)
      .where('created_at', '>', now - WECHAT_QR_TTL_MS)
      .executeTakeFirst()
  } catch {
    return null // the same code raced in through another state
  }
  if (Number(done.numUpdatedRows) !== 1) return null
  return callbackLocation(g.redirect, code)
}

export async function grantStatus(
  db: Db,
  state: string,
  browser: string | null,
  now: number,
): Promise<{ status: 'expired' | 'waiting'; code: null } | { status: 'confirmed'; code: string }> {
  const g = await grantByState(db, state)
  if (!g || g.used || now - g.created_at > WECHAT_QR_TTL_MS || !sameBrowser(browser, g)) return { status: 'expired' as const, code: null }
  return g.code ? { status: 'confirmed' as const, code: g.code } : { status: 'waiting' as const, code: null }
}

// --- the local simulator (a sandbox: the routes check local mode and loopback) ------------------

/** Whether the simulator's scan page may still confirm this state. */
export async function grantScannable(db: Db, state: string, now: number): Promise<boolean> {
  const g = await grantByState(db, state)
  return !!g && !g.code && now - g.created_at <= WECHAT_QR_TTL_MS
}

/** The simulator's 'confirm on the phone': 'bad' input, a 'dead' grant, or 'ok'. */
export async function simulateConfirm(db: Db, form: { state: string; wxid: string; nick: string }, now: number): Promise<'bad' | 'dead' | 'ok'> {
  const state = form.state
  const wxid = form.wxid.trim().slice(0, 40)
  const nick = form.nick.trim().slice(0, 40) || '微信用户'
  if (!/^[0-9a-f]{32}$/.test(state) || !/^[A-Za-z][-_A-Za-z0-9]{3,39}$/.test(wxid)) return 'bad'
  const code = randomBytes(16).toString('hex')
  const openid = 'o' + createHash('sha256').update(`wx:${wxid}`).digest('base64url').slice(0, 27)
  const done = await accountsDb(db)
    .updateTable('wechat_grants')
    .set({ code, openid, nick, avatar: '' })
    .where('state', '=', state)
    .where('code', 'is', null)
    .where('created_at', '>', now - WECHAT_QR_TTL_MS)
    .executeTakeFirst()
  return Number(done.numUpdatedRows) === 1 ? 'ok' : 'dead'
}

// --- spending a code ----------------------------------------------------------------------------

/** Spends a confirmed grant's code (once, in the browser that asked) and answers the WeChat profile. */
export async function takeGrant(db: Db, code: string, browser: string | null, now: number, wechat: WechatPort | undefined): Promise<WechatProfile> {
  const k = accountsDb(db)
  const g = await k.selectFrom('wechat_grants').selectAll().where('code', '=', code).executeTakeFirst()
  if (!g || g.used || (!wechat && !g.openid) || now - g.created_at > WECHAT_QR_TTL_MS || !sameBrowser(browser, g)) throw new ApiError(400, ACCOUNT_MESSAGES.wechatCodeInvalid)
  const done = await k.updateTable('wechat_grants').set({ used: true }).where('state', '=', g.state).where('used', '=', false).executeTakeFirst()
  if (Number(done.numUpdatedRows) !== 1) throw new ApiError(400, ACCOUNT_MESSAGES.wechatCodeInvalid)
  if (wechat) return wechat.exchange(code)
  return { openid: g.openid!, nick: g.nick, avatar: g.avatar }
}

/** The live account signed in with this WeChat, if any. */
export async function userIdByOpenid(db: Db, openid: string): Promise<number | undefined> {
  return users.userIdByOpenid(db, openid)
}

/** Binds this WeChat to `me`, unless another account (merged-away ones too) already has it. */
export async function bindWechat(db: Db, me: number, openid: string): Promise<void> {
  const other = await users.userIdByOpenid(db, openid, false)
  if (other !== undefined && other !== me) throw new ApiError(400, ACCOUNT_MESSAGES.wechatBound)
  await users.updateUser(db, me, { wechat_openid: openid })
}

/** Unbinds `me`'s WeChat; never locks a person out: unbinding needs another way in. */
export async function unbindWechat(db: Db, me: number): Promise<void> {
  const u = await userById(db, me)
  if (!u?.phone && !u?.password_hash) throw new ApiError(400, '请先绑定手机号再解绑微信')
  await users.updateUser(db, me, { wechat_openid: null })
}
