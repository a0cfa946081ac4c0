// The real market-data adapter (issue 24): Twelve Data, behind the port of market-feed-port.ts.
//
// Why Twelve Data: one vendor for both our markets (HKEX equities, ETFs and the Hang Seng indices; NYSE
// and Nasdaq equities and the US indices) with a public, versioned API whose documentation
// (https://twelvedata.com/docs, REST v1 and the WebSocket v1 price stream) states every field we read:
// batch quotes (/quote, up to 120 symbols a call), minute and day bars from one endpoint (/time_series,
// interval=1min|1day) and pushes (wss://ws.twelvedata.com/v1/quotes/price). The alternatives we looked at
// each miss one of these: Polygon/Massive and Alpaca are US only; Alpha Vantage has no pushes and thin
// HKEX intraday; Futu/moomoo and Longbridge need a broker account and a local gateway (OpenD) or an SDK
// rather than a documented HTTP format; Tencent's and Sina's quote strings are undocumented.
//
// What we use of the documented format:
//  - GET {base}/quote?symbol=A,B&apikey=K → one symbol: the quote object; several: an object keyed by
//    symbol. Numbers come as strings ("148.85001"); `previous_close`, `timestamp` (the bar's opening
//    second), `last_quote_at` when present. An error is {"code":400,"message":"…","status":"error"} (for
//    the whole call, or in place of one symbol of a batch), with HTTP 200 or the code as the status.
//  - GET {base}/time_series?symbol=S&interval=1min|1day&outputsize=N&timezone=UTC&apikey=K →
//    {"meta":{…},"values":[{"datetime","open","high","low","close","volume"}…],"status":"ok"}, newest
//    first; minute datetimes "YYYY-MM-DD HH:MM:SS" in the asked zone (UTC), day datetimes "YYYY-MM-DD"
//    (the exchange's local date, which is our day key: 00:00 UTC of that date). Indices carry no volume.
//  - Symbols: a US ticker as is (AAPL, and the indices SPX, IXIC, DJI); HKEX as CODE:HKEX with the
//    four-digit code Twelve Data lists (0700:HKEX; the documented SYMBOL:EXCHANGE form of batch calls).
//  - WebSocket: send {"action":"subscribe","params":{"symbols":"AAPL,0700:HKEX"}}; the server sends
//    {"event":"price","symbol","exchange","price","timestamp","day_volume"} events; we send
//    {"action":"heartbeat"} every 10 s as the docs ask.
// Every answer is decoded with an Effect Schema: a wrong shape, text that is not JSON, an error answer or
// a call slower than the timeout is a TwelveDataError with a clear message, never a crash, and the feed
// keeps answering from what it last knew.
//
// Not given by the vendor and so estimated here (said where it is done): the turnover of a quote
// (volume × the day's typical price) and of a minute (volume × close). Dividends for the rights
// adjustments are not fetched yet (/dividends exists): k-lines are shown unadjusted on this feed.
import type { DailyHistory } from './packed-bars'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import WebSocket from 'ws'
import type { TradingCalendar } from '../../core/market/trading-calendar'
import type { Candle, DividendEvent } from '../../core/market/kline'
import type { MarketId } from '../../core/market/sessions'
import { marketCalendar } from './calendar'
import type { FeedNeed, MarketFeed, MinuteBar, Quote } from './market-feed-port'
import { errorMessage } from '../../core/api/api-error'

export const TWELVE_DATA_URL = 'https://api.twelvedata.com'
export const TWELVE_DATA_WS_URL = 'wss://ws.twelvedata.com/v1/quotes/price'
/** Our choice: a vendor call slower than this fails (a reader's page may wait on it). */
export const TWELVE_DATA_TIMEOUT_MS = 8_000
/** The docs: at most 120 symbols in one batch call. */
export const TWELVE_DATA_BATCH = 120
/** Our choice: quotes of every stock are asked again this often (pushes move them in between). */
export const DEFAULT_POLL_SECONDS = 60
/** Our choice: fetched bars are asked again after this long. */
const BARS_FRESH_SECONDS = 60
/** The docs: a heartbeat every 10 s keeps the socket open. */
const HEARTBEAT_MS = 10_000
/** A push bigger than this is no price event: refused by ws, and the socket reconnects. */
const MAX_PUSH_BYTES = 64 * 1024
/** Minute bars asked per stock: five HKEX days (330 minutes each) or about four NYSE days. */
const MINUTE_OUTPUT = 1_650
/** Our bound on one REST answer (a 1,650-minute series is about 200 KB): a bigger one is refused unread. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024
/** Day bars asked per stock: about five years; the stored history (daily_bars, CSV imports) goes further back. */
const DAY_OUTPUT = 1_300

