// WecomPort over WeCom's documented server API (企业微信服务端 API, https://qyapi.weixin.qq.com):
//  token:   GET /cgi-bin/gettoken?corpid&corpsecret → access_token, expires_in (7200 s). Kept in memory
//           until 5 minutes before it ends; asked once at a time. A call answered 40014 (invalid token)
//           or 42001 (expired) gets a new token and is tried again once.
//  login:   SSO QR page https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=CORPID
//           &agentid=AGENTID&redirect_uri=URI&state=STATE; inside WeCom the OAuth2 page
//           https://open.weixin.qq.com/connect/oauth2/authorize?appid=CORPID&redirect_uri=URI&response_type=code
//           &scope=snsapi_base&state=STATE&agentid=AGENTID#wechat_redirect. Both come back to
//           <origin>/oauth/wecom/callback?code&state; GET /cgi-bin/auth/getuserinfo?code= names the member
//           (userid; an outside WeChat user gets openid instead), GET /cgi-bin/user/get?userid= their profile.
//  clients: GET /cgi-bin/externalcontact/list?userid= (external_userid[]; 84061 none), then
//           GET /cgi-bin/externalcontact/get?external_userid= each.
//  groups:  POST /cgi-bin/externalcontact/groupchat/list {status_filter, owner_filter.userid_list, limit},
//           then POST /cgi-bin/externalcontact/groupchat/get {chat_id, need_name: 1} each.
// Every answer is HTTP 200 with errcode/errmsg; errcode 0 is success.
import { WECOM_CALLBACK_PATH, WECOM_LIST_MAX, WECOM_MESSAGES } from '../../core/wecom/wecom'
import type { WecomClient, WecomGroupMember, WecomGroupSummary, WecomMember } from '../../core/api/wecom'
import { UpstreamError } from '../accounts/ports'
import { ApiError } from '../http/api-error'
import type { WecomPort } from './wecom-port'

export const QYAPI = 'https://qyapi.weixin.qq.com'
export const WECOM_SSO_PAGE = 'https://login.work.weixin.qq.com/wwlogin/sso/login'
export const WECOM_OAUTH2_PAGE = 'https://open.weixin.qq.com/connect/oauth2/authorize'

export interface QyapiConfig {
  corpId: string
  agentId: string
  secret: string
  corpName?: string | undefined
  /** the public origin WeCom redirects to (its trusted domain); default the request's */
  publicOrigin?: string | undefined
  /** the API's origin: WeCom's, or a local stand-in */
  apiBase?: string | undefined
  /** where the login pages are, from this server's origin: WeCom's, or the sandbox's */
  pages?: ((origin: string) => { sso: string; oauth2: string }) | undefined
}

/** Token errors: the kept token is no longer good; a new one is asked once. */
const TOKEN_ERRORS = new Set([40014, 42001])
/** A login code that is wrong, used or expired (or missing): the person signs in again. */
const CODE_ERRORS = new Set([40029, 41008])
/** Ask for a new token this long before the old one ends. */
const TOKEN_MARGIN_MS = 5 * 60_000

type Answer = Record<string, unknown> & { errcode?: unknown; errmsg?: unknown }

class QyapiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`${errcode} ${errmsg}`)
  }
}

const str = (v: unknown, max = 200) => (typeof v === 'string' ? v.slice(0, max) : '')
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : 0)

