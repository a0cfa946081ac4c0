// NYSE's holidays by its published rules (NYSE Rule 7.2; NYSE's holiday calendar), a small fixed rule
// set encoded here rather than read from nyse-holidays: that package builds its dates with dayjs's
// global instance, and exceljs (our group import) extends that instance with customParseFormat, after
// which nyse-holidays answers Invalid Date for every holiday but Christmas (server/market/calendar.test.ts
// shows it). nyse-holidays stays as the test oracle: the two agree on every year of 2000–2100.
import type { DatedHoliday, HolidayKey } from './trading-calendar'

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d))
const iso = (x: Date) => x.toISOString().slice(0, 10)
const plus = (x: Date, days: number) => new Date(x.getTime() + days * 86_400_000)
/** The n-th weekday `wd` (0 = Sunday) of a month. */
const nth = (y: number, m: number, wd: number, n: number) => {
  const first = utc(y, m, 1)
  return plus(first, ((wd - first.getUTCDay() + 7) % 7) + 7 * (n - 1))
}
const lastOf = (y: number, m: number, wd: number) => {
  const last = utc(y, m + 1, 0)
  return plus(last, -((last.getUTCDay() - wd + 7) % 7))
}

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return iso(utc(year, month, day))
}

/**
 * NYSE's published holiday rules (Rule 7.2): a Saturday holiday is observed the Friday before, a Sunday
 * one the Monday after — except New Year's Day: a Saturday 1 January is not observed on 31 December.
 * Juneteenth from 2022. One-off closures (mourning, emergencies) are not rules: server/market/calendar.ts
 * keeps the past ones.
 */
export function nyseRuleHolidays(year: number): DatedHoliday[] {
  const observed = (x: Date, newYear = false): Date | null =>
    x.getUTCDay() === 0 ? plus(x, 1) : x.getUTCDay() === 6 ? (newYear ? null : plus(x, -1)) : x
  const easter = new Date(`${easterSunday(year)}T00:00:00Z`)
  const rules: [Date | null, HolidayKey][] = [
    [observed(utc(year, 1, 1), true), 'newYear'],
    [nth(year, 1, 1, 3), 'mlkDay'],
    [nth(year, 2, 1, 3), 'presidentsDay'],
    [plus(easter, -2), 'goodFriday'],
    [lastOf(year, 5, 1), 'memorialDay'],
    [year >= 2022 ? observed(utc(year, 6, 19)) : null, 'juneteenth'],
    [observed(utc(year, 7, 4)), 'independenceDay'],
    [nth(year, 9, 1, 1), 'labourDay'],
    [nth(year, 11, 4, 4), 'thanksgiving'],
    [observed(utc(year, 12, 25)), 'christmas'],
  ]
  return rules.flatMap(([d, key]) => (d ? [{ date: iso(d), key }] : []))
}
