// The quote header's market status in words (issue 24): 交易中, 盘前, 休市 · 感恩节, or
// 交易中 · 半日市 12:00 收盘（北京时间）. Which status, holiday and half day is core's (trading-calendar.ts).
import type { NetChange } from '../../core/api/market'
import type { MarketId } from '../../core/market/sessions'
import { HALF_DAY_CLOSE } from '../../core/market/trading-calendar'
import { t } from '../i18n/i18n'
import '../i18n/texts/market'

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

export function marketStatusText(market: MarketId, q: Pick<NetChange, 'status' | 'holiday' | 'halfDay'>): string {
  const status = t(`market.status.${q.status}`)
  if (q.status === 'closed' && q.holiday) return t('market.holidayClosed', { holiday: t(`market.holiday.${q.holiday}`) })
  if (q.halfDay) return t('market.halfDayStatus', { status, time: hhmm(HALF_DAY_CLOSE[market]), zone: t(`market.zone.${market}`) })
  return status
}
