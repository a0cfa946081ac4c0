import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMarketTestApp, type TestApp } from '../testing/test-app'
import * as api from '../../core/api/market'
import { authHeaders, signInForTest } from '../accounts/session'
import { WATCHLIST_CACHE_MS } from './watchlist'

// the market clock: a live HK session, New York closed (LIVE_HK_SESSION)
let t: TestApp
beforeAll(async () => {
  t = await createMarketTestApp()
})
afterAll(() => t.close())

describe('quotes', () => {
  it('net change for known stocks, in the order asked; unknown ones left out', async () => {
    const list = await t.getOk(api.netChange, '/hq/stocks/net-change?stockCodes=hk00700,usAAPL,hk99999')
    expect(list.map((q) => q.stockCode)).toEqual(['hk00700', 'usAAPL'])
    const [hk, us] = list
    expect(hk!.status).toBe('trading')
    expect(us!.status).toBe('closed')
    expect(hk!.change).toBe(hk!.price - hk!.prevClose)
    expect(hk!.name).toBe('腾讯控股')
  })
  it('zh-hk names', async () => {
    const list = await t.getOk(api.quoteBaseData, '/quote/api/stocks/base-data?stockCodes=hk00700', { 'Client-Lang': 'zh-hk' })
    expect(list[0]).toMatchObject({ id: 'hk00700', code: '00700', codeDisp: '00700.HK', market: 'hk', name: '騰訊控股', category: 'stock' })
  })
  it('base data with quotes', async () => {
    const [q] = await t.getOk(api.hqBaseData, '/hq/stocks/base-data/v1?stockCodes=hk00700')
    expect(q!.high).toBeGreaterThanOrEqual(Math.max(q!.open, q!.price))
    expect(q!.low).toBeLessThanOrEqual(Math.min(q!.open, q!.price))
    expect(q!.marketCap).toBeGreaterThan(0)
  })
  it('quote info: bid below ask, P/E, 52-week range', async () => {
    const q = await t.getOk(api.quoteInfo, '/hq/hk/quote-info/00700/v2')
    expect(q.bid).toBeLessThan(q.ask)
    expect(q.pe).toBeGreaterThan(0)
    expect(q.high52w).toBeGreaterThanOrEqual(q.high)
    expect(q.low52w).toBeLessThanOrEqual(q.low)
    const idx = await t.getOk(api.quoteInfo, '/hq/hk/quote-info/HSI/v2')
    expect(idx.pe).toBeNull()
  })
  it('currencies', async () => {
    const r = await t.getOk(api.stockCurrency, '/hq/stock-currency/v1?stockCodes=hk00700,usAAPL')
    expect(r.stocks).toEqual([{ stockCode: 'hk00700', currency: 'HKD' }, { stockCode: 'usAAPL', currency: 'USD' }])
  })
})

describe('charts', () => {
  it('minute line of the live session up to now', async () => {
    const r = await t.getOk(api.minuteLine, '/hq/hk/minute-line/00700/v2')
    expect(r.days).toHaveLength(1)
    expect(r.days[0]!.points).toHaveLength(90) // 09:30 → 11:00
    const v3 = await t.getOk(api.minuteLineV3, '/hq/hk/minute-line/00700/v3?days=5')
    expect(v3.days).toHaveLength(5)
    expect(v3.days[0]!.points).toHaveLength(330)
  })
  it('klines of every type, with rights types and paging by timestamp', async () => {
    for (const type of ['min1', 'day', 'week', 'month'] as const) {
      const r = await t.getOk(api.kline, `/hq/hk/kline/${type}/00700/v2?count=30`)
      expect(r.type).toBe(type)
      expect(r.list.length).toBeGreaterThan(0)
      expect(r.list.length).toBeLessThanOrEqual(30)
      for (const b of r.list) expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close))
    }
    const raw = await t.getOk(api.klineV4, '/hq/hk/kline/day/00700/v4?count=250&rightsType=0')
    const fwd = await t.getOk(api.klineV4, '/hq/hk/kline/day/00700/v4?count=250&rightsType=1')
    expect(fwd.list.at(-1)!.close).toBe(raw.list.at(-1)!.close)
    expect(fwd.list[0]!.close).toBeLessThan(raw.list[0]!.close)
    const first = await t.getOk(api.kline, '/hq/hk/kline/day/00700/v2?count=10')
    expect(first.hasMore).toBe(true)
    const older = await t.getOk(api.kline, `/hq/hk/kline/day/00700/v2?count=10&timestamp=${first.list[0]!.time}`)
    expect(older.list.at(-1)!.time).toBeLessThan(first.list[0]!.time)
  })
})

