// The market-data port (issue 24: production showed simulated prices). Every quote, minute bar and day
// bar the market services read (market-data.ts, the quote stream, the portfolios) comes through it.
// Two adapters:
//  - the simulator (simulator.ts): the local default; a seeded walk over the stored daily history;
//  - Twelve Data (twelve-data.ts): the real feed, by environment (select-market-feed.ts).
// Reads are synchronous, as the services are: a real feed keeps what it fetched (quotes polled for every
// stock and moved by its pushes; bars fetched when a page asks for them, through `prepare`) and reads
// answer from that; the simulator computes everything at once and has nothing to prepare.
import type { TradingCalendar } from '../../core/market/trading-calendar'
import type { Candle, DividendEvent } from '../../core/market/kline'
import type { Quote } from './simulator'

export type { Quote }

/** A one-minute bar; its time is the minute's end. `turnover` in currency units (not cents). */
export type MinuteBar = Candle & { turnover: number }

/** What a page is about to read, so a real feed can fetch it first (the simulator has it all). */
export interface FeedNeed {
  /** minute bars of these stock ids (charts) */
  readonly minute?: readonly string[]
  /** day bars of these stock ids (k-lines, 52-week range) */
  readonly days?: readonly string[]
}

export interface MarketFeed {
  readonly kind: 'simulator' | 'twelvedata'
  /** the market clock, seconds since the epoch */
  now(): number
  readonly calendar: TradingCalendar
  /** fetches what `need` will read; never throws (a failed fetch leaves the last known data) */
  prepare(need: FeedNeed): Promise<void>
  /** the latest quote of a stock as of t */
  quote(stockId: string, t?: number): Quote
  /** day bars up to and including the current trading day, oldest first (at most count, before beforeDay if given) */
  dayBars(stockId: string, count: number, t?: number, beforeDay?: number): Candle[]
  /** one-minute bars of a trading day up to t, oldest first */
  minuteBars(stockId: string, day: number, t?: number): MinuteBar[]
  /** one-minute bars across the latest trading days, oldest first (at most count, before `before` if given) */
  recentMinuteBars(stockId: string, count: number, t?: number, before?: number): Candle[]
  /** cash dividends the rights types adjust for */
  dividends(stockId: string): DividendEvent[]
  /** stops polls and sockets (a real feed); nothing for the simulator */
  close(): void
}
