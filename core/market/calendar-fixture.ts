// A HolidayData port for core's tests (no lunar calendar here): NYSE by its rules, and a Hong Kong
// stand-in. Production reads Hong Kong's general holidays from date-holidays (server/market/calendar.ts).
import type { DatedHoliday, HolidayData, HolidayKey } from './trading-calendar'
import { easterSunday, nyseRuleHolidays } from './nyse-rules'

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d))
const iso = (x: Date) => x.toISOString().slice(0, 10)
const plus = (x: Date, days: number) => new Date(x.getTime() + days * 86_400_000)

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
export function fixtureHolidayData(hongKongExtra: readonly DatedHoliday[] = []): HolidayData {
  return { hongKong: (year) => fakeHongKong(year, hongKongExtra), nyse: nyseRuleHolidays }
}
