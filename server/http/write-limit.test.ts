// Limits on every write a person makes (issue 23), against the real app on a PGlite clone with the
// real limit table (core/limits/write-limits.ts): for every limited class the (max + 1)-th write from
// one account answers 429 with the message and stores nothing; another account from another address
// is unaffected; the per-address limit catches many accounts from one address; two app instances on
// one database share the counts; uploads have a bytes-per-hour quota.
import { sql } from 'kysely'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPath } from '../../core/api/endpoint'
import { CLASSED_ENDPOINTS, classOf, isLimited } from '../../core/limits/endpoint-classes'
import { WRITE_LIMIT_MESSAGE, WRITE_LIMITS, type LimitedClass, type WriteLimitTable } from '../../core/limits/write-limits'
import { createApp } from '../app'
import { authHeaders, signInForTest } from '../accounts/session'
import { createTestDb, TEST_NOW, type TestDb, secondPool } from '../testing/test-db'

import { STATE_CHANGING_GETS } from '../accounts/http'
import { ENDPOINTS } from '../../core/api/registry'
import { LOOPBACK, socketEnv } from '../testing/socket-env'

let t: TestDb
let app: Hono
let users: number[] = []
let nextUser = 0
let nowMs = TEST_NOW * 1000
let post = 0

interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the envelope carries
  body: { statusCode: number; message: string; result: any }
}

async function callOn(on: Hono, method: string, path: string, h: Record<string, string>, body: unknown, address: string): Promise<Answer> {
  const isForm = body instanceof FormData
  const init: RequestInit = { method, headers: { ...h, ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }) } }
  if (body !== undefined && method !== 'GET') init.body = isForm ? body : JSON.stringify(body)
  const res = await on.request(path, init, socketEnv(address))
  return { status: res.status, body: (await res.json()) as Answer['body'] }
}
const call = (method: string, path: string, h: Record<string, string>, body: unknown, address = '198.51.100.1') => callOn(app, method, path, h, body, address)

async function reader(): Promise<{ id: number; h: Record<string, string> }> {
  const id = users[nextUser++]!
  return { id, h: authHeaders(await signInForTest(t.db, id)) }
}

