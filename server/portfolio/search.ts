// Portfolio search (spec 001 §7: by name or code, by a stock held; spec 000 §3 searchPortfolio).
import { sql } from 'kysely'
import type { Db } from '../db/db'
import { numberedPage } from '../../core/api/page'
import { stockIdsNamedBy } from '../reading/search'

type Raw = { id: number; name: string; market: string; user_id: number; nick: string; avatar: string; close_timestamp: number | null; total: string | number }

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function page(rows: Raw[], at: { page: number; count: number }) {
  const total = Number(rows[0]?.total ?? 0)
  const list = rows.map((r) => ({
    portfolioCode: String(r.id), name: r.name, nameDisp: r.name, market: r.market as 'hk' | 'us',
    owner: { id: Number(r.user_id), nick: r.nick, avatar: r.avatar }, closed: r.close_timestamp !== null,
  }))
  return numberedPage(list, { ...at, total })
}

/** By name (contains, case-insensitive) or by code (exact); open ones first, then the most followed. */
export async function searchPortfoliosByName(db: Db, keyword: string, at: { page: number; count: number }) {
  const k = keyword.trim()
  const code = /^[1-9][0-9]{0,9}$/.test(k) && Number(k) <= 2_147_483_647 ? Number(k) : -1
  const rows = (
    await sql<Raw>`SELECT p.id, p.name, p.market, p.user_id, u.nick, u.avatar, p.close_timestamp, count(*) OVER () AS total
      FROM portfolios p JOIN users u ON u.id = p.user_id
      WHERE p.name ILIKE ${likePattern(k)} OR p.id = ${code}
      ORDER BY (p.id = ${code}) DESC, (p.close_timestamp IS NULL) DESC, p.follower_count DESC, p.id DESC
      LIMIT ${at.count} OFFSET ${(at.page - 1) * at.count}`.execute(db.kysely)
  ).rows
  return page(rows, at)
}

/**
 * The open portfolios whose latest adjustment holds a stock matching the keyword: by code or name
 * (contains), or any stock the keyword names by stock search's rule (aliases such as 中移动, pinyin).
 */
export async function searchPortfoliosByStock(db: Db, keyword: string, at: { page: number; count: number }) {
  const k = keyword.trim()
  const pattern = likePattern(k)
  const named = await stockIdsNamedBy(db, k, 20)
  const rows = (
    await sql<Raw>`WITH latest AS (
        SELECT DISTINCT ON (portfolio_id) id, portfolio_id FROM portfolio_adjustments ORDER BY portfolio_id, time DESC, id DESC
      ), matched AS (
        SELECT DISTINCT l.portfolio_id FROM latest l
        JOIN portfolio_adjust_items i ON i.adjustment_id = l.id AND i.to_hundredths > 0
        JOIN stocks s ON s.id = i.stock_id
        WHERE s.code ILIKE ${pattern} OR s.name ILIKE ${pattern} OR s.name_hk ILIKE ${pattern} OR s.name_en ILIKE ${pattern} OR s.id = ${k.toLowerCase()} OR s.id = ANY(${named}::text[])
      )
      SELECT p.id, p.name, p.market, p.user_id, u.nick, u.avatar, p.close_timestamp, count(*) OVER () AS total
      FROM matched JOIN portfolios p ON p.id = matched.portfolio_id JOIN users u ON u.id = p.user_id
      WHERE p.close_timestamp IS NULL
      ORDER BY p.follower_count DESC, p.id DESC
      LIMIT ${at.count} OFFSET ${(at.page - 1) * at.count}`.execute(db.kysely)
  ).rows
  return page(rows, at)
}
