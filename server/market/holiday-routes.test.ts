// Issue 24's proof on the real app: MARKET_TIME pinned on holidays and half days of 2027 and 2030 in both
// markets; the quote answers say closed and why, or how the half day goes, and prices stand still.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarketTestApp, type TestApp } from '../testing/test-app'
import * as api from '../../core/api/market'

let t: TestApp
beforeAll(async () => {
  t = await createMarketTestApp()
})
afterAll(() => t.close())

let asked = 0
/** The two quotes (HK, US) with the market clock pinned at `iso` (each URL new: public answers are kept a second). */
async function quotesAt(iso: string) {
  process.env.MARKET_TIME = iso
  const [hk, us] = await t.getOk(api.netChange, `/hq/stocks/net-change?stockCodes=hk00700,usAAPL,hkX${++asked}`)
  return { hk: hk!, us: us! }
}

// Each pinned time loads the market anew (sharedMarket keys it by MARKET_TIME): three pins, each
// covering both markets. The simulator's and the calendar's own tests go through every case.
describe('the market clock pinned on holidays and half days', () => {
  it('2027-12-24 14:00 in Hong Kong: the afternoon of a half day is closed; NYSE closed for Christmas (observed on Friday 24th)', async () => {
    const { hk, us } = await quotesAt('2027-12-24T06:00:00Z')
    expect(hk).toMatchObject({ status: 'closed', halfDay: 'christmasEve' })
    expect(hk.holiday).toBeUndefined()
    expect(us).toMatchObject({ status: 'closed', holiday: 'christmas' })
    const info = await t.getOk(api.quoteInfo, '/hq/hk/quote-info/00700/v2')
    expect(info).toMatchObject({ status: 'closed', halfDay: 'christmasEve' })
    const minutes = await t.getOk(api.minuteLine, '/hq/hk/minute-line/00700/v2')
    expect(minutes.days[0]!.day).toBe(Date.parse('2027-12-24T00:00:00Z') / 1000)
    expect(minutes.days[0]!.points).toHaveLength(150) // 09:30–12:00 only
  })
  it('2030-12-24 noon in New York: NYSE trades its half day (closes 13:00); Hong Kong closed for Christmas', async () => {
    const { hk, us } = await quotesAt('2030-12-24T17:00:00Z')
    expect(us).toMatchObject({ status: 'trading', halfDay: 'christmasEve' })
    expect(hk).toMatchObject({ status: 'closed', holiday: 'christmas' })
  })
  it('today, 2026-11-26 (Thanksgiving): the US quote is closed for 感恩节, not just 已收盘', async () => {
    const { hk, us } = await quotesAt('2026-11-26T15:00:00Z')
    expect(us).toMatchObject({ status: 'closed', holiday: 'thanksgiving' })
    expect(hk.status).toBe('closed') // 23:00 in Hong Kong, an ordinary evening
    expect(hk.holiday).toBeUndefined()
  })
})