describe('boards and rankings', () => {
  it('HK boards sorted as asked', async () => {
    const desc = await t.getOk(api.hkBoards, '/hq/hk/boards/v1?sort=changePercent&order=desc')
    const pct = desc.map((b) => b.changePercent)
    expect(pct).toEqual([...pct].sort((a, b) => b - a))
    const asc = await t.getOk(api.hkBoards, '/hq/hk/boards/v1?sort=turnover&order=asc')
    expect(asc.map((b) => b.turnover)).toEqual(asc.map((b) => b.turnover).sort((a, b) => a - b))
  })
  it('rankings page through the whole market without repeats', async () => {
    const p1 = await t.getOk(api.rankDetail, '/hq/us/stock/rank/detail/v1?sort=price&order=asc&page=1&limit=50')
    const p2 = await t.getOk(api.rankDetail, '/hq/us/stock/rank/detail/v1?sort=price&order=asc&page=2&limit=50')
    const all = [...p1.list, ...p2.list]
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length)
    expect(all.every((s) => s.market === 'us' && s.category !== 'index')).toBe(true)
    expect(all.map((s) => s.price)).toEqual(all.map((s) => s.price).sort((a, b) => a - b))
    expect(p1.total).toBe(p2.total)
  })
  it('leaderboard and hot ranges', async () => {
    const lb = await t.getOk(api.leaderboard, '/tapi/xueqiu/Leaderboard/v1/?count=10')
    expect(lb.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const hr = await t.getOk(api.hotRange, '/mapi/market/hotRange/v1/?sortType=turnover&order=desc&page=1&count=5&market=hk')
    expect(hr.list).toHaveLength(5)
    expect(hr.list.every((r) => r.market === 'hk')).toBe(true)
  })
})

describe('short selling and company data', () => {
  it('answers for a stock', async () => {
    expect((await t.getOk(api.isShortSelling, '/quote/api/quote/isshortselling/hk00700')).stockCode).toBe('hk00700')
    expect((await t.getOk(api.shortDataList, '/data/api/short-data/list/3/day/hk00700')).list.length).toBeGreaterThan(30)
    expect((await t.getOk(api.shortPositionTable, '/data/api/short-position/table/week/hk00700')).list.length).toBeGreaterThan(5)
    expect((await t.getOk(api.companyInfo, '/data/api/chart/company-info/hk/00700/v2')).business).toContain('腾讯控股')
    expect((await t.getOk(api.ratios, '/data/api/chart/ratio/hk/00700/v2')).history.length).toBeGreaterThan(6)
    expect((await t.getOk(api.f10Finance, '/data/api/hk/f10/finance/00700/v1')).reports).toHaveLength(8)
    const flow = await t.getOk(api.coreCapital, '/data/api/member/coreCapital?stockCode=hk00700')
    expect(flow.netInflow).toBe(flow.inflow - flow.outflow)
    expect((await t.getOk(api.coreCapitalDetail, '/data/api/member/coreCapital/detail?stockCode=hk00700')).list).toHaveLength(90)
  })
  it('news, announcements and discussion page', async () => {
    const news = await t.getOk(api.stockNews, '/api/stock/info/news/contents/v3?stockCode=hk00700&count=3')
    expect(news.list.length).toBeGreaterThan(0)
    const ann = await t.getOk(api.stockAnnouncements, '/api/stock/info/announcement?stockCode=hk00700&page=2&limit=10')
    expect(ann.list).toHaveLength(10)
    const d1 = await t.getOk(api.stockDiscussion, '/api/stock/info/discuss/contents/v3?stockCode=hk00700&count=5')
    const d2 = await t.getOk(api.stockDiscussion, `/api/stock/info/discuss/contents/v3?stockCode=hk00700&count=5&timestamp=${d1.list.at(-1)!.createTimestamp}`)
    expect(d2.list[0]!.createTimestamp).toBeLessThan(d1.list.at(-1)!.createTimestamp)
  })
})

