// e2e harness: a real server on a free port with a fresh data directory, and Debian Chromium driven by
// playwright-core. Each spec file starts its own server (see scripts/e2e.mjs for the runner).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { cp, mkdtemp, mkdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core'
import { AxeBuilder } from '@axe-core/playwright'
import { afterEach, expect } from 'vitest'

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const SCREENSHOT_DIR = join(REPO_ROOT, 'artifacts', 'screenshots')
export const CHROMIUM_PATH = '/usr/bin/chromium'

// Each journey file's server starts from a copy of the database scripts/e2e.mjs seeded once (run alone, a
// file's server migrates and seeds its own, ~15 s idle, over 90 s on a loaded machine), so the wait is
// generous: it bounds a hang, not a speed.
const LISTEN_TIMEOUT_MS = 300_000

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  readonly url: string
  readonly dataDir: string
  /** Everything the server wrote so far (stdout and stderr interleaved), for failure messages. */
  output(): string
  stop(): Promise<void>
}

/** A free TCP port on 127.0.0.1, found by letting the OS pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      if (addr === null || typeof addr === 'string') {
        srv.close()
        reject(new Error('could not read the port of a listening socket'))
        return
      }
      const { port } = addr
      srv.close(() => resolve(port))
    })
  })
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/**
 * Spawns the server — the bundle `npm start` runs (E2E_SERVER_ENTRY, set by scripts/e2e.mjs), else
 * `node --import tsx server/main.ts` — with PORT (free) and DATA_DIR (fresh temp dir) and waits for its
 * `listening on http://127.0.0.1:PORT` line.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'gmh-e2e-data-'))
  // scripts/e2e.mjs seeds one database per run; each server starts from a copy of it (no migrate/seed wait)
  const template = process.env.E2E_DB_TEMPLATE_DIR
  if (template && existsSync(template)) await cp(template, dataDir, { recursive: true })
  const entry = process.env.E2E_SERVER_ENTRY
  const child = spawn(process.execPath, entry && existsSync(entry) ? [entry] : ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      // scripts/e2e.mjs builds into its own folder, so another engineer's `vite build` of dist/ cannot change the site mid-run
      ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  let all = ''
  child.stdout!.setEncoding('utf8')
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk
    all += chunk
  })

  // if the test process dies without stopping us, take the server and its data along
  const onExit = () => {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.once('exit', onExit)

  // a server that dies mid-journey says why at once (the journey itself only sees refused connections)
  let stopping = false
  child.once('exit', (code, signal) => {
    if (!stopping && all.includes('listening on')) console.error(`\ne2e: the server on port ${port} exited mid-run (code ${code}, signal ${signal}); its last output:\n${all.slice(-6000)}`)
  })

  const cleanup = async (): Promise<void> => {
    stopping = true
    process.off('exit', onExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      if (!(await waitForExit(child, 5_000))) {
        child.kill('SIGKILL')
        await waitForExit(child, 5_000)
      }
    }
    await rm(dataDir, { recursive: true, force: true })
  }

  let url: string
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not print "listening on" within ${LISTEN_TIMEOUT_MS / 1000} s.\nstdout:\n${stdout}\nstderr:\n${stderr}`)),
        LISTEN_TIMEOUT_MS,
      )
      child.stdout!.on('data', (chunk: string) => {
        stdout += chunk
        all += chunk
        const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(stdout)
        if (m) {
          clearTimeout(timer)
          if (Number(m[2]) !== port) reject(new Error(`server listens on ${m[1]} but was given PORT=${port}`))
          else resolve(m[1]!)
        }
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`server exited (code ${code}, signal ${signal}) before listening.\nstdout:\n${stdout}\nstderr:\n${stderr}`))
      })
      child.once('error', (err) => {
        clearTimeout(timer)
        reject(new Error(`could not spawn the server: ${err.message}`))
      })
    })
  } catch (err) {
    await cleanup()
    throw err
  }

  return { url, dataDir, output: () => all, stop: cleanup }
}

// --- browser -----------------------------------------------------------------------------------

export type ProblemKind = 'console' | 'pageerror' | 'requestfailed' | 'http'
export interface Problem {
  readonly kind: ProblemKind
  readonly text: string
  readonly url: string
}

/** What went wrong on one page: console errors, uncaught exceptions, failed requests, HTTP ≥ 400 answers. */
export class ProblemLog {
  private items: Problem[] = []
  add(p: Problem): void {
    if (/\/favicon\.ico(\?|$)/.test(p.url) || /favicon\.ico/.test(p.text)) return
    this.items.push(p)
  }
  list(): readonly Problem[] {
    return this.items
  }
  clear(): void {
    this.items = []
  }
  describe(): string {
    return this.items.map((p) => `[${p.kind}] ${p.text}${p.url ? ` (${p.url})` : ''}`).join('\n')
  }
}

