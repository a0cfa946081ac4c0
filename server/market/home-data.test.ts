// The home page's market calls (spec 000 §7 'Home and content') on the real app: /hq/home-page-data and
// /hq/quote/api/market/flow/entrance/data/v2, for a guest and a signed-in reader, checked against the
// quotes the rest of the market answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarketTestApp, type TestApp } from '../testing/test-app'
import * as api from '../../core/api/market'
import { signInForTest } from '../accounts/session'

// the market clock: a live HK session, New York closed (LIVE_HK_SESSION)
let t: TestApp
let reader: Record<string, string>
beforeAll(async () => {
  t = await createMarketTestApp()
  reader = { Cookie: await signInForTest(t, 30) }
})
afterAll(() => t?.close())

describe('GET /hq/home-page-data', () => {
  it('the six indices in order, as /hq/stocks/net-change quotes them', async () => {
    const data = await t.getOk(api.homePageData, '/hq/home-page-data')
    expect(data.indices.map((q) => q.stockCode)).toEqual([...api.HOME_INDEX_CODES])
    const quoted = await t.getOk(api.netChange, `/hq/stocks/net-change?stockCodes=${api.HOME_INDEX_CODES.join(',')}`)
    expect(data.indices).toEqual(quoted)
    expect(data.indices[0]!.name).toBe('恒生指数')
  })

  it('each market\'s breadth counts its stocks (up + down + flat) and says whether it trades', async () => {
    const data = await t.getOk(api.homePageData, '/hq/home-page-data')
    expect(data.breadth.map((b) => b.market)).toEqual(['hk', 'us'])
    const hk = data.breadth[0]!
    const us = data.breadth[1]!
    expect(hk.status).toBe('trading')
    expect(us.status).toBe('closed')
    const all: api.StockQuote[] = []
    for (let page = 1; page < 50; page++) {
      const r = await t.getOk(api.rankDetail, `/hq/hk/stock/rank/detail/v1?limit=100&page=${page}`)
      all.push(...r.list)
      if (!r.hasMore) break
    }
    const hkStocks = all.filter((q) => q.category === 'stock')
    expect(hk.up + hk.down + hk.flat).toBe(hkStocks.length)
    expect(hk.up).toBe(hkStocks.filter((q) => q.change > 0).length)
    expect(hk.down).toBe(hkStocks.filter((q) => q.change < 0).length)
    expect(us.up + us.down + us.flat).toBeGreaterThan(0)
  })

  it('the most discussed stocks are the leaderboard\'s first five', async () => {
    const data = await t.getOk(api.homePageData, '/hq/home-page-data')
    const board = await t.getOk(api.leaderboard, `/tapi/xueqiu/Leaderboard/v1/?count=${api.HOME_HOT_STOCKS}`)
    expect(data.hotStocks).toEqual(board)
    expect(data.hotStocks).toHaveLength(api.HOME_HOT_STOCKS)
  })

  it('a guest and a reader get the same public answer; zh-hk gets traditional names', async () => {
    const guest = await t.getOk(api.homePageData, '/hq/home-page-data')
    expect(await t.getOk(api.homePageData, '/hq/home-page-data', reader)).toEqual(guest)
    const hk = await t.getOk(api.homePageData, '/hq/home-page-data', { 'Client-Lang': 'zh-hk' })
    expect(hk.indices[0]!.name).toBe('恒生指數')
  })

  it('another method is not served (404 with a Chinese message, never 500)', async () => {
    const r = await t.request('/hq/home-page-data', { method: 'DELETE' })
    expect(r.status).toBeGreaterThanOrEqual(400)
    expect(r.status).toBeLessThan(500)
  })
})

describe('GET /hq/quote/api/market/flow/entrance/data/v2', () => {
  it('each market: inflow − outflow = net, in its currency, with leaders on the right side', async () => {
    const flows = await t.getOk(api.flowEntrance, '/hq/quote/api/market/flow/entrance/data/v2')
    expect(flows.map((f) => [f.market, f.currency])).toEqual([['hk', 'HKD'], ['us', 'USD']])
    for (const f of flows) {
      expect(f.inflow - f.outflow).toBe(f.netInflow)
      expect(f.inflow).toBeGreaterThan(0)
      expect(f.topInflow.length).toBeLessThanOrEqual(api.FLOW_TOP)
      expect(f.topOutflow.length).toBeLessThanOrEqual(api.FLOW_TOP)
      for (const s of f.topInflow) expect(s.netInflow).toBeGreaterThan(0)
      for (const s of f.topOutflow) expect(s.netInflow).toBeLessThan(0)
      const ins = f.topInflow.map((s) => s.netInflow)
      expect(ins).toEqual([...ins].sort((a, b) => b - a))
      const outs = f.topOutflow.map((s) => s.netInflow)
      expect(outs).toEqual([...outs].sort((a, b) => a - b))
    }
  })

  it('a stock\'s flow leans with its move: the biggest inflow is not a faller, the biggest outflow not a riser', async () => {
    const [hk] = await t.getOk(api.flowEntrance, '/hq/quote/api/market/flow/entrance/data/v2')
    const top = hk!.topInflow[0]
    const bottom = hk!.topOutflow[0]
    if (top) expect(top.changePercent).toBeGreaterThan(-2)
    if (bottom) expect(bottom.changePercent).toBeLessThan(2)
    const quoted = await t.getOk(api.netChange, `/hq/stocks/net-change?stockCodes=${top!.stockCode}`)
    expect(quoted[0]!.changePercent).toBe(top!.changePercent)
  })

  it('the same for a guest and a reader; steady from one call to the next at the same instant', async () => {
    const guest = await t.getOk(api.flowEntrance, '/hq/quote/api/market/flow/entrance/data/v2')
    expect(await t.getOk(api.flowEntrance, '/hq/quote/api/market/flow/entrance/data/v2', reader)).toEqual(guest)
    const hk = await t.getOk(api.flowEntrance, '/hq/quote/api/market/flow/entrance/data/v2', { 'Client-Lang': 'zh-hk' })
    expect(hk.map((f) => f.netInflow)).toEqual(guest.map((f) => f.netInflow))
  })
})
