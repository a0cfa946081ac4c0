import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DAY_SECONDS, dayOffsetSeconds, localDay, sessionSeconds, type MarketId } from './sessions'
import { HALF_DAY_CLOSE, createTradingCalendar, type DatedHoliday } from './trading-calendar'
import { fixtureHolidayData } from './calendar-fixture'

const at = (iso: string) => Date.parse(iso) / 1000
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000
// Lunar New Year holidays as gazetted (date-holidays computes them in production): 2026 days 1–3;
// 2027 day 1 on a Saturday, day 2 on a Sunday so day 4 instead; 2023 day 1 on a Sunday, days 2–4
const lunar: DatedHoliday[] = ['2026-02-17', '2026-02-18', '2026-02-19', '2027-02-06', '2027-02-08', '2027-02-09', '2023-01-23', '2023-01-24', '2023-01-25']
  .map((date) => ({ date, key: 'lunarNewYear' }))
const cal = createTradingCalendar(fixtureHolidayData(lunar))

describe('NYSE', () => {
  it('Thanksgiving 2026 is closed and says why; the day after closes at 13:00 New York time', () => {
    expect(cal.statusAt('us', at('2026-11-26T15:00:00Z'))).toEqual({ status: 'closed', trading: false, holiday: 'thanksgiving' })
    expect(cal.sessionsOf('us', day('2026-11-27'))).toEqual([[at('2026-11-27T14:30:00Z'), at('2026-11-27T18:00:00Z')]])
    expect(cal.statusAt('us', at('2026-11-27T17:59:59Z'))).toMatchObject({ status: 'trading', halfDay: 'dayAfterThanksgiving' })
    expect(cal.marketStatus('us', at('2026-11-27T18:00:00Z'))).toBe('afterHours') // 13:00–17:00 after an early close
    expect(cal.marketStatus('us', at('2026-11-27T22:00:00Z'))).toBe('closed')
    expect(cal.daySeconds('us', day('2026-11-27'))).toBe(3.5 * 3600)
  })
  it('pre-market 04:00–09:30 and after-hours 16:00–20:00 New York time on trading days only', () => {
    expect(cal.marketStatus('us', at('2026-11-24T08:59:59Z'))).toBe('preOpen') // 03:59 EST
    expect(cal.marketStatus('us', at('2026-11-24T09:00:00Z'))).toBe('preMarket')
    expect(cal.marketStatus('us', at('2026-11-24T14:30:00Z'))).toBe('trading')
    expect(cal.marketStatus('us', at('2026-11-24T21:00:00Z'))).toBe('afterHours')
    expect(cal.marketStatus('us', at('2026-11-25T00:59:59Z'))).toBe('afterHours')
    expect(cal.marketStatus('us', at('2026-11-25T01:00:00Z'))).toBe('closed')
    expect(cal.marketStatus('us', at('2026-11-26T10:00:00Z'))).toBe('closed') // 05:00 on Thanksgiving: no pre-market
    expect(cal.marketStatus('us', at('2026-11-28T15:00:00Z'))).toBe('closed') // Saturday
  })
  it('early closes only on trading days: Christmas Eve 2026, 3 July 2026 is the observed Independence Day', () => {
    expect(cal.dayInfo('us', day('2026-12-24'))).toEqual({ trading: true, halfDay: 'christmasEve' })
    expect(cal.dayInfo('us', day('2026-07-03'))).toEqual({ trading: false, holiday: 'independenceDay' })
    expect(cal.dayInfo('us', day('2026-07-02'))).toEqual({ trading: true })
    expect(cal.dayInfo('us', day('2025-07-03'))).toEqual({ trading: true, halfDay: 'independenceDayEve' })
    expect(cal.dayInfo('us', day('2023-12-22'))).toEqual({ trading: true }) // Christmas on a Monday: no early close
    expect(cal.dayInfo('us', day('2021-12-31'))).toEqual({ trading: true }) // New Year 2022 on a Saturday: not observed
  })
})