/** Rows in every table but the limits' own: a refused write changes none of them. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await sql<{ t: string }>`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'write_counts'`.execute(t.db.kysely)).rows
  const out: Record<string, number> = {}
  for (const { t: name } of tables) out[name] = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(t.db.kysely)).rows[0]!.n)
  return out
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex')
function pngForm(names = ['a.png'], bytes: Buffer = PNG): FormData {
  const form = new FormData()
  for (const n of names) form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), n)
  return form
}

/** A write of the class that would store something (where one is easy to make), else any body: every attempt counts. */
function sample(cls: LimitedClass, i: number): { method: string; path: string; body: unknown } {
  const text = `第 ${i} 条`
  switch (cls) {
    case 'post':
      return { method: 'POST', path: '/api/community/dynamic/v3', body: { content: `腾讯今天涨了 ${text}` } }
    case 'article':
      return { method: 'POST', path: '/api/columnArticle/publish/v1', body: { title: `标题 ${text}`, tokens: [{ type: 'text', text: `正文 ${text}` }] } }
    case 'draft':
      return { method: 'POST', path: '/api/columnArticleDraft/saveMyOne', body: { title: `草稿 ${text}`, tokens: [{ type: 'text', text }] } }
    case 'comment':
      return { method: 'POST', path: '/api/comments/v2', body: { source: 'post', refId: post, content: `评论 ${text}` } }
    case 'like':
      return { method: 'POST', path: `/api/post/${post}/like/add`, body: {} }
    case 'share':
      return { method: 'POST', path: '/api/share/v2', body: { source: 'post', id: post } }
    case 'report':
      return { method: 'POST', path: '/api/user/complain/post/v1', body: { id: post, reason: 'spam', content: text } }
    case 'follow':
      return { method: 'POST', path: '/api/userstock/add', body: { stockCode: i % 2 ? 'hk00700' : 'hk00005', stockType: 'hk' } }
    case 'upload':
      return { method: 'POST', path: '/api/file/dynamic/picture', body: pngForm() }
    default: {
      const [endpoint] = CLASSED_ENDPOINTS.find(([, c]) => c === cls)!
      const path = buildPath(endpoint.path, { id: 1, type: 'post', model: 'post', source: 'post', code: 'P80', orderId: 'x' })
      return { method: endpoint.method, path, body: endpoint.method === 'GET' ? undefined : {} }
    }
  }
}

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: WRITE_LIMITS })
  users = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 80`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
  // a post others may comment on, like, share and report (approved by the local moderation sandbox)
  const author = await reader()
  const created = await call('POST', '/api/community/dynamic/v3', author.h, { content: '腾讯今天涨了' })
  expect(created.status).toBe(200)
  post = Number(created.body.result.id)
  const guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }
  expect((await callOn(app, 'POST', '/api/sandbox/moderation/v1', guest, { kind: 'post', id: post, approve: true }, LOOPBACK.incoming.socket.remoteAddress)).status).toBe(200)
}, 300_000) // building the shared test template on a busy machine may take minutes
afterAll(() => t.close())

const LIMITED = Object.keys(WRITE_LIMITS).filter((c): c is LimitedClass => c !== 'uploadBytes' && isLimited(c as LimitedClass))

/**
 * Every class's wiring (its endpoints reach the middleware, a refusal stores nothing) checked against a
 * table of 3 writes an account: the same code path as the real numbers, which core's tests and the
 * posts, reports, comments and coupon tests below hold at their real size. The real numbers here took
 * ~3,300 requests (45 s of the suite on 2 cores).
 */
const THREE_EACH: WriteLimitTable = Object.fromEntries(
  // bytes stay the real quota (uploadBytes counts bytes, not writes)
  Object.entries(WRITE_LIMITS).map(([k, v]) => [k, k === 'uploadBytes' ? v : { ...v, account: { ...v.account, max: Math.min(v.account.max, 3) }, address: { ...v.address, max: Math.min(v.address.max, 15) } }]),
) as unknown as WriteLimitTable

describe('every class: the (max + 1)-th write from one account answers 429 and stores nothing', () => {
  let small: Hono
  beforeAll(() => {
    small = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: THREE_EACH })
  })
  it.each(LIMITED)('%s', async (cls) => {
    const call = (method: string, path: string, h: Record<string, string>, body: unknown, address: string) => callOn(small, method, path, h, body, address)
    const max = THREE_EACH[cls].account.max
    const who = await reader()
    const address = `198.51.100.${10 + LIMITED.indexOf(cls)}`
    const answers: number[] = []
    for (let i = 0; i < max; i++) {
      const s = sample(cls, i)
      answers.push((await call(s.method, s.path, who.h, s.body, address)).status)
    }
    expect(answers.filter((s) => s === 429)).toEqual([])
    const before = await rowCounts()
    const s = sample(cls, max)
    const refused = await call(s.method, s.path, who.h, s.body, address)
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: { statusCode: 429, message: WRITE_LIMIT_MESSAGE, result: null } })
    expect(await rowCounts()).toEqual(before)
    // another account from another address is unaffected
    const other = await reader()
    const s2 = sample(cls, max + 1)
    expect((await call(s2.method, s2.path, other.h, s2.body, '203.0.113.200')).status).not.toBe(429)
  }, 120_000)
})

describe('the classes', () => {
  it('the GETs of the spec that change state (server/accounts/http.ts) are classed too', () => {
    const gets = ENDPOINTS.filter(({ endpoint }) => endpoint.method === 'GET' && STATE_CHANGING_GETS.has(endpoint.path))
    expect(gets.map(({ endpoint }) => endpoint.path).sort()).toEqual([...STATE_CHANGING_GETS].sort())
    expect(gets.filter(({ endpoint }) => classOf(endpoint) === undefined).map(({ endpoint }) => endpoint.path)).toEqual([])
  })
})

describe('what a limit answers and counts', () => {
  it('the posts really were stored up to the limit: 30 posts, then 429 and no 31st', async () => {
    const who = await reader()
    const count = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM posts WHERE user_id = ${who.id}`.execute(t.db.kysely)).rows[0]!.n)
    const seeded = await count()
    for (let i = 0; i < WRITE_LIMITS.post.account.max; i++) expect((await call('POST', '/api/community/dynamic/v3', who.h, { content: `帖子 ${i}` }, '192.0.2.1')).status).toBe(200)
    expect(await count()).toBe(seeded + WRITE_LIMITS.post.account.max)
    expect((await call('POST', '/api/community/dynamic/v3', who.h, { content: '再一条' }, '192.0.2.1')).status).toBe(429)
    expect(await count()).toBe(seeded + WRITE_LIMITS.post.account.max)
  })

  it('a zh-hk reader gets the message in traditional characters', async () => {
    const who = await reader()
    for (let i = 0; i < WRITE_LIMITS.report.account.max; i++) await call('POST', '/api/user/complain/post/v1', who.h, { id: post, reason: 'spam' }, '192.0.2.2')
    const res = await app.request('/api/user/complain/post/v1', { method: 'POST', headers: { ...who.h, 'Content-Type': 'application/json', 'Client-Lang': 'zh-hk' }, body: JSON.stringify({ id: post, reason: 'spam' }) }, socketEnv('192.0.2.2'))
    expect(res.status).toBe(429)
    expect(((await res.json()) as Answer['body']).message).toBe('操作過於頻繁，請稍後再試')
  })

  it('a refused write is not counted: once the oldest writes leave the hour, the reader writes again', async () => {
    const who = await reader()
    const max = WRITE_LIMITS.report.account.max
    for (let i = 0; i < max; i++) expect((await call('POST', '/api/user/complain/post/v1', who.h, { id: post, reason: 'spam' }, '192.0.2.3')).status).toBe(200)
    // a script hammering on: every try refused
    for (let i = 0; i < 50; i++) expect((await call('POST', '/api/user/complain/post/v1', who.h, { id: post, reason: 'spam' }, '192.0.2.3')).status).toBe(429)
    nowMs += 60 * 60_000
    expect((await call('POST', '/api/user/complain/post/v1', who.h, { id: post, reason: 'spam' }, '192.0.2.3')).status).toBe(200)
  })

  it('a GET that changes state (coupon exchange) is limited too', async () => {
    const who = await reader()
    const statuses: number[] = []
    for (let i = 0; i <= WRITE_LIMITS.coupon.account.max; i++) statuses.push((await call('GET', `/api/user-coupons/exchange?code=GUESS${i}`, who.h, undefined, '192.0.2.4')).status)
    expect(statuses.slice(0, -1)).not.toContain(429)
    expect(statuses.at(-1)).toBe(429)
  })

  it('a cross-site or token-less request is refused by the CSRF check before it counts against anyone', async () => {
    const who = await reader()
    const forged = { Cookie: who.h.Cookie! }
    for (let i = 0; i < 40; i++) expect((await call('POST', '/api/user/complain/post/v1', forged, { id: post, reason: 'spam' }, '192.0.2.5')).status).toBe(403)
    expect((await call('POST', '/api/user/complain/post/v1', who.h, { id: post, reason: 'spam' }, '192.0.2.5')).status).toBe(200)
  })
})

