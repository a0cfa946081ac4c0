// Figure (issue 30 'Fault suite'): faults under the mixed load of bench/lib/mixed.mjs, each one counted
// from the clients' side (every answer's status, every socket error, the slowest answer) and, for the
// writes, from the database's side afterwards (every comment and order the clients saw acknowledged is
// looked up by id: "lost" is acknowledged but absent).
//   kill     two processes behind nginx (scripts/cluster.mjs); kill -9 of one at a third of the run:
//            nginx fails over; at most the requests in flight at that moment may fail
//   rolling  a rolling restart of both (cluster.restartOne: a new process on the port's held socket, then
//            SIGTERM to the old one, /readyz, then the other): 0 failures, no reset in nginx's log
//   postgres PostgreSQL stopped (fast) under load for BENCH_FAULT_PG_DOWN (5) s, then started: meanwhile
//            503 with the Chinese message (never 500, never a hang); the processes recover by themselves
//   disk     one process on PGlite whose DATA_DIR is a small tmpfs that is filled under load and freed:
//            a clear 503 (never 500), the process alive, the database intact (opened again afterwards)
// BENCH_FAULTS=kill,rolling,postgres,disk picks; BENCH_FAULT_CONNECTIONS (100), BENCH_FAULT_SECONDS (30).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { failureKinds, loadWorkloadData, makeReaders, runMix, statusLine } from './lib/mixed.mjs'
import { startCluster, startOne } from './mixed-load.mjs'
import { uptime } from './lib/uptime.mjs'

export const id = 'faults'
export const name = 'faults under load (issue 30)'

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const DB_MESSAGE = '数据库暂时无法连接，请稍后再试'
const DISK_MESSAGE = '服务器存储空间不足，暂时无法保存，请稍后再试'

/** Acknowledged comments and orders looked up by id in PostgreSQL: { comments: [acked, present], orders: [...] }. */
async function presentInPostgres(url, acknowledged) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const c = await client.query('SELECT count(*)::int AS n FROM comments WHERE id = ANY($1::bigint[])', [acknowledged.comment])
    const o = await client.query('SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::text[])', [acknowledged.order])
    return { comments: [acknowledged.comment.length, c.rows[0].n], orders: [acknowledged.order.length, o.rows[0].n] }
  } finally {
    await client.end()
  }
}

/** What nginx logged since `from` (bytes into its error log), counted by message: why a client got a 502. */
function nginxErrors(cluster, from) {
  const file = join(cluster.dir, 'nginx', 'error.log')
  if (!existsSync(file)) return { size: 0, counts: {} }
  const text = readFileSync(file).subarray(from).toString('utf8')
  const counts = {}
  for (const line of text.split('\n')) {
    const m = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client:|$)/.exec(line)
    if (!m) continue
    const key = `${m[1]}: ${m[2].replace(/\d+\.\d+\.\d+\.\d+:\d+/g, 'ADDR').replace(/\(\d+: /, '(')}`
    counts[key] = (counts[key] ?? 0) + 1
  }
  return { size: statSync(file).size, counts }
}
const logSize = (cluster) => nginxErrors(cluster, 0).size

/** Failures (non-2xx and socket errors) inside [fromMs, toMs) of a run. */
const within = (r, fromMs, toMs = Infinity) => r.failures.filter((f) => f.at >= fromMs && f.at < toMs)
/** Requests that ended in [fromMs, toMs): failures are known; the rest come from the totals. */
const kinds = (failures) => failureKinds({ failures })

function writesLine(check) {
  const lost = check.comments[0] - check.comments[1] + (check.orders[0] - check.orders[1])
  return { lost, text: `acknowledged writes found in the database: comments ${check.comments[1]}/${check.comments[0]}, orders ${check.orders[1]}/${check.orders[0]} — lost ${lost}` }
}