export class TwelveDataError extends Error {
  override readonly name = 'TwelveDataError'
  constructor(
    message: string,
    /** the vendor's code (its error answers), or the HTTP status */
    readonly code?: number,
  ) {
    super(message)
  }
}

export interface FeedStock {
  id: string
  market: MarketId
  code: string
  category: 'stock' | 'etf' | 'index'
  lastCloseCents: number
}

/** The vendor's symbol of one of our stocks. */
export function vendorSymbol(s: Pick<FeedStock, 'market' | 'code' | 'category'>): string {
  if (s.market === 'us' || s.category === 'index') return s.code
  return `${String(Number(s.code)).padStart(4, '0')}:HKEX`
}

// --- the documented answers ------------------------------------------------------------------------

/** A decimal as Twelve Data writes it: a string (or, in pushes, a number). */
const Decimal = Schema.Union([Schema.FiniteFromString, Schema.Finite])
const ErrorAnswer = Schema.Struct({ status: Schema.Literal('error'), code: Schema.optional(Schema.Finite), message: Schema.String })
const QuoteAnswer = Schema.Struct({
  symbol: Schema.String,
  timestamp: Schema.Finite,
  last_quote_at: Schema.optional(Schema.Finite),
  open: Decimal,
  high: Decimal,
  low: Decimal,
  close: Decimal,
  volume: Schema.optional(Decimal),
  previous_close: Decimal,
})
type QuoteAnswer = typeof QuoteAnswer.Type
const OneOrBatch = Schema.Union([QuoteAnswer, ErrorAnswer, Schema.Record(Schema.String, Schema.Union([QuoteAnswer, ErrorAnswer]))])
const Bar = Schema.Struct({
  datetime: Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/)),
  open: Decimal,
  high: Decimal,
  low: Decimal,
  close: Decimal,
  volume: Schema.optional(Decimal),
})
const SeriesAnswer = Schema.Union([Schema.Struct({ status: Schema.Literal('ok'), values: Schema.Array(Bar) }), ErrorAnswer])
const PriceEvent = Schema.Struct({
  event: Schema.Literal('price'),
  symbol: Schema.String,
  price: Decimal,
  timestamp: Schema.Finite,
  day_volume: Schema.optional(Decimal),
})
const decodeQuotes = Schema.decodeUnknownResult(Schema.fromJsonString(OneOrBatch))
const decodeSeries = Schema.decodeUnknownResult(Schema.fromJsonString(SeriesAnswer))
const decodePush = Schema.decodeUnknownResult(Schema.fromJsonString(PriceEvent))

const cents = (x: number) => Math.max(0, Math.round(x * 100))
const isError = (x: unknown): x is typeof ErrorAnswer.Type => typeof x === 'object' && x !== null && (x as { status?: unknown }).status === 'error'
const utcSeconds = (datetime: string) => Date.parse(datetime.length === 10 ? `${datetime}T00:00:00Z` : `${datetime.replace(' ', 'T')}Z`) / 1000

// --- the adapter -----------------------------------------------------------------------------------

export interface TwelveDataOptions {
  apiKey: string
  stocks: readonly FeedStock[]
  /** the stored day bars per stock id, oldest first (daily_bars: seeds and CSV imports) */
  history: DailyHistory
  /** seconds since the epoch */
  now: () => number
  baseUrl?: string
  /** the push socket's URL; '' for no pushes */
  wsUrl?: string
  fetch?: typeof fetch
  timeoutMs?: number
  /** the largest REST answer read; MAX_ANSWER_BYTES by default */
  maxAnswerBytes?: number
  pollSeconds?: number
  calendar?: TradingCalendar
  /** where a failed call is told (once per kind of failure a minute); console.error by default */
  log?: (line: string) => void
}

interface Kept<T> {
  value: T
  /** seconds: when it was fetched */
  at: number
}

export class TwelveDataFeed implements MarketFeed {
  readonly kind = 'twelvedata' as const
  readonly now: () => number
  readonly calendar: TradingCalendar
  private readonly stocks = new Map<string, FeedStock>()
  private readonly bySymbol = new Map<string, FeedStock>()
  private readonly history: DailyHistory
  private readonly quotes = new Map<string, QuoteAnswer>()
  private readonly minutes = new Map<string, Kept<MinuteBar[]>>()
  private readonly days = new Map<string, Kept<Candle[]>>()
  private readonly inflight = new Map<string, Promise<void>>()
  private readonly baseUrl: string
  private readonly wsUrl: string
  private readonly doFetch: typeof fetch
  private readonly timeoutMs: number
  private readonly pollSeconds: number
  private readonly log: (line: string) => void
  private readonly logged = new Map<string, number>()
  private poll: ReturnType<typeof setInterval> | undefined
  private socket: WebSocket | undefined
  private heartbeat: ReturnType<typeof setInterval> | undefined
  private reconnect: ReturnType<typeof setTimeout> | undefined
  private closed = false

