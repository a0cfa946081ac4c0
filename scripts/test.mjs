// `npm test`: everything CI checks, in order — typecheck, lint (eslint.config.js), unit/property/model/integration tests
// (vitest), the server integration suite once more on real PostgreSQL when TEST_DATABASE_URL is
// set, then the browser journeys in Chromium. Ends with one line 'tests: N passed, N failed'.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const resultsDir = join(process.cwd(), 'artifacts', 'test-results')
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

let passed = 0
let failed = 0
let stepFailed = false

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) {
    stepFailed = true
    console.log(`--- ${title}: FAILED (exit ${r.status ?? r.signal})`)
  }
  return r.status === 0
}

function count(file) {
  if (!existsSync(file)) return
  const json = JSON.parse(readFileSync(file, 'utf8'))
  passed += json.numPassedTests ?? 0
  failed += json.numFailedTests ?? 0
}

const vitest = (name, args, env) => {
  const out = join(resultsDir, `${name}.json`)
  run(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...args], env)
  count(out)
}

run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
run('lint', 'npm', ['run', '--silent', 'lint'])
vitest('unit, property, model and server tests (PGlite)', [])
// the bench's own tests (node:test; they check its parsing and process handling, never timings)
run('bench helpers (node:test)', 'node', ['--test', 'bench/'])
if (process.env.TEST_DATABASE_URL) {
  vitest('server integration tests on PostgreSQL', ['server'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL })
} else {
  console.log('\n(TEST_DATABASE_URL not set: the PostgreSQL pass of the server tests is skipped; CI sets it)')
}
if (process.env.SKIP_E2E !== '1') {
  run('browser journeys (Chromium)', 'node', ['scripts/e2e.mjs'])
  count(join(process.cwd(), 'artifacts', 'e2e-results.json'))
}

console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(stepFailed || failed > 0 ? 1 : 0)
