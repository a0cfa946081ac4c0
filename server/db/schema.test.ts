// The one database types file (schema.ts) against what the migrations really create: every typed
// table has exactly the columns the migrations give it, and every other table is on the raw-SQL list.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/test-db'
import { TABLE_COLUMNS } from './schema'

/** Tables read and written with raw SQL only (no kysely types yet): community, market and posting (server/posting). */
const RAW_SQL_TABLES = [
  'agreement_signatures', 'column_applications', 'coupon_templates', 'entitlements', 'goods', 'goods_specs', 'ledger', 'real_names', 'risk_results', 'search_grams', 'user_addresses', 'user_coupons', 'user_stocks',
]

let t: TestDb
let columns: Map<string, string[]>
beforeAll(async () => {
  t = await createTestDb() // migrated (and seeded) by server/db/migrations
  const rows = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(t.db.kysely)
  columns = new Map()
  for (const r of rows.rows) columns.set(r.table_name, [...(columns.get(r.table_name) ?? []), r.column_name])
})
afterAll(() => t.close())

describe('server/db/schema.ts against the migrations', () => {
  it('every typed table exists with exactly its typed columns', () => {
    const mismatches = Object.entries(TABLE_COLUMNS).flatMap(([table, typed]) => {
      const real = columns.get(table)
      if (!real) return [`${table}: typed but not created by any migration`]
      const missing = real.filter((c) => !(typed as readonly string[]).includes(c)).map((c) => `${table}.${c}: in the database, not typed`)
      const extra = typed.filter((c) => !real.includes(c)).map((c) => `${table}.${c}: typed, not in the database`)
      return [...missing, ...extra]
    })
    expect(mismatches).toEqual([])
  })

  it('every table the migrations create is typed or on the raw-SQL list', () => {
    const untyped = [...columns.keys()].filter((table) => !(table in TABLE_COLUMNS)).sort()
    expect(untyped).toEqual(RAW_SQL_TABLES)
  })
})