  constructor(private readonly options: TwelveDataOptions) {
    this.now = options.now
    this.calendar = options.calendar ?? marketCalendar
    this.history = options.history
    for (const s of options.stocks) {
      this.stocks.set(s.id, s)
      this.bySymbol.set(vendorSymbol(s), s)
    }
    this.baseUrl = (options.baseUrl ?? TWELVE_DATA_URL).replace(/\/+$/, '')
    this.wsUrl = options.wsUrl ?? TWELVE_DATA_WS_URL
    this.doFetch = options.fetch ?? fetch
    this.timeoutMs = options.timeoutMs ?? TWELVE_DATA_TIMEOUT_MS
    this.pollSeconds = options.pollSeconds ?? DEFAULT_POLL_SECONDS
    this.log = options.log ?? ((line) => console.error(line))
  }

  /** The first quotes of every stock (awaited, never throws), then a poll and the push socket. */
  async start(): Promise<void> {
    await this.refreshQuotes().catch((e: unknown) => this.tell('quote', e))
    if (this.closed) return
    this.poll = setInterval(() => void this.refreshQuotes().catch((e: unknown) => this.tell('quote', e)), this.pollSeconds * 1000)
    this.poll.unref?.()
    if (this.wsUrl) this.connect()
  }

  close(): void {
    this.closed = true
    clearInterval(this.poll)
    clearInterval(this.heartbeat)
    clearTimeout(this.reconnect)
    this.socket?.removeAllListeners('close')
    this.socket?.on('error', () => {})
    this.socket?.terminate()
  }

  private tell(kind: string, e: unknown): void {
    const at = Date.now()
    if ((this.logged.get(kind) ?? 0) > at - 60_000) return
    this.logged.set(kind, at)
    this.log(`market feed (Twelve Data) ${kind}: ${errorMessage(e)}`)
  }

  // --- REST

