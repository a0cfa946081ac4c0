// The search-latency measurement behind bench/search-latency.mjs (run as its own process with tsx):
// a temporary database with every fixture stock and generated articles and flashes (100,000 items by
// default; BENCH_SEARCH_ITEMS=1000000 for the million), then each query kind many times through the
// search port's default engine (server/reading/search-port.ts); prints one JSON line
// { engine, database, articles, flashes, kinds: [{ kind, p50, p95, n }], … }. Measures and prints; asserts nothing.
//
// Environment: BENCH_SEARCH_ITEMS (articles + flashes, half each; or BENCH_SEARCH_ARTICLES / _FLASHES),
// BENCH_SEARCH_ROUNDS, BENCH_SEARCH_DATABASE_URL=postgres://… (a scratch database made on that server
// and dropped after; PGlite otherwise), BENCH_SEARCH_KEEP=1 (keep it and print its name) and
// BENCH_SEARCH_REUSE=<name> (measure a kept database again without building: the PostgreSQL database's
// name, or the PGlite directory).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import pg from 'pg'
import { openPglite, openPostgres, type Db } from '../db/db'
import { migrate } from '../db/migrate'
import { seed } from '../db/seed'
import { NOW_ANCHOR } from '../../fixtures/generate'
import { searchArticles, searchFlashes, searchStocks } from './search'
import { SEARCH_ENGINE_NAME } from './search-postgres'

const ITEMS = Number(process.env.BENCH_SEARCH_ITEMS ?? 100_000)
const ARTICLES = Number(process.env.BENCH_SEARCH_ARTICLES ?? ITEMS / 2)
const FLASHES = Number(process.env.BENCH_SEARCH_FLASHES ?? ITEMS / 2)
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 40)
const PG_URL = process.env.BENCH_SEARCH_DATABASE_URL
const KEEP = process.env.BENCH_SEARCH_KEEP === '1'
const REUSE = process.env.BENCH_SEARCH_REUSE

const KINDS: { kind: string; run: (db: Db, q: string) => Promise<unknown>; queries: string[] }[] = [
  { kind: 'stock: code', run: (db, q) => searchStocks(db, q, { count: 10 }, 'zh-cn'), queries: ['00700', '700', 'AAPL', '9988'] },
  { kind: 'stock: pinyin', run: (db, q) => searchStocks(db, q, { count: 10 }, 'zh-cn'), queries: ['txkg', 'tengxun', 'albb', 'meituan'] },
  { kind: 'stock: name', run: (db, q) => searchStocks(db, q, { count: 10 }, 'zh-cn'), queries: ['腾讯', '騰訊控股', 'apple', '银行'] },
  { kind: 'stock: alias', run: (db, q) => searchStocks(db, q, { count: 10 }, 'zh-cn'), queries: ['中移动', '滙控', 'Tencent', '小摩'] },
  { kind: 'articles: 2 chars', run: (db, q) => searchArticles(db, q, { page: 1, count: 10 }), queries: ['港股', '业绩', '腾讯', '美联储'] },
  { kind: 'articles: phrase', run: (db, q) => searchArticles(db, q, { page: 1, count: 10 }), queries: ['普通投资者', '恒生科技指数', '季度业绩', '人民币汇率'] },
  { kind: 'articles: 2 words', run: (db, q) => searchArticles(db, q, { page: 1, count: 10 }), queries: ['腾讯 业绩', '港股 科技', '美股 收盘'] },
  { kind: 'flashes: words', run: (db, q) => searchFlashes(db, q, { page: 1, count: 10 }), queries: ['港股', '收盘', '恒生指数', '中国神华'] },
  { kind: 'flashes: time range', run: (db, q) => searchFlashes(db, q, { page: 1, count: 10, from: NOW_ANCHOR - 7 * 86_400, to: NOW_ANCHOR }), queries: ['港股', '收盘'] },
]

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const phase = (name: string, t0: number) => console.error(`${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`)

