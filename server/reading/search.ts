// Search (spec 000 §7 'Search'): stocks by code, name (simplified or traditional), alias, English
// name and pinyin, ranked by core/search/stock-rank.ts; articles and flashes by Chinese words
// through the bigram index of 003_reading.sql, ranked by relevance (title matches first) and
// recency, with match ranges for safe highlighting.
import { numberedPage, type NumberedPage } from '../../core/api/page'
import { sql } from 'kysely'
import * as OpenCC from 'opencc-js'
import type { HotStock, LiveHit, PostHit, StockHit, UserHit } from '../../core/api/search'
import { highlightRanges } from '../../core/search/highlight'
import { stockQuery } from '../../core/search/stock-rank'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import type { ContentLang } from '../i18n/to-hk'
import { LruCache } from '../i18n/to-hk'
import { matchStocks, type MatchedStockRow } from './search-index-repository'
import { searchUsersByNick } from '../accounts/users-repository'

export const SEARCH_MESSAGES = {
  emptyKeyword: '参数错误：请输入搜索关键词',
  badRange: '参数错误：开始时间不能晚于结束时间',
} as const

/** Built on first use (its tables take tens of MB of heap; see server/i18n/to-hk.ts). */
let toCnConverter: ((text: string) => string) | null = null
const toCnRaw = (text: string): string => (toCnConverter ??= OpenCC.Converter({ from: 'hk', to: 'cn' }))(text)
const cnCache = new LruCache<string, string>(2000)
const HAS_HAN = /[\u3400-\u9fff\uf900-\ufaff]/

/** Traditional → simplified, so 騰訊 finds 腾讯 (the content is stored in simplified). */
export function toCn(text: string): string {
  if (!HAS_HAN.test(text)) return text
  const hit = cnCache.get(text)
  if (hit !== undefined) return hit
  const out = toCnRaw(text)
  cnCache.set(text, out)
  return out
}

/** The normalised keyword: trimmed, lower-case, simplified. Empty → 400. */
export function normaliseKeyword(keyword: string): string {
  const k = toCn(keyword.normalize('NFKC').trim().toLowerCase())
  if (k === '') throw new ApiError(400, SEARCH_MESSAGES.emptyKeyword)
  return k
}

/** The words of a keyword, as the index sees them (punctuation separates words). */
export function searchTerms(keyword: string): string[] {
  const out: string[] = []
  for (const t of keyword.toLowerCase().split(/[\s\p{P}\p{S}]+/u)) if (t !== '' && !out.includes(t)) out.push(t)
  return out.sort((a, b) => b.length - a.length)
}

/** Distinct bigrams of the terms (matches search_bigrams in SQL for text without punctuation). */
export function termBigrams(terms: readonly string[]): string[] {
  const out = new Set<string>()
  for (const t of terms) {
    const chars = [...t]
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!)
  }
  return [...out]
}

// --- stocks ---------------------------------------------------------------------------------

export interface StockSearchOptions {
  count: number
  markets?: readonly string[]
}

/** A stock row as search reads it: the index's row shape (search-index-repository.ts) without its tier. */
type StockRow = Omit<MatchedStockRow, 'tier'>

/**
 * Stocks by code, name (simplified or traditional), alias (中移动, 港交所, Tencent), English name and
 * pinyin, the one most readers mean first: core/search/stock-rank.ts's rule, answered from the
 * index of 022_stock_aliases.sql (server/reading/search-index-repository.ts).
 */
export async function searchStocks(db: Db, keyword: string, options: StockSearchOptions, lang: ContentLang): Promise<StockHit[]> {
  const q = stockQuery(keyword, toCn)
  if (q.text === '') throw new ApiError(400, SEARCH_MESSAGES.emptyKeyword)
  const rows = await matchStocks(db, q, { count: options.count, markets: options.markets ?? [] })
  return rows.map((r) => toStockHit(r, lang))
}

/** The ids of the stocks a keyword names by the same rule (aliases and pinyin included): for searches of other things by stock. */
export async function stockIdsNamedBy(db: Db, keyword: string, count: number): Promise<string[]> {
  const q = stockQuery(keyword, toCn)
  if (q.text === '') return []
  return (await matchStocks(db, q, { count, markets: [] })).map((r) => r.id)
}

function toStockHit(r: StockRow, lang: ContentLang): StockHit {
  const name = lang === 'zh-hk' ? r.name_hk : r.name
  return { id: r.id, code: r.code, codeDisp: r.code_disp, ipoStatus: 1, market: r.market, name, nameDisp: name, category: r.category }
}

