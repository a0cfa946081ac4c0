// Issue 9 (account takeover and abuse), on the real app and a PGlite clone: the two modes and their
// sandboxes, state-changing GETs, the WeChat state bound to the browser, the callback's redirect,
// existence leaks and throttles, session cookies, the local captcha picture and cleanup.
import { cookieJar } from '../testing/cookie-jar'
import { spawnSync } from 'node:child_process'
import { inflateSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { LOOPBACK, socketEnv } from '../testing/socket-env'
import { ACCOUNT_MESSAGES, LOOKUP_LIMIT_IP, LOOKUP_LIMIT_TARGET, WECHAT_QR_TTL_MS } from '../../core/accounts/limits'
import { isLoopback, productionRefusal, startupLine } from '../mode'
import { localPorts, PORT_ENV } from './ports'
import { accountsDb } from './tables'
import { callbackLocation, registerAccountsWith, safeRedirect } from './routes'
import { Hono as HonoApp } from 'hono'
import { wechatOpen } from './adapters/wechat-open'
import { TENCENT_LIVE_ENV } from '../streaming/select-streaming'

let t: TestDb
let app: Hono
let now = TEST_NOW * 1000
let ipSeq = 0
const SAVED = { NODE_ENV: process.env.NODE_ENV, TRUST_PROXY: process.env.TRUST_PROXY }

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => now, staticDir: '/nonexistent' })
})
afterAll(async () => {
  await t?.close()
})
beforeEach(() => {
  process.env.TRUST_PROXY = '1'
  now += 24 * 3600_000
})
afterEach(() => {
  for (const [k, v] of Object.entries(SAVED)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
})

type Answer = { status: number; statusCode: number; message: string; result: any; setCookie: string[]; text: string }

/** A browser: a cookie jar, one client IP (X-Forwarded-For, trusted here), a loopback socket unless told. */
function browser(opts: { ip?: string; socket?: string; origin?: string } = {}) {
  const ip = opts.ip ?? `10.1.0.${++ipSeq}`
  const origin = opts.origin ?? 'http://localhost'
  const env = socketEnv(opts.socket ?? '127.0.0.1')
  const cookies = cookieJar()
  const jar = cookies.cookies
  const cookie = cookies.header
  const take = cookies.take
  const csrf = () => jar.get('csrf_token') ?? jar.get('__Host-csrf_token')
  const raw = async (method: string, path: string, init: { body?: unknown; csrf?: boolean; headers?: Record<string, string> } = {}) => {
    if (!csrf()) take(await app.request(`${origin}/api/user/login/timeout`, { headers: { 'x-forwarded-for': ip } }, env))
    const headers: Record<string, string> = { 'x-forwarded-for': ip, Cookie: cookie(), ...init.headers }
    if (init.csrf !== false && csrf()) headers['X-CSRF-Token'] = csrf()!
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    return take(await app.request(`${origin}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }, env))
  }
  const call = async (method: string, path: string, init: { body?: unknown; csrf?: boolean; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const res = await raw(method, path, init)
    const text = await res.text()
    let json: any = {}
    try {
      json = JSON.parse(text)
    } catch {
      // an HTML page
    }
    return { status: res.status, statusCode: json.statusCode, message: json.message, result: json.result, setCookie: res.headers.getSetCookie(), text }
  }
  return {
    jar,
    ip,
    env,
    raw,
    get: (path: string, init?: { csrf?: boolean; headers?: Record<string, string> }) => call('GET', path, init),
    post: (path: string, body: unknown = {}, init?: { csrf?: boolean }) => call('POST', path, { ...init, body }),
    put: (path: string, body: unknown = {}) => call('PUT', path, { body }),
  }
}
type Browser = ReturnType<typeof browser>

let phoneSeq = 0
const newPhone = () => `137${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`
async function lastCode(target: string): Promise<string> {
  const row = await accountsDb(t.db).selectFrom('outbox').select('text').where('target', '=', target).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()
  return /验证码是(\d{6})/.exec(row.text)![1]!
}
const outboxCount = async (target: string) =>
  Number((await accountsDb(t.db).selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('target', '=', target).executeTakeFirst())?.n ?? 0)
async function signUp(b: Browser, phone = newPhone()) {
  expect((await b.post('/api/over-sea-sms/message-code', { phone, countryCode: '86' })).statusCode).toBe(200)
  const r = await b.post('/api/v2/user/session/v2', { phone, countryCode: '86', phoneCode: await lastCode(`86 ${phone}`) })
  expect(r.statusCode).toBe(200)
  now += 61_000
  return { phone, id: r.result.id as number }
}
/** The local WeChat flow up to the code: QR in `b`, confirmed on a 'phone', code read by polling in `b`. */
async function wechatCode(b: Browser, wxid: string): Promise<string> {
  const qr = await b.get('/api/we-chat/qr?redirect=/')
  const page = await app.request(`/oauth-local/wechat/qr/${qr.result.state}`, {}, LOOPBACK)
  const csrf = /csrf_token=([^;]+)/.exec(page.headers.getSetCookie().join(';'))![1]!
  const form = new URLSearchParams({ state: qr.result.state, wxid, nick: '微信用户', csrf })
  const ok = await app.request('/oauth-local/wechat/confirm', { method: 'POST', body: form, headers: { Cookie: `csrf_token=${csrf}`, 'Content-Type': 'application/x-www-form-urlencoded' } }, LOOPBACK)
  expect(ok.status).toBe(200)
  const status = await b.get(`/api/we-chat/qr/status?state=${qr.result.state}`)
  expect(status.result.status).toBe('confirmed')
  return status.result.code
}

// --- 1. two modes -------------------------------------------------------------------------------

describe('modes: sandboxes answer loopback sockets only, and nothing in production', () => {
  it('isLoopback knows 127.0.0.0/8, ::1 and ::ffff:127.x, nothing else', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.9.9.9']) expect(isLoopback(a), a).toBe(true)
    for (const a of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '127.0.0.256', '::2', 'localhost', '1127.0.0.1', '127.0.0.1.evil']) expect(isLoopback(a), String(a)).toBe(false)
  })

  const sandboxes = async (b: Browser) => {
    const qr = await b.get('/api/we-chat/qr?redirect=/')
    const init = await b.post('/api/over-sea-sms/gt-init', { phone: newPhone(), countryCode: '86' })
    return [
      (await b.get('/api/dev/outbox')).status,
      (await b.raw('GET', '/dev/outbox')).status,
      (await b.raw('GET', `/oauth-local/wechat/qr/${qr.result?.state ?? 'a'.repeat(32)}`)).status,
      (await b.raw('POST', '/oauth-local/wechat/confirm')).status,
      (await b.get(`/api/captcha/local/challenge/${init.result?.challenge ?? 'x'}`)).status,
      (await b.post('/api/captcha/local/verify', { challenge: init.result?.challenge ?? 'x', offset: 100 })).status,
    ]
  }

  it('local mode: a loopback socket reaches every sandbox', async () => {
    for (const socket of ['127.0.0.1', '::1', '::ffff:127.0.0.2']) {
      const [outbox, outboxPage, scan, confirm, picture] = await sandboxes(browser({ socket }))
      expect([outbox, outboxPage, scan, picture], socket).toEqual([200, 200, 200, 200])
      expect(confirm).not.toBe(404) // reached (the empty form is refused by its own checks)
    }
  })
  it('local mode: another address gets 404 from every sandbox, whatever X-Forwarded-For says', async () => {
    for (const socket of ['203.0.113.7', '::ffff:10.0.0.9', '192.168.1.20']) {
      const b = browser({ socket, ip: '127.0.0.1' }) // the header claims loopback; the socket decides
      expect(await sandboxes(b), socket).toEqual([404, 404, 404, 404, 404, 404])
    }
    // no socket at all (e.g. a request the server did not get from the network) is not loopback either
    expect((await app.request('/api/dev/outbox')).status).toBe(404)
  })
  it('production: every sandbox answers 404, even to loopback', async () => {
    process.env.NODE_ENV = 'production'
    expect(await sandboxes(browser({ socket: '127.0.0.1' }))).toEqual([404, 404, 404, 404, 404, 404])
  })
  it('production: the local SMS and e-mail stand-ins fail loudly instead of dropping codes', async () => {
    const ports = localPorts(t.db, () => now, { NODE_ENV: 'production' })
    await expect(ports.sms.send({ countryCode: '86', phone: '13800000000' }, 'x')).rejects.toThrow()
    await expect(ports.email.send('a@b.cn', 's', 'x')).rejects.toThrow()
  })
  it('production refuses to start without real adapters, naming the missing settings in one line', () => {
    const line = productionRefusal(PORT_ENV, {})!
    expect(line).toMatch(/^production mode needs real adapters; missing: TENCENT_SMS_SECRET_ID, /)
    for (const names of Object.values(PORT_ENV)) for (const n of names) expect(line).toContain(n)
    expect(line).not.toContain('\n')
    const all = Object.fromEntries(Object.values(PORT_ENV).flat().map((n) => [n, 'set']))
    expect(productionRefusal(PORT_ENV, all)).toBeNull()
    expect(productionRefusal(PORT_ENV, { ...all, GEETEST_KEY: ' ' })).toBe('production mode needs real adapters; missing: GEETEST_KEY')
  })
  it('the start-up line keeps the `listening on http://127.0.0.1:PORT` prefix and names the sandboxes', () => {
    const line = startupLine('local', 'http://127.0.0.1:8080', ['sms', 'email', 'wechat', 'captcha'])
    expect(line.startsWith('listening on http://127.0.0.1:8080 (local mode; sandboxes on loopback only: sms, email, wechat, captcha')).toBe(true)
    expect(startupLine('production', 'http://127.0.0.1:8080', [])).toBe('listening on http://127.0.0.1:8080 (production mode)')
  })
  it('server/main.ts with NODE_ENV=production and no adapters exits non-zero with that line', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', DATA_DIR: '/nonexistent/gmh-never-opened' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).not.toBe(0)
    expect(run.status).not.toBeNull()
    // one line naming every missing setting: the accounts' among them (chat, pay and storage add theirs)
    const line = run.stderr.trim()
    expect(line).toMatch(/^production mode needs real adapters; missing: /)
    expect(line).not.toContain('\n')
    for (const names of Object.values(PORT_ENV)) for (const n of names) expect(line).toContain(n)
    for (const n of TENCENT_LIVE_ENV) expect(line).toContain(n) // live streaming (server/streaming/select-streaming.ts)
    expect(run.stdout).not.toContain('listening on')
  }, 40_000)
})

// --- 2. no GET changes state ----------------------------------------------------------------------

describe('state-changing GETs need the CSRF header; the WeChat code is bound to the browser that asked', () => {
  const crossSite = { csrf: false, headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' } }

  it('a cross-site GET /api/user/logout (cookies, no header) signs nobody out; the site\'s own call does', async () => {
    const b = browser()
    await signUp(b)
    const forged = await b.get('/api/user/logout', crossSite)
    expect(forged.status).toBe(403)
    expect((await b.get('/api/user/get/v2')).status).toBe(200)
    expect((await b.get('/api/user/logout')).statusCode).toBe(200)
    expect((await b.get('/api/user/get/v2')).status).toBe(401)
  })

  it('login CSRF: the attacker\'s WeChat code does not sign the victim in, with or without the header', async () => {
    const attacker = browser()
    const code = await wechatCode(attacker, 'wx_attacker1')
    const victim = browser()
    expect((await victim.get(`/api/we-chat/session/v2?code=${code}`, crossSite)).status).toBe(403)
    const withHeader = await victim.get(`/api/we-chat/session/v2?code=${code}`)
    expect(withHeader.status).toBe(400)
    expect(withHeader.message).toBe(ACCOUNT_MESSAGES.wechatCodeInvalid)
    expect((await victim.get('/api/user/get/v2')).status).toBe(401)
    // the browser that showed the QR still signs in with it (the site's own client)
    expect((await attacker.get(`/api/we-chat/session/v2?code=${code}`)).statusCode).toBe(200)
  })

  it('GET /api/we-chat/bind from another site binds nothing to the victim', async () => {
    const victim = browser()
    const { id } = await signUp(victim)
    const attacker = browser()
    const code = await wechatCode(attacker, 'wx_attacker2')
    expect((await victim.get(`/api/we-chat/bind?code=${code}`, crossSite)).status).toBe(403)
    expect((await victim.get(`/api/we-chat/bind?code=${code}`)).status).toBe(400)
    const row = await accountsDb(t.db).selectFrom('users').select('wechat_openid').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.wechat_openid).toBeNull()
    // the victim's own scan binds
    const own = await wechatCode(victim, 'wx_victim_own')
    expect((await victim.get(`/api/we-chat/bind?code=${own}`)).statusCode).toBe(200)
    expect((await victim.get('/api/user/get/v2')).result.wechatBound).toBe(true)
  })

  it('GET /api/weChat/unbind (the spec\'s method): guest 401, a cross-site or token-less GET 403 and nothing unbound, the owner\'s own call unbinds', async () => {
    const guest = browser()
    expect((await guest.get('/api/weChat/unbind')).status).toBe(401)
    const owner = browser()
    await signUp(owner)
    expect((await owner.get(`/api/we-chat/bind?code=${await wechatCode(owner, 'wx_unbind_owner')}`)).statusCode).toBe(200)
    expect((await owner.get('/api/user/get/v2')).result.wechatBound).toBe(true)
    // a link on another site (Lax cookies travel with a top-level GET) cannot set our header
    expect((await owner.get('/api/weChat/unbind', crossSite)).status).toBe(403)
    const noToken = await owner.get('/api/weChat/unbind', { csrf: false })
    expect(noToken.status).toBe(403)
    expect(noToken.message).toMatch(/[\u4e00-\u9fff]/)
    expect((await owner.get('/api/user/get/v2')).result.wechatBound).toBe(true)
    // the POST it used to be is gone: one way to do it
    expect((await owner.post('/api/weChat/unbind')).status).toBe(404)
    const done = await owner.get('/api/weChat/unbind')
    expect([done.status, done.result]).toEqual([200, true])
    // the login info says so at once (the kept login info is forgotten after the change)
    expect((await owner.get('/api/user/get/v2')).result.wechatBound).toBe(false)
  })

  it('GET /api/weChat/unbind never locks out a WeChat-only account: 400 with a Chinese message', async () => {
    const b = browser()
    expect((await b.get(`/api/we-chat/session/v2?code=${await wechatCode(b, 'wx_only_account')}`)).statusCode).toBe(200)
    const r = await b.get('/api/weChat/unbind')
    expect(r.status).toBe(400)
    expect(r.message).toBe('请先绑定手机号再解绑微信')
    expect((await b.get('/api/user/get/v2')).result.wechatBound).toBe(true)
  })

  it('the QR status gives the code only to the browser that asked for the QR', async () => {
    const b = browser()
    const qr = await b.get('/api/we-chat/qr?redirect=/')
    const page = await app.request(`/oauth-local/wechat/qr/${qr.result.state}`, {}, LOOPBACK)
    const csrf = /csrf_token=([^;]+)/.exec(page.headers.getSetCookie().join(';'))![1]!
    await app.request('/oauth-local/wechat/confirm', {
      method: 'POST',
      body: new URLSearchParams({ state: qr.result.state, wxid: 'wx_peeker1', nick: 'x', csrf }),
      headers: { Cookie: `csrf_token=${csrf}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    }, LOOPBACK)
    const other = await browser().get(`/api/we-chat/qr/status?state=${qr.result.state}`)
    expect(other.result.code).toBeNull()
    expect((await b.get(`/api/we-chat/qr/status?state=${qr.result.state}`)).result.code).toMatch(/^[0-9a-f]{32}$/)
  })
})

// --- 3. the WeChat callback's redirect --------------------------------------------------------------

const SITE = 'https://site.example'
const EVIL = ['/.//evil', '/%2e//evil', '/%2E%2E//evil', '/a/..//evil', '/.\\evil', '/\\evil', '//evil', '/%5cevil', '/%5C%5Cevil', '/\t/evil', '/\n/evil', '/\r\n//evil', 'https://evil', 'http:evil', '/ /evil', '\\\\evil', '/a/../.././/evil', '/..//evil']

describe('the WeChat callback redirects only within the site', () => {
  function realWechatApp() {
    const wx = new HonoApp()
    const f = (async () => new Response('{}')) as unknown as typeof fetch
    registerAccountsWith(wx, {
      db: t.db,
      clock: () => now,
      env: { TRUST_PROXY: '1' },
      ports: { sms: { send: async () => {} }, email: { send: async () => {} }, showOutbox: false, wechat: wechatOpen({ appId: 'wxA', secret: 'S' }, { fetch: f }) },
    })
    let cookie = ''
    const req = async (path: string, headers: Record<string, string> = {}) => {
      if (!cookie) cookie = (await wx.request(`${SITE}/api/user/login/timeout`)).headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
      const csrf = /csrf_token=([^;]+)/.exec(cookie)?.[1] ?? ''
      const res = await wx.request(`${SITE}${path}`, { headers: { Cookie: cookie, 'X-CSRF-Token': csrf, ...headers } })
      for (const c of res.headers.getSetCookie()) cookie = [...cookie.split('; ').filter((p) => p && !p.startsWith(c.split('=')[0] + '=')), c.split(';')[0]].join('; ')
      return res
    }
    return { req }
  }

  it('no redirect from the list leaves the origin', async () => {
    const { req } = realWechatApp()
    let n = 0
    for (const evil of EVIL) {
      const qr = (await (await req(`/api/we-chat/qr?redirect=${encodeURIComponent(evil)}`)).json()) as any
      const back = await req(`/oauth/wechat/callback?code=EVILCODE${++n}&state=${qr.result.state}`)
      expect(back.status, evil).toBe(302)
      const location = back.headers.get('location')!
      expect(new URL(location, SITE).origin, `${JSON.stringify(evil)} → ${location}`).toBe(SITE)
      expect(location, evil).toMatch(/^\/(?![/\\])/)
    }
  })

  it('property: for any redirect, the stored path resolved against the site stays on the site', () => {
    const piece = fc.constantFrom('/', '\\', '.', '..', '%2e', '%2E', '%5c', '%5C', '%2f', '\t', '\n', '\r', ' ', 'evil', 'a', ':', '@', '?', '#', 'http:', 'https://', '//', '&', '=', '\u0000', '\u3000')
    const input = fc.oneof(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), fc.string({ maxLength: 40 }), fc.webUrl())
    fc.assert(
      fc.property(input, (r) => {
        const location = callbackLocation(safeRedirect(r), 'abc')
        return new URL(location, SITE).origin === SITE && /^\/(?![/\\])/.test(location)
      }),
      { numRuns: 1000 },
    )
  })

  it('keeps a good same-site path with its query', () => {
    expect(safeRedirect('/news?page=2')).toBe('/news?page=2')
    expect(safeRedirect('/stock/HK00700')).toBe('/stock/HK00700')
  })

  it('a used or unknown code sent to the callback again answers a clean 400 page, never 500', async () => {
    const { req } = realWechatApp()
    const qr1 = (await (await req('/api/we-chat/qr?redirect=/')).json()) as any
    expect((await req(`/oauth/wechat/callback?code=SAMECODE&state=${qr1.result.state}`)).status).toBe(302)
    const qr2 = (await (await req('/api/we-chat/qr?redirect=/')).json()) as any
    const again = await req(`/oauth/wechat/callback?code=SAMECODE&state=${qr2.result.state}`)
    expect(again.status).toBe(400)
    expect(again.headers.get('content-type')).toMatch(/text\/html/)
    expect((await req(`/oauth/wechat/callback?code=SAMECODE&state=${qr1.result.state}`)).status).toBe(400)
    expect((await req(`/oauth/wechat/callback?code=X&state=${'0'.repeat(32)}`)).status).toBe(400)
  })

  it('the callback refuses a state issued to another browser', async () => {
    const { req } = realWechatApp()
    const qr = (await (await req('/api/we-chat/qr?redirect=/')).json()) as any
    const victim = realWechatApp()
    expect((await victim.req(`/oauth/wechat/callback?code=ATTACK1&state=${qr.result.state}`)).status).toBe(400)
  })
})

// --- 5. session cookies ---------------------------------------------------------------------------

describe('session cookies: Secure and __Host- from the request protocol, never the Host header', () => {
  const sid = (a: Answer) => a.setCookie.find((c) => /^(__Host-)?gmh_sid=/.test(c))
  it('over https: __Host-gmh_sid, Secure, path /, no Domain; the session works with it', async () => {
    const b = browser({ origin: 'https://gmh.example' })
    const phone = newPhone()
    await b.post('/api/over-sea-sms/message-code', { phone, countryCode: '86' })
    const r = await b.post('/api/v2/user/session/v2', { phone, countryCode: '86', phoneCode: await lastCode(`86 ${phone}`) })
    const c = sid(r)!
    expect(c).toMatch(/^__Host-gmh_sid=[^;]+;.*Path=\//)
    expect(c).toMatch(/Secure/)
    expect(c).toMatch(/HttpOnly/)
    expect(c).not.toMatch(/Domain=/i)
    expect((await b.get('/api/user/get/v2')).statusCode).toBe(200)
    // a bare gmh_sid (e.g. tossed in over plain http or from a subdomain) is not read over https
    const token = b.jar.get('__Host-gmh_sid')!
    const res = await app.request('https://gmh.example/api/user/get/v2', { headers: { Cookie: `gmh_sid=${token}` } }, LOOPBACK)
    expect(res.status).toBe(401)
  })
  it('plain http: no Secure, even when the Host header is not localhost; https under a localhost Host is Secure', async () => {
    const plain = await app.request('http://gmh.example/api/user/login/timeout', {}, LOOPBACK)
    expect(plain.headers.getSetCookie().find((c) => c.startsWith('csrf_token='))).not.toMatch(/Secure/)
    const tls = await app.request('https://localhost/api/user/login/timeout', { headers: { Host: 'localhost' } }, LOOPBACK)
    expect(tls.headers.getSetCookie().find((c) => c.startsWith('__Host-csrf_token='))).toMatch(/Secure/)
  })
  it('X-Forwarded-Proto counts only with TRUST_PROXY=1', async () => {
    delete process.env.TRUST_PROXY
    const untrusted = await app.request('http://gmh.example/api/user/login/timeout', { headers: { 'X-Forwarded-Proto': 'https' } }, LOOPBACK)
    expect(untrusted.headers.getSetCookie().find((c) => c.startsWith('csrf_token='))).not.toMatch(/Secure/)
    process.env.TRUST_PROXY = '1'
    const trusted = await app.request('http://gmh.example/api/user/login/timeout', { headers: { 'X-Forwarded-Proto': 'https' } }, LOOPBACK)
    expect(trusted.headers.getSetCookie().find((c) => c.startsWith('__Host-csrf_token='))).toMatch(/Secure/)
  })
  it('over https the double submit uses __Host-csrf_token', async () => {
    const b = browser({ origin: 'https://gmh.example' })
    expect(b.jar.size).toBe(0)
    expect((await b.post('/api/over-sea-sms/message-code', { phone: newPhone(), countryCode: '86' })).statusCode).toBe(200)
    expect(b.jar.has('__Host-csrf_token')).toBe(true)
    expect((await b.post('/api/over-sea-sms/message-code', { phone: newPhone(), countryCode: '86' }, { csrf: false })).status).toBe(403)
  })
})

// --- 4. existence leaks and throttles -------------------------------------------------------------

describe('reset and lookup endpoints: the same answer whether the account exists, and a limit per IP and per target', () => {
  const same = (a: Answer) => ({ status: a.status, statusCode: a.statusCode, message: a.message, result: a.result })

  it('reset code by SMS: the same answer; only a registered phone gets a message', async () => {
    const { phone } = await signUp(browser())
    const stranger = newPhone()
    const a = await browser().post('/api/over-sea-sms/message-code', { phone, countryCode: '86', purpose: 'reset' })
    const b = await browser().post('/api/over-sea-sms/message-code', { phone: stranger, countryCode: '86', purpose: 'reset' })
    expect(same(b)).toEqual(same(a))
    expect(a.statusCode).toBe(200)
    expect(await outboxCount(`86 ${stranger}`)).toBe(0)
    expect(await outboxCount(`86 ${phone}`)).toBe(2) // the sign-up code and the reset code
  })

  it('e-mail forgot: the same answer; only a registered address gets a mail', async () => {
    const { id } = await signUp(browser())
    await accountsDb(t.db).updateTable('users').set({ email: `sec${id}@example.com` }).where('id', '=', id).execute()
    const a = await browser().post('/api/email/forgot', { email: `sec${id}@example.com` })
    const b = await browser().post('/api/email/forgot', { email: `nobody${id}@example.com` })
    expect(same(b)).toEqual(same(a))
    expect(a.statusCode).toBe(200)
    expect(await outboxCount(`nobody${id}@example.com`)).toBe(0)
    expect(await outboxCount(`sec${id}@example.com`)).toBe(1)
  })

  it('password reset by phone and by e-mail: a wrong or missing code answers the same for a stranger', async () => {
    const { phone, id } = await signUp(browser())
    await accountsDb(t.db).updateTable('users').set({ email: `rs${id}@example.com` }).where('id', '=', id).execute()
    const stranger = newPhone()
    const body = { countryCode: '86', phoneCode: '123456', password: 'abcdef1', passwordConfirm: 'abcdef1' }
    const a = await browser().put('/api/v2/user/password/phone', { ...body, phone })
    const b = await browser().put('/api/v2/user/password/phone', { ...body, phone: stranger })
    expect(same(b)).toEqual(same(a))
    expect(a.status).toBe(400)
    // after asking a reset code (sent to the real phone only), a guessed code answers alike too
    for (const p of [phone, stranger]) await browser().post('/api/over-sea-sms/message-code', { phone: p, countryCode: '86', purpose: 'reset' })
    const code = await lastCode(`86 ${phone}`)
    const wrong = code === '000000' ? '111111' : '000000'
    const c = await browser().put('/api/v2/user/password/phone', { ...body, phone, phoneCode: wrong })
    const d = await browser().put('/api/v2/user/password/phone', { ...body, phone: stranger, phoneCode: wrong })
    expect(same(d)).toEqual(same(c))
    const mail = { emailCode: '123456', password: 'abcdef1', passwordConfirm: 'abcdef1' }
    const e = await browser().put('/api/v2/user/password/email', { ...mail, email: `rs${id}@example.com` })
    const f = await browser().put('/api/v2/user/password/email', { ...mail, email: `nobody-rs${id}@example.com` })
    expect(same(f)).toEqual(same(e))
    expect(e.status).toBe(400)
  })

  it('bind-verify tells whether a phone is taken only with that phone\'s bind code', async () => {
    const { phone } = await signUp(browser())
    const stranger = newPhone()
    const me = browser()
    await signUp(me)
    const a = await me.post('/api/user/bind/verify/phone', { phone, countryCode: '86', verificationCode: '123456' })
    const b = await me.post('/api/user/bind/verify/phone', { phone: stranger, countryCode: '86', verificationCode: '123456' })
    expect(same(b)).toEqual(same(a))
    expect(a.status).toBe(400)
    await me.post('/api/over-sea-sms/message-code', { phone, countryCode: '86', purpose: 'bind' })
    const taken = await me.post('/api/user/bind/verify/phone', { phone, countryCode: '86', verificationCode: await lastCode(`86 ${phone}`) })
    expect(taken.result).toBe(false)
  })

  it('each is limited per IP', async () => {
    const me = browser()
    await signUp(me)
    const cases: [string, (i: number) => Promise<Answer>][] = [
      ['reset code', () => me.post('/api/over-sea-sms/message-code', { phone: newPhone(), countryCode: '86', purpose: 'reset' })],
      ['e-mail forgot', (i) => me.post('/api/email/forgot', { email: `ipl${i}-${phoneSeq}@example.com` })],
      ['reset by phone', () => me.put('/api/v2/user/password/phone', { phone: newPhone(), countryCode: '86', phoneCode: '123456', password: 'abcdef1', passwordConfirm: 'abcdef1' })],
      ['reset by e-mail', (i) => me.put('/api/v2/user/password/email', { email: `ipr${i}-${phoneSeq}@example.com`, emailCode: '123456', password: 'abcdef1', passwordConfirm: 'abcdef1' })],
      ['bind verify', () => me.post('/api/user/bind/verify/phone', { phone: newPhone(), countryCode: '86', verificationCode: '123456' })],
      ['get by phone', () => me.get(`/api/user/get-by-phone/v1?countryCode=86&phone=${newPhone()}`)],
    ]
    for (const [name, call] of cases) {
      now += 24 * 3600_000
      for (let i = 0; i < LOOKUP_LIMIT_IP.max; i++) {
        const r = await call(i)
        expect(r.status, `${name} #${i}`).not.toBe(429)
        expect(r.status, `${name} #${i}`).toBeLessThan(500)
      }
      const over = await call(LOOKUP_LIMIT_IP.max)
      expect(over.status, name).toBe(429)
      expect(over.message, name).toBe(ACCOUNT_MESSAGES.tooMany)
    }
  })

  it('each is limited per phone or e-mail, whatever the IP', async () => {
    const phone = newPhone()
    const email = `target-${phoneSeq}@example.com`
    const signedIn = async () => {
      const b = browser()
      await signUp(b)
      return b
    }
    const cases: [string, () => Promise<Answer>][] = [
      ['reset code', async () => {
        now += 61_000
        return browser().post('/api/over-sea-sms/message-code', { phone, countryCode: '86', purpose: 'reset' })
      }],
      ['e-mail forgot', async () => {
        now += 61_000
        return browser().post('/api/email/forgot', { email })
      }],
      ['reset by phone', () => browser().put('/api/v2/user/password/phone', { phone, countryCode: '86', phoneCode: '123456', password: 'abcdef1', passwordConfirm: 'abcdef1' })],
      ['reset by e-mail', () => browser().put('/api/v2/user/password/email', { email, emailCode: '123456', password: 'abcdef1', passwordConfirm: 'abcdef1' })],
      ['bind verify', async () => (await signedIn()).post('/api/user/bind/verify/phone', { phone, countryCode: '86', verificationCode: '123456' })],
      ['get by phone', async () => (await signedIn()).get(`/api/user/get-by-phone/v1?countryCode=86&phone=${phone}`)],
    ]
    for (const [name, call] of cases) {
      now += 24 * 3600_000
      for (let i = 0; i < LOOKUP_LIMIT_TARGET.max; i++) expect((await call()).status, `${name} #${i}`).not.toBe(429)
      const over = await call()
      expect(over.status, name).toBe(429)
      expect(over.message, name).toBe(ACCOUNT_MESSAGES.tooMany)
    }
  })
})

// --- 7. cleanup -----------------------------------------------------------------------------------

describe('cleanup: expired WeChat QR grants and replaced avatars are deleted', () => {
  it('a guest QR grant older than the TTL is gone once another QR is issued', async () => {
    const guest = browser()
    const old = (await guest.get('/api/we-chat/qr?redirect=/')).result.state
    const grants = () => accountsDb(t.db).selectFrom('wechat_grants').select('state').where('state', '=', old).execute()
    expect(await grants()).toHaveLength(1)
    now += WECHAT_QR_TTL_MS - 1
    await browser().get('/api/we-chat/qr?redirect=/')
    expect(await grants()).toHaveLength(1) // still live
    now += 2
    await browser().get('/api/we-chat/qr?redirect=/')
    expect(await grants()).toHaveLength(0)
  })
  it('a replaced avatar is deleted and no longer served; the current one is', async () => {
    const b = browser()
    const { id } = await signUp(b)
    const png = (n: number) => `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16, n)]).toString('base64')}`
    const first = (await b.post('/api/user/avatar/v1', { dataUrl: png(1) })).result.avatar
    const second = (await b.post('/api/user/avatar/v1', { dataUrl: png(2) })).result.avatar
    expect(first).not.toBe(second)
    expect((await app.request(first, {}, LOOPBACK)).status).toBe(404)
    expect((await app.request(second, {}, LOOPBACK)).status).toBe(200)
    const rows = await accountsDb(t.db).selectFrom('avatars').select('id').where('user_id', '=', id).execute()
    expect(rows.map((r) => `/u/avatar/${r.id}`)).toEqual([second])
  })
})

// --- 6. the local slider's picture ------------------------------------------------------------------

describe('the local slider captcha does not put its answer in the markup', () => {
  /** PNG chunks: [type, data][] */
  function chunks(png: Buffer): [string, Buffer][] {
    expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true)
    const out: [string, Buffer][] = []
    for (let i = 8; i < png.length; ) {
      const len = png.readUInt32BE(i)
      out.push([png.subarray(i + 4, i + 8).toString('latin1'), png.subarray(i + 8, i + 8 + len)])
      i += 12 + len
    }
    return out
  }
  it('serves a raster PNG (no SVG, no text chunks) whose other fields do not hold the offset; the gap is drawn darker', async () => {
    const b = browser()
    const init = await b.post('/api/over-sea-sms/gt-init', { phone: newPhone(), countryCode: '86' })
    const { answer } = await accountsDb(t.db).selectFrom('captcha_challenges').select('answer').where('challenge', '=', init.result.challenge).executeTakeFirstOrThrow()
    const pic = await b.get(`/api/captcha/local/challenge/${init.result.challenge}`)
    const { image, ...rest } = pic.result
    expect(Object.values(rest)).not.toContain(answer)
    expect(JSON.stringify(rest)).not.toMatch(new RegExp(`(^|\\D)${answer}(\\D|$)`))
    expect(image).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(image.slice('data:image/png;base64,'.length), 'base64')
    const parts = chunks(png)
    expect(parts.map(([type]) => type).filter((x) => x !== 'IDAT')).toEqual(['IHDR', 'IEND'])
    const ihdr = parts[0]![1]
    const [w, h] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)]
    expect([w, h]).toEqual([rest.width, 130])
    // RGB rows with a filter byte each: the gap (at the answer, gapY) is darker than the picture around it
    const raw = inflateSync(Buffer.concat(parts.filter(([type]) => type === 'IDAT').map(([, d]) => d)))
    const lum = (x: number, y: number) => {
      const o = y * (w * 3 + 1) + 1 + x * 3
      return raw[o]! + raw[o + 1]! + raw[o + 2]!
    }
    const mean = (x0: number, y0: number, size: number) => {
      let sum = 0
      for (let y = y0 + 4; y < y0 + size - 4; y++) for (let x = x0 + 4; x < x0 + size - 4; x++) sum += lum(x, y)
      return sum / (size - 8) ** 2
    }
    const inGap = mean(answer, rest.gapY, rest.piece)
    const left = mean(answer - rest.piece - 10 < 0 ? answer + rest.piece + 10 : answer - rest.piece - 10, rest.gapY, rest.piece)
    expect(inGap).toBeLessThan(left * 0.8)
  })
})
