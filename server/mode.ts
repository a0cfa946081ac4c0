// The two run modes (issue 9), decided once here for every feature's sandboxes (accounts today,
// pay later):
//  - local (default of `npm start`): binds 127.0.0.1; the sandboxes — local stand-ins for SMS,
//    e-mail, WeChat OAuth, captcha… — answer only requests whose SOCKET comes from a loopback
//    address (never a header such as X-Forwarded-For, which anyone can send).
//  - production (NODE_ENV=production): every sandbox answers 404 and the server refuses to start,
//    with one line naming the missing settings, when a service has no real adapter (fail closed).
import type { Context } from 'hono'

export type Env = Record<string, string | undefined>
export type Mode = 'local' | 'production'

export const modeOf = (env: Env): Mode => (env.NODE_ENV === 'production' ? 'production' : 'local')

/**
 * The socket's remote address, or undefined when there is no socket. @hono/node-server puts the
 * Node request in `c.env.incoming` (its getConnInfo reads the same field but throws without one);
 * tests give app.request() a fake `{ incoming: { socket: { remoteAddress } } }` as its env
 * (server/testing/socket-env.ts), and a request without one counts as not loopback.
 */
export function remoteAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined
  const address = env?.incoming?.socket?.remoteAddress
  return typeof address === 'string' ? address : undefined
}

/** 127.0.0.0/8, ::1 and IPv4-mapped ::ffff:127.x. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const a = address.toLowerCase()
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v4)
  return !!m && m.slice(1).every((p) => Number(p) <= 255)
}

/** Whether a sandbox may answer this request: local mode and a loopback socket. */
export function sandboxAllowed(c: Context, env: Env): boolean {
  return modeOf(env) === 'local' && isLoopback(remoteAddress(c))
}

/** A service production needs: its name and the settings of its real adapter. */
export type ProductionNeeds = Record<string, readonly string[]>

/** The settings production lacks: every variable of each service not fully configured. */
export function missingProductionSettings(needs: ProductionNeeds, env: Env): string[] {
  return Object.values(needs).flatMap((names) => names.filter((n) => (env[n] ?? '').trim() === ''))
}

/** null when production may start; else the one line to print before exiting. */
export function productionRefusal(needs: ProductionNeeds, env: Env): string | null {
  const missing = missingProductionSettings(needs, env)
  return missing.length ? `production mode needs real adapters; missing: ${missing.join(', ')}` : null
}

/**
 * The one start-up line. It begins `listening on http://HOST:PORT`, which e2e/harness.ts and the
 * bench scripts wait for.
 */
export function startupLine(mode: Mode, url: string, sandboxes: readonly string[]): string {
  if (mode === 'production') return `listening on ${url} (production mode)`
  return sandboxes.length
    ? `listening on ${url} (local mode; sandboxes on loopback only: ${sandboxes.join(', ')} — for local use only, never production)`
    : `listening on ${url} (local mode; no sandboxes)`
}
