// The market simulator: a seeded random walk that behaves like a market. Everything is a pure function of
// (seed, stock, history, instant): the same seed gives the same series on every start.
//
// - Days: the stored daily history (fixtures, 250 bars) up to its last day; after it each trading day's
//   open and close continue the walk from the previous close (one seeded draw per day).
// - Intraday: a Brownian bridge of one step every STEP_SECONDS of trading time from the day's open to its
//   close, so a day that is complete closes exactly where its daily bar says. A price at instant t is the
//   path at the trading seconds elapsed by t: it moves only during sessions and stands still outside them.
import { createRandom, hashSeed } from '../../fixtures/prng'
import type { MarketId, MarketStatus } from '../../core/market/sessions'
import type { HalfDayKey, HolidayKey, TradingCalendar } from '../../core/market/trading-calendar'
import { marketCalendar } from './calendar'
import { PackedBars, type DailyHistory } from './packed-bars'
import type { Candle, DividendEvent } from '../../core/market/kline'
import type { FeedNeed, MarketFeed } from './market-feed-port'

export const STEP_SECONDS = 3

export interface SimStock {
  id: string
  market: MarketId
  category: 'stock' | 'etf' | 'index'
  sharesOutstanding: number
  lastCloseCents: number
}

export type DayBar = Candle

export interface Quote {
  stockId: string
  /** the trading day shown (00:00 UTC of its local date) */
  day: number
  status: MarketStatus
  /** why the market is closed today (a holiday), or why it closes early (a half day) */
  holiday?: HolidayKey
  halfDay?: HalfDayKey
  /** seconds; the last tick's instant */
  time: number
  priceCents: number
  openCents: number
  highCents: number
  lowCents: number
  prevCloseCents: number
  volume: number
  /** currency units (not cents) */
  turnover: number
}

interface DayPlan {
  open: number
  close: number
  prevClose: number
  volume: number
  /** the stored bar, when the day is in the history */
  stored: Candle | undefined
}

/**
 * A day's path, kept for PATH_CACHE_LIMIT stock-days: once the market page has asked for every stock's
 * quote, one path per stock. 8 bytes a step (~60 KB for a US day): the turnover is summed from the price
 * and volume when asked (turnoverUpTo) rather than kept, and the volume is kept in 32 bits when the day's
 * volume fits (issue 31: the kept paths were 20 bytes a step, 43 MB after one look at the market page).
 */
interface Path {
  /** price in cents after i steps, i = 0..n */
  price: Int32Array
  /** volume traded in the first i steps (whole shares) */
  cumVolume: Uint32Array | Float64Array
}

/** Turnover (currency units) of the first k steps: the same sum, in the same order, the path used to keep. */
function turnoverUpTo(p: Path, k: number): number {
  let sum = 0
  for (let i = 1; i <= k; i++) sum += (((p.cumVolume[i] as number) - (p.cumVolume[i - 1] as number)) * (p.price[i] as number)) / 100
  return sum
}

function volatility(stock: SimStock): number {
  const nudge = (hashSeed(`vol:${stock.id}`) % 1000) / 1000
  if (stock.category === 'index') return 0.008 + nudge * 0.006
  if (stock.category === 'etf') return 0.01 + nudge * 0.006
  return 0.014 + nudge * 0.016
}

export interface SimulatorOptions {
  seed: string
  stocks: readonly SimStock[]
  /** day bars per stock id, oldest first */
  history: DailyHistory
  /** seconds since the epoch */
  now: () => number
  /** which days trade and when: the kept HKEX and NYSE calendars unless a test gives another */
  calendar?: TradingCalendar
}

const PATH_CACHE_LIMIT = 400

/** The local default of the market-data port (market-feed-port.ts). */
export class Simulator implements MarketFeed {
  readonly kind = 'simulator' as const
  readonly seed: string
  private readonly stocks = new Map<string, SimStock>()
  private readonly history: DailyHistory
  private readonly generated = new Map<string, Map<number, DayPlan>>()
  private readonly paths = new Map<string, Path>()
  readonly now: () => number
  readonly calendar: TradingCalendar

