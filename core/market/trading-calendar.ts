// Which days HKEX and NYSE trade, their sessions, half days and US extended hours, and why a day is
// closed (issue 24). The holidays themselves are kept data behind a port (HolidayData): Hong Kong's
// general holidays with the lunar ones computed (date-holidays) and NYSE's holiday rules (nyse-holidays),
// supplied by server/market/calendar.ts. They stay out of core because core imports no package but
// xstate and effect (tests/import-rules.ts), and because they weigh megabytes (all countries' data,
// moment-timezone, astronomia's VSOP87 series) that the browser, which only renders the status the
// server sends, must not download. The exchanges' own rules are here:
// - HKEX does not trade on Hong Kong general holidays; on the eves of Christmas, New Year and Lunar New
//   Year it trades the morning session only (closes 12:00), unless the eve is a weekend or a holiday.
// - NYSE closes 13:00 New York time on the day before Independence Day, the day after Thanksgiving and
//   Christmas Eve, when those are trading days. Extended hours: pre-market 04:00–09:30 and after-hours
//   16:00–20:00 (13:00–17:00 on an early-close day), on trading days only.
import {
  DAY_SECONDS, TRADING_HOURS, dayOffsetSeconds, elapsedIn, localDay, sessionsFromMinutes,
  type MarketId, type MarketStatus,
} from './sessions'

/** Why an exchange is closed on a day: each is a text in ui/i18n (market.holiday.*). */
export const HOLIDAY_KEYS = [
  'newYear', 'lunarNewYear', 'chingMing', 'goodFriday', 'easterMonday', 'labourDay', 'buddhasBirthday',
  'tuenNg', 'sarEstablishment', 'midAutumn', 'nationalDay', 'chungYeung', 'christmas', 'boxingDay',
  'mlkDay', 'presidentsDay', 'memorialDay', 'juneteenth', 'independenceDay', 'thanksgiving',
  'mourning', 'specialClosure', 'publicHoliday',
] as const
export type HolidayKey = (typeof HOLIDAY_KEYS)[number]

/** Why a day ends early. */
export const HALF_DAY_KEYS = ['christmasEve', 'newYearsEve', 'lunarNewYearsEve', 'independenceDayEve', 'dayAfterThanksgiving'] as const
export type HalfDayKey = (typeof HALF_DAY_KEYS)[number]

/** A holiday on a local date ('YYYY-MM-DD'). */
export interface DatedHoliday {
  readonly date: string
  readonly key: HolidayKey
}

/** The port: kept holiday data for any year. */
export interface HolidayData {
  /** Hong Kong's general holidays of the year as gazetted (Saturdays and substitute days included). */
  hongKong(year: number): readonly DatedHoliday[]
  /** NYSE's full-day closures of the year (observed dates, the one-off closures of the past included). */
  nyse(year: number): readonly DatedHoliday[]
}

/** Local minutes at which a half day closes: HKEX 12:00 (no afternoon session), NYSE 13:00. */
export const HALF_DAY_CLOSE: Record<MarketId, number> = { hk: 12 * 60, us: 13 * 60 }
/** US pre-market opens 04:00 New York time; after-hours lasts 4 h from the close (16:00–20:00). */
export const US_PRE_MARKET_OPEN = 4 * 60
export const US_AFTER_HOURS_MINUTES = 4 * 60

export interface DayInfo {
  trading: boolean
  /** the holiday a weekday (or a gazetted Saturday) is closed for */
  holiday?: HolidayKey
  /** set on a trading day that closes early */
  halfDay?: HalfDayKey
}

export interface StatusInfo extends DayInfo {
  status: MarketStatus
}

type Sessions = readonly (readonly [number, number])[]

