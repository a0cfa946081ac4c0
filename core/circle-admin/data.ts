// The console's data pages (issue 29; spec 001 §2 'data/order, data/order/{type}, data/sale, data/user'):
// their numbers and messages, the period a chart covers (calendar days in UTC+8, where the readers and
// advisers live: core/format/date-time.ts), and the series the charts draw — sales per day (amount and
// count of payments, and refunds) and members per day (joins, expiries, members active at the day's end).
// The server adds up rows per day in SQL; these functions lay them on every day of the period, so a day
// without a sale is a 0, not a gap. The spec names none of these numbers: they are ours.
import { formatDate } from '../format/date-time'

export const DATA_MESSAGES = {
  orderNotFound: '订单不存在',
  /** the delivery machine refuses the move from the order's status */
  illegalMove: '当前订单状态不能进行该操作',
  /** a refund of an order whose membership a later order renewed: that later one first */
  renewedLater: '该会员已续费，请先退款最近一笔订单',
  badDate: '日期格式应为 YYYY-MM-DD',
  badRange: '开始日期不能晚于结束日期',
  rangeTooLong: '时间范围不能超过 366 天',
  /** pay_refunds.reason and WeChat's refund reason when the owner gives none (≤ 40 characters) */
  refundReason: '圈主退款，款项原路退回',
} as const

/** ours: the longest period a chart or a date filter covers (a leap year) */
export const DATA_RANGE_MAX_DAYS = 366
/** ours: the period picker's choices (days back from today); 30 unless chosen */
export const DATA_PERIODS = [7, 30, 90, 365] as const
export const DEFAULT_DATA_PERIOD = 30
/** ours: an order page of the console */
export const ORDER_PAGE_COUNT = 20
/** ours: the most rows one CSV export holds (newest first); a larger list is narrowed by its filters */
export const EXPORT_MAX_ROWS = 10_000
/** ours: the order search's keyword (an order number is 23 characters) */
export const SEARCH_KEYWORD_MAX = 40
/** pay_refunds.reason (019_money_ledger.sql) */
export const REFUND_REASON_MAX = 40

const DAY_SECONDS = 86_400
const UTC8_SECONDS = 8 * 3_600
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'YYYY-MM-DD' of a timestamp (seconds), in UTC+8. */
export const dayOf = (seconds: number): string => formatDate(seconds)

/** The first second of a 'YYYY-MM-DD' day in UTC+8, or null when it is no calendar date. */
export function dayStart(date: string): number | null {
  const m = DATE.exec(date)
  if (!m) return null
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  if (!Number.isFinite(ms) || dayOfUtcMs(ms) !== date) return null
  return ms / 1000 - UTC8_SECONDS
}
const dayOfUtcMs = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A period of whole days: from `from` to `to`, both included; seconds [startS, endS). */
export interface DayRange {
  readonly from: string
  readonly to: string
  readonly startS: number
  readonly endS: number
  readonly days: readonly string[]
}

/**
 * The period asked for: `from` and `to` ('YYYY-MM-DD', UTC+8, both included), or the last `period` days
 * up to today when they are missing. Answers the Chinese message when the dates are wrong.
 */
export function resolveRange(q: { from?: string | undefined; to?: string | undefined; period?: number | undefined }, nowSeconds: number): DayRange | { error: string } {
  const today = dayOf(nowSeconds)
  const to = q.to ?? today
  const endStart = dayStart(to)
  if (endStart === null) return { error: DATA_MESSAGES.badDate }
  const period = q.period ?? DEFAULT_DATA_PERIOD
  const from = q.from ?? dayOf(endStart - (Math.min(Math.max(period, 1), DATA_RANGE_MAX_DAYS) - 1) * DAY_SECONDS)
  const startS = dayStart(from)
  if (startS === null) return { error: DATA_MESSAGES.badDate }
  if (startS > endStart) return { error: DATA_MESSAGES.badRange }
  const count = Math.round((endStart - startS) / DAY_SECONDS) + 1
  if (count > DATA_RANGE_MAX_DAYS) return { error: DATA_MESSAGES.rangeTooLong }
  const days = Array.from({ length: count }, (_, i) => dayOf(startS + i * DAY_SECONDS + UTC8_SECONDS))
  return { from, to, startS, endS: endStart + DAY_SECONDS, days }
}

export interface SaleDay {
  readonly date: string
  /** cents paid that day */
  readonly amount: number
  readonly count: number
  /** cents returned that day, and how many orders */
  readonly refundAmount: number
  readonly refundCount: number
}

type DayTotals = { readonly date: string; readonly amount: number; readonly count: number }

/** Every day of the period with its payments and refunds (0 where none). */
export function saleSeries(days: readonly string[], paid: readonly DayTotals[], refunded: readonly DayTotals[]): SaleDay[] {
  const p = new Map(paid.map((r) => [r.date, r]))
  const f = new Map(refunded.map((r) => [r.date, r]))
  return days.map((date) => ({
    date,
    amount: p.get(date)?.amount ?? 0,
    count: p.get(date)?.count ?? 0,
    refundAmount: f.get(date)?.amount ?? 0,
    refundCount: f.get(date)?.count ?? 0,
  }))
}

export interface MemberDay {
  readonly date: string
  readonly joins: number
  /** memberships whose end fell on that day */
  readonly expiries: number
  /** members holding a valid membership at the day's end */
  readonly active: number
}

/**
 * Every day of the period: joins, expiries, and the members active at its end — those active when the
 * period began, plus the joins, less the expiries, so far. `activeAtStart` counts the memberships that
 * began before the period and had not ended by its start.
 */
export function memberSeries(days: readonly string[], joins: ReadonlyMap<string, number>, expiries: ReadonlyMap<string, number>, activeAtStart: number): MemberDay[] {
  let active = activeAtStart
  return days.map((date) => {
    const j = joins.get(date) ?? 0
    const e = expiries.get(date) ?? 0
    active += j - e
    return { date, joins: j, expiries: e, active }
  })
}