  constructor(options: SimulatorOptions) {
    this.seed = options.seed
    this.now = options.now
    this.calendar = options.calendar ?? marketCalendar
    for (const s of options.stocks) this.stocks.set(s.id, s)
    this.history = options.history
  }

  /** everything is computed on demand: nothing to fetch */
  async prepare(_need: FeedNeed): Promise<void> {}

  close(): void {}

  stock(id: string): SimStock | undefined {
    return this.stocks.get(id)
  }

  allStocks(): SimStock[] {
    return [...this.stocks.values()]
  }

  /** Bytes held by the kept day paths, and their steps (the memory the quotes of many stocks keep). */
  keptPaths(): { bytes: number; steps: number; count: number } {
    let bytes = 0
    let steps = 0
    for (const p of this.paths.values()) {
      bytes += p.price.byteLength + p.cumVolume.byteLength
      steps += p.price.length
    }
    return { bytes, steps, count: this.paths.size }
  }

  private stockOrThrow(id: string): SimStock {
    const s = this.stocks.get(id)
    if (!s) throw new RangeError(`unknown stock ${id}`)
    return s
  }

  private baseVolume(stock: SimStock): number {
    const bars = this.history.get(stock.id) ?? PackedBars.EMPTY
    const from = Math.max(0, bars.length - 20)
    if (bars.length === 0) return stock.category === 'index' ? 3e9 : stock.sharesOutstanding * 0.003
    let sum = 0
    for (let i = from; i < bars.length; i++) sum += bars.at(i)!.volume
    return sum / (bars.length - from)
  }

  /** The open, close and volume a day is heading for, and the previous close. */
  private plan(stock: SimStock, day: number): DayPlan {
    const bars = this.history.get(stock.id) ?? PackedBars.EMPTY
    const idx = bars.indexOfDay(day)
    if (idx !== undefined) {
      const b = bars.at(idx)!
      const prev = idx > 0 ? bars.at(idx - 1) : undefined
      return { open: b.openCents, close: b.closeCents, prevClose: prev ? prev.closeCents : b.openCents, volume: b.volume, stored: b }
    }
    let cache = this.generated.get(stock.id)
    if (!cache) this.generated.set(stock.id, (cache = new Map()))
    const hit = cache.get(day)
    if (hit) return hit
    const last = bars.at(-1)
    let prevClose: number
    if (!last) prevClose = stock.lastCloseCents
    else if (day > last.time) {
      const prevDay = this.calendar.previousTradingDay(stock.market, day)
      prevClose = prevDay > last.time ? this.plan(stock, prevDay).close : last.closeCents
    } else {
      // a day inside the history that it does not hold (a holiday in the fixtures' calendar): continue from the bar before
      let i = bars.length - 1
      while (i >= 0 && bars.time(i) >= day) i--
      prevClose = i >= 0 ? bars.at(i)!.closeCents : bars.at(0)!.openCents
    }
    const rnd = createRandom(`${this.seed}:day:${stock.id}:${day}`)
    const sigma = volatility(stock)
    const ret = rnd.gauss() * sigma
    const gap = rnd.gauss() * sigma * 0.3
    const open = Math.max(1, Math.round(prevClose * Math.exp(gap)))
    const close = Math.max(1, Math.round(prevClose * Math.exp(ret)))
    const volume = Math.round(this.baseVolume(stock) * Math.exp(rnd.gauss() * 0.35) * (1 + Math.abs(ret) / sigma / 2))
    const plan = { open, close, prevClose, volume, stored: undefined }
    cache.set(day, plan)
    return plan
  }

  /** Steps of a day's path: its trading seconds (a half day has half the steps), at least one. */
  private stepsOf(stock: SimStock, day: number): number {
    return Math.max(1, Math.ceil(this.calendar.daySeconds(stock.market, day) / STEP_SECONDS))
  }

