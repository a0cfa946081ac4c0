// The default full-text engine (server/reading/search-port.ts): the character-bigram postings of
// 003_reading.sql (search_grams, kept by triggers), on PGlite and PostgreSQL alike. Chinese text has
// no spaces, so a keyword's documents are those holding every bigram of its words; each candidate is
// then checked for the whole words, so a phrase is found exactly (pg_trgm cannot do this for a
// two-character Chinese word: see docs/search.md for that and the figures).
//
// One query a search after the plan: the keyword's rarest bigram (its postings counted up to DF_CAP)
// is walked newest first from the index alone (search_grams' primary key is (kind, gram, ts,
// doc_id), so with the visibility map set — autovacuum on PostgreSQL, maintainTextSearch on PGlite —
// no posting costs a heap read); the rarest bigram of each other word is probed in the same index;
// the survivors' documents are checked for the words a bigram does not prove, and the read stops at
// the newest RANK_WINDOW matches. Those are ranked (words in the title, then time) and counted in
// the same statement, and only the page's ids leave the database (issue 31: the earlier query read
// and joined all RANK_WINDOW rows with their authors to keep ten).
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../db/db'
import { RANK_WINDOW, type ArticleTextQuery, type FlashTextQuery, type TextMatches, type TextSearchEngine } from './search-port'

export const SEARCH_ENGINE_NAME = 'postgres-bigrams'

/**
 * Postings counted per bigram to find the rarest (1000 before issue 31: each counted posting is an
 * index tuple read for every bigram of every search; a bigram past a few hundred postings is common
 * either way, and which of two common ones is walked matters only when few documents hold both).
 */
const DF_CAP = 256
const MAX_PROBES = 3

type Kind = 1 | 2

interface TimeRange {
  from: number
  to: number
}

const ALL_TIME: TimeRange = { from: 0, to: Number.MAX_SAFE_INTEGER }

/** Distinct bigrams of the terms (matches search_bigrams in SQL for text without punctuation). */
export function termBigrams(terms: readonly string[]): string[] {
  const out = new Set<string>()
  for (const t of terms) {
    const chars = [...t]
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!)
  }
  return [...out]
}

/**
 * Which postings to read: `walk`, the keyword's bigram with the fewest postings (counted up to
 * DF_CAP), read newest first; and `probes`, the rarest bigram of each other word (or the next
 * rarest of a one-word keyword), each looked up in the index for a posting before its document is
 * read. A document holding every word holds every probe, so the answer is the same (issue 11).
 */
export interface GramPlan {
  walk: string | null
  probes: string[]
}

async function gramPlan(db: Db, kind: Kind, terms: readonly string[], range: TimeRange): Promise<GramPlan> {
  const grams = termBigrams(terms)
  if (grams.length <= 1) return { walk: grams[0] ?? null, probes: [] }
  const rows = await sql<{ gram: string; n: number }>`
    SELECT g.gram, (SELECT count(*)::int FROM (
      SELECT 1 FROM search_grams s WHERE s.kind = ${kind} AND s.gram = g.gram AND s.ts >= ${range.from} AND s.ts <= ${range.to} LIMIT ${DF_CAP}
    ) x) AS n
    FROM unnest(${[...grams]}::text[]) AS g(gram)
  `.execute(db.kysely)
  // bigrams past the cap are told apart by the planner's statistics (a bigram missing from the most
  // common values is rarer than any in them): at a million items 腾讯 and 业绩 both pass the cap,
  // and walking 业绩's postings instead of 腾讯's costs six times the probes
  const common = rows.rows.filter((r) => r.n >= DF_CAP).length >= 2 ? await commonGrams(db) : new Map<string, number>()
  const byRarity = rows.rows
    .sort((a, b) => a.n - b.n || (common.get(a.gram) ?? 0) - (common.get(b.gram) ?? 0) || (a.gram < b.gram ? -1 : a.gram > b.gram ? 1 : 0))
    .map((r) => r.gram)
  const walk = byRarity[0]!
  const probes: string[] = []
  for (const term of terms) {
    const own = termBigrams([term])
    if (own.includes(walk)) continue
    const rarest = byRarity.find((g) => own.includes(g))
    if (rarest && !probes.includes(rarest)) probes.push(rarest)
  }
  if (probes.length === 0 && byRarity[1]) probes.push(byRarity[1])
  return { walk, probes: probes.slice(0, MAX_PROBES) }
}

