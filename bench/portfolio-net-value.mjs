// Figure: a portfolio's net value series (core/portfolio/net-value.ts, issue 15) — time to compute a
// 5-year daily series (1,260 trading days) of a portfolio with 200 adjustments of 5 stocks each over a
// pool of 40 stocks, and its drawdown and month profits. Goal (printed, not asserted): < 20 ms.
// The closes are a seeded random walk here: the simulator's history holds one year, and this figure
// measures the computation the server runs on every read, not the simulator.
import { build } from 'esbuild'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'

export const id = 'portfolio'
export const name = 'portfolio net values'

const DAYS = 1260
const STOCKS = 40
const ADJUSTMENTS = 200
const ROUNDS = 15
const GOAL_MS = 20

async function load(root) {
  const out = await build({ entryPoints: [join(root, 'core/portfolio/net-value.ts')], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' })
  const dir = await mkdtemp(join(tmpdir(), 'gmh-bench-portfolio-'))
  const file = join(dir, 'net-value.mjs')
  await writeFile(file, out.outputFiles[0].text)
  try {
    return await import(pathToFileURL(file).href)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

function random(seed) {
  let s = seed >>> 0
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32)
}

function market() {
  const r = random(15)
  const days = Array.from({ length: DAYS }, (_, i) => 1_600_000_000 + i * 86_400)
  const closes = new Map()
  for (let k = 0; k < STOCKS; k++) {
    const row = new Float64Array(DAYS)
    let p = 1000 + r() * 50_000
    for (let i = 0; i < DAYS; i++) row[i] = p = Math.max(1, Math.round(p * (1 + (r() - 0.5) * 0.04)))
    closes.set(`hk${String(k).padStart(5, '0')}`, row)
  }
  const ids = [...closes.keys()]
  const adjustments = Array.from({ length: ADJUSTMENTS }, (_, a) => {
    const i = Math.floor((a * DAYS) / ADJUSTMENTS)
    const chosen = Array.from({ length: 5 }, (_, j) => ids[(a * 7 + j * 3) % STOCKS])
    return {
      day: days[i],
      time: days[i] + 3600,
      targets: chosen.map((stockId) => ({ stockId, weight: 18 })),
      prices: new Map(ids.map((id) => [id, closes.get(id)[i]])),
    }
  })
  return { table: { days, closes }, adjustments }
}

export async function run({ root, log }) {
  const nv = await load(root)
  const { table, adjustments } = market()
  const times = []
  let series
  for (let k = 0; k < ROUNDS; k++) {
    const t0 = performance.now()
    series = nv.computeNetValues(table, adjustments)
    nv.maxDrawdown(series.values)
    nv.monthProfits(series.days, series.values)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]
  log(`${DAYS} days × ${ADJUSTMENTS} adjustments (${STOCKS} stocks): median ${median.toFixed(2)} ms, best ${times[0].toFixed(2)} ms of ${ROUNDS} (goal < ${GOAL_MS} ms); last net value ${series.values.at(-1).toFixed(4)}`)
  return { summary: [['portfolio 5-year series, 200 adjustments', `${median.toFixed(2)} ms`, `goal < ${GOAL_MS} ms`]] }
}
