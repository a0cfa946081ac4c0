// HTTP helpers of the accounts feature: answers with the spec's own status codes (2000, 1012) and a
// result, the CSRF check (double submit), the client's IP and rate limits.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { routerPath, type Endpoint } from '../../core/api/endpoint'
import { ENDPOINTS } from '../../core/api/registry'
import { ACCOUNT_MESSAGES, LOOKUP_LIMIT_IP, LOOKUP_LIMIT_TARGET } from '../../core/accounts/limits'
import type { Db } from '../db/db'
import { ApiError, failure } from '../http/api-error'
import { messageFor, route, type Handler } from '../http/route'
import { contentLang } from '../i18n/to-hk'
import { cookieName, CSRF_COOKIE, CSRF_HEADER, isSecure, markSecure, requestIsHttps } from './session'
import { countEventsSince, insertEvent } from './rate-events-repository'

/**
 * An answer with a spec status code that is not an HTTP status (2000 human check, 1012 merge
 * needed): sent as HTTP 200 with `{ statusCode, message, result }`.
 */
export class CodedAnswer extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message)
  }
}

const coded = new WeakMap<Context, CodedAnswer>()

/** route() plus CodedAnswer: the handler may throw one; the envelope then carries its code and result. */
export function codedRoute<E extends Endpoint>(app: Hono, endpoint: E, handler: Handler<E>): void {
  app.on(endpoint.method, routerPath(endpoint.path), async (c, next) => {
    await next()
    const answer = coded.get(c)
    if (answer) {
      const bytes = new TextEncoder().encode(JSON.stringify({ statusCode: answer.statusCode, message: messageFor(contentLang(c.req.header('Client-Lang')), answer.message), result: answer.result }))
      c.res = new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/json; charset=UTF-8' } })
      // Hono copies the placeholder answer's headers onto the new one (keeping Set-Cookie, which we
      // want): its Content-Length — and Content-Encoding, were it compressed — describe the old body.
      // A stale length cut the 1012 and 2000 answers short on a real socket (the browser saw broken JSON).
      c.res.headers.delete('Content-Encoding')
      c.res.headers.set('Content-Length', String(bytes.byteLength))
    }
  })
  route(app, endpoint, async (input) => {
    try {
      return await handler(input)
    } catch (error) {
      if (error instanceof CodedAnswer) {
        coded.set(input.c, error)
        throw new ApiError(409, error.message) // replaced by the middleware above
      }
      throw error
    }
  })
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH'])
/**
 * GETs of the spec that change state (issue 9), from the contract registry (`changesState: true` on a
 * GET endpoint: logout, the WeChat calls, the coupon exchange, delMyOne, the WeChat unbind). They stay
 * GETs for the spec's client, which sends X-CSRF-Token on every call (adapters/http/fetch-http.ts), so
 * they get the same check. A top-level cross-site navigation (the attack: Lax cookies travel with it)
 * cannot set a header.
 */
export const STATE_CHANGING_GETS: ReadonlySet<string> = new Set(
  ENDPOINTS.filter(({ endpoint }) => endpoint.method === 'GET' && endpoint.changesState).map(({ endpoint }) => {
    // matched by the request's path as it is: a state-changing GET with a path parameter would slip by
    if (endpoint.path.includes('{')) throw new Error(`${endpoint.name}: a GET that changes state needs a path without parameters`)
    return endpoint.path
  }),
)

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Whether a request carries our CSRF token (the cookie echoed in X-CSRF-Token) and is not marked
 * cross-site: the check of every state-changing request, and of a read that also records something
 * (opening a message list reads it: server/messages/routes.ts). Call after csrfFor has run.
 */
export function echoesCsrfToken(c: Context): boolean {
  const cookie = getCookie(c, cookieName(c, CSRF_COOKIE))
  const header = c.req.header(CSRF_HEADER) ?? ''
  const crossSite = c.req.header('sec-fetch-site') === 'cross-site'
  return !crossSite && !!cookie && !!header && sameToken(cookie, header)
}

/**
 * CSRF, double submit: every page gets a `csrf_token` cookie readable by the client (`__Host-csrf_token`
 * over https); a state-changing API request must echo it in X-CSRF-Token (the HTTP adapter does). A
 * cross-site form can neither read the cookie nor set the header; a request the browser marks
 * Sec-Fetch-Site: cross-site is refused outright. Also decides, once per request, whether it came
 * over https (session.ts markSecure: TRUST_PROXY=1 lets X-Forwarded-Proto say so).
 */
export const csrfFor =
  (env: Record<string, string | undefined>): MiddlewareHandler =>
  async (c, next) => {
    markSecure(c, requestIsHttps(c, env))
    const name = cookieName(c, CSRF_COOKIE)
    const cookie = getCookie(c, name)
    const path = c.req.path
    // /file/api/: the spec's post-image upload (spec 000 §7 POST /file/api/file/post-img)
    // /transaction/api/: the spec's order and payment calls (spec 001 §7)
    const isApi = path.startsWith('/api/') || path.startsWith('/user/api/') || path.startsWith('/file/api/') || path.startsWith('/transaction/api/')
    if (isApi && (STATE_CHANGING.has(c.req.method) || (c.req.method === 'GET' && STATE_CHANGING_GETS.has(path)))) {
      if (!echoesCsrfToken(c)) return c.json(failure(403, messageFor(contentLang(c.req.header('Client-Lang')), ACCOUNT_MESSAGES.csrf)), 403)
    }
    if (!cookie) {
      setCookie(c, name, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'Lax',
        secure: isSecure(c),
        maxAge: 365 * 24 * 3600,
      })
    }
    await next()
  }

/** The client's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY=1. */
export function clientIp(c: Context, env: Record<string, string | undefined>): string {
  if (env.TRUST_PROXY === '1') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded.slice(0, 64)
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}

/** Counts an event under `key`; 429 with `message` when `max` already happened within the window. */
export async function rateLimit(db: Db, key: string, limit: { max: number; windowMs: number }, now: number, message: string): Promise<void> {
  if ((await countEventsSince(db, key, now - limit.windowMs)) >= limit.max) throw new ApiError(429, message)
  await insertEvent(db, key, now)
}

/** Whether `max` events already happened within the window (without counting one). */
export async function overLimit(db: Db, key: string, limit: { max: number; windowMs: number }, now: number): Promise<boolean> {
  return (await countEventsSince(db, key, now - limit.windowMs)) >= limit.max
}

export async function recordEvent(db: Db, key: string, now: number): Promise<void> {
  await insertEvent(db, key, now)
}

/**
 * Calls that could tell whether an account exists (issue 9) answer the same either way and are
 * limited per IP and per phone or e-mail (`what` names the endpoint's own counters).
 */
export async function lookupLimit(db: Db, what: string, ip: string, target: string, now: number): Promise<void> {
  await rateLimit(db, `${what}:ip:${ip}`, LOOKUP_LIMIT_IP, now, ACCOUNT_MESSAGES.tooMany)
  await rateLimit(db, `${what}:to:${target}`, LOOKUP_LIMIT_TARGET, now, ACCOUNT_MESSAGES.tooMany)
}
