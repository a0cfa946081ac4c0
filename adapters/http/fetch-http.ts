// The HttpPort on fetch: the only client code that calls fetch (spec 000 §7 'global client
// settings', §8 error catalogue). Every failure is an ApiError; nothing is retried. Uploads go by
// XMLHttpRequest (the only client code that makes one): fetch reports no upload progress.
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import { AnyEnvelope, buildPath, buildQuery, codec, envelope, type Endpoint, type ResultOf } from '../../core/api/endpoint'
import { ApiError, normaliseError, ownMessage } from '../../core/api/api-error'
import type { CallInput, CallOptions, HttpPort, UploadInput, UploadOptions } from '../../core/api/http-port'
import { readCookie } from '../storage/cookies'

export type ClientLang = 'zh-cn' | 'zh-hk'

export interface FetchHttpOptions {
  /** Prefix of every path; '' for the same origin. */
  readonly baseUrl?: string
  readonly fetch?: typeof globalThis.fetch
  /** spec 000 §7: the Client-Lang header, default zh-cn. Asked on every call. */
  readonly getLang?: () => ClientLang
  /** Token for the X-CSRF-Token header; by default the CSRF cookie (readCsrfCookie). */
  readonly getCsrfToken?: () => string | null
  /** Makes the XMLHttpRequest of an upload (tests give a fake); by default the browser's. */
  readonly xhr?: () => XMLHttpRequest
}

/** spec 000 §7: platform 'web', short version '10.7.0'. */
export const PLATFORM = 'web'
export const SHORT_VERSION = '10.7.0'

/** Our choice: 408 Request Timeout, so callers can tell a timeout from a server failure. */
export const TIMEOUT_STATUS = 408
export const TIMEOUT_MESSAGE = '请求超时，请稍后重试'
/** Our choice: 499 (nginx's "client closed request") for a call the caller aborted. */
export const CANCELLED_STATUS = 499
export const CANCELLED_MESSAGE = '请求已取消'
/** Input that fails the endpoint's schema never leaves the browser. */
export const INVALID_INPUT_STATUS = 400
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络后重试'
/** spec 000 §8: a non-object response yields status 500 and 'server error: ...'. */
const SERVER_ERROR_STATUS = 500
const REQUEST_FAILED_MESSAGE = '请求失败，请稍后重试'

/** spec 000 §7: spreadsheet and octet-stream responses pass through. */
const FILE_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/octet-stream',
])

/**
 * The server's CSRF cookie: `__Host-csrf_token` over https (only this origin, over https, can set
 * it), `csrf_token` on plain http (local mode). The prefixed one wins, so a plain cookie tossed in by
 * a sibling subdomain cannot choose the token.
 */
export function readCsrfCookie(cookieString?: string): string | null {
  return readCookie('__Host-csrf_token', cookieString) ?? readCookie('csrf_token', cookieString)
}

