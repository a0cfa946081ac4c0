// `npm test`: everything CI checks, in order — typecheck, lint (eslint.config.js), unit/property/model/integration tests
// (vitest), the server integration suite once more on real PostgreSQL when TEST_DATABASE_URL is
// set, then the browser journeys in Chromium. Ends with one line 'tests: N passed, N failed'.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

const resultsDir = join(process.cwd(), 'artifacts', 'test-results')
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

let passed = 0
let failed = 0
let stepFailed = false

const timings = []
const since = (t) => ((Date.now() - t) / 1000).toFixed(1)

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`)
  const t = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  timings.push(`${title}: ${since(t)} s`)
  if (r.status !== 0) {
    stepFailed = true
    console.log(`--- ${title}: FAILED (exit ${r.status ?? r.signal})`)
  }
  return r.status === 0
}

/** Steps that do not depend on each other, at once (the machine has 2 cores; typecheck and lint are each single-threaded). Output is buffered per step and printed whole. */
async function together(steps) {
  const t = Date.now()
  const results = await Promise.all(
    steps.map(
      ({ title, cmd, args }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
          let out = ''
          child.stdout.on('data', (d) => (out += d))
          child.stderr.on('data', (d) => (out += d))
          child.on('close', (code) => resolve({ title, code, out }))
        }),
    ),
  )
  for (const { title, code, out } of results) {
    console.log(`\n=== ${title} ===\n${out.trimEnd()}`)
    if (code !== 0) {
      stepFailed = true
      console.log(`--- ${title}: FAILED (exit ${code})`)
    }
  }
  timings.push(`${steps.map((s) => s.title).join(' + ')}: ${since(t)} s`)
  return results
}

function count(file) {
  if (!existsSync(file)) return
  const json = JSON.parse(readFileSync(file, 'utf8'))
  passed += json.numPassedTests ?? 0
  failed += json.numFailedTests ?? 0
}

/** The server test files (server/…/x.test.ts) whose imports reach server/testing/test-db.ts (directly or through the other server/testing helpers). */
function serverTestsUsingTheDatabase() {
  const root = process.cwd()
  const target = join(root, 'server', 'testing', 'test-db.ts')
  const reaches = (file, seen = new Set()) => {
    if (file === target) return true
    if (seen.has(file) || !existsSync(file)) return false
    seen.add(file)
    const specs = [...readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']+)'/g)].map((m) => m[1])
    return specs.some((spec) => {
      const next = join(dirname(file), spec.endsWith('.ts') ? spec : `${spec}.ts`)
      // follow test files into the shared helpers only
      return next === target || (next.startsWith(join(root, 'server', 'testing')) && reaches(next, seen))
    })
  }
  return readdirSync(join(root, 'server'), { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(root, 'server', f))
    .filter((f) => reaches(f))
    .map((f) => relative(root, f))
    .sort()
}

const vitest = (name, args, env) => {
  const out = join(resultsDir, `${name}.json`)
  run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...args], env)
  count(out)
}

const started = Date.now()
// The client and its server renderer are built once, beside the typecheck and lint (each of those is
// single-threaded; the three together took 64 s where they took 77 s in a row on 2 cores): the
// server-rendering tests (server/seo/ssr.test.ts takes the newest build it finds) and the journeys
// (E2E_SKIP_BUILD) both use the build.
const BUILD = 'client build (artifacts/e2e-dist)'
const first = await together([
  { title: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { title: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { title: BUILD, cmd: 'node', args: ['scripts/e2e.mjs', '--build-only'] },
])
const built = first.find((r) => r.title === BUILD)?.code === 0
vitest('unit, property, model and server tests (PGlite)', [])
// the bench's own tests (node:test; they check its parsing and process handling, never timings)
run('bench helpers (node:test)', 'node', ['--test', 'bench/'])
if (process.env.TEST_DATABASE_URL) {
  // Only the server test files that open a database: the others (parsers, adapters, the simulator)
  // would run the very same code a second time.
  const files = serverTestsUsingTheDatabase()
  console.log(`\n(${files.length} server test files open a database; the PostgreSQL pass runs those)`)
  vitest('server integration tests on PostgreSQL', files, { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL })
} else {
  console.log('\n(TEST_DATABASE_URL not set: the PostgreSQL pass of the server tests is skipped; CI sets it)')
}
if (process.env.SKIP_E2E !== '1') {
  run('browser journeys (Chromium)', 'node', ['scripts/e2e.mjs'], built ? { E2E_SKIP_BUILD: '1' } : {})
  count(join(process.cwd(), 'artifacts', 'e2e-results.json'))
}

console.log(`\ntimings: ${timings.join('; ')}; total ${since(started)} s`)
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(stepFailed || failed > 0 ? 1 : 0)
