// The graceful stop server/main.ts runs on SIGTERM (server/cluster/shutdown.ts), on a real HTTP server
// as main.ts makes it (@hono/node-server): a slow request in flight completes, new connections are
// refused meanwhile, the database is closed only after, and a request that outlasts the bound is cut.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { Agent, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { gracefulStop } from './shutdown'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function slowApp(ms: number, events: string[] = []) {
  const app = new Hono()
  app.get('/slow', async (c) => {
    await sleep(ms)
    events.push('slow answered')
    return c.text('finished')
  })
  app.get('/fast', (c) => c.text('fast'))
  return app
}

const servers: Server[] = []
async function listen(app: Hono): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve({ server, port: info.port })) as unknown as Server
    servers.push(server)
  })
}
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections?.()
})

/** GET on a kept-alive connection: status, body, and the Connection header. */
function get(port: number, path: string, agent?: Agent): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: agent ?? new Agent({ keepAlive: true }) }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('graceful stop (SIGTERM)', () => {
  it('a slow request in flight completes; new connections are refused meanwhile; the database closes after it', async () => {
    const events: string[] = []
    const { server, port } = await listen(slowApp(800, events))
    const graceful = gracefulStop(server, { boundMs: 5_000, close: async () => void events.push('database closed') })
    const agent = new Agent({ keepAlive: true })
    // a kept-alive connection that is idle when the stop begins: closed at once, it holds nothing up
    expect((await get(port, '/fast', agent)).body).toBe('fast')
    const slow = get(port, '/slow')
    await sleep(150)
    const started = Date.now()
    const stopped = graceful.stop().then(() => events.push('stopped'))
    await sleep(50)
    await expect(get(port, '/fast')).rejects.toThrow(/ECONNREFUSED/)
    const answer = await slow
    expect(answer).toEqual({ status: 200, body: 'finished', connection: 'close' })
    await stopped
    expect(events).toEqual(['slow answered', 'database closed', 'stopped'])
    // stopped when the slow request was done, not at the bound nor at the idle connection's keep-alive timeout
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(graceful.stopping).toBe(true)
  })

  it('a request that outlasts the bound is cut at the bound; the database still closes and the stop ends', async () => {
    const { server, port } = await listen(slowApp(30_000))
    let closed = false
    const graceful = gracefulStop(server, { boundMs: 300, close: async () => void (closed = true) })
    const hung = get(port, '/slow').catch((error: unknown) => error)
    await sleep(100)
    const started = Date.now()
    await graceful.stop()
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(250)
    expect(took).toBeLessThan(2_000)
    expect(closed).toBe(true)
    expect(await hung).toBeInstanceOf(Error)
  })

  it('behind a balancer: a kept-alive connection idle at the stop still takes a request within the grace (answered with Connection: close), then the stop ends', async () => {
    const { server, port } = await listen(slowApp(10))
    let closed = false
    const graceful = gracefulStop(server, { boundMs: 5_000, idleGraceMs: 600, close: async () => void (closed = true) })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    expect((await get(port, '/fast', agent)).connection).toBe('keep-alive')
    const started = Date.now()
    const stopped = graceful.stop()
    await sleep(200)
    // a balancer sending down its pooled connection meanwhile: answered, not reset
    await expect(get(port, '/fast')).rejects.toThrow(/ECONNREFUSED/)
    expect(await get(port, '/fast', agent)).toEqual({ status: 200, body: 'fast', connection: 'close' })
    await stopped
    expect(closed).toBe(true)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('without the grace (no balancer) an idle kept-alive connection is closed at once', async () => {
    const { server, port } = await listen(slowApp(10))
    const graceful = gracefulStop(server, { boundMs: 5_000 })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    await get(port, '/fast', agent)
    const socket = Object.values(agent.freeSockets)[0]?.[0]
    expect(socket).toBeDefined()
    const gone = new Promise<void>((r) => socket!.once('close', () => r()))
    await graceful.stop()
    await gone
  })

  it('stop() twice is one stop', async () => {
    const { server } = await listen(slowApp(10))
    let closes = 0
    const graceful = gracefulStop(server, { close: async () => void closes++ })
    await Promise.all([graceful.stop(), graceful.stop()])
    expect(closes).toBe(1)
  })
})