  private path(stock: SimStock, day: number): Path {
    const key = `${stock.id}:${day}`
    const hit = this.paths.get(key)
    if (hit) {
      this.paths.delete(key)
      this.paths.set(key, hit)
      return hit
    }
    const plan = this.plan(stock, day)
    const n = this.stepsOf(stock, day)
    const rnd = createRandom(`${this.seed}:path:${stock.id}:${day}`)
    const s = volatility(stock) / Math.sqrt(n)
    const walk = new Float64Array(n + 1)
    for (let i = 1; i <= n; i++) walk[i] = (walk[i - 1] as number) + rnd.gauss() * s
    const target = Math.log(plan.close / plan.open)
    const drift = (walk[n] as number) - target
    const price = new Int32Array(n + 1)
    for (let i = 0; i <= n; i++) price[i] = Math.max(1, Math.round(plan.open * Math.exp((walk[i] as number) - (i / n) * drift)))
    price[0] = plan.open
    price[n] = plan.close
    // volume: heavier near the open and the close (a U shape), noisy, summing to the day's volume
    const weights = new Float64Array(n + 1)
    let total = 0
    for (let i = 1; i <= n; i++) {
      const x = i / n
      const w = (1 + 2.5 * ((x - 0.5) * 2) ** 4) * Math.exp(rnd.gauss() * 0.5)
      weights[i] = w
      total += w
    }
    const volumes = new Float64Array(n + 1)
    for (let i = 1; i <= n; i++) volumes[i] = (volumes[i - 1] as number) + Math.round((plan.volume * (weights[i] as number)) / total)
    const cumVolume = (volumes[n] as number) <= 0xffffffff ? Uint32Array.from(volumes) : volumes
    const path: Path = { price, cumVolume }
    this.paths.set(key, path)
    if (this.paths.size > PATH_CACHE_LIMIT) this.paths.delete(this.paths.keys().next().value as string)
    return path
  }

  /** Steps of `day` done at instant t. */
  private stepsAt(stock: SimStock, day: number, t: number): number {
    return Math.min(this.stepsOf(stock, day), Math.floor(this.calendar.elapsedTradingSeconds(stock.market, day, t) / STEP_SECONDS))
  }

  /** The bar of `day` as of instant t (the whole day once it has closed). */
  dayBarAt(stockId: string, day: number, t: number): Candle {
    const stock = this.stockOrThrow(stockId)
    const plan = this.plan(stock, day)
    const k = this.stepsAt(stock, day, t)
    const n = this.stepsOf(stock, day)
    if (plan.stored && k === n) return { ...plan.stored }
    const p = this.path(stock, day)
    let high = p.price[0] as number
    let low = high
    for (let i = 1; i <= k; i++) {
      const x = p.price[i] as number
      if (x > high) high = x
      if (x < low) low = x
    }
    return { time: day, openCents: plan.open, highCents: high, lowCents: low, closeCents: p.price[k] as number, volume: p.cumVolume[k] as number }
  }

  quote(stockId: string, t: number = this.now()): Quote {
    const stock = this.stockOrThrow(stockId)
    const day = this.calendar.currentTradingDay(stock.market, t)
    const plan = this.plan(stock, day)
    const bar = this.dayBarAt(stockId, day, t)
    const k = this.stepsAt(stock, day, t)
    const p = this.path(stock, day)
    const { status, holiday, halfDay } = this.calendar.statusAt(stock.market, t)
    return {
      stockId,
      day,
      status,
      ...(holiday ? { holiday } : {}),
      ...(halfDay ? { halfDay } : {}),
      time: Math.floor(this.calendar.instantAt(stock.market, day, k * STEP_SECONDS)),
      priceCents: bar.closeCents,
      openCents: bar.openCents,
      highCents: bar.highCents,
      lowCents: bar.lowCents,
      prevCloseCents: plan.prevClose,
      volume: bar.volume,
      turnover: Math.round(turnoverUpTo(p, k)),
    }
  }

