// npm run bench — prints figures; never asserts timings. Exit 0 unless something crashes.
//
//   BENCH_SKIP_BUILD=1     measure the dist/ already there instead of running `npx vite build`
//   BENCH_ONLY=a,b         run only these figures (ids in bench/figures.mjs: client-size, server-throughput)
//   BENCH_DURATION=10      seconds per throughput run (after BENCH_WARMUP=2 s not counted)
//   BENCH_SERVER_ENTRY     server entry, default the bundle `npm start` runs (dist/node/main.mjs, built here by
//                          scripts/build-server.mjs); a .ts entry is started with `node --import tsx`
//   BENCH_SERVER_TIMEOUT   seconds to wait for its listening line (default 600: a fresh seed on a busy machine)
//
// Figures live in bench/ (one module each, listed in bench/figures.mjs).
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir, loadavg, cpus } from 'node:os'
import { join, dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { figures } from '../bench/figures.mjs'
import { freePort, startServer } from '../bench/lib/processes.mjs'
import { table } from '../bench/lib/format.mjs'
import { rssOf } from '../bench/lib/session.mjs'
import { buildServer } from './build-server.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const distDir = join(root, 'dist')
const env = process.env
const log = (...lines) => console.log(...lines)
const heading = (text) => log(`\n== ${text} ${'='.repeat(Math.max(0, 72 - text.length))}`)
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

const only = env.BENCH_ONLY ? env.BENCH_ONLY.split(',').map((s) => s.trim()) : null
const selected = figures.filter((f) => !only || only.includes(f.id))
const started = Date.now()
const summary = []
let failed = false
let server = null
let dataDir = null
let rssAfterStart = null

function gitHead() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

/** The build `npm start` serves: the client (dist/) and the server renderer of reading pages (dist/server/). */
function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`npx ${args.join(' ')} exited with ${code}:\n${output.trim().split('\n').slice(-30).join('\n')}`))))
  })
}
async function viteBuild() {
  await run(['vite', 'build'])
  // without it the server answers reading pages with an empty #root and Lighthouse measures a client-rendered site
  await run(['vite', 'build', '--ssr', 'ui/server-entry.tsx', '--outDir', 'dist/server'])
}

async function cleanUp() {
  if (server) await server.stop().catch(() => {})
  server = null
  if (dataDir) await rm(dataDir, { recursive: true, force: true }).catch(() => {})
  dataDir = null
}

process.once('SIGINT', () => {
  cleanUp().finally(() => process.exit(130))
})

try {
  log(`港美汇 bench — ${new Date().toISOString()} — node ${process.version} — HEAD ${gitHead()} (working tree as is) — ${cpus().length} CPUs, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  log('figures only: nothing here asserts a timing; the machine is shared, so compare runs made side by side.')
  if (selected.length === 0) throw new Error(`BENCH_ONLY=${env.BENCH_ONLY} matches no figure; ids: ${figures.map((f) => f.id).join(', ')}`)

  // the figures that measure the built site: they need dist/ (and dist/server/) as `npm start` serves it
  if (selected.some((f) => ['client-size', 'lighthouse', 'portfolio-page'].includes(f.id))) {
    heading('build')
    if (env.BENCH_SKIP_BUILD === '1') {
      log(`BENCH_SKIP_BUILD=1: measuring the existing dist/ (index.html from ${existsSync(join(distDir, 'index.html')) ? statSync(join(distDir, 'index.html')).mtime.toISOString() : 'nowhere — not built'})`)
    } else {
      const t0 = Date.now()
      try {
        await viteBuild()
        log(`npx vite build (client and server renderer): done in ${seconds(Date.now() - t0)} → dist/, dist/server/`)
      } catch (e) {
        failed = true
        log(`npx vite build FAILED: ${e.message}`)
        log(existsSync(join(distDir, 'index.html')) ? 'measuring whatever dist/ holds from an earlier build' : 'no dist/ to measure')
      }
    }
  }

  heading('server')
  // the server as `npm start` runs it: bundled (~0.1 s), always from the sources as they are
  let entry = env.BENCH_SERVER_ENTRY
  if (!entry) entry = relative(root, await buildServer())
  const startArgs = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry]
  if (!existsSync(join(root, entry))) {
    failed = true
    log(`${entry} does not exist: figures that need the server will fail`)
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'bench-data-'))
    const t0 = Date.now()
    try {
      server = await startServer({ name: entry, args: startArgs, port: await freePort(), env: { DATA_DIR: dataDir, STATIC_DIR: distDir }, cwd: root, timeoutMs: Number(env.BENCH_SERVER_TIMEOUT ?? 600) * 1000 })
      rssAfterStart = await rssOf(server.child.pid).catch(() => null)
      log(`node ${startArgs.join(' ')}: listening on ${server.url} after ${seconds(Date.now() - t0)} (DATA_DIR ${dataDir}), RSS ${rssAfterStart ? `${(rssAfterStart / 1e6).toFixed(0)} MB` : '?'}`)
      // what a reader gets: the reading pages' first screen as server HTML, or an empty #root (no dist/server/)
      const home = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } }).then((r) => r.text(), () => '')
      log(/<div id="root"><\/div>/.test(home) || !home.includes('id="root"') ? 'server rendering: OFF (no dist/server/ or it failed) — page figures are of a client-rendered site' : 'server rendering: on (/ answers with its first screen in the HTML)')
    } catch (e) {
      failed = true
      log(`the server did not start: ${e.message}`)
    }
  }

  const ctx = {
    root,
    distDir,
    server,
    rssAfterStart,
    log,
    durationSeconds: Number(env.BENCH_DURATION ?? 10),
    warmupSeconds: Number(env.BENCH_WARMUP ?? 2),
  }
  for (const figure of selected) {
    heading(figure.name)
    const t0 = Date.now()
    try {
      const result = await figure.run(ctx)
      summary.push(...result.summary.map(([label, value, note = '']) => [figure.name, label, value, note]))
      log(`(${figure.name}: ${seconds(Date.now() - t0)})`)
    } catch (e) {
      failed = true
      summary.push([figure.name, 'FAILED', '', String(e.message).split('\n')[0]])
      log(`${figure.name} FAILED: ${e.stack ?? e}`)
      if (server && server.child.exitCode !== null) log(`server output:\n${server.output()}`)
    }
  }
} catch (e) {
  failed = true
  log(`bench crashed: ${e.stack ?? e}`)
} finally {
  await cleanUp()
}

heading('summary')
log(table(['figure', 'measure', 'value', 'note'], summary, { align: ['left', 'left', 'right', 'left'] }))
log(`\nmeasured ${new Date().toISOString()}, whole bench ${seconds(Date.now() - started)}${failed ? ' — SOMETHING FAILED, see above' : ''}`)
process.exitCode = failed ? 1 : 0
