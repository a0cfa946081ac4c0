// Figure (issue 14): one busy group on the local messaging relay. BENCH_CHAT_MEMBERS (default 200)
// readers sign up through the SMS sandbox, the demo adviser makes a group of them (join-by-userids),
// each member signs in to the relay with the UserSig our server issues and then sends one text a
// second for BENCH_CHAT_SECONDS (default 30) on loopback: 200 messages a second offered to the group.
// The rate is offered open-loop — each member sends on its own beat without waiting for the answer to
// its last message, so a slow server meets the whole offered rate rather than slowing the senders. The
// only per-account limit on this path is the chat send rate (core/chat/limits SEND_RATE, 20 messages
// per 10 s per account, kept in rate_events): one a second is half of it, so the accounts never limit
// the figure (a refusal would be printed). Every member's socket records what it receives.
//
// Printed: messages sent and accepted, deliveries (a message reaches every other member: n − 1 each),
// deliveries per second, delivery latency (send → receipt, one clock: this process) p50/p99/max, and the
// proof — every accepted message reached every other member exactly once (lost = 0, duplicated = 0).
// A message the relay refused (rate, error) is counted apart and expected by nobody.
import { client, connect, pct, signUpMany } from './lib/relay.mjs'
import { signUp } from './lib/session.mjs'
import { num } from './lib/format.mjs'

export const id = 'chat-group'
export const name = 'chat: one group of 200 members sending'

const ADVISER_PHONE = '13900000099' // server/chat/seed.ts DEMO_ADVISER_PHONE (certified: may create groups)
const MEMBERS = Number(process.env.BENCH_CHAT_MEMBERS ?? 200)
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30)
const SEND_EVERY_MS = 1_000
const RELAY_MAX_PENDING = 16 // server/chat/socket.ts MAX_PENDING

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
  const member = async (session, i) => {
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
  }
  // The sign-up limit allows five a network a day. Behind TRUST_PROXY=1 each five come from their own
  // address (X-Forwarded-For, 10.x.y.1) on one server day; otherwise the clock sandbox moves the server a
  // day per five (signUpMany) — 200 readers take 40 days, past a session's 30, and the relay's session
  // sweep closes the first readers' sockets (their sends then answer 'socket closed').
  let members
  if (process.env.TRUST_PROXY === '1') {
    members = []
    for (let i = 0; i < phones.length; i += 5) {
      const ip = { 'X-Forwarded-For': `10.${Math.floor(i / 5 / 250)}.${(i / 5) % 250}.1` }
      members.push(...(await Promise.all(phones.slice(i, i + 5).map(async (p, j) => member(await signUp(base, p, ip), i + j)))))
    }
  } else {
    log('TRUST_PROXY is not 1: sign-ups move the server clock a day per five; members past 30 server days old are signed out by the relay')
    members = await signUpMany(base, phones, member)
  }
  const sockets = members.map((m) => m.socket)
  const [adviser] = process.env.TRUST_PROXY === '1' ? [await signUp(base, ADVISER_PHONE, { 'X-Forwarded-For': '10.255.0.1' })] : await signUpMany(base, [ADVISER_PHONE], (s) => s)
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
  const answers = []
  const inFlight = sockets.map(() => 0)
  let offered = 0
  const senders = sockets.map(async (s, i) => {
    // members start spread over the first second, then each keeps its own 1 s beat, not waiting for answers
    for (let n = 0; ; n++) {
      const due = started + Math.floor((i / MEMBERS) * SEND_EVERY_MS) + n * SEND_EVERY_MS
      if (due - started >= SECONDS * 1_000) break
      const wait = due - Date.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const key = `${i}:${n}`
      offered++
      const refuse = (message) => {
        refused++
        refusals.set(message, (refusals.get(message) ?? 0) + 1)
      }
      // the relay queues at most MAX_PENDING (16) requests a socket and refuses more with an answer of id 0,
      // which names no request: the bench keeps to the same bound and counts a send beyond it as refused
      if (inFlight[i] >= RELAY_MAX_PENDING) {
        refuse(`relay queue full (${RELAY_MAX_PENDING} waiting)`)
        continue
      }
      inFlight[i]++
      answers.push(
        s.request('sendMessage', { conversationID, kind: 'text', text: JSON.stringify({ bench: stamp, key, at: Date.now() }) }).then((answer) => {
          inFlight[i]--
          if (answer.ok) accepted.push([i, key])
          else refuse(answer.message)
        }),
      )
    }
  })
  await Promise.all(senders)
  const offeringSeconds = (Date.now() - started) / 1000
  await Promise.all(answers)
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
  log(`  offered ${offered} in ${offeringSeconds.toFixed(1)} s (${num(offered / offeringSeconds, 1)}/s); answered in ${sendingSeconds.toFixed(1)} s: ${accepted.length} accepted (${num(accepted.length / sendingSeconds, 1)}/s), ${refused} refused${refusals.size ? ` (${[...refusals].map(([m, n]) => `${m} ×${n}`).join(', ')})` : ''}`)
  log(`  deliveries ${delivered} of ${expected} expected in ${drainedSeconds.toFixed(1)} s: ${num(perSecond, 0)} per second`)
  log(`  delivery latency p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1) ?? 0} ms`)
  log(`  lost ${lost}, duplicated ${duplicated}`)
  return {
    summary: [
      [`chat group, ${MEMBERS} members × 1 msg/s, ${SECONDS} s`, `${num(perSecond, 0)} deliveries/s`, `${accepted.length} messages accepted, ${refused} refused; p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms; lost ${lost}, duplicated ${duplicated}`],
    ],
  }
}
