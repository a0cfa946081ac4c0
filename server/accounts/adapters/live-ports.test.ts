// Port selection (env → adapter kinds), the start-up log line, and the real adapters wired into the
// accounts routes with fake upstreams (no network).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { createTestDb, TEST_NOW, type TestDb } from '../../testing/test-db'
import { registerAccountsWith } from '../routes'
import { adaptersLogLine, selectPortKinds, UPSTREAM_MESSAGES, type AccountPorts, type CaptchaPort } from '../ports'
import { livePorts } from './live-ports'
import { tencentSms } from './tencent-sms'
import { wechatOpen } from './wechat-open'

const SMS = { TENCENT_SMS_SECRET_ID: 'AKIDsecretid', TENCENT_SMS_SECRET_KEY: 'sms-secret-key', TENCENT_SMS_SDK_APP_ID: '1400', TENCENT_SMS_SIGN_NAME: '港美汇', TENCENT_SMS_TEMPLATE_ID: '99' }
const ALL = { ...SMS, SMTP_URL: 'smtp://u:smtp-pass@mail.example.com:587', MAIL_FROM: 'a@b.cn', GEETEST_ID: 'gid', GEETEST_KEY: 'geetest-key', WECHAT_APP_ID: 'wxid', WECHAT_APP_SECRET: 'wechat-secret' }

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
})
afterAll(async () => t?.close())

describe('selectPortKinds', () => {
  it('is all local when nothing is configured', () => {
    expect(selectPortKinds({})).toEqual({ sms: 'local', email: 'local', captcha: 'local', wechat: 'local' })
    expect(selectPortKinds({ TENCENT_SMS_SECRET_ID: '  ' })).toEqual({ sms: 'local', email: 'local', captcha: 'local', wechat: 'local' })
  })
  it('picks each real adapter when its variables are all set', () => {
    expect(selectPortKinds(SMS)).toEqual({ sms: 'tencent', email: 'local', captcha: 'local', wechat: 'local' })
    expect(selectPortKinds({ SMTP_URL: 'smtp://x', MAIL_FROM: 'a@b.cn' }).email).toBe('smtp')
    expect(selectPortKinds({ GEETEST_ID: 'a', GEETEST_KEY: 'b' }).captcha).toBe('geetest')
    expect(selectPortKinds({ WECHAT_APP_ID: 'a', WECHAT_APP_SECRET: 'b' }).wechat).toBe('wechat')
    expect(selectPortKinds(ALL)).toEqual({ sms: 'tencent', email: 'smtp', captcha: 'geetest', wechat: 'wechat' })
  })
  it('refuses a half-configured service, naming what is missing (not the values)', () => {
    expect(() => selectPortKinds({ GEETEST_ID: 'a' })).toThrow(/captcha.*GEETEST_KEY/)
    expect(() => selectPortKinds({ SMTP_URL: 'smtp://u:pw@x' })).toThrow(/MAIL_FROM/)
    expect(() => selectPortKinds({ SMTP_URL: 'smtp://u:pw@x' })).not.toThrow(/pw/)
  })
})

describe('livePorts', () => {

  it('logs one line naming the live adapters and no secret', () => {
    const lines: string[] = []
    const { kinds, ports } = livePorts(t.db, () => 0, ALL, { fetch: (() => Promise.reject(new Error('no network'))) as typeof fetch, log: (l) => lines.push(l) })
    expect(lines).toEqual(['[accounts] adapters: sms=tencent email=smtp captcha=geetest wechat=wechat'])
    expect(lines[0]).toBe(adaptersLogLine(kinds))
    for (const secret of ['sms-secret-key', 'smtp-pass', 'geetest-key', 'wechat-secret', 'AKIDsecretid']) expect(lines[0]).not.toContain(secret)
    expect(ports.captcha).toBeDefined()
    expect(ports.wechat).toBeDefined()
    expect(ports.showOutbox).toBe(false) // nothing local left to show
  })
  it('keeps the local defaults when nothing is configured', async () => {
    const lines: string[] = []
    const { ports } = livePorts(t.db, () => 0, {}, { fetch: (() => Promise.reject(new Error('no network'))) as typeof fetch, log: (l) => lines.push(l) })
    expect(lines).toEqual([]) // all local: nothing beside the server's `listening on` line
    expect(ports.captcha).toBeUndefined()
    expect(ports.wechat).toBeUndefined()
    expect(ports.showOutbox).toBe(true)
  })
  it('uses the injected mail transport for SMTP', async () => {
    const sent: unknown[] = []
    const { ports } = livePorts(t.db, () => 0, { SMTP_URL: 'smtp://x', MAIL_FROM: 'from@b.cn' }, {
      fetch: fetch,
      log: () => {},
      mailTransport: () => ({ sendMail: async (m) => void sent.push(m) }),
    })
    await ports.email.send('to@b.cn', 's', 't')
    expect(sent).toEqual([{ from: 'from@b.cn', to: 'to@b.cn', subject: 's', text: 't' }])
  })
})

