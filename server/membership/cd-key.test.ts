// The cd-key exchange of /my/coupon (issue 25; spec 001 §7: GET /api/user-coupons/exchange (cdKey)) on the
// real app with the real write limits: a guest, a request without our CSRF token (a GET that changes state),
// the reader (once per key), another reader (their own coupon), bad input with a Chinese message, an
// expired key, and a script guessing keys stopped at the coupon limit with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { authHeaders, signInForTest } from '../accounts/session'
import { LOOPBACK } from '../testing/socket-env'
import { WRITE_LIMIT_MESSAGE, WRITE_LIMITS } from '../../core/limits/write-limits'
import { PURCHASE_MESSAGES } from './goods'

let t: TestDb
let app: Hono
let users: number[] = []
let nextUser = 0

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely, fields checked by the assertions
type Json = any
async function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: { statusCode: number; message: string; result: Json } }> {
  const res = await app.request(path, { headers }, LOOPBACK)
  return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; result: Json } }
}
const reader = async () => {
  const id = users[nextUser++]!
  return { id, h: authHeaders(await signInForTest(t.db, id)) }
}
const exchange = (h: Record<string, string>, cdKey: string) => get(`/api/user-coupons/exchange?cdKey=${encodeURIComponent(cdKey)}`, h)
const heldOf = async (id: number) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM user_coupons WHERE user_id = ${id}`.execute(t.db.kysely)).rows[0]!.n

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => TEST_NOW * 1000, staticDir: '/nonexistent-static-dir', writeLimits: WRITE_LIMITS })
  users = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL AND id NOT IN (SELECT user_id FROM user_coupons) ORDER BY id LIMIT 10`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
}, 120_000)
afterAll(() => t.close())

describe('GET /api/user-coupons/exchange', () => {
  it('a guest is asked to log in (401); without our CSRF token the GET changes nothing (403)', async () => {
    const guest = await exchange(authHeaders('csrf_token=guest-csrf-token-0002'), 'GMH2026')
    expect(guest.status).toBe(401)
    expect(guest.body.message).toMatch(/登录/)
    const r = await reader()
    const { Cookie } = r.h
    const forged = await exchange({ Cookie: Cookie! }, 'GMH2026')
    expect(forged.status).toBe(403)
    expect(forged.body.message).toMatch(/[\u4e00-\u9fff]/)
    expect(await heldOf(r.id)).toBe(0)
  })

  it('the reader exchanges a key once: its coupon, then in their list; again: 您已兑换过该兑换码', async () => {
    const r = await reader()
    const c = await exchange(r.h, 'GMH2026')
    expect(c.status).toBe(200)
    expect(c.body.result).toMatchObject({ couponId: 3, couponName: '兑换券·立减20元', amount: 2_000, isAvailable: true })
    const list = (await get('/api/user-coupons', r.h)).body.result as Json[]
    expect(list.map((x) => x.couponId)).toContain(3)
    const again = await exchange(r.h, 'GMH2026')
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 400, message: PURCHASE_MESSAGES.cdKeyUsed })
    expect(await heldOf(r.id)).toBe(1)
  })

  it('another reader exchanges the same key for their own coupon', async () => {
    const a = await reader()
    const b = await reader()
    expect((await exchange(a.h, 'GMH2026')).status).toBe(200)
    expect((await exchange(b.h, 'GMH2026')).status).toBe(200)
    expect([await heldOf(a.id), await heldOf(b.id)]).toEqual([1, 1])
  })

  it('an unknown or expired key: 兑换码无效或已过期; a malformed one is refused at the contract with a Chinese message', async () => {
    const r = await reader()
    const unknown = await exchange(r.h, 'NOPE2026')
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 400, message: PURCHASE_MESSAGES.cdKeyInvalid })
    await sql`UPDATE coupon_templates SET cd_key = 'OLD2020' WHERE id = 4`.execute(t.db.kysely) // the expired template
    try {
      const expired = await exchange(r.h, 'OLD2020')
      expect({ status: expired.status, message: expired.body.message }).toEqual({ status: 400, message: PURCHASE_MESSAGES.cdKeyInvalid })
    } finally {
      await sql`UPDATE coupon_templates SET cd_key = NULL WHERE id = 4`.execute(t.db.kysely)
    }
    for (const bad of ['', 'GMH-2026', 'A'.repeat(33), '兑换码', "' OR 1=1 --"]) {
      const a = await exchange(r.h, bad)
      expect({ bad, status: a.status }).toEqual({ bad, status: 400 })
      expect(a.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect((await get('/api/user-coupons/exchange', r.h)).status).toBe(400)
    expect(await heldOf(r.id)).toBe(0)
  })

  it('a script guessing keys is stopped at the coupon limit (20 an hour): 429 操作过于频繁，请稍后再试, even for a real key', async () => {
    const r = await reader()
    const max = WRITE_LIMITS.coupon.account.max
    for (let i = 0; i < max; i++) expect((await exchange(r.h, `GUESS${String(i).padStart(4, '0')}`)).status).toBe(400)
    const stopped = await exchange(r.h, 'GMH2026')
    expect({ status: stopped.status, message: stopped.body.message }).toEqual({ status: 429, message: WRITE_LIMIT_MESSAGE })
    expect(await heldOf(r.id)).toBe(0)
  })
})