export function qyapiWecom(cfg: QyapiConfig, deps: { fetch: typeof fetch; now: () => number }): WecomPort {
  const api = cfg.apiBase ?? QYAPI
  let kept: { token: string; until: number } | null = null
  let asking: Promise<string> | null = null

  const upstream = (detail: string) => new UpstreamError(WECOM_MESSAGES.upstream, `wecom: ${detail}`)

  async function send(path: string, query: Record<string, string>, body?: unknown): Promise<Answer> {
    let res: Response
    try {
      const url = `${api}${path}?${new URLSearchParams(query)}`
      res = await deps.fetch(
        url,
        body === undefined ? { method: 'GET' } : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      )
    } catch (error) {
      throw upstream(`${path}: ${(error as Error).message}`)
    }
    if (!res.ok) throw upstream(`${path}: HTTP ${res.status}`)
    let answer: unknown
    try {
      answer = await res.json()
    } catch {
      throw upstream(`${path}: not JSON`)
    }
    if (!answer || typeof answer !== 'object') throw upstream(`${path}: not an object`)
    const a = answer as Answer
    const errcode = typeof a.errcode === 'number' ? a.errcode : 0
    if (errcode !== 0) throw new QyapiError(errcode, str(a.errmsg))
    return a
  }

  async function newToken(): Promise<string> {
    const a = await send('/cgi-bin/gettoken', { corpid: cfg.corpId, corpsecret: cfg.secret }).catch((e: unknown) => {
      if (e instanceof QyapiError) throw upstream(`gettoken: ${e.message}`)
      throw e
    })
    const token = str(a.access_token, 512)
    if (!token) throw upstream('gettoken: no access_token')
    const life = int(a.expires_in) || 7200
    kept = { token, until: deps.now() + life * 1000 - TOKEN_MARGIN_MS }
    return token
  }

  /** The kept token while it lives; else one new one, however many calls wait for it. */
  function token(): Promise<string> {
    if (kept && deps.now() < kept.until) return Promise.resolve(kept.token)
    asking ??= newToken().finally(() => {
      asking = null
    })
    return asking
  }

  /** A call with the token; a token WeCom no longer takes is replaced once. */
  async function call(path: string, query: Record<string, string>, body?: unknown): Promise<Answer> {
    const first = await token()
    try {
      return await send(path, { access_token: first, ...query }, body)
    } catch (e) {
      if (!(e instanceof QyapiError) || !TOKEN_ERRORS.has(e.errcode)) throw e
      if (kept?.token === first) kept = null
      return send(path, { access_token: await token(), ...query }, body)
    }
  }

  /** A WeCom error that is not the person's: a 502 with the plain message (the detail goes to the log). */
  const asUpstream = (path: string) => (e: unknown) => {
    if (e instanceof QyapiError) throw upstream(`${path}: ${e.message}`)
    throw e
  }

  const memberOf = (a: Answer): WecomMember => ({
    userid: str(a.userid, 64),
    name: str(a.name, 64) || str(a.userid, 64),
    position: str(a.position, 64),
    avatar: /^https:\/\//.test(str(a.avatar, 500)) ? str(a.avatar, 500) : '',
  })

  const redirectUri = (origin: string) => `${cfg.publicOrigin ?? origin}${WECOM_CALLBACK_PATH}`
  const pages = cfg.pages ?? (() => ({ sso: WECOM_SSO_PAGE, oauth2: WECOM_OAUTH2_PAGE }))

  async function groupChat(chatId: string) {
    try {
      const a = await call('/cgi-bin/externalcontact/groupchat/get', {}, { chat_id: chatId, need_name: 1 })
      return a.group_chat && typeof a.group_chat === 'object' ? (a.group_chat as Record<string, unknown>) : null
    } catch (e) {
      if (e instanceof QyapiError && e.errcode === 40050) return null
      throw asUpstream('groupchat/get')(e)
    }
  }

  const summaryOf = (g: Record<string, unknown>, members: WecomGroupMember[]): WecomGroupSummary => {
    const owner = str(g.owner, 64)
    return {
      chatId: str(g.chat_id, 64),
      name: str(g.name, 100) || '未命名客户群',
      ownerName: members.find((m) => m.userid === owner)?.name || owner,
      memberCount: members.length,
      clientCount: members.filter((m) => m.kind === 'client').length,
      createdAt: int(g.create_time),
    }
  }

  const membersOf = (g: Record<string, unknown>): WecomGroupMember[] => {
    const owner = str(g.owner, 64)
    const admins = new Set((Array.isArray(g.admin_list) ? g.admin_list : []).map((a) => str((a as { userid?: unknown }).userid, 64)))
    return (Array.isArray(g.member_list) ? g.member_list : []).slice(0, 2000).map((raw) => {
      const m = raw as Record<string, unknown>
      const userid = str(m.userid, 64)
      const scene = int(m.join_scene)
      return {
        userid,
        name: str(m.group_nickname, 64) || str(m.name, 64) || userid,
        kind: int(m.type) === 2 ? ('client' as const) : ('member' as const),
        role: userid === owner ? ('owner' as const) : admins.has(userid) ? ('admin' as const) : ('member' as const),
        joinedAt: int(m.join_time),
        joinScene: scene === 2 ? ('link' as const) : scene === 3 ? ('qr' as const) : ('invited' as const),
      }
    })
  }

  return {
    corpId: cfg.corpId,
    corpName: cfg.corpName ?? '企业微信',
    ssoUrl(state, origin) {
      const q = new URLSearchParams({ login_type: 'CorpApp', appid: cfg.corpId, agentid: cfg.agentId, redirect_uri: redirectUri(origin), state })
      return `${pages(origin).sso}?${q}`
    },
    oauth2Url(state, origin) {
      const q = new URLSearchParams({ appid: cfg.corpId, redirect_uri: redirectUri(origin), response_type: 'code', scope: 'snsapi_base', state, agentid: cfg.agentId })
      return `${pages(origin).oauth2}?${q}#wechat_redirect`
    },

    async memberByCode(code) {
      let who: Answer
      try {
        who = await call('/cgi-bin/auth/getuserinfo', { code })
      } catch (e) {
        if (e instanceof QyapiError && CODE_ERRORS.has(e.errcode)) throw new ApiError(400, WECOM_MESSAGES.codeInvalid)
        throw asUpstream('auth/getuserinfo')(e)
      }
      const userid = str(who.userid ?? who.UserId, 64)
      if (!userid) throw new ApiError(403, WECOM_MESSAGES.notMember)
      const profile = await call('/cgi-bin/user/get', { userid }).catch(asUpstream('user/get'))
      return memberOf({ ...profile, userid })
    },

    async clients(userid) {
      let ids: string[]
      try {
        const a = await call('/cgi-bin/externalcontact/list', { userid })
        ids = (Array.isArray(a.external_userid) ? a.external_userid : []).map((x) => str(x, 64)).filter(Boolean)
      } catch (e) {
        if (e instanceof QyapiError && e.errcode === 84061) return [] // no clients yet
        throw asUpstream('externalcontact/list')(e)
      }
      const out: WecomClient[] = []
      for (const id of ids.slice(0, WECOM_LIST_MAX)) {
        const a = await call('/cgi-bin/externalcontact/get', { external_userid: id }).catch(asUpstream('externalcontact/get'))
        const c = (a.external_contact ?? {}) as Record<string, unknown>
        const follows = (Array.isArray(a.follow_user) ? a.follow_user : []) as Record<string, unknown>[]
        const mine = follows.find((f) => f.userid === userid) ?? {}
        const tags = (Array.isArray(mine.tags) ? mine.tags : []).map((tg) => str((tg as { tag_name?: unknown }).tag_name, 30)).filter(Boolean)
        out.push({
          externalUserId: str(c.external_userid, 64) || id,
          name: str(c.name, 64),
          avatar: /^https:\/\//.test(str(c.avatar, 500)) ? str(c.avatar, 500) : '',
          kind: int(c.type) === 2 ? 'wecom' : 'wechat',
          corpName: str(c.corp_name, 100),
          remark: str(mine.remark, 100),
          description: str(mine.description, 300),
          tags,
          addedAt: int(mine.createtime),
        })
      }
      return out.sort((a, b) => b.addedAt - a.addedAt)
    },

    async groups(userid) {
      const a = await call('/cgi-bin/externalcontact/groupchat/list', {}, { status_filter: 0, owner_filter: { userid_list: [userid] }, limit: WECOM_LIST_MAX }).catch(
        asUpstream('groupchat/list'),
      )
      const ids = (Array.isArray(a.group_chat_list) ? a.group_chat_list : []).map((g) => str((g as { chat_id?: unknown }).chat_id, 64)).filter(Boolean)
      const out: WecomGroupSummary[] = []
      for (const id of ids) {
        const g = await groupChat(id)
        if (g) out.push(summaryOf(g, membersOf(g)))
      }
      return out.sort((x, y) => y.createdAt - x.createdAt)
    },

    async group(userid, chatId) {
      const g = await groupChat(chatId)
      if (!g) return null
      const members = membersOf(g)
      // the member sees a group they own or are in, never another member's
      if (!members.some((m) => m.kind === 'member' && m.userid === userid)) return null
      return { ...summaryOf(g, members), notice: str(g.notice, 1000), members }
    },
  }
}
