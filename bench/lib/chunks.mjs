// What the home page loads, read statically from a vite build (dist/).
import { readFile, readdir } from 'node:fs/promises'
import { join, posix } from 'node:path'
import { gzipSync, constants as zlibConstants } from 'node:zlib'

const attr = (tag, name) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag)
  return m ? (m[1] ?? m[2] ?? null) : null
}

/** Script srcs, modulepreload hrefs and stylesheet hrefs of an index.html, in document order. */
export function parseIndexHtml(html) {
  const scripts = []
  const modulePreloads = []
  const stylesheets = []
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src')
    if (src) scripts.push(src)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
    const href = attr(tag, 'href')
    if (!href) continue
    if (rel.includes('modulepreload')) modulePreloads.push(href)
    else if (rel.includes('stylesheet')) stylesheets.push(href)
  }
  return { scripts, modulePreloads, stylesheets }
}

/**
 * Relative specifiers of the static `import … from"./x.js"`, `import"./x.js"` and
 * `export … from"./x.js"` statements of a (minified) ES module. Dynamic `import("./x.js")`
 * is not a static import and is left out, as are bare specifiers.
 */
export function staticImportsOf(code) {
  const out = []
  for (const m of code.matchAll(/(?<![\w$.])(?:from|import)\s*(?:"([^"\n]+)"|'([^'\n]+)')/g)) {
    const spec = m[1] ?? m[2]
    if (spec && (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/'))) out.push(spec)
  }
  return out
}

const isOurs = (href) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)
const fromRoot = (href) => posix.normalize(href.split(/[?#]/)[0].replace(/^\/+/, ''))
const kindOf = (file) => (file.endsWith('.css') ? 'css' : file.endsWith('.js') || file.endsWith('.mjs') ? 'js' : 'other')

/**
 * The JS and CSS files of dist/ that loading index.html pulls before any dynamic import():
 * entry scripts, modulepreloads, stylesheets, and every chunk their static imports reach.
 * Returns [{ file, kind, via }] with `file` relative to dist/ (posix separators).
 */
export async function homeClosure(distDir) {
  const html = await readFile(join(distDir, 'index.html'), 'utf8')
  const { scripts, modulePreloads, stylesheets } = parseIndexHtml(html)
  const seen = new Map()
  const queue = []
  const add = (file, via) => {
    if (seen.has(file)) return
    seen.set(file, { file, kind: kindOf(file), via })
    queue.push(file)
  }
  for (const s of scripts.filter(isOurs)) add(fromRoot(s), 'entry script')
  for (const s of modulePreloads.filter(isOurs)) add(fromRoot(s), 'modulepreload')
  for (const s of stylesheets.filter(isOurs)) add(fromRoot(s), 'stylesheet')
  while (queue.length > 0) {
    const file = queue.shift()
    let code
    try {
      code = await readFile(join(distDir, file), 'utf8')
    } catch (e) {
      throw new Error(`index.html or a chunk refers to ${file}, which is not in ${distDir}: ${e.message}`, { cause: e })
    }
    if (kindOf(file) !== 'js') continue
    for (const spec of staticImportsOf(code)) {
      const target = spec.startsWith('/') ? fromRoot(spec) : posix.normalize(posix.join(posix.dirname(file), spec))
      add(target, `import from ${file}`)
    }
  }
  return [...seen.values()]
}

/** Every .js and .css file under dist/ (relative, posix separators). */
export async function listAssets(distDir) {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && /\.(m?js|css)$/.test(e.name))
    .map((e) => posix.join(posix.normalize((e.parentPath ?? e.path).slice(distDir.length).split('\\').join('/').replace(/^\/+/, '') || '.'), e.name))
}

/** Raw byte length and gzip length at zlib level 9 (the figure the budget is checked against). */
export function sizeOf(buf) {
  const gzipped = gzipSync(buf, { level: zlibConstants.Z_BEST_COMPRESSION })
  return { raw: buf.length, gzip: gzipped.length, gzipped }
}
