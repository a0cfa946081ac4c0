// Search (spec 000 §7 'Search'): stocks by code, name (simplified or traditional), alias, English
// name and pinyin, ranked by core/search/stock-rank.ts; articles and flashes by Chinese words
// through the text-search port (search-port.ts; by default the bigram index of 003_reading.sql,
// search-postgres.ts), ranked by relevance (title matches first) and recency, with match ranges for
// safe highlighting.
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
import type { TextSearchEngine } from './search-port'
import { postgresTextSearch } from './search-postgres'

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
// Matching and ranking are the text-search port's (server/reading/search-port.ts): the engine answers
// one page of ids and the total; this service normalises the keyword, reads the page's rows and marks
// the words. The default engine is the database's bigram index (server/reading/search-postgres.ts).

const engines = new WeakMap<Db, TextSearchEngine>()

/** Plugs an engine for a database's article and flash searches (a deployment's start-up, or a test). */
export function useTextSearchEngine(db: Db, engine: TextSearchEngine): void {
  engines.set(db, engine)
}

/** The engine that answers a database's searches: the plugged one, else the database's own index. */
export function textSearchEngine(db: Db): TextSearchEngine {
  let engine = engines.get(db)
  if (!engine) engines.set(db, (engine = postgresTextSearch(db)))
  return engine
}

export interface TextSearchOptions {
  page: number
  count: number
}

/** The page's rows in the engine's order (an id whose row is gone by now is left out). */
function inOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
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
}

export interface ArticleSearchOptions extends TextSearchOptions {
  vipOnly?: boolean
  titleOnly?: boolean
}

export async function searchArticles(db: Db, keyword: string, options: ArticleSearchOptions): Promise<NumberedPage<PostHit>> {
  const terms = searchTerms(normaliseKeyword(keyword))
  if (terms.length === 0) return numberedPage([], { ...options, total: 0 })
  const { ids, total } = await textSearchEngine(db).articles({
    terms,
    page: options.page,
    count: options.count,
    vipOnly: options.vipOnly === true,
    titleOnly: options.titleOnly === true,
  })
  const rows =
    ids.length === 0
      ? []
      : (
          await db.kysely
            .selectFrom('articles as a')
            .innerJoin('users as u', 'u.id', 'a.author_id')
            .select(['a.id', 'a.title', 'a.summary', 'a.cover_url', 'a.create_timestamp', 'a.is_vip', 'u.id as author_id', 'u.nick', 'u.avatar'])
            .where('a.id', 'in', ids)
            .execute()
        ) as ArticleHitRow[]
  return numberedPage(
    inOrder(ids, rows).map((r) => ({
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

interface FlashHitRow {
  id: number
  title: string
  content: string
  important: boolean
  create_timestamp: number
}

export interface FlashSearchOptions extends TextSearchOptions {
  from?: number
  to?: number
}

const ALL_TIME = { from: 0, to: Number.MAX_SAFE_INTEGER }

export async function searchFlashes(db: Db, keyword: string, options: FlashSearchOptions): Promise<NumberedPage<LiveHit>> {
  const terms = searchTerms(normaliseKeyword(keyword))
  if (options.from !== undefined && options.to !== undefined && options.from > options.to) throw new ApiError(400, SEARCH_MESSAGES.badRange)
  if (terms.length === 0) return numberedPage([], { ...options, total: 0 })
  const { ids, total } = await textSearchEngine(db).flashes({
    terms,
    page: options.page,
    count: options.count,
    from: options.from ?? ALL_TIME.from,
    to: options.to ?? ALL_TIME.to,
  })
  const rows =
    ids.length === 0
      ? []
      : (
          await db.kysely
            .selectFrom('flashes')
            .select(['id', 'title', 'content', 'important', 'create_timestamp'])
            .where('id', 'in', ids)
            .execute()
        ) as FlashHitRow[]
  return numberedPage(
    inOrder(ids, rows).map((r) => ({
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