export function createFetchHttp(options: FetchHttpOptions = {}): HttpPort {
  const baseUrl = options.baseUrl ?? ''
  // Looked up per call and called unbound: `window.fetch` throws "Illegal invocation" when called as a method of another object.
  const fetchFn: typeof globalThis.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const getLang = options.getLang ?? (() => 'zh-cn')
  const getCsrfToken = options.getCsrfToken ?? (() => readCsrfCookie())

  async function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}, callOptions: CallOptions = {}): Promise<ResultOf<E>> {
    const { url, body } = encodeRequest(endpoint, input, baseUrl)
    const signal = callOptions.signal
    if (signal?.aborted) throw cancelled(signal.reason)

    const headers: Record<string, string> = { 'Client-Lang': getLang(), platform: PLATFORM, shortVersion: SHORT_VERSION }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const csrf = getCsrfToken()
    if (csrf) headers['X-CSRF-Token'] = csrf

    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, endpoint.timeoutMs)
    const onCallerAbort = () => controller.abort()
    signal?.addEventListener('abort', onCallerAbort, { once: true })
    try {
      const response = await fetchFn(url, {
        method: endpoint.method,
        headers,
        body,
        redirect: 'manual', // spec 000 §7: no redirects
        credentials: 'same-origin',
        signal: controller.signal,
      })
      return (await readResponse(endpoint, response)) as ResultOf<E>
    } catch (e) {
      if (timedOut) throw new ApiError({ statusCode: TIMEOUT_STATUS, message: TIMEOUT_MESSAGE, cause: e })
      if (signal?.aborted) throw cancelled(e)
      throw networkError(e) // an ApiError from readResponse passes through normaliseError unchanged
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onCallerAbort)
    }
  }

  const makeXhr = options.xhr ?? (() => new XMLHttpRequest())

  function upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>, uploadOptions: UploadOptions = {}): Promise<ResultOf<E>> {
    return new Promise<ResultOf<E>>((resolve, reject) => {
      const { url } = encodeRequest(endpoint, { params: input.params, query: input.query } as CallInput<Endpoint>, baseUrl)
      const signal = uploadOptions.signal
      if (signal?.aborted) return reject(cancelled(signal.reason))
      const form = new FormData()
      for (const [name, value, fileName] of input.form) {
        if (typeof value === 'string') form.append(name, value)
        else if (fileName !== undefined) form.append(name, value, fileName)
        else form.append(name, value)
      }
      const xhr = makeXhr()
      xhr.open(endpoint.method, url)
      xhr.setRequestHeader('Client-Lang', getLang())
      xhr.setRequestHeader('platform', PLATFORM)
      xhr.setRequestHeader('shortVersion', SHORT_VERSION)
      const csrf = getCsrfToken()
      if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf)
      // the body's Content-Type (multipart with its boundary) is set by the browser from the FormData
      xhr.timeout = endpoint.timeoutMs
      const onAbort = () => xhr.abort()
      const cleanup = () => signal?.removeEventListener('abort', onAbort)
      signal?.addEventListener('abort', onAbort, { once: true })
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) uploadOptions.onProgress?.({ loaded: e.loaded, total: e.total })
      }
      xhr.onload = () => {
        cleanup()
        if (xhr.status >= 300 && xhr.status < 400) return reject(serverError(`redirect (HTTP ${xhr.status})`))
        try {
          resolve(decodeEnvelopeText(endpoint, xhr.responseText, xhr.status) as ResultOf<E>)
        } catch (e) {
          reject(normaliseError(e))
        }
      }
      xhr.onerror = () => {
        cleanup()
        reject(new ApiError({ statusCode: SERVER_ERROR_STATUS, message: NETWORK_ERROR_MESSAGE }))
      }
      xhr.ontimeout = () => {
        cleanup()
        reject(new ApiError({ statusCode: TIMEOUT_STATUS, message: TIMEOUT_MESSAGE }))
      }
      xhr.onabort = () => {
        cleanup()
        reject(cancelled(signal?.reason))
      }
      xhr.send(form)
    })
  }

  return { call, upload }
}

// --- request --------------------------------------------------------------------------------

export function encodeRequest(endpoint: Endpoint, input: CallInput<Endpoint>, baseUrl: string): { url: string; body?: string } {
  const params = encodeInput(endpoint, 'params', input.params ?? {})
  const query = encodeInput(endpoint, 'query', input.query ?? {})
  let path: string
  try {
    path = buildPath(endpoint.path, asRecord(params))
  } catch (e) {
    throw invalidInput(endpoint, ownMessage(e) ?? String(e))
  }
  const url = `${baseUrl}${path}${buildQuery(asRecord(query))}`
  if (endpoint.method === 'GET') return { url }
  return { url, body: JSON.stringify(encodeInput(endpoint, 'body', input.body ?? {})) }
}

/**
 * The wire form of one part of the input. The caller may give the decoded form (`{ count: 10 }`)
 * or, for queries, the wire form itself (`{ count: '10' }`); both are checked by the schema.
 */
function encodeInput(endpoint: Endpoint, part: 'params' | 'query' | 'body', value: unknown): unknown {
  const schema = codec(endpoint[part])
  const encoded = Schema.encodeUnknownResult(schema)(value)
  if (Result.isSuccess(encoded)) return encoded.success
  const decoded = Schema.decodeUnknownResult(schema)(value)
  if (Result.isSuccess(decoded)) {
    const reencoded = Schema.encodeUnknownResult(schema)(decoded.success)
    if (Result.isSuccess(reencoded)) return reencoded.success
  }
  throw invalidInput(endpoint, `${part} ${firstIssue(encoded.failure)}`)
}

