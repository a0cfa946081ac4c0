// The market routes on the real feed (issue 24): with MARKET_FEED=twelvedata the quotes, rankings,
// minute line and k-line a reader sees are the vendor's (a local fake of Twelve Data), not the walk.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/test-db'
import { registerMarket } from './routes'

const KEY = 'td-routes-key'
/** Wednesday 2026-11-25 11:00 Hong Kong time: HKEX trading */
const NOW_MS = Date.parse('2026-11-25T03:00:00Z')
const asked: string[] = []
const server: Server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  asked.push(`${url.pathname} ${url.searchParams.get('interval') ?? ''}`)
  const json = (body: unknown) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
  if (url.searchParams.get('apikey') !== KEY) return json({ code: 401, message: 'bad key', status: 'error' })
  const symbols = (url.searchParams.get('symbol') ?? '').split(',')
  if (url.pathname === '/quote') {
    // every symbol at 100.00 after 98.00 (+2.04 %), Tencent at 625.50 after 620.00 (+0.89 %: the last of a ranking by change)
    const q = (s: string) =>
      s === '0700:HKEX'
        ? { symbol: s, timestamp: NOW_MS / 1000 - 60, open: '620', high: '626', low: '618', close: '625.5', previous_close: '620', volume: '1000' }
        : { symbol: s, timestamp: NOW_MS / 1000 - 60, open: '99', high: '101', low: '97.5', close: '100', previous_close: '98', volume: '1000' }
    return json(Object.fromEntries(symbols.map((s) => [s, q(s)])))
  }
  if (url.searchParams.get('interval') === '1min') {
    return json({ meta: {}, status: 'ok', values: [['01:31', '623.5'], ['01:30', '622']].map(([hm, close]) => ({ datetime: `2026-11-25 ${hm}:00`, open: '621', high: '624', low: '620', close, volume: '500' })) })
  }
  return json({ meta: {}, status: 'ok', values: [{ datetime: '2026-11-24', open: '615', high: '622', low: '612', close: '620', volume: '2000000' }] })
})

let t: TestDb
let app: Hono
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely; the assertions name the fields
const get = async (path: string): Promise<any> => {
  const res = await app.request(path)
  expect(res.status, path).toBe(200)
  return ((await res.json()) as { result: unknown }).result
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  t = await createTestDb()
  app = new Hono()
  const env = { MARKET_FEED: 'twelvedata', TWELVEDATA_API_KEY: KEY, TWELVEDATA_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, TWELVEDATA_WS_URL: '' }
  registerMarket(app, { db: t.db, clock: () => NOW_MS, env })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('market routes on Twelve Data', () => {
  it('quotes and rankings are the vendor’s', async () => {
    const [hk] = await get('/hq/stocks/net-change?stockCodes=hk00700')
    expect(hk).toMatchObject({ stockCode: 'hk00700', status: 'trading', price: 62550, prevClose: 62000, change: 550 })
    const rank = await get('/hq/hk/stock/rank/detail/v1?sort=changePercent&order=asc&limit=1')
    expect(rank.list[0]).toMatchObject({ id: 'hk00700', price: 62550 })
  })

  it('the minute line and the day k-line come from its bars, fetched when asked', async () => {
    const line = await get('/hq/hk/minute-line/00700/v2')
    expect(line.days[0].points.map((p: { price: number }) => p.price)).toEqual([62200, 62350])
    const k = await get('/hq/hk/kline/day/00700/v2?count=3')
    expect(k.list.map((b: { close: number }) => b.close)).toEqual([expect.any(Number), 62000, 62550])
    expect(asked).toEqual(expect.arrayContaining(['/quote ', '/time_series 1min', '/time_series 1day']))
  })

  it('quote info: the vendor’s price and range, no invented order book', async () => {
    const q = await get('/hq/hk/quote-info/00700/v2')
    expect(q).toMatchObject({ price: 62550, high: 62600, low: 61800, bidVolume: 0, askVolume: 0 })
    expect(q.high52w).toBeGreaterThanOrEqual(62600)
    expect(q.low52w).toBeLessThanOrEqual(61800)
  })
})
