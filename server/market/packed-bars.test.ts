// PackedBars: the stored history packed six figures a bar reads back exactly as the bars it was given.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Candle } from '../../core/market/kline'
import { PackedBars } from './packed-bars'

const cents = fc.integer({ min: 1, max: 100_000_000 })
const barsArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 46_000 }), { maxLength: 60 })
  .chain((days) =>
    fc.tuple(
      ...[...days]
        .sort((a, b) => a - b)
        .map((d) => fc.record({ time: fc.constant(d * 86_400), openCents: cents, highCents: cents, lowCents: cents, closeCents: cents, volume: fc.integer({ min: 0, max: 2 ** 50 }) })),
    ),
  )
  .map((bars) => bars as Candle[])

describe('PackedBars', () => {
  it('reads back every bar, from objects and from the database text alike; finds each day and no other', () => {
    fc.assert(
      fc.property(barsArb, fc.integer({ min: 0, max: 4_000_000_000 }), (bars, probe) => {
        const packed = PackedBars.from(bars)
        const text = bars.map((b) => [b.time, b.openCents, b.highCents, b.lowCents, b.closeCents, b.volume].join(',')).join(';')
        const parsed = PackedBars.parse(text)
        expect(packed.length).toBe(bars.length)
        expect([...packed]).toEqual(bars)
        expect([...parsed]).toEqual(bars)
        bars.forEach((b, i) => {
          expect(packed.indexOfDay(b.time)).toBe(i)
          expect(packed.at(i - bars.length)).toEqual(b)
        })
        if (!bars.some((b) => b.time === probe)) expect(packed.indexOfDay(probe)).toBeUndefined()
        expect(packed.at(bars.length)).toBeUndefined()
        expect(packed.at(-bars.length - 1)).toBeUndefined()
        expect(packed.bytes).toBe(bars.length * 6 * 8)
      }),
    )
  })

  it('an empty history has no bars', () => {
    expect(PackedBars.parse('').length).toBe(0)
    expect(PackedBars.EMPTY.at(-1)).toBeUndefined()
    expect(PackedBars.EMPTY.indexOfDay(0)).toBeUndefined()
  })
})
