// Seeds the fixtures on first start. The `now` the fixtures are generated for is fixed at the first
// seed and kept in seed_meta, so later starts (and later seed versions) produce the same dates.
// Idempotent: rows go in with ON CONFLICT DO NOTHING and the version is recorded last, so a restart
// keeps user data, never duplicates seed rows, and an interrupted seed completes on the next start.
import { sql } from 'kysely'
import { generateDailyHistory, generateFixtures } from '../../fixtures/generate'
import type { Db } from './db'
import type { Database } from './schema'
import { FEATURE_SEEDS } from './feature-seeds'

/** Bump when the seed adds rows; the stored seed_now is reused. */
export const SEED_VERSION = 1
export const HISTORY_DAYS = 250
const CHUNK = 1000

export interface SeedOptions {
  /** seconds since the epoch; only used when nothing has been seeded before */
  now?: number
  /** insert again even though this version is recorded (ON CONFLICT keeps it harmless) */
  force?: boolean
}

export interface SeedOutcome {
  seeded: boolean
  seedNow: number
}

function chunks<T>(rows: readonly T[], size: number = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

async function insertAll<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Record<string, unknown>[],
  size: number = CHUNK,
): Promise<void> {
  for (const part of chunks(rows, size)) {
    // each chunk is its own short statement: PGlite is one connection and other requests wait on it
    await db.kysely
      .insertInto(table)
      .values(part as never)
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

/**
 * A fixture as a row: the named fields under the table's column names, which are the fields' names in
 * snake case (codeDisp → code_disp, lastCloseCents → last_close_cents).
 */
function rowOf<T extends object, K extends keyof T & string>(item: T, fields: readonly K[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), item[field]]))
}

export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedOutcome> {
  const k = db.kysely
  const recorded = await k.selectFrom('seed_meta').select(['version', 'seed_now']).orderBy('version', 'asc').execute()
  const first = recorded[0]
  const seedNow = first?.seed_now ?? Math.floor(options.now ?? Date.now() / 1000)
  let seeded = false
  if (options.force || !recorded.some((r) => r.version === SEED_VERSION)) {
    await seedBase(db, seedNow)
    seeded = true
  }
  // each feature seeds its own tables once, recorded under its own version number
  for (const feature of FEATURE_SEEDS) {
    if (!options.force && recorded.some((r) => r.version === feature.version)) continue
    await feature.run(db, seedNow)
    await k
      .insertInto('seed_meta')
      .values({ version: feature.version, seed_now: seedNow, applied_at: Math.floor(Date.now() / 1000) })
      .onConflict((oc) => oc.doNothing())
      .execute()
    seeded = true
  }
  return { seeded, seedNow }
}

async function seedBase(db: Db, seedNow: number): Promise<void> {
  const k = db.kysely
  const f = generateFixtures(seedNow)

  await insertAll(db, 'channels', f.channels.map((c) => ({ id: c.id, type: c.type, name: c.name, sort: c.sort })))
  await insertAll(db, 'news_types', f.newsTypes.map((t, i) => ({ type: t.type, name: t.name, sort: i + 1 })))
  await insertAll(db, 'stocks', f.stocks.map((s) => rowOf(s, ['id', 'market', 'code', 'codeDisp', 'name', 'nameHk', 'nameEn', 'category', 'industry', 'lotSize', 'currency', 'sharesOutstanding', 'lastCloseCents'])))
  await insertAll(db, 'users', f.users.map((u) => rowOf(u, ['id', 'nick', 'avatar', 'brief', 'phone', 'countryCode', 'sex', 'createTimestamp', 'isColumnist'])))
  await insertAll(db, 'columns', f.columns.map((c) => rowOf(c, ['id', 'userId', 'name', 'brief', 'coverUrl', 'createTimestamp'])))
  const articleFields = ['id', 'title', 'summary', 'paragraphs', 'coverUrl', 'channelType', 'authorId', 'columnId', 'tags', 'stocks', 'source', 'createTimestamp', 'readCount', 'isVip', 'newsType'] as const
  await insertAll(db, 'articles', f.articles.map((a) => rowOf(a, articleFields)), 200)
  await insertAll(db, 'flashes', f.flashes.map((x) => rowOf(x, ['id', 'title', 'content', 'important', 'channel', 'stocks', 'createTimestamp'])))
  await insertAll(
    db,
    'config',
    Object.entries(f.config).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
  )
  for (const group of chunks(f.stocks, 4)) {
    const bars = group.flatMap((s) =>
      generateDailyHistory(s, HISTORY_DAYS, seedNow).map((b) => rowOf(b, ['stockId', 'day', 'openCents', 'highCents', 'lowCents', 'closeCents', 'volume'])),
    )
    await insertAll(db, 'daily_bars', bars)
  }

  // identity columns: rows created later (users registering, new articles) follow the seeded ids
  for (const table of ['users', 'columns', 'articles', 'flashes'] as const) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(k)
  }
  await k
    .insertInto('seed_meta')
    .values({ version: SEED_VERSION, seed_now: seedNow, applied_at: Math.floor(Date.now() / 1000) })
    .onConflict((oc) => oc.doNothing())
    .execute()
}
