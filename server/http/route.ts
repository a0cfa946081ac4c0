// One helper registers every route from its core endpoint: decode params, query and body with the
// endpoint's schemas (400 with a Chinese message on bad input), run the handler, localise the text
// for zh-hk, and encode the answer with envelope(endpoint.result).
import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import * as SchemaIssue from 'effect/SchemaIssue'
import { codec, DEFAULT_MAX_BODY_BYTES, envelope, routerPath, type Endpoint } from '../../core/api/endpoint'
import { contentLang, localiseToHk, toHk, type ContentLang } from '../i18n/to-hk'
import { ApiError, failure, MESSAGES } from './api-error'
import { issueMessage, nulMessage, nulPath } from './issue-message'
import { MicroCache } from './micro-cache'
import { compress, MIN_COMPRESS_BYTES, pickEncoding, RUNTIME_ENCODINGS, varyOnEncoding, type Encoding } from './compression'

export interface HandlerInput<E extends Endpoint> {
  params: E['params']['Type']
  query: E['query']['Type']
  body: E['body']['Type']
  lang: ContentLang
  c: Context
}

/** What a handler answers: the endpoint's result (its text for `responseKind: 'text'`). */
export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<E['result']['Type']> | E['result']['Type']

type Decoded<T> = { ok: true; value: T } | { ok: false; message: string }

function decoder<S extends Schema.Top>(schema: S, what: '参数' | '请求体') {
  const decode = Schema.decodeUnknownResult(codec(schema))
  return (input: unknown): Decoded<S['Type']> => {
    const nul = nulPath(input)
    if (nul !== undefined) return { ok: false, message: nulMessage(nul, what) }
    const r = decode(input)
    return Result.isSuccess(r) ? { ok: true, value: r.success as S['Type'] } : { ok: false, message: issueMessage(schema, r.failure, what) }
  }
}

const hasBody = (method: string) => method === 'POST' || method === 'PUT'

/** An answer as kept in the public cache; `afterCsrf`: its route runs after the CSRF middleware (server/http/fast-path.ts). */
export type Answer = { status: number; json: string; afterCsrf?: boolean }
type Sent = { readonly headers: Readonly<Record<string, string>>; readonly body: Uint8Array }
/** An answer's bytes and headers as sent, per encoding, made once: a cached answer is compressed once. */
const encoded = new WeakMap<Answer, { raw: Uint8Array; identity?: Sent; gzip?: Sent; br?: Sent }>()
const utf8 = new TextEncoder()

/**
 * The answer as sent, for a reader who accepts `acceptEncoding`: compressed (gzip, see compression.ts)
 * when it is big enough and the reader accepts it; its headers. route() and the fast path send these
 * (the same object for every reader of an answer who accepts the same: never changed).
 */
export function answerBytes(answer: Answer, acceptEncoding: string | undefined): Sent {
  let bytes = encoded.get(answer)
  if (!bytes) encoded.set(answer, (bytes = { raw: utf8.encode(answer.json) }))
  const big = bytes.raw.byteLength >= MIN_COMPRESS_BYTES
  const encoding: Encoding | null = big ? pickEncoding(acceptEncoding, RUNTIME_ENCODINGS) : null
  const known = bytes[encoding ?? 'identity']
  if (known) return known
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=UTF-8' }
  let body = bytes.raw
  if (big) headers.Vary = varyOnEncoding(null)
  if (encoding) {
    body = compress(bytes.raw, encoding)
    headers['Content-Encoding'] = encoding
  }
  headers['Content-Length'] = String(body.byteLength)
  return (bytes[encoding ?? 'identity'] = { headers, body })
}

function send(c: Context, answer: Answer) {
  // no middleware sets Vary before a route answers; reading c.res here would make Hono merge a
  // response of its own into ours, which costs @hono/node-server a whole fetch Response per request
  const { headers, body } = answerBytes(answer, c.req.header('Accept-Encoding'))
  return c.body(body as Uint8Array<ArrayBuffer>, answer.status as ContentfulStatusCode, headers)
}

/**
 * The key of a public answer: the script, the Host and the request line's URL as the reader sent them,
 * so the fast path (server/http/fast-path.ts) finds from node's request exactly what route() kept.
 */
export const publicAnswerKey = (lang: ContentLang, host: string | undefined, rawUrl: string): string => `${lang} ${host ?? ''} ${rawUrl}`

/** The request line's URL: node's own under @hono/node-server; path and query of the Request otherwise (app.request in tests). */
function rawUrlOf(c: Context): string {
  const incoming = (c.env as { incoming?: { url?: string } } | undefined)?.incoming
  if (incoming?.url !== undefined) return incoming.url
  const url = c.req.url
  const start = url.indexOf('/', url.indexOf('//') + 2)
  return start < 0 ? '/' : url.slice(start)
}

/** Per app: whether the CSRF middleware is registered yet (it sets the CSRF cookie on the routes after it). */
const csrfRegistered = new WeakSet<Hono>()
/** Called where the CSRF middleware is registered (server/accounts/routes.ts). */
export function markCsrfMiddleware(app: Hono): void {
  csrfRegistered.add(app)
}

/**
 * One cache of public answers per app (see Endpoint.publicMaxAgeMs). Per process (issue 30): a write made
 * through another process is seen here within the endpoint's publicMaxAgeMs (1 s by default; 10 s, 30 s or
 * 60 s where the contract says so); public answers only, the same for every guest (docs/deploy.md).
 */