describe('bad input answers 400 (or 404 for unknown stocks), never 500', () => {
  const bad400 = [
    '/hq/stocks/net-change',
    '/hq/stocks/net-change?stockCodes=',
    '/hq/stocks/net-change?stockCodes=00700',
    '/quote/api/stocks/base-data?stockCodes=hk00700;drop',
    '/hq/stocks/base-data/v1?stockCodes=xx00700',
    '/hq/cn/quote-info/00700/v2',
    '/hq/hk/quote-info/007%2000/v2',
    '/hq/stock-currency/v1?stockCodes=,',
    '/hq/hk/minute-line/00700/v3?days=6',
    '/hq/hk/kline/year/00700/v2',
    '/hq/hk/kline/day/00700/v2?count=0',
    '/hq/hk/kline/day/00700/v4?count=1001',
    '/hq/hk/kline/day/00700/v4?rightsType=3',
    '/hq/hk/kline/day/00700/v4?timestamp=-1',
    '/hq/hk/boards/v1?sort=name',
    '/hq/hk/boards/v1?order=up',
    '/hq/us/stock/rank/detail/v1?page=0',
    '/hq/us/stock/rank/detail/v1?limit=101',
    '/hq/us/stock/rank/detail/v1?sort=random',
    '/tapi/xueqiu/Leaderboard/v1/?count=abc',
    '/mapi/market/hotRange/v1/?sortType=heat',
    '/mapi/market/hotRange/v1/?count=0',
    '/data/api/short-position/table/year/hk00700',
    '/data/api/short-data/list/13/day/hk00700',
    '/data/api/short-data/list/1/day/00700',
    '/quote/api/quote/isshortselling/00700',
    '/data/api/chart/company-info/jp/7203/v2',
    '/data/api/chart/ratio/hk/%20/v2',
    '/data/api/xx/f10/finance/00700/v1',
    '/data/api/member/coreCapital',
    '/data/api/member/coreCapital/detail?stockCode=1',
    '/api/stock/info/news/contents/v3?stockCode=hk00700&count=0',
    '/api/stock/info/announcement?stockCode=hk00700&page=-1',
    '/api/stock/info/discuss/contents/v3',
    '/hq/stocks/stream?stockCodes=nope',
  ]
  it.each(bad400)('%s → 400', async (path) => {
    const r = await t.get(path)
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(/^参数错误/)
  })
  const unknown = [
    '/hq/hk/quote-info/99999/v2',
    '/hq/hk/minute-line/99999/v2',
    '/hq/hk/kline/day/99999/v2',
    '/data/api/short-position/table/day/hk99999',
    '/quote/api/quote/isshortselling/us_NOPE',
    '/data/api/chart/company-info/us/NOPE/v2',
    '/data/api/member/coreCapital?stockCode=hk99999',
    '/api/stock/info/announcement?stockCode=hk99999',
  ]
  it.each(unknown)('%s → 404 股票不存在', async (path) => {
    const r = await t.get(path)
    expect(r.status).toBe(404)
    expect(r.body.message).toBe(api.MARKET_MESSAGES.unknownStock)
  })
})

describe('live quote stream', () => {
  it('sends the current quotes as server-sent events', async () => {
    const res = await t.request('/hq/stocks/stream?stockCodes=hk00700,usAAPL')
    expect(res.headers.get('Content-Type')).toMatch(/text\/event-stream/)
    const reader = res.body!.getReader()
    let text = ''
    while ((text.match(/event: quote/g) ?? []).length < 2) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    expect(text).toContain('event: ready')
    expect(text).toContain('retry: 2000')
    expect(text).toContain('"stockCode":"hk00700"')
    expect(text).toContain('"stockCode":"usAAPL"')
  })
})

