// The clock sandbox (server/clock-sandbox.ts): it moves the clock every feature reads, only in the
// local mode and only for loopback sockets; an app made without it (production) has no such route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from './app'
import { CLOCK_SANDBOX_PATH, controllableClock, MAX_ADVANCE_MS, type ClockControl } from './clock-sandbox'
import { cookieJar } from './testing/cookie-jar'
import { socketEnv } from './testing/socket-env'
import { createTestDb, TEST_NOW, type TestDb } from './testing/test-db'

let t: TestDb
let control: ClockControl
let app: Hono
beforeAll(async () => {
  t = await createTestDb()
  control = controllableClock(() => TEST_NOW * 1000)
  app = createApp({ db: t.db, clock: control.now, clockControl: control, staticDir: '/nonexistent-static-dir' })
}, 120_000)
afterAll(async () => {
  await t?.close()
})

/** A client on one socket address, with cookies and the CSRF header. */
function client(remoteAddress: string, on: Hono = app) {
  const env = socketEnv(remoteAddress)
  const jar = cookieJar()
  const post = async (path: string, body: unknown) => {
    if (!jar.cookies.has('csrf_token')) jar.take(await on.request('/api/user/login/timeout', {}, env))
    const headers = { Cookie: jar.header(), 'X-CSRF-Token': jar.cookies.get('csrf_token')!, 'Content-Type': 'application/json' }
    const res = jar.take(await on.request(path, { method: 'POST', headers, body: JSON.stringify(body) }, env))
    return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; result: unknown } }
  }
  return { post, sendCode: (phone: string) => post('/api/over-sea-sms/message-code', { phone, countryCode: '86' }) }
}

describe('the clock sandbox', () => {
  it('moves the clock the features read: a second code within the minute is refused, after advancing 61 s it is sent', async () => {
    const me = client('127.0.0.1')
    expect((await me.sendCode('13700000001')).body.statusCode).toBe(200)
    expect((await me.sendCode('13700000001')).status).toBe(429)
    const before = control.now()
    const moved = await me.post(CLOCK_SANDBOX_PATH, { advanceMs: 61_000 })
    expect(moved.body).toEqual({ statusCode: 200, message: 'success', result: { now: before + 61_000 } })
    expect((await me.sendCode('13700000001')).body.statusCode).toBe(200)
  })

  it('answers 404 to another address and leaves the clock alone', async () => {
    const before = control.now()
    for (const address of ['203.0.113.7', '::ffff:10.0.0.9']) expect((await client(address).post(CLOCK_SANDBOX_PATH, { advanceMs: 61_000 })).status).toBe(404)
    expect(control.now()).toBe(before)
  })

  it('answers 404 in production mode, even to loopback', async () => {
    const saved = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      const before = control.now()
      expect((await client('127.0.0.1').post(CLOCK_SANDBOX_PATH, { advanceMs: 1_000 })).status).toBe(404)
      expect(control.now()).toBe(before)
    } finally {
      process.env.NODE_ENV = saved
    }
  })

  it('does not exist in an app made without it (what server/main.ts makes in production)', async () => {
    const plain = createApp({ db: t.db, clock: () => TEST_NOW * 1000, staticDir: '/nonexistent-static-dir' })
    expect((await client('127.0.0.1', plain).post(CLOCK_SANDBOX_PATH, { advanceMs: 1_000 })).status).toBe(404)
  })

  it('refuses a bad amount with a Chinese message, and a call without the CSRF header', async () => {
    const me = client('127.0.0.1')
    for (const advanceMs of [0, -5, 1.5, MAX_ADVANCE_MS + 1, '61000', null]) {
      const r = await me.post(CLOCK_SANDBOX_PATH, { advanceMs })
      expect(r.status, String(advanceMs)).toBe(400)
      expect(r.body.message).toMatch(/^参数错误/)
    }
    const bare = await app.request(CLOCK_SANDBOX_PATH, { method: 'POST', body: JSON.stringify({ advanceMs: 1 }), headers: { 'Content-Type': 'application/json' } }, socketEnv('127.0.0.1'))
    expect(bare.status).toBe(403)
  })
})
