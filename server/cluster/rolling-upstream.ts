// One server process for server/cluster/rolling-restart.test.ts, wired as server/main.ts wires the real
// one: it listens on the socket its supervisor passed (LISTEN_FDS: server/cluster/listen.ts), answers
// /readyz 503 once stopping, and stops on SIGTERM through the same graceful stop behind a balancer
// (server/cluster/shutdown.ts with BALANCER_IDLE_GRACE_MS). Its "database" is an append-only file
// (WRITES): POST /w appends the request's key and this process's pid, then answers it — so the test can
// see every acknowledged write exactly once. GET /r is a read. A millisecond of CPU per request makes the
// kernel queue connections on the listening socket while the process is busy, as the real server does
// under load.
import { appendFileSync } from 'node:fs'
import { Hono } from 'hono'
import { listen } from './listen'
import { BALANCER_IDLE_GRACE_MS, gracefulStop } from './shutdown'

const writes = process.env.WRITES
if (!writes) throw new Error('WRITES (the file acknowledged writes go to) is not set')
const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until);
}
let stopping = false
const app = new Hono()
app.get('/readyz', (c) => (stopping ? c.json({ status: 'draining' }, 503) : c.json({ status: 'ready' })))
app.get('/r', async (c) => {
  busy(1)
  await new Promise((r) => setTimeout(r, 2))
  return c.json({ pid: process.pid })
})
app.post('/w', async (c) => {
  const { key } = await c.req.json<{ key: string }>()
  busy(1)
  appendFileSync(writes, `${key} ${process.pid}\n`)
  return c.json({ key, pid: process.pid })
})
const server = listen(app.fetch, { hostname: '127.0.0.1', port: Number(process.env.PORT ?? 0), env: process.env }, (info) => console.log(`listening on ${info.port} ${process.pid}`))
const graceful = gracefulStop(server, { idleGraceMs: BALANCER_IDLE_GRACE_MS })
process.on('SIGTERM', () => {
  stopping = true
  void graceful.stop().then(() => process.exit(0))
})