describe('watchlist', () => {
  const GUEST = { Cookie: 'csrf_token=guest-token', 'X-CSRF-Token': 'guest-token' }
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    t.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
  const json = async (r: Response) => (await r.json()) as { statusCode: number; message: string; result: unknown }

  it.each([
    ['GET', '/api/userstock/isUserStock?stockCode=hk00700', undefined],
    ['POST', '/api/userstock/add', { stockCode: 'hk00700', stockType: 'hk' }],
    ['POST', '/api/userstock/delete', { stockCodes: ['hk00700'] }],
    ['GET', '/api/userstock?page=1&limit=20', undefined],
    ['GET', '/api/userstock/v2', undefined],
  ] as const)('%s %s: a guest gets 401 请先登录', async (method, path, body) => {
    const r = await t.request(path, { method, headers: { 'Content-Type': 'application/json', ...GUEST }, ...(body ? { body: JSON.stringify(body) } : {}) })
    expect(r.status).toBe(401)
    expect((await json(r)).message).toBe('请先登录')
  })
  it.each([
    ['/api/userstock/add', { stockCode: 'hk00700' }],
    ['/api/userstock/add', { stockCode: 'hk00700', stockType: 'cn' }],
    ['/api/userstock/add', { stockCode: '00700', stockType: 'hk' }],
    ['/api/userstock/delete', { stockCodes: [] }],
    ['/api/userstock/delete', { stockCodes: 'hk00700' }],
  ])('POST %s %j → 400', async (path, body) => {
    const r = await post(path, body, authHeaders(await signInForTest(t, 1)))
    expect(r.status).toBe(400)
  })
  it.each(['/api/userstock/isUserStock', '/api/userstock?page=0', '/api/userstock?userId=abc'])('GET %s → 400', async (path) => {
    expect((await t.get(path, { Cookie: await signInForTest(t, 1) })).status).toBe(400)
  })

  it('the owner adds, lists, checks and deletes; duplicates are refused; another user sees none of it', async () => {
    const owner = authHeaders(await signInForTest(t, 2))
    const other = authHeaders(await signInForTest(t, 3))
    expect((await json(await post('/api/userstock/add', { stockCode: 'hk00700', stockType: 'hk' }, owner))).result).toEqual({ stockCode: 'hk00700', stockType: 'hk' })
    expect((await post('/api/userstock/add', { stockCode: 'usAAPL', stockType: 'us' }, owner)).status).toBe(200)
    const dup = await post('/api/userstock/add', { stockCode: 'hk00700', stockType: 'hk' }, owner)
    expect(dup.status).toBe(400)
    expect((await json(dup)).message).toBe(api.MARKET_MESSAGES.duplicate)
    expect((await post('/api/userstock/add', { stockCode: 'hk99999', stockType: 'hk' }, owner)).status).toBe(404)
    expect((await post('/api/userstock/add', { stockCode: 'usMSFT', stockType: 'hk' }, owner)).status).toBe(400)

    const list = await t.getOk(api.listUserStocks, '/api/userstock?page=1&limit=20', owner)
    expect(list.list.map((s) => s.id).sort()).toEqual(['hk00700', 'usAAPL'])
    expect(list.list[0]!.price).toBeGreaterThan(0)
    const one = await t.getOk(api.listUserStocks, '/api/userstock?page=2&limit=1', owner)
    expect(one.list).toHaveLength(1)
    expect(one.hasMore).toBe(false)
    expect((await t.getOk(api.listUserStocksV2, '/api/userstock/v2', owner)).map((s) => s.id).sort()).toEqual(['hk00700', 'usAAPL'])
    expect((await t.getOk(api.isUserStock, '/api/userstock/isUserStock?stockCode=hk00700', owner)).isUserStock).toBe(true)

    expect((await t.getOk(api.isUserStock, '/api/userstock/isUserStock?stockCode=hk00700', other)).isUserStock).toBe(false)
    expect(await t.getOk(api.listUserStocksV2, '/api/userstock/v2', other)).toEqual([])
    expect((await t.get('/api/userstock?userId=2', other)).status).toBe(403)
    expect((await json(await post('/api/userstock/delete', { stockCodes: ['hk00700'] }, other))).result).toEqual({ deleted: 0 })

    expect((await json(await post('/api/userstock/delete', { stockCodes: ['hk00700', 'usAAPL'] }, owner))).result).toEqual({ deleted: 2 })
    expect(await t.getOk(api.listUserStocksV2, '/api/userstock/v2', owner)).toEqual([])
  })

  it("a reader's rows are read once a second however often they ask; their own add and delete show at once", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const owner = authHeaders(await signInForTest(t, 4))
      const ids = async () => (await t.getOk(api.listUserStocksV2, '/api/userstock/v2', owner)).map((s) => s.id)
      expect(await ids()).toEqual([])
      // a row written behind the watchlist's back (another process) shows once the kept rows are a second old
      await t.db.kysely.withTables<{ user_stocks: { user_id: number; stock_id: string; stock_type: string; create_timestamp: number } }>()
        .insertInto('user_stocks').values({ user_id: 4, stock_id: 'hk00005', stock_type: 'hk', create_timestamp: 1 }).execute()
      expect(await ids()).toEqual([])
      expect(await ids()).toEqual([])
      vi.setSystemTime(Date.now() + WATCHLIST_CACHE_MS + 1)
      expect(await ids()).toEqual(['hk00005'])
      // the reader's own change: at once
      expect((await post('/api/userstock/add', { stockCode: 'usAAPL', stockType: 'us' }, owner)).status).toBe(200)
      expect(await ids()).toEqual(['usAAPL', 'hk00005'])
      expect((await post('/api/userstock/delete', { stockCodes: ['hk00005'] }, owner)).status).toBe(200)
      expect(await ids()).toEqual(['usAAPL'])
    } finally {
      vi.useRealTimers()
    }
  })
})
