// The database a server test file runs against. By default a clone of the PGlite template; when
// TEST_DATABASE_URL=postgres://… is set (CI), a fresh schema on that PostgreSQL, migrated and seeded.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openPostgres, quoteIdent, type Db } from '../db/db'
import { migrate } from '../db/migrate'
import { seed } from '../db/seed'
import { cloneTemplate, TEST_NOW } from './template-db'

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

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

export async function createTestDb(): Promise<TestDb> {
  const url = testDatabaseUrl()
  if (!url) {
    const db = await cloneTemplate()
    return { db, kind: 'pglite', close: () => db.close() }
  }
  const schema = `gmh_test_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(url, `CREATE SCHEMA ${quoteIdent(schema)}`)
  const db = await openPostgres({ connectionString: url, schema, maxConnections: 4 })
  try {
    await migrate(db)
    await seed(db, { now: TEST_NOW })
  } catch (error) {
    await db.close()
    await adminQuery(url, `DROP SCHEMA ${quoteIdent(schema)} CASCADE`)
    throw error
  }
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.close()
      await adminQuery(url, `DROP SCHEMA ${quoteIdent(schema)} CASCADE`)
    },
  }
}