export interface TradingCalendar {
  dayInfo(market: MarketId, day: number): DayInfo
  isTradingDay(market: MarketId, day: number): boolean
  /** The sessions of a local date as UTC [start, end) seconds; none on weekends and holidays, the morning only on a half day. */
  sessionsOf(market: MarketId, day: number): Sessions
  /** Trading seconds of a day: 0, a full day, or a half day's. */
  daySeconds(market: MarketId, day: number): number
  /** Trading seconds of `day` that have passed at instant t. */
  elapsedTradingSeconds(market: MarketId, day: number, t: number): number
  /** The instant at which `elapsed` trading seconds of `day` have passed (clamped to the close). */
  instantAt(market: MarketId, day: number, elapsed: number): number
  isOpen(market: MarketId, t: number): boolean
  marketStatus(market: MarketId, t: number): MarketStatus
  /** The status with its reason: the holiday of a closed day, the half day of a short one. */
  statusAt(market: MarketId, t: number): StatusInfo
  previousTradingDay(market: MarketId, day: number): number
  nextTradingDay(market: MarketId, day: number): number
  /** The trading day whose quotes show at instant t: today once its first session has opened, else the last one before. */
  currentTradingDay(market: MarketId, t: number): number
}

const isoOf = (day: number) => new Date(day * 1000).toISOString().slice(0, 10)
const dayOfIso = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000
const weekday = (day: number) => {
  const wd = (((Math.floor(day / DAY_SECONDS) + 4) % 7) + 7) % 7 // 1 January 1970 was a Thursday
  return wd !== 0 && wd !== 6
}

interface YearRules {
  closed: Map<string, HolidayKey>
  half: Map<string, HalfDayKey>
}

function yearRules(data: HolidayData, market: MarketId, year: number): YearRules {
  const list = market === 'hk' ? data.hongKong(year) : data.nyse(year)
  const closed = new Map<string, HolidayKey>()
  for (const h of list) if (!closed.has(h.date)) closed.set(h.date, h.key)
  const half = new Map<string, HalfDayKey>()
  const candidate = (iso: string | undefined, key: HalfDayKey) => {
    if (iso && weekday(dayOfIso(iso)) && !closed.has(iso)) half.set(iso, key)
  }
  if (market === 'hk') {
    // HKEX: the eve of Lunar New Year is the day before its first day; when that first day is a Sunday the
    // gazette lists days 2–4 only, and the day before the first listed one is then a Sunday: no half day,
    // as it should be (the true eve is a Saturday)
    const lunar = list.filter((h) => h.key === 'lunarNewYear').map((h) => h.date).sort()[0]
    candidate(lunar && isoOf(dayOfIso(lunar) - DAY_SECONDS), 'lunarNewYearsEve')
    candidate(`${year}-12-24`, 'christmasEve')
    candidate(`${year}-12-31`, 'newYearsEve')
  } else {
    const thanksgiving = list.find((h) => h.key === 'thanksgiving')?.date
    candidate(`${year}-07-03`, 'independenceDayEve')
    candidate(thanksgiving && isoOf(dayOfIso(thanksgiving) + DAY_SECONDS), 'dayAfterThanksgiving')
    candidate(`${year}-12-24`, 'christmasEve')
  }
  return { closed, half }
}

/** How far a search for the next or previous trading day may go: no pair of markets closes 10 days in a row. */
const SEARCH_LIMIT_DAYS = 10

