// /healthz and /readyz (issue 30): ready only with the database answering and every migration applied;
// a database that is gone or hangs answers 503 in bounded time, never a hang or a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { createTestDb, type TestDb } from '../testing/test-db'
import { loadMigrations } from '../db/migrate'
import { HEALTH_MESSAGES, registerHealth, type HealthOptions } from './health'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
}, 180_000)
afterAll(() => t.close())

function probe(options: HealthOptions = {}) {
  const app = new Hono()
  registerHealth(app, t.db, options)
  return async (path: string) => {
    const res = await app.request(path)
    return { status: res.status, cache: res.headers.get('Cache-Control'), body: (await res.json()) as Record<string, unknown> }
  }
}

describe('health probes', () => {
  it('a migrated database: both answer 200, never cached', async () => {
    const get = probe()
    expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } })
    expect(await get('/readyz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ready' } })
  })

  it('code newer than the database (a migration not applied yet): not ready, with the count', async () => {
    const get = probe({ expected: [...loadMigrations().map((m) => m.version), '999_future'] })
    expect(await get('/readyz')).toEqual({ status: 503, cache: 'no-store', body: { status: 'migrating', message: HEALTH_MESSAGES.migrating, pending: 1 } })
    expect((await get('/healthz')).status).toBe(200)
  })

  it('a stopping process (SIGTERM) is not ready, though alive: the balancer takes it out before its connections close', async () => {
    let stopping = false
    const get = probe({ draining: () => stopping })
    expect((await get('/readyz')).status).toBe(200)
    stopping = true
    expect(await get('/readyz')).toEqual({ status: 503, cache: 'no-store', body: { status: 'draining', message: HEALTH_MESSAGES.draining } })
    expect((await get('/healthz')).status).toBe(200)
  })

  it('a database that fails or hangs: 503 with the message, within the bound', async () => {
    expect((await probe({ applied: () => Promise.reject(new Error('connection refused')) })('/readyz')).body).toEqual({ status: 'unavailable', message: HEALTH_MESSAGES.unreachable })
    const started = Date.now()
    const hung = await probe({ applied: () => new Promise(() => undefined), timeoutMs: 200 })('/readyz')
    expect(hung.status).toBe(503)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe('a database never migrated', () => {
  it('has no applied versions, so it is not ready', async () => {
    const { openPglite } = await import('../db/db')
    const { appliedVersions } = await import('../db/migrate')
    const empty = await openPglite()
    try {
      expect(await appliedVersions(empty)).toEqual([])
    } finally {
      await empty.close()
    }
  }, 60_000)
})