/** Migrates, seeds and adds the generated rows; their postings are loaded in bulk, then indexed once. */
async function build(db: Db): Promise<void> {
  const t0 = performance.now()
  await migrate(db)
  await seed(db, { now: NOW_ANCHOR })
  phase('migrate + seed', t0)
  const k = db.kysely
  // generated rows mix the title of one fixture article with the summary of another, over a year
  await sql`ALTER TABLE articles DISABLE TRIGGER articles_search_index`.execute(k)
  await sql`ALTER TABLE flashes DISABLE TRIGGER flashes_search_index`.execute(k)
  const baseA = (await sql<{ n: number; max: number }>`SELECT count(*)::int n, max(id) max FROM articles`.execute(k)).rows[0]!
  const baseF = (await sql<{ n: number; max: number }>`SELECT count(*)::int n, max(id) max FROM flashes`.execute(k)).rows[0]!
  const step = 20_000
  for (let from = 0; from < ARTICLES; from += step) {
    await sql`
      INSERT INTO articles (title, summary, paragraphs, channel_type, author_id, tags, stocks, create_timestamp, is_vip, news_type)
      SELECT a.title, b.summary, '{}', a.channel_type, a.author_id, a.tags, a.stocks, ${NOW_ANCHOR}::bigint - 400 - (g * 317) % 31536000, a.is_vip, a.news_type
      FROM generate_series(${from}::int, ${Math.min(ARTICLES, from + step) - 1}::int) g
      JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS r, * FROM articles WHERE id <= ${baseA.max}::int) a ON a.r = g % ${baseA.n}::int
      JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS r, * FROM articles WHERE id <= ${baseA.max}::int) b ON b.r = (g * 7 + 3) % ${baseA.n}::int
    `.execute(k)
  }
  for (let from = 0; from < FLASHES; from += step) {
    await sql`
      INSERT INTO flashes (title, content, important, channel, stocks, create_timestamp)
      SELECT a.title, b.content, a.important, a.channel, a.stocks, ${NOW_ANCHOR}::bigint - 400 - (g * 631) % 31536000
      FROM generate_series(${from}::int, ${Math.min(FLASHES, from + step) - 1}::int) g
      JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS r, * FROM flashes WHERE id <= ${baseF.max}::int) a ON a.r = g % ${baseF.n}::int
      JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS r, * FROM flashes WHERE id <= ${baseF.max}::int) b ON b.r = (g * 11 + 5) % ${baseF.n}::int
    `.execute(k)
  }
  phase('rows', t0)
  // bulk load without the indexes, then build them once
  await sql`ALTER TABLE search_grams DROP CONSTRAINT search_grams_pkey`.execute(k)
  await sql`DROP INDEX search_grams_doc_idx`.execute(k)
  await sql`INSERT INTO search_grams (kind, gram, doc_id, ts) SELECT 1, g, a.id, a.create_timestamp FROM articles a, search_bigrams(a.title || ' ' || a.summary) g WHERE a.id > ${baseA.max}`.execute(k)
  await sql`INSERT INTO search_grams (kind, gram, doc_id, ts) SELECT 2, g, f.id, f.create_timestamp FROM flashes f, search_bigrams(f.title || ' ' || f.content) g WHERE f.id > ${baseF.max}`.execute(k)
  phase('postings', t0)
  await sql`ALTER TABLE search_grams ADD PRIMARY KEY (kind, gram, ts, doc_id)`.execute(k)
  await sql`CREATE INDEX search_grams_doc_idx ON search_grams (kind, doc_id)`.execute(k)
  await sql`ALTER TABLE articles ENABLE TRIGGER articles_search_index`.execute(k)
  await sql`ALTER TABLE flashes ENABLE TRIGGER flashes_search_index`.execute(k)
  phase('indexes', t0)
  // what autovacuum gives a running PostgreSQL (and search-postgres.ts's maintainTextSearch gives
  // PGlite): statistics, and the visibility map that lets the postings be read from the index alone
  await sql`VACUUM ANALYZE`.execute(k)
  phase('vacuum analyze', t0)
}

async function main() {
  const dir = PG_URL || REUSE ? '' : mkdtempSync(join(tmpdir(), 'gmh-search-bench-'))
  const scratch = REUSE ?? `gmh_search_bench_${process.pid}`
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: PG_URL })
    await c.connect()
    try {
      await c.query(statement)
    } finally {
      await c.end()
    }
  }
  let db: Db
  if (PG_URL) {
    if (!REUSE) await admin(`CREATE DATABASE ${scratch}`)
    const u = new URL(PG_URL)
    u.pathname = `/${scratch}`
    db = await openPostgres({ connectionString: u.toString(), maxConnections: 2 })
  } else db = await openPglite({ dataDir: REUSE ?? dir })
  try {
    const t0 = performance.now()
    if (!REUSE) await build(db)
    const buildSeconds = (performance.now() - t0) / 1000
    const k = db.kysely
    const counts = (await sql<{ a: number; f: number; s: number; g: number; bytes: number }>`
      SELECT (SELECT count(*)::int FROM articles) a, (SELECT count(*)::int FROM flashes) f, (SELECT count(*)::int FROM stocks) s,
        (SELECT count(*)::int FROM search_grams) g, pg_total_relation_size('search_grams')::bigint bytes
    `.execute(k)).rows[0]!

    const kinds = []
    for (const { kind, run, queries } of KINDS) {
      for (const q of queries) await run(db, q) // warm-up: plans and caches
      const times: number[] = []
      for (let r = 0; r < ROUNDS; r++) {
        for (const q of queries) {
          const s = performance.now()
          await run(db, q)
          times.push(performance.now() - s)
        }
      }
      times.sort((a, b) => a - b)
      kinds.push({ kind, n: times.length, p50: percentile(times, 50), p95: percentile(times, 95) })
    }
    console.log(JSON.stringify({
      engine: SEARCH_ENGINE_NAME, database: db.kind, articles: counts.a, flashes: counts.f, stocks: counts.s, grams: counts.g,
      indexBytes: Number(counts.bytes), setupSeconds: buildSeconds, kinds,
    }))
  } finally {
    await db.close()
    if (KEEP) console.error(`kept ${PG_URL ? scratch : dir}`)
    else {
      if (PG_URL) await admin(`DROP DATABASE IF EXISTS ${scratch}`)
      if (dir) rmSync(dir, { recursive: true, force: true })
    }
  }
}

await main()
