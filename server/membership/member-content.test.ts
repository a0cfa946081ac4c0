// The member area's reads on the real app (core/api/member-area.ts): each call × {guest, reader, member};
// what a reader sees of member content is the paywall's answer (locked for the guest and the reader,
// open for the member); bad input answers 4xx with a Chinese message, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import * as m from '../../core/api/member-area'
import { GoodsByType } from '../../core/api/order'
import type { Endpoint } from '../../core/api/endpoint'
import { ARTICLE_EQUITIES, EQUITY_ARTICLES_PAGE, INDUSTRY_REVIVAL } from '../../core/membership/member-content'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'
import { signInForTest } from '../accounts/session'
import { grantMembership } from './grants'
import { FREE_ARTICLE_PARAGRAPHS } from './paywall'
import { simplifiedCharsIn } from '../i18n/to-hk'

let t: TestApp
type Reader = 'guest' | 'reader' | 'member'
const READERS: Reader[] = ['guest', 'reader', 'member']
const cookies: Record<string, string> = {}
const h = (r: Reader): Record<string, string> => (r === 'guest' ? {} : { Cookie: cookies[r]! })
let vipCount = 0
let paidColumn = 0

beforeAll(async () => {
  t = await createTestApp()
  const [reader, member] = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL AND membership_expire IS NULL ORDER BY id LIMIT 2`.execute(t.db.kysely)).rows.map((r) => Number(r.id)) as [number, number]
  await grantMembership(t.db.kysely, member, 'platinum', 1, TEST_NOW * 1000)
  cookies.reader = await signInForTest(t, reader)
  cookies.member = await signInForTest(t, member)
  vipCount = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM articles WHERE is_vip`.execute(t.db.kysely)).rows[0]!.n)
  paidColumn = Number((await sql<{ id: number }>`SELECT ref_id AS id FROM goods WHERE ref_kind = 'column' ORDER BY ref_id LIMIT 1`.execute(t.db.kysely)).rows[0]!.id)
}, 240_000)
afterAll(() => t.close())

const ok = <E extends Endpoint>(e: E, path: string, r: Reader) => t.getOk(e, path, h(r))
/** a refusal: 4xx, the envelope's code the same, a Chinese message */
async function refused(path: string, r: Reader, status: number) {
  const res = await t.get(path, h(r))
  expect(res.status).toBe(status)
  expect(res.body.statusCode).toBe(status)
  expect(res.body.message).toMatch(/[\u4e00-\u9fff]/)
}

describe('GET /api/vips/v5, /api/vips-equity/v2', () => {
  it.each(READERS)('%s: the three tiers at their cheapest spec, and the privileges', async (r) => {
    const tiers = await ok(m.vips, '/api/vips/v5', r)
    expect(tiers.map((x) => x.tier)).toEqual(['gold', 'platinum', 'ultimate'])
    for (const x of tiers) expect(x.priceCents).toBeGreaterThan(0)
    const eq = await ok(m.vipsEquity, '/api/vips-equity/v2', r)
    expect(eq.length).toBeGreaterThan(3)
    expect(eq.every((e) => e.tiers.includes('ultimate'))).toBe(true)
  })
  // issue 25: /black-gold/promote in zh-hk showed 铂金会员・月卡 (the spec's name was not converted)
  it('a zh-hk reader reads every tier and privilege text in traditional characters', async () => {
    const hk = { 'Client-Lang': 'zh-hk' }
    const tiers = await t.getOk(m.vips, '/api/vips/v5', hk)
    for (const x of tiers) for (const text of [x.name, x.title, x.specName]) expect(simplifiedCharsIn(text), text).toEqual([])
    expect(tiers.find((x) => x.tier === 'platinum')!.specName).toContain('鉑金會員')
    const web = await t.getOk(m.vipsWeb, '/api/vips/web/v5', hk)
    for (const x of web.tiers) expect(simplifiedCharsIn(x.specName), x.specName).toEqual([])
  })
})

describe('GET /api/vips/web/v5', () => {
  it.each(READERS)('%s: slides, 机会提醒 locked unless a member, the equities counting every member article', async (r) => {
    const home = await ok(m.vipsWeb, '/api/vips/web/v5', r)
    expect(home.swiper.length).toBeGreaterThan(0)
    expect(home.swiper.every((s) => s.link === `/news/${s.articleId}`)).toBe(true)
    expect(home.chanceNotices.length).toBeGreaterThan(0)
    expect(home.chanceNotices.every((a) => a.equityId === 1 && a.locked === (r !== 'member'))).toBe(true)
    expect(home.equities.reduce((s, e) => s + e.articleCount, 0)).toBe(vipCount)
  })
})

