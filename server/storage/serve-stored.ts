// Serving a stored object over HTTP with byte ranges (RFC 9110 §14), so a browser's <video> can seek:
// every answer says `Accept-Ranges: bytes`; `Range: bytes=a-b`, `bytes=a-` and `bytes=-n` answer 206
// with `Content-Range: bytes a-b/size` and only those bytes (read from the storage port as a range, never
// the whole file); a range that starts past the end answers 416 with `Content-Range: bytes */size`. A
// header we do not take (several ranges, another unit, nonsense) is ignored and the whole object is sent,
// as the RFC allows. The local default and the S3 adapter both read ranges (storage-port.ts).
import { Readable } from 'node:stream'
import type { ByteRange, StoragePort } from './storage-port'

export type RangeAsked = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' }

/** What a `Range` header asks of an object of `size` bytes. */
export function parseRange(header: string | undefined | null, size: number): RangeAsked {
  if (!header) return { kind: 'whole' }
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' }
  // digits beyond 15 are past any file we store: clamp instead of losing precision
  const num = (s: string) => (s.length > 15 ? Number.MAX_SAFE_INTEGER : Number(s))
  if (m[1] === '') {
    // the last n bytes
    const n = num(m[2]!)
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', range: { start: Math.max(0, size - n), end: size - 1 } }
  }
  const start = num(m[1]!)
  const end = m[2] === '' ? size - 1 : Math.min(num(m[2]!), size - 1)
  if (m[2] !== '' && num(m[2]!) < start) return { kind: 'whole' } // invalid: ignored (RFC 9110 §14.1.1)
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'part', range: { start, end } }
}

/**
 * The stored object under `key` as an HTTP answer: 200 whole, 206 a range, 416 a range past its end;
 * null when nothing is stored there (the caller answers its own 404). `headers` are the caller's
 * (type, caching, disposition, policy); length and range headers are set here.
 */
export async function storedAnswer(storage: StoragePort, key: string, rangeHeader: string | undefined, headers: Record<string, string>): Promise<Response | null> {
  const head = await storage.head(key)
  if (!head) return null
  const asked = parseRange(rangeHeader, head.size)
  const common = { ...headers, 'Accept-Ranges': 'bytes' }
  if (asked.kind === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...common, 'Content-Range': `bytes */${head.size}` } })
  const object = await storage.get(key, asked.kind === 'part' ? asked.range : undefined)
  if (!object) return null
  const body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>
  if (asked.kind === 'whole') return new Response(body, { status: 200, headers: { ...common, 'Content-Length': String(object.size) } })
  const { start, end } = asked.range
  return new Response(body, {
    status: 206,
    headers: { ...common, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${object.size}` },
  })
}
