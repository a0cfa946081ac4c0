// The market calendar's data port (core/market/trading-calendar.ts HolidayData) from kept data, and the
// one calendar the server uses (issue 24: no hand list that runs out):
// - Hong Kong's general holidays from date-holidays (its HK rules follow the gazette; the lunar ones and
//   Ching Ming are computed with date-chinese and astronomia), plus the General Holidays Ordinance's
//   clash rule, which date-holidays lists by hand only for 2021 and 2026: when two general holidays fall
//   on one day, the next day that is neither a Sunday nor a general holiday is one (2010, 2012 and 2015
//   were gazetted so; 2037, 2042, 2050, … follow from the same rule).
// - NYSE's holidays by its published rules (core/market/nyse-rules.ts: nyse-holidays breaks in this
//   process once exceljs has extended dayjs, so it is the test oracle instead), plus NYSE's one-off
//   closures of the past, which no rule predicts.
// Computing a Hong Kong year takes date-holidays about 80 ms (the lunar calendar's astronomy), so each
// year is computed once, when first asked, and kept.
import { createRequire } from 'node:module'
import type HolidaysType from 'date-holidays'
import { createTradingCalendar, type DatedHoliday, type HolidayData, type HolidayKey } from '../../core/market/trading-calendar'
import { nyseRuleHolidays } from '../../core/market/nyse-rules'

/** date-holidays' English names (HK data, substitute days included) → our keys. */
const HK_NAMES: [RegExp, HolidayKey][] = [
  [/first day of January/, 'newYear'],
  [/Lunar New Year/, 'lunarNewYear'],
  [/Ching Ming/, 'chingMing'],
  [/Good Friday/, 'goodFriday'],
  [/Easter Monday/, 'easterMonday'],
  [/Labour Day/, 'labourDay'],
  [/Buddha/, 'buddhasBirthday'],
  [/Tuen Ng/, 'tuenNg'],
  [/Special Administrative Region/, 'sarEstablishment'],
  [/Mid-Autumn/, 'midAutumn'],
  [/National Day/, 'nationalDay'],
  [/Chung Yeung/, 'chungYeung'],
  [/^Christmas Day$/, 'christmas'],
  [/after Christmas/, 'boxingDay'],
]

/**
 * NYSE's unscheduled full-day closures since 2000 (NYSE's own history of closings): national days of
 * mourning for former presidents, and emergencies. Past events, not a list of future dates.
 */
export const NYSE_SPECIAL_CLOSURES: readonly DatedHoliday[] = [
  { date: '2001-09-11', key: 'specialClosure' }, // the attacks of 11 September, closed to the 14th
  { date: '2001-09-12', key: 'specialClosure' },
  { date: '2001-09-13', key: 'specialClosure' },
  { date: '2001-09-14', key: 'specialClosure' },
  { date: '2004-06-11', key: 'mourning' }, // Ronald Reagan
  { date: '2007-01-02', key: 'mourning' }, // Gerald Ford
  { date: '2012-10-29', key: 'specialClosure' }, // Hurricane Sandy
  { date: '2012-10-30', key: 'specialClosure' },
  { date: '2018-12-05', key: 'mourning' }, // George H. W. Bush
  { date: '2025-01-09', key: 'mourning' }, // Jimmy Carter
]

const isoPlus = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const isSunday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0

/** The ordinance's clash rule over a year's list: a second holiday on a taken day moves to the next free weekday-or-Saturday. */
export function resolveClashes(list: readonly DatedHoliday[]): DatedHoliday[] {
  const taken = new Set<string>()
  const out: DatedHoliday[] = []
  const clashed: DatedHoliday[] = []
  for (const h of list) {
    if (taken.has(h.date)) clashed.push(h)
    else {
      taken.add(h.date)
      out.push(h)
    }
  }
  for (const h of clashed) {
    let d = isoPlus(h.date, 1)
    while (taken.has(d) || isSunday(d)) d = isoPlus(d, 1)
    taken.add(d)
    out.push({ date: d, key: h.key })
  }
  return out.sort((a, b) => a.date.localeCompare(b.date))
}

/**
 * date-holidays takes ~1.4 s to import (every country's data, moment-timezone, astronomia): it is
 * required when the first Hong Kong year is asked, not when this module loads, so a process (or a test
 * file) that never asks the calendar does not pay for it. Its CommonJS build keeps the call synchronous.
 */
const requireHere = createRequire(import.meta.url)
let hongKongHolidays: HolidaysType | null = null
const hongKong = (): HolidaysType => {
  if (!hongKongHolidays) {
    const Holidays = requireHere('date-holidays') as typeof HolidaysType
    hongKongHolidays = new Holidays('HK', { types: ['public'] })
  }
  return hongKongHolidays
}

export function keptHolidayData(): HolidayData {
  const cache = new Map<string, readonly DatedHoliday[]>()
  const memo = (key: string, make: () => readonly DatedHoliday[]) => {
    let hit = cache.get(key)
    if (!hit) cache.set(key, (hit = make()))
    return hit
  }
  return {
    hongKong: (year) =>
      memo(`hk:${year}`, () =>
        resolveClashes(
          hongKong().getHolidays(year, 'en').map((h) => ({
            date: h.date.slice(0, 10),
            key: HK_NAMES.find(([re]) => re.test(h.name))?.[1] ?? 'publicHoliday',
          })),
        ),
      ),
    nyse: (year) => memo(`us:${year}`, () => [...nyseRuleHolidays(year), ...NYSE_SPECIAL_CLOSURES.filter((h) => h.date.startsWith(`${year}-`))]),
  }
}

/** The server's market calendar: HKEX and NYSE from kept data. */
export const marketCalendar = createTradingCalendar(keptHolidayData())
