// WeCom sign-in and the address book against the real app (server/wecom/routes.ts) on the local
// sandbox: a guest signs in through the sandbox's login page and WeCom's redirect, a reader binds a
// member, and every call is tried as a guest, a reader without WeCom and the member's own account,
// with bad input, another browser's code and the sandbox off loopback or in production.
import { Hono } from 'hono'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WECOM_MESSAGES } from '../../core/wecom/wecom'
import { WRITE_LIMITS } from '../../core/limits/write-limits'
import { createApp } from '../app'
import { createPostingClient, type PostingClient } from '../testing/posting-client'
import { LOOPBACK, socketEnv } from '../testing/socket-env'
import { TEST_NOW } from '../testing/test-db'
import { registerWecom } from './routes'

let t: PostingClient
beforeAll(async () => {
  t = await createPostingClient()
})
afterAll(() => t.close())

/** A browser: keeps its cookies, echoes the CSRF cookie as the client does. */
function browser(cookie: string) {
  const jar = new Map(cookie.split(/;\s*/).map((p) => p.split('=') as [string, string]))
  const headers = () => ({ Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'X-CSRF-Token': jar.get('csrf_token') ?? '' })
  const take = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const [k, ...v] = pair!.split('=')
      jar.set(k!, v.join('='))
    }
    return res
  }
  const raw = async (method: string, path: string, init: { body?: BodyInit; type?: string; env?: unknown } = {}) =>
    take(await t.app.request(path, { method, headers: { ...headers(), ...(init.type ? { 'Content-Type': init.type } : {}) }, body: init.body ?? null, redirect: 'manual' }, init.env))
  const json = async (method: string, path: string, body?: unknown) => {
    const res = await raw(method, path, body === undefined ? {} : { body: JSON.stringify(body), type: 'application/json' })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope as the test reads it
    return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; result: any } }
  }
  return { headers, raw, json, jar }
}

/** The whole sign-in as a browser makes it: ask the URL, 'scan' on the sandbox page, follow WeCom's redirect. Answers the code the page gets. */
async function scan(b: ReturnType<typeof browser>, userid: string, kind: 'sso' | 'oauth2' = 'sso'): Promise<string> {
  const start = await b.json('GET', `/api/wxwork/${kind}?redirect=${encodeURIComponent('/wecom/mine/client')}`)
  expect(start.status).toBe(200)
  const url = new URL(start.body.result.url)
  const page = await b.raw('GET', url.pathname + url.search, { env: LOOPBACK })
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('刘敏')
  const form = new URLSearchParams({ state: start.body.result.state, redirect_uri: url.searchParams.get('redirect_uri')!, csrf: b.jar.get('csrf_token')!, userid })
  const confirmed = await b.raw('POST', '/oauth-local/wecom/confirm', { body: form.toString(), type: 'application/x-www-form-urlencoded', env: LOOPBACK })
  expect(confirmed.status).toBe(302)
  const callback = new URL(confirmed.headers.get('Location')!)
  expect(callback.pathname).toBe('/oauth/wecom/callback')
  expect(callback.searchParams.get('state')).toBe(start.body.result.state)
  const back = await b.raw('GET', callback.pathname + callback.search)
  expect(back.status).toBe(302)
  const location = new URL(back.headers.get('Location')!, 'http://localhost')
  expect(location.pathname).toBe('/wecom/mine/client')
  return location.searchParams.get('wwcode')!
}

describe('the URL builders (spec 000 §7 /api/wxwork/sso and /oauth2)', () => {
  it('answer the sandbox page with the company, agent, callback and a state; the grant is bound to this browser', async () => {
    const b = browser('csrf_token=tok1')
    const sso = await b.json('GET', '/api/wxwork/sso')
    expect(sso.status).toBe(200)
    expect(sso.body.result.expireSeconds).toBe(300)
    const u = new URL(sso.body.result.url)
    expect(u.pathname).toBe('/oauth-local/wecom/wwlogin/sso/login')
    expect(u.searchParams.get('login_type')).toBe('CorpApp')
    expect(u.searchParams.get('redirect_uri')).toBe('http://localhost/oauth/wecom/callback')
    expect(u.searchParams.get('state')).toBe(sso.body.result.state)
    expect(b.jar.get('gmh_wx')).toMatch(/^[-_A-Za-z0-9]{43}$/)
    const oauth = new URL((await b.json('GET', '/api/wxwork/oauth2')).body.result.url)
    expect(oauth.pathname).toBe('/oauth-local/wecom/connect/oauth2/authorize')
    expect(oauth.searchParams.get('scope')).toBe('snsapi_base')
  })

  it('change state, so they need our CSRF token (403 in Chinese without it); a redirect elsewhere is kept on this site', async () => {
    const r = await t.app.request('/api/wxwork/sso', { headers: { Cookie: 'csrf_token=x' } })
    expect(r.status).toBe(403)
    expect(((await r.json()) as { message: string }).message).toBe('请求已失效，请刷新页面后重试')
    const b = browser('csrf_token=tok2')
    const start = await b.json('GET', `/api/wxwork/sso?redirect=${encodeURIComponent('//evil.example/x')}`)
    expect(start.status).toBe(200)
    const long = await b.json('GET', `/api/wxwork/sso?redirect=/${'a'.repeat(600)}`)
    expect(long.status).toBe(400)
    expect(long.body.message).toMatch(/[\u4e00-\u9fff]/)
  })
})

