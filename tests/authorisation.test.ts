// Issue 9 'Proof': every state-changing route of the real app — computed from the Hono app's own
// route table (every POST/PUT/DELETE/PATCH, plus the spec's GETs that change state), so a route added
// later is covered without touching this file — refuses a cross-site request carrying a signed-in
// reader's cookies, and refuses a guest where it needs a user (401 请先登录). Guests may use only the
// routes on GUEST_ALLOWED below, each with its reason; nothing is exempt from the cross-site check.
import * as Effect from 'effect/Effect'
import * as Arbitrary from 'effect/Arbitrary'
import * as Schema from 'effect/Schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPath, routerPath, type Endpoint } from '../core/api/endpoint'
import { ENDPOINTS } from '../core/api/registry'
import { STATE_CHANGING_GETS } from '../server/accounts/http'
import { NOT_LOGGED_IN, signInForTest } from '../server/accounts/session'
import { createTestApp, type TestApp } from '../server/testing/test-app'
import { LOOPBACK } from '../server/testing/socket-env'

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH'])

/** Routes a guest may call (each still refuses a cross-site request), `METHOD /router/path`. */
const GUEST_ALLOWED = new Map<string, string>([
  ['POST /s/', 'client logs: guests send them too (own origin and a rate limit, server/app.ts)'],
  ['POST /api/over-sea-sms/message-code', 'asks the login/sign-up code: the reader is not signed in yet'],
  ['POST /api/over-sea-sms/gt-init', 'the captcha before a code is sent to a guest'],
  ['POST /api/captcha/local/verify', 'the local slider a guest solves before a code is sent'],
  ['POST /api/v2/user/session/v2', 'code login'],
  ['POST /api/user/login/phone-code', 'code login'],
  ['POST /api/over-sea-sms/session', 'code login'],
  ['POST /api/v2/user', 'sign-up'],
  ['POST /api/over-sea-sms/register', 'sign-up'],
  ['POST /api/user/login/v2', 'password login'],
  ['POST /api/email/forgot', 'forgotten password: the reset code is the proof, not a session'],
  ['PUT /api/v2/user/password/email', 'password reset by e-mail code'],
  ['PUT /api/v2/user/password/phone', 'password reset by SMS code'],
  ['POST /oauth-local/wechat/confirm', 'the local WeChat simulator: the phone that scans is not signed in to the site'],
  ['POST /api/sandbox/moderation/v1', 'the local moderation sandbox plays the reviewer, not a reader: local mode and a loopback socket only (404 otherwise)'],
  ['POST /transaction/notify/v1', 'the pay service’s callback: its signature is the proof, not a session (server/membership/orders.ts)'],
  ['POST /sandbox/pay/:token{[A-Za-z0-9_-]{32}}', 'the local WeChat Pay sandbox: the phone that pays is not signed in; local mode and a loopback socket only (404 otherwise)'],
  ['GET /api/user/logout', 'a guest logging out ends nothing'],
  ['GET /api/we-chat/qr', 'a guest asks for the WeChat login QR'],
  ['GET /api/we-chat/session/v2', 'WeChat login (the code is bound to the browser that asked for the QR)'],
  ['GET /api/wxwork/sso', 'a guest asks where WeCom’s login page is (a grant bound to this browser)'],
  ['GET /api/wxwork/oauth2', 'a guest asks where WeCom’s in-app authorisation is (a grant bound to this browser)'],
  ['POST /api/wxwork/session', 'WeCom login (the code is bound to the browser that started the sign-in)'],
  ['POST /oauth-local/wecom/confirm', 'the local WeCom sandbox: the member who scans is not signed in to the site; local mode and a loopback socket only (404 otherwise)'],
  ['POST /api/video/onlineCount/v1', 'a guest watching a free live room is counted online (server/live: a paid room answers 401)'],
  ['GET /api/video/visit/v1', 'a guest opening a live room’s page counts as a visit'],
  ['GET /api/financial-circle/live-column/content/before-join-live-room/v1', 'a guest enters a free live room (without its chat) and is told why not otherwise'],
])

/** Routes that refuse a guest with another answer the spec names (spec 001 §8: the 403 guard). */
const GUEST_REFUSED_OTHERWISE = new Map<string, { status: number; message: string }>([
  ['POST /api/portfolio/follow/v1', { status: 403, message: '请先登录再进行操作！' }],
  ['DELETE /api/portfolio/follow/v1', { status: 403, message: '请先登录再进行操作！' }],
])

interface Target {
  key: string
  method: string
  path: string
  endpoint: Endpoint | undefined
}

/** Every state-changing route the app serves, from its own route table. */
function stateChangingRoutes(t: TestApp): Target[] {
  const seen = new Map<string, Target>()
  for (const r of t.app.routes) {
    const method = r.method.toUpperCase()
    if (!(MUTATING.has(method) || (method === 'GET' && STATE_CHANGING_GETS.has(r.path)))) continue
    const key = `${method} ${r.path}`
    if (seen.has(key)) continue
    const endpoint = ENDPOINTS.map((x) => x.endpoint).find((e) => e.method === method && routerPath(e.path) === r.path)
    seen.set(key, { key, method, path: r.path, endpoint })
  }
  return [...seen.values()]
}

