// Compression on the wire and cacheable static answers, on the real app (issue 11).
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { MIN_COMPRESS_BYTES, pickEncoding } from './compression'

const ASSET = '/assets/index-Abc123_xyz.js'
const SOURCE = `export const greeting = ${JSON.stringify('早晨 '.repeat(2000))};\n`
let t: TestApp
let staticDir: string

beforeAll(async () => {
  // a fake build: one hashed asset with the .br and .gz the build writes next to it, and index.html
  staticDir = await mkdtemp(join(tmpdir(), 'static-test-'))
  await mkdir(join(staticDir, 'assets'))
  await writeFile(join(staticDir, ASSET), SOURCE)
  await writeFile(join(staticDir, ASSET + '.br'), brotliCompressSync(SOURCE))
  await writeFile(join(staticDir, ASSET + '.gz'), gzipSync(SOURCE))
  await writeFile(join(staticDir, 'assets', 'small-Abc123_xyz.css'), 'a{color:red}')
  await writeFile(join(staticDir, 'index.html'), `<!doctype html><html><head><title>港美汇</title></head><body><div id="root"></div><script type="module" src="${ASSET}"></script></body></html>`)
  t = await createTestApp({ staticDir })
})
afterAll(async () => {
  await t?.close()
  await rm(staticDir, { recursive: true, force: true })
})

describe('built assets', () => {
  it('are sent as brotli when the reader accepts it, with Vary, type and length', async () => {
    const res = await t.request(ASSET, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.headers.get('content-length')).toBe(String(body.byteLength))
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(SOURCE) / 10)
    expect(brotliDecompressSync(body).toString()).toBe(SOURCE)
  })
  it('are sent as gzip to a reader without brotli, and as they are to one that accepts neither', async () => {
    const gz = await t.request(ASSET, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SOURCE)

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await t.request(ASSET, { headers: accept ? { 'Accept-Encoding': accept } : {} })
      expect(res.headers.get('content-encoding'), `Accept-Encoding: ${accept}`).toBeNull()
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
      const body = Buffer.from(await res.arrayBuffer())
      expect(body.toString()).toBe(SOURCE)
      expect(res.headers.get('content-length')).toBe(String(body.byteLength))
    }
  })
  it('carry no Set-Cookie (a CDN may keep them); HTML and API answers still set the CSRF cookie', async () => {
    for (const path of [ASSET, '/assets/small-Abc123_xyz.css', '/covers/3.svg']) {
      const res = await t.request(path, { headers: { 'Accept-Encoding': 'br' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('set-cookie'), path).toBeNull()
      expect(res.headers.get('cache-control'), path).toContain('max-age=31536000')
    }
    const html = await t.request('/', { headers: { Accept: 'text/html' } })
    expect(html.headers.get('set-cookie')).toMatch(/csrf_token=/)
    const api = await t.request('/api/user/login/timeout')
    expect(api.headers.get('set-cookie')).toMatch(/csrf_token=/)
  })
})

describe('answers compressed at run time', () => {
  it('a JSON answer over 1 KB goes gzip-compressed when accepted, and the same JSON without', async () => {
    const path = '/api/channels/home/articles/v8'
    const plain = await t.request(path)
    const plainText = await plain.text()
    expect(Buffer.byteLength(plainText)).toBeGreaterThan(MIN_COMPRESS_BYTES)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i)

    const res = await t.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.headers.get('content-length')).toBe(String(body.byteLength))
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(plainText))
    expect(gunzipSync(body).toString()).toBe(plainText)
  })
  it('a small JSON answer goes as it is', async () => {
    const res = await t.request('/api/user/login/timeout', { headers: { 'Accept-Encoding': 'gzip, br' } })
    const text = await res.text()
    expect(Buffer.byteLength(text)).toBeLessThan(MIN_COMPRESS_BYTES)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(text).statusCode).toBe(200)
  })
  it('the home HTML with its inlined data goes gzip-compressed', async () => {
    const res = await t.request('/', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString()
    expect(html).toContain('<div id="root">') // the page's own title is tested in server/seo
    expect(html).toContain('application/json')
  })
  it('live quotes (SSE) are not compressed and arrive event by event', async () => {
    const res = await t.request('/hq/stocks/stream?stockCodes=hk00700', { headers: { 'Accept-Encoding': 'gzip, br', Accept: 'text/event-stream' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('content-encoding')).toBeNull()
    // the stream never ends: reading its first events proves nothing waits for the whole body
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (!text.includes('event: quote')) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    await reader.cancel()
    expect(text).toContain('event: ready')
    expect(text).toContain('event: quote')
  })
})

describe('pickEncoding', () => {
  it('honours q-values and our order of preference', () => {
    expect(pickEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br')
    expect(pickEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip')
    expect(pickEncoding('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip;q=0', ['br', 'gzip'])).toBeNull()
    expect(pickEncoding('*', ['br', 'gzip'])).toBe('br')
    expect(pickEncoding('identity', ['br', 'gzip'])).toBeNull()
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeNull()
    expect(pickEncoding('br', [])).toBeNull()
  })
})
