// Integration (issue 25): spec 000 §7 /api/post (page, count, userId), /api/post/list (stockCode, page,
// count), /api/follows/suggested/v1 and spec 001 §7 /api/industry-leader/check/v1 on the real app, for a
// guest, a reader and the owner (an author's own posts, a certified adviser's own check), with bad input.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as api from '../../../core/api/reading-community'
import { authHeaders, signInForTest } from '../../accounts/session'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { TEST_NOW } from '../../testing/test-db'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const isChinese = (s: string) => /[\u4e00-\u9fff]/.test(s)
async function expectStatus(path: string, status: number, headers: Record<string, string> = {}) {
  const r = await t.get(path, headers)
  expect(r.status, path).toBe(status)
  expect(r.body.statusCode).toBe(status)
  expect(isChinese(r.body.message), r.body.message).toBe(true)
}
const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(t.db.kysely)).rows[0]!.n)
const newestFirst = (items: readonly { createTimestamp: number }[]) => items.every((x, i) => i === 0 || items[i - 1]!.createTimestamp >= x.createTimestamp)
async function signIn(userId: number) {
  const cookie = await signInForTest(t, userId)
  return authHeaders(cookie)
}
async function post(path: string, headers: Record<string, string>, body: unknown) {
  const res = await t.request(path, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status, path).toBe(200)
}
/** the most prolific author of approved posts */
async function busiestAuthor(): Promise<number> {
  const r = await sql<{ user_id: number }>`SELECT user_id FROM posts WHERE status = 'approved' GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1`.execute(t.db.kysely)
  return Number(r.rows[0]!.user_id)
}

describe('GET /api/post', () => {
  it('everyone\'s approved posts, newest first, numbered pages', async () => {
    const first = await t.getOk(api.postList, '/api/post?count=30')
    expect(first.total).toBe(await count(sql`SELECT count(*) AS n FROM posts WHERE status = 'approved' OR (status = 'reviewing' AND review_due <= ${TEST_NOW})`))
    expect(first.list).toHaveLength(30)
    expect(newestFirst(first.list)).toBe(true)
    const second = await t.getOk(api.postList, '/api/post?count=30&page=2')
    expect(second.list.some((p) => first.list.some((q) => q.id === p.id))).toBe(false)
  })
  it('one author\'s (userId): only theirs, all approved; a guest, a reader and the author read the same', async () => {
    const author = await busiestAuthor()
    const guest = await t.getOk(api.postList, `/api/post?userId=${author}&count=100`)
    expect(guest.list.length).toBeGreaterThan(0)
    expect(guest.list.every((p) => p.author.id === author && (p.status ?? 'approved') === 'approved')).toBe(true)
    expect(guest.total).toBe(await count(sql`SELECT count(*) AS n FROM posts WHERE user_id = ${author} AND (status = 'approved' OR (status = 'reviewing' AND review_due <= ${TEST_NOW}))`))
    expect(await t.getOk(api.postList, `/api/post?userId=${author}&count=100`, await signIn(author === 30 ? 31 : 30))).toEqual(guest)
    expect(await t.getOk(api.postList, `/api/post?userId=${author}&count=100`, await signIn(author))).toEqual(guest)
  })
  it('a person with no posts has an empty page; bad page, count or userId 400', async () => {
    expect(await t.getOk(api.postList, '/api/post?userId=2147483647')).toMatchObject({ list: [], hasMore: false, total: 0 })
    for (const q of ['page=0', 'count=101', 'count=x', 'userId=0', 'userId=abc', 'userId=99999999999']) await expectStatus(`/api/post?${q}`, 400)
  })
})

describe('GET /api/post/list', () => {
  it('the approved posts naming one stock, newest first, all of them', async () => {
    const r = await t.getOk(api.stockPostList, '/api/post/list?stockCode=hk00700&count=100')
    expect(r.list.length).toBeGreaterThan(0)
    expect(r.list.every((p) => p.stocks.some((s) => s.id === 'hk00700'))).toBe(true)
    expect(r.total).toBe(await count(sql`SELECT count(*) AS n FROM posts WHERE 'hk00700' = ANY(stocks) AND (status = 'approved' OR (status = 'reviewing' AND review_due <= ${TEST_NOW}))`))
    expect(newestFirst(r.list)).toBe(true)
    expect(r.list[0]!.stocks.find((s) => s.id === 'hk00700')!.name).toBe('腾讯控股')
  })
  it('a guest and a reader alike; zh-hk stock names', async () => {
    const guest = await t.getOk(api.stockPostList, '/api/post/list?stockCode=hk00700&count=5')
    expect(await t.getOk(api.stockPostList, '/api/post/list?stockCode=hk00700&count=5', await signIn(30))).toEqual(guest)
    const hk = await t.getOk(api.stockPostList, '/api/post/list?stockCode=hk00700&count=5', { 'Client-Lang': 'zh-hk' })
    expect(hk.list[0]!.stocks.find((s) => s.id === 'hk00700')!.name).toBe('騰訊控股')
  })
  it('a stock nobody writes on: an empty page; a missing or malformed stockCode 400', async () => {
    expect(await t.getOk(api.stockPostList, '/api/post/list?stockCode=usNOPE')).toMatchObject({ list: [], total: 0 })
    for (const q of ['', 'stockCode=', 'stockCode=00700', 'stockCode=hk', 'stockCode=cn600000', 'stockCode=hk00700&count=0']) await expectStatus(`/api/post/list?${q}`, 400)
  })
})

