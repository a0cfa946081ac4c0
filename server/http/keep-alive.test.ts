// Issue 9 (smaller): after a 413 the keep-alive connection must not be left in a state where the next
// request on it fails. A real @hono/node-server on an ephemeral port, one keep-alive socket.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_MAX_BODY_BYTES } from '../../core/api/endpoint'
import { createApp } from '../app'
import { createTestDb, type TestDb } from '../testing/test-db'

let t: TestDb
let server: ServerType
let port = 0
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

beforeAll(async () => {
  t = await createTestDb()
  const app = createApp({ db: t.db, staticDir: '/nonexistent' })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve())
  })
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  agent.destroy()
  await new Promise((r) => server.close(r))
  await t?.close()
})

function send(method: string, path: string, body?: Buffer): Promise<{ status: number; text: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {} }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }))
    })
    req.on('error', reject)
    if (body) req.end(body)
    else req.end()
  })
}

it('a body over the limit answers 413, and the next request on the same keep-alive agent succeeds', async () => {
  const big = Buffer.alloc(DEFAULT_MAX_BODY_BYTES + 64 * 1024, 0x61)
  const first = await send('POST', '/api/user/login/v2', big)
  expect(first.status).toBe(413)
  expect(first.connection).toBe('close') // the client is told to open a new connection
  const next = await send('GET', '/api/channels/v3')
  expect(next.status).toBe(200)
  expect(JSON.parse(next.text).statusCode).toBe(200)
})
