import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { chartSummary } from './chart-summary'

describe('chartSummary: the text beside the stock chart', () => {
  it('takes the live quote when there is one', () => {
    const live = { price: 12345, change: -55, changePercent: -0.444 }
    expect(chartSummary(live, { kind: 'candles', bars: [{ close: 1 }, { close: 2 }] })).toEqual({ price: '123.45', change: '-0.55', percent: '-0.44%' })
  })

  it('minutes: the last price against the previous close', () => {
    expect(chartSummary(undefined, { kind: 'minute', points: [{ price: 1000 }, { price: 1100 }], prevClose: 1000 })).toEqual({ price: '11.00', change: '+1.00', percent: '+10.00%' })
  })

  it('candles: the last close against the one before', () => {
    expect(chartSummary(undefined, { kind: 'candles', bars: [{ close: 2000 }, { close: 1500 }] })).toEqual({ price: '15.00', change: '-5.00', percent: '-25.00%' })
  })

  it('nothing to compare (no data, one bar, no points, a zero base): no summary', () => {
    expect(chartSummary(undefined, null)).toBeNull()
    expect(chartSummary(undefined, { kind: 'candles', bars: [{ close: 2000 }] })).toBeNull()
    expect(chartSummary(undefined, { kind: 'minute', points: [], prevClose: 1000 })).toBeNull()
    expect(chartSummary(undefined, { kind: 'minute', points: [{ price: 5 }], prevClose: 0 })).toBeNull()
  })

  it('an unchanged price has no sign; a rise has +, a fall has - (change and percent agree)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (prev, last) => {
        const s = chartSummary(undefined, { kind: 'candles', bars: [{ close: prev }, { close: last }] })!
        if (last === prev) expect([s.change, s.percent]).toEqual(['0.00', '0.00%'])
        if (last > prev) expect(s.change.startsWith('+')).toBe(true)
        if (last < prev) expect(s.change.startsWith('-')).toBe(true)
      }),
    )
  })
})
