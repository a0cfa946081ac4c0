// A graceful stop for a server process (issue 30 'Health and shutdown'): on SIGTERM the process stops
// accepting connections (it closes its own copy of the listening socket; behind a balancer the socket
// itself is held by a supervisor — server/cluster/listen.ts — so the connections waiting in it are
// accepted by the next process, not reset), answers every request already in flight (each answer then says
// `Connection: close`, so a balancer's kept-alive connection is not reused for a new request that would
// meet a closing socket), closes idle kept-alive connections at once — or, behind a balancer, only after
// `idleGraceMs`, longer than the balancer's own idle timeout for its pooled connections (nginx's upstream
// keepalive_timeout 4s): closing one the moment nginx sends a request down it was a reset nginx cannot
// retry for a POST (the fault bench's rolling restart: 8 failed of 1192, 94 resets in nginx's log); a
// request that comes on it meanwhile is answered with `Connection: close` (server/cluster/rolling-restart.test.ts
// fails without this grace even with the held socket: 7 to 12 requests of a rolling restart answered 502) — and after at most `boundMs` ends
// whatever still runs (a quote stream, a WebSocket: their clients reconnect to another process). Then
// the database is closed. server/cluster/shutdown.test.ts: a slow request in flight completes.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'

const netClose = NetServer.prototype.close

/** How long requests in flight may take to finish after SIGTERM (docs/deploy.md says 5 s). */
export const SHUTDOWN_BOUND_MS = 5_000

export interface GracefulStop {
  /** Starts the stop (again: the same promise); resolves once every connection is closed and `close` ran. */
  stop(): Promise<void>
  /** Whether stop() was called. */
  readonly stopping: boolean
}

export interface GracefulOptions {
  boundMs?: number
  /** after the connections: close the database, stop timers */
  close?: () => Promise<void>
  /** long-lived connections to end at once (WebSocket servers: their clients reconnect elsewhere) */
  endLongLived?: () => void
  /** how long idle kept-alive connections stay open after the stop begins (0: closed at once) */
  idleGraceMs?: number
}

/** Behind a balancer (TRUST_PROXY=1): past nginx's upstream keepalive_timeout 4s (server/cluster/nginx.conf.template), within SHUTDOWN_BOUND_MS. */
export const BALANCER_IDLE_GRACE_MS = 4_500

export function gracefulStop(server: Server, options: GracefulOptions = {}): GracefulStop {
  const boundMs = options.boundMs ?? SHUTDOWN_BOUND_MS
  const idleGraceMs = Math.min(options.idleGraceMs ?? 0, boundMs)
  let stopping: Promise<void> | null = null
  // every answer given while stopping closes its connection: nginx opens a fresh one to another process
  const inFlight = new Set<ServerResponse>()
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close')
  }
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) return closeAfter(res)
    inFlight.add(res)
    res.once('close', () => inFlight.delete(res))
  })
  return {
    get stopping() {
      return stopping !== null
    },
    stop() {
      if (stopping) return stopping
      stopping = new Promise<void>((resolve) => {
        let forced: NodeJS.Timeout | undefined
        let idle: NodeJS.Timeout | undefined
        // http.Server#close also closes idle kept-alive connections (Node ≥ 19); net.Server's only stops accepting
        const closed = new Promise<void>((done) => (idleGraceMs > 0 ? netClose.call(server, () => done()) : server.close(() => done())))
        // what is still open after the bound (a stream, a socket, a request that hangs) is cut
        const bound = new Promise<void>((done) => {
          forced = setTimeout(() => {
            server.closeAllConnections()
            done()
          }, boundMs)
        })
        for (const res of inFlight) closeAfter(res)
        inFlight.clear()
        // responses already answered on a kept-alive connection: those idle ones close now, or after the grace
        if (idleGraceMs > 0) idle = setTimeout(() => server.closeIdleConnections(), idleGraceMs)
        else server.closeIdleConnections()
        options.endLongLived?.()
        void Promise.race([closed, bound])
          .then(() => {
            clearTimeout(forced)
            clearTimeout(idle)
            return options.close?.()
          })
          .catch((error: unknown) => console.error(error))
          .finally(() => resolve())
      })
      return stopping
    },
  }
}
