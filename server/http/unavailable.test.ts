// A database that is away (refused, cut, restarting) or a full disk answers 503 with a Chinese message,
// never a 500 and never a hang, and the pool recovers by itself once the database is back (issue 30
// 'Fault suite'; bench/faults.mjs proves the same under load with a real PostgreSQL restart).
import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createApp } from '../app'
import { openPostgres, type Db } from '../db/db'
import { testDatabaseUrl } from '../testing/test-db'
import { RETRY_AFTER_SECONDS, throttledLog, UNAVAILABLE_MESSAGES, unavailableReason } from './unavailable'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('unavailableReason', () => {
  it('tells a database that is away and a full disk from every other error', () => {
    const cases: [unknown, ReturnType<typeof unavailableReason>][] = [
      [withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'database'],
      [withCode('ECONNRESET'), 'database'],
      [withCode('57P01', 'terminating connection due to administrator command'), 'database'],
      [withCode('57P03', 'the database system is starting up'), 'database'],
      [withCode('08006'), 'database'],
      [withCode('53300', 'sorry, too many clients already'), 'database'],
      [new Error('Connection terminated unexpectedly'), 'database'],
      [new Error('timeout exceeded when trying to connect'), 'database'],
      [Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {}), 'database'],
      [new Error('query failed', { cause: withCode('57P01') }), 'database'],
      [withCode('53100', 'could not extend file "base/5/16384": No space left on device'), 'diskFull'],
      // not "away": a bug or bad data stays a 500 (or the route's own answer)
      [withCode('23505', 'duplicate key value violates unique constraint'), null],
      [withCode('42P01', 'relation "x" does not exist'), null],
      [new TypeError('x is undefined'), null],
      ['a string', null],
      [null, null],
    ]
    for (const [error, reason] of cases) expect(unavailableReason(error), String((error as Error)?.message ?? error)).toBe(reason)
  })

  it('logs one line per reason per interval, counting the rest', () => {
    const lines: string[] = []
    let now = 0
    const log = throttledLog((l) => lines.push(l), 1000, () => now)
    log('database', 'a')
    log('database', 'b')
    log('diskFull', 'c')
    now = 1500
    log('database', 'd')
    expect(lines).toEqual(['a → 503', 'c → 503', 'd (and 1 more since the last line) → 503'])
  })
})

/** A PostgreSQL port where nothing listens. */
async function deadPort(): Promise<number> {
  const srv = createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const { port } = srv.address() as { port: number }
  await new Promise((r) => srv.close(r))
  return port
}

describe('the real app on a PostgreSQL that is not there', () => {
  let db: Db
  afterAll(() => db?.close())

  it('answers 503 with the Chinese message (zh-hk converted) at once, not 500, and /readyz 503', async () => {
    db = await openPostgres({ connectionString: `postgres://gmh@127.0.0.1:${await deadPort()}/gone` })
    const app = createApp({ db, staticDir: '/nonexistent-static-dir' })
    const started = Date.now()
    for (const path of ['/api/news/300/v3', '/api/channels/home/articles/v8', '/hq/hk/quote-info/00700/v2']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(503)
      expect(res.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS))
      expect(await res.json()).toEqual({ statusCode: 503, message: UNAVAILABLE_MESSAGES.database, result: null })
    }
    const hk = await app.request('/api/news/300/v3', { headers: { 'Client-Lang': 'zh-hk' } })
    expect(hk.status).toBe(503)
    expect(((await hk.json()) as { message: string }).message).toBe('數據庫暫時無法連接，請稍後再試')
    expect((await app.request('/readyz')).status).toBe(503)
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})

/**
 * A TCP relay in front of the real PostgreSQL that the test can cut (every open connection reset, new
 * ones refused) and mend, as a restart of the database does to a running process.
 */
async function relay(target: URL) {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname)
      for (const s of [client, upstream]) {
        sockets.add(s)
        s.on('error', () => undefined)
        s.on('close', () => sockets.delete(s))
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r))
    port = (server!.address() as { port: number }).port
  }
  await open()
  return {
    port: () => port,
    async cut() {
      const closed = new Promise((r) => server!.close(r))
      for (const s of sockets) s.destroy()
      await closed
    },
    mend: open,
  }
}

describe.skipIf(!testDatabaseUrl())('a PostgreSQL connection cut and mended (TEST_DATABASE_URL)', () => {
  it('fails fast as "database" while cut and recovers by itself when mended', async () => {
    const url = new URL(testDatabaseUrl()!)
    const r = await relay(url)
    const through = new URL(url)
    through.hostname = '127.0.0.1'
    through.port = String(r.port())
    const pool = await openPostgres({ connectionString: through.toString(), maxConnections: 3 })
    const one = () => sql<{ one: number }>`SELECT 1 AS one`.execute(pool.kysely).then((x) => x.rows[0]!.one)
    try {
      expect(await Promise.all([one(), one(), one()])).toEqual([1, 1, 1])
      // a query in flight when the connection breaks: it fails, and the process does not (the broken
      // client's 'error' while checked out was an uncaught exception before server/db/db.ts listened)
      const inFlight = sql`SELECT pg_sleep(2)`.execute(pool.kysely).then(() => null, (e: unknown) => e)
      await new Promise((done) => setTimeout(done, 300))
      await r.cut()
      expect(unavailableReason(await inFlight)).toBe('database')
      const started = Date.now()
      for (let i = 0; i < 4; i++) {
        const error = await one().then(() => null, (e: unknown) => e)
        expect(unavailableReason(error), String(error)).toBe('database')
      }
      expect(Date.now() - started).toBeLessThan(5_000)
      await r.mend()
      // the pool dropped its broken clients: the next queries connect anew, with no restart of ours
      expect(await Promise.all([one(), one(), one()])).toEqual([1, 1, 1])
    } finally {
      await pool.close()
      await r.cut().catch(() => undefined)
    }
  })
})
