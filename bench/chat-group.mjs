// Figure (issue 14): one busy group on the local messaging relay. BENCH_CHAT_MEMBERS (default 200)
// readers sign up through the SMS sandbox, the demo adviser makes a group of them (join-by-userids),
// each member signs in to the relay with the UserSig our server issues and then sends one text a
// second — the send limit is 20 per 10 s, so this is half of what a member may send — for
// BENCH_CHAT_SECONDS (default 30) on loopback. Every member's socket records what it receives.
//
// Printed: messages sent and accepted, deliveries (a message reaches every other member: n − 1 each),
// deliveries per second, delivery latency (send → receipt, one clock: this process) p50/p99/max, and the
// proof — every accepted message reached every other member exactly once (lost = 0, duplicated = 0).
// A message the relay refused (rate, error) is counted apart and expected by nobody.
import { client, connect, pct, signUpMany } from './lib/relay.mjs'
import { num } from './lib/format.mjs'

export const id = 'chat-group'
export const name = 'chat: one group of 200 members sending'

const ADVISER_PHONE = '13900000099' // server/chat/seed.ts DEMO_ADVISER_PHONE (certified: may create groups)
const MEMBERS = Number(process.env.BENCH_CHAT_MEMBERS ?? 200)
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30)
const SEND_EVERY_MS = 1_000

export async function run(ctx) {
  const { server, log } = ctx
  if (!server) throw new Error('the real server is not running, nothing to measure')
  const base = server.url
  const stamp = String(Date.now()).slice(-4)
  const t0 = Date.now()
  const phones = Array.from({ length: MEMBERS }, (_, i) => `137${stamp}${String(i).padStart(4, '0')}`)
  // every member's receipts: message key → times received
  const received = Array.from({ length: MEMBERS }, () => new Map())
  const latencies = []
  let live = false
  // each member signs up, learns its id and UserSig and signs in to the relay at once
  const members = await signUpMany(base, phones, async (session, i) => {
    const me = client(base, session)
    const id = Number((await me.get('/api/user/get/v2')).id)
    const sig = await me.get('/api/financial-circle/live-column/im/userSig/v1')
    if (sig.service !== 'local') throw new Error(`the server uses ${sig.service}, not the local relay`)
    const socket = await connect(base, sig, (m) => {
      let body
      try {
        body = JSON.parse(m.payload?.text ?? '')
      } catch {
        return // a group tip, or a text that is not the bench's
      }
      if (body?.bench !== stamp) return
      const seen = received[i]
      seen.set(body.key, (seen.get(body.key) ?? 0) + 1)
      if (live) latencies.push(Date.now() - body.at)
    })
    return { id, socket }
  })
  const sockets = members.map((m) => m.socket)
  const [adviser] = await signUpMany(base, [ADVISER_PHONE], (s) => s)
  const owner = client(base, adviser)
  const group = await owner.post('/api/group-chat/v1', { name: `压测群${stamp}`, groupType: 'Work' })
  const groupId = group.groupId
  const ids = members.map((m) => String(m.id))
  for (let i = 0; i < ids.length; i += 500) await owner.post('/api/group-chat/join-by-userids/v1', { groupId, userIds: ids.slice(i, i + 500) })
  const conversationID = `GROUP${groupId}`
  log(`set-up: ${MEMBERS} readers signed up, signed in to the relay and joined group ${groupId} in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  log(`${MEMBERS} sockets signed in to the relay; sending for ${SECONDS} s, one text per member per ${SEND_EVERY_MS / 1000} s (spread over the second)`)

  const accepted = [] // [sender index, key]
  let refused = 0
  const refusals = new Map()
  live = true
  const started = Date.now()
  const senders = sockets.map(async (s, i) => {
    // members start spread over the first second, then each keeps its own 1 s beat
    await new Promise((r) => setTimeout(r, Math.floor((i / MEMBERS) * SEND_EVERY_MS)))
    for (let n = 0; Date.now() - started < SECONDS * 1_000; n++) {
      const due = started + Math.floor((i / MEMBERS) * SEND_EVERY_MS) + n * SEND_EVERY_MS
      const wait = due - Date.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const key = `${i}:${n}`
      const answer = await s.request('sendMessage', { conversationID, kind: 'text', text: JSON.stringify({ bench: stamp, key, at: Date.now() }) })
      if (answer.ok) accepted.push([i, key])
      else {
        refused++
        refusals.set(answer.message, (refusals.get(answer.message) ?? 0) + 1)
      }
    }
  })
  await Promise.all(senders)
  const sendingSeconds = (Date.now() - started) / 1000
  // let the last deliveries arrive: until nothing new comes for 2 s (at most 60 s)
  let last = -1
  for (let waited = 0; waited < 60_000; waited += 2_000) {
    const total = received.reduce((n, m) => n + m.size, 0)
    if (total === last) break
    last = total
    await new Promise((r) => setTimeout(r, 2_000))
  }
  const drainedSeconds = (Date.now() - started) / 1000
  live = false
  for (const s of sockets) s.ws.close()

  let lost = 0
  let duplicated = 0
  for (const [sender, key] of accepted) {
    for (let j = 0; j < MEMBERS; j++) {
      if (j === sender) continue // the sender's own socket gets its answer, not a push
      const times = received[j].get(key) ?? 0
      if (times === 0) lost++
      else if (times > 1) duplicated += times - 1
    }
  }
  const expected = accepted.length * (MEMBERS - 1)
  const delivered = received.reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0)
  latencies.sort((a, b) => a - b)
  const perSecond = delivered / drainedSeconds
  log(`  sent ${accepted.length + refused} in ${sendingSeconds.toFixed(1)} s: ${accepted.length} accepted (${num(accepted.length / sendingSeconds, 1)}/s), ${refused} refused${refusals.size ? ` (${[...refusals].map(([m, n]) => `${m} ×${n}`).join(', ')})` : ''}`)
  log(`  deliveries ${delivered} of ${expected} expected in ${drainedSeconds.toFixed(1)} s: ${num(perSecond, 0)} per second`)
  log(`  delivery latency p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1) ?? 0} ms`)
  log(`  lost ${lost}, duplicated ${duplicated}`)
  return {
    summary: [
      [`chat group, ${MEMBERS} members × 1 msg/s, ${SECONDS} s`, `${num(perSecond, 0)} deliveries/s`, `${accepted.length} messages accepted, ${refused} refused; p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms; lost ${lost}, duplicated ${duplicated}`],
    ],
  }
}
