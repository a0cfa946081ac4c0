// No single frame can stop the server (issue 23, finding 1). The real app with the local relay runs in
// its own process (relay-probe-server.ts), so a frame that ends the process shows as a server that no
// longer answers. Each malformed frame goes over a raw TCP socket (node:net) after an upgrade to
// /api/chat/socket without signing in; the relay closes that socket with the protocol's close code
// (RFC 6455 §7.4.1: 1002 protocol error, 1007 invalid data, 1009 too big) and the server then still
// answers an API request. Sockets reset before or after the upgrade, and an over-full request queue,
// end only that socket as well.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { MAX_FRAME_BYTES } from '../../core/chat/local-protocol'

let child: ChildProcess
let port = 0
let exited: string | null = null

beforeAll(async () => {
  const script = fileURLToPath(new URL('./relay-probe-server.ts', import.meta.url))
  child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
  child.on('exit', (code, signal) => (exited = `exited ${code ?? signal}: ${stderr}`))
  port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const line = out.split('\n').find((l) => l.startsWith('{'))
      if (line) resolve((JSON.parse(line) as { port: number }).port)
    })
    child.on('exit', () => reject(new Error(exited ?? 'exited')))
  })
}, 300_000)
afterAll(() => {
  child?.kill()
})

/** A WebSocket frame as a client (or a broken client) writes it. */
function frame(o: { opcode: number; payload?: Buffer; fin?: boolean; rsv?: number; mask?: boolean; length?: bigint }): Buffer {
  const payload = o.payload ?? Buffer.alloc(0)
  const mask = o.mask ?? true
  const length = o.length ?? BigInt(payload.length)
  const head = [((o.fin ?? true) ? 0x80 : 0) | ((o.rsv ?? 0) << 4) | o.opcode]
  const m = mask ? 0x80 : 0
  let ext = Buffer.alloc(0)
  if (length < 126n) head.push(m | Number(length))
  else if (length < 65536n) {
    head.push(m | 126)
    ext = Buffer.alloc(2)
    ext.writeUInt16BE(Number(length))
  } else {
    head.push(m | 127)
    ext = Buffer.alloc(8)
    ext.writeBigUInt64BE(length)
  }
  if (!mask) return Buffer.concat([Buffer.from(head), ext, payload])
  const key = randomBytes(4)
  const masked = Buffer.from(payload.map((b, i) => b ^ key[i % 4]!))
  return Buffer.concat([Buffer.from(head), ext, key, masked])
}
const closePayload = (code: number) => {
  const b = Buffer.alloc(2)
  b.writeUInt16BE(code)
  return b
}

const upgradeRequest = (path = '/api/chat/socket', origin = `http://127.0.0.1:${port}`) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`

/** A raw TCP connection to the server (fails at once when nothing listens any more). */
async function connected(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('error', (e) => reject(new Error(`cannot connect: ${e.message}; server ${exited ?? 'running'}`)))
  })
  socket.on('error', () => {}) // the server may reset us: that is its right
  return socket
}

/** Opens a raw socket and upgrades it (no sign-in); answers the socket once the server said 101. */
async function upgraded(): Promise<{ socket: Socket; received: () => Buffer; ended: Promise<void> }> {
  const socket = await connected()
  let data = Buffer.alloc(0)
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.on('data', (d: Buffer) => (data = Buffer.concat([data, d])))
  socket.write(upgradeRequest())
  for (let i = 0; i < 200 && !data.includes('\r\n\r\n'); i++) await new Promise((r) => setTimeout(r, 10))
  const head = data.subarray(0, data.indexOf('\r\n\r\n')).toString()
  expect(head).toMatch(/^HTTP\/1\.1 101 /)
  const start = data.indexOf('\r\n\r\n') + 4
  return { socket, received: () => data.subarray(start), ended }
}

/** The close code of the first close frame the server sent, or null. */
function closeCode(bytes: Buffer): number | null {
  let at = 0
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at]! & 0x0f
    let len = bytes[at + 1]! & 0x7f
    let off = at + 2
    if (len === 126) {
      len = bytes.readUInt16BE(off)
      off += 2
    } else if (len === 127) {
      len = Number(bytes.readBigUInt64BE(off))
      off += 8
    }
    if (opcode === 0x8) return len >= 2 ? bytes.readUInt16BE(off) : 1005
    at = off + len
  }
  return null
}

const withTimeout = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))])

/** The server process is alive and answers an API request. */
async function stillServing(label: string): Promise<void> {
  await new Promise((r) => setTimeout(r, 50)) // a crash takes a moment to show
  expect({ label, exited }).toEqual({ label, exited: null })
  const res = await fetch(`http://127.0.0.1:${port}/api/user/login/timeout`)
  expect({ label, status: res.status }).toEqual({ label, status: 200 })
  expect(await res.json()).toMatchObject({ statusCode: 200, result: { timeout: true } })
}

