import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
    const before = await k.selectFrom('config').select('key').execute()
    let releaseTx!: () => void
    const holdTx = new Promise<void>((resolve) => (releaseTx = resolve))
    let inserted!: () => void
    const didInsert = new Promise<void>((resolve) => (inserted = resolve))
    const tx = k
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('config').values({ key: 'uncommitted', value: JSON.stringify(1) }).execute()
        inserted()
        await holdTx
        throw new Error('roll back')
      })
      .catch(() => 'rolled back')
    await didInsert
    // issued while the transaction is open: must not run inside it (and so never see its row)
    const outside = k.selectFrom('config').select('key').execute()
    // give it every chance to run (a few event-loop turns) before the transaction ends
    await new Promise((resolve) => setTimeout(resolve, 50))
    releaseTx()
    expect(await tx).toBe('rolled back')
    expect((await outside).map((r) => r.key).sort()).toEqual(before.map((r) => r.key).sort())
  })
})
