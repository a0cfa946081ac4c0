import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarketTestApp, type TestApp } from '../testing/test-app'
import * as api from '../../core/api/market'
import { assetAllocationFor } from './core-asset'

let t: TestApp
beforeAll(async () => {
  t = await createMarketTestApp()
})
afterAll(() => t.close())

describe('/api/core-asset/individual-stock: the core-asset view of individual stocks', () => {
  it('lists individual stocks only, sorted by market cap by default, paged', async () => {
    const p1 = await t.getOk(api.coreAssetStocks, '/api/core-asset/individual-stock/v1?limit=5')
    expect(p1.list).toHaveLength(5)
    expect(p1.total).toBeGreaterThan(5)
    expect(p1.hasMore).toBe(true)
    const caps = p1.list.map((s) => s.marketCap)
    expect(caps).toEqual([...caps].sort((a, b) => b - a))
    for (const s of p1.list) {
      expect(s.institutionalOwnership).toBeGreaterThan(0)
      expect(s.institutionalOwnership).toBeLessThanOrEqual(100)
      expect(s.top10Concentration).toBeGreaterThan(0)
      expect(s.top10Concentration).toBeLessThanOrEqual(100)
    }
    const p2 = await t.getOk(api.coreAssetStocks, '/api/core-asset/individual-stock/v1?limit=5&page=2')
    expect(p2.list.map((s) => s.stockCode)).not.toContain(p1.list[0]!.stockCode)
  })
  it('filters by market and sorts by the asked field', async () => {
    const r = await t.getOk(api.coreAssetStocks, '/api/core-asset/individual-stock/v1?market=us&sort=institutionalOwnership&order=asc&limit=100')
    expect(r.list.every((s) => s.market === 'us')).toBe(true)
    const own = r.list.map((s) => s.institutionalOwnership)
    expect(own).toEqual([...own].sort((a, b) => a - b))
      })
  it('detail: holders sum to the concentration, shares agree with percents, four quarters of history', async () => {
    const d = await t.getOk(api.coreAssetStock, '/api/core-asset/individual-stock/hk00700/v1')
    expect(d.stockCode).toBe('hk00700')
    expect(d.name).toBe('腾讯控股')
    expect(d.holders).toHaveLength(10)
    expect(d.holders.reduce((s, h) => s + h.percent, 0)).toBeCloseTo(d.top10Concentration, 1)
    const percents = d.holders.map((h) => h.percent)
    expect(percents).toEqual([...percents].sort((a, b) => b - a))
    expect(d.ownershipHistory.map((q) => q.period)).toEqual(['2024Q4', '2025Q1', '2025Q2', '2025Q3'])
    const list = await t.getOk(api.coreAssetStocks, '/api/core-asset/individual-stock/v1?market=hk&limit=100')
    const row = list.list.find((s) => s.stockCode === 'hk00700')
    expect(row?.institutionalOwnership).toBe(d.institutionalOwnership)
    expect(await t.getOk(api.coreAssetStock, '/api/core-asset/individual-stock/hk00700/v1')).toEqual(d)
  })
  it.each([
    '/api/core-asset/individual-stock/v1?market=cn',
    '/api/core-asset/individual-stock/v1?sort=name',
    '/api/core-asset/individual-stock/v1?order=up',
    '/api/core-asset/individual-stock/v1?page=0',
    '/api/core-asset/individual-stock/v1?limit=1000',
    '/api/core-asset/individual-stock/00700/v1',
    '/api/core-asset/individual-stock/hk%3Cscript%3E/v1',
  ])('%s → 400', async (path) => {
    expect((await t.get(path)).status).toBe(400)
  })
  it('unknown stock → 404; an index is not an individual stock → 404', async () => {
    const r = await t.get('/api/core-asset/individual-stock/hk99999/v1')
    expect(r.status).toBe(404)
    expect(r.body.message).toBe(api.MARKET_MESSAGES.unknownStock)
    const i = await t.get('/api/core-asset/individual-stock/hkHSI/v1')
    expect(i.status).toBe(404)
    expect(i.body.message).toBe(api.CORE_ASSET_MESSAGES.notIndividualStock)
    const list = await t.getOk(api.coreAssetStocks, '/api/core-asset/individual-stock/v1?market=hk&limit=100')
    expect(list.list.map((s) => s.stockCode)).not.toContain('hkHSI')
  })
})

// GET /api/asset-allocation/{id}/v1 takes a reader's risk result id: server/membership/qualification.test.ts
describe('assetAllocationFor(level) (spec 001: configurations[] of name and proportion)', () => {
  it('each risk level: proportions sum to 100, riskier levels hold more equities', () => {
    let equities = -1
    for (const level of [1, 2, 3, 4, 5]) {
      const a = assetAllocationFor(level)
      expect(a.configurations).toHaveLength(3)
      expect(a.configurations.reduce((s, c) => s + c.proportion, 0)).toBe(100)
      const eq = a.configurations[0]!.proportion
      expect(eq).toBeGreaterThan(equities)
      equities = eq
    }
  })
  it('an unknown level → 404 资产配置建议不存在', () => {
    expect(() => assetAllocationFor(6)).toThrow(api.CORE_ASSET_MESSAGES.unknownAllocation)
  })
})
