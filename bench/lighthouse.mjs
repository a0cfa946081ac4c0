// Figure: Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on Debian's Chromium
// against the real server, for home, a news article, a stock page and /market: performance score,
// FCP, LCP, TBT, CLS and the JS bytes transferred. Goals (printed, never asserted): score ≥ 95,
// LCP ≤ 2.0 s, CLS < 0.02. lighthouse 12.x (13 wants Node 22) drives Chromium through
// chrome-launcher; nothing is downloaded.
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
    for (const [label, path] of await pagesOf(server.url)) {
      const result = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
      const f = figuresOf(result.lhr)
      const errors = result.lhr.runtimeError ? ` (${result.lhr.runtimeError.code})` : ''
      rows.push([label, path, String(f.score), `${(f.fcp / 1000).toFixed(1)} s`, `${(f.lcp / 1000).toFixed(1)} s`, `${Math.round(f.tbt)} ms`, f.cls.toFixed(3), `${(f.jsBytes / 1000).toFixed(1)} KB${errors}`])
      summary.push([`${label} ${path}`, `score ${f.score}`, `FCP ${(f.fcp / 1000).toFixed(1)} s, LCP ${(f.lcp / 1000).toFixed(1)} s, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}, JS ${(f.jsBytes / 1000).toFixed(1)} KB${errors}`])
    }
  } finally {
    await chrome.kill()
    await rm(userDataDir, { recursive: true, force: true }).catch(() => {})
  }
  log('lighthouse 12, mobile preset (simulated throttling), performance category only, Debian chromium headless')
  log(table(['page', 'path', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transferred'], rows, { align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'] }))
  return { summary }
}
