#!/usr/bin/env node
// `npm run test:e2e`: user journeys in Debian Chromium against the real server.
//   1. make sure /usr/bin/chromium exists (installs it with apt-get when running as root)
//   2. build the client once with vite (skip with E2E_SKIP_BUILD=1) and bundle the server (always)
//   3. run e2e/**/*.e2e.ts with vitest (e2e/vitest.e2e.config.ts, one file at a time; each file starts its own server)
//   4. print one summary line
// `--build-only`: steps 1–2 only (scripts/test.mjs builds once for the SSR tests and the journeys).
// Extra arguments go to vitest, e.g. `npm run test:e2e -- e2e/shell.e2e.ts -t 404`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const CHROMIUM = '/usr/bin/chromium'
const started = Date.now()

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts })
  if (r.error) throw r.error
  return r.status ?? 1
}

function fail(message) {
  console.error(`\ne2e: ${message}`)
  console.log(`e2e summary: FAILED before running specs (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  process.exit(1)
}

// 1. Chromium (never downloaded by playwright: we drive the Debian package)
if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    fail(`${CHROMIUM} is missing. Install Debian's Chromium as root:\n    apt-get update && apt-get install -y chromium\n(playwright-core drives it; do not run "playwright install".)`)
  }
  console.log(`e2e: ${CHROMIUM} is missing; installing the Debian package…`)
  if (run('apt-get', ['update']) !== 0 || run('apt-get', ['install', '-y', 'chromium']) !== 0 || !existsSync(CHROMIUM)) {
    fail(`could not install chromium with apt-get; install it by hand: apt-get update && apt-get install -y chromium`)
  }
}

// 2. the client bundle the server serves. It goes to a folder of our own (git-ignored artifacts/), so a
//    `vite build` of dist/ by someone else on this machine cannot swap the site under a running journey.
//    A filtered run (a file or -t given) is somebody's single journey, perhaps beside another engineer's on this
//    machine: what it builds and seeds goes to a folder of its own (artifacts/e2e-run-<pid>/, removed at exit), so
//    two runs never empty each other's build or database template. A full run and --build-only use the shared
//    artifacts/e2e-dist/, which E2E_SKIP_BUILD=1 reads.
const fullRun = process.argv.length <= 2
const buildOnly = process.argv.includes('--build-only')
const privateDir = fullRun || buildOnly ? undefined : join(root, 'artifacts', `e2e-run-${process.pid}`)
if (privateDir) {
  const cleanUp = () => rmSync(privateDir, { recursive: true, force: true })
  process.on('exit', cleanUp)
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))
}
const sharedDist = join(root, 'artifacts', 'e2e-dist')
const staticDir = privateDir && process.env.E2E_SKIP_BUILD !== '1' ? join(privateDir, 'dist') : sharedDist
if (process.env.E2E_SKIP_BUILD === '1') {
  console.log('e2e: E2E_SKIP_BUILD=1, using the last e2e build (artifacts/e2e-dist/)')
  if (!existsSync(join(staticDir, 'index.html'))) fail('artifacts/e2e-dist/index.html is missing; run once without E2E_SKIP_BUILD=1 to build it')
} else {
  console.log('e2e: building the client (npx vite build --outDir artifacts/e2e-dist)…')
  if (run('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir']) !== 0) fail('vite build failed')
  // the server renderer of reading pages (ui/server-entry.tsx), loaded by the server from <staticDir>/server/
  if (run('npx', ['vite', 'build', '--ssr', 'ui/server-entry.tsx', '--outDir', join(staticDir, 'server'), '--emptyOutDir']) !== 0) fail('server renderer build failed')
}
process.env.E2E_STATIC_DIR = staticDir
// the server as `npm start` runs it (scripts/build-server.mjs; ~0.1 s, so built every time, never stale)
const { buildServer } = await import('./build-server.mjs')
const serverEntry = await buildServer(join(privateDir ?? staticDir, 'node'))
process.env.E2E_SERVER_ENTRY = serverEntry
if (buildOnly) {
  console.log(`e2e: built into artifacts/e2e-dist/ (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  process.exit(0)
}

// 2b. one migrated, seeded database for every journey file (e2e/harness.ts copies it per server). Seeded now,
//     so content dates are as fresh as a first `npm start`; journeys that need another database state make it.
const templateDir = privateDir ? join(privateDir, 'db-template') : join(root, 'artifacts', 'e2e-db-template')
rmSync(templateDir, { recursive: true, force: true })
const seedStarted = Date.now()
if (run(process.execPath, [join(privateDir ?? staticDir, 'node', 'seed-cli.mjs'), templateDir]) !== 0) fail('seeding the journeys\' database failed')
console.log(`e2e: seeded the journeys' database once (${((Date.now() - seedStarted) / 1000).toFixed(1)} s)`)
process.env.E2E_DB_TEMPLATE_DIR = templateDir

// 3. the journeys. Pictures from an earlier run would mislead: a full run starts from an empty folder;
//    a filtered run (extra arguments) keeps the others' pictures and drops only the failed-* ones.
const shotsDir = join(root, 'artifacts', 'screenshots')
if (existsSync(shotsDir)) {
  for (const f of readdirSync(shotsDir)) if (f.endsWith('.png') && (fullRun || f.startsWith('failed-'))) rmSync(join(shotsDir, f))
}
const resultsDir = join(root, 'artifacts')
const resultsFile = join(privateDir ?? resultsDir, 'e2e-results.json')
mkdirSync(resultsDir, { recursive: true })
rmSync(resultsFile, { force: true })
const status = run('npx', [
  'vitest', 'run',
  '--config', 'e2e/vitest.e2e.config.ts',
  '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`,
  ...process.argv.slice(2),
])

// 4. one line to read at the end
const seconds = ((Date.now() - started) / 1000).toFixed(1)
let counts
try {
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'))
  counts = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped in ${r.testResults?.length ?? 0} spec files`
} catch {
  counts = 'no results file'
}
console.log(`e2e summary: ${status === 0 ? 'PASSED' : 'FAILED'}: ${counts} (${seconds} s); screenshots in artifacts/screenshots/`)
process.exit(status)
