import { DEMO_APPLICANT_PHONE, DEMO_REVIEWER_PHONE } from '../certification/seed'
import { sql } from 'kysely'
import { DEMO_ACCOUNTS } from '../membership/seed'
import { INDUSTRY_REVIVAL_KEY } from '../membership/member-content'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateFixtures } from '../../fixtures/generate'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { HISTORY_DAYS, seed, SEED_VERSION } from './seed'
import { FEATURE_SEEDS } from './feature-seeds'
import { DEMO_ADVISER_PHONE } from '../chat/seed'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
})
afterAll(async () => {
  await t?.close()
})

const TABLES = ['channels', 'news_types', 'stocks', 'users', 'columns', 'articles', 'flashes', 'daily_bars', 'config'] as const

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const table of TABLES) {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db.kysely)
    out[table] = r.rows[0]!.n
  }
  return out
}

describe('seed', () => {
  it('holds every fixture row and the daily history', async () => {
    const f = generateFixtures(TEST_NOW)
    expect(await counts()).toEqual({
      channels: f.channels.length,
      news_types: f.newsTypes.length,
      stocks: f.stocks.length,
      // the fixture's readers, the chat seed's demo adviser (server/chat/seed.ts), the demo reader and
      // member (server/membership/seed.ts) and the certification's demo reviewer and applicant
      // (server/certification/seed.ts): the users feature seeds add, in local mode only
      users: f.users.length + 1 + DEMO_ACCOUNTS.length + [DEMO_REVIEWER_PHONE, DEMO_APPLICANT_PHONE].length,
      columns: f.columns.length,
      articles: f.articles.length,
      flashes: f.flashes.length,
      daily_bars: f.stocks.length * HISTORY_DAYS,
      // the fixture's keys and the membership seed's industry-revival series (seed 303)
      config: Object.keys({ ...f.config, [INDUSTRY_REVIVAL_KEY]: null }).length,
    })
    expect(await t.db.kysely.selectFrom('users').select('id').where('phone', '=', DEMO_ADVISER_PHONE).execute()).toHaveLength(1)
    const meta = await t.db.kysely.selectFrom('seed_meta').selectAll().orderBy('version').execute()
    // the base seed and every feature's seed, each recorded once, all from the same `now`
    expect(meta.map((m) => m.version)).toEqual([SEED_VERSION, ...FEATURE_SEEDS.map((f) => f.version)].sort((a, b) => a - b))
    expect(meta.every((m) => m.seed_now === TEST_NOW)).toBe(true)
  })

  it('is idempotent: seeding again (even forced) keeps counts, and user rows added meanwhile survive', async () => {
    const before = await counts()
    const user = await t.db.kysely
      .insertInto('users')
      .values({ nick: '新用户', phone: '13900000000', create_timestamp: TEST_NOW + 10 })
      .returning('id')
      .executeTakeFirstOrThrow()
    // the identity sequence continues after the seeded ids
    expect(user.id).toBeGreaterThan(generateFixtures(TEST_NOW).users.length)
    expect(await seed(t.db, { now: TEST_NOW + 99_999 })).toEqual({ seeded: false, seedNow: TEST_NOW })
    expect(await seed(t.db, { now: TEST_NOW + 99_999, force: true })).toEqual({ seeded: true, seedNow: TEST_NOW })
    expect(await counts()).toEqual({ ...before, users: before.users! + 1 })
    const kept = await t.db.kysely.selectFrom('users').select('nick').where('id', '=', user.id).executeTakeFirst()
    expect(kept?.nick).toBe('新用户')
  })

  it('seeds an empty database with the stored `now`, and completes an interrupted seed', async () => {
    const k = t.db.kysely
    const full = await counts()
    // as if the first seed stopped halfway: most content gone, no version recorded
    await k.deleteFrom('daily_bars').where('stock_id', '>', 'hk0').execute()
    await k.deleteFrom('flashes').execute()
    await k.deleteFrom('seed_meta').execute()
    expect(await seed(t.db, { now: TEST_NOW })).toEqual({ seeded: true, seedNow: TEST_NOW })
    expect(await counts()).toMatchObject({ daily_bars: full.daily_bars, flashes: full.flashes })
    // the seeded dates follow `now`: the newest flash is a few minutes before it
    const newest = await k.selectFrom('flashes').select((eb) => eb.fn.max('create_timestamp').as('t')).executeTakeFirstOrThrow()
    expect(TEST_NOW - Number(newest.t)).toBeGreaterThan(0)
    expect(TEST_NOW - Number(newest.t)).toBeLessThan(600)
  })
})
