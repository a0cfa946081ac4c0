// Limits on every write a person makes (issue 23; design.md 'Limits'): one middleware, built from the
// contract registry's state-changing endpoints and their classes (core/limits/endpoint-classes.ts),
// counts each write per account and per client address in PostgreSQL (write_counts, shared by every
// process) and answers 429 {statusCode: 429, message: 操作过于频繁，请稍后再试} — zh-hk readers get it
// converted like every route message — before the route runs, so a refused write stores nothing.
//
// Registered by the accounts feature right after its CSRF check (server/app.ts passes it in): a
// forged cross-site request is refused there and never counts against the reader it targets.
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { routerPath } from '../../core/api/endpoint'
import { CLASSED_ENDPOINTS, isLimited } from '../../core/limits/endpoint-classes'
import { addressKey, bucketStart, HOUR_MS, WRITE_LIMIT_MESSAGE, windowStart, withinLimit, type Limit, type LimitName, type WriteLimitTable } from '../../core/limits/write-limits'
import { clientIp } from '../accounts/http'
import { currentUser } from '../accounts/session'
import type { Db } from '../db/db'
import { contentLang } from '../i18n/to-hk'
import { failure } from './api-error'
import { messageFor } from './route'
import { addCounts, sweep, takeBack, totals, type CountRow } from './write-counts-repository'

/** Who writes: the signed-in account (null for a guest) and the client address (core addressKey). */
export interface Writer {
  account: number | null
  address: string
}

export interface WriteLimiter {
  /** Counts `cost` for the writer under `name`; false (and nothing counted) when a limit would be passed. */
  take(name: LimitName, who: Writer, cost?: number): Promise<boolean>
  /** Whether `cost` more would still fit, without counting it (a look before reading a large upload). */
  fits(name: LimitName, who: Writer, cost: number): Promise<boolean>
}

/** Old buckets are swept at most this often per process (on the app's clock). */
const SWEEP_EVERY_MS = 10 * 60_000

const limiters = new WeakMap<Hono, WriteLimiter>()
/** The limiter an app was built with (the upload routes count bytes with it). */
export const writeLimiterOf = (app: Hono): WriteLimiter | undefined => limiters.get(app)

export function createWriteLimiter(db: Db, clock: () => number, table: WriteLimitTable): WriteLimiter {
  const longest = Math.max(HOUR_MS, ...Object.values(table).flatMap((c) => [c.account.windowMs, c.address.windowMs]))
  let sweptAt = Number.NEGATIVE_INFINITY
  const keysOf = (name: LimitName, who: Writer): [string, Limit][] => {
    const limits = table[name]
    return [
      ...(who.account === null ? [] : ([[`${name}:a:${who.account}`, limits.account]] as [string, Limit][])),
      [`${name}:ip:${who.address}`, limits.address],
    ]
  }
  return {
    async take(name, who, cost = 1) {
      const now = clock()
      if (now - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now
        await sweep(db, now - longest)
      }
      const keyed = keysOf(name, who)
      // the account and address limits of one name share a window length (the table's rule: one hour)
      const since = Math.min(...keyed.map(([, l]) => windowStart(l, now)))
      const rows: CountRow[] = keyed.map(([key, l]) => ({ key, bucket: bucketStart(l, now), cost }))
      const counted = await addCounts(db, rows, since)
      if (keyed.every(([key, l]) => withinLimit(l, counted.get(key) ?? 0))) return true
      await takeBack(db, rows)
      return false
    },
    async fits(name, who, cost) {
      const now = clock()
      const keyed = keysOf(name, who)
      const since = Math.min(...keyed.map(([, l]) => windowStart(l, now)))
      const used = await totals(db, keyed.map(([k]) => k), since)
      return keyed.every(([key, l]) => withinLimit(l, (used.get(key) ?? 0) + cost))
    },
  }
}

/** The 429 a refused write answers, in the reader's script. */
export const tooOften = (c: Context) => c.json(failure(429, messageFor(contentLang(c.req.header('Client-Lang')), WRITE_LIMIT_MESSAGE)), 429)

/** The writer of a request: its signed-in account (the route reuses the same lookup) and its address. */
export async function writerOf(c: Context, db: Db, env: Record<string, string | undefined>): Promise<Writer> {
  const user = await currentUser(c, db)
  return { account: user?.id ?? null, address: addressKey(clientIp(c, env)) }
}

export interface WriteLimitDeps {
  db: Db
  clock: () => number
  env: Record<string, string | undefined>
  limits: WriteLimitTable
}

/**
 * Registers the write-limit middleware on every limited state-changing endpoint of the registry (and
 * only there: a read passes nothing of it). Call after the CSRF check and before any route.
 */
export function registerWriteLimits(app: Hono, { db, clock, env, limits }: WriteLimitDeps): void {
  const limiter = createWriteLimiter(db, clock, limits)
  limiters.set(app, limiter)
  for (const [endpoint, cls] of CLASSED_ENDPOINTS) {
    if (!isLimited(cls)) continue
    const handler: MiddlewareHandler = async (c, next) => {
      if (!(await limiter.take(cls, await writerOf(c, db, env)))) return tooOften(c)
      await next()
    }
    app.on(endpoint.method, routerPath(endpoint.path), handler)
  }
}
