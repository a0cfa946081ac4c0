import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { NOW_ANCHOR } from '../../fixtures/time'
import { localDay } from '../../core/market/sessions'
import { buildStocks } from '../../fixtures/stock-table'
import { fixtureSimulator } from './sim-fixture'

const at = (iso: string) => Date.parse(iso) / 1000
const sim = fixtureSimulator(NOW_ANCHOR, () => at('2025-11-17T03:00:00Z'))
const IDS = ['hk00700', 'hkHSI', 'usAAPL', 'hk02800', 'usQQQ']
const instant = fc.integer({ min: at('2025-11-10T00:00:00Z'), max: at('2025-11-28T00:00:00Z') })
const { isOpen, marketStatus } = sim.calendar

describe('simulator laws', () => {
  it('bars are well formed: high ≥ max(open, close), low ≤ min(open, close), volume ≥ 0', () => {
    fc.assert(
      fc.property(fc.constantFrom(...IDS), instant, (id, t) => {
        const day = sim.quote(id, t).day
        const bars = [...sim.dayBars(id, 30, t), ...sim.minuteBars(id, day, t), ...sim.recentMinuteBars(id, 300, t)]
        for (const b of bars) {
          expect(b.highCents).toBeGreaterThanOrEqual(Math.max(b.openCents, b.closeCents))
          expect(b.lowCents).toBeLessThanOrEqual(Math.min(b.openCents, b.closeCents))
          expect(b.lowCents).toBeGreaterThan(0)
          expect(b.volume).toBeGreaterThanOrEqual(0)
        }
      }),
      { numRuns: 40 },
    )
  })
  it('no movement outside sessions', () => {
    fc.assert(
      fc.property(fc.constantFrom(...IDS), instant, fc.integer({ min: 1, max: 3 * 3600 }), (id, t, dt) => {
        const m = id.startsWith('hk') ? 'hk' : 'us'
        fc.pre(!isOpen(m, t) && !isOpen(m, t + dt) && marketStatus(m, t) === marketStatus(m, t + dt) && localDay(m, t) === localDay(m, t + dt))
        const a = sim.quote(id, t)
        const b = sim.quote(id, t + dt)
        expect(b.priceCents).toBe(a.priceCents)
        expect(b.volume).toBe(a.volume)
      }),
      { numRuns: 60 },
    )
  })
  it('prices move during a session', () => {
    const t = at('2025-11-17T02:00:00Z') // Monday 10:00 HKT
    const prices = new Set(Array.from({ length: 20 }, (_, i) => sim.quote('hk00700', t + i * 30).priceCents))
    expect(prices.size).toBeGreaterThan(3)
    expect(sim.quote('hk00700', t).status).toBe('trading')
  })
  it('the same quotes and minute bars as before the paths were made smaller (issue 31)', () => {
    // digest of these quotes and minute bars from the simulator that kept each step's running turnover in a
    // Float64Array (HEAD 9fc9b3d); the smaller paths sum it when asked, in the same order, to the same bits
    const out: unknown[] = []
    for (const id of IDS) {
      for (const iso of ['2025-11-17T03:00:00Z', '2025-11-18T06:00:00Z', '2025-11-18T20:30:00Z']) {
        const t = at(iso)
        out.push(sim.quote(id, t), sim.minuteBars(id, sim.calendar.currentTradingDay(sim.stock(id)!.market, t), t))
      }
    }
    expect(createHash('sha256').update(JSON.stringify(out)).digest('hex')).toBe('047df9b16a1ce2ccedc16d0806446b98e1026b0b277447d7122625512176cc69')
  })
  it('a quote of every stock keeps about 8 bytes a step of each day path (issue 31: 20 before; a day over 2^32 shares keeps 12)', () => {
    const fresh = fixtureSimulator(NOW_ANCHOR, () => at('2025-11-18T06:00:00Z'))
    for (const s of fresh.allStocks()) fresh.quote(s.id)
    const kept = fresh.keptPaths()
    expect(kept.count).toBe(fresh.allStocks().length)
    expect(kept.bytes / kept.steps).toBeLessThan(9)
  })
  it('same seed, same series; another seed, another series', () => {
    const t = at('2025-11-18T06:00:00Z')
    const again = fixtureSimulator(NOW_ANCHOR, () => t)
    const other = fixtureSimulator(NOW_ANCHOR, () => t, 'another seed')
    expect(again.dayBars('hk00700', 260, t)).toEqual(sim.dayBars('hk00700', 260, t))
    expect(again.minuteBars('hk00700', at('2025-11-18T00:00:00Z'), t)).toEqual(sim.minuteBars('hk00700', at('2025-11-18T00:00:00Z'), t))
    expect(other.quote('hk00700', t).priceCents).not.toBe(sim.quote('hk00700', t).priceCents)
  })
  it('a finished day closes where its daily bar says; the next day starts from that close', () => {
    const t = at('2025-11-19T02:00:00Z')
    const [mon, tue] = sim.dayBars('hk00700', 3, t)
    const monDay = mon!.time
    const minutes = sim.minuteBars('hk00700', monDay, t)
    expect(minutes).toHaveLength(330)
    expect(minutes[minutes.length - 1]!.closeCents).toBe(mon!.closeCents)
    expect(minutes.reduce((s, b) => s + b.volume, 0)).toBe(mon!.volume)
    expect(sim.quote('hk00700', at('2025-11-18T02:00:00Z')).prevCloseCents).toBe(mon!.closeCents)
    expect(tue!.time).toBeGreaterThan(monDay)
  })
  it('a stored history day closes at the stored bar', () => {
    const friday = at('2025-11-14T00:00:00Z')
    const stored = sim.dayBars('hk00700', 1, at('2025-11-15T00:00:00Z'))[0]!
    expect(stored.time).toBe(friday)
    expect(sim.dayBarAt('hk00700', friday, at('2025-11-14T12:00:00Z')).closeCents).toBe(stored.closeCents)
    expect(sim.quote('hk00700', at('2025-11-14T03:00:00Z')).priceCents).toBeGreaterThan(0)
  })
  it('weekends show Friday', () => {
    const q = sim.quote('hk00700', at('2025-11-16T03:00:00Z'))
    expect(q.day).toBe(at('2025-11-14T00:00:00Z'))
    expect(q.status).toBe('closed')
  })
})