async function killScenario({ cluster, readers, data, seconds, log }) {
  let killAt = null
  let inFlightAtKill = null
  let killing = null
  const r = await runMix(cluster.url, readers, data, {
    seconds,
    label: 'kill -9',
    onTick: (ms, state) => {
      if (killing || ms < (seconds * 1000) / 3) return
      killAt = ms
      inFlightAtKill = state.inFlight
      killing = cluster.killOne(0)
    },
  })
  await killing
  const failures = r.failures
  const after = within(r, killAt + 1000)
  const check = writesLine(await presentInPostgres(cluster.pgUrl, r.acknowledged))
  log(`  kill -9 of process 0 at ${(killAt / 1000).toFixed(1)} s with ${inFlightAtKill} requests in flight (over both processes): ${r.total} requests, ${statusLine(r)}; failed ${failures.length} (${JSON.stringify(kinds(failures))}), of them later than 1 s after the kill: ${after.length}; slowest ${r.max.toFixed(0)} ms`)
  log(`    ${check.text}`)
  const restartedAt = Date.now()
  await cluster.restartOne(0)
  log(`    process 0 started again, /readyz 200 after ${((Date.now() - restartedAt) / 1000).toFixed(1)} s`)
  return ['kill -9 one of two', `${failures.length} failed`, `≤ ${inFlightAtKill} in flight at the kill; ${after.length} after 1 s; ${r.total} requests; lost writes ${check.lost}`]
}

async function rollingScenario({ cluster, readers, data, seconds, log }) {
  const steps = []
  const logFrom = logSize(cluster)
  const t0 = performance.now()
  const rolling = (async () => {
    await sleep(3000)
    for (const i of [0, 1]) {
      const at = performance.now()
      await cluster.restartOne(i)
      steps.push(`process ${i}: ${((at - t0) / 1000).toFixed(1)}–${((performance.now() - t0) / 1000).toFixed(1)} s`)
    }
  })()
  const r = await runMix(cluster.url, readers, data, { seconds: Math.min(seconds, 10), until: rolling, label: 'rolling restart' })
  await rolling
  const check = writesLine(await presentInPostgres(cluster.pgUrl, r.acknowledged))
  log(`  rolling restart (a new process on the held socket, SIGTERM to the old, /readyz, then the next: ${steps.join('; ')}): ${r.total} requests over ${r.elapsed.toFixed(1)} s, ${statusLine(r)}; failed ${r.failures.length}${r.failures.length ? ` ${JSON.stringify(kinds(r.failures))}` : ''}; slowest ${r.max.toFixed(0)} ms`)
  log(`    ${check.text}`)
  log(`    nginx's error log meanwhile: ${JSON.stringify(nginxErrors(cluster, logFrom).counts)} — ${uptime()}`)
  return ['rolling restart of both', `${r.failures.length} failed`, `${r.total} requests; slowest ${r.max.toFixed(0)} ms; lost writes ${check.lost}`]
}

