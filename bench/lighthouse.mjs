// Figure: Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on Debian's Chromium
// against the real server, for home, a news article, a stock page and /market: performance score,
// FCP, LCP, TBT, CLS and the JS bytes transferred. Goals (printed, never asserted): score ≥ 95,
// LCP ≤ 2.0 s, CLS < 0.02. lighthouse 12.x (13 wants Node 22) drives Chromium through
// chrome-launcher; nothing is downloaded.
//
// As Lighthouse CI does, each page is measured LIGHTHOUSE_RUNS times (default 3) and the run with the
// median score is reported (the scores of all runs are printed): one run on a shared 2-core machine
// moves by several points. Each page is requested once first, so the figure is of a running site,
// not of the server's first request after start (which loads the market simulator: ~1 s).
//
// Beside the figures, each page's median run prints its paint path (issue 31): the requests
// Lighthouse's simulation (Lantern) counts before the first paint — a request of render-blocking
// priority (VeryHigh, or High for a script or document) that finished before the paint the browser
// really made — and the main thread's long tasks with the script they ran, which set TBT.
//
// Alone: `node bench/lighthouse.mjs` starts the server as `npm start` runs it (dist/node/main.mjs,
// bundled here) on a temp DATA_DIR over STATIC_DIR (default dist/, built beforehand) and measures;
// LIGHTHOUSE_PAGES=home,stock picks pages by label. Heavy: take the shared lock (flock /tmp/heavy.lock).
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { table } from './lib/format.mjs'

export const id = 'lighthouse'
export const name = 'lighthouse (mobile)'

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']

/** The pages measured: home, the newest news article, a stock, the market overview. */
export async function pagesOf(baseUrl) {
  const news = await (await fetch(`${baseUrl}/api/news/list/v2?page=1&limit=1`)).json().catch(() => null)
  const first = (news?.result?.list ?? news?.result ?? [])[0]
  return [
    ['home', '/'],
    ...(first?.id !== undefined ? [['news article', `/news/${first.id}`]] : []),
    ['stock', '/stock/hk00700'],
    ['market', '/market'],
  ]
}

/** The figures one Lighthouse result (lhr) gives. */
export function figuresOf(lhr) {
  const ms = (audit) => lhr.audits[audit]?.numericValue ?? NaN
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: ms('cumulative-layout-shift'),
    jsBytes: scripts?.transferSize ?? NaN,
  }
}

/** The run with the median score (its own figures, not a mix of runs). */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** Lantern's rule (NetworkNode.hasRenderBlockingPriority): which requests its paint graphs may keep. */
export const renderBlockingPriority = (r) => r.priority === 'VeryHigh' || (r.priority === 'High' && (r.resourceType === 'Script' || r.resourceType === 'Document'))

const shortUrl = (url, origin) => (origin && url.startsWith(origin) ? url.slice(origin.length) || '/' : url)

/**
 * What sets one run's paint: the requests Lighthouse's simulation puts before FCP (render-blocking
 * priority, finished before the observed first paint — FirstContentfulPaint.getFirstPaintBasedGraph),
 * the other requests fetched before that paint, and the long tasks (with the script each ran).
 */
