// issue 24: the site config tells the client the prices are simulated exactly when the operator declared a
// demo on the simulator (MARKET_DEMO=1, no feed); real feeds and undeclared local runs carry no flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/test-db'
import { siteConfig } from './site'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
}, 120_000)
afterAll(() => t?.close())

describe('site config: simulated prices', () => {
  it('carries simulatedPrices only for a declared demo on the simulator', async () => {
    expect((await siteConfig(t.db, { NODE_ENV: 'production', MARKET_DEMO: '1' })).simulatedPrices).toBe(true)
    expect((await siteConfig(t.db, { MARKET_DEMO: '1' })).simulatedPrices).toBe(true)
    expect(await siteConfig(t.db, {})).not.toHaveProperty('simulatedPrices')
    expect(await siteConfig(t.db, { NODE_ENV: 'production', MARKET_DEMO: '1', MARKET_FEED: 'twelvedata', TWELVEDATA_API_KEY: 'k' })).not.toHaveProperty('simulatedPrices')
  })
})
