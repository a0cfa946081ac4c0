// The API contract: every endpoint the client calls, with the Effect Schemas that the
// server uses to validate and the client uses to decode. Framework-free (no fetch, no Node).
import * as Schema from 'effect/Schema'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** spec 000 §7 / §9: 20000 ms default, 5 s and 25 s for the endpoints that name them. */
export const DEFAULT_TIMEOUT_MS = 20_000
export const SHORT_TIMEOUT_MS = 5_000
export const LONG_TIMEOUT_MS = 25_000

/** The largest request body an endpoint takes unless it names its own `maxBodyBytes`: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/** The envelope every JSON answer is wrapped in: `{ statusCode, message, result }`. */
/**
 * An endpoint's schema as a codec that needs no services (issue 26: the one place this is said).
 * The contract types its schemas as Schema.Top; every one of ours decodes and encodes without
 * services, so the server, the HTTP adapter and the first-screen encoder run them synchronously.
 */
export function codec(schema: Schema.Top): Schema.Codec<unknown, unknown> {
  return schema as Schema.Codec<unknown, unknown>
}

export const envelope = <R extends Schema.Top>(result: R) =>
  Schema.Struct({ statusCode: Schema.Number, message: Schema.String, result })

export const AnyEnvelope = Schema.Struct({
  statusCode: Schema.Number,
  message: Schema.String,
  result: Schema.optional(Schema.Unknown),
})
export type AnyEnvelope = typeof AnyEnvelope.Type

const NoParams = Schema.Struct({})

export interface Endpoint<
  P extends Schema.Top = Schema.Top,
  Q extends Schema.Top = Schema.Top,
  B extends Schema.Top = Schema.Top,
  R extends Schema.Top = Schema.Top,
> {
  readonly name: string
  readonly method: HttpMethod
  /** Path template as in the spec, with `{name}` placeholders: `/api/news/{id}/v3`. */
  readonly path: string
  readonly timeoutMs: number
  /** Path parameters (decoded from strings). */
  readonly params: P
  /** Query string (decoded from strings). */
  readonly query: Q
  /** JSON body; `Schema.Undefined`-like empty struct for none. */
  readonly body: B
  /** The `result` inside the envelope. */
  readonly result: R
  /** Some endpoints answer plain text (logs answer `well done`) instead of the envelope. */
  readonly responseKind: 'envelope' | 'text'
  /**
   * Set when the answer is the same for every reader of one script (public content): the server
   * may reuse it for this many milliseconds. Unset for anything personal or state-changing.
   */
  readonly publicMaxAgeMs: number | undefined
  /** The largest request body taken (bytes); larger ones answer 413 before anything is read. */
  readonly maxBodyBytes: number
  /**
   * Whether a call changes state: every POST, PUT and DELETE, and the GETs of the spec that do
   * (`changesState: true`: logout, the WeChat calls, a coupon exchange, delMyOne). The CSRF check
   * (server/accounts/http.ts) and the write limits (core/limits/endpoint-classes.ts) derive from it.
   */
  readonly changesState: boolean
}

/** What an endpoint declares; everything but `name` and `path` has a default. */
export interface EndpointDef<P extends Schema.Top, Q extends Schema.Top, B extends Schema.Top, R extends Schema.Top> {
  name: string
  method?: HttpMethod
  path: string
  timeoutMs?: number
  params?: P
  query?: Q
  body?: B
  result?: R
  responseKind?: 'envelope' | 'text'
  publicMaxAgeMs?: number
  maxBodyBytes?: number
  /** only for a GET of the spec that changes state; every other method changes state anyway */
  changesState?: true
}

export function endpoint<
  P extends Schema.Top = typeof NoParams,
  Q extends Schema.Top = typeof NoParams,
  B extends Schema.Top = typeof NoParams,
  R extends Schema.Top = typeof Schema.Unknown,
>(def: EndpointDef<P, Q, B, R>): Endpoint<P, Q, B, R> {
  const method = def.method ?? 'GET'
  if (def.changesState && def.publicMaxAgeMs !== undefined) throw new Error(`${def.name}: a call that changes state is never publicly cached`)
  return {
    name: def.name,
    method,
    path: def.path,
    timeoutMs: def.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    params: (def.params ?? NoParams) as P,
    query: (def.query ?? NoParams) as Q,
    body: (def.body ?? NoParams) as B,
    result: (def.result ?? Schema.Unknown) as R,
    responseKind: def.responseKind ?? 'envelope',
    publicMaxAgeMs: def.publicMaxAgeMs,
    maxBodyBytes: def.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    changesState: method !== 'GET' || def.changesState === true,
  }
}

