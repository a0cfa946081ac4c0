// Routes of the accounts feature (spec 000 §7 'Account'; spec 001 §7 'Account calls used in this
// flow'), registered by server/app.ts before the other features and the static client: the CSRF
// check runs for everything registered after it.
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import * as api from '../../core/api/accounts'
import { ACCOUNT_MESSAGES, LOGIN_LIMIT, LOOKUP_LIMIT_IP, LOOKUP_LIMIT_TARGET, phoneKey, SIGNUP_LIMIT, WECHAT_QR_TTL_MS } from '../../core/accounts/limits'
import { isValidPhone } from '../../core/validation/phone-number'
import type { Db } from '../db/db'
import type { RegisterFeature } from '../feature'
import { ApiError } from '../http/api-error'
import { route } from '../http/route'
import { captchaInit, captchaPicture, captchaSolve, checkCode, consumeCode, issueCode, type CodeKind } from './codes'
import { countryCodeList, isKnownCallingCode } from './country-codes'
import { clientIp, codedRoute, csrfFor, overLimit, rateLimit, recordEvent } from './http'
import { bindPhoneTo, mergeAccounts } from './merge'
import { hashPassword, verifyPassword } from './passwords'
import { isProduction, type AccountPorts } from './ports'
import { livePorts } from './adapters/live-ports'
import { WECHAT_CALLBACK_PATH } from './adapters/wechat-open'
import { cookieName, currentUser, CSRF_COOKIE, endSession, requireUser, startSession, useClock } from './session'
import { sandboxAllowed } from '../mode'
import { accountsDb } from './tables'
import { acceptAgreement, advisoryCertification, avatarFile, changePassword, checkPasswords, resetPassword, saveAvatar, unreadCount, updateInfo, userCard } from './profile'
import { createUser, loginInfo, publicUser, userByEmail, userById, userByPhone } from './users'
import { follow, followStates, friendPage, unfollow, type FollowSide } from './follows'
import { escapeHtml, outboxPage, wechatConfirmedPage, wechatScanPage } from './pages'
import { acceptCallback, bindBrowser, bindWechat, browserOf, grantScannable, grantStatus, newGrant, simulateConfirm, takeGrant, unbindWechat, userIdByOpenid } from './wechat'

const cc = (code: string) => code.replace(/^\+/, '')

function checkTarget(countryCode: string, phone: string): string {
  const code = cc(countryCode)
  if (!isKnownCallingCode(code) || !isValidPhone(code, phone)) throw new ApiError(400, ACCOUNT_MESSAGES.phoneInvalid)
  return code
}