describe('per address', () => {
  it('many accounts from one address: the address limit catches them; another address is unaffected', async () => {
    const { account, address } = WRITE_LIMITS.comment
    const perAccount = account.max
    const accounts = Math.ceil(address.max / perAccount)
    let made = 0
    for (let a = 0; a < accounts; a++) {
      const who = await reader()
      for (let i = 0; i < perAccount && made < address.max; i++, made++) expect((await call('POST', '/api/comments/v2', who.h, { source: 'post', refId: post, content: `评论 ${a}-${i}` }, '192.0.2.50')).status).toBe(200)
    }
    const fresh = await reader()
    const before = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM comments`.execute(t.db.kysely)).rows[0]!.n)
    const refused = await call('POST', '/api/comments/v2', fresh.h, { source: 'post', refId: post, content: '新账号' }, '192.0.2.50')
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(WRITE_LIMIT_MESSAGE)
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM comments`.execute(t.db.kysely)).rows[0]!.n)).toBe(before)
    expect((await call('POST', '/api/comments/v2', fresh.h, { source: 'post', refId: post, content: '换个网络' }, '192.0.2.51')).status).toBe(200)
  }, 120_000)

  it('an IPv6 reader cannot escape by changing the last 64 bits of its address', async () => {
    const max = WRITE_LIMITS.report.address.max
    let made = 0
    while (made < max) {
      const who = await reader()
      for (let i = 0; i < WRITE_LIMITS.report.account.max && made < max; i++, made++) {
        expect((await call('POST', '/api/user/complain/post/v1', who.h, { id: post, reason: 'spam' }, `2001:db8:aa:bb::${made.toString(16)}`)).status).toBe(200)
      }
    }
    const who = await reader()
    expect((await call('POST', '/api/user/complain/post/v1', who.h, { id: post, reason: 'spam' }, '2001:db8:aa:bb:ffff::1')).status).toBe(429)
    expect((await call('POST', '/api/user/complain/post/v1', who.h, { id: post, reason: 'spam' }, '2001:db8:aa:cc::1')).status).toBe(200)
  }, 120_000)
})