function asRecord(u: unknown): Record<string, unknown> {
  return typeof u === 'object' && u !== null ? (u as Record<string, unknown>) : {}
}

// --- response -------------------------------------------------------------------------------

async function readResponse(endpoint: Endpoint, response: Response): Promise<unknown> {
  // With redirect: 'manual' a browser answers an opaque redirect (status 0); Node gives the 3xx itself.
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw serverError(`redirect (HTTP ${response.status})`)
  }
  if (response.ok && FILE_TYPES.has(mediaType(response))) return decodeResult(endpoint, await response.blob())

  const text = await response.text()
  if (endpoint.responseKind === 'text') {
    if (!response.ok) throw new ApiError({ statusCode: response.status, message: `server error: ${snippet(text, response.status)}` })
    return decodeResult(endpoint, text)
  }
  return decodeEnvelopeText(endpoint, text, response.status)
}

/** An envelope answer's text → its decoded `result`, or the ApiError it stands for (also used by uploads). */
export function decodeEnvelopeText(endpoint: Endpoint, text: string, httpStatus: number): unknown {
  const body = parseJson(text)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw serverError(snippet(text, httpStatus))

  const head = Schema.decodeUnknownResult(AnyEnvelope)(body)
  if (Result.isFailure(head)) throw badResponse(endpoint, head.failure)
  const { statusCode, message, result } = head.success
  if (statusCode !== 200) throw new ApiError({ statusCode, message: message || REQUEST_FAILED_MESSAGE, result })

  const full = Schema.decodeUnknownResult(codec(envelope(endpoint.result)))(body)
  if (Result.isFailure(full)) throw badResponse(endpoint, full.failure)
  return (full.success as { result: unknown }).result
}

/** A text or file answer, checked against the endpoint's result schema (Unknown or FileResult). */
function decodeResult(endpoint: Endpoint, value: unknown): unknown {
  const decoded = Schema.decodeUnknownResult(codec(endpoint.result))(value)
  if (Result.isFailure(decoded)) throw badResponse(endpoint, decoded.failure)
  return decoded.success
}

function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** What the 'server error: ...' message shows: the start of the answer, or its HTTP status. */
function snippet(text: string, httpStatus: number): string {
  const t = text.trim()
  if (!t) return `HTTP ${httpStatus}`
  return t.length > 200 ? `${t.slice(0, 200)}…` : t
}

// --- errors ---------------------------------------------------------------------------------

function serverError(detail: string): ApiError {
  return new ApiError({ statusCode: SERVER_ERROR_STATUS, message: `server error: ${detail}` })
}

function badResponse(endpoint: Endpoint, error: Schema.SchemaError): ApiError {
  return new ApiError({
    statusCode: SERVER_ERROR_STATUS,
    message: `响应数据格式错误（${endpoint.name}）：${firstIssue(error)}`,
    cause: error,
  })
}

function invalidInput(endpoint: Endpoint, detail: string): ApiError {
  return new ApiError({ statusCode: INVALID_INPUT_STATUS, message: `请求参数错误（${endpoint.name}）：${detail}` })
}

export function cancelled(cause: unknown): ApiError {
  return new ApiError({ statusCode: CANCELLED_STATUS, message: CANCELLED_MESSAGE, cause })
}

/**
 * spec 000 §8: normalised like any error. fetch signals a network failure with a TypeError whose
 * text ('Failed to fetch', 'Load failed') says nothing to our readers, so that gets ours too.
 */
function networkError(e: unknown): ApiError {
  const normalised = normaliseError(e)
  if (e instanceof TypeError || ownMessage(e) === undefined) {
    return new ApiError({ statusCode: normalised.statusCode, message: NETWORK_ERROR_MESSAGE, cause: e })
  }
  return normalised
}

/** Effect reports the first issue by default: 'Expected number\n  at ["id"]' → one line. */
function firstIssue(error: Schema.SchemaError): string {
  return error.message.replace(/\s*\n\s*/g, ' ')
}