describe('real adapters behind the routes', () => {
  const now = TEST_NOW * 1000

  function appWith(ports: AccountPorts) {
    const app = new Hono()
    registerAccountsWith(app, { db: t.db, clock: () => now, env: { TRUST_PROXY: '1' }, ports })
    let cookie = ''
    const call = async (method: string, path: string, body?: unknown) => {
      if (!cookie) {
        const first = await app.request('/api/user/login/timeout', { headers: { 'x-forwarded-for': '10.9.9.9' } })
        cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
      }
      const csrf = /csrf_token=([^;]+)/.exec(cookie)?.[1] ?? ''
      const res = await app.request(path, {
        method,
        headers: { Cookie: cookie, 'X-CSRF-Token': csrf, 'x-forwarded-for': '10.9.9.9', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      for (const c of res.headers.getSetCookie()) cookie = [...cookie.split('; ').filter((p) => !p.startsWith(c.split('=')[0] + '=')), c.split(';')[0]].join('; ')
      return res
    }
    return { app, call }
  }
  const local = { email: { send: async () => {} }, showOutbox: false }

  it('sends the code through Tencent with the code and 5 minutes as template parameters', async () => {
    const bodies: any[] = []
    const f = (async (_u: string, init: RequestInit) => {
      bodies.push(JSON.parse(init.body as string))
      return new Response(JSON.stringify({ Response: { SendStatusSet: [{ Code: 'Ok' }] } }))
    }) as unknown as typeof fetch
    const { call } = appWith({ ...local, sms: tencentSms({ secretId: 'i', secretKey: 'k', sdkAppId: '1', signName: 's', templateId: '2', region: 'ap-guangzhou' }, { fetch: f, now: () => now }) })
    const r = await call('POST', '/api/over-sea-sms/message-code', { phone: '13800138001', countryCode: '86' })
    expect(((await r.json()) as any).statusCode).toBe(200)
    expect(bodies[0].PhoneNumberSet).toEqual(['+8613800138001'])
    expect(bodies[0].TemplateParamSet).toEqual([expect.stringMatching(/^\d{6}$/), '5'])
  })

  it('answers an SMS outage with the clear Chinese message, never a 500 with internals', async () => {
    const f = (async () => new Response(JSON.stringify({ Response: { Error: { Code: 'InternalError', Message: 'secret internal detail' } } }))) as unknown as typeof fetch
    const { call } = appWith({ ...local, sms: tencentSms({ secretId: 'i', secretKey: 'k', sdkAppId: '1', signName: 's', templateId: '2', region: 'r' }, { fetch: f, now: () => now }) })
    const r = await call('POST', '/api/over-sea-sms/message-code', { phone: '13800138002', countryCode: '86' })
    const text = await r.text()
    expect(r.status).toBe(502)
    expect(JSON.parse(text)).toEqual({ statusCode: 502, message: UPSTREAM_MESSAGES.sms, result: null })
    expect(text).not.toContain('secret internal detail')
  })

  it('gt-init answers from the captcha port, bound to the phone', async () => {
    const seen: string[] = []
    const captcha: CaptchaPort = {
      init: async (target, ip) => {
        seen.push(`${target}@${ip}`)
        return { gt: 'gid', challenge: 'c'.repeat(32), success: 1, new_captcha: true }
      },
      verify: async () => false,
    }
    const { call } = appWith({ ...local, sms: { send: async () => {} }, captcha })
    const r = await call('POST', '/api/over-sea-sms/gt-init', { phone: '13800138003', countryCode: '86' })
    expect(((await r.json()) as any).result).toEqual({ gt: 'gid', challenge: 'c'.repeat(32), success: 1, new_captcha: true })
    expect(seen).toEqual([expect.stringMatching(/13800138003@10\.9\.9\.9$/)])
  })

  it('WeChat: qrconnect URL, callback checks the state and returns ?wxcode=, the session exchanges the code', async () => {
    const f = (async (url: string) => {
      const p = new URL(url).pathname
      if (p === '/sns/oauth2/access_token') return new Response(JSON.stringify({ access_token: 'AT', openid: 'oREAL1' }))
      return new Response(JSON.stringify({ openid: 'oREAL1', nickname: '真微信', headimgurl: '' }))
    }) as unknown as typeof fetch
    const { app, call } = appWith({ ...local, sms: { send: async () => {} }, wechat: wechatOpen({ appId: 'wxA', secret: 'S' }, { fetch: f }) })
    const qr = ((await (await call('GET', '/api/we-chat/qr?redirect=%2Fnews%3Fpage%3D2')).json()) as any).result
    expect(qr.url).toMatch(/^https:\/\/open\.weixin\.qq\.com\/connect\/qrconnect\?appid=wxA&/)
    expect(new URL(qr.url).searchParams.get('state')).toBe(qr.state)
    // a forged state is refused, and so is ours in a browser that did not ask for it
    expect((await call('GET', `/oauth/wechat/callback?code=WXC&state=${'f'.repeat(32)}`)).status).toBe(400)
    expect((await app.request(`/oauth/wechat/callback?code=WXC&state=${qr.state}`)).status).toBe(400)
    const back = await call('GET', `/oauth/wechat/callback?code=WXC&state=${qr.state}`)
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe('/news?page=2&wxcode=WXC')
    // the same state cannot be used twice
    expect((await call('GET', `/oauth/wechat/callback?code=OTHER&state=${qr.state}`)).status).toBe(400)
    const session = (await (await call('GET', '/api/we-chat/session/v2?code=WXC')).json()) as any
    expect(session.result).toMatchObject({ nick: '真微信', needBindPhone: true })
    expect(((await (await call('GET', '/api/user/get/v2')).json()) as any).result).toMatchObject({ nick: '真微信', wechatBound: true })
    // a code that did not come through our callback is refused
    expect(((await (await call('GET', '/api/we-chat/session/v2?code=NOTOURS')).json()) as any).statusCode).toBe(400)
  })

  it('the WeChat callback redirects only to a same-site path', async () => {
    const { call } = appWith({ ...local, sms: { send: async () => {} }, wechat: wechatOpen({ appId: 'wxA', secret: 'S' }, { fetch }) })
    const qr = ((await (await call('GET', '/api/we-chat/qr?redirect=%2F%2Fevil.example.com%2Fx')).json()) as any).result
    const back = await call('GET', `/oauth/wechat/callback?code=C2&state=${qr.state}`)
    expect(back.headers.get('location')).toBe('/?wxcode=C2')
  })
})
