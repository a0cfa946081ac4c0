// A rolling restart behind Debian's nginx (docs/deploy.md's configuration) loses nothing (issue 30):
// two server processes (server/cluster/rolling-upstream.ts, wired as server/main.ts: the socket from
// LISTEN_FDS, the graceful stop behind a balancer), each port's listening socket held by the supervisor
// (scripts/cluster.mjs holdListener, as systemd's socket units), each process replaced in turn by
// rollOver — a new process on the same socket, then SIGTERM to the old — while 100 kept-alive clients
// send reads and POSTs through nginx without a pause: every request answered 200, nginx logs no reset,
// and every acknowledged write is in the store exactly once (none lost, none doubled: nginx never sends
// a POST twice). Before the held socket (each process bound its port; a restart closed it), the same
// run lost POSTs as 502: the kernel had completed connections on the closing socket, nginx had written
// its requests down them, and closing the socket reset them — 40 to 60 resets a run, 50 to 70 × 502 here.
// With the held socket but without the idle grace (shutdown.ts idleGraceMs), 7 to 12 × 502: both are needed.
// Skipped where nginx is not installed (apt-get install -y nginx-light; .ci/run installs it).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { hasNginx, holdListener, rollOver, startNginx, type HeldListener, type Nginx } from '../../scripts/cluster.mjs'
import { inheritedListener, LISTEN_FDS_START } from './listen'

const UPSTREAM = fileURLToPath(new URL('./rolling-upstream.ts', import.meta.url))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('where a process listens (systemd socket activation: LISTEN_FDS)', () => {
  it('takes fd 3 when LISTEN_FDS names one or more sockets for this process; binds its own port without', () => {
    expect(inheritedListener({})).toBeNull()
    expect(inheritedListener({ LISTEN_FDS: '1' })).toEqual({ fd: LISTEN_FDS_START })
    expect(inheritedListener({ LISTEN_FDS: '2', LISTEN_PID: '77' }, 77)).toEqual({ fd: 3 })
    // inherited from a socket-activated parent: another process's sockets
    expect(inheritedListener({ LISTEN_FDS: '1', LISTEN_PID: '77' }, 78)).toBeNull()
    expect(() => inheritedListener({ LISTEN_FDS: '0' })).toThrow(/LISTEN_FDS/)
  })
})

interface Outcome {
  method: string
  status: number
  error?: string
  pid?: number
  key?: string
}

function send(port: number, agent: Agent, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Outcome> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent, headers: payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {} },
      (res) => {
        let text = ''
        res.on('data', (d: Buffer) => (text += d.toString()))
        res.on('end', () => {
          let parsed: { pid?: number; key?: string } = {}
          try {
            parsed = JSON.parse(text) as typeof parsed
          } catch {
            // nginx's own 502 page
          }
          resolve({ method, status: res.statusCode ?? 0, pid: parsed.pid, key: parsed.key })
        })
      },
    )
    req.setTimeout(20_000, () => req.destroy(new Error('timeout')))
    req.on('error', (error) => resolve({ method, status: 0, error: error.message }))
    if (payload) req.write(payload)
    req.end()
  })
}

describe.skipIf(!hasNginx())('a rolling restart behind nginx', () => {
  let dir = ''
  let writes = ''
  const held: HeldListener[] = []
  const children = new Set<ChildProcess>()
  let nginx: Nginx | undefined

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await nginx?.stop()
    for (const h of held) h.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** process i on its held socket, as scripts/cluster.mjs starts a server process */
  const spawnUpstream = (i: number) => {
    const socket = held[i]!
    const child = spawn(process.execPath, ['--import', 'tsx', UPSTREAM], {
      env: { ...process.env, LISTEN_FDS: '1', WRITES: writes, PORT: String(socket.port) },
      stdio: ['ignore', 'pipe', 'inherit', socket.fd],
    })
    children.add(child)
    return child
  }
  const listening = (child: ChildProcess) =>
    new Promise<void>((resolve, reject) => {
      let out = ''
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes(`listening on `)) resolve()
      })
      child.once('exit', (code) => reject(new Error(`the upstream exited (${code}) before listening: ${out}`)))
    })

  it('answers every request, kept-alive reads and POSTs alike, and keeps every acknowledged write exactly once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gmh-rolling-'))
    writes = join(dir, 'writes.log')
    writeFileSync(writes, '')
    held.push(holdListener(), holdListener())
    const procs = [spawnUpstream(0), spawnUpstream(1)]
    await Promise.all(procs.map(listening))
    nginx = await startNginx({ upstreams: held.map((h) => `127.0.0.1:${h.port}`), dir })

    const outcomes: Outcome[] = []
    let running = true
    let n = 0
    const agent = new Agent({ keepAlive: true, maxSockets: 100 })
    const client = async (c: number) => {
      while (running) {
        const post = n % 4 === 0
        const key = `${c}-${n++}`
        outcomes.push(post ? await send(nginx!.port, agent, 'POST', '/w', { key }) : await send(nginx!.port, agent, 'GET', '/r'))
      }
    }
    const clients = Array.from({ length: 100 }, (_, c) => client(c))
    await sleep(500)
    const old = [...procs]
    for (const i of [0, 1]) procs[i] = await rollOver(procs[i]!, () => spawnUpstream(i), listening)
    await sleep(300)
    running = false
    await Promise.all(clients)
    agent.destroy()

    // both old processes stopped gracefully; the new ones served
    expect(old.map((p) => p.exitCode)).toEqual([0, 0])
    const servedBy = new Set(outcomes.map((o) => o.pid))
    for (const p of procs) expect(servedBy).toContain(p.pid)
    // every request answered, none reset: nginx logged nothing
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([])
    expect(nginx.errorLog()).not.toMatch(/reset|prematurely closed|no live upstreams/)
    const acknowledged = outcomes.filter((o) => o.method === 'POST').map((o) => o.key)
    expect(acknowledged.length).toBeGreaterThan(50)
    // the store holds exactly the acknowledged writes, each once
    const stored = readFileSync(writes, 'utf8').trim().split('\n').map((line) => line.split(' ')[0])
    expect(stored.length).toBe(new Set(stored).size)
    expect(new Set(stored)).toEqual(new Set(acknowledged))
  }, 60_000)
})
