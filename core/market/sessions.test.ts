import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  currentTradingDay, elapsedTradingSeconds, instantAt, isOpen, isTradingDay, localDay, marketStatus,
  newYorkOffsetSeconds, sessionSeconds, sessionsOf,
} from './sessions'

const at = (iso: string) => Date.parse(iso) / 1000
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000

describe('HK sessions', () => {
  it('09:30–12:00 and 13:00–16:00 HKT with a lunch break', () => {
    expect(sessionsOf('hk', day('2025-11-14'))).toEqual([
      [at('2025-11-14T01:30:00Z'), at('2025-11-14T04:00:00Z')],
      [at('2025-11-14T05:00:00Z'), at('2025-11-14T08:00:00Z')],
    ])
    expect(marketStatus('hk', at('2025-11-14T01:29:59Z'))).toBe('preOpen')
    expect(marketStatus('hk', at('2025-11-14T01:30:00Z'))).toBe('trading')
    expect(marketStatus('hk', at('2025-11-14T04:30:00Z'))).toBe('lunchBreak')
    expect(marketStatus('hk', at('2025-11-14T07:59:59Z'))).toBe('trading')
    expect(marketStatus('hk', at('2025-11-14T08:00:00Z'))).toBe('closed')
    expect(sessionSeconds('hk')).toBe(5.5 * 3600)
  })
  it('closed on weekends and holidays', () => {
    expect(sessionsOf('hk', day('2025-11-15'))).toEqual([]) // Saturday
    expect(isTradingDay('hk', day('2025-12-25'))).toBe(false)
    expect(isOpen('hk', at('2025-12-25T02:00:00Z'))).toBe(false)
    expect(marketStatus('hk', at('2025-11-16T03:00:00Z'))).toBe('closed')
  })
})

describe('US sessions (New York time, DST-aware)', () => {
  it('09:30–16:00 EDT in summer, EST in winter', () => {
    expect(sessionsOf('us', day('2025-07-15'))).toEqual([[at('2025-07-15T13:30:00Z'), at('2025-07-15T20:00:00Z')]])
    expect(sessionsOf('us', day('2025-11-14'))).toEqual([[at('2025-11-14T14:30:00Z'), at('2025-11-14T21:00:00Z')]])
  })
  it('switches on the second Sunday of March and the first Sunday of November', () => {
    expect(newYorkOffsetSeconds(at('2025-03-09T06:59:59Z'))).toBe(-5 * 3600)
    expect(newYorkOffsetSeconds(at('2025-03-09T07:00:00Z'))).toBe(-4 * 3600)
    expect(newYorkOffsetSeconds(at('2025-11-02T05:59:59Z'))).toBe(-4 * 3600)
    expect(newYorkOffsetSeconds(at('2025-11-02T06:00:00Z'))).toBe(-5 * 3600)
    expect(sessionsOf('us', day('2025-03-10'))[0]?.[0]).toBe(at('2025-03-10T13:30:00Z'))
  })
  it('a US evening in Asia is still the previous New York date', () => {
    expect(localDay('us', at('2025-11-15T02:00:00Z'))).toBe(day('2025-11-14'))
    expect(isOpen('us', at('2025-11-27T15:00:00Z'))).toBe(false) // Thanksgiving
  })
})

describe('laws', () => {
  const instant = fc.integer({ min: at('2025-01-01T00:00:00Z'), max: at('2026-12-31T00:00:00Z') })
  const market = fc.constantFrom('hk' as const, 'us' as const)
  it('elapsed trading seconds grow only while the market is open', () => {
    fc.assert(
      fc.property(market, instant, fc.integer({ min: 1, max: 600 }), (m, t, dt) => {
        const d = currentTradingDay(m, t)
        const e0 = elapsedTradingSeconds(m, d, t)
        const e1 = elapsedTradingSeconds(m, d, t + dt)
        expect(e1).toBeGreaterThanOrEqual(e0)
        expect(e1).toBeLessThanOrEqual(sessionSeconds(m))
        if (!isOpen(m, t) && !isOpen(m, t + dt) && marketStatus(m, t) === marketStatus(m, t + dt) && localDay(m, t) === localDay(m, t + dt)) {
          expect(e1).toBe(e0)
        }
      }),
    )
  })
  it('instantAt inverts elapsedTradingSeconds inside sessions', () => {
    fc.assert(
      fc.property(market, instant, (m, t) => {
        fc.pre(isOpen(m, t))
        const d = localDay(m, t)
        expect(instantAt(m, d, elapsedTradingSeconds(m, d, t))).toBe(t)
      }),
    )
  })
  it('the current trading day is a trading day on or before the local date', () => {
    fc.assert(
      fc.property(market, instant, (m, t) => {
        const d = currentTradingDay(m, t)
        expect(isTradingDay(m, d)).toBe(true)
        expect(d).toBeLessThanOrEqual(localDay(m, t))
      }),
    )
  })
})