async function postgresScenario({ cluster, readers, data, seconds, downSeconds, log }) {
  let stopAt = null
  let startAt = null
  let action = null
  const blocked = {}
  const logFrom = logSize(cluster)
  const r = await runMix(cluster.url, readers, data, {
    seconds: Math.max(seconds, downSeconds + 15),
    label: 'PostgreSQL restart',
    onTick: (ms) => {
      if (action) return
      // cluster.mjs runs pg_ctl synchronously: this process (the load generator) stands still meanwhile
      const timed = (what, call) => {
        const t = performance.now()
        return call().finally(() => {
          blocked[what] = performance.now() - t
          action = null
        })
      }
      if (stopAt === null && ms >= 5000) {
        stopAt = ms
        action = timed('stop', cluster.stopPostgres)
      } else if (stopAt !== null && startAt === null && ms >= stopAt + downSeconds * 1000) {
        startAt = ms
        action = timed('start', cluster.startPostgres)
      }
    },
  })
  const during = within(r, stopAt, startAt + 1000)
  const statuses = kinds(r.failures)
  const n500 = r.failures.filter((f) => f.status === 500).length
  const other = r.failures.filter((f) => !(f.status === 503 && f.message === DB_MESSAGE))
  // recovered: the last failure, and nothing failing in the last 5 s
  const lastFailure = r.failures.reduce((m, f) => Math.max(m, f.at + f.ms), 0)
  const tail = within(r, r.elapsed * 1000 - 5000)
  const check = writesLine(await presentInPostgres(cluster.pgUrl, r.acknowledged))
  log(`  PostgreSQL stopped at ${(stopAt / 1000).toFixed(1)} s, started at ${(startAt / 1000).toFixed(1)} s: ${r.total} requests, ${statusLine(r)}; failures ${JSON.stringify(statuses)}`)
  log(`    503 with "${DB_MESSAGE}": ${r.failures.length - other.length}; 500s: ${n500}; anything else: ${other.length}${other.length ? ` ${JSON.stringify(kinds(other))}` : ''}; slowest answer ${r.max.toFixed(0)} ms (a hang would be ≥ 10,000; pg_ctl stop and start held this process ${(blocked.stop ?? 0).toFixed(0)} and ${(blocked.start ?? 0).toFixed(0)} ms); failures while down (+1 s): ${during.length}`)
  log(`    recovered by themselves: last failure ended at ${(lastFailure / 1000).toFixed(1)} s (${((lastFailure - startAt) / 1000).toFixed(1)} s after the start); failures in the last 5 s: ${tail.length}; processes alive: ${[0, 1].map((i) => cluster.alive(i)).join(', ')}`)
  log(`    ${check.text}`)
  if (other.length) log(`    nginx's error log meanwhile: ${JSON.stringify(nginxErrors(cluster, logFrom).counts)}`)
  return ['PostgreSQL restarted under load', `${n500} × 500`, `${r.failures.length - other.length} × 503 (Chinese), ${other.length} other; slowest ${r.max.toFixed(0)} ms; recovered ${((lastFailure - startAt) / 1000).toFixed(1)} s after start, 0 failing in last 5 s: ${tail.length === 0}; lost writes ${check.lost}`]
}

/** PGlite on a small tmpfs: filled under load, then freed; the database opened again afterwards. */
async function diskScenario({ root, seconds, connections, log }) {
  if (process.getuid?.() !== 0) {
    log('  disk full: skipped (mounting a small tmpfs needs root)')
    return ['PGlite disk full', 'skipped', 'needs root to mount a tmpfs']
  }
  const work = await mkdtemp(join(tmpdir(), 'bench-disk-'))
  const mount = join(work, 'mnt')
  mkdirSync(mount)
  let server = null
  let mounted = false
  try {
    // a seeded directory first, on the ordinary disk (seeding once takes a minute or more on this machine)
    // (BENCH_FAULT_PGLITE_SEEDED names a seeded directory to copy instead, e.g. a stopped server's DATA_DIR)
    let seeded = process.env.BENCH_FAULT_PGLITE_SEEDED
    if (!seeded) {
      seeded = join(work, 'seeded')
      const seeding = await startOne(root, { env: { DATA_DIR: seeded }, label: 'PGlite seeding' })
      await seeding.stop()
    }
    const bytes = Number(execFileSync('du', ['-sb', seeded], { encoding: 'utf8' }).split('\t')[0])
    const size = Math.ceil(bytes / 1048576) + 32
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}m`, 'tmpfs', mount])
    mounted = true
    const dataDir = join(mount, 'data')
    cpSync(seeded, dataDir, { recursive: true })
    server = await startOne(root, { env: { DATA_DIR: dataDir }, label: 'PGlite on a small disk' })
    const readers = await makeReaders(server.url, connections, { run: 9 })
    const data = await loadWorkloadData(server.url)
    let fullAt = null
    let freedAt = null
    let act = null
    const filler = join(mount, 'filler')
    const r = await runMix(server.url, readers, data, {
      seconds: Math.max(seconds, 20),
      label: 'disk full',
      onTick: (ms) => {
        if (act) return
        if (fullAt === null && ms >= 4000) {
          fullAt = ms
          // every byte left taken (dd stops at ENOSPC)
          act = Promise.resolve().then(() => {
            try {
              execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M'], { stdio: 'ignore' })
            } catch {
              /* ENOSPC: the point */
            }
            act = null
          })
        } else if (fullAt !== null && freedAt === null && ms >= fullAt + (Math.max(seconds, 20) * 1000) / 2) {
          freedAt = ms
          rmSync(filler, { force: true })
        }
      },
    })
    const alive = server.child.exitCode === null && server.child.signalCode === null
    const other = r.failures.filter((f) => !(f.status === 503 && f.message === DISK_MESSAGE))
    const n500 = r.failures.filter((f) => f.status === 500).length
    const tail = within(r, freedAt + 2000)
    log(`  PGlite's disk (tmpfs ${size} MB) filled at ${(fullAt / 1000).toFixed(1)} s, freed at ${(freedAt / 1000).toFixed(1)} s: ${r.total} requests, ${statusLine(r)}; failures ${JSON.stringify(kinds(r.failures))}`)
    log(`    503 "${DISK_MESSAGE}": ${r.failures.length - other.length}; 500s: ${n500}; other: ${other.length}; process alive: ${alive}; failures from 2 s after the space returned: ${tail.length}; slowest ${r.max.toFixed(0)} ms`)
    // intact: stop the server, open the directory again, find every acknowledged comment and order
    await server.stop()
    server = null
    const { PGlite } = await import('@electric-sql/pglite')
    const db = new PGlite({ dataDir })
    let found
    try {
      await db.waitReady
      const c = await db.query('SELECT count(*)::int AS n FROM comments WHERE id = ANY($1::bigint[])', [r.acknowledged.comment])
      const o = await db.query('SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::text[])', [r.acknowledged.order])
      const t = await db.query('SELECT count(*)::int AS n FROM comments')
      found = { comments: [r.acknowledged.comment.length, c.rows[0].n], orders: [r.acknowledged.order.length, o.rows[0].n], total: t.rows[0].n }
    } finally {
      await db.close()
    }
    const check = writesLine(found)
    log(`    the directory opened again after the server stopped: ${check.text}; ${found.total} comments in all — ${uptime()}`)
    return ['PGlite disk full', `${n500} × 500`, `${r.failures.length - other.length} × 503 (Chinese), ${other.length} other; alive ${alive}; ${tail.length} failing after space returned; reopened intact, lost writes ${check.lost}`]
  } finally {
    await server?.stop()
    if (mounted) execFileSync('umount', ['-l', mount])
    await rm(work, { recursive: true, force: true })
  }
}