describe('HKEX', () => {
  it('a 2027 holiday is closed with its name', () => {
    expect(cal.statusAt('hk', at('2027-03-29T03:00:00Z'))).toEqual({ status: 'closed', trading: false, holiday: 'easterMonday' })
    expect(cal.statusAt('hk', at('2027-02-08T03:00:00Z'))).toEqual({ status: 'closed', trading: false, holiday: 'lunarNewYear' })
    expect(cal.nextTradingDay('hk', day('2027-02-05'))).toBe(day('2027-02-10'))
  })
  it('half days: the eves of Lunar New Year, Christmas and New Year trade the morning only, closing 12:00', () => {
    expect(cal.dayInfo('hk', day('2027-02-05'))).toEqual({ trading: true, halfDay: 'lunarNewYearsEve' })
    expect(cal.dayInfo('hk', day('2026-02-16'))).toEqual({ trading: true, halfDay: 'lunarNewYearsEve' })
    expect(cal.dayInfo('hk', day('2026-12-24'))).toEqual({ trading: true, halfDay: 'christmasEve' })
    expect(cal.dayInfo('hk', day('2026-12-31'))).toEqual({ trading: true, halfDay: 'newYearsEve' })
    expect(cal.sessionsOf('hk', day('2026-12-24'))).toEqual([[at('2026-12-24T01:30:00Z'), at('2026-12-24T04:00:00Z')]])
    expect(cal.statusAt('hk', at('2026-12-24T03:59:59Z'))).toMatchObject({ status: 'trading', halfDay: 'christmasEve' })
    expect(cal.statusAt('hk', at('2026-12-24T06:00:00Z'))).toMatchObject({ status: 'closed', halfDay: 'christmasEve' })
    expect(HALF_DAY_CLOSE.hk).toBe(12 * 60)
  })
  it('no half day when the eve is a weekend: Lunar New Year 2023 began on a Sunday, Christmas Eve 2028 is a Sunday', () => {
    expect(cal.dayInfo('hk', day('2023-01-20'))).toEqual({ trading: true })
    expect(cal.dayInfo('hk', day('2023-01-22'))).toEqual({ trading: false })
    expect(cal.dayInfo('hk', day('2028-12-22'))).toEqual({ trading: true })
  })
  it('lunch break 12:00–13:00 on a full day', () => {
    expect(cal.marketStatus('hk', at('2026-11-26T04:30:00Z'))).toBe('lunchBreak')
    expect(cal.marketStatus('hk', at('2026-11-26T01:00:00Z'))).toBe('preOpen')
    expect(cal.marketStatus('hk', at('2026-11-26T08:00:00Z'))).toBe('closed')
  })
})

