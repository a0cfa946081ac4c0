// GeeTest challenges across server processes (issue 30): a challenge one process issued is verified by
// another (the reader's next request reaches whichever nginx picks), once only — of two processes
// verifying it at once, one accepts. On PostgreSQL (TEST_DATABASE_URL) the second port has a pool of its
// own, as a second process has; on PGlite both share the one database.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db } from '../db/db'
import { createTestDb, type TestDb, secondPool } from '../testing/test-db'
import { databaseChallenges, geetest } from '../accounts/adapters/geetest'
import type { CaptchaPort } from '../accounts/ports'

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex')
const cfg = { id: 'gt-public-id', key: 'gt-private-key' }
const T = 'p:86:13800000000'

/** GeeTest's register and validate, as the service answers a person who solved the puzzle. */
const geetestService: typeof fetch = async (input) => {
  const url = String(input)
  if (url.includes('/register.php')) return Response.json({ challenge: md5(String(Math.random())) })
  if (url.includes('/validate.php')) return Response.json({ seccode: md5('solved') })
  return new Response('not found', { status: 404 })
}

let t: TestDb
let second: Db
let a: CaptchaPort
let b: CaptchaPort

beforeAll(async () => {
  t = await createTestDb()
  second = await secondPool(t)
  a = geetest(cfg, { fetch: geetestService, issued: databaseChallenges(t.db) })
  b = geetest(cfg, { fetch: geetestService, issued: databaseChallenges(second) })
}, 120_000)
afterAll(async () => {
  if (second && second !== t.db) await second.close()
  await t?.close()
})

const solved = (challenge: string) => ({ challenge, validate: md5(cfg.key + 'geetest' + challenge), seccode: 'solved' })

describe('GeeTest challenges shared by every process', () => {
  it('issued by one process, verified by another; then spent everywhere', async () => {
    const p = await a.init(T, '192.0.2.1', 1_000)
    expect(p.success).toBe(1)
    expect(await b.verify(T, solved(p.challenge), 2_000)).toBe(true)
    expect(await a.verify(T, solved(p.challenge), 3_000)).toBe(false)
    expect(await b.verify(T, solved(p.challenge), 3_000)).toBe(false)
  })

  it('verified by both processes at once: exactly one accepts', async () => {
    for (let i = 0; i < 5; i++) {
      const p = await b.init(T, '192.0.2.1', 10_000)
      const answers = await Promise.all([a.verify(T, solved(p.challenge), 11_000), b.verify(T, solved(p.challenge), 11_000)])
      expect(answers.filter(Boolean)).toHaveLength(1)
    }
  })

  it('a challenge for another target, or one past its 10 minutes, is refused by the other process too', async () => {
    const wrongTarget = await a.init(T, 'ip', 0)
    expect(await b.verify('p:86:13900000000', solved(wrongTarget.challenge), 1)).toBe(false)
    const old = await a.init(T, 'ip', 0)
    expect(await b.verify(T, solved(old.challenge), 10 * 60_000 + 1)).toBe(false)
    // issuing sweeps what has expired, for every process
    const left = async () => Number((await t.db.kysely.selectFrom('geetest_challenges').select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '<', 1_000).executeTakeFirst())?.n ?? 0)
    await a.init(T, 'ip', 0)
    await b.init(T, 'ip', 20 * 60_000)
    expect(await left()).toBe(0)
  })
})