const logs = new WeakMap<Page, ProblemLog>()

/**
 * A server-rendered page that the browser's first render does not match (issue 11). React reports it
 * as a warning or a recoverable error: 'Hydration failed…', '…didn't match…', and in a production
 * build as a minified error whose code is one of hydration's (react.dev/errors/418, 423, 425…).
 */
export const HYDRATION_PROBLEM = /hydrat|did(?: not|n't) match|react\.dev\/errors\/(?:418|419|421|422|423|425)\b/i

/**
 * Hydration problems of every page this file opened. Kept apart from the per-page log (which visit()
 * and the journeys clear), and checked after every journey: any journey that meets one fails.
 */
const hydrationProblems: Problem[] = []
afterEach(() => {
  const found = hydrationProblems.splice(0)
  expect(found.map((p) => `[${p.kind}] ${p.text} (${p.url})`), 'React hydration warnings or errors in the console').toEqual([])
})

function watchPage(page: Page): ProblemLog {
  const existing = logs.get(page)
  if (existing) return existing
  const log = new ProblemLog()
  logs.set(page, log)
  const hydration = (p: Problem) => {
    if (HYDRATION_PROBLEM.test(p.text)) hydrationProblems.push(p)
  }
  page.on('console', (msg) => {
    const p: Problem = { kind: 'console', text: msg.text(), url: msg.location().url }
    if (msg.type() === 'error') log.add(p)
    else if (msg.type() === 'warning' && HYDRATION_PROBLEM.test(p.text)) log.add(p)
    if (msg.type() === 'error' || msg.type() === 'warning') hydration(p)
  })
  page.on('pageerror', (err) => {
    const stack = (err.stack ?? '').split('\n').slice(0, 6).join('\n')
    const p: Problem = { kind: 'pageerror', text: stack.includes(err.message) ? stack : `${err.message}\n${stack}`, url: page.url() }
    log.add(p)
    hydration(p)
  })
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? 'failed'
    // A reload or navigation cancels requests still in flight; Chromium reports those as aborted.
    // They are the browser's doing, not the site's, so they are not problems.
    if (failure === 'net::ERR_ABORTED') return
    log.add({ kind: 'requestfailed', text: `${req.method()} ${failure}`, url: req.url() })
  })
  page.on('response', (res) => {
    if (res.status() >= 400) log.add({ kind: 'http', text: `${res.request().method()} ${res.status()}`, url: res.url() })
    // a stream answered by fetch stays open for as long as the page: it is not a load
    if ((res.headers()['content-type'] ?? '').startsWith('text/event-stream')) traffic.end(res.request())
  })
  const traffic = trafficOf(page)
  page.on('request', (req) => {
    // the live quote stream (EventSource) and chat (WebSocket) stay open for as long as the page
    if (!['eventsource', 'websocket'].includes(req.resourceType())) traffic.start(req)
  })
  page.on('requestfinished', (req) => traffic.end(req))
  page.on('requestfailed', (req) => traffic.end(req))
  return log
}

