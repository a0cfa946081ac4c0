// Integration: the parts of the app around the endpoints — static client, pictures, errors, headers.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { avatarSvg, coverSvg } from '../fixtures/generate'
import { createApp, CONTENT_SECURITY_POLICY, contentSecurityPolicy, errorLine } from './app'
import type { Db } from './db/db'
import type { Database } from './db/schema'
import { createTestApp, type TestApp } from './testing/test-app'
import { parseInitialData } from '../core/api/initial-data'
import { firstCallKey, firstCalls, type FirstCall } from '../core/api/first-screen'

let t: TestApp
let staticDir: string
const INDEX = '<!doctype html><html><head><title>港美汇</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>'
/** index.html as served, from <body> on: the page's head and inlined data are tested in server/seo */
const withoutData = (text: string) => text.slice(text.indexOf('<body>'))
const dataOf = (text: string) => parseInitialData(/<script id="initial-data" type="application\/json">([^<]*)<\/script>/.exec(text)?.[1])

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'gmh-static-'))
  mkdirSync(join(staticDir, 'assets'))
  writeFileSync(join(staticDir, 'index.html'), INDEX)
  writeFileSync(join(staticDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)')
  writeFileSync(join(staticDir, 'robots.txt'), 'User-agent: *')
  writeFileSync(join(tmpdir(), 'gmh-outside-static.txt'), 'secret')
  t = await createTestApp({ staticDir })
})
afterAll(async () => {
  await t?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

describe('the built client', () => {
  it('serves index.html for client routes on reload (history fallback), never cached', async () => {
    for (const path of ['/', '/news/123', '/live/5', '/zh-hk/news']) {
      const res = await t.request(path, { headers: html })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('Content-Type')).toContain('text/html')
      expect(res.headers.get('Cache-Control')).toBe('no-cache, private')
      expect(withoutData(await res.text())).toBe(withoutData(INDEX))
    }
  })

  it('serves index.html at / whatever the Accept header', async () => {
    const res = await t.request('/')
    expect(res.status).toBe(200)
    expect(withoutData(await res.text())).toBe(withoutData(INDEX))
  })

  it('inlines the site config on every page and the first screen’s API answers on server-rendered pages', async () => {
    const home = dataOf(await (await t.request('/', { headers: html })).text())
    expect(home?.config.vipDisplay).toBe(true)
    const answer = <T,>(data: typeof home, call: FirstCall) => data?.answers?.[firstCallKey(call)] as T | undefined
    const feed = answer<{ list: { channelType: string }[] }>(home, firstCalls.homeFeed('home'))
    expect(feed?.list).toHaveLength(20)
    expect(answer<{ list: unknown[] }>(home, firstCalls.sideLives())?.list.length).toBe(12)
    expect(answer<unknown[]>(home, firstCalls.channels())?.length).toBeGreaterThan(5)
    expect(typeof home?.servedAt).toBe('number')
    // the same first page the API gives
    const api = await t.get('/api/channels/home/articles/v8?count=20')
    expect(feed).toEqual(api.body.result)

    const tag = dataOf(await (await t.request('/tag/us', { headers: html })).text())
    expect(answer<{ list: { channelType: string }[] }>(tag, firstCalls.homeFeed('us'))?.list.every((a) => a.channelType === 'us')).toBe(true)

    const news = dataOf(await (await t.request('/news/1', { headers: html })).text())
    expect(news?.config).toBeDefined()
    expect(Object.keys(news?.answers ?? {})).toEqual([firstCallKey(firstCalls.news(1))])
    // the API refuses an unknown channel: nothing inlined for it, the page shows its own error
    const unknown = dataOf(await (await t.request('/tag/no-such-channel', { headers: html })).text())
    expect(answer(unknown, firstCalls.homeFeed('no-such-channel'))).toBeUndefined()
    // a page the browser draws gets the config only
    const ranges = dataOf(await (await t.request('/market/hotRange/hk', { headers: html })).text())
    expect(ranges?.config).toBeDefined()
    expect(ranges?.answers).toBeUndefined()
  })

  it('sets <html lang> from the reader’s script: lang cookie, /zh-hk path (issue 16)', async () => {
    const langOf = async (path: string, cookie?: string) => /<html lang="([^"]+)"[ >]/.exec(await (await t.request(path, { headers: { ...html, ...(cookie ? { Cookie: cookie } : {}) } })).text())?.[1]
    expect(await langOf('/')).toBe('zh-CN')
    expect(await langOf('/news/1', 'lang=zh-cn')).toBe('zh-CN')
    expect(await langOf('/', 'lang=zh-hk')).toBe('zh-HK')
    expect(await langOf('/market', 'lang=zh-hk')).toBe('zh-HK')
    expect(await langOf('/zh-hk/news')).toBe('zh-HK')
  })

  it('inlines data in the reader’s script (lang cookie)', async () => {
    const hk = await (await t.request('/', { headers: { ...html, Cookie: 'lang=zh-hk' } })).text()
    const cn = await (await t.request('/', { headers: html })).text()
    const hkData = dataOf(hk)!
    const cnData = dataOf(cn)!
    const channelsOf = (d: typeof hkData) => d.answers![firstCallKey(firstCalls.channels())] as { name: string }[]
    expect(channelsOf(hkData).map((c) => c.name)).toContain('港股')
    expect(JSON.stringify(hkData)).not.toEqual(JSON.stringify(cnData))
    expect(JSON.stringify(channelsOf(hkData))).toContain('宏觀')
  })

  it('serves hashed assets as immutable and other files briefly cached', async () => {
    const js = await t.request('/assets/index-Ab12Cd34.js')
    expect(js.status).toBe(200)
    expect(js.headers.get('Content-Type')).toContain('text/javascript')
    expect(js.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(await js.text()).toBe('console.log(1)')
    const robots = await t.request('/robots.txt')
    expect(robots.headers.get('Cache-Control')).toBe('public, max-age=3600')
  })

  it('answers 404 for a missing file that is not a page, and never leaves the directory', async () => {
    expect((await t.request('/assets/missing-Zz99Yy88.js')).status).toBe(404)
    expect((await t.request('/..%2fgmh-outside-static.txt')).status).toBe(404)
    expect((await t.request('/%2e%2e/gmh-outside-static.txt')).status).toBe(404)
  })

  it('does not fall back to index.html for /api paths or non-GET requests', async () => {
    const api = await t.request('/api/nothing/here', { headers: html })
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({ statusCode: 404, message: '接口不存在', result: null })
    expect((await t.request('/news/123', { method: 'POST', headers: html })).status).toBe(404)
  })
})

