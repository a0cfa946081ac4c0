// Integration: the columns, subjects and hotspots endpoints (spec 000 §7) on the real app and the seeded database.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as api from '../../../core/api/reading-columns'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { TEST_NOW } from '../../testing/test-db'
import { authHeaders, signInForTest } from '../../accounts/session'

let t: TestApp
let alice: string
let bob: string

beforeAll(async () => {
  t = await createTestApp()
  // ordinary readers (ids after the columnists and editors)
  const readers = await t.db.kysely.selectFrom('users').select('id').where('is_columnist', '=', false).orderBy('id', 'desc').limit(2).execute()
  alice = await signInForTest(t, readers[0]!.id)
  bob = await signInForTest(t, readers[1]!.id)
})
afterAll(async () => {
  await t?.close()
})

const expect400 = async (path: string) => {
  const r = await t.get(path)
  expect(r.status, path).toBe(400)
  expect(r.body.statusCode).toBe(400)
  expect(r.body.message).toMatch(/参数/)
}
const expect404 = async (path: string, message: string) => {
  const r = await t.get(path)
  expect(r.status, path).toBe(404)
  expect(r.body.message).toBe(message)
}
const json = (headers: Record<string, string>) => ({ ...headers, 'Content-Type': 'application/json' })
const follow = (id: unknown, headers: Record<string, string>) =>
  t.request('/api/subjects/follow', { method: 'POST', headers: json(headers), body: JSON.stringify({ subjectId: id }) })
const unfollow = (id: string, headers: Record<string, string>) => t.request(`/api/subjects/follow?subjectId=${id}`, { method: 'DELETE', headers })