const caches = new WeakMap<Hono, MicroCache<Answer>>()
export function answerCache(app: Hono): MicroCache<Answer> {
  let cache = caches.get(app)
  if (!cache) caches.set(app, (cache = new MicroCache<Answer>()))
  return cache
}

/** Per app: `METHOD /path` → the body limit of an endpoint that takes more than the default. */
const largeBodies = new WeakMap<Hono, Map<string, number>>()

/**
 * The body limit for a request (the global bodyLimit middleware in server/app.ts asks before any
 * body is read): the endpoint's own `maxBodyBytes` where it names one, else the default.
 */
export function bodyLimitOf(app: Hono, method: string, path: string): number {
  return largeBodies.get(app)?.get(`${method} ${path}`) ?? DEFAULT_MAX_BODY_BYTES
}

/** Registers an endpoint's own body limit (route() does; a route written by hand, like an upload, calls it). */
export function allowLargeBody(app: Hono, endpoint: Endpoint): void {
  if (endpoint.maxBodyBytes === DEFAULT_MAX_BODY_BYTES) return
  // looked up by the request's path as it is: an own limit (larger, or smaller like POST /s/) is for a path without parameters
  if (endpoint.path.includes('{')) throw new Error(`${endpoint.name}: an own maxBodyBytes needs a path without parameters`)
  let map = largeBodies.get(app)
  if (!map) largeBodies.set(app, (map = new Map()))
  map.set(`${endpoint.method} ${endpoint.path}`, endpoint.maxBodyBytes)
}

/** Messages are written in zh-cn (core and server); a zh-hk reader gets them converted like results. */
export const messageFor = (lang: ContentLang, message: string): string => (lang === 'zh-hk' ? toHk(message) : message)

export function route<E extends Endpoint>(app: Hono, endpoint: E, handler: Handler<E>): void {
  const decodeParams = decoder(endpoint.params, '参数')
  const decodeQuery = decoder(endpoint.query, '参数')
  const decodeBody = decoder(endpoint.body, '请求体')
  const encodeAnswer = Schema.encodeUnknownResult(codec(envelope(endpoint.result)))
  allowLargeBody(app, endpoint)

  const maxAge = endpoint.method === 'GET' ? endpoint.publicMaxAgeMs : undefined
  const afterCsrf = csrfRegistered.has(app)
  app.on(endpoint.method, routerPath(endpoint.path), async (c) => {
    const lang = contentLang(c.req.header('Client-Lang'))
    // A fresh public answer for this very URL was decoded and produced a moment ago (only 200s are
    // kept): send it before decoding again. The busiest reads then cost little more than the bytes.
    const cacheKey = maxAge ? publicAnswerKey(lang, c.req.header('host'), rawUrlOf(c)) : ''
    if (maxAge) {
      const hit = answerCache(app).peek(cacheKey)
      if (hit) return send(c, hit)
    }
    const bad = (message: string) => c.json(failure(400, messageFor(lang, message)), 400)
    const params = decodeParams(c.req.param())
    if (!params.ok) return bad(params.message)
    const query = decodeQuery(c.req.query())
    if (!query.ok) return bad(query.message)
    let bodyValue: unknown = {}
    // a DELETE may carry a body (the spec's DELETE /api/portfolio/follow/v1 {portfolioCodeList}); none is {}
    if (hasBody(endpoint.method) || endpoint.method === 'DELETE') {
      const text = await c.req.text()
      try {
        bodyValue = text.trim() === '' ? (endpoint.method === 'DELETE' ? {} : undefined) : JSON.parse(text)
      } catch {
        return bad(MESSAGES.badJson)
      }
    }
    const body = decodeBody(bodyValue)
    if (!body.ok) return bad(body.message)

    if (endpoint.responseKind === 'text') {
      try {
        return c.text(String(await handler({ params: params.value, query: query.value, body: body.value, lang, c })))
      } catch (error) {
        if (error instanceof ApiError) return c.json(failure(error.status, messageFor(lang, error.message)), error.status as ContentfulStatusCode)
        throw error
      }
    }
    const produce = async (): Promise<Answer> => {
      let result: unknown
      try {
        result = await handler({ params: params.value, query: query.value, body: body.value, lang, c })
      } catch (error) {
        if (error instanceof ApiError) return { status: error.status, json: JSON.stringify(failure(error.status, messageFor(lang, error.message))) }
        throw error
      }
      const localised = lang === 'zh-hk' ? localiseToHk(result) : result
      const encoded = encodeAnswer({ statusCode: 200, message: MESSAGES.ok, result: localised })
      if (Result.isFailure(encoded)) {
        // the handler broke the contract: a server bug, never the client's fault
        // (which field, not its value: the value may be a reader's data, and this lands in the log)
        const at = SchemaIssue.makeFormatterStandardSchemaV1()(encoded.failure.issue).issues[0]?.path?.map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p)).join('.') ?? ''
        throw new Error(`${endpoint.name}: result does not match the contract at ${at || 'the root'}`)
      }
      return { status: 200, json: JSON.stringify(encoded.success), afterCsrf }
    }
    const answer = maxAge
      ? await answerCache(app).get(cacheKey, maxAge, produce, (a) => a.status === 200)
      : await produce()
    return send(c, answer)
  })
}
