// The state-machine visualiser is served by `npm start` in local mode to loopback readers only:
// /dev/machines answers 200 and every page carries the meta that turns the visualiser on
// (ui/dev/inspector.ts); a request from elsewhere, or production, gets 404 and no meta.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEV_MACHINES_PATH, DEV_TOOLS_META } from '../core/shell/dev-tools'
import { createTestApp, type TestApp } from './testing/test-app'
import { LOOPBACK, socketEnv } from './testing/socket-env'

let t: TestApp
let staticDir: string
const INDEX = '<!doctype html><html><head><title>港美汇</title></head><body><div id="root"></div></body></html>'
const html = { Accept: 'text/html' }
const META = `<meta name="${DEV_TOOLS_META}"`

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'gmh-dev-tools-'))
  writeFileSync(join(staticDir, 'index.html'), INDEX)
  t = await createTestApp({ staticDir })
})
afterAll(async () => {
  await t?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const get = (path: string, env?: object) => t.app.request(path, { headers: html }, env)

describe('the visualiser on a local server', () => {
  it('local mode, loopback: /dev/machines is a page and every page turns the visualiser on', async () => {
    const machines = await get(DEV_MACHINES_PATH, LOOPBACK)
    expect(machines.status).toBe(200)
    expect(await machines.text()).toContain(META)
    const home = await get('/', LOOPBACK)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain(META)
  })

  it('a request from another address gets 404 and no meta, even in local mode', async () => {
    const machines = await get(DEV_MACHINES_PATH, socketEnv('192.168.1.20'))
    expect(machines.status).toBe(404)
    expect(await machines.text()).not.toContain(META)
    expect(await (await get('/', socketEnv('10.0.0.5'))).text()).not.toContain(META)
    // no socket at all (a proxy's header says nothing): not loopback
    expect((await get(DEV_MACHINES_PATH)).status).toBe(404)
  })

  it('production: 404 and no meta, loopback or not', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const machines = await get(DEV_MACHINES_PATH, LOOPBACK)
    expect(machines.status).toBe(404)
    expect(await machines.text()).not.toContain(META)
    expect(await (await get('/', LOOPBACK)).text()).not.toContain(META)
  })
})
