// Figure: signed-in reads under load. A reader signs up through the local SMS sandbox, then
// autocannon sends its session cookie to /api/userstock/v2 (the watchlist) at 50 connections.
// Goal (printed, never asserted): p99 ≤ 50 ms, while public reads answer p99 ≤ 15 ms.
import { measure } from './server-throughput.mjs'
import { signUp } from './lib/session.mjs'
import { num } from './lib/format.mjs'

export const id = 'signed-in'
export const name = 'signed-in reads'

export const PATHS = ['/api/userstock/v2', '/api/user/get/v2']
const CONNECTIONS = 50
const GOAL_P99_MS = 50

export async function run(ctx) {
  const { server, log } = ctx
  if (!server) throw new Error('the real server is not running, nothing to measure')
  const { cookie } = await signUp(server.url, '139' + String(Date.now()).slice(-8))
  const summary = []
  log(`autocannon: ${CONNECTIONS} connections, ${ctx.durationSeconds} s after ${ctx.warmupSeconds} s warm-up, signed in (session cookie)`)
  for (const path of PATHS) {
    const check = await fetch(server.url + path, { headers: { cookie } })
    const body = await check.json()
    if (check.status !== 200 || body.statusCode !== 200) throw new Error(`${path} signed in answered ${check.status} ${JSON.stringify(body).slice(0, 200)}`)
    const r = await measure(server.url + path, { duration: ctx.durationSeconds, warmup: ctx.warmupSeconds, connections: CONNECTIONS, headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } })
    log(`  ${path.padEnd(24)} ${num(r.rps, 0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms${r.non2xx || r.errors || r.timeouts ? `  (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})` : ''}`)
    summary.push([`${path} signed in, ${CONNECTIONS} conn`, `p99 ${r.p99} ms`, `${num(r.rps, 0)} req/s, p50 ${r.p50} ms; goal p99 ≤ ${GOAL_P99_MS} ms${r.p99 > GOAL_P99_MS ? ' (missed)' : ''}`])
  }
  return { summary }
}