export function paintPathOf(lhr) {
  const origin = (() => {
    try {
      return new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).origin
    } catch {
      return ''
    }
  })()
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {}
  const fcpAt = observed.observedFirstContentfulPaint ?? NaN
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const before = requests.filter((r) => (r.networkEndTime ?? Infinity) <= fcpAt)
  const describe = (r) => ({ url: shortUrl(r.url, origin), priority: r.priority, type: r.resourceType, kb: Math.round((r.transferSize ?? 0) / 100) / 10, endMs: Math.round(r.networkEndTime ?? NaN) })
  const lcpNode = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
  return {
    observedFcp: fcpAt,
    lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''} <${String(lcpNode.snippet ?? '').slice(1, 60)}` : 'unknown',
    blocking: before.filter(renderBlockingPriority).map(describe),
    otherBeforeFcp: before.filter((r) => !renderBlockingPriority(r)).map(describe),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({ url: shortUrl(String(t.url ?? ''), origin), startMs: Math.round(t.startTime), ms: Math.round(t.duration) })),
  }
}

export async function run(ctx) {
  const { server, log } = ctx
  if (!server) throw new Error('the real server is not running, nothing to measure')
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const userDataDir = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'))
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' })
  const rows = []
  const summary = []
  const paths = []
  const only = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',').map((p) => p.trim()) : null
  try {
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
    for (const [label, path] of (await pagesOf(server.url)).filter(([label]) => !only || only.some((o) => label.startsWith(o)))) {
      await fetch(server.url + path, { headers: { accept: 'text/html' } }).then((r) => r.text()).catch(() => {})
      const all = []
      let errors = ''
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
        all.push({ ...figuresOf(result.lhr), path: paintPathOf(result.lhr) })
        if (result.lhr.runtimeError) errors = ` (${result.lhr.runtimeError.code})`
      }
      const f = medianRun(all)
      paths.push([label, f.path])
      const scores = all.map((r) => r.score).join('/')
      rows.push([label, path, `${f.score} (${scores})`, `${(f.fcp / 1000).toFixed(1)} s`, `${(f.lcp / 1000).toFixed(1)} s`, `${Math.round(f.tbt)} ms`, f.cls.toFixed(3), `${(f.jsBytes / 1000).toFixed(1)} KB${errors}`])
      summary.push([`${label} ${path}`, `score ${f.score}`, `median of ${scores}; FCP ${(f.fcp / 1000).toFixed(1)} s, LCP ${(f.lcp / 1000).toFixed(1)} s, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}, JS ${(f.jsBytes / 1000).toFixed(1)} KB${errors}`])
    }
  } finally {
    await chrome.kill()
    await rm(userDataDir, { recursive: true, force: true }).catch(() => {})
  }
  log(`lighthouse 12, mobile preset (simulated throttling), performance category only, Debian chromium headless; median of ${Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))} runs per page (all scores in brackets)`)
  log(table(['page', 'path', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transferred'], rows, { align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'] }))
  for (const [label, p] of paths) {
    const list = (rs) => (rs.length ? rs.map((r) => `${r.url} (${r.type}, ${r.priority}, ${r.kb} KB, done ${r.endMs} ms)`).join('; ') : 'none')
    log(`\n${label}: paint path of the median run (the browser painted at ${Math.round(p.observedFcp)} ms unthrottled)`)
    log(`  before FCP in the simulation (render-blocking priority): ${list(p.blocking)}`)
    log(`  also fetched before that paint, not blocking it: ${list(p.otherBeforeFcp)}`)
    log(`  largest contentful paint: ${p.lcpElement}`)
    log(`  long tasks: ${p.longTasks.length ? p.longTasks.map((t) => `${t.ms} ms at ${t.startMs} ms (${t.url || 'no script'})`).join('; ') : 'none'}`)
  }
  return { summary }
}

// `node bench/lighthouse.mjs`: this figure alone, against the server `npm start` runs, over STATIC_DIR (default dist/)
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
  const { freePort, startServer } = await import('./lib/processes.mjs')
  const { buildServer } = await import('../scripts/build-server.mjs')
  const staticDir = resolve(process.env.STATIC_DIR ?? join(root, 'dist'))
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-lighthouse-data-'))
  // inside the repository: the bundle keeps its packages external and finds them in node_modules/
  const entry = await buildServer(await mkdtemp(join(root, 'node_modules', '.cache', 'bench-lighthouse-node-')))
  const server = await startServer({ name: 'server', args: [entry], port: await freePort(), env: { DATA_DIR: dataDir, STATIC_DIR: staticDir }, cwd: root, timeoutMs: 600_000 })
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ')
  try {
    console.log(`${new Date().toISOString()} — ${staticDir} on ${server.url} — load ${load()}`)
    const { summary } = await run({ server, log: (...lines) => console.log(...lines) })
    console.log(`\n${new Date().toISOString()} — load ${load()}`)
    console.log(table(['page', 'score', 'figures'], summary))
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true }).catch(() => {})
    await rm(resolve(entry, '..'), { recursive: true, force: true }).catch(() => {})
  }
}
