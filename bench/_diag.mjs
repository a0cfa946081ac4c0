import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { startServer, freePort } from './lib/processes.mjs'
const port = await freePort()
const dataDir = await mkdtemp(join(tmpdir(), 'diag-'))
const server = await startServer({ name: 's', args: ['--import', 'tsx', 'server/main.ts'], port, env: { DATA_DIR: dataDir }, timeoutMs: 300000 })
const { default: lighthouse } = await import('lighthouse')
const cl = await import('chrome-launcher')
const chrome = await cl.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'], userDataDir: await mkdtemp(join(tmpdir(), 'lhu-')), logLevel: 'silent' })
for (const path of process.argv.slice(2)) {
  const r = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  const a = r.lhr.audits
  writeFileSync(`/tmp/lhdiag/${path.replace(/\W/g, '_')}.json`, JSON.stringify(r.lhr))
  console.log('==', path, Math.round(r.lhr.categories.performance.score * 100))
  for (const k of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'server-response-time']) console.log(k, a[k]?.displayValue)
  console.log('LCP el', JSON.stringify(a['largest-contentful-paint-element']?.details?.items?.map((i) => i.items?.map((x) => x.node?.snippet ?? JSON.stringify(x).slice(0, 300)))))
  console.log('shifts', JSON.stringify(a['layout-shifts']?.details?.items?.map((i) => [i.score, i.node?.snippet, i.node?.selector]), null, 0))
  console.log('render-blocking', JSON.stringify(a['render-blocking-resources']?.details?.items?.map((i) => [i.url, i.wastedMs])))
  console.log('long', JSON.stringify(a['long-tasks']?.details?.items?.map((i) => [i.url?.slice(-40), Math.round(i.startTime), Math.round(i.duration)])))
  console.log('bootup', JSON.stringify(a['bootup-time']?.details?.items?.map((i) => [i.url?.slice(-40), Math.round(i.total), Math.round(i.scripting)])))
  console.log('chains', JSON.stringify(a['critical-request-chains']?.details?.longestChain))
}
await chrome.kill(); await server.stop(); process.exit(0)
