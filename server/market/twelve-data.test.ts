// The Twelve Data adapter (issue 24) against a local fake of Twelve Data's documented API: a real HTTP
// server on loopback answering /quote (one symbol, or a batch keyed by symbol) and /time_series in the
// vendor's format (numbers as strings, values newest first, {"status":"error"} answers), checking the
// apikey and the symbols as the vendor does, and a WebSocket server speaking its price-event protocol.
import { PackedBars } from './packed-bars'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TwelveDataError, TwelveDataFeed, vendorSymbol, type FeedStock } from './twelve-data'

const KEY = 'td-test-key'
const STOCKS: FeedStock[] = [
  { id: 'hk00700', market: 'hk', code: '00700', category: 'stock', lastCloseCents: 62000 },
  { id: 'usAAPL', market: 'us', code: 'AAPL', category: 'stock', lastCloseCents: 27000 },
  { id: 'hkHSI', market: 'hk', code: 'HSI', category: 'index', lastCloseCents: 2580000 },
]
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000
/** Wednesday 2026-11-25 11:00 Hong Kong time: HKEX trading, NYSE closed (22:00 the evening before in New York) */
const NOW = Date.parse('2026-11-25T03:00:00Z') / 1000
const HISTORY = new Map<string, PackedBars>([
  ['hk00700', PackedBars.from([
    { time: day('2026-11-20'), openCents: 61000, highCents: 62000, lowCents: 60500, closeCents: 61500, volume: 1_000_000 },
    { time: day('2026-11-21'), openCents: 61500, highCents: 62500, lowCents: 61000, closeCents: 62000, volume: 1_100_000 },
  ])],
])

const quoteOf = (symbol: string, close: string, previous: string) => ({
  symbol, name: symbol, exchange: symbol.endsWith(':HKEX') ? 'HKEX' : 'NASDAQ', currency: symbol.endsWith(':HKEX') ? 'HKD' : 'USD',
  datetime: '2026-11-25', timestamp: NOW - 60, open: '620.00000', high: '631.50000', low: '618.00000', close, volume: '12345600',
  previous_close: previous, change: '5.5', percent_change: '0.88', is_market_open: true,
})

