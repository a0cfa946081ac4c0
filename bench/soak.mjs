// Figure: a server that does not age (issue 31). On a server of its own (the bundle `npm start` runs, a fresh
// DATA_DIR): the home feed's requests/s against a bare node:http server replaying the same bytes (one run each
// way, alternating, same minute) and the resident memory, fresh; then every page of the site opened in
// Chromium by signed-in readers (who then close the browser) and BENCH_SOAK_REQUESTS mixed requests (public
// reads, signed-in reads, pages); then the ratio and memory again. Goal: within 5 % and 10 % of fresh.
//
//   BENCH_SOAK_REQUESTS   mixed requests after the page views (default 1,000,000; 20,000 for a quick run)
//   BENCH_SOAK_READERS    signed-in readers who each open every page (default 2)
//   BENCH_SOAK_SETTLE     seconds the server idles before the second measurement (default 5)
//   BENCH_SOAK_PROFILE=1  the server runs with --cpu-prof; the top frames of the profile are printed
// Alone: `node bench/soak.mjs` (STATIC_DIR, default dist/, must hold a client build and dist/server/).
import autocannon from 'autocannon'
import { chromium } from 'playwright-core'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, startServer } from './lib/processes.mjs'
import { rssOf, signUp } from './lib/session.mjs'
import { num, table } from './lib/format.mjs'
import { BROWSER_ACCEPT_ENCODING, rawGet } from './lib/wire.mjs'
import { measure, PATH } from './server-throughput.mjs'
import { mixedPaths } from './server-memory.mjs'
import { topFrames } from './lib/cpu-profile.mjs'

export const id = 'soak'
export const name = 'soak (a server that does not age)'