/** Hot stocks for the empty box: the stocks the newest articles mention most. */
export async function hotStocks(db: Db, count: number, lang: ContentLang): Promise<HotStock[]> {
  const rows = await sql<StockRow & { mentions: number }>`
    SELECT s.id, s.code, s.code_disp, s.market, s.name, s.name_hk, s.category, m.mentions
    FROM (
      SELECT stock_id, count(*)::int AS mentions
      FROM (SELECT unnest(stocks) AS stock_id FROM (SELECT stocks FROM articles ORDER BY create_timestamp DESC, id DESC LIMIT 200) r) u
      GROUP BY stock_id
    ) m JOIN stocks s ON s.id = m.stock_id
    WHERE s.category <> 'index'
    ORDER BY m.mentions DESC, s.id
    LIMIT ${count}
  `.execute(db.kysely)
  return rows.rows.map((r) => ({ id: r.id, code: r.code_disp, market: r.market, name: lang === 'zh-hk' ? r.name_hk : r.name }))
}

// --- articles and flashes -------------------------------------------------------------------
//
// A keyword's bigrams are looked up in search_grams. The rarest of them (its postings counted up to
// a cap) is read newest first; each document is checked for every word of the keyword, and the read
// stops at the newest RANK_WINDOW matches. Those are ranked: more words in the title first, then
// newer first. So a search costs at most one posting list and RANK_WINDOW documents, however
// common the words; the total is capped at RANK_WINDOW (pages beyond it are not offered).

/** How many of the newest matches are ranked and paged. */
export const RANK_WINDOW = 500
/** Postings counted per bigram to find the rarest. */
const DF_CAP = 1000

export interface TextSearchOptions {
  page: number
  count: number
}

interface TimeRange {
  from: number
  to: number
}

const ALL_TIME: TimeRange = { from: 0, to: Number.MAX_SAFE_INTEGER }

/**
 * Which postings to read: `walk`, the keyword's bigram with the fewest postings (counted up to
 * DF_CAP), read newest first; and `probes`, the rarest bigram of each other word (or the next
 * rarest of a one-word keyword), each looked up in the index for a posting before its document is
 * read. A document holding every word holds every probe, so the answer is the same; two common
 * words no longer cost one article read per posting of the rarer one (issue 11).
 */
interface GramPlan {
  walk: string | null
  probes: string[]
}
const MAX_PROBES = 3