export function createTradingCalendar(data: HolidayData): TradingCalendar {
  const years = new Map<string, YearRules>()
  const rulesOf = (market: MarketId, year: number) => {
    const key = `${market}:${year}`
    let r = years.get(key)
    if (!r) years.set(key, (r = yearRules(data, market, year)))
    return r
  }

  // the simulator asks for the same few days thousands of times a second: keep each day's answer
  const infos = { hk: new Map<number, DayInfo>(), us: new Map<number, DayInfo>() }
  const sessionCache = { hk: new Map<number, Sessions>(), us: new Map<number, Sessions>() }
  const DAY_CACHE_LIMIT = 50_000

  const dayInfo = (market: MarketId, day: number): DayInfo => {
    const cache = infos[market]
    let hit = cache.get(day)
    if (!hit) {
      if (cache.size >= DAY_CACHE_LIMIT) cache.clear()
      cache.set(day, (hit = computeDayInfo(market, day)))
    }
    return hit
  }
  const computeDayInfo = (market: MarketId, day: number): DayInfo => {
    const iso = isoOf(day)
    const r = rulesOf(market, Number(iso.slice(0, 4)))
    const holiday = r.closed.get(iso)
    if (holiday) return { trading: false, holiday }
    if (!weekday(day)) return { trading: false }
    const halfDay = r.half.get(iso)
    return halfDay ? { trading: true, halfDay } : { trading: true }
  }
  const isTradingDay = (market: MarketId, day: number) => dayInfo(market, day).trading

  const sessionsOf = (market: MarketId, day: number): Sessions => {
    const cache = sessionCache[market]
    let hit = cache.get(day)
    if (!hit) {
      if (cache.size >= DAY_CACHE_LIMIT) cache.clear()
      cache.set(day, (hit = computeSessions(market, day)))
    }
    return hit
  }
  const computeSessions = (market: MarketId, day: number): Sessions => {
    const info = dayInfo(market, day)
    if (!info.trading) return []
    if (!info.halfDay) return sessionsFromMinutes(market, day, TRADING_HOURS[market])
    const close = HALF_DAY_CLOSE[market]
    const hours = TRADING_HOURS[market].filter(([a]) => a < close).map(([a, b]) => [a, Math.min(b, close)] as const)
    return sessionsFromMinutes(market, day, hours)
  }
  const daySeconds = (market: MarketId, day: number) => sessionsOf(market, day).reduce((s, [a, b]) => s + b - a, 0)
  const elapsedTradingSeconds = (market: MarketId, day: number, t: number) => elapsedIn(sessionsOf(market, day), t)
  const instantAt = (market: MarketId, day: number, elapsed: number) => {
    let left = elapsed
    const sessions = sessionsOf(market, day)
    for (const [a, b] of sessions) {
      if (left <= b - a) return a + left
      left -= b - a
    }
    const last = sessions[sessions.length - 1]
    return last ? last[1] : day
  }

  const statusAt = (market: MarketId, t: number): StatusInfo => {
    const day = localDay(market, t)
    const info = dayInfo(market, day)
    const sessions = sessionsOf(market, day)
    const first = sessions[0]
    const last = sessions[sessions.length - 1]
    const withStatus = (status: MarketStatus): StatusInfo => ({ ...info, status })
    if (!first || !last) return withStatus('closed')
    if (sessions.some(([a, b]) => t >= a && t < b)) return withStatus('trading')
    if (t < first[0]) {
      const preMarket = day + US_PRE_MARKET_OPEN * 60 - dayOffsetSeconds(market, day)
      return withStatus(market === 'us' && t >= preMarket ? 'preMarket' : 'preOpen')
    }
    if (t >= last[1]) return withStatus(market === 'us' && t < last[1] + US_AFTER_HOURS_MINUTES * 60 ? 'afterHours' : 'closed')
    return withStatus('lunchBreak')
  }

  const step = (market: MarketId, day: number, dir: 1 | -1) => {
    let d = day + dir * DAY_SECONDS
    for (let i = 0; i < SEARCH_LIMIT_DAYS && !isTradingDay(market, d); i++) d += dir * DAY_SECONDS
    if (!isTradingDay(market, d)) throw new RangeError(`no ${market} trading day within ${SEARCH_LIMIT_DAYS} days of ${isoOf(day)}`)
    return d
  }
  const previousTradingDay = (market: MarketId, day: number) => step(market, day, -1)
  const nextTradingDay = (market: MarketId, day: number) => step(market, day, 1)

  return {
    dayInfo,
    isTradingDay,
    sessionsOf,
    daySeconds,
    elapsedTradingSeconds,
    instantAt,
    isOpen: (market, t) => sessionsOf(market, localDay(market, t)).some(([a, b]) => t >= a && t < b),
    marketStatus: (market, t) => statusAt(market, t).status,
    statusAt,
    previousTradingDay,
    nextTradingDay,
    currentTradingDay: (market, t) => {
      const today = localDay(market, t)
      const first = sessionsOf(market, today)[0]
      if (first && t >= first[0]) return today
      return previousTradingDay(market, today)
    },
  }
}
