import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DAY_SECONDS, dayOffsetSeconds, elapsedIn, localDay, newYorkOffsetSeconds, regularSessionsOf, sessionSeconds } from './sessions'

const at = (iso: string) => Date.parse(iso) / 1000
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000

describe('HK hours', () => {
  it('09:30–12:00 and 13:00–16:00 HKT with a lunch break', () => {
    expect(regularSessionsOf('hk', day('2025-11-14'))).toEqual([
      [at('2025-11-14T01:30:00Z'), at('2025-11-14T04:00:00Z')],
      [at('2025-11-14T05:00:00Z'), at('2025-11-14T08:00:00Z')],
    ])
    expect(sessionSeconds('hk')).toBe(5.5 * 3600)
  })
})

describe('US hours (New York time, DST-aware)', () => {
  it('09:30–16:00 EDT in summer, EST in winter', () => {
    expect(regularSessionsOf('us', day('2025-07-15'))).toEqual([[at('2025-07-15T13:30:00Z'), at('2025-07-15T20:00:00Z')]])
    expect(regularSessionsOf('us', day('2025-11-14'))).toEqual([[at('2025-11-14T14:30:00Z'), at('2025-11-14T21:00:00Z')]])
  })
  it('switches on the second Sunday of March and the first Sunday of November', () => {
    expect(newYorkOffsetSeconds(at('2025-03-09T06:59:59Z'))).toBe(-5 * 3600)
    expect(newYorkOffsetSeconds(at('2025-03-09T07:00:00Z'))).toBe(-4 * 3600)
    expect(newYorkOffsetSeconds(at('2025-11-02T05:59:59Z'))).toBe(-4 * 3600)
    expect(newYorkOffsetSeconds(at('2025-11-02T06:00:00Z'))).toBe(-5 * 3600)
    expect(dayOffsetSeconds('us', day('2025-03-10'))).toBe(-4 * 3600)
  })
  it('a US evening in Asia is still the previous New York date', () => {
    expect(localDay('us', at('2025-11-15T02:00:00Z'))).toBe(day('2025-11-14'))
  })
})

describe('laws', () => {
  it('elapsed seconds of a full day grow from 0 to the day\'s length', () => {
    fc.assert(
      fc.property(fc.constantFrom('hk' as const, 'us' as const), fc.integer({ min: 0, max: 36_500 }), fc.integer({ min: 0, max: DAY_SECONDS }), (m, n, s) => {
        const d = day('2000-01-01') + n * DAY_SECONDS
        const sessions = regularSessionsOf(m, d)
        const e = elapsedIn(sessions, d + s)
        expect(e).toBeGreaterThanOrEqual(0)
        expect(e).toBeLessThanOrEqual(sessionSeconds(m))
        expect(elapsedIn(sessions, d + 2 * DAY_SECONDS)).toBe(sessionSeconds(m))
      }),
    )
  })
})