  private async call(path: string, params: Record<string, string>): Promise<string> {
    const url = `${this.baseUrl}${path}?${new URLSearchParams({ ...params, apikey: this.options.apiKey })}`
    let res: Response
    try {
      res = await this.doFetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { Accept: 'application/json' } })
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new TwelveDataError(timedOut ? `${path} took longer than ${this.timeoutMs} ms` : `${path} failed: ${errorMessage(e)}`)
    }
    const text = await this.readBounded(res, path)
    if (!res.ok) {
      const body = Schema.decodeUnknownResult(Schema.fromJsonString(ErrorAnswer))(text)
      throw new TwelveDataError(`${path} answered HTTP ${res.status}${Result.isSuccess(body) ? `: ${body.success.message}` : ''}`, res.status)
    }
    return text
  }

  private async readBounded(res: Response, path: string): Promise<string> {
    const max = this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES
    const tooBig = () => new TwelveDataError(`${path} answered more than ${max} bytes`)
    if (Number(res.headers.get('content-length') ?? 0) > max) {
      await res.body?.cancel()
      throw tooBig()
    }
    const chunks: Uint8Array[] = []
    let size = 0
    const reader = res.body?.getReader()
    try {
      for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
        size += next.value.byteLength
        if (size > max) throw tooBig()
        chunks.push(next.value)
      }
    } catch (e) {
      await reader?.cancel().catch(() => undefined)
      if (e instanceof TwelveDataError) throw e
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new TwelveDataError(timedOut ? `${path} took longer than ${this.timeoutMs} ms` : `${path} failed while reading: ${errorMessage(e)}`)
    }
    return Buffer.concat(chunks).toString('utf8')
  }

  /** The quotes of these stocks (all by default), in batches of TWELVE_DATA_BATCH. */
  async refreshQuotes(ids: readonly string[] = [...this.stocks.keys()]): Promise<void> {
    const symbols = ids.flatMap((id) => {
      const s = this.stocks.get(id)
      return s ? [vendorSymbol(s)] : []
    })
    for (let i = 0; i < symbols.length; i += TWELVE_DATA_BATCH) {
      const batch = symbols.slice(i, i + TWELVE_DATA_BATCH)
      const decoded = decodeQuotes(await this.call('/quote', { symbol: batch.join(',') }))
      if (Result.isFailure(decoded)) throw new TwelveDataError(`/quote answered in an unexpected format: ${String(decoded.failure.message).slice(0, 200)}`)
      const answer = decoded.success
      if (isError(answer)) throw new TwelveDataError(`/quote: ${answer.message}`, answer.code)
      const entries: [string, QuoteAnswer | typeof ErrorAnswer.Type][] = 'symbol' in answer && typeof answer.symbol === 'string' ? [[batch[0] as string, answer as QuoteAnswer]] : Object.entries(answer as Record<string, QuoteAnswer>)
      const refused: string[] = []
      for (const [symbol, q] of entries) {
        const s = this.bySymbol.get(symbol)
        if (!s) continue
        if (isError(q)) refused.push(`${symbol}: ${q.message}`)
        else this.quotes.set(s.id, q)
      }
      if (refused.length) this.tell('quote symbols', new TwelveDataError(refused.join('; ')))
    }
  }

  private async series(stockId: string, interval: '1min' | '1day', outputsize: number): Promise<(typeof Bar.Type)[]> {
    const s = this.stocks.get(stockId)
    if (!s) throw new TwelveDataError(`unknown stock ${stockId}`)
    const decoded = decodeSeries(await this.call('/time_series', { symbol: vendorSymbol(s), interval, outputsize: String(outputsize), timezone: 'UTC' }))
    if (Result.isFailure(decoded)) throw new TwelveDataError(`/time_series answered in an unexpected format: ${String(decoded.failure.message).slice(0, 200)}`)
    const answer = decoded.success
    if (isError(answer)) throw new TwelveDataError(`/time_series ${vendorSymbol(s)}: ${answer.message}`, answer.code)
    return [...answer.values].reverse()
  }

  /** Minute bars of a stock's latest days from the vendor (kept for minuteBars / recentMinuteBars). */
  async fetchMinuteBars(stockId: string): Promise<MinuteBar[]> {
    const bars = (await this.series(stockId, '1min', MINUTE_OUTPUT)).map((b) => {
      const volume = b.volume ?? 0
      // the vendor gives no turnover: volume × the minute's close (an estimate)
      return { time: utcSeconds(b.datetime) + 60, openCents: cents(b.open), highCents: cents(b.high), lowCents: cents(b.low), closeCents: cents(b.close), volume, turnover: volume * b.close }
    })
    this.minutes.set(stockId, { value: bars, at: this.now() })
    return bars
  }

  /** Day bars of a stock from the vendor (kept, merged over the stored history by dayBars). */
  async fetchDayBars(stockId: string): Promise<Candle[]> {
    const bars = (await this.series(stockId, '1day', DAY_OUTPUT)).map((b) => ({
      time: utcSeconds(b.datetime), openCents: cents(b.open), highCents: cents(b.high), lowCents: cents(b.low), closeCents: cents(b.close), volume: b.volume ?? 0,
    }))
    this.days.set(stockId, { value: bars, at: this.now() })
    return bars
  }

  private once(key: string, run: () => Promise<unknown>): Promise<void> {
    let p = this.inflight.get(key)
    if (!p) {
      p = run().then(
        () => undefined,
        (e: unknown) => this.tell(key.split(':')[0] as string, e),
      ).finally(() => this.inflight.delete(key))
      this.inflight.set(key, p)
    }
    return p
  }

  async prepare(need: FeedNeed): Promise<void> {
    const now = this.now()
    const stale = (k: Kept<unknown> | undefined) => !k || now - k.at >= BARS_FRESH_SECONDS
    const jobs: Promise<void>[] = []
    for (const id of need.minute ?? []) if (this.stocks.has(id) && stale(this.minutes.get(id))) jobs.push(this.once(`minute bars:${id}`, () => this.fetchMinuteBars(id)))
    for (const id of need.days ?? []) if (this.stocks.has(id) && stale(this.days.get(id))) jobs.push(this.once(`day bars:${id}`, () => this.fetchDayBars(id)))
    await Promise.all(jobs)
  }

  // --- pushes

  private connect(): void {
    if (this.closed) return
    const url = `${this.wsUrl}?${new URLSearchParams({ apikey: this.options.apiKey })}`
    const socket = new WebSocket(url, { maxPayload: MAX_PUSH_BYTES, handshakeTimeout: this.timeoutMs })
    this.socket = socket
    socket.on('error', (e) => this.tell('pushes', e))
    socket.on('open', () => {
      socket.send(JSON.stringify({ action: 'subscribe', params: { symbols: [...this.bySymbol.keys()].join(',') } }))
      clearInterval(this.heartbeat)
      this.heartbeat = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ action: 'heartbeat' })), HEARTBEAT_MS)
      this.heartbeat.unref?.()
    })
    socket.on('message', (data) => this.push(String(data)))
    socket.on('close', () => {
      clearInterval(this.heartbeat)
      if (this.closed) return
      this.reconnect = setTimeout(() => this.connect(), 5_000)
      this.reconnect.unref?.()
    })
  }

  /** One pushed message: a price event moves its stock's quote; anything else (status, heartbeat answers) is ignored. */
  push(text: string): void {
    const decoded = decodePush(text)
    if (Result.isFailure(decoded)) return
    const e = decoded.success
    const s = this.bySymbol.get(e.symbol)
    const q = s && this.quotes.get(s.id)
    if (!s || !q || e.timestamp < (q.last_quote_at ?? q.timestamp)) return
    this.quotes.set(s.id, {
      ...q,
      close: e.price,
      high: Math.max(q.high, e.price),
      low: Math.min(q.low, e.price),
      last_quote_at: e.timestamp,
      ...(e.day_volume !== undefined ? { volume: e.day_volume } : {}),
    })
  }

  // --- reads (the port)

  private stockOrThrow(id: string): FeedStock {
    const s = this.stocks.get(id)
    if (!s) throw new RangeError(`unknown stock ${id}`)
    return s
  }

  quote(stockId: string, t: number = this.now()): Quote {
    const s = this.stockOrThrow(stockId)
    const { status, holiday, halfDay } = this.calendar.statusAt(s.market, t)
    const day = this.calendar.currentTradingDay(s.market, t)
    const q = this.quotes.get(stockId)
    const flags = { ...(holiday ? { holiday } : {}), ...(halfDay ? { halfDay } : {}) }
    if (!q) {
      // nothing from the vendor yet: the last stored close, standing still
      const last = this.history.get(stockId)?.at(-1)
      const price = last?.closeCents ?? s.lastCloseCents
      return { stockId, day, status, ...flags, time: last?.time ?? Math.floor(t), priceCents: price, openCents: price, highCents: price, lowCents: price, prevCloseCents: price, volume: 0, turnover: 0 }
    }
    const volume = q.volume ?? 0
    return {
      stockId, day, status, ...flags,
      time: Math.floor(q.last_quote_at ?? q.timestamp),
      priceCents: cents(q.close),
      openCents: cents(q.open),
      highCents: cents(q.high),
      lowCents: cents(q.low),
      prevCloseCents: cents(q.previous_close),
      volume,
      // the vendor gives no turnover: volume × the day's typical price (an estimate)
      turnover: Math.round((volume * (q.high + q.low + q.close)) / 3),
    }
  }

  dayBars(stockId: string, count: number, t: number = this.now(), beforeDay?: number): Candle[] {
    const s = this.stockOrThrow(stockId)
    const today = this.calendar.currentTradingDay(s.market, t)
    const last = beforeDay !== undefined ? Math.min(today, beforeDay - 1) : today
    const merged = new Map<number, Candle>()
    for (const b of this.history.get(stockId) ?? []) merged.set(b.time, b)
    for (const b of this.days.get(stockId)?.value ?? []) merged.set(b.time, b)
    // today's bar from the latest quote, once the day has traded
    const q = this.quotes.get(stockId)
    if (q && this.calendar.isTradingDay(s.market, today) && this.calendar.elapsedTradingSeconds(s.market, today, t) > 0) {
      const quote = this.quote(stockId, t)
      merged.set(today, { time: today, openCents: quote.openCents, highCents: quote.highCents, lowCents: quote.lowCents, closeCents: quote.priceCents, volume: quote.volume })
    }
    return [...merged.values()].filter((b) => b.time <= last).sort((a, b) => a.time - b.time).slice(-count).map((b) => ({ ...b }))
  }

  minuteBars(stockId: string, day: number, t: number = this.now()): MinuteBar[] {
    const s = this.stockOrThrow(stockId)
    // a minute belongs to the trading day in which it began
    return (this.minutes.get(stockId)?.value ?? []).filter((b) => b.time <= t && this.calendar.currentTradingDay(s.market, b.time - 1) === day)
  }

  recentMinuteBars(stockId: string, count: number, t: number = this.now(), before?: number): Candle[] {
    this.stockOrThrow(stockId)
    const bars = (this.minutes.get(stockId)?.value ?? []).filter((b) => b.time <= t && (before === undefined || b.time < before))
    return bars.slice(-count).map(({ turnover: _t, ...b }) => b)
  }

  dividends(_stockId: string): DividendEvent[] {
    return []
  }
}