describe('the latest prices look like a market', () => {
  const stocks = buildStocks()
  // after the close of the day the history was seeded on (Friday 2025-11-14 for NOW_ANCHOR), and the week after
  const instants = [at('2025-11-14T09:30:00Z'), at('2025-11-15T03:00:00Z'), at('2025-11-18T09:30:00Z')]

  it.each(instants)('at %i, the closes are not the stock table\'s reference prices nor round numbers', (t) => {
    const prices = stocks.map((s) => ({ s, price: sim.quote(s.id, t).priceCents }))
    const atReference = prices.filter(({ s, price }) => price === s.lastCloseCents)
    const round = prices.filter(({ price }) => price % 100 === 0)
    // a walk meets its reference or a whole unit now and then, never for most of the table
    expect(atReference.length).toBeLessThanOrEqual(Math.ceil(stocks.length * 0.05))
    expect(round.length).toBeLessThanOrEqual(Math.ceil(stocks.length * 0.1))
    for (const id of ['hkHSI', 'hk00700']) expect(prices.find((p) => p.s.id === id)!.price % 100).not.toBe(0)
  })

  it('same seed and history, same series at any instant (property)', () => {
    const other = fixtureSimulator(NOW_ANCHOR, () => at('2025-11-17T03:00:00Z'))
    fc.assert(
      fc.property(fc.constantFrom(...stocks.map((s) => s.id)), instant, (id, t) => {
        expect(other.quote(id, t)).toEqual(sim.quote(id, t))
        expect(other.dayBars(id, 5, t)).toEqual(sim.dayBars(id, 5, t))
      }),
      { numRuns: 60 },
    )
  })
})

