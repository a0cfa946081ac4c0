import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestDb, testDatabaseUrl, type TestDb } from '../testing/test-db'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
})
afterAll(async () => {
  await t?.close()
})

describe('Db', () => {
  it('runs on PostgreSQL when TEST_DATABASE_URL is set, on a PGlite clone otherwise', async () => {
    expect(t.kind).toBe(testDatabaseUrl() ? 'postgres' : 'pglite')
    expect(t.db.kind).toBe(t.kind)
  })

  it('parses bigint columns (seconds, cents) as numbers', async () => {
    const row = await t.db.kysely.selectFrom('stocks').select(['last_close_cents', 'shares_outstanding']).where('id', '=', 'hk00700').executeTakeFirstOrThrow()
    expect(typeof row.last_close_cents).toBe('number')
    expect(typeof row.shares_outstanding).toBe('number')
  })

  it('keeps a query from another request out of an open transaction', async () => {
    const k = t.db.kysely
    let releaseTx!: () => void
    const holdTx = new Promise<void>((resolve) => (releaseTx = resolve))
    // (wrapped: a promise resolved with a promise would wait for it)
    let issued!: (q: { outside: Promise<unknown> }) => void
    const outsideIssued = new Promise<{ outside: Promise<unknown> }>((resolve) => (issued = resolve))
    const tx = k
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('config').values({ key: 'uncommitted', value: JSON.stringify(1) }).execute()
        // another request's write, issued while the transaction is open. It records whether it saw
        // the uncommitted row; were it run inside the transaction, the roll-back would take it away.
        const outside = sql`insert into config (key, value) select 'outside', to_jsonb((select count(*) from config where key = 'uncommitted'))`.execute(k)
        issued({ outside })
        // a round trip inside the transaction: anything issued before it on a shared session has
        // reached the database by now (the condition waited on, instead of a fixed sleep)
        await trx.selectFrom('config').select('key').where('key', '=', 'uncommitted').execute()
        await holdTx
        throw new Error('roll back')
      })
      .catch(() => 'rolled back')
    const { outside } = await outsideIssued
    releaseTx()
    expect(await tx).toBe('rolled back')
    await outside
    // it ran outside the transaction (committed, not rolled back with it) and never saw its row
    const row = await k.selectFrom('config').select('value').where('key', '=', 'outside').executeTakeFirst()
    expect(row?.value).toBe(0)
    expect(await k.selectFrom('config').select('key').where('key', '=', 'uncommitted').executeTakeFirst()).toBeUndefined()
    await k.deleteFrom('config').where('key', '=', 'outside').execute()
  })
})