/** The page's requests in flight (streams that stay open aside), and when that last changed. */
interface Traffic {
  start(req: Request): void
  end(req: Request): void
  readonly inFlight: number
  readonly changedAt: number
}
const traffics = new WeakMap<Page, Traffic>()
function trafficOf(page: Page): Traffic {
  let t = traffics.get(page)
  if (!t) {
    const open = new Set<Request>()
    let changedAt = Date.now()
    t = {
      start: (req) => {
        open.add(req)
        changedAt = Date.now()
      },
      end: (req) => {
        if (open.delete(req)) changedAt = Date.now()
      },
      get inFlight() {
        return open.size
      },
      get changedAt() {
        return changedAt
      },
    }
    traffics.set(page, t)
  }
  return t
}

/**
 * Waits until the page has had no request in flight for 500 ms (Playwright's 'networkidle', but
 * blind to the streams a live page keeps open — the quote stream, chat — which 'networkidle' waits
 * on until its timeout: 5 s lost on every quote page), at most `timeout` ms.
 */
export async function settle(page: Page, timeout = SETTLE_TIMEOUT_MS): Promise<void> {
  const traffic = trafficOf(page)
  const until = Date.now() + timeout
  while (Date.now() < until) {
    if (traffic.inFlight === 0 && Date.now() - traffic.changedAt >= 500) return
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The problems seen on a page since it opened (or since the last `clear()`). */
export function problems(page: Page): ProblemLog {
  return watchPage(page)
}

export interface LaunchedBrowser {
  readonly context: BrowserContext
  /** A new tab whose problems are collected (see `problems(page)`). */
  newPage(): Promise<Page>
  close(): Promise<void>
}

export async function launchBrowser(): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'gmh-e2e-chromium-'))
  let context: BrowserContext
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 1280, height: 900 },
      locale: 'zh-CN',
    })
  } catch (err) {
    await rm(userDataDir, { recursive: true, force: true })
    throw err
  }
  for (const p of context.pages()) watchPage(p)
  context.on('page', (p) => watchPage(p))
  return {
    context,
    async newPage() {
      const page = await context.newPage()
      watchPage(page)
      return page
    },
    async close() {
      await context.close().catch(() => undefined)
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

/** Full-page screenshot kept as an artifact: artifacts/screenshots/<name>.png (git-ignored). */
export async function shot(page: Page, name: string): Promise<string> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`screenshot name must be kebab-case: ${name}`)
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

// --- steps every journey uses ------------------------------------------------------------------

// --- accessibility (issue 16) ------------------------------------------------------------------

/** WCAG 2.0–2.2, levels A and AA: the rules every page must pass. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const
export type Impact = 'critical' | 'serious' | 'moderate' | 'minor'

export interface A11yViolation {
  readonly id: string
  readonly impact: Impact
  readonly help: string
  /** how many elements break the rule, and a few of their selectors */
  readonly count: number
  readonly targets: readonly string[]
}

export interface A11yReport {
  readonly url: string
  readonly byImpact: Record<Impact, A11yViolation[]>
  /** one line per rule: `serious color-contrast ×12: …` */
  describe(): string
}

/**
 * Runs axe-core with the WCAG A/AA tags on the page as it is now and sorts its violations by impact.
 * Legacy mode runs axe inside the page itself: our pages have no cross-origin frames, and the default
 * mode would open (and focus) an extra blank tab per check, which a keyboard journey must not have.
 */
export async function axeCheck(page: Page, opts: { contrast?: boolean } = {}): Promise<A11yReport> {
  const builder = new AxeBuilder({ page }).withTags([...AXE_TAGS]).setLegacyMode(true)
  const results = await (opts.contrast === false ? builder.disableRules(['color-contrast']) : builder).analyze()
  const byImpact: Record<Impact, A11yViolation[]> = { critical: [], serious: [], moderate: [], minor: [] }
  for (const v of results.violations) {
    const impact = (v.impact ?? 'minor') as Impact
    byImpact[impact].push({
      id: v.id,
      impact,
      help: v.help,
      count: v.nodes.length,
      targets: v.nodes.slice(0, 4).map((n) => n.target.map(String).join(' ')),
    })
  }
  const url = page.url()
  return {
    url,
    byImpact,
    describe: () =>
      (['critical', 'serious', 'moderate', 'minor'] as const)
        .flatMap((i) => byImpact[i].map((v) => `${i} ${v.id} ×${v.count}: ${v.help} — ${v.targets.join(' | ')}`))
        .join('\n'),
  }
}