const text = (s: string) => Buffer.from(s, 'utf8')
const MALFORMED: readonly { name: string; bytes: () => Buffer; code: number }[] = [
  { name: 'an unmasked frame', bytes: () => frame({ opcode: 0x1, payload: text('{"id":1,"op":"logout"}'), mask: false }), code: 1002 },
  { name: 'invalid UTF-8 text', bytes: () => frame({ opcode: 0x1, payload: Buffer.from([0x7b, 0xff, 0xfe, 0xc0, 0xaf, 0x7d]) }), code: 1007 },
  { name: 'a reserved data opcode (0x3)', bytes: () => frame({ opcode: 0x3, payload: text('x') }), code: 1002 },
  { name: 'a reserved control opcode (0xB)', bytes: () => frame({ opcode: 0xb }), code: 1002 },
  { name: 'RSV1 set without an extension', bytes: () => frame({ opcode: 0x1, rsv: 0b100, payload: text('{}') }), code: 1002 },
  { name: 'RSV2 and RSV3 set', bytes: () => frame({ opcode: 0x1, rsv: 0b011, payload: text('{}') }), code: 1002 },
  { name: 'a close frame with code 999', bytes: () => frame({ opcode: 0x8, payload: closePayload(999) }), code: 1002 },
  { name: 'a close frame with the reserved code 1005', bytes: () => frame({ opcode: 0x8, payload: closePayload(1005) }), code: 1002 },
  { name: 'a close frame with a one-byte body', bytes: () => frame({ opcode: 0x8, payload: Buffer.from([3]) }), code: 1002 },
  { name: 'a ping of 126 bytes (control frames ≤ 125)', bytes: () => frame({ opcode: 0x9, payload: Buffer.alloc(126, 1) }), code: 1002 },
  { name: 'a fragmented ping', bytes: () => frame({ opcode: 0x9, fin: false, payload: text('p') }), code: 1002 },
  { name: 'a stray continuation', bytes: () => frame({ opcode: 0x0, payload: text('tail') }), code: 1002 },
  { name: 'a new text frame inside a fragmented one', bytes: () => Buffer.concat([frame({ opcode: 0x1, fin: false, payload: text('{') }), frame({ opcode: 0x1, payload: text('}') })]), code: 1002 },
  { name: 'a length just over the limit', bytes: () => frame({ opcode: 0x1, length: BigInt(MAX_FRAME_BYTES + 1), payload: text('{"id":1') }), code: 1009 },
  { name: 'a length of 2^32', bytes: () => frame({ opcode: 0x2, length: 2n ** 32n, payload: text('x') }), code: 1009 },
  { name: 'a length with the top bit set (2^63)', bytes: () => frame({ opcode: 0x1, length: 2n ** 63n, payload: text('x') }), code: 1009 },
  { name: 'fragments that add up to more than the limit', bytes: () => Buffer.concat([frame({ opcode: 0x1, fin: false, payload: Buffer.alloc(MAX_FRAME_BYTES - 10, 0x61) }), frame({ opcode: 0x0, payload: Buffer.alloc(20, 0x61) })]), code: 1009 },
]

describe('one malformed frame closes its own socket, never the server', () => {
  for (const m of MALFORMED) {
    it(`${m.name}: the relay closes that socket with ${m.code}; the server answers after it`, async () => {
      const { socket, received, ended } = await upgraded()
      socket.write(m.bytes())
      expect(await withTimeout(ended, 5_000)).not.toBe('timeout')
      expect({ frame: m.name, code: closeCode(received()) }).toEqual({ frame: m.name, code: m.code })
      await stillServing(m.name)
    })
  }

  it('a valid 5 MB text frame from the site’s own origin is refused as too big (1009); the server answers after it', async () => {
    const { socket, received, ended } = await upgraded()
    socket.write(frame({ opcode: 0x1, payload: Buffer.alloc(5 * 1024 * 1024, 0x61) }))
    expect(await withTimeout(ended, 10_000)).not.toBe('timeout')
    expect(closeCode(received())).toBe(1009)
    await stillServing('5 MB')
  })

  it('every malformed frame at once, on 5 sockets each, leaves the server answering', async () => {
    const all = await Promise.all(Array.from({ length: 5 }, () => MALFORMED).flat().map(async (m) => {
      const s = await upgraded()
      s.socket.write(m.bytes())
      return withTimeout(s.ended, 40_000)
    }))
    expect(all.filter((r) => r === 'timeout')).toEqual([])
    await stillServing('all at once')
  }, 90_000)

  it('sockets reset before the upgrade is answered, on a refused path, from a foreign origin, or mid-frame end only themselves', async () => {
    const reset = async (request: string, after: Buffer | null = null) => {
      const socket = await connected()
      socket.write(request)
      if (after) socket.write(after)
      socket.resetAndDestroy()
    }
    for (let i = 0; i < 20; i++) {
      await reset(upgradeRequest())
      await reset(upgradeRequest('/api/not-a-socket'))
      await reset(upgradeRequest('/api/chat/socket', 'https://evil.example'))
      await reset(upgradeRequest(), frame({ opcode: 0x1, length: 1000n, payload: text('{"id":1,') }))
    }
    for (const request of [upgradeRequest('/api/not-a-socket'), upgradeRequest('/api/chat/socket', 'https://evil.example')]) {
      const socket = await connected()
      let answer = ''
      socket.on('data', (d: Buffer) => (answer += d.toString()))
      const closed = new Promise((r) => socket.on('close', r))
      socket.write(request)
      await withTimeout(closed, 5_000)
      expect(answer).toMatch(/^HTTP\/1\.1 403 /)
    }
    await stillServing('resets')
  })

  it('a request queue over its bound answers 429 without queuing: a socket cannot pile up work', async () => {
    const { socket, received } = await upgraded()
    const burst = Buffer.concat(Array.from({ length: 200 }, (_, i) => frame({ opcode: 0x1, payload: text(JSON.stringify({ id: i + 1, op: 'getConversationList' })) })))
    socket.write(burst)
    for (let i = 0; i < 300 && (received().toString().match(/"id":/g) ?? []).length < 200; i++) await new Promise((r) => setTimeout(r, 10))
    const answers = received().toString()
    expect((answers.match(/"id":/g) ?? []).length).toBe(200)
    expect(answers).toContain('"code":429')
    expect(answers).toContain('"code":401') // the first ones were served (not signed in)
    socket.destroy()
    await stillServing('queue')
  })
})