export function registerAccountsWith(app: Hono, deps: { db: Db; clock: () => number; env: Record<string, string | undefined>; ports?: AccountPorts }): void {
  const { db, clock, env } = deps
  const ports =
    deps.ports ??
    livePorts(db, clock, env, {
      fetch: (...a) => fetch(...a),
      log: (line) => {
        if (process.env.VITEST !== 'true') console.log(line)
      },
    }).ports
  const verifyCaptcha = ports.captcha ? ports.captcha.verify.bind(ports.captcha) : undefined
  const k = accountsDb(db)
  useClock(db, clock)
  const ip = (c: Context) => clientIp(c, env)
  /** Local mode and a loopback socket (server/mode.ts): the only requests a sandbox answers. */
  const sandbox = (c: Context) => sandboxAllowed(c, env)
  const notFound = () => new ApiError(404, ACCOUNT_MESSAGES.dailyOnly)

  app.use('*', csrfFor(env))

  /**
   * Calls that could tell whether an account exists (issue 9) answer the same either way and are
   * limited per IP and per phone or e-mail (`what` names the endpoint's own counters).
   */
  const lookupLimit = async (c: Context, what: string, target: string) => {
    await rateLimit(db, `${what}:ip:${ip(c)}`, LOOKUP_LIMIT_IP, clock(), ACCOUNT_MESSAGES.tooMany)
    await rateLimit(db, `${what}:to:${target}`, LOOKUP_LIMIT_TARGET, clock(), ACCOUNT_MESSAGES.tooMany)
  }

  // --- codes ----------------------------------------------------------------------------------
  const sendSms = async (c: Context, b: { phone: string; countryCode: string; challenge?: string | undefined; validate?: string | undefined; seccode?: string | undefined }, kind: CodeKind) => {
    const code = checkTarget(b.countryCode, b.phone)
    const target = phoneKey(code, b.phone)
    if (kind === 'reset') await lookupLimit(c, 'reset-code', target)
    // a reset code is issued (same limits, same answer) for any phone, but sent only to an account's
    const sent = await issueCode(db, { channel: 'sms', target, kind, ip: ip(c), captcha: b }, clock(), verifyCaptcha)
    if (kind === 'reset' && !(await userByPhone(db, code, b.phone))) return true
    await ports.sms.send({ countryCode: code, phone: b.phone }, `【港美汇】您的验证码是${sent}，5分钟内有效，请勿泄露给他人。`, [sent, '5'])
    return true
  }
  codedRoute(app, api.sendMessageCode, ({ body, c }) => sendSms(c, body, body.purpose ?? 'login'))
  route(app, api.gtInit, ({ body, c }) => {
    const target = phoneKey(checkTarget(body.countryCode, body.phone), body.phone)
    if (ports.captcha) return ports.captcha.init(target, ip(c), clock())
    if (!sandbox(c)) throw notFound()
    return captchaInit(db, target, clock())
  })
  // the local slider is a sandbox: local mode, loopback only; GeeTest replaces it in production
  route(app, api.captchaChallenge, ({ params, c }) => {
    if (ports.captcha || !sandbox(c)) throw notFound()
    return captchaPicture(db, params.challenge, clock())
  })
  route(app, api.captchaVerify, ({ body, c }) => {
    if (ports.captcha || !sandbox(c)) throw notFound()
    return captchaSolve(db, body.challenge, body.offset, clock())
  })
  route(app, api.countryCodes, () => countryCodeList())

  // --- sign-up and login ----------------------------------------------------------------------
  const loginLimit = (c: Context) => rateLimit(db, `login:ip:${ip(c)}`, LOGIN_LIMIT, clock(), ACCOUNT_MESSAGES.loginTooMany)
  const signupAllowed = async (c: Context) => {
    if (await overLimit(db, `signup:ip:${ip(c)}`, SIGNUP_LIMIT, clock())) throw new ApiError(429, ACCOUNT_MESSAGES.signupTooMany)
  }
  const signedUp = (c: Context) => recordEvent(db, `signup:ip:${ip(c)}`, clock())

  /** Phone-code login; a new phone is signed up on the spot. */
  const codeLogin = async (c: Context, b: { phone: string; countryCode: string; phoneCode: string }) => {
    await loginLimit(c)
    const code = checkTarget(b.countryCode, b.phone)
    const user = await userByPhone(db, code, b.phone)
    if (!user) await signupAllowed(c)
    await consumeCode(db, { channel: 'sms', target: phoneKey(code, b.phone), kind: 'login', code: b.phoneCode }, clock())
    let id = user?.id
    if (id === undefined) {
      id = await createUser(db, { phone: b.phone, countryCode: code }, clock())
      await signedUp(c)
    }
    await startSession(c, db, id)
    return loginInfo(db, id)
  }
  route(app, api.fastLogin, ({ body, c }) => codeLogin(c, body))
  route(app, api.phoneCodeLogin, ({ body, c }) => codeLogin(c, body))
  route(app, api.smsSession, ({ body, c }) => codeLogin(c, body))

  const registerWith = async (c: Context, b: { phone: string; countryCode: string; phoneCode: string; password?: string | undefined; nick?: string | undefined }) => {
    const code = checkTarget(b.countryCode, b.phone)
    if (b.password !== undefined) checkPasswords(b.password)
    await signupAllowed(c)
    if (await userByPhone(db, code, b.phone)) throw new ApiError(400, ACCOUNT_MESSAGES.phoneRegistered)
    await consumeCode(db, { channel: 'sms', target: phoneKey(code, b.phone), kind: 'login', code: b.phoneCode }, clock())
    const passwordHash = b.password !== undefined ? await hashPassword(b.password) : null
    const id = await createUser(db, { phone: b.phone, countryCode: code, passwordHash, nick: b.nick }, clock())
    await signedUp(c)
    await startSession(c, db, id)
    return loginInfo(db, id)
  }
  route(app, api.register, ({ body, c }) => registerWith(c, body))
  route(app, api.smsRegister, ({ body, c }) => registerWith(c, body))

  route(app, api.passwordLogin, async ({ body, c }) => {
    await loginLimit(c)
    const name = body.userName.trim()
    const user = name.includes('@')
      ? await userByEmail(db, name)
      : await userByPhone(db, cc(body.countryCode ?? '86'), name.replace(/^\+?\d{1,4}\s+/, ''))
    // the same answer and (nearly) the same time whether the account exists or not
    const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH)
    if (!user || !user.password_hash || !ok) throw new ApiError(400, ACCOUNT_MESSAGES.wrongPassword)
    await startSession(c, db, user.id)
    return loginInfo(db, user.id)
  })
  route(app, api.logout, async ({ c }) => {
    await endSession(c, db)
    return true
  })
  route(app, api.loginTimeout, async ({ c }) => ({ timeout: (await currentUser(c, db)) === null }))

  // --- passwords ------------------------------------------------------------------------------
  codedRoute(app, api.emailForgot, async ({ body, c }) => {
    const target = body.email.trim().toLowerCase()
    await lookupLimit(c, 'reset-code', target)
    // the same answer whether the address has an account; only an account's address gets the mail
    const code = await issueCode(db, { channel: 'email', target, kind: 'reset', ip: ip(c), captcha: {} }, clock())
    if (await userByEmail(db, body.email.trim())) await ports.email.send(body.email.trim(), '港美汇 重置密码', `您的验证码是${code}，5分钟内有效。`)
    return true
  })
  // a reset answers by the code alone (server/accounts/profile.ts): never 'not registered'
  route(app, api.resetByEmail, async ({ body, c }) => {
    checkPasswords(body.password, body.passwordConfirm)
    const target = body.email.trim().toLowerCase()
    await lookupLimit(c, 'reset', target)
    await resetPassword(db, { channel: 'email', target, code: body.emailCode }, () => userByEmail(db, body.email.trim()), body.password, clock())
    return true
  })
  route(app, api.resetByPhone, async ({ body, c }) => {
    checkPasswords(body.password, body.passwordConfirm)
    const code = checkTarget(body.countryCode, body.phone)
    const target = phoneKey(code, body.phone)
    await lookupLimit(c, 'reset', target)
    await resetPassword(db, { channel: 'sms', target, code: body.phoneCode }, () => userByPhone(db, code, body.phone), body.password, clock())
    return true
  })
  route(app, api.updatePassword, async ({ body, c }) => {
    const me = await requireUser(c, db)
    await changePassword(db, me.id, body.oldPassword, body.user.password)
    await startSession(c, db, me.id) // this browser stays signed in; every other session ends
    return true
  })

  // --- the user -------------------------------------------------------------------------------
  route(app, api.getUser, async ({ c }) => loginInfo(db, (await requireUser(c, db)).id))
  route(app, api.getUserDetail, async ({ query, c }) => publicUser(db, query.userId, (await currentUser(c, db))?.id ?? null))
  route(app, api.userInfoById, async ({ query, c }) => userCard(db, query.userId ?? (await requireUser(c, db)).id))
  route(app, api.advisoryCertification, async ({ c }) => advisoryCertification(db, (await requireUser(c, db)).id))
  route(app, api.mapUnreadCount, async ({ c }) => ({ unCheck: await unreadCount(db, (await requireUser(c, db)).id) }))
  route(app, api.updateInfo, async ({ body, c }) => {
    const me = await requireUser(c, db)
    await updateInfo(db, me.id, body)
    return loginInfo(db, me.id)
  })
  route(app, api.acceptAgreement, async ({ c }) => {
    await acceptAgreement(db, (await requireUser(c, db)).id)
    return true
  })
  route(app, api.uploadAvatar, async ({ body, c }) => ({ avatar: await saveAvatar(db, (await requireUser(c, db)).id, body.dataUrl, clock()) }))
  app.get('/u/avatar/:id{[0-9]{1,9}}', async (c) => {
    const row = await avatarFile(db, Number(c.req.param('id')))
    if (!row) return c.text('Not Found', 404)
    return c.body(new Uint8Array(row.data), 200, { 'Content-Type': row.mime, 'Cache-Control': 'public, max-age=31536000, immutable' })
  })

  // --- binding and merging --------------------------------------------------------------------
  codedRoute(app, api.bindPhone, async ({ body, c }) => {
    const me = await requireUser(c, db)
    const code = checkTarget(body.countryCode, body.phone)
    await consumeCode(db, { channel: 'sms', target: phoneKey(code, body.phone), kind: 'bind', code: body.verificationCode }, clock())
    return bindPhoneTo(db, me.id, code, body.phone, clock())
  })
  // whether a phone is free to bind: told only to whoever holds that phone's bind code (checked, not spent)
  route(app, api.verifyBindPhone, async ({ body, c }) => {
    const me = await requireUser(c, db)
    const code = checkTarget(body.countryCode, body.phone)
    const target = phoneKey(code, body.phone)
    await lookupLimit(c, 'bind-verify', target)
    await checkCode(db, { channel: 'sms', target, kind: 'bind', code: body.verificationCode }, clock())
    const owner = await userByPhone(db, code, body.phone)
    return !owner || owner.id === me.id
  })
  codedRoute(app, api.mergeAccounts, async ({ body, c }) => {
    const me = await requireUser(c, db)
    const kept = await mergeAccounts(db, me.id, body.selectedAccount, body.deprecatedAccount, clock())
    await startSession(c, db, kept)
    return loginInfo(db, kept)
  })
  // answering `exists` is this endpoint's whole job (spec 000 §7): signed-in users only, limited
  // per IP, per phone and per user
  route(app, api.getByPhone, async ({ query, c }) => {
    const me = await requireUser(c, db)
    const code = checkTarget(query.countryCode, query.phone)
    await lookupLimit(c, 'byphone', phoneKey(code, query.phone))
    await rateLimit(db, `byphone:user:${me.id}`, LOOKUP_LIMIT_IP, clock(), ACCOUNT_MESSAGES.tooMany)
    return { exists: !!(await userByPhone(db, code, query.phone)) }
  })

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
  const takeGrantOf = (c: Context, code: string) => takeGrant(db, code, browserOf(c), clock(), ports.wechat)
  route(app, api.wechatSession, async ({ query, c }) => {
    await loginLimit(c)
    const g = await takeGrantOf(c, query.code)
    let id = await userIdByOpenid(db, g.openid)
    if (id === undefined) {
      await signupAllowed(c)
      id = await createUser(db, { nick: g.nick, wechatOpenid: g.openid, avatar: g.avatar }, clock())
      await signedUp(c)
    }
    await startSession(c, db, id)
    const u = (await userById(db, id))!
    return { agreeUserAgreement: u.agree_user_agreement, needBindPhone: !u.phone, nick: u.nick, avatar: u.avatar }
  })
  route(app, api.wechatBind, async ({ query, c }) => {
    const me = await requireUser(c, db)
    const g = await takeGrantOf(c, query.code)
    await bindWechat(db, me.id, g.openid)
    return true
  })
  route(app, api.wechatUnbind, async ({ c }) => {
    await unbindWechat(db, (await requireUser(c, db)).id)
    return true
  })

  // --- friendships (server/accounts/follows.ts) ---------------------------------------------
  const friends = async (c: Context, q: { userId?: number | undefined; page?: number | undefined; count?: number | '500' | undefined }, side: FollowSide) => {
    const viewer = (await currentUser(c, db))?.id ?? null
    const userId = q.userId ?? (await requireUser(c, db)).id
    return friendPage(db, userId, viewer, side, { page: q.page ?? 1, count: Number(q.count ?? 20) })
  }
  route(app, api.followings, ({ query, c }) => friends(c, query, 'followings'))
  route(app, api.followers, ({ query, c }) => friends(c, query, 'followers'))
  route(app, api.follow, async ({ body, c }) => {
    await follow(db, (await requireUser(c, db)).id, body.destUserId, clock())
    return true
  })
  route(app, api.unfollow, async ({ body, c }) => {
    await unfollow(db, (await requireUser(c, db)).id, body.destUserId)
    return true
  })
  route(app, api.isFollow, async ({ query, c }) => followStates(db, (await currentUser(c, db))?.id ?? null, query.userIds.split(',').map(Number)))

  // --- the dev outbox (never in production mode) ----------------------------------------------
  const outbox = async (target?: string) =>
    (await k.selectFrom('outbox').selectAll().$if(!!target, (qb) => qb.where('target', '=', target!)).orderBy('id', 'desc').limit(50).execute()).map((r) => ({
      id: r.id,
      channel: r.channel,
      target: r.target,
      text: r.text,
      createdAt: r.created_at,
    }))
  route(app, api.devOutbox, async ({ query, c }) => {
    if (!ports.showOutbox || isProduction(env) || !sandbox(c)) throw notFound()
    return outbox(query.target)
  })
  app.get('/dev/outbox', async (c) => {
    if (!ports.showOutbox || isProduction(env) || !sandbox(c)) return c.text('Not Found', 404)
    return c.html(outboxPage((await outbox()).map((m) => ({ ...m, target: escapeHtml(m.target), text: escapeHtml(m.text) }))))
  })
}

export { callbackLocation, safeRedirect, WECHAT_BROWSER_COOKIE } from './wechat'

/** A hash no password matches, verified when the account does not exist (same work either way). */
const DUMMY_HASH = 'scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

export const registerAccounts: RegisterFeature = (app, deps) => registerAccountsWith(app, deps)
