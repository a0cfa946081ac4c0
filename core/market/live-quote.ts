// The stock page's quote with the live tick laid over it (spec 000 §5: the header price follows the
// quote stream), and how the page tells a well-formed code that no market lists from other failures.
import { MARKET_MESSAGES, type NetChange, type QuoteInfo } from '../api/market'

/**
 * The quote as shown: the live tick's price, change, percent, volume, turnover, status (with its
 * holiday or half day, issue 24) and as-of time over the loaded quote; the day's high and low widened to take in the live price. No tick: the quote as loaded.
 */
export function mergeLiveQuote(quote: QuoteInfo, live: NetChange | undefined): QuoteInfo {
  if (!live) return quote
  const price = live.price
  return {
    ...quote,
    price,
    change: live.change,
    changePercent: live.changePercent,
    volume: live.volume,
    turnover: live.turnover,
    status: live.status,
    holiday: live.holiday,
    halfDay: live.halfDay,
    time: live.time,
    high: Math.max(quote.high, price),
    low: Math.min(quote.low, price),
  }
}

/** The server's 404 股票不存在 (a well-formed code no market lists), as opposed to a failure worth retrying. */
export function isUnknownStock(failure: { statusCode?: number; message: string | null }): boolean {
  return failure.statusCode === 404 || failure.message === MARKET_MESSAGES.unknownStock
}
