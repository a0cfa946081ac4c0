// The database: PGlite in DATA_DIR by default, real PostgreSQL (a pool) when DATABASE_URL is set.
// The same migrations and kysely queries run on both.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { PgliteDialect } from './pglite-dialect'
import type { Database } from './schema'

export interface Db {
  readonly kysely: Kysely<Database>
  readonly kind: 'pglite' | 'postgres'
  /** the embedded instance (PGlite only): tests dump it as a template */
  readonly pglite: PGlite | null
  close(): Promise<void>
}

const INT8_OID = 20
/** int8 (bigint) columns hold seconds, cents and volumes: all well inside 2^53. */
const parseInt8 = (value: string): number => Number(value)

export interface PgliteOptions {
  /** a directory on disk; omitted → in memory */
  dataDir?: string
  /** a tarball from `dumpDataDir()` to start from (tests clone a migrated, seeded template) */
  loadDataDir?: Blob | File
}

/**
 * PGlite's memory is one WebAssembly heap that grows and never shrinks. Postgres' defaults
 * (shared_buffers 128 MB, maintenance_work_mem 64 MB) made it ~210 MB on open and ~660 MB after
 * seeding (issue 11). With 16 MB of shared buffers the seeded database opens at ~145 MB of heap
 * instead of ~210 MB; the rest is read through the OS page cache, which the kernel can give back.
 */
const PGLITE_CONF = ['shared_buffers = 16MB', 'maintenance_work_mem = 16MB', 'temp_buffers = 2MB', 'wal_buffers = 1MB']

export async function openPglite(options: PgliteOptions = {}): Promise<Db> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [INT8_OID]: parseInt8 },
    postgresqlconf: PGLITE_CONF,
  })
  await pglite.waitReady
  // PGlite is one connection: our dialect (pglite-dialect.ts, for kysely 0.28 on Node 20) serialises
  // every acquire → release, so a query from another request never runs inside an open transaction.
  const kysely = new Kysely<Database>({ dialect: new PgliteDialect(pglite) })
  return {
    kysely,
    kind: 'pglite',
    pglite,
    async close() {
      await kysely.destroy()
      if (!pglite.closed) await pglite.close()
    },
  }
}

export interface PostgresOptions {
  connectionString: string
  /** run everything in this schema (tests use one schema per file); default: the server's search_path */
  schema?: string
  maxConnections?: number
}

/** How long a request waits for a PostgreSQL connection before it is answered 503 (issue 30 'Fault suite'): under the 20 s the client waits (core/api/endpoint.ts DEFAULT_TIMEOUT_MS). */
export const CONNECT_TIMEOUT_MS = 10_000

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    // a database that accepts no connection (restarting, unreachable) fails a request within this
    // bound instead of holding it (the request answers 503: server/http/unavailable.ts); the pool
    // drops a client whose connection broke and connects anew, so the process recovers by itself
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  })
  // an idle client's connection error must not crash the process; the next query reports it
  pool.on('error', (error) => console.error('postgres pool error:', error.message))
  // …and a client whose connection breaks while a request holds it (PostgreSQL restarted or the network
  // cut mid-query) emits 'error' too, but pg-pool listens only while a client is idle: without this
  // listener that 'error' is an uncaught exception and ends the process (seen in server/http/
  // unavailable.test.ts). The request's query fails on its own (→ 503) and the pool drops the broken
  // client when it is released (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => undefined))
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    kysely,
    kind: 'postgres',
    pglite: null,
    async close() {
      await kysely.destroy()
    },
  }
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad identifier ${name}`)
  return `"${name}"`
}

/** DATABASE_URL=postgres://… → PostgreSQL; otherwise PGlite in DATA_DIR (default ./.data). */
/** Whether the environment selects the embedded PGlite (no postgres:// DATABASE_URL). */
export const usesPglite = (env: NodeJS.ProcessEnv = process.env): boolean => !(env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL))
/** PGlite's data directory: DATA_DIR, default ./.data */
/** The file a serving process writes in its PGlite directory (PGlite's own postmaster.pid names no real pid): server/db/backup.ts reads it. */
export const SERVER_PID_FILE = 'server.pid'

export const pgliteDir = (env: NodeJS.ProcessEnv = process.env): string => resolve(env.DATA_DIR || './.data')

export function openDbFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  if (!usesPglite(env)) return openPostgres({ connectionString: env.DATABASE_URL! })
  return openPglite({ dataDir: pgliteDir(env) })
}