describe('generated pictures', () => {
  it('GET /covers/{n}.svg and /avatars/{n}.svg draw the fixtures pictures, cached for a year', async () => {
    const cover = await t.request('/covers/7.svg')
    expect(cover.status).toBe(200)
    expect(cover.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(cover.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(await cover.text()).toBe(coverSvg(7))
    const avatar = await t.request('/avatars/3.svg')
    expect(await avatar.text()).toBe(avatarSvg(3))
  })
  it('answers 404 for names that are not pictures', async () => {
    for (const path of ['/covers/abc.svg', '/covers/-1.svg', '/avatars/1.png', '/covers/99999999.svg']) {
      expect((await t.request(path)).status, path).toBe(404)
    }
  })
})

describe('errors and headers', () => {
  it('answers unknown /api paths with the 404 envelope', async () => {
    expect(await t.get('/api/no/such/endpoint')).toMatchObject({ status: 404, body: { statusCode: 404, message: '接口不存在', result: null } })
    // a state-changing request must first pass the CSRF check (403 without it); with it, 404
    expect((await t.request('/api/channels/v3', { method: 'DELETE' })).status).toBe(403)
    const headers = { Cookie: 'csrf_token=abc123', 'X-CSRF-Token': 'abc123' }
    expect((await t.request('/api/channels/v3', { method: 'DELETE', headers })).status).toBe(404)
  })

  it('sets the security headers on every answer', async () => {
    for (const path of ['/api/channels/v3', '/news/1', '/covers/1.svg', '/api/nope']) {
      const res = await t.request(path, { headers: html })
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
      expect(res.headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('Content-Security-Policy'), path).toBe(CONTENT_SECURITY_POLICY)
    }
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval')
    // the real GeeTest widget, when configured, is allowed; nothing else is opened up
    expect(contentSecurityPolicy({})).toBe(CONTENT_SECURITY_POLICY)
    const withGeetest = contentSecurityPolicy({ GEETEST_ID: 'x' })
    expect(withGeetest).toContain("script-src 'self' https://static.geetest.com https://api.geetest.com")
    expect(withGeetest).toContain('connect-src \'self\' https://static.geetest.com')
    expect(withGeetest).not.toContain('unsafe-eval')
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'self'/)
    // issue 9: an injected <base> or a form posting elsewhere cannot leave the site
    expect(CONTENT_SECURITY_POLICY).toContain("base-uri 'self'")
    expect(CONTENT_SECURITY_POLICY).toContain("form-action 'self'")
    expect(withGeetest).toContain("form-action 'self'")
  })

  it('logs an unexpected failure as one line: method, route, error name and message, no values', () => {
    const dbError = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_key"'), {
      code: '23505',
      detail: 'Key (phone)=(13800138000) already exists.',
      parameters: ['13800138000', 'secret-password-hash'],
    })
    const line = errorLine('POST', '/api/user/login/v2', dbError)
    expect(line).toBe('POST /api/user/login/v2 failed: Error [23505]: duplicate key value violates unique constraint …')
    const value = errorLine('GET', '/api/news/:id/v3', new RangeError('value "2147483648" is out of range for type integer\n    at x.ts:1'))
    expect(value).toBe('GET /api/news/:id/v3 failed: RangeError: value … is out of range for type integer at x.ts:1')
    expect(errorLine('GET', '/x', 'thrown text')).toBe('GET /x failed: Error: thrown text')
  })

  it('answers an unexpected failure with a generic 500 envelope, no stack trace, and logs it', async () => {
    // a bug under every query (a database that is away answers 503 instead: server/http/unavailable.test.ts)
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2000 })
    pool.connect = (() => Promise.reject(new TypeError('cannot read properties of undefined (reading "rows")'))) as typeof pool.connect
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    const broken: Db = { kysely, kind: 'postgres', pglite: null, close: () => kysely.destroy() }
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const res = await createApp({ db: broken, staticDir }).request('/api/channels/v3')
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ statusCode: 500, message: '服务器繁忙，请稍后重试', result: null })
      expect(text).not.toMatch(/ECONNREFUSED|at |\.ts/)
      // one line per failure: the route pattern and the error, no stack
      expect(log).toHaveBeenCalledTimes(1)
      expect(log.mock.calls[0]).toHaveLength(1)
      const line = String(log.mock.calls[0]![0])
      expect(line).toMatch(/^GET \/api\/channels\/v3 failed: \w+/)
      expect(line).not.toContain('\n')
    } finally {
      log.mockRestore()
      await broken.close()
    }
  })
})

describe('broken forms', () => {
  it('answers a broken multipart or urlencoded body with 400, never 500', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const bodies: [string, string][] = [
        ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="state"\r\n\r\nabc'],
        ['multipart/form-data', 'garbage'],
        ['multipart/form-data; boundary=zz', 'no boundary here'],
      ]
      for (const path of ['/oauth-local/wechat/confirm', '/api/user/login/v2', '/s/']) {
        for (const [type, body] of bodies) {
          const res = await t.request(path, { method: 'POST', headers: { 'Content-Type': type, Cookie: 'csrf_token=abc', 'X-CSRF-Token': 'abc' }, body })
          expect(res.status, `${path} ${type}`).toBe(400)
          expect(await res.json()).toEqual({ statusCode: 400, message: '参数错误：请求体格式不正确', result: null })
        }
      }
      expect(log).not.toHaveBeenCalled()
    } finally {
      log.mockRestore()
    }
  })
})
