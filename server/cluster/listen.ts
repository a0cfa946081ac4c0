// Where a server process listens (issue 30 'a rolling restart with 0 failed requests'). Behind nginx a
// restart must never close the port's listening socket: the kernel completes connections on a listening
// socket before the process accepts them, nginx has already written its request down each one, and
// closing the socket resets every connection still waiting to be accepted — a reset nginx cannot retry
// for a POST (the fault bench's rolling restart: 40 to 60 such resets a run, a few POSTs answered 502).
// So the socket belongs to a supervisor that outlives the process — systemd's socket units in production
// (`LISTEN_FDS`, the socket passed as fd 3: sd_listen_fds), scripts/cluster.mjs's holdListener() for
// `npm run cluster` and the benches — and a restart hands the same socket to the next process: what waits
// in it is accepted by the next process, never reset. Without LISTEN_FDS the process binds its PORT itself.
import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastPath } from '../http/fast-path'

/** systemd's first passed descriptor (SD_LISTEN_FDS_START). */
export const LISTEN_FDS_START = 3

/** The listening socket a supervisor passed (systemd's protocol: LISTEN_FDS ≥ 1, LISTEN_PID this process when set), else null. */
export function inheritedListener(env: NodeJS.ProcessEnv, pid = process.pid): { fd: number } | null {
  if (!env.LISTEN_FDS) return null
  const count = Number(env.LISTEN_FDS)
  if (!Number.isInteger(count) || count < 1) throw new Error(`LISTEN_FDS must be a count of passed sockets (1 or more), got ${env.LISTEN_FDS}`)
  // a variable inherited from a parent that was itself socket-activated names another process's sockets
  if (env.LISTEN_PID && Number(env.LISTEN_PID) !== pid) return null
  return { fd: LISTEN_FDS_START }
}

type Fetch = Parameters<typeof getRequestListener>[0]

/**
 * The app's HTTP server (@hono/node-server's request listener on node:http, as `serve` makes it, with the
 * fast path for fresh public answers ahead of it: server/http/fast-path.ts) listening on the socket a
 * supervisor passed, or on hostname:port; `onListening` gets the address it answers on.
 */
export function listen(fetch: Fetch, where: { hostname: string; port: number; env: NodeJS.ProcessEnv; fastPath?: FastPath }, onListening: (address: AddressInfo) => void): Server {
  const app = getRequestListener(fetch)
  const fast = where.fastPath
  const server = createServer(
    fast
      ? (req, res) => {
          // a throw in a request listener would stop the process: the fast path's failure is the app's to answer
          let answered = false
          try {
            answered = fast(req, res)
          } catch (error) {
            console.error(`fast path failed: ${error instanceof Error ? error.message : String(error)}`)
            if (res.headersSent) return void res.destroy()
          }
          if (!answered) void app(req, res)
        }
      : app,
  )
  const inherited = inheritedListener(where.env)
  const listening = () => onListening(server.address() as AddressInfo)
  if (inherited) server.listen(inherited, listening)
  else server.listen(where.port, where.hostname, listening)
  return server
}