type Mode = 'ok' | 'error' | 'http429' | 'slow' | 'notJson' | 'wrongShape'
/** Twelve Data as the fake of it. */
function fakeTwelveData() {
  let mode: Mode = 'ok'
  const asked: URL[] = []
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x')
    asked.push(url)
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    if (url.searchParams.get('apikey') !== KEY) return json(401, { code: 401, message: '**apikey** parameter is incorrect or not specified.', status: 'error' })
    if (mode === 'slow') return void setTimeout(() => json(200, {}), 1_000)
    if (mode === 'notJson') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>')
    if (mode === 'http429') return json(429, { code: 429, message: 'You have run out of API credits for the current minute.', status: 'error' })
    if (mode === 'error') return json(200, { code: 400, message: '**symbol** not found: 0700:HKEX.', status: 'error' })
    if (mode === 'wrongShape') return json(200, { symbol: 'AAPL', close: 'lots' })
    const symbols = (url.searchParams.get('symbol') ?? '').split(',')
    if (url.pathname === '/quote') {
      const one = (s: string) => (s === 'AAPL' ? quoteOf(s, '271.25000', '270.00000') : s === '0700:HKEX' ? quoteOf(s, '625.50000', '620.00000') : { code: 404, message: `symbol ${s} not found`, status: 'error' })
      return json(200, symbols.length === 1 ? one(symbols[0] as string) : Object.fromEntries(symbols.map((s) => [s, one(s)])))
    }
    if (url.pathname === '/time_series') {
      if (url.searchParams.get('timezone') !== 'UTC') return json(200, { code: 400, message: 'bad timezone', status: 'error' })
      const values = url.searchParams.get('interval') === '1min'
        ? // 09:30–09:32 Hong Kong time on 2026-11-25 (01:30 UTC), and the last minute of the 24th
          [['2026-11-25 01:32:00', '624'], ['2026-11-25 01:31:00', '623'], ['2026-11-25 01:30:00', '622'], ['2026-11-24 07:59:00', '620']]
            .map(([datetime, close]) => ({ datetime, open: '621.00000', high: '626.00000', low: '620.00000', close: `${close}.00000`, volume: '1000' }))
        : [['2026-11-24', '620'], ['2026-11-21', '621']].map(([datetime, close]) => ({ datetime, open: '615.00000', high: '622.00000', low: '612.00000', close: `${close}.00000`, volume: '2000000' }))
      return json(200, { meta: { symbol: symbols[0], interval: url.searchParams.get('interval'), exchange: 'HKEX', type: 'Common Stock' }, values, status: 'ok' })
    }
    return json(404, { code: 404, message: 'not found', status: 'error' })
  })
  return {
    asked,
    setMode: (m: Mode) => void (mode = m),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const fake = fakeTwelveData()
let base = ''
const logs: string[] = []
const feedWith = (extra: Partial<ConstructorParameters<typeof TwelveDataFeed>[0]> = {}) =>
  new TwelveDataFeed({ apiKey: KEY, stocks: STOCKS, history: HISTORY, now: () => NOW, baseUrl: base, wsUrl: '', timeoutMs: 2_000, log: (l) => logs.push(l), ...extra })

beforeAll(async () => {
  base = await fake.start()
})
afterAll(() => fake.stop())

describe('Twelve Data adapter', () => {
  it('names symbols as Twelve Data lists them', () => {
    expect(STOCKS.map(vendorSymbol)).toEqual(['0700:HKEX', 'AAPL', 'HSI'])
  })

  it('reads a batch of quotes into cents, with the calendar’s status', async () => {
    fake.setMode('ok')
    const feed = feedWith()
    await feed.refreshQuotes()
    const batch = fake.asked.at(-1) as URL
    expect(batch.pathname).toBe('/quote')
    expect(batch.searchParams.get('symbol')).toBe('0700:HKEX,AAPL,HSI')
    const q = feed.quote('hk00700')
    expect(q).toMatchObject({ stockId: 'hk00700', status: 'trading', priceCents: 62550, prevCloseCents: 62000, openCents: 62000, highCents: 63150, lowCents: 61800, volume: 12_345_600, time: NOW - 60 })
    expect(q.turnover).toBe(Math.round((12_345_600 * (631.5 + 618 + 625.5)) / 3))
    expect(feed.quote('usAAPL')).toMatchObject({ priceCents: 27125, prevCloseCents: 27000, status: 'closed' })
    // a symbol the vendor refuses inside a batch: told, and that stock keeps its stored close
    expect(feed.quote('hkHSI')).toMatchObject({ priceCents: 2580000, volume: 0 })
    expect(logs.some((l) => l.includes('HSI'))).toBe(true)
  })

  it('reads a single-symbol answer', async () => {
    const feed = new TwelveDataFeed({ apiKey: KEY, stocks: [STOCKS[1] as FeedStock], history: new Map(), now: () => NOW, baseUrl: base, wsUrl: '' })
    await feed.refreshQuotes()
    expect(feed.quote('usAAPL').priceCents).toBe(27125)
  })

  it('fetches minute and day bars when a page needs them; day bars go over the stored history', async () => {
    fake.setMode('ok')
    const feed = feedWith()
    await feed.refreshQuotes()
    await feed.prepare({ minute: ['hk00700'], days: ['hk00700'] })
    const series = fake.asked.filter((u) => u.pathname === '/time_series').map((u) => u.searchParams.get('interval'))
    expect(series).toEqual(expect.arrayContaining(['1min', '1day']))
    // a minute's time is its end; only the asked day's minutes, oldest first
    const today = feed.minuteBars('hk00700', day('2026-11-25'))
    expect(today.map((b) => [b.time, b.closeCents])).toEqual([[Date.parse('2026-11-25T01:31:00Z') / 1000, 62200], [Date.parse('2026-11-25T01:32:00Z') / 1000, 62300], [Date.parse('2026-11-25T01:33:00Z') / 1000, 62400]])
    expect(today[0]?.turnover).toBe(1000 * 622)
    expect(feed.recentMinuteBars('hk00700', 2).map((b) => b.closeCents)).toEqual([62300, 62400])
    expect(feed.recentMinuteBars('hk00700', 10)).toHaveLength(4)
    // stored 20th and 21st, the vendor's 21st replaces the stored one, its 24th, and today from the quote
    const days = feed.dayBars('hk00700', 10)
    expect(days.map((b) => [new Date(b.time * 1000).toISOString().slice(0, 10), b.closeCents])).toEqual([['2026-11-20', 61500], ['2026-11-21', 62100], ['2026-11-24', 62000], ['2026-11-25', 62550]])
    expect(feed.dayBars('hk00700', 2, NOW, day('2026-11-24')).map((b) => b.closeCents)).toEqual([61500, 62100])
    // fresh bars are not asked again
    const before = fake.asked.length
    await feed.prepare({ minute: ['hk00700'], days: ['hk00700'] })
    expect(fake.asked.length).toBe(before)
  })

  it('an error answer, an HTTP error, a timeout and a malformed answer are clear errors; the feed keeps its last data', async () => {
    const feed = feedWith()
    fake.setMode('ok')
    await feed.refreshQuotes()
    const cases: [Mode, RegExp][] = [
      ['error', /\/quote: \*\*symbol\*\* not found/],
      ['http429', /HTTP 429: You have run out of API credits/],
      ['notJson', /unexpected format/],
      ['wrongShape', /unexpected format/],
    ]
    for (const [mode, message] of cases) {
      fake.setMode(mode)
      const error = await feed.refreshQuotes().then(() => null, (e: unknown) => e)
      expect(error, mode).toBeInstanceOf(TwelveDataError)
      expect((error as Error).message, mode).toMatch(message)
      expect(feed.quote('hk00700').priceCents, mode).toBe(62550)
    }
    // an answer bigger than the bound is refused
    fake.setMode('ok')
    await expect(feedWith({ maxAnswerBytes: 500 }).refreshQuotes()).rejects.toThrow(/\/quote answered more than 500 bytes/)
    // a call slower than the timeout
    fake.setMode('slow')
    await expect(feedWith({ timeoutMs: 200 }).refreshQuotes()).rejects.toThrow(/\/quote took longer than 200 ms/)
    fake.setMode('error')
    await expect(feed.fetchMinuteBars('hk00700')).rejects.toThrow(/time_series 0700:HKEX: \*\*symbol\*\* not found/)
    // prepare never throws: the failure is told and the reads answer from what is kept
    fake.setMode('notJson')
    await expect(feed.prepare({ minute: ['usAAPL'], days: ['usAAPL'] })).resolves.toBeUndefined()
    expect(feed.minuteBars('usAAPL', day('2026-11-24'))).toEqual([])
    expect(logs.some((l) => /minute bars: .*unexpected format/.test(l))).toBe(true)
    // a wrong key: the vendor's message
    fake.setMode('ok')
    const wrongKey = feedWith({ apiKey: 'nope' })
    await expect(wrongKey.refreshQuotes()).rejects.toThrow(/HTTP 401: \*\*apikey\*\* parameter is incorrect/)
  })

  it('subscribes to pushes and moves quotes by price events; other frames change nothing', async () => {
    fake.setMode('ok')
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: 1 << 20 })
    wss.on('error', () => {})
    await new Promise((resolve) => wss.once('listening', resolve))
    const subscribed = new Promise<{ socket: ServerSocket; message: string; url: string }>((resolve) =>
      wss.on('connection', (socket, req) => {
        socket.on('error', () => {})
        socket.once('message', (m) => resolve({ socket, message: String(m), url: req.url ?? '' }))
      }),
    )
    const feed = feedWith({ wsUrl: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/v1/quotes/price` })
    await feed.start()
    try {
      const { socket, message, url } = await subscribed
      expect(url).toBe(`/v1/quotes/price?apikey=${KEY}`)
      expect(JSON.parse(message)).toEqual({ action: 'subscribe', params: { symbols: '0700:HKEX,AAPL,HSI' } })
      const moved = new Promise<void>((resolve) => {
        const poll = setInterval(() => feed.quote('hk00700').priceCents === 63200 && (clearInterval(poll), resolve()), 10)
      })
      socket.send(JSON.stringify({ event: 'subscribe-status', status: 'ok', success: [{ symbol: '0700:HKEX' }], fails: [] }))
      socket.send('not json')
      socket.send(JSON.stringify({ event: 'price', symbol: '0700:HKEX', price: 'lots', timestamp: NOW }))
      socket.send(JSON.stringify({ event: 'price', symbol: '0700:HKEX', currency: 'HKD', exchange: 'HKEX', type: 'Common Stock', timestamp: NOW, price: 632.0, day_volume: 12_400_000 }))
      await moved
      expect(feed.quote('hk00700')).toMatchObject({ priceCents: 63200, highCents: 63200, volume: 12_400_000, time: NOW })
      // an older event than what is shown changes nothing
      feed.push(JSON.stringify({ event: 'price', symbol: '0700:HKEX', timestamp: NOW - 3600, price: 600 }))
      expect(feed.quote('hk00700').priceCents).toBe(63200)
    } finally {
      feed.close()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    }
  })
})