describe('signing in through the sandbox', () => {
  let member: ReturnType<typeof browser>

  it('a guest scans as a member: a new account is made, signed in, and /api/wxwork/mine names the member', async () => {
    member = browser('csrf_token=liu')
    const code = await scan(member, 'LiuMin')
    const session = await member.json('POST', '/api/wxwork/session', { code })
    expect(session.status).toBe(200)
    expect(session.body.result).toEqual({ action: 'registered', member: { userid: 'LiuMin', name: '刘敏', position: '高级投资顾问', avatar: '' } })
    expect(member.jar.get('gmh_sid')).toBeTruthy()
    const me = await member.json('GET', '/api/wxwork/mine')
    expect(me.body.result).toEqual({ corpName: '港美汇投资服务', member: { userid: 'LiuMin', name: '刘敏', position: '高级投资顾问', avatar: '' } })
    const user = await member.json('GET', '/api/user/get/v2')
    expect(user.body.result.nick).toBe('刘敏')
  })

  it('the same member signing in again (in the WeCom app, OAuth2) gets the same account', async () => {
    const again = browser('csrf_token=liu2')
    const code = await scan(again, 'LiuMin', 'oauth2')
    const session = await again.json('POST', '/api/wxwork/session', { code })
    expect(session.body.result.action).toBe('signedIn')
    const a = await again.json('GET', '/api/user/get/v2')
    const b = await member.json('GET', '/api/user/get/v2')
    expect(a.body.result.id).toBe(b.body.result.id)
  })

  it('a code is spent once, only in the browser that started the sign-in', async () => {
    const b = browser('csrf_token=chen')
    const code = await scan(b, 'ChenHao')
    const thief = browser('csrf_token=thief')
    const stolen = await thief.json('POST', '/api/wxwork/session', { code })
    expect(stolen).toMatchObject({ status: 400, body: { message: WECOM_MESSAGES.codeInvalid } })
    expect((await b.json('POST', '/api/wxwork/session', { code })).status).toBe(200)
    expect((await b.json('POST', '/api/wxwork/session', { code })).body.message).toBe(WECOM_MESSAGES.codeInvalid)
  })

  it('the callback refuses a state it did not issue, another browser, a used state, or bad input (400 page, never 500)', async () => {
    const b = browser('csrf_token=cb')
    const start = await b.json('GET', '/api/wxwork/sso')
    const state = start.body.result.state as string
    expect((await t.app.request(`/oauth/wecom/callback?state=${'0'.repeat(32)}&code=abc`)).status).toBe(400)
    expect((await browser('csrf_token=other').raw('GET', `/oauth/wecom/callback?state=${state}&code=abc`)).status).toBe(400)
    expect((await b.raw('GET', `/oauth/wecom/callback?state=${state}&code=${'x'.repeat(200)}`)).status).toBe(400)
    expect((await b.raw('GET', `/oauth/wecom/callback?state=${state}&code=abc`)).status).toBe(302)
    const second = await b.raw('GET', `/oauth/wecom/callback?state=${state}&code=abd`)
    expect(second.status).toBe(400)
    expect(await second.text()).toContain('企业微信登录已失效')
    // the code 'abc' is not one WeCom issued: spending it is the clear 400
    expect((await b.json('POST', '/api/wxwork/session', { code: 'abc' })).body.message).toBe(WECOM_MESSAGES.codeInvalid)
  })

  it('an outside WeChat user is told only members may sign in (403); a code past 300 s is refused', async () => {
    const b = browser('csrf_token=out')
    const code = await scan(b, '')
    expect(await b.json('POST', '/api/wxwork/session', { code })).toMatchObject({ status: 403, body: { message: WECOM_MESSAGES.notMember } })
    const late = browser('csrf_token=late')
    const lateCode = await scan(late, 'ZhouYa')
    t.advance(301_000)
    expect((await late.json('POST', '/api/wxwork/session', { code: lateCode })).body.message).toBe(WECOM_MESSAGES.codeInvalid)
  })

  it('bad bodies are a 400 with a Chinese message', async () => {
    const b = browser('csrf_token=bad')
    for (const body of [{}, { code: '' }, { code: 'a b' }, { code: 'x'.repeat(200) }, { code: 5 }]) {
      const r = await b.json('POST', '/api/wxwork/session', body)
      expect(r.status).toBe(400)
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
  })
})

describe('binding to a signed-in reader', () => {
  it("a reader binds a member to their own account; another reader cannot take that member", async () => {
    const owner = browser(t.owner.Cookie!)
    const code = await scan(owner, 'WangLei')
    const bound = await owner.json('POST', '/api/wxwork/session', { code })
    expect(bound.body.result).toMatchObject({ action: 'bound', member: { userid: 'WangLei' } })
    expect((await owner.json('GET', '/api/wxwork/mine')).body.result.member.userid).toBe('WangLei')
    const other = browser(t.other.Cookie!)
    const code2 = await scan(other, 'WangLei')
    expect(await other.json('POST', '/api/wxwork/session', { code: code2 })).toMatchObject({ status: 400, body: { message: WECOM_MESSAGES.bound } })
    // and a guest scanning as that member signs in to the reader's account
    const guest = browser('csrf_token=g3')
    const code3 = await scan(guest, 'WangLei')
    expect((await guest.json('POST', '/api/wxwork/session', { code: code3 })).body.result.action).toBe('signedIn')
    expect((await guest.json('GET', '/api/user/get/v2')).body.result.id).toBe(t.ownerId)
  })
})

describe('an account merged away', () => {
  it('its member moves with it: the next WeCom sign-in lands in the account it was merged into', async () => {
    const first = browser('csrf_token=m1')
    const code = await scan(first, 'ZhouYa')
    expect((await first.json('POST', '/api/wxwork/session', { code })).body.result.action).toBe('registered')
    const merged = (await first.json('GET', '/api/user/get/v2')).body.result.id as number
    // as server/accounts/merge.ts leaves it: the old account points at the one kept
    await sql`UPDATE users SET merged_into = ${t.otherId} WHERE id = ${merged}`.execute(t.db.kysely)
    const again = browser('csrf_token=m2')
    const code2 = await scan(again, 'ZhouYa')
    expect((await again.json('POST', '/api/wxwork/session', { code: code2 })).body.result.action).toBe('signedIn')
    expect((await again.json('GET', '/api/user/get/v2')).body.result.id).toBe(t.otherId)
    expect((await again.json('GET', '/api/wxwork/mine')).body.result.member.userid).toBe('ZhouYa')
    // and the kept account leaves its WeCom again for the next test's reader without a member
    await sql`DELETE FROM wecom_members WHERE user_id = ${t.otherId}`.execute(t.db.kysely)
  })
})

describe('the address book × guest, reader, member', () => {
  it('a guest is asked to sign in (401 请先登录) on every read', async () => {
    for (const path of ['/api/wxwork/mine', '/api/wxwork/clients', '/api/wxwork/groups', '/api/wxwork/groups/wrSandboxHkIpoGroup01']) {
      const r = await t.call('GET', path, {})
      expect([r.status, r.body.message]).toEqual([401, '请先登录'])
    }
  })

  it('a reader without WeCom: mine answers no member; the lists say to sign in with WeCom first (403)', async () => {
    const r = await t.call('GET', '/api/wxwork/mine', t.other)
    expect(r.body.result).toEqual({ corpName: '港美汇投资服务', member: null })
    for (const path of ['/api/wxwork/clients', '/api/wxwork/groups', '/api/wxwork/groups/wrSandboxHkIpoGroup01']) {
      const a = await t.call('GET', path, t.other)
      expect([a.status, a.body.message]).toEqual([403, WECOM_MESSAGES.notBound])
    }
  })

  it("the member's account: clients, owned groups, a group's members; another's group is 404; a bad gid 400", async () => {
    const clients = await t.ok('GET', '/api/wxwork/clients', t.owner) // WangLei's
    expect(clients.list.map((c: { name: string }) => c.name)).toEqual(['梁静怡', '谢文博'])
    const groups = await t.ok('GET', '/api/wxwork/groups', t.owner)
    expect(groups.list).toEqual([expect.objectContaining({ chatId: 'wrSandboxServiceGrp04', name: '会员服务群', memberCount: 5, clientCount: 3, ownerName: '王磊' })])
    // WangLei is an admin (not the owner) of the dividend group: he may open it too
    const dividend = await t.ok('GET', '/api/wxwork/groups/wrSandboxDividendGrp03', t.owner)
    expect(dividend.members.find((m: { userid: string }) => m.userid === 'WangLei').role).toBe('admin')
    const notIn = await t.call('GET', '/api/wxwork/groups/wrSandboxUsTechGroup02', t.owner)
    expect([notIn.status, notIn.body.message]).toEqual([404, WECOM_MESSAGES.groupNotFound])
    // a zh-hk reader reads the company's texts in traditional characters (server/i18n/to-hk.ts)
    const hk = await t.call('GET', '/api/wxwork/groups/wrSandboxDividendGrp03', { ...t.owner, 'Client-Lang': 'zh-hk' })
    expect([hk.body.result.ownerName, hk.body.result.notice, hk.body.result.members[0].name]).toEqual(['劉敏', '組合每週一收盤後復盤。', '劉敏'])
    const hkMine = await t.call('GET', '/api/wxwork/mine', { ...t.owner, 'Client-Lang': 'zh-hk' })
    expect(hkMine.body.result).toMatchObject({ corpName: '港美匯投資服務', member: { name: '王磊', position: '客服主管' } })
    const bad = await t.call('GET', '/api/wxwork/groups/a%20b%3Cscript%3E', t.owner)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/[\u4e00-\u9fff]/)
  })
})