  /** Day bars up to and including the current trading day at t, oldest first (at most `count`, before `beforeDay` if given). */
  dayBars(stockId: string, count: number, t: number = this.now(), beforeDay?: number): Candle[] {
    const stock = this.stockOrThrow(stockId)
    const today = this.calendar.currentTradingDay(stock.market, t)
    const last = beforeDay !== undefined ? Math.min(today, beforeDay - 1) : today
    const bars = this.history.get(stockId) ?? PackedBars.EMPTY
    const out: Candle[] = []
    // generated days after the history, newest first
    const lastStored = bars.length > 0 ? bars.time(bars.length - 1) : -Infinity
    let d = this.calendar.isTradingDay(stock.market, last) ? last : this.calendar.previousTradingDay(stock.market, last)
    while (out.length < count && d > lastStored) {
      out.push(d === today ? this.dayBarAt(stockId, d, t) : this.dayBarAt(stockId, d, Number.MAX_SAFE_INTEGER))
      d = this.calendar.previousTradingDay(stock.market, d)
    }
    for (let i = bars.length - 1; i >= 0 && out.length < count; i--) {
      const time = bars.time(i)
      if (time > last) continue
      out.push(time === today ? this.dayBarAt(stockId, time, t) : bars.at(i)!)
    }
    return out.reverse()
  }

  /** One-minute bars of `day` up to instant t, oldest first. A minute's time is its end. */
  minuteBars(stockId: string, day: number, t: number = this.now()): (Candle & { turnover: number })[] {
    const stock = this.stockOrThrow(stockId)
    const k = this.stepsAt(stock, day, t)
    if (k === 0) return []
    const p = this.path(stock, day)
    const perMinute = 60 / STEP_SECONDS
    const out: (Candle & { turnover: number })[] = []
    // the turnover before each minute and at its end, summed along as the kept running total was
    let turnoverBefore = 0
    for (let start = 0; start < k; start += perMinute) {
      const end = Math.min(k, start + perMinute)
      let turnoverAfter = turnoverBefore
      for (let i = start + 1; i <= end; i++) turnoverAfter += (((p.cumVolume[i] as number) - (p.cumVolume[i - 1] as number)) * (p.price[i] as number)) / 100
      let high = p.price[start + 1] as number
      let low = high
      for (let i = start + 1; i <= end; i++) {
        const x = p.price[i] as number
        if (x > high) high = x
        if (x < low) low = x
      }
      const open = p.price[start + 1] as number
      out.push({
        time: Math.floor(this.calendar.instantAt(stock.market, day, (start + perMinute) * STEP_SECONDS)),
        openCents: open,
        highCents: high,
        lowCents: low,
        closeCents: p.price[end] as number,
        volume: (p.cumVolume[end] as number) - (p.cumVolume[start] as number),
        turnover: turnoverAfter - turnoverBefore,
      })
      turnoverBefore = turnoverAfter
    }
    return out
  }

  /** One-minute bars across the latest trading days, oldest first: at most `count`, ending before `before` if given. */
  recentMinuteBars(stockId: string, count: number, t: number = this.now(), before?: number): Candle[] {
    const stock = this.stockOrThrow(stockId)
    let day = this.calendar.currentTradingDay(stock.market, t)
    const out: Candle[] = []
    for (let guard = 0; guard < 10 && out.length < count; guard++) {
      const bars = this.minuteBars(stockId, day, t).filter((b) => before === undefined || b.time < before)
      out.unshift(...bars.slice(Math.max(0, bars.length - (count - out.length))))
      day = this.calendar.previousTradingDay(stock.market, day)
    }
    return out
  }

  /** A seeded cash dividend inside the history (none for indices): what the rights types adjust for. */
  dividends(stockId: string): DividendEvent[] {
    const stock = this.stockOrThrow(stockId)
    const bars = this.history.get(stockId) ?? PackedBars.EMPTY
    if (stock.category === 'index' || bars.length < 40) return []
    const rnd = createRandom(`${this.seed}:dividend:${stockId}`)
    const idx = rnd.int(Math.floor(bars.length / 3), bars.length - 10)
    const prev = bars.at(idx - 1)!
    return [{ exDay: bars.time(idx), cashCents: Math.max(1, Math.round(prev.closeCents * rnd.float(0.01, 0.04))) }]
  }

  /** The next instant at which the price of `stockId` may change (for live pushes): the next step, or null while closed. */
  nextTick(stockId: string, t: number): number | null {
    const stock = this.stockOrThrow(stockId)
    if (this.calendar.marketStatus(stock.market, t) !== 'trading') return null
    const day = this.calendar.currentTradingDay(stock.market, t)
    const k = this.stepsAt(stock, day, t)
    return this.calendar.instantAt(stock.market, day, (k + 1) * STEP_SECONDS)
  }
}

