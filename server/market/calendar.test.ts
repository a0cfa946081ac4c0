// The kept calendar data (date-holidays, nyse-holidays) under the exchanges' rules: the published 2026
// and 2027 calendars exactly, NYSE's rules over 2000–2100, and Hong Kong's general holidays on sampled
// years of the century (a Hong Kong year costs date-holidays ~80 ms of astronomy; CALENDAR_CENTURY=1
// checks all of 2000–2099, ~9 s).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DAY_SECONDS } from '../../core/market/sessions'
import { createTradingCalendar, type DatedHoliday, type HalfDayKey } from '../../core/market/trading-calendar'
import { easterSunday } from '../../core/market/nyse-rules'
import { getHolidays as nyseHolidaysOf } from 'nyse-holidays'
import { NYSE_SPECIAL_CLOSURES, keptHolidayData, resolveClashes } from './calendar'

const data = keptHolidayData()
const cal = createTradingCalendar(data)
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000
const iso = (d: number) => new Date(d * 1000).toISOString().slice(0, 10)
const plus = (date: string, n: number) => iso(day(date) + n * DAY_SECONDS)

/** Weekdays the market is closed, and its half days, in a year. */
function yearOf(market: 'hk' | 'us', year: number) {
  const closed: string[] = []
  const half: [string, HalfDayKey][] = []
  for (let d = day(`${year}-01-01`); d <= day(`${year}-12-31`); d += DAY_SECONDS) {
    const info = cal.dayInfo(market, d)
    const wd = new Date(d * 1000).getUTCDay()
    if (!info.trading && wd !== 0 && wd !== 6) closed.push(`${iso(d)} ${info.holiday}`)
    if (info.halfDay) half.push([iso(d), info.halfDay])
  }
  return { closed, half }
}

describe('HKEX, published calendars', () => {
  it('2026: Tuen Ng (19 June) included; half days on the eves of Lunar New Year, Christmas and New Year', () => {
    expect(yearOf('hk', 2026)).toEqual({
      closed: [
        '2026-01-01 newYear', '2026-02-17 lunarNewYear', '2026-02-18 lunarNewYear', '2026-02-19 lunarNewYear',
        '2026-04-03 goodFriday', '2026-04-06 chingMing', '2026-04-07 easterMonday', '2026-05-01 labourDay',
        '2026-05-25 buddhasBirthday', '2026-06-19 tuenNg', '2026-07-01 sarEstablishment', '2026-10-01 nationalDay',
        '2026-10-19 chungYeung', '2026-12-25 christmas',
      ],
      half: [['2026-02-16', 'lunarNewYearsEve'], ['2026-12-24', 'christmasEve'], ['2026-12-31', 'newYearsEve']],
    })
  })
  it('2027: Lunar New Year from Saturday 6 February (trading resumes Wednesday 10th), the eve a half day', () => {
    expect(yearOf('hk', 2027)).toEqual({
      closed: [
        '2027-01-01 newYear', '2027-02-08 lunarNewYear', '2027-02-09 lunarNewYear', '2027-03-26 goodFriday',
        '2027-03-29 easterMonday', '2027-04-05 chingMing', '2027-05-13 buddhasBirthday', '2027-06-09 tuenNg',
        '2027-07-01 sarEstablishment', '2027-09-16 midAutumn', '2027-10-01 nationalDay', '2027-10-08 chungYeung',
        '2027-12-27 boxingDay',
      ],
      half: [['2027-02-05', 'lunarNewYearsEve'], ['2027-12-24', 'christmasEve'], ['2027-12-31', 'newYearsEve']],
    })
    expect(cal.nextTradingDay('hk', day('2027-02-05'))).toBe(day('2027-02-10'))
  })
  it('two holidays on one day give the next free day (as gazetted in 2010, 2012, 2015; date-holidays lists only 2021 and 2026)', () => {
    expect(data.hongKong(2010).map((h) => h.date)).toContain('2010-04-06')
    expect(data.hongKong(2012).map((h) => h.date)).toContain('2012-10-02')
    expect(resolveClashes([{ date: '2037-04-04', key: 'goodFriday' }, { date: '2037-04-04', key: 'chingMing' }, { date: '2037-04-06', key: 'easterMonday' }]))
      .toEqual([{ date: '2037-04-04', key: 'goodFriday' }, { date: '2037-04-06', key: 'easterMonday' }, { date: '2037-04-07', key: 'chingMing' }])
  })
})

/** Lunar New Year's Day (HK Observatory), some years of the century. */
const LUNAR_NEW_YEAR: Record<number, string> = {
  2000: '2000-02-05', 2010: '2010-02-14', 2020: '2020-01-25', 2028: '2028-01-26', 2030: '2030-02-03',
  2033: '2033-01-31', 2040: '2040-02-12', 2050: '2050-01-23',
}

