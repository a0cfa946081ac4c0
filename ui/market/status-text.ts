// The quote header's market status in words (issue 24): 交易中, 盘前, 休市 · 感恩节, or
// 交易中 · 半日市 12:00 收盘（北京时间）, and the quote's as-of time beside it: 11-26 16:08 北京时间.
// Which status, holiday and half day is core's (trading-calendar.ts), the time's wall clock too
// (quote-time.ts); the zone's name is the reader's script (zh-hk: 香港時間 / 美東時間).
import type { NetChange } from '../../core/api/market'
import type { MarketId } from '../../core/market/sessions'
import { HALF_DAY_CLOSE } from '../../core/market/trading-calendar'
import { formatQuoteTime } from '../../core/market/quote-time'
import { t } from '../i18n/i18n'
import '../i18n/texts/market'

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

export function marketStatusText(market: MarketId, q: Pick<NetChange, 'status' | 'holiday' | 'halfDay'>): string {
  const status = t(`market.status.${q.status}`)
  if (q.status === 'closed' && q.holiday) return t('market.holidayClosed', { holiday: t(`market.holiday.${q.holiday}`) })
  if (q.halfDay) return t('market.halfDayStatus', { status, time: hhmm(HALF_DAY_CLOSE[market]), zone: t(`market.zone.${market}`) })
  return status
}

/** A quote's as-of time and zone: 11-26 16:08 北京时间, 11-25 16:00 美东时间. */
export function asOfText(market: MarketId, timeSeconds: number): string {
  return t('market.asOf', { time: formatQuoteTime(market, timeSeconds), zone: t(`market.zone.${market}`) })
}

/** The instant for a <time dateTime>, or undefined when the quote has none. */
export const asOfIso = (timeSeconds: number): string | undefined =>
  Number.isFinite(timeSeconds) && Math.abs(timeSeconds) < 8.64e12 ? new Date(timeSeconds * 1000).toISOString() : undefined