/** The number of elements that break a rule of the given impact (axe counts per rule × element). */
export const violationCount = (r: A11yReport, impact: Impact): number => r.byImpact[impact].reduce((n, v) => n + v.count, 0)

/**
 * The views whose colours this journey file has checked: a path, the language, the price colours and
 * the open dialogs (what decides which texts on which backgrounds a reader sees).
 */
const contrastChecked = new Set<string>()
const contrastKey = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const html = document.documentElement
    const dialogs = Array.from(document.querySelectorAll('[role=dialog],[role=alertdialog],dialog[open]'), (d) => d.getAttribute('aria-label') ?? d.id ?? d.localName).join(',')
    return `${location.pathname}|${html.lang}|${html.getAttribute('data-price-colours') ?? ''}|${dialogs}`
  })

/**
 * Fails on any critical or serious WCAG A/AA violation on the page as it is now. Colour contrast is
 * three quarters of axe's time (measured: 25 s of 33 s over six pages), and a page's colours come from
 * the design tokens (whose every pair the contrast unit test checks under both price schemes): it is
 * checked the first time this file sees a view (see `contrastKey`); later checks of the same view run
 * every other rule. The sweep (e2e/a11y.e2e.ts) checks colours on every page.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const key = await contrastKey(page)
  const report = await axeCheck(page, { contrast: !contrastChecked.has(key) })
  contrastChecked.add(key)
  const bad = [...report.byImpact.critical, ...report.byImpact.serious]
  expect(bad.map((v) => `${v.impact} ${v.id} ×${v.count}: ${v.help} — ${v.targets.join(' | ')}`), `${where} (${report.url}): critical/serious axe violations`).toEqual([])
}

/** How long a visit waits for the network to go quiet before it checks the page with axe. */
const SETTLE_TIMEOUT_MS = 5_000

/**
 * Opens a path of the server in the page, with a fresh problem log, and checks the page with axe
 * (issue 16: every journey fails on a critical or serious violation on each page it visits). The check
 * runs once the network is quiet, so the page shows its data rather than its loading state.
 */
export async function visit(page: Page, server: { url: string }, path: string, opts: { axe?: boolean } = {}): Promise<void> {
  problems(page).clear()
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
  if (opts.axe === false) return
  await settle(page)
  await expectAccessible(page, `visit ${path}`)
}

/** Fails with the list when the page logged console errors, page errors or failed requests. */
export function expectNoPageProblems(page: Page, where: string): void {
  const log = problems(page)
  expect(log.list(), `${where}: console errors / failed requests:\n${log.describe()}`).toEqual([])
}

