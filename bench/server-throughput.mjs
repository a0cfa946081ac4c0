// Figure: requests/s and latency of the real server on one API path, side by side with a bare
// node:http server (its own process) that answers with exactly the same recorded bytes, so the
// ratio shows what routing, database and serialisation cost over the floor of Node's HTTP stack.
import autocannon from 'autocannon'
import { mkdtemp, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, startServer } from './lib/processes.mjs'
import { kb, num, table } from './lib/format.mjs'
import { BROWSER_ACCEPT_ENCODING, rawGet } from './lib/wire.mjs'

export const id = 'server-throughput'
export const name = 'server throughput'

export const PATH = '/api/channels/home/articles/v8'
const plainServerScript = fileURLToPath(new URL('./plain-server.mjs', import.meta.url))

/** One autocannon run; warm-up requests are made first and not counted. */
export async function measure(url, { duration, warmup, connections = 20, pipelining = 1, headers }) {
  const opts = { url, connections, pipelining, duration, ...(headers ? { headers } : {}) }
  if (warmup > 0) opts.warmup = { connections, duration: warmup }
  const r = await autocannon(opts)
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  }
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length

export async function run(ctx) {
  const { server, log } = ctx
  if (!server) throw new Error('the real server is not running, nothing to measure')
  const duration = ctx.durationSeconds ?? 10
  const warmup = ctx.warmupSeconds ?? 2
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100)
  // both servers are asked as a browser asks, so both send the same (compressed) bytes
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING }

  // Record the real answer once, as sent.
  const realUrl = server.url + PATH
  const recorded = await rawGet(realUrl)
  const first = { status: recorded.status }
  const body = recorded.body
  const contentType = recorded.headers['content-type'] ?? 'application/octet-stream'
  const contentEncoding = recorded.headers['content-encoding'] ?? 'identity'
  log(`GET ${PATH} on the real server (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}): ${first.status}, ${contentType}, ${contentEncoding}, ${num(body.length)} bytes (${kb(body.length)}) on the wire`)
  if (first.status !== 200) log(`  note: status ${first.status}; the plain server returns the same status`)

  const dir = await mkdtemp(join(tmpdir(), 'bench-plain-'))
  const bodyFile = join(dir, 'body.bin')
  await writeFile(bodyFile, body)
  const plain = await startServer({ name: 'plain node:http server', args: [plainServerScript, bodyFile, String(first.status), contentType, contentEncoding], port: await freePort() })
  try {
    const plainUrl = plain.url + PATH
    const check = await rawGet(plainUrl)
    if (check.status !== first.status || !check.body.equals(body) || check.headers['content-type'] !== contentType || (check.headers['content-encoding'] ?? 'identity') !== contentEncoding) {
      throw new Error('the plain server does not answer with the recorded status, content type, encoding and bytes')
    }

    log(`autocannon: ${connections} connections, pipelining 1, ${duration} s per run after a ${warmup} s warm-up (not counted), loopback, alternating real/plain; latency histogram resolution 1 ms`)
    const order = ['real', 'plain', 'real', 'plain']
    const runs = []
    for (const [i, target] of order.entries()) {
      const r = await measure(target === 'real' ? realUrl : plainUrl, { duration, warmup, connections, headers })
      runs.push({ target, n: i + 1, ...r })
      log(`  run ${i + 1} ${target.padEnd(5)} ${num(r.rps, 0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx || r.errors || r.timeouts ? `  (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})` : ''}`)
    }

    const agg = (target) => {
      const rs = runs.filter((r) => r.target === target)
      return { rps: mean(rs.map((r) => r.rps)), p50: mean(rs.map((r) => r.p50)), p99: mean(rs.map((r) => r.p99)), non2xx: rs.reduce((n, r) => n + r.non2xx, 0), errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0) }
    }
    const real = agg('real')
    const base = agg('plain')
    const ratio = real.rps / base.rps
    log('\nMean of the runs per server:')
    log(
      table(
        ['server', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
        [
          ['real (server/main.ts)', num(real.rps, 0), num(real.p50, 1), num(real.p99, 1), real.non2xx, real.errors],
          ['plain node:http, same bytes', num(base.rps, 0), num(base.p50, 1), num(base.p99, 1), base.non2xx, base.errors],
        ],
        { align: ['left'] },
      ),
    )
    log(`real / plain requests/s: ${ratio.toFixed(2)}  (${(ratio * 100).toFixed(0)} % of the plain node:http floor)`)

    return {
      summary: [
        [`real ${PATH}`, `${num(real.rps, 0)} req/s`, `p50 ${num(real.p50, 1)} ms, p99 ${num(real.p99, 1)} ms (goal p99 ≤ 20 ms)`],
        ['plain node:http, same bytes', `${num(base.rps, 0)} req/s`, `p50 ${num(base.p50, 1)} ms, p99 ${num(base.p99, 1)} ms`],
        ['real / plain req/s', ratio.toFixed(2), `goal ≥ 0.8 (issue 31); ${connections} connections; ${kb(body.length)} ${contentEncoding} body, status ${first.status}`],
      ],
    }
  } finally {
    await plain.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
