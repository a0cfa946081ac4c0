// Figure: the JS and CSS the home page loads, and every other (lazy) chunk.
//
// Two views of the same question, both printed:
//  - static: dist/index.html's entry script, stylesheets and modulepreloads, plus every chunk
//    their static `import` statements reach (dynamic import() not followed);
//  - real: / opened in headless Chromium, every .js/.css response recorded until network idle,
//    which also catches a home route that is lazily loaded on first render.
// The home total (and the budget line) is their union.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { homeClosure, listAssets, parseIndexHtml, sizeOf } from './lib/chunks.mjs'
import { loadPage } from './lib/browser.mjs'
import { serveDist } from './lib/static-site.mjs'
import { kb, table } from './lib/format.mjs'
import { BROWSER_ACCEPT_ENCODING, wireBytes } from './lib/wire.mjs'

export const id = 'client-size'
export const name = 'client size'

export const HOME_JS_GZIP_BUDGET = 130_000 // bytes (130 KB, 1 KB = 1000 B)

/** Where the built site can be opened: the real server if it serves dist/, else a static server over dist/ with the API passed to the real server. */
async function siteFor(ctx) {
  const html = await readFile(join(ctx.distDir, 'index.html'), 'utf8')
  const entry = parseIndexHtml(html).scripts[0]
  if (ctx.server && entry) {
    const served = await fetch(`${ctx.server.url}/`, { headers: { accept: 'text/html' } }).then(async (r) => ((r.headers.get('content-type') ?? '').includes('text/html') ? r.text() : ''), () => '')
    if (served.includes(entry)) return { url: ctx.server.url, how: 'served by the real server', close: async () => {} }
  }
  const site = await serveDist(ctx.distDir, ctx.server?.url ?? 'http://127.0.0.1:9')
  const how = ctx.server
    ? 'the real server does not serve this dist/ at /, so dist/ is served by the bench (files + index.html fallback) with API paths passed to the real server'
    : 'dist/ served by the bench; no API server (it did not start), so API calls fail'
  return { url: site.url, how, close: site.close }
}