describe('the sandbox page', () => {
  it('answers loopback only; checks the company, agent and redirect_uri as WeCom does; the confirm needs the CSRF token', async () => {
    const b = browser('csrf_token=sb')
    const url = new URL((await b.json('GET', '/api/wxwork/sso')).body.result.url)
    expect((await b.raw('GET', url.pathname + url.search, { env: socketEnv('203.0.113.9') })).status).toBe(404)
    expect((await b.raw('GET', url.pathname + url.search)).status).toBe(404) // no socket: not loopback
    const evil = new URL(url)
    evil.searchParams.set('redirect_uri', 'https://evil.example/oauth/wecom/callback')
    const refused = await b.raw('GET', evil.pathname + evil.search, { env: LOOPBACK })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('可信域名')
    const wrongCorp = new URL(url)
    wrongCorp.searchParams.set('appid', 'ww0000')
    expect((await b.raw('GET', wrongCorp.pathname + wrongCorp.search, { env: LOOPBACK })).status).toBe(400)
    const form = new URLSearchParams({ state: url.searchParams.get('state')!, redirect_uri: url.searchParams.get('redirect_uri')!, csrf: 'wrong', userid: 'LiuMin' })
    expect((await b.raw('POST', '/oauth-local/wecom/confirm', { body: form.toString(), type: 'application/x-www-form-urlencoded', env: LOOPBACK })).status).toBe(403)
    form.set('csrf', 'sb')
    form.set('userid', 'Stranger')
    expect((await b.raw('POST', '/oauth-local/wecom/confirm', { body: form.toString(), type: 'application/x-www-form-urlencoded', env: LOOPBACK })).status).toBe(400)
  })

  it('is off in production mode, even on loopback', async () => {
    const app = new Hono()
    registerWecom(app, { db: t.db, clock: () => TEST_NOW * 1000, env: { NODE_ENV: 'production' } })
    expect((await app.request('/oauth-local/wecom/wwlogin/sso/login?login_type=CorpApp', {}, LOOPBACK)).status).toBe(404)
  })
})

describe('write limits', () => {
  it('the URL builders store a grant each: limited per address as login QRs are (429)', async () => {
    const limited = createApp({ db: t.db, clock: () => TEST_NOW * 1000, staticDir: '/nonexistent', writeLimits: { ...WRITE_LIMITS, loginQr: { ...WRITE_LIMITS.loginQr, address: { max: 3, windowMs: 3_600_000 } } } })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const r = await limited.request('/api/wxwork/sso', { headers: { Cookie: 'csrf_token=lim', 'X-CSRF-Token': 'lim' } }, socketEnv('198.51.100.7'))
      statuses.push(r.status)
      if (r.status === 429) expect(((await r.json()) as { message: string }).message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })
})
