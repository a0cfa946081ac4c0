// The quote routes and the portfolios share one market per database and clock (issue 11: memory).
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/db'
import { sharedMarket, type Market } from './market-data'

const db = () => ({}) as Db
const fakeMarket = (seed: string) => ({ seedNow: seed.length }) as unknown as Market

describe('sharedMarket', () => {
  it('loads once per database, clock, seed and pinned time; a failed load is tried again', async () => {
    const loads: string[] = []
    let fail = true
    const load = async (_db: Db, seed: string) => {
      loads.push(seed)
      if (fail) throw new Error('busy')
      return fakeMarket(seed)
    }
    const a = db()
    const clock = () => 0
    await expect(sharedMarket(a, {}, clock, 's1', load)).rejects.toThrow('busy')
    fail = false
    const first = await sharedMarket(a, {}, clock, 's1', load)
    expect(await sharedMarket(a, {}, clock, 's1', load)).toBe(first)
    expect(loads).toEqual(['s1', 's1'])
    // another database, clock, seed or pinned time: its own market
    await sharedMarket(db(), {}, clock, 's1', load)
    await sharedMarket(a, {}, () => 0, 's1', load)
    await sharedMarket(a, { MARKET_SEED: 's2' }, clock, 's1', load)
    await sharedMarket(a, { MARKET_TIME: '2024-03-15T02:00:00Z' }, clock, 's1', load)
    expect(loads).toEqual(['s1', 's1', 's1', 's1', 's2', 's1'])
  })
})
