import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { withLiveQuotes, type HeldPosition, type LiveQuote } from './live-positions'

const pos = (stockCode: string, weight: number, price: number, costPrice = price): HeldPosition => ({
  stockCode, weight, price, changePercent: 0, costPrice, profitPercent: Math.round((price / costPrice - 1) * 10_000) / 100,
})

describe('withLiveQuotes — examples', () => {
  it('a pushed price moves its row and the weights drift with it; cash stays cash', () => {
    // 50 % in A at 100.00, 30 % in B at 10.00, 20 % cash; A rises 10 %
    const loaded = { list: [pos('hkA', 50, 10_000, 8_000), pos('hkB', 30, 1_000)], cashWeight: 20 }
    const live = withLiveQuotes(loaded, new Map([['hkA', { price: 11_000, changePercent: 3.5 }]]))
    // values 55, 30, 20 of 105
    expect(live.list.map((p) => p.weight)).toEqual([52.38, 28.57])
    expect(live.cashWeight).toBe(19.05)
    expect(live.list[0]).toMatchObject({ price: 11_000, changePercent: 3.5, costPrice: 8_000, profitPercent: 37.5 })
    expect(live.list[1]).toEqual(loaded.list[1] && { ...loaded.list[1], weight: 28.57 })
  })
  it('nothing pushed for the stocks held: the loaded rows as they are', () => {
    const loaded = { list: [pos('hkA', 50, 10_000)], cashWeight: 50 }
    expect(withLiveQuotes(loaded, new Map())).toBe(loaded)
    expect(withLiveQuotes(loaded, new Map([['hkZ', { price: 1, changePercent: 1 }]]))).toBe(loaded)
  })
})

/** A loaded allocation: weights in hundredths summing to at most 100 %, the rest cash; positive prices. */
const allocation = fc
  .array(fc.record({ h: fc.integer({ min: 0, max: 10_000 }), price: fc.integer({ min: 1, max: 10_000_000 }), cost: fc.integer({ min: 1, max: 10_000_000 }) }), { minLength: 1, maxLength: 20 })
  .filter((rows) => rows.reduce((s, r) => s + r.h, 0) <= 10_000)
  .map((rows) => ({
    list: rows.map((r, i) => pos(`hk${String(i).padStart(5, '0')}`, r.h / 100, r.price, r.cost)),
    cashWeight: (10_000 - rows.reduce((s, r) => s + r.h, 0)) / 100,
  }))
const pushes = (n: number) => fc.array(fc.option(fc.record({ price: fc.integer({ min: 1, max: 10_000_000 }), changePercent: fc.double({ min: -50, max: 50, noNaN: true }) })), { minLength: n, maxLength: n })
const quotesOf = (list: readonly HeldPosition[], qs: readonly (LiveQuote | null)[]) => new Map(list.flatMap((p, i) => (qs[i] ? [[p.stockCode, qs[i]] as const] : [])))

describe('withLiveQuotes — properties', () => {
  it('weights stay in [0, 100] and, with cash, sum to 100 % (to the 2-decimal rounding)', () => {
    fc.assert(
      fc.property(allocation.chain((a) => fc.tuple(fc.constant(a), pushes(a.list.length))), ([a, qs]) => {
        const live = withLiveQuotes(a, quotesOf(a.list, qs))
        for (const p of live.list) expect(p.weight >= 0 && p.weight <= 100).toBe(true)
        const sum = live.list.reduce((s, p) => s + p.weight, 0) + live.cashWeight
        expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.005 * (live.list.length + 1) + 1e-9)
      }),
    )
  })
  it('each row takes its pushed price and change; the profit is against the cost', () => {
    fc.assert(
      fc.property(allocation.chain((a) => fc.tuple(fc.constant(a), pushes(a.list.length))), ([a, qs]) => {
        const live = withLiveQuotes(a, quotesOf(a.list, qs))
        live.list.forEach((p, i) => {
          const q = qs[i]
          const before = a.list[i] as HeldPosition
          expect(p.stockCode).toBe(before.stockCode)
          expect(p.price).toBe(q ? q.price : before.price)
          expect(p.changePercent).toBe(q ? q.changePercent : before.changePercent)
          expect(p.profitPercent).toBe(Math.round((p.price / p.costPrice - 1) * 10_000) / 100)
        })
      }),
    )
  })
  it('quotes at the loaded prices change no weight', () => {
    fc.assert(
      fc.property(allocation, (a) => {
        const live = withLiveQuotes(a, new Map(a.list.map((p) => [p.stockCode, { price: p.price, changePercent: 1 }])))
        live.list.forEach((p, i) => expect(Math.abs(p.weight - (a.list[i] as HeldPosition).weight)).toBeLessThan(1e-9))
        expect(Math.abs(live.cashWeight - a.cashWeight)).toBeLessThan(1e-9)
      }),
    )
  })
  it('a stock that rises gains weight; every other row and the cash lose or keep theirs', () => {
    fc.assert(
      fc.property(allocation, fc.nat(), fc.integer({ min: 1, max: 1_000 }), (a, k, pct) => {
        const i = k % a.list.length
        const up = a.list[i] as HeldPosition
        const live = withLiveQuotes(a, new Map([[up.stockCode, { price: Math.round(up.price * (1 + pct / 100)) + 1, changePercent: pct }]]))
        live.list.forEach((p, j) => {
          const w = (a.list[j] as HeldPosition).weight
          if (j === i) expect(p.weight).toBeGreaterThanOrEqual(w)
          else expect(p.weight).toBeLessThanOrEqual(w)
        })
        expect(live.cashWeight).toBeLessThanOrEqual(a.cashWeight)
      }),
    )
  })
})
