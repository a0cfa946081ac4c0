// The search-latency measurement behind bench/search-latency.mjs (run as its own process with tsx):
// a temporary PGlite database with every fixture stock and 100,000 generated articles and flashes,
// then each query kind many times; prints one JSON line { kinds: [{ kind, p50, p95, n }], … }.
// Measures and prints; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { openPglite } from '../db/db'
import { migrate } from '../db/migrate'
import { seed } from '../db/seed'
import { NOW_ANCHOR } from '../../fixtures/generate'
import { searchArticles, searchFlashes, searchStocks } from './search'

const ARTICLES = Number(process.env.BENCH_SEARCH_ARTICLES ?? 50_000)
const FLASHES = Number(process.env.BENCH_SEARCH_FLASHES ?? 50_000)
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 40)

const KINDS: { kind: string; run: (db: Awaited<ReturnType<typeof openPglite>>, q: string) => Promise<unknown>; queries: string[] }[] = [
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

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'gmh-search-bench-'))
  const db = await openPglite({ dataDir: dir })
  try {
    const t0 = performance.now()
    await migrate(db)
    await seed(db, { now: NOW_ANCHOR })
    const k = db.kysely
    // generated rows mix the title of one fixture article with the summary of another, over a year
    await sql`ALTER TABLE articles DISABLE TRIGGER articles_search_index`.execute(k)
    await sql`ALTER TABLE flashes DISABLE TRIGGER flashes_search_index`.execute(k)
    const baseA = (await sql<{ n: number; max: number }>`SELECT count(*)::int n, max(id) max FROM articles`.execute(k)).rows[0]!
    const baseF = (await sql<{ n: number; max: number }>`SELECT count(*)::int n, max(id) max FROM flashes`.execute(k)).rows[0]!
    const step = 5_000
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
    // bulk load without the indexes, then build them once
    await sql`ALTER TABLE search_grams DROP CONSTRAINT search_grams_pkey`.execute(k)
    await sql`DROP INDEX search_grams_doc_idx`.execute(k)
    await sql`INSERT INTO search_grams (kind, gram, doc_id, ts) SELECT 1, g, a.id, a.create_timestamp FROM articles a, search_bigrams(a.title || ' ' || a.summary) g WHERE a.id > ${baseA.max}`.execute(k)
    await sql`INSERT INTO search_grams (kind, gram, doc_id, ts) SELECT 2, g, f.id, f.create_timestamp FROM flashes f, search_bigrams(f.title || ' ' || f.content) g WHERE f.id > ${baseF.max}`.execute(k)
    await sql`ALTER TABLE search_grams ADD PRIMARY KEY (kind, gram, ts, doc_id)`.execute(k)
    await sql`CREATE INDEX search_grams_doc_idx ON search_grams (kind, doc_id)`.execute(k)
    await sql`ALTER TABLE articles ENABLE TRIGGER articles_search_index`.execute(k)
    await sql`ALTER TABLE flashes ENABLE TRIGGER flashes_search_index`.execute(k)
    await sql`ANALYZE`.execute(k)
    const counts = (await sql<{ a: number; f: number; s: number; g: number }>`
      SELECT (SELECT count(*)::int FROM articles) a, (SELECT count(*)::int FROM flashes) f, (SELECT count(*)::int FROM stocks) s, (SELECT count(*)::int FROM search_grams) g
    `.execute(k)).rows[0]!
    const setupSeconds = (performance.now() - t0) / 1000

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
    console.log(JSON.stringify({ articles: counts.a, flashes: counts.f, stocks: counts.s, grams: counts.g, setupSeconds, kinds }))
  } finally {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
