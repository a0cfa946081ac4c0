// A database that is not there for a moment (PostgreSQL restarting, a network cut, the pool unable to
// connect) or a disk that is full is not a server bug: the reader gets 503 with a Chinese message and
// a Retry-After, never a 500 and never a hang (issue 30 'Fault suite'), and the process recovers by
// itself when the database is back (the pg pool drops broken clients and connects anew).
// app.onError asks `unavailableReason` before answering 500.
import { HEALTH_MESSAGES } from './health'

export const UNAVAILABLE_MESSAGES = {
  /** the same words /readyz answers a balancer */
  database: HEALTH_MESSAGES.unreachable,
  diskFull: '服务器存储空间不足，暂时无法保存，请稍后再试',
} as const
export type UnavailableReason = keyof typeof UNAVAILABLE_MESSAGES

/** Seconds a client is told to wait (PostgreSQL's fast restart takes a few). */
export const RETRY_AFTER_SECONDS = 5

/** Socket errors of a connection to the database that is refused, cut or unanswered. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** node-postgres' own words for a connection that ended or never came (it gives them no code). */
const PG_CONNECTION_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /is not queryable/, /Client was closed and is not queryable/, /Connection ended unexpectedly/]

/**
 * Why an error means "the database cannot be used just now", or null for any other error. SQLSTATE
 * class 08 (connection exception), 57P01–57P03 (shut down by an administrator, crashed, starting up),
 * 53300 (too many connections) → database; 53100 (disk full; PGlite says it when its data directory's
 * disk is full) → diskFull. The cause chain and an AggregateError's errors are looked through.
 */
export function unavailableReason(error: unknown, depth = 0): UnavailableReason | null {
  if (depth > 4 || typeof error !== 'object' || error === null) return null
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  if (code === '53100') return 'diskFull'
  if (code.startsWith('08') && code.length === 5) return 'database'
  if (code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return 'database'
  if (SOCKET_CODES.has(code)) return 'database'
  if (typeof e.message === 'string' && PG_CONNECTION_MESSAGES.some((m) => m.test(e.message as string))) return 'database'
  if (Array.isArray(e.errors)) for (const inner of e.errors) {
    const r = unavailableReason(inner, depth + 1)
    if (r) return r
  }
  return e.cause === undefined ? null : unavailableReason(e.cause, depth + 1)
}

/**
 * One log line per reason per interval, with how many requests met it since: a database restart under
 * load fails thousands of requests, and the log must stay readable.
 */
export function throttledLog(log: (line: string) => void = console.error, intervalMs = 5_000, now: () => number = Date.now) {
  const last = new Map<UnavailableReason, { at: number; count: number }>()
  return (reason: UnavailableReason, line: string) => {
    const seen = last.get(reason)
    const t = now()
    if (!seen || t - seen.at >= intervalMs) {
      log(`${line}${seen && seen.count > 0 ? ` (and ${seen.count} more since the last line)` : ''} → 503`)
      last.set(reason, { at: t, count: 0 })
    } else seen.count++
  }
}
