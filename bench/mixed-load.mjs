// Figure (issue 30 'Load suite'): the mixed workload of bench/lib/mixed.mjs — 70 % public reads, 20 %
// signed-in reads, 10 % writes — at BENCH_MIXED_CONNECTIONS (200) connections for BENCH_MIXED_SECONDS
// (60) against (a) one process on PGlite, (b) one process on PostgreSQL (scripts/cluster.mjs with one
// process, asked directly), (c) two processes behind nginx on PostgreSQL (scripts/cluster.mjs: the same
// PostgreSQL settings as (b), so (c)/(b) compares like with like). Prints req/s, p50/p99, answers by status, and the CPU each part
// used (server processes, PostgreSQL, nginx, this bench's own load generator, the whole machine), since
// on a 2-core machine the generator shares the cores with what it measures.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer } from '../scripts/build-server.mjs'
import { freePort, startServer } from './lib/processes.mjs'
import { cpuSecondsOf, failureKinds, loadWorkloadData, makeReaders, processTree, runMix, statusLine } from './lib/mixed.mjs'
import { num, table } from './lib/format.mjs'
import { uptime } from './lib/uptime.mjs'

export const id = 'mixed-load'
export const name = 'mixed load (issue 30)'

export const BUNDLE_DIR = join(process.cwd(), 'node_modules', '.cache', 'bench-load', 'bundle')

/** The server bundle `npm start` runs, built once per bench into a directory of ours (dist/node is shared). */
let bundled = null
export async function serverBundle(root) {
  if (!bundled) bundled = await buildServer(join(root, 'node_modules', '.cache', 'bench-load', 'bundle'))
  return bundled
}

/** One server process on PGlite as `npm start` runs it (the bundle, local mode). */
export async function startOne(root, { env, label }) {
  const entry = await serverBundle(root)
  return startServer({
    name: label,
    args: [entry],
    port: await freePort(),
    env: { STATIC_DIR: join(root, 'dist'), ...env },
    cwd: root,
    timeoutMs: 600_000,
  })
}

/** CPU seconds used by groups of pids, sampled before and after. */
export async function cpuOf(groups) {
  const out = {}
  for (const [k, pids] of Object.entries(groups)) {
    let s = 0
    for (const pid of await pids()) s += await cpuSecondsOf(pid)
    out[k] = s
  }
  return out
}

/** Readers, a warm-up, then the measured run; CPU per group over the measured run. */
export async function measureMix({ url, log, readers, seconds, warmup, groups, label }) {
  const data = await loadWorkloadData(url)
  if (warmup > 0) await runMix(url, readers, data, { seconds: warmup })
  const before = await cpuOf(groups)
  const r = await runMix(url, readers, data, { seconds, label })
  const after = await cpuOf(groups)
  r.cpu = Object.fromEntries(Object.keys(groups).map((k) => [k, (after[k] - before[k]) / r.elapsed]))
  r.uptime = uptime()
  log(`  ${label}: ${num(r.rps, 0)} req/s (2xx ${num(r.okRps, 0)}/s), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms; ${statusLine(r)}`)
  log(`    mix sent: public ${r.byKind.public}, signed-in ${r.byKind.signedIn}, writes ${r.byKind.writes} (${Object.entries(r.writesSent).map(([k, n]) => `${k} ${n}`).join(', ')}); writes acknowledged: ${r.acknowledged.comment.length} comments, ${r.acknowledged.order.length} orders, ${r.acknowledged.like} likes, ${r.acknowledged.watch} watchlist${Object.keys(r.writeRefusals).length ? `; write limits refused ${JSON.stringify(r.writeRefusals)}` : ''}`)
  if (r.failures.length) log(`    failures: ${JSON.stringify(failureKinds(r))}`)
  log(`    CPU (cores of 2): ${Object.entries(r.cpu).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}, load generator ${r.generatorCpu.toFixed(2)}; whole machine ${(r.machineBusy * 100).toFixed(0)} % busy — ${r.uptime}`)
  return r
}

/** A cluster of scripts/cluster.mjs (its own PostgreSQL, `processes` servers, nginx), quiet. */
export async function startCluster(processes) {
  const { start } = await import('../scripts/cluster.mjs')
  return start({ processes, log: () => {}, cleanupOnSignals: false })
}

