// Applies server/db/migrations/NNN_name.sql in order, each in its own transaction, recorded in
// schema_migrations. Safe to run on every start: applied versions are skipped; on PostgreSQL under an
// advisory lock, so N processes starting together apply each migration once.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql, type Kysely } from 'kysely'
import type { Db } from './db'
import type { Database } from './schema'

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

export interface Migration {
  /** file name without .sql: '001_init' */
  version: string
  sql: string
}

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3,}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') }))
}

/**
 * Splits a SQL script into statements at top-level semicolons, respecting quotes, dollar quotes and
 * comments (PGlite's extended protocol takes one statement per query).
 */
export function splitSqlStatements(script: string): string[] {
  const out: string[] = []
  let current = ''
  let i = 0
  const n = script.length
  while (i < n) {
    const ch = script[i]!
    const next = script[i + 1]
    if (ch === '-' && next === '-') {
      const end = script.indexOf('\n', i)
      i = end === -1 ? n : end + 1
      current += '\n'
      continue
    }
    if (ch === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2)
      i = end === -1 ? n : end + 2
      current += ' '
      continue
    }
    if (ch === "'" || ch === '"') {
      let j = i + 1
      while (j < n) {
        if (script[j] === ch) {
          if (script[j + 1] === ch) j += 2
          else break
        } else j++
      }
      current += script.slice(i, j + 1)
      i = j + 1
      continue
    }
    if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length)
        const stop = end === -1 ? n : end + tag[0].length
        current += script.slice(i, stop)
        i = stop
        continue
      }
    }
    if (ch === ';') {
      if (current.trim()) out.push(current.trim())
      current = ''
      i++
      continue
    }
    current += ch
    i++
  }
  if (current.trim()) out.push(current.trim())
  return out
}

/** The versions applied so far (none on a database never migrated: its table does not exist yet). */
export async function appliedVersions(db: Db): Promise<string[]> {
  try {
    const rows = await db.kysely.selectFrom('schema_migrations').select('version').execute()
    return rows.map((r) => r.version)
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return []
    throw error
  }
}
const UNDEFINED_TABLE = '42P01'

// any constants: serialise concurrent migrators (and seeders, server/main.ts) on one PostgreSQL database
export const MIGRATION_LOCK_KEY = 741155
export const SEED_LOCK_KEY = 741156

/**
 * Runs `fn` while this process holds PostgreSQL's session advisory lock `key` (on a connection of its
 * own while it waits and runs, so `fn` may use the rest of the pool; it must not take the same key). N
 * processes starting together
 * on one database run `fn` one after another. PGlite is one process's database: `fn` runs at once.
 */
export async function withAdvisoryLock<T>(db: Db, key: number, fn: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return fn()
  return db.kysely.connection().execute((conn) => holding(conn, key, fn))
}

/** `fn` while this connection holds the session advisory lock `key` (the query builder's function call: no raw SQL). */
async function holding<T>(conn: Kysely<Database>, key: number, fn: () => Promise<T>): Promise<T> {
  const advisory = (name: 'pg_advisory_lock' | 'pg_advisory_unlock') => conn.selectNoFrom((eb) => eb.fn<unknown>(name, [eb.val(key)]).as('done')).execute()
  await advisory('pg_advisory_lock')
  try {
    return await fn()
  } finally {
    await advisory('pg_advisory_unlock')
  }
}

/**
 * Applies the migrations not applied yet. On PostgreSQL the whole run, from creating schema_migrations
 * on, happens on one connection holding the migration lock: N processes started together apply each
 * migration once (the others wait, then find it recorded). server/cluster/migrate-lock.test.ts.
 */
export async function migrate(db: Db, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  if (db.kind !== 'postgres') return migrateOn(db.kysely, migrations)
  return db.kysely.connection().execute((conn) => holding(conn, MIGRATION_LOCK_KEY, () => migrateOn(conn, migrations)))
}

async function migrateOn(k: Kysely<Database>, migrations: Migration[]): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at bigint NOT NULL)`.execute(k)
  const done = new Set((await k.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version))
  const applied: string[] = []
  for (const migration of migrations) {
    if (done.has(migration.version)) continue
    await k.transaction().execute(async (trx) => {
      for (const statement of splitSqlStatements(migration.sql)) await sql.raw(statement).execute(trx)
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, applied_at: Math.floor(Date.now() / 1000) })
        .execute()
    })
    applied.push(migration.version)
  }
  return applied
}
