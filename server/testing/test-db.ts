// The database a server test file runs against. By default a clone of the PGlite template; when
// TEST_DATABASE_URL=postgres://… is set (CI), a fresh database on that PostgreSQL, copied from a
// migrated and seeded template database (CREATE DATABASE … TEMPLATE: a file copy, ~0.3 s, where
// migrating and seeding each file's own schema took seconds per file).
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openPostgres, quoteIdent, type Db } from '../db/db'
import { migrate } from '../db/migrate'
import { seed } from '../db/seed'
import { cloneTemplate, sourcesHash, TEST_NOW } from './template-db'

export { TEST_NOW }

export interface TestDb {
  db: Db
  kind: 'pglite' | 'postgres'
  /** closes the database (and drops the schema on PostgreSQL) */
  close(): Promise<void>
}

export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined
}

/** One statement on `url`'s server outside any pool (CREATE or DROP DATABASE). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** An arbitrary fixed key for pg_advisory_lock: one test file at a time builds or copies the template. */
const TEMPLATE_LOCK = 741155

/**
 * The template database for this tree's migrations, seed and fixtures (named by their hash, like
 * the PGlite tarball), built by the first test file that needs it. Older templates are dropped.
 */
async function ensureTemplate(admin: pg.Client, url: string): Promise<string> {
  const name = `gmh_tpl_${sourcesHash()}`
  const found = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', ['gmh_tpl_%'])
  const names = found.rows.map((r: { datname: string }) => r.datname)
  for (const old of names.filter((n) => n !== name)) await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(old)} WITH (FORCE)`)
  if (names.includes(name)) return name
  const building = `${name}_b${process.pid}`
  await admin.query(`CREATE DATABASE ${quoteIdent(building)}`)
  const db = await openPostgres({ connectionString: withDatabase(url, building), maxConnections: 2 })
  try {
    await migrate(db)
    await seed(db, { now: TEST_NOW })
  } catch (error) {
    await db.close()
    await admin.query(`DROP DATABASE ${quoteIdent(building)} WITH (FORCE)`)
    throw error
  }
  await db.close()
  // renamed only once complete: a template is never half-seeded
  await admin.query(`ALTER DATABASE ${quoteIdent(building)} RENAME TO ${quoteIdent(name)}`)
  return name
}

export async function createTestDb(): Promise<TestDb> {
  const url = testDatabaseUrl()
  if (!url) {
    const db = await cloneTemplate()
    return { db, kind: 'pglite', close: () => db.close() }
  }
  const name = `gmh_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK])
    const template = await ensureTemplate(admin, url)
    await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`)
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined)
    await admin.end()
  }
  const db = await openPostgres({ connectionString: withDatabase(url, name), maxConnections: 4 })
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.close()
      await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)
    },
  }
}

/** The connection string of a test file's own database on PostgreSQL (TEST_DATABASE_URL set). */
export async function urlOfTestDb(db: Db): Promise<string> {
  const row = await db.kysely.selectNoFrom((eb) => eb.fn<string>('current_database').as('d')).executeTakeFirstOrThrow()
  return withDatabase(testDatabaseUrl()!, row.d)
}

/**
 * A second pool on the same test database, as a second server process opens (PostgreSQL); on PGlite,
 * whose database lives in this process, the same one. Close it when it is not `t.db`.
 */
export async function secondPool(t: TestDb): Promise<Db> {
  if (t.kind !== 'postgres') return t.db
  return openPostgres({ connectionString: await urlOfTestDb(t.db), maxConnections: 4 })
}