describe('columns', () => {
  it('/api/column/recommend pages through every column, newest updated first, without repeats', async () => {
    const first = await t.getOk(api.columnRecommend, '/api/column/recommend?page=1&count=10')
    const second = await t.getOk(api.columnRecommend, '/api/column/recommend?page=2&count=10')
    const third = await t.getOk(api.columnRecommend, '/api/column/recommend?page=3&count=10')
    const all = [...first.list, ...second.list, ...third.list]
    expect(first.total).toBeGreaterThan(20)
    expect(all).toHaveLength(first.total!)
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length)
    expect(first.hasMore).toBe(true)
    expect(third.hasMore).toBe(false)
    expect(all.every((c, i) => i === 0 || all[i - 1]!.updateTimestamp >= c.updateTimestamp)).toBe(true)
    expect(all[0]!.author.nick).not.toBe('')
  })

  it('/api/column/hot puts the most read first; random picks count distinct columns', async () => {
    const hot = await t.getOk(api.columnHot, '/api/column/hot?count=30')
    expect(hot.list.every((c, i) => i === 0 || hot.list[i - 1]!.readCount >= c.readCount)).toBe(true)
    const random = await t.getOk(api.columnHot, '/api/column/hot?count=5&random=true')
    expect(random.list).toHaveLength(5)
    expect(new Set(random.list.map((c) => c.id)).size).toBe(5)
    expect(random.hasMore).toBe(false)
  })

  it('/api/columnArticle/getSelected answers column articles with their column, version 1 newest first', async () => {
    const v1 = await t.getOk(api.columnSelected, '/api/columnArticle/getSelected?version=1&count=20')
    expect(v1.list.length).toBe(20)
    expect(v1.list.every((a, i) => i === 0 || v1.list[i - 1]!.createTimestamp >= a.createTimestamp)).toBe(true)
    const v2 = await t.getOk(api.columnSelected, '/api/columnArticle/getSelected?count=20')
    expect(v2.total).toBe(v1.total)
    const columns = await t.getOk(api.columnRecommend, '/api/column/recommend?count=100')
    const names = new Map(columns.list.map((c) => [c.id, c.name]))
    for (const a of v2.list) expect(names.get(a.column.id)).toBe(a.column.name)
  })

  it('/api/column/columnists lists columnists with their columns', async () => {
    const r = await t.getOk(api.columnists, '/api/column/columnists?count=100')
    expect(r.list.length).toBe(r.total)
    expect(r.list.every((u) => u.columns.length > 0)).toBe(true)
  })

  it('a column and its articles; the album order reads oldest first', async () => {
    const col = await t.getOk(api.columnDetail, '/api/column/1/detail')
    expect(col.id).toBe(1)
    const desc = await t.getOk(api.columnArticles, '/api/column/1/articles?count=100')
    const asc = await t.getOk(api.columnArticles, '/api/column/1/articles?count=100&order=asc')
    expect(desc.list.length).toBe(col.articleCount)
    expect(asc.list.map((a) => a.id)).toEqual([...desc.list].reverse().map((a) => a.id))
    expect(desc.list.every((a) => a.author.id === col.author.id)).toBe(true)
  })

  it('a paid column names the spec of its subscription (the buy button opens the order dialog on it); a free one none', async () => {
    const paid = (await sql<{ ref_id: number; spec: number }>`SELECT g.ref_id, s.id AS spec FROM goods g JOIN goods_specs s ON s.goods_id = g.id WHERE g.ref_kind = 'column' ORDER BY g.ref_id`.execute(t.db.kysely)).rows
    expect(paid.length).toBeGreaterThan(0)
    for (const { ref_id, spec } of paid) expect((await t.getOk(api.columnDetail, `/api/column/${ref_id}/detail`)).specsId).toBe(spec)
    const free = (await sql<{ id: number }>`SELECT id FROM columns WHERE id NOT IN (SELECT ref_id FROM goods WHERE ref_kind = 'column') ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!
    expect((await t.getOk(api.columnDetail, `/api/column/${free.id}/detail`)).specsId).toBeUndefined()
  })

  it('unknown column 404; bad input 400', async () => {
    for (const path of ['/api/column/9999/detail', '/api/column/9999/articles']) await expect404(path, '专栏不存在')
    for (const path of [
      '/api/column/recommend?page=0',
      '/api/column/recommend?count=500',
      '/api/column/hot?random=maybe',
      '/api/columnArticle/getSelected?version=3',
      '/api/column/columnists?page=x',
      '/api/column/abc/detail',
      '/api/column/1/articles?order=up',
    ])
      await expect400(path)
  })
})

describe('subjects', () => {
  it('/api/subjects pages every seeded subject (at least 12), hot first', async () => {
    const p1 = await t.getOk(api.subjectList, '/api/subjects?page=1&limit=10')
    const p2 = await t.getOk(api.subjectList, '/api/subjects?page=2&limit=10')
    expect(p1.total).toBeGreaterThanOrEqual(12)
    const all = [...p1.list, ...p2.list]
    expect(all).toHaveLength(p1.total!)
    expect(all.map((s) => s.title)).toContain('美联储议息')
    const firstCold = all.findIndex((s) => !s.isHot)
    expect(all.slice(firstCold).every((s) => !s.isHot)).toBe(true)
    expect(all.every((s) => s.contentCount >= 8)).toBe(true)
  })

  it('detail, and contents followed to the end by the createTimestamp cursor: newest first, no repeats', async () => {
    const s = await t.getOk(api.subjectDetail, '/api/subjects/2/detail')
    const seen: string[] = []
    let cursor: number | undefined
    let last = Infinity
    for (let guard = 0; guard < 50; guard++) {
      const page = await t.getOk(api.subjectContents, `/api/subjects/2/contents?count=7${cursor === undefined ? '' : `&createTimestamp=${cursor}`}`)
      for (const item of page.list) {
        expect(item.createTimestamp).toBeLessThanOrEqual(last)
        last = item.createTimestamp
        seen.push(item.kind === 'article' ? `a${item.article.id}` : `f${item.flash.id}`)
      }
      if (!page.hasMore) break
      cursor = page.list.at(-1)!.createTimestamp
    }
    expect(seen.length).toBe(s.contentCount)
    expect(new Set(seen).size).toBe(seen.length)
    const kinds = new Set(seen.map((x) => x[0]))
    expect(kinds.has('a')).toBe(true)
  })

  it('isChoice keeps only the editors’ picks', async () => {
    const r = await t.getOk(api.subjectContents, '/api/subjects/1/contents?isChoice=true&count=100')
    expect(r.list.length).toBeGreaterThan(0)
    expect(r.list.every((i) => i.isChoice)).toBe(true)
  })

  it('unknown subject 404; bad input 400', async () => {
    for (const path of ['/api/subjects/9999/detail', '/api/subjects/9999/contents']) await expect404(path, '专题不存在')
    for (const path of [
      '/api/subjects?page=-1',
      '/api/subjects?limit=0',
      '/api/subjects/x/detail',
      '/api/subjects/1/contents?isChoice=yes',
      '/api/subjects/1/contents?createTimestamp=-5',
      '/api/subjects/follow-status',
      '/api/subjects/follow-status?subjectIds=1,,2',
      '/api/subjects/follow-status?subjectIds=a',
      `/api/subjects/follow-status?subjectIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      '/api/subjects/-1/followed?page=0',
    ])
      await expect400(path)
  })

  it('a guest follows nothing and is refused follow, unfollow and the followed list with 401 (403 without CSRF)', async () => {
    const st = await t.getOk(api.subjectFollowStatus, '/api/subjects/follow-status?subjectIds=1,2')
    expect(st).toEqual([{ subjectId: 1, followed: false }, { subjectId: 2, followed: false }])
    const csrf = { Cookie: 'csrf_token=abc', 'X-CSRF-Token': 'abc' }
    expect((await follow(1, csrf)).status).toBe(401)
    expect((await unfollow('1', csrf)).status).toBe(401)
    expect((await follow(1, {})).status).toBe(403)
    const list = await t.get('/api/subjects/-1/followed')
    expect(list.status).toBe(401)
    expect(list.body.message).toBe('请先登录')
  })

  it('a reader follows (twice is idempotent), sees it in status and the followed list; another reader does not; unfollow', async () => {
    const before = await t.getOk(api.subjectDetail, '/api/subjects/3/detail')
    const r1 = await follow(3, authHeaders(alice))
    expect(r1.status).toBe(200)
    const a1 = ((await r1.json()) as { result: { followed: boolean; followCount: number } }).result
    expect(a1).toEqual({ subjectId: 3, followed: true, followCount: before.followCount + 1 })
    const r2 = await follow(3, authHeaders(alice))
    expect(((await r2.json()) as { result: unknown }).result).toEqual({ subjectId: 3, followed: true, followCount: before.followCount + 1 })

    expect(await t.getOk(api.subjectFollowStatus, '/api/subjects/follow-status?subjectIds=3,4', { Cookie: alice })).toEqual([
      { subjectId: 3, followed: true },
      { subjectId: 4, followed: false },
    ])
    expect(await t.getOk(api.subjectFollowStatus, '/api/subjects/follow-status?subjectIds=3', { Cookie: bob })).toEqual([{ subjectId: 3, followed: false }])
    const mine = await t.getOk(api.followedSubjects, '/api/subjects/-1/followed', { Cookie: alice })
    expect(mine.list.map((s) => s.id)).toEqual([3])
    const hotOnly = await t.getOk(api.followedSubjects, '/api/subjects/-1/followed?isHot=true', { Cookie: alice })
    expect(hotOnly.list.map((s) => s.id)).toEqual(before.isHot ? [3] : [])
    expect((await t.getOk(api.followedSubjects, '/api/subjects/-1/followed', { Cookie: bob })).list).toEqual([])

    const u1 = await unfollow('3', authHeaders(alice))
    expect(((await u1.json()) as { result: unknown }).result).toEqual({ subjectId: 3, followed: false, followCount: before.followCount })
    const u2 = await unfollow('3', authHeaders(alice))
    expect(u2.status).toBe(200)
    expect((await t.getOk(api.followedSubjects, '/api/subjects/-1/followed', { Cookie: alice })).list).toEqual([])
  })

  it('follow: bad body 400, unknown subject 404', async () => {
    for (const body of [{ subjectId: 'x' }, { subjectId: 0 }, { subjectId: 1.5 }, {}]) {
      const r = await t.request('/api/subjects/follow', { method: 'POST', headers: json(authHeaders(alice)), body: JSON.stringify(body) })
      expect(r.status, JSON.stringify(body)).toBe(400)
    }
    expect((await unfollow('abc', authHeaders(alice))).status).toBe(400)
    const r = await follow(9999, authHeaders(alice))
    expect(r.status).toBe(404)
    expect(((await r.json()) as { message: string }).message).toBe('专题不存在')
  })
})

