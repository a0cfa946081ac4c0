// JSON calls on the real app as the client's HTTP adapter makes them: a POST or PUT always carries a
// JSON body ({} when it has none); the answer keeps the status, the envelope and the headers.
import type { Hono } from 'hono'
import * as Schema from 'effect/Schema'
import { envelope, type Endpoint } from '../../core/api/endpoint'

export interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the envelope carries
  body: { statusCode: number; message: string; result: any }
  headers: Headers
}

export interface JsonCalls {
  /** `body` as JSON (a string is sent as it is); `env` is the connection (e.g. LOOPBACK for a sandbox) */
  call(method: string, path: string, headers: Record<string, string>, body?: unknown, env?: unknown): Promise<Answer>
  /** the call's `result`; anything but a 200 fails the test */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the result as the test reads it
  ok(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<any>
  /** the call's `result` decoded with the endpoint's own schema (the contract holds); anything but a 200 fails the test */
  decoded<E extends Endpoint>(e: E, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<E['result']['Type']>
}

/**
 * Calls on `app()` — asked at each call, so a test file may make its app in beforeAll. `defaultEnv` is
 * the connection of the calls that name none.
 */
export function jsonCalls(app: () => Hono, defaultEnv?: unknown): JsonCalls {
  const call: JsonCalls['call'] = async (method, path, headers, body, env = defaultEnv) => {
    if (body === undefined && (method === 'POST' || method === 'PUT')) body = {}
    const init: RequestInit = { method, headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) } }
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
    const res = await app().request(path, init, env)
    return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers }
  }
  const ok: JsonCalls['ok'] = async (method, path, headers, body) => {
    const a = await call(method, path, headers, body)
    if (a.status !== 200) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`)
    return a.body.result
  }
  const decoded: JsonCalls['decoded'] = async (e, method, path, headers, body) => {
    const a = await call(method, path, headers, body)
    if (a.status !== 200) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`)
    return Schema.decodeUnknownSync(envelope(e.result) as unknown as Schema.Codec<{ result: unknown }, unknown>)(a.body).result as typeof e.result.Type
  }
  return { call, ok, decoded }
}
