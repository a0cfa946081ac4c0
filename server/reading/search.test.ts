// Integration: the search endpoints of spec 000 §7 'Search' against the real app and the seeded data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as search from '../../core/api/search'
import { toSegments } from '../../core/search/highlight'
import { generateFixtures } from '../../fixtures/generate'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'

const fixtures = generateFixtures(TEST_NOW)
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const q = encodeURIComponent
const stockIds = async (keyword: string, path = '/api/search/stock?') =>
  (await t.getOk(search.searchStock, `${path}keyword=${q(keyword)}`)).list.map((s) => s.id)

describe('GET /api/search/stock', () => {
  it.each([
    ['00700', 'hk00700'],
    ['700', 'hk00700'],
    ['AAPL', 'usAAPL'],
    ['aapl', 'usAAPL'],
    ['腾讯控股', 'hk00700'],
    ['腾讯', 'hk00700'],
    ['騰訊', 'hk00700'],
    ['txkg', 'hk00700'],
    ['TXKG', 'hk00700'],
    ['tengxun', 'hk00700'],
    ['tengxunkonggu', 'hk00700'],
    ['Tencent', 'hk00700'],
    ['apple', 'usAAPL'],
  ])('%s finds %s first', async (keyword, id) => {
    const ids = await stockIds(keyword)
    expect(ids[0]).toBe(id)
  })

  it('answers the search result fields of spec 000 §3, in the reader script', async () => {
    const [hit] = (await t.getOk(search.searchStock, '/api/search/stock?keyword=00700')).list
    expect(hit).toEqual({ id: 'hk00700', code: '00700', codeDisp: '00700.HK', ipoStatus: 1, market: 'hk', name: '腾讯控股', nameDisp: '腾讯控股', category: 'stock' })
    const [hk] = (await t.getOk(search.searchStock, '/api/search/stock?keyword=00700', { 'Client-Lang': 'zh-hk' })).list
    expect(hk?.name).toBe('騰訊控股')
  })

  it('finds nothing for nonsense, and respects count', async () => {
    expect(await stockIds('zzzzqqqq')).toEqual([])
    const list = (await t.getOk(search.searchStock, '/api/search/stock?keyword=a&count=3')).list
    expect(list.length).toBe(3)
  })

  it('v2 filters by market; stockForLUAndHK keeps HK only among the fixtures', async () => {
    const us = await stockIds('a', '/api/search/stock/v2?market=us&count=20&')
    expect(us.length).toBeGreaterThan(0)
    expect(us.every((id) => id.startsWith('us'))).toBe(true)
    const v2 = (await t.getOk(search.searchStockV2, `/api/search/stock/v2?keyword=${q('腾讯')}&market=hk`)).list
    expect(v2[0]?.id).toBe('hk00700')
    const lu = (await t.getOk(search.searchStockForLUAndHK, '/api/search/stockForLUAndHK?keyword=a&count=50')).list
    expect(lu.length).toBeGreaterThan(0)
    expect(lu.every((s) => s.market === 'hk')).toBe(true)
  })

  it.each([
    '/api/search/stock',
    '/api/search/stock?keyword=',
    `/api/search/stock?keyword=${'x'.repeat(51)}`,
    '/api/search/stock?keyword=a&count=0',
    '/api/search/stock?keyword=%20%20',
    '/api/search/stock/v2?keyword=a&market=cn',
    '/api/search/stockForLUAndHK?keyword=a&count=abc',
  ])('bad input %s answers 400', async (path) => {
    const r = await t.get(path)
    expect(r.status).toBe(400)
    expect(r.body.statusCode).toBe(400)
    expect(r.body.message).toMatch(/参数/)
  })
})

// a phrase of 4 characters from the middle of a title, and the articles holding it
const target = [...fixtures.articles].sort((a, b) => b.createTimestamp - a.createTimestamp)[7]!
const phrase = [...target.title].filter((c) => /\p{Script=Han}/u.test(c)).slice(2, 6).join('')
const holding = fixtures.articles.filter((a) => `${a.title} ${a.summary}`.includes(phrase))

