// The as-of time of a quote (issue 24), as the best peers print it beside the market status: 已收盘
// 11-26 16:08 北京时间 for Hong Kong, 盘前 11-26 08:30 美东时间 for New York. A quote's time is shown in
// its own market's zone, so a US close reads 16:00 whichever side of the Pacific the reader is on; the
// zone's name is a text of the reader's script (ui/i18n: market.zone.*).
//
// New York's wall clock comes from the time-zone database through Intl (America/New_York), never from
// a hand-written offset: the database knows every daylight-saving rule, past and future, and the
// browser and Node both carry it. Hong Kong has kept UTC+8 with no daylight saving since 1979.
import { NO_VALUE } from '../format/big-number'
import type { MarketId } from './sessions'

export const MARKET_TIME_ZONES: Record<MarketId, string> = { hk: 'Asia/Hong_Kong', us: 'America/New_York' }

/** The largest magnitude in seconds a JS Date can hold. */
const MAX_DATE_SECONDS = 8.64e12

const formatters = new Map<MarketId, Intl.DateTimeFormat>()
function formatterOf(market: MarketId): Intl.DateTimeFormat {
  let f = formatters.get(market)
  if (!f) {
    // the locale only names the parts; h23 keeps midnight 00:00 (some locales say 24:00)
    f = new Intl.DateTimeFormat('en-US', { timeZone: MARKET_TIME_ZONES[market], month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    formatters.set(market, f)
  }
  return f
}

/** 'MM-DD HH:mm' of instant t (seconds) on the market's own wall clock, or '--' for no time. */
export function formatQuoteTime(market: MarketId, tSeconds: number): string {
  if (!Number.isFinite(tSeconds) || Math.abs(tSeconds) > MAX_DATE_SECONDS) return NO_VALUE
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const p of formatterOf(market).formatToParts(Math.floor(tSeconds) * 1000)) parts[p.type] = p.value
  return `${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}