/** The PostgreSQL postmaster of a cluster (first line of postmaster.pid) and its backends. */
export const postgresPids = (cluster) => async () => {
  try {
    return processTree(Number(readFileSync(join(cluster.dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]))
  } catch {
    return []
  }
}

export async function run(ctx) {
  const { log, root } = ctx
  const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60)
  const connections = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 200)
  const warmup = Number(process.env.BENCH_MIXED_WARMUP ?? 5)
  const only = (process.env.BENCH_MIXED_TARGETS ?? 'a,b,c').split(',')
  log(`${connections} connections (one signed-up reader each, from its own loopback address), ${seconds} s measured after ${warmup} s warm-up; mix 70 % public reads / 20 % signed-in reads / 10 % writes (bench/lib/mixed.mjs MIX)`)
  log(`the load generator is this node process, on the same 2 cores as the servers, PostgreSQL and nginx: its CPU is printed beside each run — ${uptime()}`)
  const results = {}
  if (only.includes('a')) {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-mixed-pglite-'))
    try {
      const t0 = Date.now()
      const server = await startOne(root, { env: { DATA_DIR: dataDir }, label: '(a) 1 process, PGlite' })
      log(`(a) 1 process on PGlite: started (and seeded) in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      try {
        const readers = await makeReaders(server.url, connections, { run: 1 })
        results.a = await measureMix({ url: server.url, log, readers, seconds, warmup, label: '(a) 1 process, PGlite', groups: { server: async () => [server.child.pid] } })
      } finally {
        await server.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  for (const [key, processes, label] of [['b', 1, '(b) 1 process, PostgreSQL'], ['c', 2, '(c) 2 processes + nginx, PostgreSQL']]) {
    if (!only.includes(key)) continue
    const t0 = Date.now()
    const cluster = await startCluster(processes)
    try {
      // (b) asks its one process directly; (c) asks nginx
      const url = key === 'b' ? cluster.processUrls[0] : cluster.url
      log(`${label}: scripts/cluster.mjs started in ${((Date.now() - t0) / 1000).toFixed(1)} s (${url}; PostgreSQL pool 10 per process)`)
      const readers = await makeReaders(url, connections, { run: key === 'b' ? 2 : 3 })
      results[key] = await measureMix({
        url,
        log,
        readers,
        seconds,
        warmup,
        label,
        groups: { servers: async () => cluster.pids.filter(Boolean), postgres: postgresPids(cluster), ...(key === 'c' ? { nginx: () => processTree(cluster.nginxPid) } : {}) },
      })
    } finally {
      await cluster.stop()
    }
  }

  const rows = Object.values(results).map((r) => [r.label, num(r.rps, 0), r.p50.toFixed(1), r.p99.toFixed(1), statusLine(r), r.generatorCpu.toFixed(2), `${(r.machineBusy * 100).toFixed(0)} %`])
  log('\n' + table(['target', 'req/s', 'p50 ms', 'p99 ms', 'answers', 'generator cores', 'machine busy'], rows, { align: ['left'] }))
  const summary = Object.values(results).map((r) => [r.label, `${num(r.rps, 0)} req/s`, `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ${statusLine(r)}; generator ${r.generatorCpu.toFixed(2)} cores`])
  if (results.b && results.c) {
    const ratio = results.c.rps / results.b.rps
    const spare = 2 - results.c.generatorCpu - (results.c.cpu.postgres ?? 0) - (results.c.cpu.nginx ?? 0)
    log(`(c) / (b) requests/s: ${ratio.toFixed(2)}. Bound: 2 cores shared by the generator (${results.c.generatorCpu.toFixed(2)} cores), PostgreSQL (${(results.c.cpu.postgres ?? 0).toFixed(2)}), nginx (${(results.c.cpu.nginx ?? 0).toFixed(2)}) and the two servers (${(results.c.cpu.servers ?? 0).toFixed(2)}); at most ~${Math.max(0, spare).toFixed(2)} cores were left for the servers, against ${(results.b.cpu.servers ?? 0).toFixed(2)} for the one process of (b)`)
    summary.push(['(c) / (b) req/s', ratio.toFixed(2), `machine ${(results.c.machineBusy * 100).toFixed(0)} % busy in (c); servers ${(results.c.cpu.servers ?? 0).toFixed(2)} cores vs ${(results.b.cpu.servers ?? 0).toFixed(2)} in (b)`])
  }
  return { summary }
}

// alone: `node bench/mixed-load.mjs` (BENCH_MIXED_TARGETS=b,c BENCH_MIXED_SECONDS=20 …); it starts its own servers
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await run({ root: join(fileURLToPath(import.meta.url), '..', '..'), log: (line) => console.log(line) })
  for (const [label, value, note] of result.summary) console.log(`${label}: ${value} — ${note}`)
}