/** One wire value the schema accepts (drawn from its Arbitrary, checked by decoding it again). */
async function validWire(schema: Schema.Top, seed: number): Promise<unknown> {
  const codec = schema as unknown as Schema.Codec<unknown, unknown>
  const values = await Effect.runPromise(Arbitrary.sampleEffect(Arbitrary.schema(schema as never), { count: 20, seed, size: 3 }))
  for (const v of values) {
    try {
      const wire = Schema.encodeUnknownSync(codec)(v)
      Schema.decodeUnknownSync(codec)(wire)
      if (JSON.stringify(wire).includes('\\u0000')) continue
      return wire
    } catch {
      // try the next one
    }
  }
  throw new Error('no valid sample')
}

/** `/a/:id{[0-9]+}/b` → `/a/1/b`: each parameter gets the first sample its pattern accepts. */
function fillRouterPath(target: Target): string {
  return target.path.replace(/:(\w+)(?:\{((?:[^{}]|\{[^{}]*\})*)\})?/g, (_, name: string, pattern?: string) => {
    const fits = (v: string) => !pattern || new RegExp(`^(?:${pattern})$`).test(v)
    const v = ['1', '0'.repeat(32), 'a1', 'hk00700'].find(fits)
    if (v === undefined) throw new Error(`${target.key}: no sample fits :${name}; add one to fillRouterPath`)
    return v
  })
}

/** A request the route's own decoding accepts (so what refuses it is the authorisation, not 400). */
async function requestFor(target: Target, seed: number): Promise<{ url: string; body: string | undefined; type: string | undefined }> {
  const e = target.endpoint
  if (!e) {
    const url = fillRouterPath(target)
    const form = target.method === 'GET' ? undefined : 'state=' + '0'.repeat(32) + '&wxid=wx_tester&nick=x'
    return { url, body: form, type: form ? 'application/x-www-form-urlencoded' : undefined }
  }
  const params = e.path.includes('{') ? ((await validWire(e.params, seed)) as Record<string, unknown>) : {}
  const query = (await validWire(e.query, seed + 1)) as Record<string, unknown> | undefined
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) sp.append(k, String(v))
  const url = buildPath(e.path, params) + (sp.size ? `?${sp}` : '')
  if (e.method === 'GET' || e.method === 'DELETE') return { url, body: undefined, type: undefined }
  const body = await validWire(e.body, seed + 2)
  return { url, body: body === undefined ? undefined : JSON.stringify(body), type: 'application/json' }
}

let t: TestApp
let routes: Target[]

beforeAll(async () => {
  t = await createTestApp()
  routes = stateChangingRoutes(t)
})
afterAll(async () => {
  await t?.close()
})

describe('authorisation: every state-changing route', () => {
  it('the list is computed from the app (and covers the known ones); the exemptions name routes that exist', () => {
    const keys = routes.map((r) => r.key)
    expect(keys.length).toBeGreaterThan(25)
    for (const k of ['POST /api/user/updateInfo', 'POST /api/userstock/add', 'GET /api/we-chat/bind', 'POST /s/']) expect(keys).toContain(k)
    for (const p of STATE_CHANGING_GETS) expect(keys, `${p} is served`).toContain(`GET ${p}`)
    for (const k of GUEST_ALLOWED.keys()) expect(keys, `exemption ${k} names a route`).toContain(k)
  })

  it('refuses a cross-site request that carries a signed-in reader\'s cookies but no CSRF header (403)', async () => {
    const cookie = await signInForTest(t, 1)
    const failures: string[] = []
    for (const [i, r] of routes.entries()) {
      const req = await requestFor(r, 9100 + i * 5)
      const headers: Record<string, string> = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Cookie: cookie }
      if (req.type) headers['Content-Type'] = req.type
      const res = await t.app.request(req.url, { method: r.method, headers, body: req.body }, LOOPBACK)
      await res.arrayBuffer()
      if (res.status !== 403) failures.push(`${r.key} answered ${res.status}`)
    }
    expect(failures).toEqual([])
  })

  it('refuses a guest (the site\'s own client, valid CSRF, no session) with 401 请先登录, except the listed guest routes', async () => {
    const failures: string[] = []
    for (const [i, r] of routes.entries()) {
      if (GUEST_ALLOWED.has(r.key)) continue
      const req = await requestFor(r, 9100 + i * 5)
      const headers: Record<string, string> = { Cookie: 'csrf_token=guest-token', 'X-CSRF-Token': 'guest-token', 'Sec-Fetch-Site': 'same-origin' }
      if (req.type) headers['Content-Type'] = req.type
      const res = await t.app.request(req.url, { method: r.method, headers, body: req.body }, LOOPBACK)
      const text = await res.text()
      let message = ''
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? ''
      } catch {
        // not JSON
      }
      const expected = GUEST_REFUSED_OTHERWISE.get(r.key) ?? { status: 401, message: NOT_LOGGED_IN }
      if (res.status !== expected.status || message !== expected.message) failures.push(`${r.key} answered ${res.status} ${text.slice(0, 120)}`)
    }
    expect(failures).toEqual([])
  })
})