/** What holds for Hong Kong's general holidays every year; returns what is wrong. */
function hongKongYearFaults(year: number): string[] {
  const list: readonly DatedHoliday[] = data.hongKong(year)
  const faults: string[] = []
  const dates = list.map((h) => h.date)
  if (new Set(dates).size !== 17) faults.push(`${new Set(dates).size} distinct general holidays, not 17`)
  if (dates.some((d) => !d.startsWith(`${year}-`))) faults.push('a date outside the year')
  if (dates.some((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0)) faults.push('a holiday on a Sunday')
  if (list.some((h) => h.key === 'publicHoliday')) faults.push('an unnamed holiday')
  const count = (k: DatedHoliday['key']) => list.filter((h) => h.key === k).length
  for (const [k, n] of [['lunarNewYear', 3], ['goodFriday', 2], ['easterMonday', 1], ['christmas', 1]] as const) {
    if (count(k) !== n && !(k === 'christmas' && count('boxingDay') === 2)) faults.push(`${count(k)} × ${k}`)
  }
  const lunar = list.filter((h) => h.key === 'lunarNewYear').map((h) => h.date).sort()
  if (!(lunar[0]! >= `${year}-01-21` && lunar[0]! <= `${year}-02-21`)) faults.push(`Lunar New Year on ${lunar[0]}`)
  const known = LUNAR_NEW_YEAR[year]
  if (known) {
    const firstOff = new Date(`${known}T00:00:00Z`).getUTCDay() === 0 ? plus(known, 1) : known
    if (lunar[0] !== firstOff) faults.push(`Lunar New Year ${lunar[0]}, HKO says ${known}`)
  }
  const easter = easterSunday(year)
  if (!dates.includes(plus(easter, -2))) faults.push('Good Friday is not Easter − 2')
  const chingMing = list.find((h) => h.key === 'chingMing')?.date ?? ''
  if (!(chingMing >= `${year}-04-04` && chingMing <= `${year}-04-08`)) faults.push(`Ching Ming on ${chingMing}`)
  return faults
}

describe('Hong Kong general holidays over the century', () => {
  it('the years with known Lunar New Years and clashes', () => {
    for (const y of [2010, 2033, 2050]) expect(hongKongYearFaults(y), String(y)).toEqual([])
  })
  it('sampled years of 2000–2099: 17 general holidays, lunar ones in season, none on a Sunday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2099 }), (y) => {
        expect(hongKongYearFaults(y), String(y)).toEqual([])
      }),
      { numRuns: 3 },
    )
  })
  it.runIf(process.env.CALENDAR_CENTURY === '1')('every year of 2000–2099', () => {
    const faults = Array.from({ length: 100 }, (_, i) => 2000 + i).flatMap((y) => hongKongYearFaults(y).map((f) => `${y}: ${f}`))
    expect(faults).toEqual([])
  }, 120_000)
})

describe('NYSE', () => {
  it('2026 and 2027 as NYSE publishes them, early closes included', () => {
    expect(yearOf('us', 2026)).toEqual({
      closed: [
        '2026-01-01 newYear', '2026-01-19 mlkDay', '2026-02-16 presidentsDay', '2026-04-03 goodFriday', '2026-05-25 memorialDay',
        '2026-06-19 juneteenth', '2026-07-03 independenceDay', '2026-09-07 labourDay', '2026-11-26 thanksgiving', '2026-12-25 christmas',
      ],
      half: [['2026-11-27', 'dayAfterThanksgiving'], ['2026-12-24', 'christmasEve']],
    })
    expect(yearOf('us', 2027)).toEqual({
      closed: [
        '2027-01-01 newYear', '2027-01-18 mlkDay', '2027-02-15 presidentsDay', '2027-03-26 goodFriday', '2027-05-31 memorialDay',
        '2027-06-18 juneteenth', '2027-07-05 independenceDay', '2027-09-06 labourDay', '2027-11-25 thanksgiving', '2027-12-24 christmas',
      ],
      half: [['2027-11-26', 'dayAfterThanksgiving']],
    })
  })
  it('our NYSE rules agree with nyse-holidays on every year of 2000–2100; Good Friday is Easter − 2', () => {
    const wrong: string[] = []
    for (let y = 2000; y <= 2100; y++) {
      const got = data.nyse(y).filter((h) => !NYSE_SPECIAL_CLOSURES.includes(h)).map((h) => h.date)
      const want = nyseHolidaysOf(y).map((h) => h.dateString).filter((d) => d.startsWith(`${y}-`))
      if (got.join() !== want.join()) wrong.push(`${y}: ${got.join()} ≠ nyse-holidays ${want.join()}`)
      if (!data.nyse(y).some((h) => h.key === 'goodFriday' && h.date === plus(easterSunday(y), -2))) wrong.push(`${y}: Good Friday`)
      const weekdays = got.filter((h) => ![0, 6].includes(new Date(`${h}T00:00:00Z`).getUTCDay()))
      if (weekdays.length !== got.length || got.length < (y >= 2022 ? 9 : 8) || got.length > (y >= 2022 ? 10 : 9)) wrong.push(`${y}: ${got.length} holidays`)
    }
    expect(wrong).toEqual([])
  })
  it('why the rules are ours: once exceljs (group import) extends dayjs, nyse-holidays loses Thanksgiving and the rest; our calendar does not', async () => {
    await import('exceljs')
    expect(nyseHolidaysOf(2026).map((h) => h.dateString)).not.toContain('2026-11-26')
    expect(createTradingCalendar(keptHolidayData()).dayInfo('us', day('2026-11-26'))).toEqual({ trading: false, holiday: 'thanksgiving' })
  })
  it('one-off closures of the past are closed days', () => {
    expect(cal.dayInfo('us', day('2025-01-09'))).toEqual({ trading: false, holiday: 'mourning' })
    expect(cal.dayInfo('us', day('2012-10-30'))).toEqual({ trading: false, holiday: 'specialClosure' })
  })
})
