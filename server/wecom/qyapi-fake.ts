// A local stand-in for WeCom's server API (qyapi.weixin.qq.com/cgi-bin), over one company's data
// (fixtures/wecom.ts by default). It checks requests the way the service does and answers in its
// shapes: HTTP 200 with { errcode, errmsg } on every answer, errcode 0 on success.
//  - gettoken: corpid and corpsecret must be the company's (40013 invalid corpid, 40001 invalid
//    credential); a token lives expires_in = 7200 s.
//  - every other call: access_token missing 41001, unknown 40014, past its life 42001.
//  - auth/getuserinfo?code=: a code is spent once and lives 5 minutes (40029 invalid code; 41008 when
//    missing); a member's code answers { userid }, an outside WeChat user's { openid, external_userid }.
//  - user/get 60111 userid not found; externalcontact/list 84061 when the member has no clients;
//    externalcontact/get 40096 invalid external userid; groupchat/list and groupchat/get are POSTs with
//    a JSON body (43002 require POST, 47001 data format error, 40058 invalid limit, 40050 chat not found).
// Two uses: the local sandbox's WeCom (server/wecom/select-wecom.ts gives the real adapter this as its
// fetch, so local mode runs the adapter's own code), and the adapter's tests, which serve it over HTTP.
import { randomBytes } from 'node:crypto'
import {
  SANDBOX_CONTACTS,
  SANDBOX_CORP,
  SANDBOX_FOLLOWS,
  SANDBOX_GROUPS,
  SANDBOX_MEMBERS,
  type FakeExternalContact,
  type FakeFollow,
  type FakeGroupChat,
  type FakeMember,
} from '../../fixtures/wecom'

export interface FakeCompany {
  corpid: string
  corpsecret: string
  agentid: string
  name: string
  members: readonly FakeMember[]
  contacts: readonly FakeExternalContact[]
  follows: readonly FakeFollow[]
  groups: readonly FakeGroupChat[]
}

export const SANDBOX_COMPANY: FakeCompany = {
  ...SANDBOX_CORP,
  members: SANDBOX_MEMBERS,
  contacts: SANDBOX_CONTACTS,
  follows: SANDBOX_FOLLOWS,
  groups: SANDBOX_GROUPS,
}

export const TOKEN_LIFE_S = 7200
const CODE_LIFE_MS = 5 * 60_000

export interface FakeQyapi {
  readonly company: FakeCompany
  /** answers one request as qyapi.weixin.qq.com would */
  handle(request: Request): Promise<Response>
  /** a fetch over `handle` (the local sandbox's adapter uses it: no network) */
  fetch: typeof fetch
  /** what WeCom's login page does once a member confirms: a one-time code for them */
  issueCode(userid: string): string
  /** an outside WeChat user's code (getuserinfo answers openid, not userid) */
  issueOutsiderCode(): string
  /** every request seen, for tests: method, path and query */
  readonly requests: { method: string; path: string; query: Record<string, string> }[]
  /** how many tokens gettoken issued */
  tokensIssued(): number
  /** tests: every issued token is past its life now (as after 2 hours) */
  expireTokens(): void
  /** tests: forget every token (as when the secret was reset) */
  revokeTokens(): void
}

const json = (body: Record<string, unknown>) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json; charset=UTF-8' } })
const fail = (errcode: number, errmsg: string) => json({ errcode, errmsg })
const ok = (body: Record<string, unknown> = {}) => json({ errcode: 0, errmsg: 'ok', ...body })