export async function run(ctx) {
  const { distDir, log } = ctx
  const sizes = new Map() // file (relative to dist) -> { raw, gzip }
  const sizeOfFile = async (file) => {
    if (!sizes.has(file)) sizes.set(file, sizeOf(await readFile(join(distDir, file))))
    return sizes.get(file)
  }

  log(`gzip: zlib level 9; 1 KB = 1000 bytes; dist/ at ${distDir}`)

  // Static view.
  const closure = await homeClosure(distDir)
  const staticRows = []
  for (const f of closure) {
    const s = await sizeOfFile(f.file)
    staticRows.push([f.file, f.kind, kb(s.raw), kb(s.gzip), f.via])
  }
  log('\nHome page, static: dist/index.html + modulepreloads + static imports')
  log(table(['file', 'kind', 'raw', 'gzip', 'reached by'], staticRows, { align: ['left', 'left', 'right', 'right', 'left'] }))

  // Real view.
  const home = new Map(closure.map((f) => [f.file, { kind: f.kind, raw: sizes.get(f.file).raw, gzip: sizes.get(f.file).gzip, source: 'static' }]))
  const site = await siteFor(ctx)
  let browser
  try {
    log(`\nHome page, loaded in Chromium until network idle: ${site.url}/ (${site.how})`)
    browser = await loadPage(`${site.url}/`)
  } finally {
    await site.close()
  }
  const staticFiles = new Set(closure.map((f) => f.file))
  const browserRows = []
  for (const a of browser.assets) {
    const file = a.path.replace(/^\/+/, '')
    const s = sizeOf(a.body)
    const note = staticFiles.has(file) ? 'also in static view' : 'NOT in static view: loaded on first render'
    browserRows.push([a.path, a.kind, a.status, kb(s.raw), kb(s.gzip), a.error ? `${note}; body unreadable: ${a.error}` : note])
    const known = home.get(file)
    if (known) known.source = 'static + browser'
    else home.set(file, { kind: a.kind, raw: s.raw, gzip: s.gzip, source: 'browser' })
  }
  log(table(['path', 'kind', 'status', 'raw', 'gzip', 'note'], browserRows, { align: ['left', 'left', 'right', 'right', 'right', 'left'] }))
  const notFetched = closure.filter((f) => !browser.assets.some((a) => a.path.replace(/^\/+/, '') === f.file))
  if (notFetched.length > 0) log(`static view files the browser did not fetch: ${notFetched.map((f) => f.file).join(', ')}`)
  log(`page: #root text ${browser.rootText.length} chars${browser.pageErrors.length ? `; page errors: ${browser.pageErrors.join(' | ')}` : '; no page errors'}`)

  // Totals.
  const total = (kind, key) => [...home.values()].filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0)
  const jsRaw = total('js', 'raw')
  const jsGzip = total('js', 'gzip')
  const cssRaw = total('css', 'raw')
  const cssGzip = total('css', 'gzip')
  const over = jsGzip > HOME_JS_GZIP_BUDGET
  log('\nHome page total (static ∪ browser):')
  log(
    table(
      ['', 'files', 'raw', 'gzip'],
      [
        ['JS', [...home.values()].filter((f) => f.kind === 'js').length, kb(jsRaw), kb(jsGzip)],
        ['CSS', [...home.values()].filter((f) => f.kind === 'css').length, kb(cssRaw), kb(cssGzip)],
      ],
      { align: ['left', 'right', 'right', 'right'] },
    ),
  )
  const budgetLine = `home JS gzip: ${(jsGzip / 1000).toFixed(1)} KB / ${HOME_JS_GZIP_BUDGET / 1000} KB budget${over ? '  OVER' : ''}`
  log(budgetLine)

  // On the wire: each home file fetched from the real server as a browser asks for it.
  let wireJs = null
  if (ctx.server) {
    const wireRows = []
    wireJs = 0
    let wireCss = 0
    const encodings = new Set()
    for (const [file, f] of home) {
      const w = await wireBytes(`${ctx.server.url}/${file}`)
      encodings.add(w.encoding)
      if (f.kind === 'js') wireJs += w.bytes
      else wireCss += w.bytes
      wireRows.push([file, f.kind, w.status, w.encoding, kb(w.bytes), kb(f.raw), w.setCookie ? 'Set-Cookie!' : ''])
    }
    log(`\nHome page on the wire: each file from the real server with Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`)
    log(table(['file', 'kind', 'status', 'encoding', 'on the wire', 'raw', ''], wireRows, { align: ['left', 'left', 'right', 'left', 'right', 'right', 'left'] }))
    log(`home JS on the wire: ${(wireJs / 1000).toFixed(1)} KB (${[...encodings].join(', ')}), CSS ${(wireCss / 1000).toFixed(1)} KB`)
    wireJs = { js: wireJs, css: wireCss, encodings: [...encodings].join(', ') }
  }

  // Lazy chunks: everything in dist/ that the home page does not load.
  const lazy = []
  for (const file of await listAssets(distDir)) {
    if (home.has(file)) continue
    const s = await sizeOfFile(file)
    lazy.push({ file, ...s })
  }
  lazy.sort((a, b) => b.gzip - a.gzip)
  log(`\nOther chunks (lazy, not loaded by the home page): ${lazy.length}`)
  if (lazy.length > 0) {
    log(table(['file', 'raw', 'gzip'], lazy.map((l) => [l.file, kb(l.raw), kb(l.gzip)]), { align: ['left', 'right', 'right'] }))
    log(`lazy total: ${kb(lazy.reduce((n, l) => n + l.raw, 0))} raw, ${kb(lazy.reduce((n, l) => n + l.gzip, 0))} gzip`)
  }

  return {
    summary: [
      ['home JS (gzip 9)', `${kb(jsGzip)} / ${HOME_JS_GZIP_BUDGET / 1000} KB`, over ? 'OVER budget' : 'within budget'],
      ['home JS on the wire', wireJs ? kb(wireJs.js) : 'no server', wireJs ? `as served (${wireJs.encodings}); ${wireJs.js > HOME_JS_GZIP_BUDGET ? 'OVER' : 'within'} the 130 KB budget; CSS ${kb(wireJs.css)}` : ''],
      ['home JS (raw)', kb(jsRaw), ''],
      ['home CSS (gzip 9)', kb(cssGzip), `raw ${kb(cssRaw)}`],
      ['lazy chunks', `${lazy.length} files`, `${kb(lazy.reduce((n, l) => n + l.gzip, 0))} gzip`],
    ],
  }
}
