// The signed-in reader of a request. CONTRACT used by other features (watchlist, follows…):
// `currentUser(c, db)` → the user or null; `requireUser(c, db)` → the user or ApiError 401 请先登录.
// Sessions: a random token in an HttpOnly, SameSite=Lax cookie (`__Host-gmh_sid`, Secure, over https); the
// database keeps only its SHA-256, so a leaked table cannot be replayed.
// Tests of other features: `signInForTest(t, userId)` gives a Cookie header value (session + CSRF
// cookie) and `authHeaders(cookie)` the headers a state-changing request needs (Cookie + X-CSRF-Token).
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { MicroCache } from '../http/micro-cache'
import { deleteSession, findSessionUser, insertSession } from './sessions-repository'

export interface SessionUser {
  id: number
  nick: string
}

export const NOT_LOGGED_IN = '请先登录'
export const SESSION_COOKIE = 'gmh_sid'
export const CSRF_COOKIE = 'csrf_token'
export const CSRF_HEADER = 'X-CSRF-Token'
/** A hint the client reads (no secret in it): '1' while signed in, so guests never ask for a session. */
export const LOGIN_HINT_COOKIE = 'gmh_login'
/** How long a session lives without being used again (our choice: 30 days). */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000

/** The app's clock per database (registered by registerAccounts; tests pass a fixed clock). */
const clocks = new WeakMap<Db, () => number>()
export function useClock(db: Db, clock: () => number): void {
  clocks.set(db, clock)
}
export const nowOf = (db: Db): number => (clocks.get(db) ?? Date.now)()

export const newToken = (): string => randomBytes(32).toString('base64url')
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * Whether the request came over https: the request URL's protocol (@hono/node-server builds it from
 * the socket, never from the Host header); behind a proxy only TRUST_PROXY=1 lets X-Forwarded-Proto
 * decide. Plain http (local mode on 127.0.0.1) gets no Secure cookies.
 */
export function requestIsHttps(c: Context, env: Record<string, string | undefined>): boolean {
  if (env.TRUST_PROXY === '1') {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    if (proto) return proto === 'https'
  }
  return new URL(c.req.url).protocol === 'https:'
}

const secureRequests = new WeakMap<Context, boolean>()
/** Set once per request by the CSRF middleware (server/accounts/http.ts), which knows the env. */
export function markSecure(c: Context, secure: boolean): void {
  secureRequests.set(c, secure)
}
export const isSecure = (c: Context): boolean => secureRequests.get(c) ?? new URL(c.req.url).protocol === 'https:'

/**
 * Over https a cookie of ours is `__Host-<name>`: Secure, path /, no Domain, so neither a sibling
 * subdomain nor a plain-http page can set or overwrite it. Plain http keeps the bare name.
 */
export const cookieName = (c: Context, base: string): string => (isSecure(c) ? `__Host-${base}` : base)

const resolved = new WeakMap<Context, Promise<SessionUser | null>>()

export function currentUser(c: Context, db: Db): Promise<SessionUser | null> {
  let p = resolved.get(c)
  if (!p) {
    p = lookup(getCookie(c, cookieName(c, SESSION_COOKIE)), db)
    resolved.set(c, p)
  }
  return p
}

/** Forgets what this request resolved (after login or logout within the same request). */
export function forgetResolved(c: Context): void {
  resolved.delete(c)
}

type SessionRow = { id: number; nick: string; expires_at: number; merged_into: number | null }
/**
 * Session rows read in the last second, per database: a page's burst of signed-in calls (and a
 * busy reader) shares one lookup instead of one PGlite query each (PGlite is one connection, so
 * 50 readers' lookups queued behind each other: issue 11). Our own start/end forget the row at
 * once; code that deletes sessions by user (password reset, merge) calls forgetSessions.
 */
// Per process (issue 30): a session ended through another process (a logout, a password reset) is still
// accepted here for at most SESSION_CACHE_MS; its browser has already dropped the cookie (docs/deploy.md).
const SESSION_CACHE_MS = 1_000
const sessionCaches = new WeakMap<Db, MicroCache<SessionRow | null>>()
const sessionCache = (db: Db) => {
  let cache = sessionCaches.get(db)
  if (!cache) sessionCaches.set(db, (cache = new MicroCache<SessionRow | null>(10_000)))
  return cache
}

/** Forget every cached session row of this database: call after deleting sessions by user. */
export function forgetSessions(db: Db): void {
  sessionCache(db).clear()
}

async function lookup(token: string | undefined, db: Db): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null
  const hash = hashToken(token)
  const row = await sessionCache(db).get(hash, SESSION_CACHE_MS, async () => (await findSessionUser(db, hash)) ?? null)
  if (!row || row.expires_at <= nowOf(db) || row.merged_into !== null) return null
  return { id: row.id, nick: row.nick }
}

export async function requireUser(c: Context, db: Db): Promise<SessionUser> {
  const user = await currentUser(c, db)
  if (!user) throw new ApiError(401, NOT_LOGGED_IN)
  return user
}

/** Creates a session row; answers the token for the cookie. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newToken()
  const now = nowOf(db)
  await insertSession(db, { token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS })
  return token
}

/** Signs the user in on this response: a fresh session (never reusing one the browser sent: no fixation). */
export async function startSession(c: Context, db: Db, userId: number): Promise<void> {
  const name = cookieName(c, SESSION_COOKIE)
  const old = getCookie(c, name)
  if (old) {
    await deleteSession(db, hashToken(old))
    sessionCache(db).delete(hashToken(old))
  }
  const token = await createSession(db, userId)
  setCookie(c, name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  })
  setCookie(c, LOGIN_HINT_COOKIE, '1', { path: '/', sameSite: 'Lax', secure: isSecure(c), maxAge: Math.floor(SESSION_TTL_MS / 1000) })
  forgetResolved(c)
}

export async function endSession(c: Context, db: Db): Promise<void> {
  const name = cookieName(c, SESSION_COOKIE)
  const token = getCookie(c, name)
  if (token) {
    await deleteSession(db, hashToken(token))
    sessionCache(db).delete(hashToken(token))
  }
  deleteCookie(c, name, { path: '/', secure: isSecure(c) })
  deleteCookie(c, LOGIN_HINT_COOKIE, { path: '/', secure: isSecure(c) })
  forgetResolved(c)
}

// --- for other features' tests ------------------------------------------------------------------

/** A Cookie header value signed in as `userId` (with a CSRF cookie). Pass the test app or its db. */
export async function signInForTest(appOrDb: Db | { db: Db }, userId: number): Promise<string> {
  const db = 'kysely' in appOrDb ? appOrDb : appOrDb.db
  const token = await createSession(db, userId)
  return `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${newToken()}`
}

/** Headers for a state-changing request in a test: the cookie and the matching X-CSRF-Token. */
export function authHeaders(cookie: string): Record<string, string> {
  const csrf = /(?:^|;\s*)csrf_token=([^;]+)/.exec(cookie)?.[1] ?? ''
  return { Cookie: cookie, [CSRF_HEADER]: csrf }
}
