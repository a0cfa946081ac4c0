// The login info is kept for a second (issue 11), yet a reader never sees it out of date after a write:
// their own follow, and another reader's follow of them, show on the next GET /api/user/get/v2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestApp, type TestApp } from '../testing/test-app'
import { authHeaders, signInForTest } from './session'

let t: TestApp
let a: { id: number; h: Record<string, string> }
let b: { id: number; h: Record<string, string> }

beforeAll(async () => {
  t = await createTestApp()
  // two readers, the first not yet following the second
  const ids = (await sql<{ a: number; b: number }>`SELECT x.id AS a, y.id AS b FROM users x JOIN users y ON y.id > x.id
    WHERE x.merged_into IS NULL AND y.merged_into IS NULL
      AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.follower_id = x.id AND f.followee_id = y.id)
    ORDER BY x.id, y.id LIMIT 1`.execute(t.db.kysely)).rows.flatMap((r) => [Number(r.a), Number(r.b)])
  a = { id: ids[0]!, h: authHeaders(await signInForTest(t, ids[0]!)) }
  b = { id: ids[1]!, h: authHeaders(await signInForTest(t, ids[1]!)) }
}, 120_000)
afterAll(() => t.close())

const counts = async (who: { h: Record<string, string> }) => {
  const res = await t.request('/api/user/get/v2', { headers: who.h })
  return ((await res.json()) as { result: { userCount: { follow: number; fans: number } } }).result.userCount
}
const follow = (who: { h: Record<string, string> }, dest: number, on = true) =>
  t.request(`/api/friendships/${on ? 'follow' : 'unfollow'}`, { method: 'POST', headers: { ...who.h, 'Content-Type': 'application/json' }, body: JSON.stringify({ destUserId: dest }) })

describe('the login info kept for a second', () => {
  it('shows a write at once: the reader\'s own follow, and the followed reader\'s new fan', async () => {
    const before = { a: await counts(a), b: await counts(b) }
    // asked again within the second: the kept answer
    expect(await counts(a)).toEqual(before.a)
    expect((await follow(a, b.id)).status).toBe(200)
    expect((await counts(a)).follow).toBe(before.a.follow + 1)
    expect((await counts(b)).fans).toBe(before.b.fans + 1)
    expect((await follow(a, b.id, false)).status).toBe(200)
    expect((await counts(a)).follow).toBe(before.a.follow)
    expect((await counts(b)).fans).toBe(before.b.fans)
  })
})