/** The newest six-digit code the local SMS outbox holds for a mainland phone (dev-only endpoint). */
export async function outboxCode(server: { url: string }, phone: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/outbox?target=${encodeURIComponent(`86 ${phone}`)}`)
  const body = (await res.json()) as { result: { text: string }[] }
  const m = /验证码是(\d{6})/.exec(body.result[0]?.text ?? '')
  expect(m, 'a code in the outbox').toBeTruthy()
  return m![1]!
}

/** A client's first call, as the site's own: the CSRF cookie and the headers a state-changing API call needs. */
export async function apiClient(server: { url: string }): Promise<{ csrf: string; headers: Record<string, string> }> {
  const first = await fetch(`${server.url}/api/user/login/timeout`)
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1]!
  return { csrf, headers: { Cookie: `csrf_token=${csrf}`, 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' } }
}

/** Asks for a login code to a +86 phone (it lands in the dev outbox); answers the envelope's statusCode. */
export async function sendPhoneCode(server: { url: string }, headers: Record<string, string>, phone: string): Promise<number> {
  const sent = await fetch(`${server.url}/api/over-sea-sms/message-code`, { method: 'POST', headers, body: JSON.stringify({ phone, countryCode: '86' }) })
  return ((await sent.json()) as { statusCode: number }).statusCode
}

const clockClients = new Map<string, ReturnType<typeof apiClient>>()

/**
 * Moves the server's clock forward by `ms` through the local mode's clock sandbox
 * (server/clock-sandbox.ts): a journey skips a real wait (one code per minute…) instead of sleeping.
 */
export async function advanceServerClock(server: { url: string }, ms: number): Promise<void> {
  // one client per server: the suites that move the clock between hundreds of writes would otherwise ask for a CSRF cookie each time
  let client = clockClients.get(server.url)
  if (!client) clockClients.set(server.url, (client = apiClient(server)))
  const { headers } = await client
  const res = await fetch(`${server.url}/api/sandbox/clock`, { method: 'POST', headers, body: JSON.stringify({ advanceMs: ms }) })
  expect(((await res.json()) as { statusCode: number }).statusCode, 'the clock sandbox answers (local mode, loopback)').toBe(200)
}

/**
 * Registers (or signs in) a reader by phone code read from the dev outbox, through the API as a client
 * would, and answers the session's cookies (for `context.addCookies`).
 */
export async function signUp(server: { url: string }, phone: string): Promise<{ name: string; value: string }[]> {
  return (await signUpWith(server, await apiClient(server), phone)).cookies
}

/**
 * `signUp` through a client made once (`apiClient`): one CSRF cookie serves any number of sign-ups, as one
 * browser's does; answers the session's cookies and the new account's id (from the login's answer).
 */
export async function signUpWith(server: { url: string }, { csrf, headers }: { csrf: string; headers: Record<string, string> }, phone: string): Promise<{ cookies: { name: string; value: string }[]; id: number }> {
  await sendPhoneCode(server, headers, phone)
  const code = await outboxCode(server, phone)
  const login = await fetch(`${server.url}/api/v2/user/session/v2`, { method: 'POST', headers, body: JSON.stringify({ phone, countryCode: '86', phoneCode: code }) })
  const answer = (await login.json()) as { statusCode: number; result: { id: number } }
  expect(answer.statusCode).toBe(200)
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('='))
  return { cookies: [...cookies.map(([name, value]) => ({ name: name!, value: value! })), { name: 'csrf_token', value: csrf }], id: answer.result.id }
}

/** Registers a reader with a password (POST /api/v2/user after a phone code from the outbox). */
export async function registerWithPassword(server: { url: string }, phone: string, password: string): Promise<void> {
  const { headers } = await apiClient(server)
  await sendPhoneCode(server, headers, phone)
  const res = await fetch(`${server.url}/api/v2/user`, { method: 'POST', headers, body: JSON.stringify({ phone, countryCode: '86', phoneCode: await outboxCode(server, phone), password }) })
  expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200)
}

// --- keyboard ------------------------------------------------------------------------------------

/** What has focus: its tag, role, name-ish text, test id and href, for assertions and failure messages. */
export async function focused(page: Page): Promise<{ tag: string; role: string | null; text: string; testId: string | null; href: string | null; inDialog: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      role: el?.getAttribute('role') ?? null,
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 60),
      testId: el?.getAttribute('data-testid') ?? null,
      href: el?.getAttribute('href') ?? null,
      inDialog: !!el?.closest('[role="dialog"]'),
    }
  })
}

/** Presses Tab (or Shift+Tab) until the focused element matches, at most `max` times; fails with the path it took. */
export async function tabTo(page: Page, what: string, match: (f: Awaited<ReturnType<typeof focused>>) => boolean, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  const seen: string[] = []
  for (let i = 0; i < (opts.max ?? 60); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab')
    const f = await focused(page)
    if (match(f)) return
    seen.push(`${f.tag}${f.role ? `[${f.role}]` : ''} ${f.testId ?? f.href ?? f.text}`)
  }
  throw new Error(`Tab never reached ${what}; focus went through:\n${seen.join('\n')}`)
}