describe('shared by every process', () => {
  it('two app instances on one database share the counts (on PostgreSQL each with its own pool, as two processes)', async () => {
    // on PostgreSQL (TEST_DATABASE_URL) the second app opens its own pool on the same database, as a second process would
    const secondDb = await secondPool(t)
    const second = createApp({ db: secondDb, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: WRITE_LIMITS })
    const who = await reader()
    const max = WRITE_LIMITS.comment.account.max
    const count = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM comments WHERE user_id = ${who.id}`.execute(t.db.kysely)).rows[0]!.n)
    const seeded = await count()
    // all at once, half through each instance: exactly max are taken, whatever the interleaving
    const answers = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) => callOn(i % 2 ? app : second, 'POST', '/api/comments/v2', who.h, { source: 'post', refId: post, content: `并发 ${i}` }, '192.0.2.60')),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(max)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10)
    expect(await count()).toBe(seeded + max)
    if (secondDb !== t.db) await secondDb.close()
  })
})

describe('uploads: count and bytes per hour', () => {
  const small: WriteLimitTable = { ...WRITE_LIMITS, uploadBytes: { ...WRITE_LIMITS.uploadBytes, account: { max: 10 * PNG.length, windowMs: 3_600_000 }, address: { max: 30 * PNG.length, windowMs: 3_600_000 } } }
  it('the bytes quota: what fits is stored, the request that would pass it is refused whole and stores nothing', async () => {
    const quota = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: small })
    const who = await reader()
    const stored = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM uploads WHERE user_id = ${who.id}`.execute(t.db.kysely)).rows[0]!.n)
    expect((await callOn(quota, 'POST', '/api/file/dynamic/picture', who.h, pngForm(['1.png', '2.png', '3.png', '4.png', '5.png', '6.png', '7.png', '8.png']), '192.0.2.70')).status).toBe(200)
    expect(await stored()).toBe(8)
    const over = await callOn(quota, 'POST', '/api/file/dynamic/picture', who.h, pngForm(['9.png', '10.png', '11.png']), '192.0.2.70')
    expect({ status: over.status, message: over.body.message }).toEqual({ status: 429, message: WRITE_LIMIT_MESSAGE })
    expect(await stored()).toBe(8)
    // the refused bytes were not counted: two more still fit
    expect((await callOn(quota, 'POST', '/api/file/dynamic/picture', who.h, pngForm(['9.png', '10.png']), '192.0.2.70')).status).toBe(200)
    expect(await stored()).toBe(10)
    expect((await callOn(quota, 'POST', '/api/file/dynamic/picture', who.h, pngForm(['11.png']), '192.0.2.70')).status).toBe(429)
    // an hour later the quota is back
    nowMs += 60 * 60_000
    expect((await callOn(quota, 'POST', '/api/file/dynamic/picture', who.h, pngForm(['12.png']), '192.0.2.70')).status).toBe(200)
  })

  it('the real quota: one maximal request fits, and the issue’s 200 MB in a burst is stopped below the hour’s quota', () => {
    expect(WRITE_LIMITS.uploadBytes.account.max).toBeGreaterThanOrEqual(10 * 20_000_000)
    expect(WRITE_LIMITS.uploadBytes.account.max).toBeLessThan(3 * 200 * 1024 * 1024)
  })

  it('a declared body larger than what is left of the quota is refused before it is read', async () => {
    const quota = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: small })
    const who = await reader()
    const big = Buffer.alloc(20 * PNG.length, 1)
    const form = pngForm(['big.png'], Buffer.concat([PNG, big]))
    const res = await callOn(quota, 'POST', '/api/file/dynamic/picture', who.h, form, '192.0.2.71')
    expect(res.status).toBe(429)
  })
})
