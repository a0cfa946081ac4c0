// Issue 24: every quote shows its as-of time in its market's zone. Oracles independent of Intl: Hong
// Kong's fixed UTC+8, and for New York the US daylight-saving rule in force since 2007 (second Sunday
// of March 02:00 to first Sunday of November 02:00: core/market/sessions.ts newYorkOffsetSeconds).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatQuoteTime } from './quote-time'
import { newYorkOffsetSeconds } from './sessions'

const utc = (iso: string) => Date.parse(iso) / 1000
/** 'MM-DD HH:mm' of a UTC wall clock shifted by `offset` seconds */
const wall = (t: number, offset: number) => new Date((Math.floor(t / 60) * 60 + offset) * 1000).toISOString().slice(5, 16).replace('T', ' ')

const Y1980 = utc('1980-01-01T00:00:00Z')
const Y2007 = utc('2007-01-01T00:00:00Z')
const Y2100 = utc('2100-12-31T23:59:59Z')

describe('a quote\'s as-of time', () => {
  it('reads as the peers print it', () => {
    expect(formatQuoteTime('hk', utc('2025-11-26T08:08:30Z'))).toBe('11-26 16:08') // 已收盘 11-26 16:08 北京时间
    expect(formatQuoteTime('us', utc('2025-11-26T13:30:00Z'))).toBe('11-26 08:30') // 盘前 11-26 08:30 美东时间 (EST)
    expect(formatQuoteTime('us', utc('2025-11-25T21:00:00Z'))).toBe('11-25 16:00') // 已收盘 11-25 16:00 美东时间
    expect(formatQuoteTime('us', utc('2026-07-02T20:00:00Z'))).toBe('07-02 16:00') // EDT
    expect(formatQuoteTime('hk', utc('2026-12-31T16:00:00Z'))).toBe('01-01 00:00') // midnight is 00, never 24
  })
  it('crosses New York\'s daylight-saving changes with the zone database', () => {
    // 2026-03-08: 02:00 EST jumps to 03:00 EDT
    expect(formatQuoteTime('us', utc('2026-03-08T06:59:59Z'))).toBe('03-08 01:59')
    expect(formatQuoteTime('us', utc('2026-03-08T07:00:00Z'))).toBe('03-08 03:00')
    // 2026-11-01: 02:00 EDT falls back to 01:00 EST, so 01:xx happens twice
    expect(formatQuoteTime('us', utc('2026-11-01T05:59:00Z'))).toBe('11-01 01:59')
    expect(formatQuoteTime('us', utc('2026-11-01T06:00:00Z'))).toBe('11-01 01:00')
    // Hong Kong keeps its clock on both days
    expect(formatQuoteTime('hk', utc('2026-03-08T07:00:00Z'))).toBe('03-08 15:00')
    expect(formatQuoteTime('hk', utc('2026-11-01T06:00:00Z'))).toBe('11-01 14:00')
  })
  it('Hong Kong: any instant 1980–2100 is UTC+8', () => {
    fc.assert(fc.property(fc.integer({ min: Y1980, max: Y2100 }), (t) => {
      expect(formatQuoteTime('hk', t)).toBe(wall(t, 8 * 3600))
    }), { numRuns: 2000 })
  })
  it('New York: any instant 2007–2100 is UTC−4 in daylight-saving time and UTC−5 outside it', () => {
    fc.assert(fc.property(fc.integer({ min: Y2007, max: Y2100 }), (t) => {
      expect(formatQuoteTime('us', t)).toBe(wall(t, newYorkOffsetSeconds(t)))
    }), { numRuns: 2000 })
  })
  it('New York: the hours around every change of clocks 2007–2100', () => {
    // instants within 3 h of a transition, where a hand offset taken at the wrong moment goes wrong
    const near = fc.integer({ min: 2007, max: 2100 }).chain((year) => {
      const secondSundayMarch = utc(`${year}-03-01T07:00:00Z`) + (((7 - new Date(Date.UTC(year, 2, 1)).getUTCDay()) % 7) + 7) * 86400
      const firstSundayNovember = utc(`${year}-11-01T06:00:00Z`) + ((7 - new Date(Date.UTC(year, 10, 1)).getUTCDay()) % 7) * 86400
      return fc.tuple(fc.constantFrom(secondSundayMarch, firstSundayNovember), fc.integer({ min: -3 * 3600, max: 3 * 3600 }))
    })
    fc.assert(fc.property(near, ([change, d]) => {
      expect(formatQuoteTime('us', change + d)).toBe(wall(change + d, newYorkOffsetSeconds(change + d)))
    }), { numRuns: 1000 })
  })
  it('shows whole minutes, and nothing for no time', () => {
    fc.assert(fc.property(fc.integer({ min: Y1980, max: Y2100 }), fc.constantFrom('hk' as const, 'us' as const), (t, m) => {
      expect(formatQuoteTime(m, t)).toBe(formatQuoteTime(m, t - (((t % 60) + 60) % 60)))
      expect(formatQuoteTime(m, t)).toMatch(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/)
    }))
    for (const bad of [NaN, Infinity, -Infinity, 1e20]) expect(formatQuoteTime('us', bad)).toBe('--')
  })
})