/** How long the most common bigrams read from pg_stats are kept (ANALYZE changes them slowly). */
const COMMON_GRAMS_MS = 10 * 60_000
const commonGramsCache = new WeakMap<Db, { at: number; freq: Promise<Map<string, number>> }>()

/** The most common bigrams of search_grams and their frequencies, from the planner's statistics (empty before the first ANALYZE). */
function commonGrams(db: Db): Promise<Map<string, number>> {
  const cached = commonGramsCache.get(db)
  if (cached && Date.now() - cached.at < COMMON_GRAMS_MS) return cached.freq
  const freq = sql<{ gram: string; freq: number }>`
    SELECT u.gram, u.freq FROM pg_stats s, unnest(s.most_common_vals::text::text[], s.most_common_freqs) AS u(gram, freq)
    WHERE s.schemaname = current_schema() AND s.tablename = 'search_grams' AND s.attname = 'gram'
  `
    .execute(db.kysely)
    .then((r) => new Map(r.rows.map((x) => [x.gram, Number(x.freq)])))
    .catch(() => new Map<string, number>())
  commonGramsCache.set(db, { at: Date.now(), freq })
  return freq
}

/**
 * The words a posting does not prove: a two-character word whose bigram is walked or probed is
 * proved by the posting itself (the postings are of the lower-cased text, never across a space or
 * punctuation, as the words are); any other word is checked in the document.
 */
export function unprovedTerms(terms: readonly string[], plan: GramPlan): string[] {
  return terms.filter((t) => !([...t].length === 2 && (plan.walk === t || plan.probes.includes(t))))
}

/**
 * `text` holds `term`: a word with no cased letter (Chinese, digits) is looked for in the text as
 * stored, sparing a lower() of every candidate's text; any other in the lower-cased text.
 */
function holds(text: RawBuilder<unknown>, term: string): RawBuilder<unknown> {
  return term.toUpperCase() === term ? sql`strpos(${text}, ${term}) > 0` : sql`strpos(lower(${text}), ${term}) > 0`
}

