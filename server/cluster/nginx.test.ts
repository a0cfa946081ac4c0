// Debian's nginx with docs/deploy.md's configuration (the one template, rendered by scripts/cluster.mjs
// startNginx) in front of two real servers (@hono/node-server, the chat relay attached, TRUST_PROXY=1):
// the reader's address and scheme arrive as nginx saw them (a client's own X-Forwarded-For is not
// believed), cookies are Secure over https, the quote stream's events arrive one by one (not buffered),
// the chat relay's WebSocket upgrades and talks both ways, and both processes get requests.
// Skipped where nginx is not installed (apt-get install -y nginx-light; .ci/run installs it).
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasNginx, startNginx, type Nginx } from '../../scripts/cluster.mjs'
import { LOCAL_SOCKET_PATH } from '../../core/chat/local-protocol'
import { QUOTE_STREAM_PATH } from '../../core/api/market'
import { createApp } from '../app'
import { authHeaders, requestIsHttps, signInForTest } from '../accounts/session'
import { clientIp } from '../accounts/http'
import { attachChatSocket } from '../chat/socket'
import { chatServiceFor } from '../chat/service'
import { chatConfig } from '../chat/config'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'

const clock = () => TEST_NOW * 1000
const LOGIN_INFO_PATH = '/api/user/get/v2'
let t: TestDb
let nginx: Nginx
let dir: string
const upstreams: string[] = []
const servers: Server[] = []
const trustBefore = process.env.TRUST_PROXY

/** One server process as server/main.ts makes it, plus /__seen: what this process believes about the request. */
async function upstream(i: number): Promise<string> {
  const app = createApp({ db: t.db, clock, staticDir: '/nonexistent-static-dir' })
  const seen = new Hono().get('/__seen', (c) => c.json({ process: i, ip: clientIp(c, process.env), https: requestIsHttps(c, process.env), host: c.req.header('host') }))
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: (req, env) => (new URL(req.url).pathname === '/__seen' ? seen.fetch(req, env) : app.fetch(req, env)), hostname: '127.0.0.1', port: 0 }, () => resolve(s as unknown as Server)) as unknown as Server
  })
  attachChatSocket(server, chatServiceFor(t.db, clock), chatConfig({}).key, clock)
  servers.push(server)
  return `127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** GET over https through nginx (its certificate is a throwaway self-signed one). */
function httpsGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false, headers }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe.skipIf(!hasNginx())('behind nginx (docs/deploy.md configuration)', () => {
  beforeAll(async () => {
    process.env.TRUST_PROXY = '1'
    t = await createTestDb()
    dir = mkdtempSync(join(tmpdir(), 'gmh-nginx-test-'))
    upstreams.push(await upstream(0), await upstream(1))
    nginx = await startNginx({ upstreams, dir })
  }, 120_000)
  afterAll(async () => {
    await nginx?.stop()
    for (const s of servers) {
      s.closeAllConnections()
      s.close()
    }
    await t?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
    if (trustBefore === undefined) delete process.env.TRUST_PROXY
    else process.env.TRUST_PROXY = trustBefore
  })

  it('the reader address is the one nginx saw, never what the client claims; the scheme and Host arrive; both processes serve', async () => {
    const answers = []
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${nginx.url}/__seen`, { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' } })
      answers.push((await res.json()) as { process: number; ip: string; https: boolean; host: string })
    }
    for (const a of answers) expect(a).toMatchObject({ ip: '127.0.0.1', https: false, host: `127.0.0.1:${nginx.port}` })
    expect(new Set(answers.map((a) => a.process))).toEqual(new Set([0, 1]))
    const secure = await httpsGet(`${nginx.httpsUrl}/__seen`)
    expect(JSON.parse(secure.body)).toMatchObject({ ip: '127.0.0.1', https: true, host: `localhost:${nginx.httpsPort}` })
  })

  it('over https the server sets its __Host- cookies Secure (X-Forwarded-Proto believed with TRUST_PROXY=1); over http plain ones', async () => {
    // a signed-in call, as a guest (public answers carry no cookie: they are shared)
    const secure = await httpsGet(`${nginx.httpsUrl}${LOGIN_INFO_PATH}`)
    const cookies = [secure.headers['set-cookie'] ?? []].flat()
    expect(cookies.some((c) => c.startsWith('__Host-csrf_token=') && /;\s*Secure/i.test(c))).toBe(true)
    const plain = await fetch(`${nginx.url}${LOGIN_INFO_PATH}`)
    expect(plain.headers.getSetCookie().some((c) => c.startsWith('csrf_token=') && !/;\s*Secure/i.test(c))).toBe(true)
  })

  it('the quote stream passes unbuffered: its first events arrive as soon as they do without nginx', async () => {
    /** ms until the stream's first quote event, read from `base` */
    const firstQuote = async (base: string) => {
      const controller = new AbortController()
      const started = performance.now()
      const res = await fetch(`${base}${QUOTE_STREAM_PATH}?stockCodes=hk00700`, { signal: controller.signal })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
      expect(res.headers.get('content-encoding')).toBeNull()
      const reader = res.body!.getReader()
      let text = ''
      while (!/event: quote/.test(text)) {
        const { value, done } = await reader.read()
        if (done) break
        text += new TextDecoder().decode(value)
      }
      controller.abort()
      expect(text).toMatch(/event: ready[\s\S]*event: quote/)
      return performance.now() - started
    }
    await firstQuote(`http://${upstreams[0]}`) // the market read once (cold: seconds)
    const direct = await firstQuote(`http://${upstreams[0]}`)
    const through = await firstQuote(nginx.url)
    // nothing held back by nginx (no gzip of event streams, proxy_buffering off): within a second of the direct read
    expect(through).toBeLessThan(direct + 1_000)
  })

  it('the chat relay WebSocket upgrades through nginx (its same-origin check passes) and answers a signed-in login', async () => {
    const user = Number((await t.db.kysely.selectFrom('users').select('id').where('merged_into', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow()).id)
    const headers = authHeaders(await signInForTest(t.db, user))
    const sig = ((await (await fetch(`${nginx.url}/api/financial-circle/live-column/im/userSig/v1`, { headers })).json()) as { result: { userId: string; userSig: string } }).result
    const ws = new WebSocket(`ws://127.0.0.1:${nginx.port}${LOCAL_SOCKET_PATH}`, { origin: `http://127.0.0.1:${nginx.port}` })
    const frames: { id?: number; ok?: boolean; event?: string }[] = []
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as never))
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    ws.send(JSON.stringify({ id: 1, op: 'login', args: { userID: sig.userId, userSig: sig.userSig } }))
    await expect.poll(() => frames.some((f) => f.id === 1), { timeout: 5_000 }).toBe(true)
    expect(frames.find((f) => f.id === 1)).toMatchObject({ ok: true })
    await expect.poll(() => frames.some((f) => f.event === 'sdk.ready'), { timeout: 5_000 }).toBe(true)
    ws.close()
    // a page of another site is refused at the upgrade, through nginx as without it
    const foreign = new WebSocket(`ws://127.0.0.1:${nginx.port}${LOCAL_SOCKET_PATH}`, { origin: 'https://evil.example' })
    const refused = await new Promise<string>((resolve) => {
      foreign.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)))
      foreign.once('open', () => resolve('open'))
      foreign.once('error', (e) => resolve(e.message))
    })
    expect(refused).toMatch(/403/)
  })
})