describe('GET /api/post/search/v4', () => {
  it('finds every article holding a Chinese phrase, title matches first, then newest', async () => {
    expect(phrase).toHaveLength(4)
    const all: search.PostHit[] = []
    for (let page = 1; page < 50; page++) {
      const r = await t.getOk(search.postSearch, `/api/post/search/v4?keyword=${q(phrase)}&page=${page}`)
      expect(r.total).toBe(holding.length)
      all.push(...r.list)
      if (!r.hasMore) break
    }
    expect(all.map((a) => a.id).sort((a, b) => a - b)).toEqual(holding.map((a) => a.id).sort((a, b) => a - b))
    expect(all.map((a) => a.id)).toContain(target.id)
    const inTitle = all.map((a) => a.title.includes(phrase))
    expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)))
    for (let i = 1; i < all.length; i++) {
      if (inTitle[i] === inTitle[i - 1]) expect(all[i - 1]!.createTimestamp).toBeGreaterThanOrEqual(all[i]!.createTimestamp)
    }
  })

  it('marks the matches with ranges, never HTML', async () => {
    const r = await t.getOk(search.postSearch, `/api/post/search/v4?keyword=${q(phrase)}&searchArea=title`)
    expect(r.list.length).toBeGreaterThan(0)
    for (const hit of r.list) {
      const marked = toSegments(hit.title, hit.titleHighlights).filter((s) => s.hit)
      expect(marked.map((s) => s.text)).toContain(phrase)
      expect(hit.title).not.toMatch(/<mark|<em/)
    }
  })

  it('traditional characters find simplified content; several words must all match', async () => {
    const hk = await t.getOk(search.postSearch, `/api/post/search/v4?keyword=${q('騰訊')}`)
    const cn = await t.getOk(search.postSearch, `/api/post/search/v4?keyword=${q('腾讯')}`)
    expect(hk.total).toBe(cn.total)
    expect(cn.total).toBeGreaterThan(0)
    const both = await t.getOk(search.postSearch, `/api/post/search/v4?keyword=${q('腾讯 业绩')}&count=100`)
    expect(both.list.every((a) => `${a.title} ${a.summary}`.includes('腾讯') && `${a.title} ${a.summary}`.includes('业绩'))).toBe(true)
    expect(both.total).toBe(fixtures.articles.filter((a) => `${a.title} ${a.summary}`.includes('腾讯') && `${a.title} ${a.summary}`.includes('业绩')).length)
  })

  it('isVipArticle keeps VIP articles only; a single character still searches', async () => {
    const vip = await t.getOk(search.postSearch, `/api/post/search/v4?keyword=${q('股')}&isVipArticle=true&count=100`)
    expect(vip.list.every((a) => a.isVip)).toBe(true)
    expect(vip.total).toBe(fixtures.articles.filter((a) => a.isVip && `${a.title} ${a.summary}`.includes('股')).length)
  })

  it('a keyword nobody wrote finds nothing', async () => {
    const r = await t.getOk(search.postSearch, `/api/post/search/v4?keyword=${q('量子纠缠猫粮')}`)
    expect(r).toEqual({ list: [], total: 0, hasMore: false, page: 1 })
  })

  it.each(['', '?keyword=', `?keyword=a&page=0`, '?keyword=a&isVipArticle=maybe', '?keyword=a&searchArea=body', '?keyword=%20'])(
    'bad input %s answers 400',
    async (qs) => {
      expect((await t.get(`/api/post/search/v4${qs}`)).status).toBe(400)
    },
  )
})

describe('GET /api/search/news', () => {
  it('answers 2 by default (spec 000 §9: news search count 2)', async () => {
    const r = await t.getOk(search.searchNews, `/api/search/news?keyword=${q('腾讯')}`)
    expect(r.list.length).toBe(2)
    expect(r.hasMore).toBe(true)
    expect((await t.get('/api/search/news?keyword=a&count=101')).status).toBe(400)
  })
})