describe('GET /api/follows/suggested/v1', () => {
  it('a guest: 401 请先登录', async () => {
    await expectStatus('/api/follows/suggested/v1', 401)
  })
  it('never the reader, nor anyone they follow; people with something to read', async () => {
    const me = 55
    const h = await signIn(me)
    const list = await t.getOk(api.suggestedFollows, '/api/follows/suggested/v1?count=50', h)
    expect(list.length).toBeGreaterThan(0)
    const followed = new Set((await sql<{ followee_id: number }>`SELECT followee_id FROM friendships WHERE follower_id = ${me}`.execute(t.db.kysely)).rows.map((r) => Number(r.followee_id)))
    for (const u of list) {
      expect(u.id).not.toBe(me)
      expect(followed.has(u.id), String(u.id)).toBe(false)
      expect(u.isFollow).toBe(false)
    }
    expect(list.length).toBeLessThanOrEqual(50)
    expect((await t.getOk(api.suggestedFollows, '/api/follows/suggested/v1', h)).length).toBeLessThanOrEqual(8)
  })
  it('following someone brings the people they follow first (friends), and takes them off the list', async () => {
    const me = 56
    const h = await signIn(me)
    const before = await t.getOk(api.suggestedFollows, '/api/follows/suggested/v1?count=50', h)
    const target = before.find((u) => u.reason !== 'friends') ?? before[0]!
    // someone the target follows, whom `me` does not follow yet
    const theirs = Number((await sql<{ id: number }>`SELECT f.followee_id AS id FROM friendships f JOIN users u ON u.id = f.followee_id
      WHERE f.follower_id = ${target.id} AND f.followee_id <> ${me} AND u.is_columnist
        AND NOT EXISTS (SELECT 1 FROM friendships m WHERE m.follower_id = ${me} AND m.followee_id = f.followee_id) LIMIT 1`.execute(t.db.kysely)).rows[0]?.id ?? 0)
    if (theirs === 0) await sql`INSERT INTO friendships (follower_id, followee_id, create_timestamp) SELECT ${target.id}, id, ${TEST_NOW} FROM users WHERE is_columnist AND id <> ${me} AND id <> ${target.id} ORDER BY id LIMIT 1`.execute(t.db.kysely)
    await post('/api/friendships/follow', h, { destUserId: target.id })
    const after = await t.getOk(api.suggestedFollows, '/api/follows/suggested/v1?count=50', h)
    expect(after.map((u) => u.id)).not.toContain(target.id)
    expect(after[0]!.reason).toBe('friends')
    const reasons = after.map((u) => api.SUGGEST_REASONS.indexOf(u.reason))
    expect(reasons).toEqual([...reasons].sort((a, b) => a - b))
  })
  it('watching a stock brings its authors (stocks) before the merely popular', async () => {
    const me = 57
    const h = await signIn(me)
    await sql`DELETE FROM friendships WHERE follower_id = ${me}`.execute(t.db.kysely)
    await post('/api/userstock/add', h, { stockCode: 'hk00700', stockType: 'hk' })
    const list = await t.getOk(api.suggestedFollows, '/api/follows/suggested/v1?count=50', h)
    const first = list[0]!
    expect(first.reason).toBe('stocks')
    const wrote = await count(sql`SELECT count(*) AS n FROM posts WHERE user_id = ${first.id} AND status = 'approved' AND 'hk00700' = ANY(stocks)`)
    expect(wrote).toBeGreaterThan(0)
  })
  it('bad count 400', async () => {
    const h = await signIn(58)
    for (const q of ['count=0', 'count=101', 'count=x']) await expectStatus(`/api/follows/suggested/v1?${q}`, 400, h)
  })
})

describe('GET /api/industry-leader/check/v1', () => {
  it('a guest: 401 for themselves; another person\'s check is public', async () => {
    await expectStatus('/api/industry-leader/check/v1', 401)
    expect(await t.getOk(api.industryLeaderCheck, '/api/industry-leader/check/v1?userId=30')).toEqual({ userId: 30, isIndustryLeader: false, since: null })
  })
  it('a reader without a certification is not one; a certified adviser (the owner of circles) is, since the certification', async () => {
    expect(await t.getOk(api.industryLeaderCheck, '/api/industry-leader/check/v1', await signIn(31))).toEqual({ userId: 31, isIndustryLeader: false, since: null })
    const since = TEST_NOW - 10 * 86_400
    await sql`UPDATE users SET advisory_cert_time = ${since} WHERE id = 32`.execute(t.db.kysely)
    expect(await t.getOk(api.industryLeaderCheck, '/api/industry-leader/check/v1', await signIn(32))).toEqual({ userId: 32, isIndustryLeader: true, since })
    expect(await t.getOk(api.industryLeaderCheck, '/api/industry-leader/check/v1?userId=32')).toEqual({ userId: 32, isIndustryLeader: true, since })
  })
  it('an unknown person 404 用户不存在; a bad userId 400', async () => {
    await expectStatus('/api/industry-leader/check/v1?userId=2147483647', 404)
    for (const q of ['userId=0', 'userId=x', 'userId=-1', 'userId=99999999999']) await expectStatus(`/api/industry-leader/check/v1?${q}`, 400)
  })
})
