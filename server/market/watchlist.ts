// spec 000 §7 'Watchlist': a reader's stocks (user stock: stockCode, stockType), one row per user and stock.
import type { Db } from '../db/db'
import type { ContentLang } from '../i18n/to-hk'
import { ApiError } from '../http/api-error'
import { MARKET_MESSAGES, MAX_USER_STOCKS, type UserStockItem } from '../../core/api/market'
import { stockOf, stockQuoteFor, type Market } from './market-data'
import { MicroCache } from '../http/micro-cache'

interface UserStocksTable {
  user_id: number
  stock_id: string
  stock_type: string
  create_timestamp: number
}
const tables = (db: Db) => db.kysely.withTables<{ user_stocks: UserStocksTable }>()

/**
 * A reader's watchlist rows, kept for WATCHLIST_CACHE_MS per reader (issue 31: every signed-in page and the
 * quote widgets ask for it; on the embedded database each read is ~1 ms of its one thread, so 50 busy
 * readers queued to a p99 of 49–269 ms). The reader's own add and delete forget their rows at once (and a
 * read begun before a write stores nothing: MicroCache's generation), so a reader always sees their own
 * change; the quotes are computed for every answer from the rows, so they are never kept. Per process:
 * with several processes on one PostgreSQL, another process's write shows within that second.
 */
export const WATCHLIST_CACHE_MS = 1_000
/** Our choice: at most this many readers' rows at once (≤ MAX_USER_STOCKS short rows each: a few MB). */
const MAX_CACHED_READERS = 5_000
type Row = { stock_id: string; create_timestamp: number }
const caches = new WeakMap<Db, MicroCache<readonly Row[]>>()
function cacheOf(db: Db): MicroCache<readonly Row[]> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new MicroCache<readonly Row[]>(MAX_CACHED_READERS)))
  return cache
}

/** After a change to a reader's watchlist. A read under way for them may still answer its callers but stores nothing. */
export function forgetWatchlist(db: Db, userId: number): void {
  cacheOf(db).forget(String(userId))
}

/** One statement: the reader's stocks, newest first. */
function readRows(db: Db, userId: number): Promise<Row[]> {
  return tables(db).selectFrom('user_stocks').select(['stock_id', 'create_timestamp']).where('user_id', '=', userId).orderBy('create_timestamp', 'desc').orderBy('stock_id').execute()
}

export async function isUserStock(db: Db, userId: number, stockId: string): Promise<boolean> {
  const row = await tables(db).selectFrom('user_stocks').select('stock_id').where('user_id', '=', userId).where('stock_id', '=', stockId).executeTakeFirst()
  return row !== undefined
}

export async function addUserStock(db: Db, m: Market, userId: number, stockId: string, stockType: 'hk' | 'us', now: number) {
  const stock = stockOf(m, stockId)
  if (stock.market !== stockType) throw new ApiError(400, `参数错误：stockType 应为 ${stock.market}`)
  const count = await tables(db).selectFrom('user_stocks').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()
  if (Number(count.n) >= MAX_USER_STOCKS) throw new ApiError(400, MARKET_MESSAGES.tooMany)
  const inserted = await tables(db)
    .insertInto('user_stocks')
    .values({ user_id: userId, stock_id: stockId, stock_type: stockType, create_timestamp: now })
    .onConflict((oc) => oc.doNothing())
    .returning('stock_id')
    .executeTakeFirst()
  forgetWatchlist(db, userId)
  if (!inserted) throw new ApiError(400, MARKET_MESSAGES.duplicate)
  return { stockCode: stockId, stockType }
}

export async function deleteUserStocks(db: Db, userId: number, stockIds: readonly string[]) {
  const rows = await tables(db).deleteFrom('user_stocks').where('user_id', '=', userId).where('stock_id', 'in', [...stockIds]).returning('stock_id').execute()
  forgetWatchlist(db, userId)
  return { deleted: rows.length }
}

export async function userStocks(db: Db, m: Market, userId: number, lang: ContentLang): Promise<UserStockItem[]> {
  const rows = await cacheOf(db).get(String(userId), WATCHLIST_CACHE_MS, () => readRows(db, userId))
  const t = m.feed.now()
  return rows.flatMap((r) => {
    const s = m.stocks.get(r.stock_id)
    return s ? [{ ...stockQuoteFor(m, s, lang, t), stockType: s.market, createTimestamp: Number(r.create_timestamp) }] : []
  })
}