// --- one builder per method -------------------------------------------------------------------
// The contract files declare an endpoint as `get(name, path, parts)`: the method is the builder's
// name, the endpoint's name and the spec's path come first, and `parts` says only what this call has
// (params, query, body, result, a timeout, a public max age). `endpoint(def)` stays for anything else.

/** What a builder takes after the name and the path. */
export type EndpointParts<P extends Schema.Top, Q extends Schema.Top, B extends Schema.Top, R extends Schema.Top> = Omit<
  EndpointDef<P, Q, B, R>,
  'name' | 'path' | 'method'
>

/** Public content (the same answer for every reader of one script) may be reused by the server for a second. */
export const PUBLIC_MAX_AGE_MS = 1_000

/**
 * A builder of endpoints of one method. `Unsaid` names what its endpoints never declare: a write
 * (POST, PUT, DELETE) always changes state and is never publicly cached.
 */
function builder<Unsaid extends keyof EndpointDef<Schema.Top, Schema.Top, Schema.Top, Schema.Top> = never>(
  method: HttpMethod,
  defaults: { publicMaxAgeMs?: number } = {},
) {
  return <
    P extends Schema.Top = typeof NoParams,
    Q extends Schema.Top = typeof NoParams,
    B extends Schema.Top = typeof NoParams,
    R extends Schema.Top = typeof Schema.Unknown,
  >(
    name: string,
    path: string,
    parts?: Omit<EndpointParts<P, Q, B, R>, Unsaid>,
  ): Endpoint<P, Q, B, R> => endpoint<P, Q, B, R>({ ...defaults, ...parts, name, path, method })
}

/** A GET; `changesState: true` for the spec's GETs that change state (logout, the WeChat calls…). */
export const get = builder('GET')
/** A GET of public content: the server may reuse its answer for `publicMaxAgeMs` (PUBLIC_MAX_AGE_MS unless given). */
export const publicGet = builder<'changesState'>('GET', { publicMaxAgeMs: PUBLIC_MAX_AGE_MS })
/** A POST: it changes state (CSRF-checked and write-limited). */
export const post = builder<'changesState' | 'publicMaxAgeMs'>('POST')
/** A PUT: it changes state. */
export const put = builder<'changesState' | 'publicMaxAgeMs'>('PUT')
/** A DELETE: it changes state (`delete` is a reserved word, hence `del`). */
export const del = builder<'changesState' | 'publicMaxAgeMs'>('DELETE')

/** `/api/news/{id}/v3` + `{ id: 5 }` → `/api/news/5/v3`. Values are URI-encoded. */
export function buildPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\??\}/g, (_, key: string) => {
    const v = params[key]
    if (v === undefined || v === null) throw new Error(`missing path parameter ${key} for ${template}`)
    return encodeURIComponent(String(v))
  })
}

/** `/api/news/{id}/v3` → `/api/news/:id/v3` (router syntax used by the server). */
export function routerPath(template: string): string {
  return template.replace(/\{(\w+)\??\}/g, ':$1')
}

/** Query object → `?a=1&b=2` (undefined values dropped, arrays joined by commas). */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const parts: string[] = []
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue
    const s = Array.isArray(v) ? v.join(',') : String(v)
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(s)}`)
  }
  return parts.length ? `?${parts.join('&')}` : ''
}

// `any` in these conditional types matches an Endpoint whatever its other type arguments (Schema
// types are invariant, so `unknown` would not match); it never reaches a value.
/* eslint-disable @typescript-eslint/no-explicit-any -- infer positions of the type helpers below only */
export type ParamsOf<E> = E extends Endpoint<infer P, any, any, any> ? P['Type'] : never
export type QueryOf<E> = E extends Endpoint<any, infer Q, any, any> ? Q['Type'] : never
export type BodyOf<E> = E extends Endpoint<any, any, infer B, any> ? B['Type'] : never
export type ResultOf<E> = E extends Endpoint<any, any, any, infer R> ? R['Type'] : never
/** What a caller passes for the query: the encoded (string) side is what goes on the wire. */
export type QueryInput<E> = E extends Endpoint<any, infer Q, any, any> ? Q['Encoded'] | Q['Type'] : never
/* eslint-enable @typescript-eslint/no-explicit-any -- end of the type helpers */
