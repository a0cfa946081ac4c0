// Integration: the search endpoints of spec 000 §7 'Search' against the real app and the seeded data.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as search from '../../core/api/search'
import { toSegments } from '../../core/search/highlight'
import { popularityOrder, rankStocks, stockQuery, TIER } from '../../core/search/stock-rank'
import { generateFixtures } from '../../fixtures/generate'
import { aliasRows, buildStockAliases } from '../../fixtures/stock-aliases'
import { seed } from '../db/seed'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'
import { normaliseKeyword, searchArticles, searchFlashes, searchStocks, searchTerms, toCn, useTextSearchEngine } from './search'
import { RANK_WINDOW } from './search-port'
import { PGLITE_MAINTENANCE_MS, postgresTextSearch } from './search-postgres'
import { sql } from 'kysely'
import { stockKeysFor } from './seed-stock-aliases'

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

describe('GET /api/search/stock: what readers call a stock (issue 24)', () => {
  it.each([
    // the short names, abbreviations and English names of Chinese-language financial media
    ['中移动', 'hk00941'],
    ['腾讯', 'hk00700'],
    ['阿里', 'hk09988'],
    ['小米', 'hk01810'],
    ['港交所', 'hk00388'],
    ['汇丰', 'hk00005'],
    ['汇控', 'hk00005'],
    ['友邦', 'hk01299'],
    ['美团', 'hk03690'],
    ['京东', 'hk09618'],
    ['百度', 'hk09888'],
    ['网易', 'hk09999'],
    ['苹果', 'usAAPL'],
    ['特斯拉', 'usTSLA'],
    ['英伟达', 'usNVDA'],
    ['微软', 'usMSFT'],
    ['谷歌', 'usGOOGL'],
    ['亚马逊', 'usAMZN'],
    ['Tencent', 'hk00700'],
    ['Alibaba', 'hk09988'],
    ['HSBC', 'hk00005'],
    ['hsbc', 'hk00005'],
    ['AIA', 'hk01299'],
    ['Google', 'usGOOGL'],
    ['平安', 'hk02318'],
    ['比亚迪', 'hk01211'],
    ['小摩', 'usJPM'],
    ['恒指', 'hkHSI'],
    ['纳指', 'usIXIC'],
    // as a Hong Kong reader types them: traditional characters, Hong Kong forms (滙) and names
    ['騰訊', 'hk00700'],
    ['中移動', 'hk00941'],
    ['匯豐', 'hk00005'],
    ['滙豐', 'hk00005'],
    ['滙控', 'hk00005'],
    ['網易', 'hk09999'],
    ['蘋果', 'usAAPL'],
    ['英偉達', 'usNVDA'],
    ['輝達', 'usNVDA'],
    ['亞馬遜', 'usAMZN'],
    ['好市多', 'usCOST'],
    ['港鐵', 'hk00066'],
    ['新地', 'hk00016'],
    // pinyin of an alias, full-width letters
    ['ali', 'hk09988'],
    ['albb', 'hk09988'],
    ['zyd', 'hk00941'],
    ['ＨＳＢＣ', 'hk00005'],
  ])('%s finds %s first', async (keyword, id) => {
    expect((await stockIds(keyword))[0]).toBe(id)
  })

  it('a company listed in Hong Kong and New York: the Hong Kong listing first, the US one next, then the rest', async () => {
    expect(await stockIds('阿里巴巴')).toEqual(['hk09988', 'usBABA'])
    expect(await stockIds('阿里', '/api/search/stock?count=3&')).toEqual(['hk09988', 'usBABA', 'hk00241'])
    for (const [keyword, hk, us] of [
      ['京东', 'hk09618', 'usJD'],
      ['百度', 'hk09888', 'usBIDU'],
      ['网易', 'hk09999', 'usNTES'],
      ['蔚来', 'hk09866', 'usNIO'],
      ['哔哩哔哩', 'hk09626', 'usBILI'],
    ] as const) {
      expect((await stockIds(keyword)).slice(0, 2), keyword).toEqual([hk, us])
    }
  })

  it('the parent before its subsidiary', async () => {
    const before = (ids: string[], a: string, b: string) => expect(ids.indexOf(a), `${a} before ${b} in ${ids.join(' ')}`).toBeLessThan(ids.indexOf(b))
    const tencent = await stockIds('腾讯')
    before(tencent, 'hk00700', 'hk01698')
    before(tencent, 'hk00700', 'usTME')
    before(await stockIds('比亚迪'), 'hk01211', 'hk00285')
    before(await stockIds('平安'), 'hk02318', 'hk01833')
    const jd = await stockIds('京东')
    before(jd, 'hk09618', 'hk06618')
    before(jd, 'hk06618', 'hk02618')
  })

  it('an exact code before an alias or a name that starts with it', async () => {
    expect((await stockIds('JD'))[0]).toBe('usJD')
    expect((await stockIds('TME'))[0]).toBe('usTME')
    expect((await stockIds('C'))[0]).toBe('usC')
  })

  // The SQL says core's rule: over every seeded stock, the answer is rankStocks' first `count`.
  const stocks = fixtures.stocks
  const aliasesOf = new Map<string, string[]>()
  for (const a of buildStockAliases()) aliasesOf.set(a.stockId, [...(aliasesOf.get(a.stockId) ?? []), a.alias])
  const order = popularityOrder(stocks)
  const candidates = stocks.map((s) => ({ id: s.id, market: s.market, keys: stockKeysFor(s, aliasesOf.get(s.id) ?? []), popularity: order.indexOf(s.id) }))
  /** every key of every stock, whole and as its first character, with the listed names and codes as shown, in both scripts */
  const keywords = [
    ...new Set([
      ...candidates.flatMap((c) => c.keys.flatMap((k) => [k.key, [...k.key][0]!, [...k.key].slice(1, 3).join('')])),
      ...stocks.flatMap((s) => [s.codeDisp, s.nameHk, s.code]),
      ...buildStockAliases().map((a) => a.alias),
    ]),
  ].filter((k) => k.trim() !== '')

  /** the keywords, every n-th: the SQL costs a query each (the rule itself is checked on all of them below, in memory) */
  const sample = keywords.filter((_, i) => i % Math.max(1, Math.floor(keywords.length / 400)) === 0)

  it('equals core rankStocks over every seeded stock, for a sample of 400 keys, first characters and pieces of keys', async () => {
    expect(keywords.length).toBeGreaterThan(2000)
    expect(sample.length).toBeGreaterThanOrEqual(400)
    const mismatches: string[] = []
    for (const keyword of sample) {
      const expected = rankStocks(candidates, stockQuery(keyword, toCn)).slice(0, 10).map((r) => r.id)
      const actual = (await searchStocks(t.db, keyword, { count: 10 }, 'zh-cn')).map((h) => h.id)
      if (actual.join() !== expected.join()) mismatches.push(`${keyword}: ${actual.join(' ')} ≠ ${expected.join(' ')}`)
    }
    expect(mismatches).toEqual([])
  }, 120_000)

  it('equals it within one market too', async () => {
    for (const keyword of ['a', '中', '腾讯', 'b', '银行', '1', 'ali']) {
      for (const market of ['hk', 'us']) {
        const expected = rankStocks(candidates.filter((c) => c.market === market), stockQuery(keyword, toCn)).slice(0, 20).map((r) => r.id)
        expect((await searchStocks(t.db, keyword, { count: 20, markets: [market] }, 'zh-cn')).map((h) => h.id), `${keyword} ${market}`).toEqual(expected)
      }
    }
  })

  const firstFor = (keyword: string) => rankStocks(candidates, stockQuery(keyword, toCn))[0]?.id

  it('every seeded stock is first for its code, as typed or as shown (00700, 700, 00700.HK, hk00700)', async () => {
    const wrong: string[] = []
    for (const s of stocks) {
      const forms = [s.code, s.codeDisp, ...(/^[0-9]+$/.test(s.code) ? [s.id, s.code.replace(/^0+/, '')] : [])]
      for (const keyword of forms) if (firstFor(keyword) !== s.id) wrong.push(`${keyword} → ${firstFor(keyword)}`)
    }
    expect(wrong).toEqual([])
    for (const keyword of ['00005.HK', 'hk00388', '941', 'aapl', 'tsm']) expect((await stockIds(keyword))[0]).toBe(firstFor(keyword))
  })

  it('every alias finds its company first (one of its listings), unless it is the exact code of another listing', () => {
    const wrong: string[] = []
    for (const { ids, aliases } of aliasRows()) {
      for (const alias of aliases) {
        const [first] = rankStocks(candidates, stockQuery(alias, toCn))
        if (!ids.includes(first?.id ?? '') && first?.tier !== TIER.code) wrong.push(`${alias} → ${first?.id}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('a database seeded before the aliases gets them on its next start', async () => {
    await t.db.kysely.deleteFrom('stock_aliases').execute()
    await t.db.kysely.deleteFrom('stock_search_keys').execute()
    await t.db.kysely.deleteFrom('seed_meta').where('version', '=', 201).execute()
    expect(await stockIds('中移动')).toEqual([])
    await seed(t.db)
    expect((await stockIds('中移动'))[0]).toBe('hk00941')
    const n = await t.db.kysely.selectFrom('stock_aliases').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(buildStockAliases().length)
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

// issue 31: the engine behind the port answers exactly what a scan of every row would, for any piece
// of any text (two characters, phrases, two words, Latin in any case), in the same order and total.
describe('full-text matches equal a scan of every row (issue 31)', () => {
  type Doc = { id: number; title: string; body: string; ts: number }
  const articleDocs: Doc[] = fixtures.articles.map((a) => ({ id: a.id, title: a.title, body: a.summary, ts: a.createTimestamp }))
  const flashDocs: Doc[] = fixtures.flashes.map((f) => ({ id: f.id, title: f.title, body: f.content, ts: f.createTimestamp }))

  /** the contract of search-port.ts, by brute force */
  function oracle(docs: readonly Doc[], keyword: string, page: number, count: number) {
    const terms = searchTerms(normaliseKeyword(keyword))
    const holds = (text: string, t: string) => text.toLowerCase().includes(t)
    const newest = docs
      .filter((d) => terms.every((t) => holds(`${d.title} ${d.body}`, t)))
      .sort((a, b) => b.ts - a.ts || b.id - a.id)
      .slice(0, RANK_WINDOW)
    const rank = (d: Doc) => terms.filter((t) => holds(d.title, t)).length
    const ranked = [...newest].sort((a, b) => rank(b) - rank(a) || b.ts - a.ts || b.id - a.id)
    return { ids: ranked.slice((page - 1) * count, page * count).map((d) => d.id), total: newest.length }
  }

  /** a piece of `length` characters of a document's text (it may hold punctuation: then several words) */
  const pieceOf = (docs: readonly Doc[]) =>
    fc.tuple(fc.nat(docs.length - 1), fc.boolean(), fc.nat(400), fc.integer({ min: 2, max: 6 })).map(([i, inTitle, at, length]) => {
      const chars = [...(inTitle ? docs[i]!.title : docs[i]!.body)]
      const from = Math.min(at, Math.max(0, chars.length - length))
      return chars.slice(from, from + length).join('')
    })
  const keywords = (docs: readonly Doc[]) =>
    fc.oneof(
      pieceOf(docs),
      fc.tuple(pieceOf(docs), pieceOf(docs)).map(([a, b]) => `${[...a].slice(0, 2).join('')} ${[...b].slice(0, 3).join('')}`),
      pieceOf(docs).map((k) => k.toUpperCase()),
    )
  const usable = (k: string) => searchTerms(k.normalize('NFKC').trim().toLowerCase()).length > 0

  it('articles: the page and the total', async () => {
    await fc.assert(
      fc.asyncProperty(keywords(articleDocs).filter(usable), fc.integer({ min: 1, max: 3 }), async (keyword, page) => {
        const r = await searchArticles(t.db, keyword, { page, count: 10 })
        const want = oracle(articleDocs, keyword, page, 10)
        expect({ ids: r.list.map((a) => a.id), total: r.total }).toEqual(want)
      }),
      { numRuns: 60 },
    )
  })

  it('flashes: the page and the total', async () => {
    await fc.assert(
      fc.asyncProperty(keywords(flashDocs).filter(usable), async (keyword) => {
        const r = await searchFlashes(t.db, keyword, { page: 1, count: 20 })
        const want = oracle(flashDocs, keyword, 1, 20)
        expect({ ids: r.list.map((f) => f.id), total: r.total }).toEqual(want)
      }),
      { numRuns: 40 },
    )
  })

  it('a two-character word finds exactly the rows holding it', async () => {
    for (const word of ['腾讯', '港股', '业绩', '美股']) {
      const r = await searchArticles(t.db, word, { page: 1, count: 100 })
      expect(r.total).toBe(Math.min(RANK_WINDOW, articleDocs.filter((d) => `${d.title} ${d.body}`.includes(word)).length))
      expect(r.list.every((a) => `${a.title} ${a.summary}`.includes(word))).toBe(true)
    }
  })

  it('a plugged engine answers instead of the database index; the service reads its ids in its order', async () => {
    const own = postgresTextSearch(t.db)
    const ids = [...articleDocs].slice(0, 3).map((d) => d.id).reverse()
    const asked: string[][] = []
    useTextSearchEngine(t.db, {
      name: 'fake',
      articles: async (query) => (asked.push([...query.terms]), { ids: [...ids, 987_654_321], total: 42 }),
      flashes: (query) => own.flashes(query),
    })
    try {
      const r = await searchArticles(t.db, '騰訊 Results', { page: 1, count: 10 })
      expect(asked).toEqual([['results', '腾讯']])
      expect(r.list.map((a) => a.id)).toEqual(ids) // a gone id is left out
      expect(r.total).toBe(42)
    } finally {
      useTextSearchEngine(t.db, own)
    }
  })

  it('PGlite, which has no autovacuum: a search starts the postings vacuum once an interval, never at once', async () => {
    let clock = 0
    const engine = postgresTextSearch(t.db, () => clock)
    const vacuums = async () =>
      (await sql<{ n: number }>`SELECT coalesce(sum(vacuum_count), 0)::int AS n FROM pg_stat_user_tables WHERE relname = 'search_grams'`.execute(t.db.kysely)).rows[0]!.n
    const query = { terms: ['腾讯'], page: 1, count: 1, vipOnly: false, titleOnly: false }
    const before = await vacuums()
    await engine.articles(query)
    clock += PGLITE_MAINTENANCE_MS - 1
    await engine.articles(query)
    expect(await vacuums()).toBe(before)
    clock += 1
    await engine.articles(query)
    if (t.db.kind === 'pglite') await expect.poll(vacuums, { timeout: 10_000 }).toBe(before + 1)
    await engine.articles(query) // the next one waits for a whole interval again
    expect(await vacuums()).toBeLessThanOrEqual(before + 1)
  })
})
