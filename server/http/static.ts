// The built client (dist/) with cache headers and a history fallback, and the generated pictures.
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import type { Context, Hono } from 'hono'
import { avatarSvg, coverSvg } from '../../fixtures/generate'
import { getCookie } from 'hono/cookie'
import { LruCache } from '../i18n/to-hk'
import { pickEncoding, type Encoding } from './compression'
import { htmlLang, LANG_COOKIE, parseLang, stripZhHkPrefix } from '../../core/locale/lang'
import { PRICE_COLOURS_COOKIE } from '../../core/market/price-colour'
import { priceColoursOfRequest, withPriceColours } from '../seo/price-colours'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  short: 'public, max-age=3600',
} as const

/** Vite names built assets like `index-B3x9_kQf.js`: content-hashed, so they never change. */
export function isHashedAsset(path: string): boolean {
  return path.startsWith('/assets/') || /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path)
}

async function fileIn(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const full = resolve(join(root, decoded))
  if (full !== root && !full.startsWith(root + sep)) return undefined
  try {
    const s = await stat(full)
    return s.isFile() ? full : undefined
  } catch {
    return undefined
  }
}

/** The build writes `file.br` and `file.gz` next to each compressible asset (vite.config.ts). */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
/** Which precompressed variants a built file has; built files never change while the server runs. */
const variantsCache = new LruCache<string, Encoding[]>(2000)

async function variantsOf(file: string): Promise<Encoding[]> {
  let found = variantsCache.get(file)
  if (found === undefined) {
    found = []
    for (const enc of ['br', 'gzip'] as const) {
      const s = await stat(file + SUFFIX[enc]).catch(() => null)
      if (s?.isFile()) found.push(enc)
    }
    variantsCache.set(file, found)
  }
  return found
}

/**
 * A built file, precompressed when the reader accepts it. No Set-Cookie (the CSRF cookie middleware
 * runs before us): a shared cache or CDN keeps only answers without cookies.
 */
async function sendFile(c: Context, file: string, path: string, cacheControl: string) {
  const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
  const variants = await variantsOf(file)
  const encoding = pickEncoding(c.req.header('Accept-Encoding'), variants)
  const body = await readFile(encoding ? file + SUFFIX[encoding] : file)
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControl, 'Content-Length': String(body.byteLength) }
  if (variants.length > 0) headers.Vary = 'Accept-Encoding'
  if (encoding) headers['Content-Encoding'] = encoding
  c.header('Set-Cookie', undefined)
  return c.body(new Uint8Array(body), 200, headers)
}

const svgCache = new LruCache<string, string>(2000)
const MAX_PICTURE = 1_000_000

function picture(kind: 'covers' | 'avatars', draw: (n: number) => string) {
  return (c: Context) => {
    const m = /^(\d{1,7})\.svg$/.exec(c.req.param('file') ?? '')
    const n = m ? Number(m[1]) : NaN
    if (!Number.isSafeInteger(n) || n > MAX_PICTURE) return c.text('Not Found', 404)
    const key = `${kind}/${n}`
    let svg = svgCache.get(key)
    if (svg === undefined) {
      svg = draw(n)
      svgCache.set(key, svg)
    }
    c.header('Set-Cookie', undefined) // cacheable by anyone: no cookie
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': CACHE.immutable })
  }
}

/** GET /covers/{n}.svg and /avatars/{n}.svg: pictures drawn from the fixtures, cached for a year. */
export function registerPictures(app: Hono): void {
  app.get('/covers/:file', picture('covers', coverSvg))
  app.get('/avatars/:file', picture('avatars', avatarSvg))
}

/**
 * issue 16: the page's language follows the reader's script, so a screen reader picks the right voice
 * before any script runs. The lang cookie decides; a /zh-hk path is traditional whatever the cookie says.
 */
export function langOfRequest(path: string, cookie: string | undefined): string {
  return htmlLang(stripZhHkPrefix(path, '') ? 'zh-hk' : parseLang(cookie))
}

/** Sets (or adds) the lang attribute of the <html> element. */
export function withHtmlLang(html: string, lang: string): string {
  return html.replace(/<html\b([^>]*)>/i, (_, attrs: string) => `<html${attrs.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '')} lang="${lang}">`)
}

/**
 * Files under `staticDir`; for other GET requests that accept HTML (and are not /api), index.html,
 * so client routes like /news/123 survive a reload. Registered last.
 */
export function registerStatic(
  app: Hono,
  staticDir: string,
  /** index.html as this request gets it (the page's head, inlined data, server-rendered first screen) */
  page: (c: Context, indexHtml: string) => Promise<string> = async (_c, html) => html,
  /** whether the client draws a page for a path; others get the same HTML (its 404 page) with status 404 */
  isPage: (path: string, c: Context) => Promise<boolean> = async () => true,
): void {
  const root = resolve(staticDir)
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const path = c.req.path
    if (path.startsWith('/api/') || path === '/api') return next()
    // dist/server/ holds the server renderer's build (server/seo/ssr.ts): never sent to readers
    const file = path.endsWith('/') || path.startsWith('/server/') ? undefined : await fileIn(root, path)
    if (file && file !== join(root, 'index.html')) {
      return sendFile(c, file, path, isHashedAsset(path) ? CACHE.immutable : CACHE.short)
    }
    const acceptsHtml = path === '/' || file !== undefined || (c.req.header('Accept') ?? '').includes('text/html')
    if (!acceptsHtml) return next()
    const index = await fileIn(root, '/index.html')
    if (!index) return next()
    const html = await readFile(index, 'utf8')
    // the lang first: server/seo/page-head.ts applyHead reads `<html lang=` right after `<html`
    const attributed = withPriceColours(withHtmlLang(html, langOfRequest(path, getCookie(c, LANG_COOKIE))), priceColoursOfRequest(getCookie(c, PRICE_COLOURS_COOKIE)))
    const body = await page(c, attributed)
    // personal to the reader's script and fresh on every visit: never cached by proxies
    const status = (await isPage(path, c)) ? 200 : 404
    return c.body(body, status, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache, private', Vary: 'Cookie' })
  })
}
