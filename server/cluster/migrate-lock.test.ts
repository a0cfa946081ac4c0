// N processes starting together on one PostgreSQL (issue 30): two migrators at once, each with its own
// pool as two processes have, apply every migration exactly once between them; seeding-style work under
// withAdvisoryLock runs one at a time. PostgreSQL only (TEST_DATABASE_URL); PGlite is one process's.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, quoteIdent, type Db } from '../db/db'
import { loadMigrations, migrate, SEED_LOCK_KEY, withAdvisoryLock } from '../db/migrate'
import { adminQuery, testDatabaseUrl, withDatabase } from '../testing/test-db'

const url = testDatabaseUrl()
const name = `gmh_migrate_lock_${randomBytes(4).toString('hex')}`
const admin = (text: string) => adminQuery(url!, text)

describe.skipIf(!url)('migrations and seeding across processes (PostgreSQL)', () => {
  let a: Db
  let b: Db
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${quoteIdent(name)}`)
    a = await openPostgres({ connectionString: withDatabase(url!, name), maxConnections: 2 })
    b = await openPostgres({ connectionString: withDatabase(url!, name), maxConnections: 2 })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    if (url) await admin(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
  })

  it('two migrators started at once on a new database apply each migration once between them', async () => {
    const all = loadMigrations().map((m) => m.version)
    const [first, second] = await Promise.all([migrate(a), migrate(b)])
    // one of them did the work, the other waited on the lock and found everything recorded
    expect([...first, ...second].sort()).toEqual(all)
    expect(first.filter((v) => second.includes(v))).toEqual([])
    const rows = await a.kysely.selectFrom('schema_migrations').select('version').execute()
    expect(rows.map((r) => r.version).sort()).toEqual(all)
    expect(await migrate(b)).toEqual([])
  }, 120_000)

  it('work under the seed lock from two processes runs one after the other, never overlapping', async () => {
    const spans: { who: string; from: number; to: number }[] = []
    const work = (db: Db, who: string) =>
      withAdvisoryLock(db, SEED_LOCK_KEY, async () => {
        const from = performance.now()
        // a query on the process's pool while the lock is held on another of its connections
        await db.kysely.selectFrom('schema_migrations').select('version').limit(1).execute()
        await new Promise((r) => setTimeout(r, 200))
        spans.push({ who, from, to: performance.now() })
      })
    // (each waiter holds one connection of its pool while it waits: one per process, as server/main.ts does)
    const c = await openPostgres({ connectionString: withDatabase(url!, name), maxConnections: 2 })
    await Promise.all([work(a, 'a'), work(b, 'b'), work(c, 'c')]).finally(() => c.close())
    expect(spans).toHaveLength(3)
    const sorted = [...spans].sort((x, y) => x.from - y.from)
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.from).toBeGreaterThanOrEqual(sorted[i - 1]!.to)
  })
})
