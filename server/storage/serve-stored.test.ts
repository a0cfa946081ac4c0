// Byte ranges (issue 27: a course video seeks in the browser): the Range header's rule against RFC 9110's
// examples and properties, the local default reading a range from disk, and the real app's /file/ route
// answering 200 / 206 / 416 with Accept-Ranges, Content-Range and the type recorded at upload.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { localStorage } from './local-storage'
import { s3Storage } from './s3-storage'
import { parseRange, storedAnswer } from './serve-stored'
import { createUploadingClient, type UploadingClient } from '../testing/posting-client'

describe('parseRange', () => {
  it("reads RFC 9110's forms on a 10,000-byte object", () => {
    expect(parseRange(undefined, 10_000)).toEqual({ kind: 'whole' })
    expect(parseRange('bytes=0-499', 10_000)).toEqual({ kind: 'part', range: { start: 0, end: 499 } })
    expect(parseRange('bytes=500-999', 10_000)).toEqual({ kind: 'part', range: { start: 500, end: 999 } })
    expect(parseRange('bytes=-500', 10_000)).toEqual({ kind: 'part', range: { start: 9500, end: 9999 } })
    expect(parseRange('bytes=9500-', 10_000)).toEqual({ kind: 'part', range: { start: 9500, end: 9999 } })
    // an end past the object is cut at its last byte; a start past it cannot be met
    expect(parseRange('bytes=9000-20000', 10_000)).toEqual({ kind: 'part', range: { start: 9000, end: 9999 } })
    expect(parseRange('bytes=10000-', 10_000)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-0', 10_000)).toEqual({ kind: 'unsatisfiable' })
    // what we do not take is ignored: the whole object
    for (const h of ['bytes=0-1,5-9', 'items=0-5', 'bytes=5-1', 'bytes=-', 'nonsense', 'bytes=a-b']) expect(parseRange(h, 10_000)).toEqual({ kind: 'whole' })
  })

  it('a part always lies inside the object and is never empty', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.option(fc.nat(2_000_000)), fc.option(fc.nat(2_000_000)), (size, a, b) => {
        const asked = parseRange(`bytes=${a ?? ''}-${b ?? ''}`, size)
        if (asked.kind !== 'part') return true
        return asked.range.start >= 0 && asked.range.start <= asked.range.end && asked.range.end < size
      }),
    )
  })
})

describe('the local default', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gmh-range-test-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))
  const KEY = '202611/0123456789abcdef0123456789abcdef.webm'

  it('reads a range of the stored bytes, knows the size without reading, and answers 200/206/416', async () => {
    const storage = localStorage(dir)
    const src = join(dir, 'src')
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))
    await writeFile(src, bytes)
    await storage.put(KEY, { path: src, size: bytes.length, contentType: 'video/webm' })
    expect(await storage.head(KEY)).toEqual({ size: 1000 })
    expect(await storage.head('202611/' + 'f'.repeat(32) + '.webm')).toBeNull()
    const part = await storage.get(KEY, { start: 10, end: 19 })
    const chunks: Buffer[] = []
    for await (const c of part!.body) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks)).toEqual(bytes.subarray(10, 20))
    expect(part!.size).toBe(1000)

    const whole = (await storedAnswer(storage, KEY, undefined, { 'Content-Type': 'video/webm' }))!
    expect(whole.status).toBe(200)
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes')
    expect(whole.headers.get('Content-Length')).toBe('1000')
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes)
    const tail = (await storedAnswer(storage, KEY, 'bytes=-100', {}))!
    expect(tail.status).toBe(206)
    expect(tail.headers.get('Content-Range')).toBe('bytes 900-999/1000')
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(900))
    const past = (await storedAnswer(storage, KEY, 'bytes=1000-', {}))!
    expect(past.status).toBe(416)
    expect(past.headers.get('Content-Range')).toBe('bytes */1000')
    expect(await storedAnswer(storage, '202611/' + 'f'.repeat(32) + '.webm', 'bytes=0-1', {})).toBeNull()
  })
})

describe('the S3 adapter', () => {
  it('asks the service for the range (signed Range header, 206) and reads the whole size from Content-Range; HEAD for the size', async () => {
    const object = Buffer.from('0123456789abcdefghij')
    const seen: IncomingMessage['headers'][] = []
    const server = createServer((req, res) => {
      seen.push(req.headers)
      const m = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''))
      if (req.method === 'HEAD') {
        res.setHeader('Content-Length', object.length)
        return res.end()
      }
      if (!m) return res.end(object)
      const part = object.subarray(Number(m[1]), Number(m[2]) + 1)
      res.statusCode = 206
      res.setHeader('Content-Range', `bytes ${m[1]}-${m[2]}/${object.length}`)
      res.setHeader('Content-Length', part.length)
      res.end(part)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    try {
      const port = (server.address() as AddressInfo).port
      const s3 = s3Storage({ endpoint: `http://127.0.0.1:${port}`, bucket: 'gmh', region: 'ap-east-1', accessKeyId: 'AK', secretAccessKey: 'SK' })
      const key = '202611/0123456789abcdef0123456789abcdef.mp4'
      expect(await s3.head(key)).toEqual({ size: 20 })
      const part = (await s3.get(key, { start: 5, end: 9 }))!
      let text = ''
      for await (const c of part.body) text += String(c)
      expect(text).toBe('56789')
      expect(part.size).toBe(20)
      expect(seen[1]!.range).toBe('bytes=5-9')
      expect(seen[1]!.authorization).toContain('SignedHeaders=host;range;')
    } finally {
      server.close()
    }
  })
})

describe('GET /file/… on the real app', () => {
  let t: UploadingClient
  beforeAll(async () => {
    t = await createUploadingClient()
  })
  afterAll(() => t.close())

  it('answers a range of an uploaded file with 206, Content-Range, Accept-Ranges and its recorded type', async () => {
    const pdf = new Uint8Array(4000)
    pdf.set(new TextEncoder().encode('%PDF-1.7\n'))
    for (let i = 9; i < pdf.length; i++) pdf[i] = i % 97
    const form = new FormData()
    form.append('file', new Blob([pdf]), 'report.pdf')
    const up = await t.app.request('/api/file/upload/v1', { method: 'POST', headers: t.owner, body: form })
    expect(up.status).toBe(200)
    const url = ((await up.json()) as { result: { list: { url: string }[] } }).result.list[0]!.url

    const whole = await t.app.request(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes')
    expect(whole.headers.get('Content-Type')).toBe('application/pdf')
    expect((await whole.arrayBuffer()).byteLength).toBe(4000)

    const mid = await t.app.request(url, { headers: { Range: 'bytes=2000-2999' } })
    expect(mid.status).toBe(206)
    expect(mid.headers.get('Content-Range')).toBe('bytes 2000-2999/4000')
    expect(mid.headers.get('Content-Length')).toBe('1000')
    expect(mid.headers.get('Content-Type')).toBe('application/pdf')
    expect(new Uint8Array(await mid.arrayBuffer())).toEqual(pdf.subarray(2000, 3000))

    const past = await t.app.request(url, { headers: { Range: 'bytes=4000-' } })
    expect(past.status).toBe(416)
    expect(past.headers.get('Content-Range')).toBe('bytes */4000')
  })
})
