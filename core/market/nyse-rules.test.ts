import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { easterSunday, nyseRuleHolidays } from './nyse-rules'

const dates = (y: number) => nyseRuleHolidays(y).map((h) => `${h.date} ${h.key}`)

describe('NYSE rules', () => {
  it('2026 as NYSE publishes it', () => {
    expect(dates(2026)).toEqual([
      '2026-01-01 newYear', '2026-01-19 mlkDay', '2026-02-16 presidentsDay', '2026-04-03 goodFriday', '2026-05-25 memorialDay',
      '2026-06-19 juneteenth', '2026-07-03 independenceDay', '2026-09-07 labourDay', '2026-11-26 thanksgiving', '2026-12-25 christmas',
    ])
  })
  it('a Saturday New Year is not observed on the Friday before (2022); Juneteenth from 2022, a Sunday one on the Monday', () => {
    expect(dates(2021).some((d) => d.startsWith('2021-12-31'))).toBe(false)
    expect(dates(2022)[0]).toBe('2022-01-17 mlkDay')
    expect(dates(2021).some((d) => d.endsWith('juneteenth'))).toBe(false)
    expect(dates(2022)).toContain('2022-06-20 juneteenth')
    expect(dates(2027)).toContain('2027-06-18 juneteenth')
  })
  it('Easter on known dates', () => {
    expect(['2000', '2024', '2025', '2026', '2027', '2038', '2049'].map((y) => easterSunday(Number(y))))
      .toEqual(['2000-04-23', '2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25', '2049-04-18'])
  })
  it('every year: no holiday on a weekend, all inside the year, Easter on a Sunday between 22 March and 25 April', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2400 }), (y) => {
        const e = easterSunday(y)
        return (
          nyseRuleHolidays(y).every((h) => h.date.startsWith(`${y}-`) && ![0, 6].includes(new Date(`${h.date}T00:00:00Z`).getUTCDay())) &&
          new Date(`${e}T00:00:00Z`).getUTCDay() === 0 &&
          e >= `${y}-03-22` &&
          e <= `${y}-04-25`
        )
      }),
    )
  })
})
