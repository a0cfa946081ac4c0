// Issue 9 'Abuse': POST /s/ (client logs, spec 000 §7) took any size from anyone, cross-site, without a
// token (30 requests wrote 40 MB in 3 s). Now: a 16 KiB body cap, the site's own origin or the CSRF
// header, a rate per address, and only the newest rows are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { LOG_RATE, MAX_LOG_ROWS, storeLogs } from './site'
import { sendLogs } from '../../core/api/content'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const batch = (fileDate: string, lines: string[] = ['a']) => JSON.stringify({ fileDate, logArray: lines, logPageNo: 1 })
const SAME_ORIGIN = { 'Content-Type': 'application/json', Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' }
/** A request as from one network address (the socket's, as @hono/node-server passes it). */
const from = (address: string, body: string, headers: Record<string, string> = SAME_ORIGIN) =>
  t.app.request('/s/', { method: 'POST', body, headers }, { incoming: { socket: { remoteAddress: address } } })
const stored = async (fileDate: string) =>
  (await t.db.kysely.selectFrom('logs').select('id').where('file_date', '=', fileDate).execute()).length

describe('POST /s/ is for the site itself', () => {
  it("stores a same-origin batch and answers 'well done'", async () => {
    const res = await from('198.51.100.1', batch('ok-same'))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('well done')
    expect(await stored('ok-same')).toBe(1)
  })

  it('refuses a cross-site request without the CSRF header, and stores nothing', async () => {
    const attempts: Record<string, string>[] = [
      { 'Content-Type': 'application/json', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-site' },
      { 'Content-Type': 'application/json', Origin: 'null' },
      // no browser headers and no token: a script, not the site
      { 'Content-Type': 'application/json' },
      { 'Content-Type': 'application/json', Cookie: 'csrf_token=abc', 'X-CSRF-Token': 'other' },
    ]
    for (const headers of attempts) {
      const res = await from('198.51.100.2', batch('cross'), headers)
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect((await res.json()).message).toBe('请求已失效，请刷新页面后重试')
    }
    expect(await stored('cross')).toBe(0)
    // the site's own client sends the CSRF header (adapters/http/fetch-http.ts)
    const token = { 'Content-Type': 'application/json', Cookie: 'csrf_token=abc', 'X-CSRF-Token': 'abc' }
    expect((await from('198.51.100.2', batch('token'), token)).status).toBe(200)
  })

  it('caps the body at 16 KiB', async () => {
    expect(sendLogs.maxBodyBytes).toBe(16 * 1024)
    const big = batch('big', ['x'.repeat(3_000), 'y'.repeat(3_000), 'z'.repeat(3_000), 'w'.repeat(3_000), 'v'.repeat(3_000), 'u'.repeat(2_000)])
    expect(big.length).toBeGreaterThan(16 * 1024)
    const res = await from('198.51.100.3', big)
    expect(res.status).toBe(413)
    expect(await stored('big')).toBe(0)
    const fits = batch('fits', ['x'.repeat(3_000), 'y'.repeat(3_000), 'z'.repeat(3_000), 'w'.repeat(3_000), 'v'.repeat(3_000)])
    expect(fits.length).toBeLessThan(16 * 1024)
    expect((await from('198.51.100.3', fits)).status).toBe(200)
  })

  it('limits the rate per address; another address is not affected', async () => {
    for (let i = 0; i < LOG_RATE.max; i++) expect((await from('203.0.113.9', batch('rate'))).status).toBe(200)
    const over = await from('203.0.113.9', batch('rate'))
    expect(over.status).toBe(429)
    expect((await over.json()).message).toBe('请求过于频繁，请稍后再试')
    expect(await stored('rate')).toBe(LOG_RATE.max)
    expect((await from('203.0.113.10', batch('rate-other'))).status).toBe(200)
  })
})

describe('stored logs are capped', () => {
  it('keeps only the newest rows', async () => {
    for (let i = 0; i < 12; i++) await storeLogs(t.db, { fileDate: `cap-${i}`, logArray: ['x'], logPageNo: i }, 'ua', 1, 5)
    const rows = await t.db.kysely.selectFrom('logs').select('file_date').orderBy('id').execute()
    expect(rows.map((r) => r.file_date)).toEqual(['cap-7', 'cap-8', 'cap-9', 'cap-10', 'cap-11'])
    expect(MAX_LOG_ROWS).toBeGreaterThan(0)
  })
})
