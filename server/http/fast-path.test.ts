// The fast path for fresh public answers (server/http/fast-path.ts) answers exactly as the app would —
// the same status, bytes and headers — and only where the app would answer the same to everyone: the
// real app on a test database, listening on node:http as server/main.ts does, asked over a socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { parse } from 'hono/utils/cookie'
import { createTestApp, type TestApp } from '../testing/test-app'
import { fastPathOf } from '../app'
import { listen } from '../cluster/listen'
import { hasCookie } from './fast-path'

let t: TestApp
let server: Server
let port = 0
/** requests the app (Hono) answered; the fast path's never reach it */
let appRequests = 0

beforeAll(async () => {
  t = await createTestApp()
  const fetch = (req: Request, env: unknown) => {
    appRequests++
    return t.app.fetch(req, env as object)
  }
  server = await new Promise<Server>((resolve) => {
    const s = listen(fetch, { hostname: '127.0.0.1', port: 0, env: {}, fastPath: fastPathOf(t.app) }, () => resolve(s))
  })
  port = (server.address() as AddressInfo).port
}, 60_000)
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await t?.close()
})

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}
/** The headers as compared: every one but the clock's and the connection's. */
const compared = (r: Raw) => Object.fromEntries(Object.entries(r.headers).filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)))

/** Asks twice in a row: the first is answered by the app, the second by whoever takes it. */
async function twice(path: string, headers: Record<string, string> = {}) {
  const before = appRequests
  const first = await get(path, headers)
  const second = await get(path, headers)
  return { first, second, appAnswered: appRequests - before }
}

const FEED = '/api/channels/home/articles/v8'
const QUOTE = '/hq/hk/quote-info/00700/v2'

describe('the fast path for fresh public answers', () => {
  it('answers the second read of the home feed itself, with the same bytes and headers as the app', async () => {
    // each encoding under a host of its own, so that each first read is the app's
    for (const [host, encoding] of [['a.test', 'gzip, deflate, br'], ['b.test', 'identity']] as const) {
      const { first, second, appAnswered } = await twice(FEED, { Host: host, 'Accept-Encoding': encoding })
      expect(first.status).toBe(200)
      expect(appAnswered).toBe(1)
      expect(second.status).toBe(first.status)
      expect(second.body.equals(first.body)).toBe(true)
      expect(compared(second)).toEqual(compared(first))
      expect(second.headers['x-content-type-options']).toBe('nosniff')
      expect(second.headers['content-security-policy']).toContain("default-src 'self'")
    }
  })

  it('a cached answer is compressed for whoever asks as they accept it', async () => {
    await get(FEED, { 'Accept-Encoding': 'gzip' })
    const before = appRequests
    const plain = await get(FEED)
    const gzip = await get(FEED, { 'Accept-Encoding': 'gzip' })
    expect(appRequests).toBe(before)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(plain.body.toString('utf8')).statusCode).toBe(200)
  })

  it('keeps each script to its own answer: a zh-hk reader never gets the zh-cn one', async () => {
    await get(FEED)
    const before = appRequests
    const hk = await get(FEED, { 'Client-Lang': 'zh-hk' })
    expect(appRequests).toBe(before + 1)
    const cn = await get(FEED)
    expect(hk.body.toString('utf8')).not.toBe(cn.body.toString('utf8'))
    const again = await get(FEED, { 'Client-Lang': 'zh-hk' })
    expect(again.body.equals(hk.body)).toBe(true)
  })

  it('keeps each host to its own answer', async () => {
    await get(FEED)
    const before = appRequests
    await get(FEED, { Host: 'other.example' })
    expect(appRequests).toBe(before + 1)
  })

  it('leaves HEAD, other URLs and answers older than their public age to the app', async () => {
    await get(FEED)
    let before = appRequests
    await get(FEED, {}, 'HEAD')
    await get(`${FEED}?count=5`)
    expect(appRequests).toBe(before + 2)
    await new Promise((r) => setTimeout(r, 1_100)) // the feed's public age is 1 s (PUBLIC_MAX_AGE_MS)
    before = appRequests
    await get(FEED)
    expect(appRequests).toBe(before + 1)
  })

  it('a route after the CSRF middleware: a request without the CSRF cookie still gets its cookie from the app', async () => {
    const bare = await twice(QUOTE)
    expect(bare.first.status).toBe(200)
    expect(bare.appAnswered).toBe(2)
    expect(bare.second.headers['set-cookie']?.[0]).toMatch(/^csrf_token=/)

    const withCookie = await twice(QUOTE, { Cookie: 'csrf_token=abc123' })
    expect(withCookie.appAnswered).toBe(0) // the answer the bare requests produced is still fresh
    expect(withCookie.second.headers['set-cookie']).toBeUndefined()
    expect(withCookie.second.body.equals(bare.second.body)).toBe(true)
    const { 'set-cookie': _, ...bareHeaders } = compared(bare.second)
    expect(compared(withCookie.second)).toEqual(bareHeaders)
  })
})

describe('hasCookie', () => {
  const name = fc.constantFrom('csrf_token', '__Host-csrf_token', 'x_csrf_token', 'csrf_token2', 'sid')
  const value = fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/))
  it('agrees with hono’s cookie parser on whether a non-empty cookie of that name is there', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 5 }), fc.constantFrom('; ', ';'), name, (pairs, sep, asked) => {
        const header = pairs.map(([n, v]) => `${n}=${v}`).join(sep)
        expect(hasCookie(header, asked)).toBe(!!parse(header, asked)[asked])
      }),
    )
  })
})

describe('a fast path that throws', () => {
  it('leaves the request to the app and the process running', async () => {
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    const s = await new Promise<Server>((resolve) => {
      const made = listen(t.app.fetch, { hostname: '127.0.0.1', port: 0, env: {}, fastPath: () => { throw new Error('boom') } }, () => resolve(made))
    })
    try {
      const at = (s.address() as AddressInfo).port
      const status = await new Promise<number>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port: at, path: FEED }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        }).on('error', reject).end()
      })
      expect(status).toBe(200)
      expect(errors).toHaveLength(1)
    } finally {
      console.error = original
      await new Promise((resolve) => s.close(resolve))
    }
  })
})