describe('GET /api/vips/articles/v3 and v2', () => {
  it.each(READERS)('%s: pages of member articles, locked unless a member', async (r) => {
    const p1 = await ok(m.vipArticles, '/api/vips/articles/v3?count=5', r)
    expect(p1.total).toBe(vipCount)
    expect(p1.list).toHaveLength(5)
    expect(p1.list.every((a) => a.isVip && a.locked === (r !== 'member'))).toBe(true)
    const hk = await ok(m.vipArticles, '/api/vips/articles/v3?channel=hk', r)
    expect(hk.list.every((a) => a.channelType === 'hk')).toBe(true)
    const c1 = await ok(m.vipArticlesV2, '/api/vips/articles/v2?count=4', r)
    const last = c1.list[c1.list.length - 1]!
    const c2 = await ok(m.vipArticlesV2, `/api/vips/articles/v2?count=4&timestamp=${last.createTimestamp}`, r)
    expect(c2.list.every((a) => a.createTimestamp < last.createTimestamp)).toBe(true)
  })
  it.each(READERS)('%s: bad input is a 400 with a Chinese message', async (r) => {
    await refused('/api/vips/articles/v3?count=0', r, 400)
    await refused('/api/vips/articles/v3?page=abc', r, 400)
    await refused('/api/vips/articles/v3?channel=%E4%B8%AD', r, 400)
    await refused('/api/vips/articles/v2?timestamp=-1', r, 400)
  })
})

describe('GET /api/vips/expiration-date/v2', () => {
  it('a guest is asked to sign in', () => refused('/api/vips/expiration-date/v2', 'guest', 401))
  it('a reader holds no tier', async () => expect(await ok(m.vipExpiration, '/api/vips/expiration-date/v2', 'reader')).toEqual({ tier: null, expireTimestamp: null, remainingDays: null }))
  it('a member sees the tier and the days left', async () => {
    const e = await ok(m.vipExpiration, '/api/vips/expiration-date/v2', 'member')
    expect(e.tier).toBe('platinum')
    expect(e.expireTimestamp).toBeGreaterThan(TEST_NOW)
    expect(e.remainingDays).toBeGreaterThanOrEqual(28)
    expect(e.remainingDays).toBeLessThanOrEqual(31)
  })
})

describe('GET /api/vips/trial-articles/v1', () => {
  it.each(READERS)('%s: the free part only, whoever reads', async (r) => {
    const p = await ok(m.vipTrialArticles, '/api/vips/trial-articles/v1?count=20', r)
    expect(p.list).toHaveLength(vipCount)
    expect(p.list.every((a) => a.preview.length <= FREE_ARTICLE_PARAGRAPHS && a.preview.length > 0)).toBe(true)
    expect(p.list.every((a) => a.locked === (r !== 'member'))).toBe(true)
    if (r !== 'member') expect(p.list.every((a) => typeof a.specsId === 'number')).toBe(true)
  })
  it('bad input is a 400', () => refused('/api/vips/trial-articles/v1?count=1000', 'guest', 400))
})

describe('GET /api/vips-equity/article-equities…', () => {
  it.each(READERS)('%s: the equities and each one’s articles', async (r) => {
    const eqs = await ok(m.articleEquities, '/api/vips-equity/article-equities/v1', r)
    expect(eqs.map((e) => e.name)).toEqual(ARTICLE_EQUITIES.map((e) => e.name))
    for (const e of eqs) {
      const p = await ok(m.equityArticles, `/api/vips-equity/article-equities/${e.id}/articles/v1?count=50`, r)
      expect(p.total).toBe(e.articleCount)
      expect(p.list.every((a) => a.equityId === e.id && a.locked === (r !== 'member'))).toBe(true)
      const c = await ok(m.equityArticlesV2, `/api/vips-equity/article-equities/${e.id}/articles/v2?count=50`, r)
      expect(c.list.map((a) => a.id)).toEqual(p.list.map((a) => a.id))
    }
    const all = await ok(m.allEquityArticles, '/api/vips-equity/article-equities/articles/v1', r)
    expect(all.list.length).toBe(Math.min(vipCount, EQUITY_ARTICLES_PAGE))
  })
  it.each(READERS)('%s: an unknown equity is a 404, a bad id a 400', async (r) => {
    await refused('/api/vips-equity/article-equities/99/articles/v1', r, 404)
    await refused('/api/vips-equity/article-equities/x/articles/v2', r, 400)
    await refused('/api/vips-equity/article-equities/99999999999/articles/v1', r, 400)
    await refused('/api/vips-equity/article-equities/articles/v1?loaded=0', r, 400)
  })
})

