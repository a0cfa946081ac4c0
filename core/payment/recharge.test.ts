import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shortfall, suggestedOption } from './recharge'

const options = [
  { specsId: 401, price: 10_000 },
  { specsId: 402, price: 50_000 },
]

describe('shortfall', () => {
  it('is what the total lacks, never below 0', () => {
    expect(shortfall(19_900, 5_000)).toBe(14_900)
    expect(shortfall(9_900, 50_000)).toBe(0)
    expect(shortfall(990, -3)).toBe(990)
  })

  it('balance + shortfall covers the total, and a covered total lacks nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (total, coin) => {
        const s = shortfall(total, coin)
        expect(s).toBeGreaterThanOrEqual(0)
        expect(coin + s).toBeGreaterThanOrEqual(total)
        expect(s === 0).toBe(coin >= total)
      }),
    )
  })
})

describe('suggestedOption', () => {
  it('the cheapest amount that covers the purchase; the largest when none does; the cheapest when nothing lacks', () => {
    expect(suggestedOption(options, 14_900)).toBe(402)
    expect(suggestedOption(options, 9_000)).toBe(401)
    expect(suggestedOption(options, 10_000)).toBe(401)
    expect(suggestedOption(options, 90_000)).toBe(402)
    expect(suggestedOption(options, 0)).toBe(401)
    expect(suggestedOption([...options].reverse(), 0)).toBe(401)
    expect(suggestedOption([], 100)).toBeNull()
  })

  it('for any options and shortfall: one of them; covering and none cheaper covers, or the largest when none covers', () => {
    const option = fc.record({ specsId: fc.integer({ min: 1, max: 1_000_000 }), price: fc.integer({ min: 1, max: 10_000_000 }) })
    fc.assert(
      fc.property(fc.uniqueArray(option, { minLength: 1, maxLength: 8, selector: (o) => o.specsId }), fc.integer({ min: 0, max: 20_000_000 }), (list, lacking) => {
        const id = suggestedOption(list, lacking)
        const chosen = list.find((o) => o.specsId === id)
        expect(chosen).toBeDefined()
        if (list.some((o) => o.price >= lacking)) {
          expect(chosen!.price).toBeGreaterThanOrEqual(lacking)
          expect(list.some((o) => o.price >= lacking && o.price < chosen!.price)).toBe(false)
        } else {
          expect(chosen!.price).toBe(Math.max(...list.map((o) => o.price)))
        }
      }),
    )
  })
})
