import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serveDist } from './static-site.mjs'
import { loadPage } from './browser.mjs'
import { freePort, startServer } from './processes.mjs'

const standIn = fileURLToPath(new URL('../test-support/stand-in-server.mjs', import.meta.url))

async function fakeDist() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-site-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>',
  )
  // The entry lazily loads the home route on first render, which pulls its own CSS and a data request.
  await writeFile(join(dir, 'assets/index.js'), 'import"./shared.js";import("./home-route.js").then(m=>m.render());')
  await writeFile(join(dir, 'assets/shared.js'), 'export const s=1;')
  await writeFile(
    join(dir, 'assets/home-route.js'),
    'export async function render(){const l=document.createElement("link");l.rel="stylesheet";l.href="/assets/home-route.css";document.head.append(l);const r=await fetch("/api/channels/home/articles/v8");document.getElementById("root").textContent=(await r.json()).result.items[0].title}',
  )
  await writeFile(join(dir, 'assets/home-route.css'), '#root{color:red}')
  await writeFile(join(dir, 'assets/index.css'), 'body{margin:0}')
  await writeFile(join(dir, 'assets/never.js'), 'export{}')
  return dir
}

/** The fake dist served by serveDist in front of the stand-in API server; both stop after the test. */
async function siteWithStandIn(t) {
  const dist = await fakeDist()
  const port = await freePort()
  const api = await startServer({ name: 'stand-in', args: [standIn], port })
  const site = await serveDist(dist, api.url)
  t.after(async () => {
    await site.close()
    await api.stop()
    await rm(dist, { recursive: true, force: true })
  })
  return site
}

test('serveDist serves files, falls back to index.html for routes and passes API paths to the server', async (t) => {
  const site = await siteWithStandIn(t)
  const js = await fetch(`${site.url}/assets/shared.js`)
  assert.equal(js.status, 200)
  assert.match(js.headers.get('content-type') ?? '', /javascript/)
  assert.equal(await js.text(), 'export const s=1;')
  const route = await fetch(`${site.url}/news/123`)
  assert.match(route.headers.get('content-type') ?? '', /text\/html/)
  assert.match(await route.text(), /assets\/index\.js/)
  const data = await fetch(`${site.url}/api/channels/home/articles/v8?timestamp=0`)
  assert.equal(data.status, 200)
  assert.equal((await data.json()).result.items[0].title, '港股收盘')
  assert.equal((await fetch(`${site.url}/assets/missing.js`)).status, 404)
})

test('loadPage records every JS and CSS response up to network idle, lazy ones included', async (t) => {
  const site = await siteWithStandIn(t)
  const page = await loadPage(`${site.url}/`)
  assert.deepEqual(page.assets.map((a) => a.path).sort(), ['/assets/home-route.css', '/assets/home-route.js', '/assets/index.css', '/assets/index.js', '/assets/shared.js'])
  const entry = page.assets.find((a) => a.path === '/assets/index.js')
  assert.equal(entry?.body.toString(), 'import"./shared.js";import("./home-route.js").then(m=>m.render());')
  assert.equal(page.rootText, '港股收盘')
})
