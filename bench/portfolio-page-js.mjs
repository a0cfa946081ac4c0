// Figure: the JS the portfolio page (/portfolio/80, spec 001 §9's activity portfolio) loads beyond the
// home page, in bytes on the wire as the real server sends them (its compression, Accept-Encoding of a
// browser), and the proof that none of it is on the home page: the home page's static closure of
// dist/index.html and what Chromium fetches for / are both printed against the portfolio page's files.
//
// Both pages are opened in headless Chromium on the real server (it serves dist/ and the API). The
// portfolio page keeps the quote stream open, so network idle never comes: it counts as loaded once it
// shows the net value chart's canvas (the uPlot chunk ran), the positions and the history.
import { cpus, loadavg } from 'node:os'
import { homeClosure, sizeOf } from './lib/chunks.mjs'
import { loadPage } from './lib/browser.mjs'
import { kb, table } from './lib/format.mjs'
import { BROWSER_ACCEPT_ENCODING, wireBytes } from './lib/wire.mjs'

export const id = 'portfolio-page'
export const name = 'portfolio page JS'

const PAGE = '/portfolio/80'
const READY = ['[data-testid="net-value-chart"] canvas', '[data-testid="positions"]', '[data-testid="adjust-history"] li']

const fileOf = (path) => path.replace(/^\/+/, '')

/** The page's JS files that the home page does not load (by either view), in the page's order. */
export function beyondHome(homeFiles, pageFiles) {
  const home = new Set(homeFiles)
  return [...new Set(pageFiles)].filter((f) => !home.has(f))
}

export async function run(ctx) {
  const { distDir, log, server } = ctx
  if (!server) throw new Error('needs the real server (it serves dist/ and the API)')
  log(`machine load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (1/5/15 min) on ${cpus().length} cores: sizes do not depend on it; the figures are labelled 'under load' as taken on a shared machine`)

  const staticHome = (await homeClosure(distDir)).map((f) => f.file)
  const home = await loadPage(`${server.url}/`)
  const homeFetched = home.assets.map((a) => fileOf(a.path))
  const homeJs = new Set([...staticHome, ...homeFetched].filter((f) => /\.m?js$/.test(f)))

  const page = await loadPage(`${server.url}${PAGE}`, { readySelectors: READY })
  if (page.pageErrors.length) log(`page errors on ${PAGE}: ${page.pageErrors.join(' | ')}`)
  const pageJs = page.assets.filter((a) => a.kind === 'js')
  const bodies = new Map(pageJs.map((a) => [fileOf(a.path), a.body]))
  const extra = beyondHome(homeJs, [...bodies.keys()])
  const shared = [...bodies.keys()].filter((f) => homeJs.has(f))

  const rows = []
  let wire = 0
  let gzip = 0
  const encodings = new Set()
  for (const file of extra) {
    const w = await wireBytes(`${server.url}/${file}`)
    const s = sizeOf(bodies.get(file))
    wire += w.bytes
    gzip += s.gzip
    encodings.add(w.encoding)
    rows.push([file, w.status, w.encoding, kb(w.bytes), kb(s.gzip), kb(s.raw), staticHome.includes(file) ? 'IN home static closure!' : 'no', homeFetched.includes(file) ? 'FETCHED by home!' : 'no'])
  }
  log(`\n${PAGE} in Chromium: ${pageJs.length} JS files, ${shared.length} of them the home page's too (entry and shared chunks)`)
  log(`JS beyond the home page, each fetched from the real server with Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}:`)
  log(table(['file', 'status', 'encoding', 'on the wire', 'gzip 9', 'raw', 'in home static closure', 'fetched by /'], rows, { align: ['left', 'right', 'left', 'right', 'right', 'right', 'left', 'left'] }))
  const onHome = extra.filter((f) => staticHome.includes(f) || homeFetched.includes(f))
  const own = extra.filter((f) => /portfolio-page/.test(f))
  log(`home page: ${staticHome.filter((f) => /\.m?js$/.test(f)).length} JS files in its static closure, ${homeFetched.filter((f) => /\.m?js$/.test(f)).length} fetched by Chromium; of the ${extra.length} files above, on the home page: ${onHome.length ? onHome.join(', ') : 'none'}`)
  log(`the portfolio page's own chunk: ${own.length ? own.join(', ') : 'NOT FOUND among the files beyond home (named portfolio-page-*.js by the build?)'}`)
  log(`total beyond home: ${kb(wire)} on the wire (${[...encodings].join(', ') || '—'}), ${kb(gzip)} gzip 9`)
  return {
    summary: [
      [`${PAGE} JS beyond home, on the wire (under load)`, kb(wire), `${extra.length} lazy files (${[...encodings].join(', ') || '—'}); gzip 9 ${kb(gzip)}; on the home page: ${onHome.length ? `${onHome.length} — NOT lazy` : 'none'}`],
    ],
  }
}
