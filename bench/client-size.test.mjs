import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, mkdir, writeFile, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { run } from './client-size.mjs'
import { freePort, startServer } from './lib/processes.mjs'

const standIn = fileURLToPath(new URL('./test-support/stand-in-server.mjs', import.meta.url))
const gz = async (dir, file) => gzipSync(await readFile(join(dir, file)), { level: 9 }).length

test('the home total counts the static closure plus what the browser loads on first render, and lists the rest as lazy', async (t) => {
  const dist = await mkdtemp(join(tmpdir(), 'bench-cs-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(join(dist, 'index.html'), '<script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css">')
  await writeFile(join(dist, 'assets/index.js'), 'import"./shared.js";import("./home-route.js").then(m=>m.render());')
  await writeFile(join(dist, 'assets/shared.js'), 'export const s="' + 'x'.repeat(300) + '";')
  await writeFile(join(dist, 'assets/home-route.js'), 'export function render(){document.getElementById("root").textContent="home"}')
  await writeFile(join(dist, 'assets/index.css'), 'body{margin:0}')
  await writeFile(join(dist, 'assets/never.js'), 'export const n=1;')
  await writeFile(join(dist, 'assets/never.css'), '.n{}')
  // The stand-in does not serve dist/, so the figure serves dist/ itself and passes /api to it.
  const server = await startServer({ name: 'stand-in', args: [standIn], port: await freePort() })
  t.after(async () => {
    await server.stop()
    await rm(dist, { recursive: true, force: true })
  })
  const lines = []
  const result = await run({ distDir: dist, server, log: (...l) => lines.push(l.join(' ')) })
  const out = lines.join('\n')

  const homeJs = (await gz(dist, 'assets/index.js')) + (await gz(dist, 'assets/shared.js')) + (await gz(dist, 'assets/home-route.js'))
  assert.match(out, new RegExp(`home JS gzip: ${(homeJs / 1000).toFixed(1)} KB / 130 KB budget$`, 'm'))
  assert.match(out, /\/assets\/home-route\.js .* NOT in static view: loaded on first render/)
  const lazySection = out.slice(out.indexOf('Other chunks'))
  assert.match(lazySection, /: 2\n/)
  assert.match(lazySection, /assets\/never\.js/)
  assert.match(lazySection, /assets\/never\.css/)
  assert.doesNotMatch(lazySection, /home-route/)
  assert.deepEqual(result.summary[0].slice(0, 1), ['home JS (gzip 9)'])
  assert.equal(result.summary[0][2], 'within budget')
})
