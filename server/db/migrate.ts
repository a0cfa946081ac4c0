// Applies server/db/migrations/NNN_name.sql in order, each in its own transaction, recorded in
// schema_migrations. Safe to run on every start: applied versions are skipped.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { Db } from './db'

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

// any constant: serialises concurrent migrators on one PostgreSQL database
const MIGRATION_LOCK_KEY = 741155

export async function migrate(db: Db, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  const k = db.kysely
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at bigint NOT NULL)`.execute(k)
  const applied: string[] = []
  for (const migration of migrations) {
    const done = await k
      .selectFrom('schema_migrations')
      .select('version')
      .where('version', '=', migration.version)
      .executeTakeFirst()
    if (done) continue
    const ran = await k.transaction().execute(async (trx) => {
      if (db.kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx)
      // re-check inside the lock: another process may have applied it meanwhile
      const again = await trx
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', migration.version)
        .executeTakeFirst()
      if (again) return false
      for (const statement of splitSqlStatements(migration.sql)) await sql.raw(statement).execute(trx)
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, applied_at: Math.floor(Date.now() / 1000) })
        .execute()
      return true
    })
    if (ran) applied.push(migration.version)
  }
  return applied
}
