// Routes of the accounts feature (spec 000 §7 'Account'; spec 001 §7 'Account calls used in this
// flow'), registered by server/app.ts before the other features and the static client: the CSRF
// check runs for everything registered after it. Thin: each route finds the caller (IP, session),
// calls a service (codes, sessions, profile, merge, wechat, follows) and answers; the services own
// the queries and the rules.
import { cachedLoginInfo, forgetLoginInfos } from './login-info-cache'
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import * as api from '../../core/api/accounts'
import { ACCOUNT_MESSAGES, WECHAT_QR_TTL_MS } from '../../core/accounts/limits'
import type { Db } from '../db/db'
import type { RegisterFeature } from '../feature'
import { ApiError } from '../http/api-error'
import { route } from '../http/route'
import { sandboxAllowed } from '../mode'
import { livePorts } from './adapters/live-ports'
import { WECHAT_CALLBACK_PATH } from './adapters/wechat-open'
import { captchaParams, captchaPicture, captchaSolve, sendEmailResetCode, sendSmsCode } from './codes'
import { countryCodeList } from './country-codes'
import { follow, followStates, friendPage, unfollow, type FollowSide } from './follows'
import { clientIp, codedRoute, csrfFor } from './http'
import { markCsrfMiddleware } from '../http/route'
import { bindPhoneWithCode, mergeAccounts, phoneFreeToBind, phoneHasAccount } from './merge'
import { escapeHtml, outboxPage, wechatConfirmedPage, wechatScanPage } from './pages'
import { isProduction, outboxMessages, type AccountPorts, type AccountsDeps } from './ports'
import { acceptAgreement, advisoryCertification, avatarFile, changePassword, resetByEmail, resetByPhone, saveAvatar, unreadCount, updateInfo, userCard } from './profile'
import { cookieName, currentUser, CSRF_COOKIE, endSession, requireUser, startSession, useClock } from './session'
import { codeLogin, passwordLogin, registerWithCode, wechatLogin, wechatSessionOf } from './sessions'
import { loginInfo, publicUser } from './users'
import { acceptCallback, bindBrowser, bindWechat, browserOf, grantScannable, grantStatus, newGrant, simulateConfirm, takeGrant, unbindWechat } from './wechat'