describe('GET /api/albums/{id}/v1, all-content, trial-content', () => {
  it.each(READERS)('%s: a paid column is locked but its trial is open; a member still needs the column bought', async (r) => {
    const a = await ok(m.album, `/api/albums/${paidColumn}/v1`, r)
    expect(a.specsId).toBeGreaterThan(0)
    expect(a.fullAccess).toBe(false)
    const all = await ok(m.albumAllContent, `/api/albums/${paidColumn}/all-content/v1`, r)
    expect(all.total).toBe(a.articleCount)
    expect(all.list.every((x) => x.locked && x.specsId !== undefined)).toBe(true)
    const trial = await ok(m.albumTrialContent, `/api/albums/${paidColumn}/trial-content/v1`, r)
    expect(trial).toHaveLength(a.trialCount)
  })
  it.each(READERS)('%s: an industry-revival album with member articles: open to the member only', async (r) => {
    const series = await ok(m.industryRevival, '/api/black-gold/industry-revival/v1', r)
    expect(series.title).toBe(INDUSTRY_REVIVAL.title)
    expect(series.albums.map((x) => x.name)).toEqual([...INDUSTRY_REVIVAL.columnNames])
    const withVip = series.albums.find((x) => x.trialCount < x.articleCount)!
    expect(withVip.fullAccess).toBe(r === 'member')
    const all = await ok(m.albumAllContent, `/api/albums/${withVip.id}/all-content/v1`, r)
    expect(all.list.filter((x) => x.locked).length).toBe(r === 'member' ? 0 : withVip.articleCount - withVip.trialCount)
    const trial = await ok(m.albumTrialContent, `/api/albums/${withVip.id}/trial-content/v1`, r)
    expect(trial.every((x) => !x.isVip && !x.locked)).toBe(true)
  })
  it.each(READERS)('%s: unknown album 404, bad id 400', async (r) => {
    await refused('/api/albums/999999/v1', r, 404)
    await refused('/api/albums/999999/all-content/v1', r, 404)
    await refused('/api/albums/999999/trial-content/v1', r, 404)
    await refused('/api/albums/0/v1', r, 400)
    await refused('/api/albums/1/all-content/v1?count=101', r, 400)
  })
})

describe('GET /api/shop-columns/v3', () => {
  it.each(READERS)('%s: the columns on sale, at their price', async (r) => {
    const cs = await ok(m.shopColumns, '/api/shop-columns/v3', r)
    expect(cs.length).toBeGreaterThan(0)
    expect(cs.every((c) => c.priceCents > 0 && c.link === `/album/${c.id}`)).toBe(true)
    expect(await ok(m.shopColumns, '/api/shop-columns/v3?limit=1', r)).toHaveLength(1)
  })
  it('a limit over 50 or not a number is a 400', async () => {
    await refused('/api/shop-columns/v3?limit=51', 'guest', 400)
    await refused('/api/shop-columns/v3?limit=x', 'guest', 400)
  })
})

describe('GET /api/purchase/goods-list/v1 and /api/purchase/web/goods-list/v1', () => {
  it.each(READERS)('%s: the same goods as v7', async (r) => {
    const v7 = await t.getOk({ result: GoodsByType } as unknown as typeof m.goodsListV1, '/api/purchase/goods-list/v7', h(r))
    expect(await ok(m.goodsListV1, '/api/purchase/goods-list/v1', r)).toEqual(v7)
    expect(await ok(m.webGoodsList, '/api/purchase/web/goods-list/v1', r)).toEqual(v7)
    expect(Object.keys(await ok(m.webGoodsList, '/api/purchase/web/goods-list/v1?specsId=10001', r))).toEqual(['column'])
  })
  it.each(READERS)('%s: an unknown spec is a 404, a bad one a 400', async (r) => {
    await refused('/api/purchase/goods-list/v1?specsId=999999', r, 404)
    await refused('/api/purchase/web/goods-list/v1?specsId=-3', r, 400)
    await refused('/api/purchase/web/goods-list/v1?onlyVip=maybe', r, 400)
  })
})
