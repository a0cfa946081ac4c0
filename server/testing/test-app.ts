// The real app on a test database, with a small client that decodes answers with the core schemas.
import * as Schema from 'effect/Schema'
import type { Hono } from 'hono'
import { AnyEnvelope, envelope, type Endpoint } from '../../core/api/endpoint'
import { createApp } from '../app'
import { scaledLimits, WRITE_LIMITS, type WriteLimitTable } from '../../core/limits/write-limits'
import { createTestDb, TEST_NOW, type TestDb } from './test-db'

export interface TestApp extends TestDb {
  app: Hono
  /** raw request */
  request(path: string, init?: RequestInit): Promise<Response>
  /** GET → { status, body } where body is the parsed JSON envelope */
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: AnyEnvelope; headers: Headers }>
  /** GET and decode `result` with the endpoint's schema (fails the test on a contract mismatch) */
  getOk<E extends Endpoint>(endpoint: E, path: string, headers?: Record<string, string>): Promise<E['result']['Type']>
}

/**
 * The write limits × 1000: for tests that make many writes from one account (on a clock that stands
 * still) but are not about limits. server/http/write-limit.test.ts tests the real ones.
 */
export const GENEROUS_WRITE_LIMITS: WriteLimitTable = scaledLimits(WRITE_LIMITS, 1000)

export async function createTestApp(options: { staticDir?: string; writeLimits?: WriteLimitTable } = {}): Promise<TestApp> {
  const testDb = await createTestDb()
  const app = createApp({ db: testDb.db, clock: () => TEST_NOW * 1000, staticDir: options.staticDir ?? '/nonexistent-static-dir', writeLimits: options.writeLimits ?? GENEROUS_WRITE_LIMITS })
  const request = async (path: string, init?: RequestInit) => app.request(path, init)
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await request(path, { headers })
    const json: unknown = await res.json()
    return { status: res.status, body: Schema.decodeUnknownSync(AnyEnvelope)(json), headers: res.headers }
  }
  const getOk = async <E extends Endpoint>(endpoint: E, path: string, headers: Record<string, string> = {}) => {
    const res = await request(path, { headers })
    const json: unknown = await res.json()
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`)
    const decoded = Schema.decodeUnknownSync(envelope(endpoint.result) as unknown as Schema.Codec<{ statusCode: number; result: unknown }, unknown>)(json)
    if (decoded.statusCode !== 200) throw new Error(`${path}: statusCode ${decoded.statusCode}`)
    return decoded.result as E['result']['Type']
  }
  return { ...testDb, app, request, get, getOk }
}

/** Friday 14 November 2025, 11:00 in Hong Kong: a live HK session while New York is closed. */
export const LIVE_HK_SESSION = '2025-11-14T03:00:00Z'

/**
 * What `make` makes, with process.env[name] set to `value` from now on; its close() puts the variable
 * back as it was (for the settings the app reads at each request: MARKET_TIME, UPLOAD_DIR).
 */
export async function withEnv<T extends { close(): Promise<void> }>(name: string, value: string, make: () => Promise<T>): Promise<T> {
  const before = process.env[name]
  process.env[name] = value
  const made = await make()
  const close = async () => {
    if (before === undefined) delete process.env[name]
    else process.env[name] = before
    await made.close()
  }
  return { ...made, close }
}

/** The test app with the market simulator's clock pinned at `iso` (MARKET_TIME; a test may move it). */
export const createMarketTestApp = (iso: string = LIVE_HK_SESSION): Promise<TestApp> => withEnv('MARKET_TIME', iso, () => createTestApp())