const allOf = (parts: RawBuilder<unknown>[]) => (parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `))

interface MatchQuery {
  kind: Kind
  terms: readonly string[]
  range: TimeRange
  /** further conditions on the document `d` */
  extra: RawBuilder<unknown>[]
  page: number
  count: number
}

async function matches(db: Db, q: MatchQuery): Promise<TextMatches> {
  const plan = await gramPlan(db, q.kind, q.terms, q.range)
  const table = q.kind === 1 ? sql`articles` : sql`flashes`
  const text = q.kind === 1 ? sql`(d.title || ' ' || d.summary)` : sql`(d.title || ' ' || d.content)`
  const holdsAll = allOf(unprovedTerms(q.terms, plan).map((t) => holds(text, t)))
  const rank = sql.join(q.terms.map((t) => sql`(CASE WHEN ${holds(sql`d.title`, t)} THEN 1 ELSE 0 END)`), sql` + `)
  const where = allOf([holdsAll, ...q.extra])
  const newest =
    plan.walk === null
      ? // no bigram (one-character words): walk the documents newest first
        sql`
          SELECT d.id, d.create_timestamp AS ts, ${rank} AS rank FROM ${table} d
          WHERE d.create_timestamp >= ${q.range.from} AND d.create_timestamp <= ${q.range.to} AND ${where}
          ORDER BY d.create_timestamp DESC, d.id DESC LIMIT ${RANK_WINDOW}`
      : sql`
          SELECT p.doc_id AS id, p.ts, ${rank} AS rank
          FROM search_grams p JOIN ${table} d ON d.id = p.doc_id
          WHERE p.kind = ${q.kind} AND p.gram = ${plan.walk} AND p.ts >= ${q.range.from} AND p.ts <= ${q.range.to}
            ${sql.join(
              // OFFSET 0 keeps each probe a lookup per walked posting: left to itself the planner, which
              // takes a phrase's bigrams for independent and so expects almost no matches, joined the
              // whole posting lists by hash and sorted them (季度业绩 at 1M items: 700 ms instead of 20)
              plan.probes.map((g) => sql`AND EXISTS (SELECT 1 FROM search_grams x WHERE x.kind = ${q.kind} AND x.gram = ${g} AND x.ts = p.ts AND x.doc_id = p.doc_id OFFSET 0)`),
              sql` `,
            )}
            AND ${where}
          ORDER BY p.ts DESC, p.doc_id DESC LIMIT ${RANK_WINDOW}`
  const r = await sql<{ total: number; ids: number[] | null }>`
    WITH m AS MATERIALIZED (${newest})
    SELECT (SELECT count(*)::int FROM m) AS total,
      (SELECT array_agg(id ORDER BY rank DESC, ts DESC, id DESC) FROM (
        SELECT id, rank, ts FROM m ORDER BY rank DESC, ts DESC, id DESC LIMIT ${q.count} OFFSET ${(q.page - 1) * q.count}
      ) s) AS ids
  `.execute(db.kysely)
  const row = r.rows[0]
  return { ids: (row?.ids ?? []).map(Number), total: row?.total ?? 0 }
}

/** PGlite: how often a search may start maintainTextSearch (never in a process's first interval). */
export const PGLITE_MAINTENANCE_MS = 15 * 60_000

/**
 * The database's own engine: the bigram postings, on PGlite and PostgreSQL. `now` is the clock
 * (milliseconds) that spaces PGlite's maintenance.
 */
export function postgresTextSearch(db: Db, now: () => number = Date.now): TextSearchEngine {
  let maintainedAt = now()
  let maintaining = false
  /** PGlite has no autovacuum: after a search, at most once an interval, vacuum the postings (not awaited). */
  const afterSearch = <T>(answer: T): T => {
    if (db.kind === 'pglite' && !maintaining && now() - maintainedAt >= PGLITE_MAINTENANCE_MS) {
      maintaining = true
      maintainTextSearch(db)
        .catch((error: unknown) => console.error('search maintenance failed:', error instanceof Error ? error.message : error))
        .finally(() => {
          maintaining = false
          maintainedAt = now()
        })
    }
    return answer
  }
  return {
    name: SEARCH_ENGINE_NAME,
    articles: (q: ArticleTextQuery) =>
      matches(db, {
        kind: 1,
        terms: q.terms,
        range: ALL_TIME,
        extra: [...(q.vipOnly ? [sql`d.is_vip`] : []), ...(q.titleOnly ? q.terms.map((t) => holds(sql`d.title`, t)) : [])],
        page: q.page,
        count: q.count,
      }).then(afterSearch),
    flashes: (q: FlashTextQuery) =>
      matches(db, { kind: 2, terms: q.terms, range: { from: q.from, to: q.to }, extra: [], page: q.page, count: q.count }).then(afterSearch),
  }
}

/**
 * Keeps the postings readable from the index alone: PostgreSQL's autovacuum does this by itself
 * (038_search_grams_vacuum.sql makes it come often); PGlite runs no autovacuum (a standalone backend),
 * so its engine calls this every PGLITE_MAINTENANCE_MS. VACUUM skips the pages already all-visible, so
 * it costs little after the first time; the first run on a big never-vacuumed database holds PGlite's
 * one connection for some seconds.
 */
export async function maintainTextSearch(db: Db): Promise<void> {
  await sql`VACUUM (ANALYZE) search_grams`.execute(db.kysely)
}