describe('hotspots', () => {
  it('/api/hotspots/popular/v1 is hottest first', async () => {
    const r = await t.getOk(api.popularHotspots, '/api/hotspots/popular/v1?page=1')
    expect(r.list.length).toBeGreaterThanOrEqual(6)
    expect(r.list.every((h, i) => i === 0 || r.list[i - 1]!.heat >= h.heat)).toBe(true)
    const beyond = await t.getOk(api.popularHotspots, '/api/hotspots/popular/v1?page=9')
    expect(beyond.list).toEqual([])
  })

  it('/api/hotspot/{id}/contents/v1 answers the hotspot and pages its items by timestamp', async () => {
    const first = await t.getOk(api.hotspotContents, '/api/hotspot/1/contents/v1?count=5')
    expect(first.hotspot.id).toBe(1)
    expect(first.list.length).toBeGreaterThanOrEqual(5)
    const cursor = first.list.at(-1)!.createTimestamp
    const next = await t.getOk(api.hotspotContents, `/api/hotspot/1/contents/v1?count=5&timestamp=${cursor}`)
    expect(next.list.every((i) => i.createTimestamp < cursor)).toBe(true)
    expect(next.list.every((i) => i.createTimestamp <= TEST_NOW)).toBe(true)
  })

  it('unknown hotspot 404; bad input 400', async () => {
    await expect404('/api/hotspot/9999/contents/v1', '热点不存在')
    await expect400('/api/hotspots/popular/v1?page=abc')
    await expect400('/api/hotspot/0/contents/v1')
    await expect400('/api/hotspot/1/contents/v1?timestamp=x')
  })

  it('zh-hk answers in traditional characters', async () => {
    const r = await t.getOk(api.subjectDetail, '/api/subjects/2/detail', { 'Client-Lang': 'zh-hk' })
    expect(r.title).toBe('美聯儲議息')
  })
})