export function fakeQyapi(company: FakeCompany = SANDBOX_COMPANY, clock: () => number = Date.now): FakeQyapi {
  const tokens = new Map<string, number>() // token → expires at (ms)
  const codes = new Map<string, { userid: string | null; at: number }>()
  const requests: FakeQyapi['requests'] = []
  let issued = 0

  const member = (userid: string) => company.members.find((m) => m.userid === userid)
  const nameOf = (userid: string) => member(userid)?.name ?? company.contacts.find((c) => c.external_userid === userid)?.name ?? ''

  const tokenCheck = (query: Record<string, string>): Response | null => {
    const token = query.access_token
    if (!token) return fail(41001, 'access_token missing')
    const until = tokens.get(token)
    if (until === undefined) return fail(40014, 'invalid access_token')
    if (clock() >= until) return fail(42001, 'access_token expired')
    return null
  }

  const readJson = async (request: Request): Promise<Record<string, unknown> | null> => {
    try {
      const body: unknown = JSON.parse(await request.text())
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
    } catch {
      return null
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const query = Object.fromEntries(url.searchParams)
    const path = url.pathname
    requests.push({ method: request.method, path, query })
    if (path === '/cgi-bin/gettoken') {
      if (query.corpid !== company.corpid) return fail(40013, 'invalid corpid')
      if (!query.corpsecret) return fail(41004, 'corpsecret missing')
      if (query.corpsecret !== company.corpsecret) return fail(40001, 'invalid credential')
      const token = randomBytes(24).toString('base64url')
      tokens.set(token, clock() + TOKEN_LIFE_S * 1000)
      issued += 1
      return ok({ access_token: token, expires_in: TOKEN_LIFE_S })
    }
    const known = [
      '/cgi-bin/auth/getuserinfo',
      '/cgi-bin/user/get',
      '/cgi-bin/externalcontact/list',
      '/cgi-bin/externalcontact/get',
      '/cgi-bin/externalcontact/groupchat/list',
      '/cgi-bin/externalcontact/groupchat/get',
    ]
    if (!known.includes(path)) return new Response('not found', { status: 404 })
    const bad = tokenCheck(query)
    if (bad) return bad

    switch (path) {
      case '/cgi-bin/auth/getuserinfo': {
        if (!query.code) return fail(41008, 'missing oauth code')
        const c = codes.get(query.code)
        codes.delete(query.code ?? '') // spent whatever the answer
        if (!c || clock() - c.at > CODE_LIFE_MS) return fail(40029, 'invalid code')
        if (c.userid === null) return ok({ openid: `oSandbox${randomBytes(8).toString('hex')}`, external_userid: '' })
        return ok({ userid: c.userid, user_ticket: randomBytes(16).toString('hex'), expires_in: 1800 })
      }
      case '/cgi-bin/user/get': {
        if (!query.userid) return fail(41009, 'missing userid')
        const m = member(query.userid)
        if (!m) return fail(60111, 'userid not found')
        return ok({ userid: m.userid, name: m.name, department: m.department, position: m.position, gender: m.gender, avatar: m.avatar, status: 1 })
      }
      case '/cgi-bin/externalcontact/list': {
        if (!query.userid) return fail(41009, 'missing userid')
        if (!member(query.userid)) return fail(60111, 'userid not found')
        const ids = company.follows.filter((f) => f.userid === query.userid).map((f) => f.external_userid)
        if (ids.length === 0) return fail(84061, 'not external contact')
        return ok({ external_userid: ids })
      }
      case '/cgi-bin/externalcontact/get': {
        const contact = company.contacts.find((c) => c.external_userid === query.external_userid)
        if (!contact) return fail(40096, 'invalid external userid')
        const follow_user = company.follows
          .filter((f) => f.external_userid === contact.external_userid)
          .map(({ external_userid: _, ...f }) => ({ ...f, add_way: 1, oper_userid: f.userid }))
        return ok({ external_contact: contact, follow_user, next_cursor: '' })
      }
      case '/cgi-bin/externalcontact/groupchat/list': {
        if (request.method !== 'POST') return fail(43002, 'require POST method')
        const body = await readJson(request)
        if (!body) return fail(47001, 'data format error')
        const limit = body.limit
        if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 1000) return fail(40058, 'invalid limit')
        const owners = (body.owner_filter as { userid_list?: unknown } | undefined)?.userid_list
        const list = company.groups.filter((g) => !Array.isArray(owners) || owners.includes(g.owner)).slice(0, limit)
        return ok({ group_chat_list: list.map((g) => ({ chat_id: g.chat_id, status: 0 })), next_cursor: '' })
      }
      case '/cgi-bin/externalcontact/groupchat/get': {
        if (request.method !== 'POST') return fail(43002, 'require POST method')
        const body = await readJson(request)
        if (!body) return fail(47001, 'data format error')
        const g = company.groups.find((x) => x.chat_id === body.chat_id)
        if (!g) return fail(40050, 'chat_id not found')
        const named = body.need_name === 1
        return ok({
          group_chat: {
            ...g,
            member_list: g.member_list.map((x) => ({ ...x, invitor: { userid: g.owner }, ...(named ? { name: nameOf(x.userid) } : {}) })),
          },
        })
      }
    }
    return new Response('not found', { status: 404 })
  }

  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch
  const newCode = (userid: string | null) => {
    const code = randomBytes(24).toString('base64url')
    codes.set(code, { userid, at: clock() })
    return code
  }
  return {
    company,
    handle,
    fetch: fetchFn,
    issueCode: (userid) => newCode(userid),
    issueOutsiderCode: () => newCode(null),
    requests,
    tokensIssued: () => issued,
    expireTokens: () => {
      for (const k of tokens.keys()) tokens.set(k, 0)
    },
    revokeTokens: () => tokens.clear(),
  }
}