async function gramPlan(db: Db, kind: 1 | 2, terms: readonly string[], range: TimeRange): Promise<GramPlan> {
  const grams = termBigrams(terms)
  if (grams.length <= 1) return { walk: grams[0] ?? null, probes: [] }
  const rows = await sql<{ gram: string; n: number }>`
    SELECT g.gram, (SELECT count(*)::int FROM (
      SELECT 1 FROM search_grams s WHERE s.kind = ${kind} AND s.gram = g.gram AND s.ts >= ${range.from} AND s.ts <= ${range.to} LIMIT ${DF_CAP}
    ) x) AS n
    FROM unnest(${[...grams]}::text[]) AS g(gram)
    ORDER BY n, g.gram
  `.execute(db.kysely)
  const byRarity = rows.rows.map((r) => r.gram)
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

/** The newest RANK_WINDOW document ids of `kind` holding every term (as a subquery). */
function newestMatches(kind: 1 | 2, plan: GramPlan, terms: readonly string[], range: TimeRange, extra: ReturnType<typeof sql> = sql``) {
  const table = kind === 1 ? sql`articles` : sql`flashes`
  const text = kind === 1 ? sql`d.title || ' ' || d.summary` : sql`d.title || ' ' || d.content`
  // terms hold no punctuation or space, so the raw lower-cased text answers like the normalised one
  const holdsAll = sql`NOT EXISTS (SELECT 1 FROM unnest(${[...terms]}::text[]) t WHERE strpos(lower(${text}), t) = 0)`
  if (plan.walk === null) {
    // no bigram (one-character words): walk the documents newest first
    return sql`
      SELECT d.id FROM ${table} d
      WHERE d.create_timestamp >= ${range.from} AND d.create_timestamp <= ${range.to} AND ${holdsAll} ${extra}
      ORDER BY d.create_timestamp DESC, d.id DESC LIMIT ${RANK_WINDOW}
    `
  }
  // an index probe per posting: (kind, gram, ts, doc_id) is search_grams' primary key
  const probes = plan.probes.map(
    (g) => sql`AND EXISTS (SELECT 1 FROM search_grams q WHERE q.kind = ${kind} AND q.gram = ${g} AND q.ts = p.ts AND q.doc_id = p.doc_id)`,
  )
  return sql`
    SELECT d.id FROM search_grams p JOIN ${table} d ON d.id = p.doc_id
    WHERE p.kind = ${kind} AND p.gram = ${plan.walk} AND p.ts >= ${range.from} AND p.ts <= ${range.to} ${sql.join(probes, sql` `)} AND ${holdsAll} ${extra}
    ORDER BY p.ts DESC, p.doc_id DESC LIMIT ${RANK_WINDOW}
  `
}

interface ArticleHitRow {
  id: number
  title: string
  summary: string
  cover_url: string
  create_timestamp: number
  is_vip: boolean
  author_id: number
  nick: string
  avatar: string
  total: number
}

export interface ArticleSearchOptions extends TextSearchOptions {
  vipOnly?: boolean
  titleOnly?: boolean
}

const rankOf = (terms: readonly string[], column: ReturnType<typeof sql>) =>
  sql`(SELECT count(*) FROM unnest(${[...terms]}::text[]) t WHERE strpos(lower(${column}), t) > 0)`

export async function searchArticles(db: Db, keyword: string, options: ArticleSearchOptions): Promise<NumberedPage<PostHit>> {
  const terms = searchTerms(normaliseKeyword(keyword))
  if (terms.length === 0) return numberedPage([], { ...options, total: 0 })
  const plan = await gramPlan(db, 1, terms, ALL_TIME)
  const extra = sql`${options.vipOnly ? sql`AND d.is_vip` : sql``}
    ${options.titleOnly ? sql`AND NOT EXISTS (SELECT 1 FROM unnest(${terms}::text[]) t WHERE strpos(lower(d.title), t) = 0)` : sql``}`
  const rows = await sql<ArticleHitRow>`
    SELECT a.id, a.title, a.summary, a.cover_url, a.create_timestamp, a.is_vip, u.id AS author_id, u.nick, u.avatar,
      count(*) OVER ()::int AS total
    FROM articles a JOIN users u ON u.id = a.author_id
    WHERE a.id IN (${newestMatches(1, plan, terms, ALL_TIME, extra)})
    ORDER BY ${rankOf(terms, sql`a.title`)} DESC, a.create_timestamp DESC, a.id DESC
    LIMIT ${options.count} OFFSET ${(options.page - 1) * options.count}
  `.execute(db.kysely)
  const total = rows.rows[0]?.total ?? (options.page > 1 ? await countOf(db, newestMatches(1, plan, terms, ALL_TIME, extra)) : 0)
  return numberedPage(
    rows.rows.map((r) => ({
      id: r.id,
      title: r.title,
      summary: r.summary,
      coverUrl: r.cover_url,
      author: { id: r.author_id, nick: r.nick, avatar: r.avatar },
      createTimestamp: r.create_timestamp,
      isVip: r.is_vip,
      titleHighlights: highlightRanges(r.title, terms),
      summaryHighlights: highlightRanges(r.summary, terms),
    })),
    { page: options.page, count: options.count, total },
  )
}

async function countOf(db: Db, ids: ReturnType<typeof sql>): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${ids}) x`.execute(db.kysely)
  return r.rows[0]?.n ?? 0
}

interface FlashHitRow {
  id: number
  title: string
  content: string
  important: boolean
  create_timestamp: number
  total: number
}

export interface FlashSearchOptions extends TextSearchOptions {
  from?: number
  to?: number
}

export async function searchFlashes(db: Db, keyword: string, options: FlashSearchOptions): Promise<NumberedPage<LiveHit>> {
  const terms = searchTerms(normaliseKeyword(keyword))
  if (options.from !== undefined && options.to !== undefined && options.from > options.to) throw new ApiError(400, SEARCH_MESSAGES.badRange)
  if (terms.length === 0) return numberedPage([], { ...options, total: 0 })
  const range = { from: options.from ?? ALL_TIME.from, to: options.to ?? ALL_TIME.to }
  const plan = await gramPlan(db, 2, terms, range)
  const rows = await sql<FlashHitRow>`
    SELECT f.id, f.title, f.content, f.important, f.create_timestamp, count(*) OVER ()::int AS total
    FROM flashes f WHERE f.id IN (${newestMatches(2, plan, terms, range)})
    ORDER BY ${rankOf(terms, sql`f.title`)} DESC, f.create_timestamp DESC, f.id DESC
    LIMIT ${options.count} OFFSET ${(options.page - 1) * options.count}
  `.execute(db.kysely)
  const total = rows.rows[0]?.total ?? (options.page > 1 ? await countOf(db, newestMatches(2, plan, terms, range)) : 0)
  return numberedPage(
    rows.rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      important: r.important,
      createTimestamp: r.create_timestamp,
      titleHighlights: highlightRanges(r.title, terms),
      contentHighlights: highlightRanges(r.content, terms),
    })),
    { page: options.page, count: options.count, total },
  )
}

// --- users ----------------------------------------------------------------------------------

export async function searchUsers(db: Db, keyword: string, options: TextSearchOptions): Promise<NumberedPage<UserHit>> {
  const k = normaliseKeyword(keyword)
  const { rows, total } = await searchUsersByNick(db, k, options.count, (options.page - 1) * options.count)
  return numberedPage(rows, { page: options.page, count: options.count, total })
}
