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
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

export async function run(ctx) {
  const { server, log } = ctx
  if (!server) throw new Error('the real server is not running, nothing to measure')
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const userDataDir = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'))
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' })
  const rows = []
  const summary = []
  try {
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
    for (const [label, path] of await pagesOf(server.url)) {
      await fetch(server.url + path, { headers: { accept: 'text/html' } }).then((r) => r.text()).catch(() => {})
      const all = []
      let errors = ''
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
        all.push(figuresOf(result.lhr))
        if (result.lhr.runtimeError) errors = ` (${result.lhr.runtimeError.code})`
      }
      const f = medianRun(all)
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
  return { summary }
}