export function registerAccountsWith(app: Hono, deps: { db: Db; clock: () => number; env: Record<string, string | undefined>; ports?: AccountPorts; afterCsrf?: (app: Hono) => void }): void {
  const { db, clock, env } = deps
  const ports =
    deps.ports ??
    livePorts(db, clock, env, {
      fetch: (...a) => fetch(...a),
      log: (line) => {
        if (process.env.VITEST !== 'true') console.log(line)
      },
    }).ports
  const services: AccountsDeps = { db, clock, ports }
  useClock(db, clock)
  const ip = (c: Context) => clientIp(c, env)
  /** Local mode and a loopback socket (server/mode.ts): the only requests a sandbox answers. */
  const sandbox = (c: Context) => sandboxAllowed(c, env)
  const notFound = () => new ApiError(404, ACCOUNT_MESSAGES.dailyOnly)
  const me = async (c: Context) => (await requireUser(c, db)).id
  /** Signs `id` in on this response and answers their login info. */
  const signIn = async (c: Context, id: number) => {
    await startSession(c, db, id)
    return loginInfo(db, id)
  }

  app.use('*', csrfFor(env))
  markCsrfMiddleware(app) // the public answers of the routes after it set the CSRF cookie (server/http/fast-path.ts)
  deps.afterCsrf?.(app) // the write limits (server/app.ts): after the CSRF check, before every route

  // --- codes (server/accounts/codes.ts) ------------------------------------------------------
  codedRoute(app, api.sendMessageCode, ({ body, c }) => sendSmsCode(services, ip(c), body, body.purpose ?? 'login'))
  route(app, api.gtInit, ({ body, c }) => captchaParams(services, ip(c), body, sandbox(c)))
  // the local slider is a sandbox: local mode, loopback only; GeeTest replaces it in production
  route(app, api.captchaChallenge, ({ params, c }) => {
    if (ports.captcha || !sandbox(c)) throw notFound()
    return captchaPicture(db, params.challenge, clock())
  })
  route(app, api.captchaVerify, ({ body, c }) => {
    if (ports.captcha || !sandbox(c)) throw notFound()
    return captchaSolve(db, body.challenge, body.offset, clock())
  })
  route(app, api.countryCodes, ({ lang }) => countryCodeList(lang))

  // --- sign-up and login (server/accounts/sessions.ts) ----------------------------------------
  route(app, api.fastLogin, async ({ body, c }) => signIn(c, await codeLogin(services, ip(c), body)))
  route(app, api.phoneCodeLogin, async ({ body, c }) => signIn(c, await codeLogin(services, ip(c), body)))
  route(app, api.smsSession, async ({ body, c }) => signIn(c, await codeLogin(services, ip(c), body)))
  route(app, api.register, async ({ body, c }) => signIn(c, await registerWithCode(services, ip(c), body)))
  route(app, api.smsRegister, async ({ body, c }) => signIn(c, await registerWithCode(services, ip(c), body)))
  route(app, api.passwordLogin, async ({ body, c }) => signIn(c, await passwordLogin(services, ip(c), body)))
  route(app, api.logout, async ({ c }) => {
    await endSession(c, db)
    return true
  })
  route(app, api.loginTimeout, async ({ c }) => ({ timeout: (await currentUser(c, db)) === null }))

  // --- passwords (server/accounts/profile.ts) ------------------------------------------------
  codedRoute(app, api.emailForgot, ({ body, c }) => sendEmailResetCode(services, ip(c), body.email))
  route(app, api.resetByEmail, ({ body, c }) => resetByEmail(services, ip(c), body))
  route(app, api.resetByPhone, ({ body, c }) => resetByPhone(services, ip(c), body))
  route(app, api.updatePassword, async ({ body, c }) => {
    const id = await me(c)
    await changePassword(db, id, body.oldPassword, body.user.password)
    await startSession(c, db, id) // this browser stays signed in; every other session ends
    return true
  })

  // --- the user -------------------------------------------------------------------------------
  route(app, api.getUser, async ({ c }) => cachedLoginInfo(db, await me(c)))
  route(app, api.getUserDetail, async ({ query, c }) => publicUser(db, query.userId, (await currentUser(c, db))?.id ?? null))
  route(app, api.userInfoById, async ({ query, c }) => userCard(db, query.userId ?? (await me(c))))
  route(app, api.advisoryCertification, async ({ c }) => advisoryCertification(db, await me(c)))
  route(app, api.mapUnreadCount, async ({ c }) => ({ unCheck: await unreadCount(db, await me(c)) }))
  route(app, api.updateInfo, async ({ body, c }) => {
    const id = await me(c)
    await updateInfo(db, id, body)
    return loginInfo(db, id)
  })
  route(app, api.acceptAgreement, async ({ c }) => {
    await acceptAgreement(db, await me(c))
    return true
  })
  route(app, api.uploadAvatar, async ({ body, c }) => ({ avatar: await saveAvatar(db, await me(c), body.dataUrl, clock()) }))
  app.get('/u/avatar/:id{[0-9]{1,9}}', async (c) => {
    const row = await avatarFile(db, Number(c.req.param('id')))
    if (!row) return c.text('Not Found', 404)
    return c.body(new Uint8Array(row.data), 200, { 'Content-Type': row.mime, 'Cache-Control': 'public, max-age=31536000, immutable' })
  })

  // --- binding and merging (server/accounts/merge.ts) -----------------------------------------
  codedRoute(app, api.bindPhone, async ({ body, c }) => bindPhoneWithCode(services, await me(c), body))
  route(app, api.verifyBindPhone, async ({ body, c }) => phoneFreeToBind(services, ip(c), await me(c), body))
  codedRoute(app, api.mergeAccounts, async ({ body, c }) => signIn(c, await mergeAccounts(db, await me(c), body.selectedAccount, body.deprecatedAccount, clock())))
  route(app, api.getByPhone, async ({ query, c }) => phoneHasAccount(services, ip(c), await me(c), query))

  // --- WeChat (local default of the OAuth QR login; server/accounts/wechat.ts) ----------------
  // the grant is bound to the browser that asked for the QR (the gmh_wx cookie; see wechat.ts)
  route(app, api.wechatQr, async ({ query, c }) => {
    const state = await newGrant(db, bindBrowser(c), query.redirect, clock())
    const origin = new URL(c.req.url).origin
    const url = ports.wechat ? ports.wechat.qrUrl(state, origin) : `${origin}/oauth-local/wechat/qr/${state}`
    return { state, url, expireSeconds: WECHAT_QR_TTL_MS / 1000 }
  })
  // the real WeChat redirects here with ?code&state: the state must be one we issued to this browser, still live
  app.get(WECHAT_CALLBACK_PATH, async (c) => {
    const back = ports.wechat ? await acceptCallback(db, c.req.query('state') ?? '', c.req.query('code') ?? '', browserOf(c), clock()) : null
    return back === null ? c.html(wechatConfirmedPage(false), 400) : c.redirect(back, 302)
  })
  route(app, api.wechatQrStatus, ({ query, c }) => grantStatus(db, query.state, browserOf(c), clock()))
  // the local simulator is a sandbox: local mode, loopback only, and never next to the real WeChat
  app.get('/oauth-local/wechat/qr/:state{[0-9a-f]{32}}', async (c) => {
    if (ports.wechat || !sandbox(c)) return c.text('Not Found', 404)
    const live = await grantScannable(db, c.req.param('state'), clock())
    return c.html(wechatScanPage(c.req.param('state'), live, getCookie(c, cookieName(c, CSRF_COOKIE)) ?? ''))
  })
  app.post('/oauth-local/wechat/confirm', async (c) => {
    if (ports.wechat || !sandbox(c)) return c.text('Not Found', 404)
    const form = await c.req.parseBody()
    const token = getCookie(c, cookieName(c, CSRF_COOKIE))
    if (!token || form.csrf !== token) return c.text(ACCOUNT_MESSAGES.csrf, 403)
    const done = await simulateConfirm(db, { state: String(form.state ?? ''), wxid: String(form.wxid ?? ''), nick: String(form.nick ?? '') }, clock())
    if (done === 'bad') return c.text('参数错误', 400)
    if (done === 'dead') return c.html(wechatConfirmedPage(false), 400)
    return c.html(wechatConfirmedPage(true))
  })
  route(app, api.wechatSession, async ({ query, c }) => {
    const id = await wechatLogin(services, ip(c), query.code, browserOf(c))
    await startSession(c, db, id)
    return wechatSessionOf(services, id)
  })
  route(app, api.wechatBind, async ({ query, c }) => {
    const id = await me(c)
    const g = await takeGrant(db, query.code, browserOf(c), clock(), ports.wechat)
    await bindWechat(db, id, g.openid)
    return true
  })
  // spec 001 §7: a GET that changes state (changesState: the CSRF check above asks for our token)
  route(app, api.wechatUnbind, async ({ c }) => {
    await unbindWechat(db, await me(c))
    forgetLoginInfos(db) // a GET: app.ts forgets kept login infos only after other methods
    return true
  })

  // --- friendships (server/accounts/follows.ts) ---------------------------------------------
  const friends = async (c: Context, q: { userId?: number | undefined; page?: number | undefined; count?: number | '500' | undefined }, side: FollowSide) => {
    const viewer = (await currentUser(c, db))?.id ?? null
    const userId = q.userId ?? (await me(c))
    return friendPage(db, userId, viewer, side, { page: q.page ?? 1, count: Number(q.count ?? 20) })
  }
  route(app, api.followings, ({ query, c }) => friends(c, query, 'followings'))
  route(app, api.followers, ({ query, c }) => friends(c, query, 'followers'))
  route(app, api.follow, async ({ body, c }) => {
    await follow(db, await me(c), body.destUserId, clock())
    return true
  })
  route(app, api.unfollow, async ({ body, c }) => {
    await unfollow(db, await me(c), body.destUserId)
    return true
  })
  route(app, api.isFollow, async ({ query, c }) => followStates(db, (await currentUser(c, db))?.id ?? null, query.userIds.split(',').map(Number)))

  // --- the dev outbox (a sandbox; never in production mode) -----------------------------------
  const outboxShown = (c: Context) => ports.showOutbox && !isProduction(env) && sandbox(c)
  route(app, api.devOutbox, async ({ query, c }) => {
    if (!outboxShown(c)) throw notFound()
    return outboxMessages(db, query.target)
  })
  app.get('/dev/outbox', async (c) => {
    if (!outboxShown(c)) return c.text('Not Found', 404)
    return c.html(outboxPage((await outboxMessages(db)).map((m) => ({ ...m, target: escapeHtml(m.target), text: escapeHtml(m.text) }))))
  })
}

export { callbackLocation, safeRedirect, WECHAT_BROWSER_COOKIE } from './wechat'

export const registerAccounts: RegisterFeature = (app, deps) => registerAccountsWith(app, deps)