const root = fileURLToPath(new URL('..', import.meta.url))
const plainServerScript = fileURLToPath(new URL('./plain-server.mjs', import.meta.url))
const MB = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`
const load = () => `load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`
const RATIO_GOAL = 0.05
const MEMORY_GOAL = 0.1
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** Every page of the site (ui/app.tsx and the feature route tables), with real ids read from the API. */
export async function sitePages(baseUrl) {
  const json = (path) => fetch(baseUrl + path).then((r) => r.json()).catch(() => null)
  const news = await json('/api/news/list/v2?page=1&limit=5')
  const article = (news?.result?.list ?? news?.result ?? [])[0]?.id
  const lives = await json('/api/live-channels/all/lives?limit=5')
  const live = (lives?.result?.list ?? lives?.result ?? [])[0]?.id
  const pages = [
    '/', '/market', '/stock/hk00700', '/news', '/member', '/member/payment', '/my/setting', '/my/purchase', '/message', '/chat', '/search?keyword=腾讯',
    '/stock/usAAPL', '/market/hotRange', '/market/marketRange', '/live', '/tag/hk', '/myStock', '/my/stock', '/my/favorite', '/my/reading',
    '/my/following', '/my/follower', '/my/comment', '/my/coupon', '/my/publish', '/member/privilege', '/member/column', '/member/coreCapital',
    '/member/coreCapital/hk00700', '/member/articles', '/member/usualQuestion', '/chiefCircle', '/chiefCircle/recommendation', '/chiefCircle/search',
    '/chat/conversation', '/chat/address-book', '/chatroom', '/portfolio/create', '/user', '/recruit', '/album', '/fundHomeV2/etfSubject',
    '/fundHomeV2/watchlist', '/black-gold/promote', '/audit', '/zh-hk/', '/zh-hk/stock/hk00700', '/zh-hk/news',
  ]
  if (article !== undefined) pages.push(`/news/${article}`)
  if (live !== undefined) pages.push(`/live/${live}`)
  return pages
}

/** Requests/s of the real server and of the bare one on the home feed: real, plain, real, plain. */
async function ratioOf(realUrl, plainUrl, { duration, warmup, connections }) {
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING }
  const runs = []
  for (const target of ['real', 'plain', 'real', 'plain']) runs.push({ target, ...(await measure(target === 'real' ? realUrl : plainUrl, { duration, warmup, connections, headers })) })
  const mean = (t) => runs.filter((r) => r.target === t).reduce((s, r) => s + r.rps, 0) / 2
  const real = mean('real')
  const plain = mean('plain')
  return { real, plain, ratio: real / plain, p99: runs.filter((r) => r.target === 'real').map((r) => r.p99), errors: runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0) }
}

/** One signed-in reader opens every page in Chromium, waits for each to show its content, then closes the browser. */
export async function readEveryPage(baseUrl, cookie, pages, log) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'bench-soak-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS })
  const failed = []
  try {
    const { hostname } = new URL(baseUrl)
    await context.addCookies(cookie.split('; ').map((pair) => {
      const i = pair.indexOf('=')
      return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: hostname, path: '/' }
    }))
    const page = context.pages()[0] ?? (await context.newPage())
    for (const path of pages) {
      try {
        await page.goto(baseUrl + path, { waitUntil: 'load', timeout: 30_000 })
        // the page's own reads and sockets (quote stream, chat relay) start after hydration
        await page.waitForTimeout(1_500)
      } catch (e) {
        failed.push(`${path}: ${String(e.message).split('\n')[0]}`)
      }
    }
  } finally {
    await context.close()
    await rm(userDataDir, { recursive: true, force: true })
  }
  if (failed.length) log(`  pages that did not load: ${failed.join('; ')}`)
  return pages.length - failed.length
}

/** `total` requests over public reads, pages and the readers' signed-in reads, 50 connections. */
async function mixedRequests(baseUrl, cookies, total) {
  const publicPaths = await mixedPaths(baseUrl)
  const signedInPaths = ['/api/userstock/v2', '/api/user/get/v2']
  const pagePaths = ['/', '/news', '/market', '/stock/hk00700']
  let i = 0
  const r = await autocannon({
    url: baseUrl,
    connections: 50,
    amount: total,
    requests: [{
      setupRequest: (req) => {
        const n = i++
        const headers = { ...req.headers, 'accept-encoding': 'gzip, deflate, br' }
        if (n % 10 === 0) return { ...req, path: signedInPaths[(n / 10) % signedInPaths.length], headers: { ...headers, cookie: cookies[n % cookies.length] } }
        if (n % 10 === 1) return { ...req, path: pagePaths[n % pagePaths.length], headers: { ...headers, accept: 'text/html' } }
        return { ...req, path: publicPaths[n % publicPaths.length], headers }
      },
    }],
  })
  return { total: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts, rps: r.requests.average }
}

export async function run(ctx) {
  const log = ctx.log
  const duration = ctx.durationSeconds ?? 10
  const warmup = ctx.warmupSeconds ?? 2
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100)
  const total = Number(process.env.BENCH_SOAK_REQUESTS ?? 1_000_000)
  const readers = Number(process.env.BENCH_SOAK_READERS ?? 2)
  const settle = Number(process.env.BENCH_SOAK_SETTLE ?? 5)
  const profile = process.env.BENCH_SOAK_PROFILE === '1'
  // a server of its own, so "fresh" is fresh whatever ran before
  const { buildServer } = await import('../scripts/build-server.mjs')
  const work = await mkdtemp(join(tmpdir(), 'bench-soak-'))
  // inside the repository, so the bundle finds node_modules (artifacts/ is git-ignored)
  const bundleDir = join(root, 'artifacts', `soak-${process.pid}`)
  const entry = await buildServer(bundleDir)
  const dataDir = join(work, 'data')
  const profDir = join(work, 'prof')
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, entry] : [entry]
  const server = await startServer({ name: 'soak server', args, port: await freePort(), env: { DATA_DIR: dataDir, STATIC_DIR: ctx.distDir }, cwd: root, timeoutMs: 600_000 })
  let plain = null
  try {
    const pid = server.child.pid
    const recorded = await rawGet(server.url + PATH)
    if (recorded.status !== 200) throw new Error(`${PATH} answered ${recorded.status}`)
    const bodyFile = join(work, 'body.bin')
    await writeFile(bodyFile, recorded.body)
    plain = await startServer({ name: 'plain node:http server', args: [plainServerScript, bodyFile, '200', recorded.headers['content-type'], recorded.headers['content-encoding'] ?? 'identity'], port: await freePort() })
    const opts = { duration, warmup, connections }

    const rssStart = await rssOf(pid)
    const fresh = await ratioOf(server.url + PATH, plain.url + PATH, opts)
    const rssFresh = await rssOf(pid)
    log(`fresh: real ${num(fresh.real, 0)} req/s, plain ${num(fresh.plain, 0)} req/s, ratio ${fresh.ratio.toFixed(2)}; RSS at start ${MB(rssStart)}, after the ratio runs ${MB(rssFresh)} (${load()})`)

    const pages = await sitePages(server.url)
    const cookies = []
    const t0 = Date.now()
    for (let r = 0; r < readers; r++) {
      const { cookie } = await signUp(server.url, '137' + String(Date.now() + r).slice(-8))
      cookies.push(cookie)
      const opened = await readEveryPage(server.url, cookie, pages, log)
      log(`reader ${r + 1}: opened ${opened} of ${pages.length} pages in Chromium and closed it (${((Date.now() - t0) / 1000).toFixed(0)} s); RSS ${MB(await rssOf(pid))}`)
    }
    const t1 = Date.now()
    const mixed = await mixedRequests(server.url, cookies, total)
    log(`${num(mixed.total, 0)} mixed requests in ${((Date.now() - t1) / 1000).toFixed(0)} s (${num(mixed.rps, 0)} req/s, non-2xx ${mixed.non2xx}, errors ${mixed.errors}); RSS ${MB(await rssOf(pid))}`)
    await new Promise((r) => setTimeout(r, settle * 1000))
    const rssIdle = await rssOf(pid)
    const aged = await ratioOf(server.url + PATH, plain.url + PATH, opts)
    const rssAged = await rssOf(pid)
    const ratioDrift = aged.ratio / fresh.ratio - 1
    const memoryDrift = Math.max(rssIdle, rssAged) / rssFresh - 1
    log(`aged: real ${num(aged.real, 0)} req/s, plain ${num(aged.plain, 0)} req/s, ratio ${aged.ratio.toFixed(2)}; RSS after ${settle} s idle ${MB(rssIdle)}, after the ratio runs ${MB(rssAged)} (${load()})`)
    log(table(['', 'real req/s', 'plain req/s', 'ratio', 'real p99 ms', 'RSS'], [
      ['fresh', num(fresh.real, 0), num(fresh.plain, 0), fresh.ratio.toFixed(2), fresh.p99.join(' / '), MB(rssFresh)],
      ['aged', num(aged.real, 0), num(aged.plain, 0), aged.ratio.toFixed(2), aged.p99.join(' / '), MB(rssAged)],
    ], { align: ['left'] }))
    if (profile) {
      await server.stop()
      const files = (await readdir(profDir)).filter((f) => f.endsWith('.cpuprofile'))
      for (const f of files) log(`\nCPU profile of the whole soak (${f}), top frames by self time:\n${topFrames(JSON.parse(await readFile(join(profDir, f), 'utf8')), 25)}`)
    }
    const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`
    return {
      summary: [
        ['fresh: home feed real / plain', fresh.ratio.toFixed(2), `${num(fresh.real, 0)} / ${num(fresh.plain, 0)} req/s; RSS ${MB(rssFresh)}`],
        ['aged: home feed real / plain', aged.ratio.toFixed(2), `${pct(ratioDrift)} vs fresh (goal within ${RATIO_GOAL * 100} %)${Math.abs(ratioDrift) > RATIO_GOAL ? ' (missed)' : ''}; after ${readers} readers × ${pages.length} pages and ${num(mixed.total, 0)} mixed requests`],
        ['aged: RSS', MB(Math.max(rssIdle, rssAged)), `${pct(memoryDrift)} vs fresh (goal within ${MEMORY_GOAL * 100} %)${memoryDrift > MEMORY_GOAL ? ' (missed)' : ''}`],
      ],
    }
  } finally {
    if (plain) await plain.stop()
    await server.stop()
    await rm(work, { recursive: true, force: true })
    await rm(bundleDir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ctx = {
    root,
    distDir: process.env.STATIC_DIR ?? join(root, 'dist'),
    log: (...l) => console.log(...l),
    durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  }
  run(ctx).then(
    (r) => console.log(table(['measure', 'value', 'note'], r.summary, { align: ['left', 'right', 'left'] })),
    (e) => {
      console.error(e)
      process.exitCode = 1
    },
  )
}
