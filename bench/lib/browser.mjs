// Loads one page in headless Debian Chromium and records every JS and CSS response until network idle.
import { chromium } from 'playwright-core'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const kindOf = (pathname, resourceType, contentType) => {
  if (resourceType === 'script' || /\.m?js$/.test(pathname) || /javascript/.test(contentType)) return 'js'
  if (resourceType === 'stylesheet' || pathname.endsWith('.css') || /text\/css/.test(contentType)) return 'css'
  return null
}

/**
 * Returns { assets: [{ url, path, kind, status, body }], rootText, pageErrors } for `url`.
 * `body` is the decoded response body (what the file holds), so sizes do not depend on how it was sent.
 */
/**
 * `readySelectors`: for a page that keeps a connection open (the quote stream), network idle never
 * comes; the page counts as loaded once it has fired `load` and shows every one of these selectors.
 */
export async function loadPage(url, { timeoutMs = 60_000, executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', readySelectors = null } = {}) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'bench-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath, headless: true, args: CHROMIUM_ARGS })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const pending = []
    const pageErrors = []
    page.on('pageerror', (e) => pageErrors.push(String(e.message ?? e)))
    page.on('response', (response) => {
      const u = new URL(response.url())
      const kind = kindOf(u.pathname, response.request().resourceType(), response.headers()['content-type'] ?? '')
      if (!kind) return
      pending.push(
        response.body().then(
          (body) => ({ url: response.url(), path: u.pathname, kind, status: response.status(), body }),
          (e) => ({ url: response.url(), path: u.pathname, kind, status: response.status(), body: Buffer.alloc(0), error: String(e) }),
        ),
      )
    })
    if (readySelectors) {
      await page.goto(url, { waitUntil: 'load', timeout: timeoutMs })
      for (const selector of readySelectors) await page.waitForSelector(selector, { timeout: timeoutMs })
    } else await page.goto(url, { waitUntil: 'networkidle', timeout: timeoutMs })
    const rootText = await page.evaluate(() => document.getElementById('root')?.textContent ?? '')
    const assets = await Promise.all(pending)
    return { assets, rootText, pageErrors }
  } finally {
    await context.close()
    await rm(userDataDir, { recursive: true, force: true })
  }
}
