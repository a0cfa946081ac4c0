// Figure (issue 28): one live room under load. BENCH_LIVE_VIEWERS (default 500) viewers — guests of a
// free live column's room, each page with its own session id — beat POST /api/video/onlineCount/v1
// every BEAT_EVERY_MS (the page's 15 s, core/live/limits.ts HEARTBEAT_INTERVAL_MS; BENCH_LIVE_BEAT_MS
// for another), and
// BENCH_LIVE_COMMENTERS (default 50) readers, signed up through the SMS sandbox, enter the room
// (before-join puts them in its chat group), sign in to the local messaging relay, beat too, and each
// comment every COMMENT_EVERY_MS through POST /api/video/comment/v1, for BENCH_LIVE_SECONDS (default
// 30) on loopback. Every commenter's socket records the comments it receives from the room's group.
//
// Printed: the online count every beat answered once all pages had beaten (it must be viewers +
// commenters, exactly), heartbeat latency p50/p99, comments accepted, delivery latency (POST sent →
// received on a socket, one clock: this process) p50/p99/max, lost and duplicated deliveries (every
// accepted comment reaches every commenter's socket exactly once), the history check (before-id pages
// give every accepted comment exactly once) and the expiry check (the clock sandbox moves the server
// past the TTL once the beats stop: the count falls to 0).
//
// Runs inside `npm run bench` (bench/figures.mjs) or alone: `node bench/live.mjs` starts server/main.ts
// (tsx) on a temp DATA_DIR and a free port, measures, and stops it (BENCH_LIVE_NODE_ARGS adds node flags
// to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' for a profile).
import { Agent, request } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { num } from './lib/format.mjs'
import { freePort, startServer } from './lib/processes.mjs'
import { client, connect, json, pct, signUpMany } from './lib/relay.mjs'

const VIEWERS = Number(process.env.BENCH_LIVE_VIEWERS ?? 500)
const COMMENTERS = Number(process.env.BENCH_LIVE_COMMENTERS ?? 50)
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30)
const BEAT_EVERY_MS = Number(process.env.BENCH_LIVE_BEAT_MS ?? 15_000)

export const id = 'live-room'
export const name = `live: one room, ${VIEWERS} viewers beating, ${COMMENTERS} commenting`

const COMMENT_EVERY_MS = Number(process.env.BENCH_LIVE_COMMENT_MS ?? 3_000)
/** core/live/limits.ts ONLINE_TTL_MS */
const ONLINE_TTL_MS = 45_000
const ROOM_ID_MIN = 1_000_000_000

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** CPU seconds a process has used (user + system, from /proc: Linux), or null. */
async function cpuSeconds(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/**
 * The load's calls go through one keep-alive pool of LOAD_SOCKETS connections (a browser holds one or two
 * per page; 550 fresh connections at once only measure the machine's accept queue). A call that fails
 * (refused, reset, timed out) is counted, never thrown.
 */
const LOAD_SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 64)
const agent = new Agent({ keepAlive: true, maxSockets: LOAD_SOCKETS })
function call(base, method, path, headers, body) {
  const url = new URL(path, base)
  const data = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve) => {
    const req = request(url, { method, agent, headers: { ...headers, ...(data ? { 'Content-Length': Buffer.byteLength(data) } : {}) }, timeout: 60_000 }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        let parsed = null
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          // not JSON: counted as a failure below
        }
        resolve({ status: res.statusCode ?? 0, body: parsed })
      })
      res.on('error', () => resolve({ status: 0, body: null }))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', (e) => resolve({ status: 0, body: { message: e.message } }))
    req.end(data)
  })
}

/** A guest's CSRF token (a write needs it, signed in or not). */
async function guestHeaders(base) {
  const first = await fetch(`${base}/api/user/login/timeout`)
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1]
  if (!csrf) throw new Error('the server set no csrf_token cookie')
  return { Cookie: `csrf_token=${csrf}`, 'X-CSRF-Token': csrf, 'Content-Type': 'application/json', platform: 'web', 'Client-Lang': 'zh-cn' }
}

/** The first seeded room that is live and open to guests (a free live column's: server/live/seed.ts). */
async function findRoom(base, headers) {
  for (let id = ROOM_ID_MIN; id < ROOM_ID_MIN + 300; id++) {
    const res = await fetch(`${base}/api/video/detail/v1?videoId=${id}`, { headers })
    if (res.status !== 200) continue
    const room = (await res.json()).result
    if (room.status === 'LIVE' && room.canWatch && room.videoServiceType === 'LIVE') return room
  }
  throw new Error('no live room open to guests among the seeded rooms')
}