describe('laws over a century (2000–2099)', () => {
  const markets: MarketId[] = ['hk', 'us']
  const first = day('2000-01-01')
  const last = day('2099-12-31')

  it('every day: weekends never trade; sessions lie in order inside the local day; a day is full, half or closed; the next trading day is within 10 days', () => {
    // plain checks collected, one expect at the end: 73,000 days in well under a second
    const wrong: string[] = []
    for (const m of markets) {
      const half = HALF_DAY_CLOSE[m] * 60 - 9.5 * 3600
      let lastTrading = first
      for (let d = first; d <= last; d += DAY_SECONDS) {
        const say = (what: string) => wrong.push(`${m} ${new Date(d * 1000).toISOString().slice(0, 10)}: ${what}`)
        const wd = (d / DAY_SECONDS + 4) % 7 // 1 January 1970 was a Thursday
        const info = cal.dayInfo(m, d)
        if ((wd === 0 || wd === 6) && info.trading) say('a weekend trades')
        if (info.halfDay && !info.trading) say('a closed half day')
        const sessions = cal.sessionsOf(m, d)
        let prevEnd = -Infinity
        let secs = 0
        for (const [a, b] of sessions) {
          secs += b - a
          if (!(a < b && a >= prevEnd)) say('sessions out of order')
          prevEnd = b
        }
        if (sessions.length && (localDay(m, sessions[0]![0]) !== d || localDay(m, prevEnd - 1) !== d)) say('a session outside its day')
        if (secs !== (info.trading ? (info.halfDay ? half : sessionSeconds(m)) : 0)) say(`${secs} s of trading`)
        if (info.trading) lastTrading = d
        else if (d - lastTrading >= 10 * DAY_SECONDS) say('no trading day within 10 days')
      }
    }
    expect(wrong).toEqual([])
  })

  it('NYSE: three early closes a year at most, never on a holiday; the day after Thanksgiving always closes early', () => {
    for (let y = 2000; y <= 2099; y++) {
      const halves = [`${y}-07-03`, `${y}-12-24`].filter((iso) => cal.dayInfo('us', day(iso)).halfDay)
      const thanksgiving = [22, 23, 24, 25, 26, 27, 28].map((n) => `${y}-11-${n}`).find((iso) => cal.dayInfo('us', day(iso)).holiday === 'thanksgiving')
      expect(thanksgiving).toBeDefined()
      expect(cal.dayInfo('us', day(thanksgiving!) + DAY_SECONDS).halfDay).toBe('dayAfterThanksgiving')
      expect(halves.length).toBeLessThanOrEqual(2)
    }
  })

  const instant = fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2099-12-30T00:00:00Z') })
  const market = fc.constantFrom<MarketId>('hk', 'us')

  it('the status agrees with the sessions, and a closed weekday names its holiday', () => {
    fc.assert(
      fc.property(market, instant, (m, t) => {
        const s = cal.statusAt(m, t)
        expect(s.status === 'trading').toBe(cal.isOpen(m, t))
        const d = localDay(m, t)
        const wd = new Date(d * 1000).getUTCDay()
        if (!cal.isTradingDay(m, d)) expect(s.status).toBe('closed')
        if (!cal.isTradingDay(m, d) && wd !== 0 && wd !== 6) expect(s.holiday).toBeDefined()
        if (m === 'hk') expect(['preMarket', 'afterHours']).not.toContain(s.status)
      }),
      { numRuns: 1000 },
    )
  })
  it('elapsed trading seconds grow only while open; instantAt inverts them inside sessions', () => {
    fc.assert(
      fc.property(market, instant, fc.integer({ min: 1, max: 600 }), (m, t, dt) => {
        const d = cal.currentTradingDay(m, t)
        expect(cal.isTradingDay(m, d)).toBe(true)
        expect(d).toBeLessThanOrEqual(localDay(m, t))
        const e0 = cal.elapsedTradingSeconds(m, d, t)
        const e1 = cal.elapsedTradingSeconds(m, d, t + dt)
        expect(e1).toBeGreaterThanOrEqual(e0)
        expect(e1).toBeLessThanOrEqual(cal.daySeconds(m, d))
        if (!cal.isOpen(m, t) && !cal.isOpen(m, t + dt) && cal.marketStatus(m, t) === cal.marketStatus(m, t + dt) && localDay(m, t) === localDay(m, t + dt)) expect(e1).toBe(e0)
        if (cal.isOpen(m, t)) expect(cal.instantAt(m, localDay(m, t), cal.elapsedTradingSeconds(m, localDay(m, t), t))).toBe(t)
      }),
      { numRuns: 1000 },
    )
  })
  it('within a day the statuses come in order: before the open, sessions and breaks, after the close', () => {
    const rank = { preOpen: 0, preMarket: 1, trading: 2, lunchBreak: 2, afterHours: 3, closed: 4 } as const
    fc.assert(
      fc.property(market, fc.integer({ min: first / DAY_SECONDS, max: last / DAY_SECONDS }), (m, n) => {
        const d = n * DAY_SECONDS
        const midnight = d - dayOffsetSeconds(m, d)
        let prev = -1
        for (let minute = 0; minute < 24 * 60; minute += 20) {
          const r = rank[cal.marketStatus(m, midnight + minute * 60)]
          if (cal.isTradingDay(m, d)) expect(r).toBeGreaterThanOrEqual(prev)
          else expect(r).toBe(4)
          prev = r
        }
      }),
      { numRuns: 100 },
    )
  })
})