describe('GET /api/live/search/v2', () => {
  const flash = [...fixtures.flashes].sort((a, b) => b.createTimestamp - a.createTimestamp)[3]!
  const word = [...flash.content].filter((c) => /\p{Script=Han}/u.test(c)).slice(0, 3).join('')
  const matching = fixtures.flashes.filter((f) => `${f.title} ${f.content}`.includes(word))

  it('finds flashes by Chinese words, within the time range', async () => {
    const r = await t.getOk(search.liveSearch, `/api/live/search/v2?keyword=${q(word)}&count=100`)
    expect(r.total).toBe(matching.length)
    expect(r.list.map((f) => f.id)).toContain(flash.id)
    const hit = r.list.find((f) => f.id === flash.id)!
    expect(toSegments(hit.content, hit.contentHighlights).some((s) => s.hit && s.text === word)).toBe(true)

    const from = flash.createTimestamp
    const to = flash.createTimestamp
    const inRange = await t.getOk(search.liveSearch, `/api/live/search/v2?keyword=${q(word)}&startTimestamp=${from}&endTimestamp=${to}`)
    expect(inRange.list.map((f) => f.id)).toContain(flash.id)
    expect(inRange.list.every((f) => f.createTimestamp >= from && f.createTimestamp <= to)).toBe(true)
  })

  it.each(['?keyword=a&startTimestamp=10&endTimestamp=5', '?keyword=a&startTimestamp=-1', '?count=10'])('bad input %s answers 400', async (qs) => {
    const r = await t.get(`/api/live/search/v2${qs}`)
    expect(r.status).toBe(400)
  })
})

describe('GET /api/searchBox/v3 and /api/search/{type}', () => {
  it('groups quick results, 3 per type', async () => {
    const r = await t.getOk(search.searchBox, `/api/searchBox/v3?keyword=${q('腾讯')}`)
    expect(r.searchStock?.list[0]?.id).toBe('hk00700')
    expect(r.searchPost?.list.length).toBe(3)
    expect(r.searchLive?.list.length).toBeLessThanOrEqual(3)
    expect(r.searchPortfolio?.list).toEqual([])
    expect(r.searchFinancialCircle?.list).toEqual([])
    expect(r.searchUser).toBeDefined()
  })

  it('one type per tab, pages of 10', async () => {
    const p1 = await t.getOk(search.searchByType, `/api/search/post?keyword=${q('股')}`)
    expect(Object.keys(p1)).toEqual(['searchPost'])
    expect(p1.searchPost!.list.length).toBe(10)
    const p2 = await t.getOk(search.searchByType, `/api/search/post?keyword=${q('股')}&page=2`)
    expect(p2.searchPost!.list.map((a) => a.id)).not.toContain(p1.searchPost!.list[0]!.id)
    const users = await t.getOk(search.searchByType, `/api/search/user?keyword=${q(fixtures.users[0]!.nick)}`)
    expect(users.searchUser!.list[0]!.id).toBe(fixtures.users[0]!.id)
  })

  it.each(['/api/search/video?keyword=a', '/api/searchBox/v3', '/api/searchBox/v3?keyword=a&page=-1', '/api/search/post?keyword=a&type=x'])('bad input %s answers 400', async (path) => {
    expect((await t.get(path)).status).toBe(400)
  })
})

describe('GET /api/search/featured/v1', () => {
  it('hot stocks (most mentioned lately) and the trending keywords', async () => {
    const r = await t.getOk(search.searchFeatured, '/api/search/featured/v1')
    expect(r.hotStocks.length).toBe(10)
    expect(new Set(r.hotStocks.map((s) => s.id)).size).toBe(10)
    expect(r.keywords).toEqual(fixtures.config.trendingSearchKeywords.split(/[,，]/).map((s) => s.trim()).filter(Boolean))
  })
})