export async function run(ctx) {
  const { server, log } = ctx
  if (!server) throw new Error('the real server is not running, nothing to measure')
  const base = server.url
  const stamp = String(Date.now()).slice(-6)
  const t0 = Date.now()
  const guest = await guestHeaders(base)
  const room = await findRoom(base, guest)
  const videoId = room.id

  // the commenters: sign up, enter the room (its chat group), sign in to the relay
  const sentAt = new Map() // comment key → ms sent
  const received = Array.from({ length: COMMENTERS }, () => new Map()) // key → times
  const latencies = []
  let measuring = false
  const phones = Array.from({ length: COMMENTERS }, (_, i) => `136${stamp.slice(-4)}${String(i).padStart(4, '0')}`)
  const commenters = await signUpMany(base, phones, async (session, i) => {
    const me = client(base, session)
    const entered = await me.get(`/api/financial-circle/live-column/content/before-join-live-room/v1?id=${videoId}`)
    if (!entered.canEnter || !entered.groupId) throw new Error(`commenter ${i} may not enter: ${entered.message}`)
    const sig = await me.get('/api/financial-circle/live-column/im/userSig/v1')
    if (sig.service !== 'local') throw new Error(`the server uses ${sig.service}, not the local relay`)
    const socket = await connect(base, sig, (m) => {
      let custom
      try {
        custom = JSON.parse(m.cloudCustomData ?? '')
      } catch {
        return
      }
      if (custom?.bizType !== 'liveComment') return
      const key = custom.data?.content
      if (typeof key !== 'string' || !key.startsWith(`bench ${stamp} `)) return
      received[i].set(key, (received[i].get(key) ?? 0) + 1)
      if (measuring && sentAt.has(key)) latencies.push(Date.now() - sentAt.get(key))
    })
    return { me, socket, headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrf, 'Content-Type': 'application/json', platform: 'web', 'Client-Lang': 'zh-cn' } }
  })
  log(`set-up: room ${videoId} (${room.title}); ${COMMENTERS} commenters signed up, entered and signed in to the relay in ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  // the load: every page beats, every commenter comments
  const beats = { latencies: [], counts: [], failed: 0 }
  const accepted = [] // [commenter index, key, commentId]
  const refusals = new Map()
  const pages = [
    ...Array.from({ length: VIEWERS }, (_, i) => ({ sessionId: `v-${stamp}-${i}`, headers: guest })),
    ...commenters.map((c, i) => ({ sessionId: `c-${stamp}-${i}`, headers: c.headers })),
  ]
  const expectedOnline = pages.length
  measuring = true
  const cpuBefore = await cpuSeconds(server.child?.pid)
  const started = Date.now()
  const everyoneBeatAt = started + BEAT_EVERY_MS + 1_000
  const running = () => Date.now() - started < SECONDS * 1_000
  const beaters = pages.map(async (page, i) => {
    const offset = Math.floor((i / pages.length) * BEAT_EVERY_MS)
    for (let n = 0; running(); n++) {
      const wait = started + offset + n * BEAT_EVERY_MS - Date.now()
      if (wait > 0) await sleep(wait)
      if (!running()) break
      const at = Date.now()
      const { status, body } = await call(base, 'POST', '/api/video/onlineCount/v1', page.headers, { videoId, videoServiceType: 'LIVE', sessionId: page.sessionId })
      if (status !== 200) {
        beats.failed++
        continue
      }
      beats.latencies.push(Date.now() - at)
      if (at >= everyoneBeatAt) beats.counts.push(body.result.onlineCount)
    }
  })
  const talkers = commenters.map(async (c, i) => {
    const offset = Math.floor((i / COMMENTERS) * COMMENT_EVERY_MS)
    for (let n = 0; running(); n++) {
      const wait = started + offset + n * COMMENT_EVERY_MS - Date.now()
      if (wait > 0) await sleep(wait)
      if (!running()) break
      const key = `bench ${stamp} ${i}:${n}`
      sentAt.set(key, Date.now())
      const { status, body } = await call(base, 'POST', '/api/video/comment/v1', c.headers, { videoId, videoServiceType: 'LIVE', content: key })
      if (status === 200) accepted.push([i, key, body.result.commentId])
      else {
        sentAt.delete(key)
        const why = `${status} ${body?.message ?? ''}`
        refusals.set(why, (refusals.get(why) ?? 0) + 1)
      }
    }
  })
  await Promise.all([...beaters, ...talkers])
  const loadSeconds = (Date.now() - started) / 1000
  const cpuAfter = await cpuSeconds(server.child?.pid)
  // let the last deliveries arrive: until nothing new comes for 2 s (at most 60 s)
  let last = -1
  for (let waited = 0; waited < 60_000; waited += 2_000) {
    const total = received.reduce((n, m) => n + m.size, 0)
    if (total === last) break
    last = total
    await sleep(2_000)
  }
  measuring = false
  for (const c of commenters) c.socket.ws.close()
  agent.destroy()

  // deliveries: every accepted comment on every commenter's socket, once
  let lost = 0
  let duplicated = 0
  for (const [, key] of accepted) {
    for (const seen of received) {
      const times = seen.get(key) ?? 0
      if (times === 0) lost++
      else if (times > 1) duplicated += times - 1
    }
  }
  // history: before-id pages, newest first, back past the first bench comment
  const history = new Map()
  let cursor = ''
  for (let page = 0; page < 10_000; page++) {
    const result = await fetch(`${base}/api/video/before-id-comments/v1?videoId=${videoId}&videoServiceType=LIVE&count=50${cursor}`, { headers: guest }).then(json)
    for (const c of result.list) if (c.content.startsWith(`bench ${stamp} `)) history.set(c.content, (history.get(c.content) ?? 0) + 1)
    if (!result.hasMore || result.list.length === 0) break
    cursor = `&commentId=${result.list.at(-1).commentId}`
  }
  const missingInHistory = accepted.filter(([, key]) => history.get(key) !== 1).length
  // expiry: the beats stopped; the server's clock moves past the TTL; the count falls to 0
  const before = (await fetch(`${base}/api/video/detail/v1?videoId=${videoId}`, { headers: guest }).then(json)).onlineCount
  await fetch(`${base}/api/sandbox/clock`, { method: 'POST', headers: guest, body: JSON.stringify({ advanceMs: ONLINE_TTL_MS + 1_000 }) }).then(json)
  const after = (await fetch(`${base}/api/video/detail/v1?videoId=${videoId}`, { headers: guest }).then(json)).onlineCount

  const wrongCounts = beats.counts.filter((n) => n !== expectedOnline).length
  beats.latencies.sort((a, b) => a - b)
  latencies.sort((a, b) => a - b)
  const beatRate = (beats.latencies.length + beats.failed) / loadSeconds
  const calls = beats.latencies.length + beats.failed + accepted.length
  if (cpuBefore !== null && cpuAfter !== null) log(`  server CPU during the load: ${(cpuAfter - cpuBefore).toFixed(1)} s over ${loadSeconds.toFixed(1)} s (${num(((cpuAfter - cpuBefore) * 1000) / Math.max(1, calls), 1)} ms per call; the machine's load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`)
  log(`  heartbeats: ${beats.latencies.length} answered (${num(beatRate, 0)}/s), ${beats.failed} failed; latency p50 ${pct(beats.latencies, 50)} ms, p99 ${pct(beats.latencies, 99)} ms`)
  log(`  online count once every page had beaten: ${beats.counts.length} answers, ${wrongCounts} not ${expectedOnline} (min ${Math.min(...beats.counts)}, max ${Math.max(...beats.counts)})`)
  log(`  comments: ${accepted.length} accepted in ${loadSeconds.toFixed(1)} s, ${[...refusals.values()].reduce((a, b) => a + b, 0)} refused${refusals.size ? ` (${[...refusals].map(([m, n]) => `${m} ×${n}`).join(', ')})` : ''}`)
  log(`  delivery to ${COMMENTERS} sockets: p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1) ?? 0} ms; lost ${lost}, duplicated ${duplicated}`)
  log(`  history (before-id pages): ${accepted.length - missingInHistory} of ${accepted.length} accepted comments exactly once`)
  log(`  expiry: ${before} online when the beats stopped; ${after} after the server's clock moved ${(ONLINE_TTL_MS + 1_000) / 1000} s on`)
  return {
    summary: [
      [`online count, ${expectedOnline} pages beating every ${BEAT_EVERY_MS / 1000} s`, `${wrongCounts === 0 ? 'correct' : `${wrongCounts} wrong`}`, `${beats.counts.length} counts = ${expectedOnline}; beat p99 ${pct(beats.latencies, 99)} ms; ${after} after the TTL`],
      [`comments, ${COMMENTERS} commenters every ${COMMENT_EVERY_MS / 1000} s`, `p99 ${pct(latencies, 99)} ms`, `${accepted.length} accepted; delivery p50 ${pct(latencies, 50)} ms; lost ${lost}, duplicated ${duplicated}; history ${accepted.length - missingInHistory}/${accepted.length}`],
    ],
  }
}

// alone: `node bench/live.mjs` starts its own server from the sources
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(fileURLToPath(import.meta.url), '..', '..')
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-live-'))
  let server = null
  try {
    server = await startServer({ name: 'server/main.ts', args: [...(process.env.BENCH_LIVE_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'server/main.ts'], port: await freePort(), env: { DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-client') }, cwd: root, timeoutMs: 600_000 })
    const result = await run({ server, log: (line) => console.log(line) })
    for (const [label, value, note] of result.summary) console.log(`${label}: ${value} — ${note}`)
  } finally {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
