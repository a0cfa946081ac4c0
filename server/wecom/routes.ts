// Routes of WeCom sign-in and the address book (spec 000 §7 /api/wxwork/sso and /oauth2; spec 001
// /wecom/mine). Registered by server/app.ts after the accounts feature (its CSRF check and the write
// limits run first: the two URL builders are GETs that store a grant, so they need our token).
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import * as api from '../../core/api/wecom'
import { ACCOUNT_MESSAGES } from '../../core/accounts/limits'
import { WECOM_CALLBACK_PATH, WECOM_MESSAGES, WECOM_USERID } from '../../core/wecom/wecom'
import { clientIp } from '../accounts/http'
import { cookieName, CSRF_COOKIE, currentUser, requireUser, startSession } from '../accounts/session'
import { bindBrowser, browserOf } from '../accounts/wechat'
import type { FeatureDeps } from '../feature'
import { ApiError } from '../http/api-error'
import { route } from '../http/route'
import { sandboxAllowed } from '../mode'
import { wecomSandboxErrorPage, wecomSandboxLoginPage } from './sandbox-pages'
import { WECOM_SANDBOX_PREFIX, wecomFromEnv, type SelectedWecom } from './select-wecom'
import { acceptCallback, mine, requireMember, signInWithCode, startSignIn, type WecomDeps } from './wecom-service'

const callbackFailed = (c: Context) =>
  c.html(
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>企业微信登录已失效</title></head><body style="font-family:system-ui,sans-serif;max-width:420px;margin:60px auto;color:#1f2329">' +
      `<h1 style="font-size:20px">企业微信登录已失效</h1><p style="color:#646a73">${WECOM_MESSAGES.codeInvalid}。<a href="/wecom/mine">返回企业微信通讯录</a></p></body></html>`,
    400,
  )

export function registerWecom(app: Hono, deps: FeatureDeps & { wecom?: SelectedWecom }): void {
  const { db, clock, env } = deps
  const selected = deps.wecom ?? wecomFromEnv(env, { fetch: (...a) => fetch(...a), clock })
  const { port, sandbox } = selected
  const services: WecomDeps = { db, clock, port }
  const me = async (c: Context) => (await requireUser(c, db)).id
  const origin = (c: Context) => new URL(c.req.url).origin

  // --- the sign-in --------------------------------------------------------------------------
  route(app, api.wxworkSso, ({ query, c }) => startSignIn(services, bindBrowser(c), query.redirect, 'sso', origin(c)))
  route(app, api.wxworkOauth2, ({ query, c }) => startSignIn(services, bindBrowser(c), query.redirect, 'oauth2', origin(c)))
  // WeCom sends the browser back here with ?code&state (the SSO QR page and the OAuth2 page alike)
  app.get(WECOM_CALLBACK_PATH, async (c) => {
    const back = await acceptCallback(services, c.req.query('state') ?? '', c.req.query('code') ?? '', browserOf(c))
    return back === null ? callbackFailed(c) : c.redirect(back, 302)
  })
  route(app, api.wxworkSession, async ({ body, c }) => {
    const viewer = await currentUser(c, db)
    const done = await signInWithCode(services, clientIp(c, env), body.code, browserOf(c), viewer?.id ?? null)
    if (done.action !== 'bound') await startSession(c, db, done.userId)
    return { action: done.action, member: done.member }
  })

  // --- the address book ---------------------------------------------------------------------
  route(app, api.wxworkMine, async ({ c }) => mine(services, await me(c)))
  route(app, api.wxworkClients, async ({ c }) => ({ list: await port.clients(await requireMember(services, await me(c))) }))
  route(app, api.wxworkGroups, async ({ c }) => ({ list: await port.groups(await requireMember(services, await me(c))) }))
  route(app, api.wxworkGroup, async ({ params, c }) => {
    const group = await port.group(await requireMember(services, await me(c)), params.gid)
    if (!group) throw new ApiError(404, WECOM_MESSAGES.groupNotFound)
    return group
  })

  // --- the local sandbox's login page (local mode, loopback only; never next to the real WeCom) ---
  if (!sandbox) return
  const company = sandbox.company
  /** WeCom's checks of a login request: the company, the agent, and the callback on the trusted domain */
  const refusal = (c: Context, kind: 'sso' | 'oauth2'): string | null => {
    const q = (n: string) => c.req.query(n) ?? ''
    if (kind === 'sso' && q('login_type') !== 'CorpApp') return 'login_type 应为 CorpApp'
    if (kind === 'oauth2' && (q('response_type') !== 'code' || !['snsapi_base', 'snsapi_privateinfo'].includes(q('scope')))) return 'response_type 或 scope 不正确'
    if (q('appid') !== company.corpid) return 'appid 不是本企业的 CorpID'
    if (q('agentid') !== company.agentid) return 'agentid 不是本企业的应用'
    if (!/^[-_A-Za-z0-9]{1,128}$/.test(q('state'))) return 'state 不正确'
    return trustedCallback(c, q('redirect_uri')) ? null : 'redirect_uri 需使用应用可信域名'
  }
  const trustedCallback = (c: Context, uri: string) => {
    try {
      const u = new URL(uri)
      return u.origin === origin(c) && u.pathname === WECOM_CALLBACK_PATH && u.search === '' && u.hash === ''
    } catch {
      return false
    }
  }
  const loginPage = (kind: 'sso' | 'oauth2') => async (c: Context) => {
    if (!sandboxAllowed(c, env)) return c.text('Not Found', 404)
    const why = refusal(c, kind)
    if (why) return c.html(wecomSandboxErrorPage(why), 400)
    const csrf = getCookie(c, cookieName(c, CSRF_COOKIE)) ?? ''
    return c.html(wecomSandboxLoginPage({ kind, state: c.req.query('state')!, redirectUri: c.req.query('redirect_uri')!, corpName: company.name, csrf }, company.members))
  }
  app.get(`${WECOM_SANDBOX_PREFIX}/wwlogin/sso/login`, loginPage('sso'))
  app.get(`${WECOM_SANDBOX_PREFIX}/connect/oauth2/authorize`, loginPage('oauth2'))
  app.post(`${WECOM_SANDBOX_PREFIX}/confirm`, async (c) => {
    if (!sandboxAllowed(c, env)) return c.text('Not Found', 404)
    const form = await c.req.parseBody()
    const token = getCookie(c, cookieName(c, CSRF_COOKIE))
    if (!token || form.csrf !== token) return c.text(ACCOUNT_MESSAGES.csrf, 403)
    const state = String(form.state ?? '')
    const uri = String(form.redirect_uri ?? '')
    const userid = String(form.userid ?? '')
    if (!/^[-_A-Za-z0-9]{1,128}$/.test(state) || !trustedCallback(c, uri)) return c.html(wecomSandboxErrorPage('参数错误'), 400)
    if (userid !== '' && (!WECOM_USERID.test(userid) || !company.members.some((m) => m.userid === userid))) return c.html(wecomSandboxErrorPage('该成员不在本企业'), 400)
    const code = userid === '' ? sandbox.issueOutsiderCode() : sandbox.issueCode(userid)
    const back = new URL(uri)
    back.searchParams.set('code', code)
    back.searchParams.set('state', state)
    return c.redirect(back.toString(), 302)
  })
}