describe('holidays, half days and extended hours (issue 24; the clock pinned)', () => {
  const stands = (id: string, times: number[]) => {
    const quotes = times.map((t) => sim.quote(id, t))
    for (const q of quotes) {
      expect(q.priceCents).toBe(quotes[0]!.priceCents)
      expect(q.volume).toBe(quotes[0]!.volume)
      expect(sim.nextTick(id, q.time)).toBeNull()
    }
    return quotes[0]!
  }
  it('an HKEX holiday of 2027 (Easter Monday) is closed all day, says why and shows the last trading day', () => {
    const hours = [1.5, 2, 3, 5, 6.5, 7.9].map((h) => at('2027-03-29T00:00:00Z') + h * 3600)
    const q = stands('hk00700', hours)
    expect(q).toMatchObject({ status: 'closed', holiday: 'easterMonday', day: at('2027-03-25T00:00:00Z') }) // Good Friday before it
    expect(q.priceCents).toBe(sim.dayBarAt('hk00700', at('2027-03-25T00:00:00Z'), Number.MAX_SAFE_INTEGER).closeCents)
    expect(stands('hk00700', [at('2027-02-08T02:00:00Z'), at('2027-02-09T06:00:00Z')])).toMatchObject({ holiday: 'lunarNewYear', day: at('2027-02-05T00:00:00Z') })
  })
  it('a half day (Christmas Eve 2026 in Hong Kong) trades the morning only: 150 minutes, still all afternoon', () => {
    const eve = at('2026-12-24T00:00:00Z')
    expect(sim.quote('hk00700', at('2026-12-24T02:00:00Z'))).toMatchObject({ status: 'trading', halfDay: 'christmasEve' })
    const q = stands('hk00700', [at('2026-12-24T04:00:00Z'), at('2026-12-24T05:30:00Z'), at('2026-12-24T07:59:00Z')])
    expect(q).toMatchObject({ status: 'closed', halfDay: 'christmasEve', day: eve })
    const minutes = sim.minuteBars('hk00700', eve, at('2026-12-24T09:00:00Z'))
    expect(minutes).toHaveLength(150)
    expect(minutes[minutes.length - 1]!.time).toBe(at('2026-12-24T04:00:00Z'))
    expect(minutes[minutes.length - 1]!.closeCents).toBe(q.priceCents)
    expect(q.time).toBe(at('2026-12-24T04:00:00Z'))
  })
  it('Thanksgiving 2026 (NYSE closed) stands still and names the holiday; the day after closes 13:00 and after-hours follows', () => {
    const q = stands('usAAPL', [at('2026-11-26T09:30:00Z'), at('2026-11-26T15:00:00Z'), at('2026-11-26T20:59:00Z')])
    expect(q).toMatchObject({ status: 'closed', holiday: 'thanksgiving', day: at('2026-11-25T00:00:00Z') })
    expect(sim.quote('usAAPL', at('2026-11-27T10:00:00Z')).status).toBe('preMarket')
    const after = stands('usAAPL', [at('2026-11-27T18:00:00Z'), at('2026-11-27T19:30:00Z')])
    expect(after).toMatchObject({ status: 'afterHours', halfDay: 'dayAfterThanksgiving' })
    expect(sim.minuteBars('usAAPL', at('2026-11-27T00:00:00Z'), at('2026-11-28T00:00:00Z'))).toHaveLength(210)
  })
  it('no movement on any 2027 holiday, weekend or outside sessions (property)', () => {
    const in2027 = fc.integer({ min: at('2027-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') })
    fc.assert(
      fc.property(fc.constantFrom('hk00700', 'usAAPL'), in2027, fc.integer({ min: 1, max: 3 * 3600 }), (id, t, dt) => {
        const m = id.startsWith('hk') ? 'hk' : 'us'
        fc.pre(!isOpen(m, t) && !isOpen(m, t + dt) && marketStatus(m, t) === marketStatus(m, t + dt) && localDay(m, t) === localDay(m, t + dt))
        expect(sim.quote(id, t + dt).priceCents).toBe(sim.quote(id, t).priceCents)
      }),
      { numRuns: 40 },
    )
  })
})
