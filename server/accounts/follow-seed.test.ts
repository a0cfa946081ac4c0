// Integration: the seeded follow graph on the real app — columnists have fans (thousands for the famous), the
// counts agree across the columnists list, user pages and recommendations, and reseeding changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as columns from '../../core/api/reading-columns'
import * as accounts from '../../core/api/accounts'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'
import { seedFollowGraph } from './follow-seed'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const columnistFans = async () => (await t.getOk(columns.columnists, '/api/column/columnists?count=100')).list.map((c) => ({ id: c.id, fans: c.fans }))

describe('the seeded follow graph', () => {
  it('every columnist has fans; the famous ones more than 9,999 (the k rule shows), the fans power-law-ish', async () => {
    const fans = (await columnistFans()).map((c) => c.fans).sort((a, b) => b - a)
    expect(fans.length).toBeGreaterThan(10)
    for (const n of fans) expect(n).toBeGreaterThan(0)
    expect(fans[0]).toBeGreaterThan(9_999)
    expect(fans.filter((n) => n >= 1000).length).toBeGreaterThanOrEqual(5)
    expect(fans.at(-1)! * 20).toBeLessThan(fans[0]!)
  })

  it('a user page counts fans the same way as the columnists list', async () => {
    for (const c of (await columnistFans()).slice(0, 5)) {
      const u = await t.getOk(accounts.getUserDetail, `/api/user/getDetail?userId=${c.id}`)
      expect(u.userCount.fans).toBe(c.fans)
    }
  })

  it('seeded readers follow people', async () => {
    const rows = await t.db.kysely.selectFrom('friendships' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number((rows as { n: number }).n)).toBeGreaterThan(100)
  })

  it('is safe to rerun: a second seed changes no count', async () => {
    const before = await columnistFans()
    await seedFollowGraph(t.db, TEST_NOW)
    expect(await columnistFans()).toEqual(before)
  })
})
