// Seed rows of portfolios (see server/db/feature-seeds.ts). Versions 1500–1599. Portfolios of fixture
// users with months of adjustments inside the stored daily history, each priced at that day's close
// (an adjustment at the closing instant: the simulator's price then is the stored close), including
// spec 001 §9's activity portfolio, id 80. Net values are computed, never stored.
import { sql } from 'kysely'
import type { FeatureSeed } from '../db/feature-seeds'
import type { Db } from '../db/db'
import { createRandom } from '../../fixtures/prng'
import { sessionSeconds } from '../../core/market/sessions'
import { marketCalendar } from '../market/calendar'
import { applyAdjustment, type Holding } from '../../core/portfolio/net-value'
import { BENCHMARK_OF, type PortfolioMarket } from '../../core/portfolio/rules'
import { firstUsers } from '../accounts/users-repository'

/** spec 001 §9, 000 §9: the activity portfolio's id */
export const ACTIVITY_PORTFOLIO_ID = 80

const NAMES: readonly [string, PortfolioMarket][] = [
  ['港股科技龙头', 'hk'], ['高股息收息组合', 'hk'], ['美股七巨头', 'us'], ['稳健蓝筹', 'hk'], ['新能源精选', 'hk'],
  ['美股成长动量', 'us'], ['内需消费', 'hk'], ['金融地产轮动', 'hk'], ['价值回归', 'us'], ['医药创新', 'hk'], ['半导体周期', 'us'],
]
const ACTIVITY: readonly [string, PortfolioMarket] = ['港美汇活动组合', 'hk']

interface Plan { id: number; userId: number; name: string; market: PortfolioMarket }

export async function seedPortfolios(db: Db): Promise<void> {
  const done = (await sql`SELECT 1 FROM portfolios LIMIT 1`.execute(db.kysely)).rows.length > 0
  if (done) return
  const r = createRandom('portfolio-seed')
  const users = (await firstUsers(db, 60)).map((u) => u.id)
  if (users.length < 3) return
  const stocksOf = async (market: PortfolioMarket) =>
    (await sql<{ id: string }>`SELECT id FROM stocks WHERE market = ${market} AND category = 'stock' ORDER BY shares_outstanding * last_close_cents DESC, id LIMIT 30`.execute(db.kysely)).rows.map((s) => s.id)
  const pools: Record<PortfolioMarket, string[]> = { hk: await stocksOf('hk'), us: await stocksOf('us') }
  const closes = new Map<string, Map<number, number>>()
  const bars = (await sql<{ stock_id: string; day: number; close_cents: number }>`SELECT stock_id, day, close_cents FROM daily_bars
    WHERE stock_id = ANY(${[...pools.hk, ...pools.us, BENCHMARK_OF.hk, BENCHMARK_OF.us]}::text[])`.execute(db.kysely)).rows
  for (const b of bars) {
    let m = closes.get(b.stock_id)
    if (!m) closes.set(b.stock_id, (m = new Map()))
    m.set(Number(b.day), Number(b.close_cents))
  }
  const calendar = (market: PortfolioMarket) => [...(closes.get(BENCHMARK_OF[market])?.keys() ?? [])].sort((a, b) => a - b)

  const plans: Plan[] = NAMES.map(([name, market], i) => ({ id: i + 1, userId: users[i % Math.min(users.length, 20)] as number, name, market }))
  plans.push({ id: ACTIVITY_PORTFOLIO_ID, userId: users[0] as number, name: ACTIVITY[0], market: ACTIVITY[1] })

  for (const p of plans) {
    const days = calendar(p.market)
    const pool = pools[p.market].filter((id) => days.every((d) => closes.get(id)?.has(d)))
    if (days.length < 130 || pool.length < 6) continue
    // starts 4 to 8 months back; 4 to 7 adjustments, 10 to 25 trading days apart
    let k = days.length - 1 - (p.id === ACTIVITY_PORTFOLIO_ID ? 170 : r.int(85, 170))
    let holdings: Map<string, Holding> = new Map()
    let cash = 1
    const n = r.int(4, 7)
    for (let a = 0; a < n && k < days.length; a++) {
      const day = days[k] as number
      const time = Math.floor(marketCalendar.instantAt(p.market, day, sessionSeconds(p.market)))
      const chosen = r.sample(pool, r.int(3, 5))
      const total = r.int(60, 100) * 100 // hundredths: 60–100 % invested
      const parts = chosen.map(() => r.int(1, 10))
      const sum = parts.reduce((x, y) => x + y, 0)
      const to = new Map(chosen.map((id, i) => [id, Math.floor(((parts[i] as number) * total) / sum / 100) * 100]))
      const price = (id: string) => closes.get(id)?.get(day) as number
      const ids = [...new Set([...holdings.keys(), ...chosen])].sort()
      const prices = new Map(ids.map((id) => [id, price(id)]))
      const applied = applyAdjustment({ day, time, prices, targets: chosen.map((id) => ({ stockId: id, weight: (to.get(id) as number) / 100 })) }, holdings, cash)
      if (a === 0) await sql`INSERT INTO portfolios (id, user_id, name, market, create_timestamp) VALUES (${p.id}, ${p.userId}, ${p.name}, ${p.market}, ${time})`.execute(db.kysely)
      const adj = (await sql<{ id: number }>`INSERT INTO portfolio_adjustments (portfolio_id, time, day, kind) VALUES (${p.id}, ${time}, ${day}, ${a === 0 ? 'create' : 'adjust'}) RETURNING id`.execute(db.kysely)).rows[0]!
      const rows = ids.flatMap((id) => {
        const h = holdings.get(id)
        const from = h ? Math.min(10_000, Math.round(((h.shares * price(id)) / applied.value) * 10_000)) : 0
        const toH = to.get(id) ?? 0
        return from === 0 && toH === 0 ? [] : [sql`(${Number(adj.id)}, ${id}, ${from}, ${toH}, ${price(id)})`]
      })
      await sql`INSERT INTO portfolio_adjust_items (adjustment_id, stock_id, from_hundredths, to_hundredths, price_cents) VALUES ${sql.join(rows)}`.execute(db.kysely)
      holdings = applied.holdings
      cash = applied.cash
      k += r.int(10, 25)
    }
  }
  // followers: later fixture users follow a few portfolios each
  const seeded = (await sql<{ id: number; user_id: number; create_timestamp: number }>`SELECT id, user_id, create_timestamp FROM portfolios ORDER BY id`.execute(db.kysely)).rows
  for (const u of users.slice(20)) {
    for (const p of r.sample(seeded, r.int(1, 3))) {
      if (Number(p.user_id) === u) continue
      await sql`INSERT INTO portfolio_follows (user_id, portfolio_id, create_timestamp) VALUES (${u}, ${p.id}, ${Number(p.create_timestamp) + r.int(3600, 86_400 * 20)}) ON CONFLICT DO NOTHING`.execute(db.kysely)
    }
  }
  await sql`UPDATE portfolios p SET follower_count = (SELECT count(*) FROM portfolio_follows f WHERE f.portfolio_id = p.id)`.execute(db.kysely)
  // portfolios created later take ids after the seeded ones (the activity portfolio's 80)
  await sql`SELECT setval(pg_get_serial_sequence('portfolios', 'id'), GREATEST((SELECT max(id) FROM portfolios), 1))`.execute(db.kysely)
}

export const portfolioSeeds: FeatureSeed[] = [{ version: 1500, name: 'portfolios: seeded portfolios with months of history', run: (db) => seedPortfolios(db) }]
