// Figure: search latency at realistic scale (issue 5). A child process (tsx) builds a temporary
// PGlite database with every fixture stock and 100,000 generated articles and flashes
// (server/reading/search-bench.ts), runs each query kind many times through the search services
// and reports p50 and p95 per kind. Goals (printed, never asserted): stock p95 < 5 ms, full-text
// p95 < 30 ms, on one core (PGlite is single-threaded).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { table } from './lib/format.mjs'

export const id = 'search-latency'
export const name = 'search latency'

const STOCK_GOAL_MS = 5
const TEXT_GOAL_MS = 30

function runChild(root) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'reading', 'search-bench.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.once('error', reject)
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? ''
      if (code !== 0) return reject(new Error(`search bench exited with ${code}: ${err.slice(-2000)}`))
      try {
        resolve(JSON.parse(line))
      } catch {
        reject(new Error(`search bench printed no result: ${out.slice(-1000)} ${err.slice(-1000)}`))
      }
    })
  })
}

export async function run(ctx) {
  const { log } = ctx
  const r = await runChild(ctx.root)
  log(`search data: ${r.articles} articles, ${r.flashes} flashes, ${r.stocks} stocks, ${r.grams} bigram postings (built in ${r.setupSeconds.toFixed(1)} s)`)
  const ms = (x) => `${x.toFixed(2)} ms`
  const goal = (kind) => (kind.startsWith('stock') ? STOCK_GOAL_MS : TEXT_GOAL_MS)
  log(
    table(
      ['query kind', 'n', 'p50', 'p95', 'goal p95'],
      r.kinds.map((k) => [k.kind, String(k.n), ms(k.p50), ms(k.p95), `< ${goal(k.kind)} ms${k.p95 < goal(k.kind) ? '' : '  (missed)'}`]),
      { align: ['left', 'right', 'right', 'right', 'left'] },
    ),
  )
  return {
    summary: [
      ['search p95, stocks (worst kind)', ms(Math.max(...r.kinds.filter((k) => k.kind.startsWith('stock')).map((k) => k.p95))), `goal < ${STOCK_GOAL_MS} ms`],
      ['search p95, full text (worst kind)', ms(Math.max(...r.kinds.filter((k) => !k.kind.startsWith('stock')).map((k) => k.p95))), `goal < ${TEXT_GOAL_MS} ms`],
    ],
  }
}
