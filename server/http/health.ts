// Health for a balancer (issue 30 'Health and shutdown'): GET /healthz answers while the process runs;
// GET /readyz answers 200 only when the database answers and every migration this code carries is
// applied and the process is not stopping (a process started against an older schema, whose database is
// gone, or that got SIGTERM, is taken out of the upstream until it is ready). Neither touches the session, the write limits or any cache, and a
// database that hangs is given READY_TIMEOUT_MS before the answer is 503 — a probe never hangs.
import type { Hono } from 'hono'
import type { Db } from '../db/db'
import { appliedVersions, loadMigrations } from '../db/migrate'

export const READY_TIMEOUT_MS = 2_000
/** What a probe that is not ready reads (an operator reads Chinese like every other message). */
export const HEALTH_MESSAGES = { migrating: '服务正在升级，请稍后再试', unreachable: '数据库暂时无法连接，请稍后再试', draining: '服务正在重启，请稍后再试' } as const

const noStore = { 'Cache-Control': 'no-store' }

export interface HealthOptions {
  /** the versions this code carries (default: server/db/migrations) */
  expected?: readonly string[]
  /** how the applied versions are read (default: the database's schema_migrations) */
  applied?: () => Promise<readonly string[]>
  timeoutMs?: number
  /** whether the process is stopping (SIGTERM: server/cluster/shutdown.ts); a draining process is not ready */
  draining?: () => boolean
}

export function registerHealth(app: Hono, db: Db, options: HealthOptions = {}): void {
  const expected = options.expected ?? loadMigrations().map((m) => m.version)
  const applied = options.applied ?? (() => appliedVersions(db))
  const timeoutMs = options.timeoutMs ?? READY_TIMEOUT_MS
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore))
  app.get('/readyz', async (c) => {
    // a balancer that checks readiness takes a stopping process out before its connections close
    if (options.draining?.()) return c.json({ status: 'draining', message: HEALTH_MESSAGES.draining }, 503, noStore)
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)
    })
    try {
      const done = new Set(await Promise.race([applied(), timeout]))
      const pending = expected.filter((v) => !done.has(v))
      if (pending.length > 0) return c.json({ status: 'migrating', message: HEALTH_MESSAGES.migrating, pending: pending.length }, 503, noStore)
      return c.json({ status: 'ready' }, 200, noStore)
    } catch {
      return c.json({ status: 'unavailable', message: HEALTH_MESSAGES.unreachable }, 503, noStore)
    } finally {
      clearTimeout(timer)
    }
  })
}