export async function run(ctx) {
  const { log, root } = ctx
  const seconds = Number(process.env.BENCH_FAULT_SECONDS ?? 30)
  const connections = Number(process.env.BENCH_FAULT_CONNECTIONS ?? 100)
  const downSeconds = Number(process.env.BENCH_FAULT_PG_DOWN ?? 5)
  const only = (process.env.BENCH_FAULTS ?? 'kill,rolling,postgres,disk').split(',')
  log(`mixed load (bench/lib/mixed.mjs) at ${connections} connections, ${seconds} s per fault; failures are non-2xx answers and socket errors seen by the clients — ${uptime()}`)
  const summary = []
  if (['kill', 'rolling', 'postgres'].some((f) => only.includes(f))) {
    const cluster = await startCluster(2)
    try {
      const readers = await makeReaders(cluster.url, connections, { run: 5 })
      const data = await loadWorkloadData(cluster.url)
      await runMix(cluster.url, readers, data, { seconds: 3 }) // warm-up
      const args = { cluster, readers, data, seconds, downSeconds, log }
      if (only.includes('kill')) summary.push(await killScenario(args))
      if (only.includes('rolling')) summary.push(await rollingScenario(args))
      if (only.includes('postgres')) summary.push(await postgresScenario(args))
      log(`  ${uptime()}`)
    } finally {
      await cluster.stop()
    }
  }
  if (only.includes('disk')) summary.push(await diskScenario({ root, seconds, connections: Math.min(connections, 50), log }))
  return { summary }
}

// alone: `node bench/faults.mjs` (BENCH_FAULTS=kill BENCH_FAULT_SECONDS=15 …)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await run({ root: join(fileURLToPath(import.meta.url), '..', '..'), log: (line) => console.log(line) })
  for (const [label, value, note] of result.summary) console.log(`${label}: ${value} — ${note}`)
}
