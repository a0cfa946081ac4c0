// Compression on the wire. Built assets are compressed once at build time (vite.config.ts writes
// a .br and a .gz next to each) and served by Accept-Encoding (static.ts); JSON and HTML answers
// are compressed here at run time.
//
// Run time: gzip level 1, chosen by `BENCH_ONLY=compression-levels npm run bench` (node 20 zlib, this
// 2-core machine under load, so times are rough; ratios held over three runs). On the home feed
// answer (12.0 KB JSON) and the home HTML with its inlined data (17.7 KB):
//   gzip 1    saves 66–67 %  at 0.05–0.12 ms/KB
//   gzip 6    saves 68–69 %  at ~2× gzip 1's time
//   brotli 1  saves 65–66 %  at about gzip 1's time
//   brotli 4  saves 69 %     at 2–3× gzip 1's time
//   brotli 5  saves 73–74 %  at 3–5× gzip 1's time
// Answers change every second or per reader, so time per KB matters more than the last few hundred
// bytes; cached public answers keep their compressed bytes (route.ts), so a busy feed pays once per
// second, not once per request. Built assets, compressed once, get brotli 11 (vite.config.ts).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

export type Encoding = 'br' | 'gzip'

/** Answers smaller than this go as they are: compressing them saves less than a packet. */
export const MIN_COMPRESS_BYTES = 1024

export const RUNTIME_ENCODINGS: readonly Encoding[] = ['gzip']
export const RUNTIME_GZIP_LEVEL = 1

/** Types compressed at run time. Never text/event-stream: SSE must reach the reader event by event. */
const COMPRESSIBLE = /^(?:application\/(?:json|manifest\+json|xml|rss\+xml)|text\/(?:html|plain|xml|css|javascript))\b/i

/**
 * The encoding to send, from what the request accepts (`Accept-Encoding`, q-values honoured) and
 * what we can offer, in our order of preference; null → identity.
 */
export function pickEncoding(acceptEncoding: string | undefined | null, offered: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding || offered.length === 0) return null
  // browsers send one of a handful of headers: remembered per header and offer (bounded), parsed once
  const key = `${offered.join(',')}|${acceptEncoding}`
  const known = picked.get(key)
  if (known !== undefined) return known
  const choice = parseAndPick(acceptEncoding, offered)
  if (picked.size >= PICKED_MAX) picked.clear()
  picked.set(key, choice)
  return choice
}
const PICKED_MAX = 256
const picked = new Map<string, Encoding | null>()

function parseAndPick(acceptEncoding: string, offered: readonly Encoding[]): Encoding | null {
  const q = new Map<string, number>()
  for (const part of acceptEncoding.slice(0, 512).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    let weight = 1
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)
      if (m) weight = Number(m[1])
    }
    if (Number.isFinite(weight)) q.set(name, weight)
  }
  let best: Encoding | null = null
  let bestQ = 0
  for (const enc of offered) {
    const w = q.get(enc) ?? q.get('*') ?? 0
    if (w > bestQ) {
      best = enc
      bestQ = w
    }
  }
  return best
}

export function compress(bytes: Uint8Array, encoding: Encoding): Uint8Array {
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } })
    : gzipSync(bytes, { level: RUNTIME_GZIP_LEVEL })
}

/** Adds Accept-Encoding to a Vary header value. */
export function varyOnEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding'
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) return vary
  return `${vary}, Accept-Encoding`
}

/**
 * JSON and HTML answers of MIN_COMPRESS_BYTES or more, compressed with gzip. Answers that already
 * carry a Content-Encoding (cached API answers, precompressed assets), streams (SSE) and other
 * types pass untouched.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    // status and headers first: reading `res.body` makes @hono/node-server build a whole fetch Response
    // (a body stream), which an answer already compressed by route.ts (every API answer) never needs
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return
    if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return
    const length = Number(res.headers.get('Content-Length') ?? NaN)
    if (length < MIN_COMPRESS_BYTES || !res.body) return
    const bytes = new Uint8Array(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    let body: Uint8Array = bytes
    if (bytes.byteLength >= MIN_COMPRESS_BYTES) {
      headers.set('Vary', varyOnEncoding(headers.get('Vary')))
      const encoding = pickEncoding(c.req.header('Accept-Encoding'), RUNTIME_ENCODINGS)
      if (encoding) {
        body = compress(bytes, encoding)
        headers.set('Content-Encoding', encoding)
      }
    }
    headers.set('Content-Length', String(body.byteLength))
    c.res = undefined // replace, not merge: the old Content-Length must not come back
    c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers })
  }
}
