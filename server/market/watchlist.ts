// spec 000 §7 'Watchlist': a reader's stocks (user stock: stockCode, stockType), one row per user and stock.
import type { Db } from '../db/db'
import type { ContentLang } from '../i18n/to-hk'
import { ApiError } from '../http/api-error'
import { MARKET_MESSAGES, MAX_USER_STOCKS, type UserStockItem } from '../../core/api/market'
import { stockOf, stockQuoteFor, type Market } from './market-data'

interface UserStocksTable {
  user_id: number
  stock_id: string
  stock_type: string
  create_timestamp: number
}
const tables = (db: Db) => db.kysely.withTables<{ user_stocks: UserStocksTable }>()

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
  if (!inserted) throw new ApiError(400, MARKET_MESSAGES.duplicate)
  return { stockCode: stockId, stockType }
}

export async function deleteUserStocks(db: Db, userId: number, stockIds: readonly string[]) {
  const rows = await tables(db).deleteFrom('user_stocks').where('user_id', '=', userId).where('stock_id', 'in', [...stockIds]).returning('stock_id').execute()
  return { deleted: rows.length }
}

export async function userStocks(db: Db, m: Market, userId: number, lang: ContentLang): Promise<UserStockItem[]> {
  const rows = await tables(db).selectFrom('user_stocks').selectAll().where('user_id', '=', userId).orderBy('create_timestamp', 'desc').orderBy('stock_id').execute()
  const t = m.feed.now()
  return rows.flatMap((r) => {
    const s = m.stocks.get(r.stock_id)
    return s ? [{ ...stockQuoteFor(m, s, lang, t), stockType: s.market, createTimestamp: Number(r.create_timestamp) }] : []
  })
}
