// An independent encoding of exchange holiday rules, for tests only: the oracle server/market/calendar.ts's
// libraries are checked against over a century, and a fake HolidayData port for core's tests. Production
// reads kept data (date-holidays, nyse-holidays) through the port instead.
import type { DatedHoliday, HolidayData, HolidayKey } from './trading-calendar'

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
 * Juneteenth from 2022. One-off closures (mourning, emergencies) are not rules and are not here.
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

/**
 * A Hong Kong stand-in for core's tests: the general holidays that need no lunar calendar (1 January,
 * Easter, Labour Day, SAR Day, National Day, Christmas), a Sunday one moved to the Monday, plus the
 * lunar dates a test passes in. The real ones, lunar holidays computed, come from date-holidays.
 */
export function fakeHongKong(year: number, lunar: readonly DatedHoliday[] = []): DatedHoliday[] {
  const easter = new Date(`${easterSunday(year)}T00:00:00Z`)
  const sundayToMonday = (x: Date) => (x.getUTCDay() === 0 ? plus(x, 1) : x)
  const fixed: [Date, HolidayKey][] = [
    [sundayToMonday(utc(year, 1, 1)), 'newYear'],
    [plus(easter, -2), 'goodFriday'],
    [plus(easter, -1), 'goodFriday'],
    [plus(easter, 1), 'easterMonday'],
    [sundayToMonday(utc(year, 5, 1)), 'labourDay'],
    [sundayToMonday(utc(year, 7, 1)), 'sarEstablishment'],
    [sundayToMonday(utc(year, 10, 1)), 'nationalDay'],
    [utc(year, 12, 25).getUTCDay() === 0 ? utc(year, 12, 27) : utc(year, 12, 25), 'christmas'],
    [utc(year, 12, 26).getUTCDay() === 0 ? utc(year, 12, 27) : utc(year, 12, 26), 'boxingDay'],
  ]
  return [...fixed.map(([d, key]) => ({ date: iso(d), key })), ...lunar.filter((h) => h.date.startsWith(String(year)))]
}

/** A HolidayData port from the rules above, with extra lunar (or any) Hong Kong dates. */
export function oracleHolidayData(hongKongExtra: readonly DatedHoliday[] = []): HolidayData {
  return { hongKong: (year) => fakeHongKong(year, hongKongExtra), nyse: nyseRuleHolidays }
}
