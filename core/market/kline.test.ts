import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { adjustForRights, groupBars, klineTypeOf, type Candle } from './kline'
import { directionOf, netChange, priceColour, PRICE_GREEN, PRICE_RED, FLAT_GREY } from './price-colour'

const bar = (time: number, close: number): Candle => ({ time, openCents: close, highCents: close + 10, lowCents: close - 10, closeCents: close, volume: 100 })

describe('kline types', () => {
  it('spec 000 §7 mapping', () => {
    expect(klineTypeOf('hours')).toBe('min1')
    expect(klineTypeOf('daily')).toBe('day')
    expect(klineTypeOf('weekly')).toBe('week')
    expect(klineTypeOf('monthly')).toBe('month')
  })
})

describe('rights', () => {
  const bars = [bar(1 * 86400, 1000), bar(2 * 86400, 1000), bar(3 * 86400, 950), bar(4 * 86400, 960)]
  const events = [{ exDay: 3 * 86400, cashCents: 50 }]
  it('raw leaves prices alone', () => expect(adjustForRights(bars, events, 0)).toEqual(bars))
  it('forward scales the bars before the ex-day', () => {
    const f = adjustForRights(bars, events, 1)
    expect(f[0]?.closeCents).toBe(950)
    expect(f[3]?.closeCents).toBe(960)
  })
  it('backward scales the bars from the ex-day on', () => {
    const b = adjustForRights(bars, events, 2)
    expect(b[0]?.closeCents).toBe(1000)
    expect(b[2]?.closeCents).toBe(1000)
  })
  it('keeps volumes and high ≥ low', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 100, max: 100000 }), { minLength: 2, maxLength: 30 }), fc.integer({ min: 1, max: 50 }), fc.constantFrom(0 as const, 1 as const, 2 as const), (closes, cash, type) => {
        const bs = closes.map((c, i) => bar((i + 1) * 86400, c))
        const out = adjustForRights(bs, [{ exDay: Math.ceil(bs.length / 2) * 86400, cashCents: cash }], type)
        out.forEach((o, i) => {
          expect(o.volume).toBe(bs[i]?.volume)
          expect(o.highCents).toBeGreaterThanOrEqual(o.lowCents)
        })
      }),
    )
  })
})

describe('groupBars', () => {
  it('weeks start on Monday, months on the 1st', () => {
    const mon = Date.parse('2025-11-10T00:00:00Z') / 1000
    const days = [0, 1, 2, 3, 4, 7, 8].map((d, i) => bar(mon + d * 86400, 1000 + i))
    const weeks = groupBars(days, 'week')
    expect(weeks).toHaveLength(2)
    expect(weeks[0]).toMatchObject({ time: mon, openCents: 1000, closeCents: 1004, volume: 500, highCents: 1014, lowCents: 990 })
    expect(groupBars(days, 'month')).toHaveLength(1)
  })
})

describe('price colour', () => {
  it('red up, green down by default; configurable', () => {
    expect(priceColour(1)).toBe(PRICE_RED)
    expect(priceColour(-1)).toBe(PRICE_GREEN)
    expect(priceColour(0)).toBe(FLAT_GREY)
    expect(priceColour(1, 'greenUp')).toBe(PRICE_GREEN)
    expect(directionOf(NaN)).toBe('flat')
  })
  it('net change', () => {
    expect(netChange(1050, 1000)).toEqual({ change: 50, changePercent: 5 })
    expect(netChange(1, 0).changePercent).toBe(0)
  })
})
