// What the relay figures share (bench/chat-group.mjs, bench/live.mjs): JSON calls as the site's client,
// many readers signed up through the SMS sandbox, a reader's connection to the local messaging relay,
// and percentiles.
import WebSocket from 'ws'
import { signUp } from './session.mjs'

export const json = async (res) => {
  const body = await res.json()
  if (res.status !== 200 || body.statusCode !== 200) throw new Error(`${res.url} answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
  return body.result
}

/** POST/GET as the site's client, with a session from `signUp`. */
export function client(baseUrl, session) {
  const headers = { Cookie: session.cookie, 'X-CSRF-Token': session.csrf, 'Content-Type': 'application/json', platform: 'web', 'Client-Lang': 'zh-cn' }
  return {
    get: (path) => fetch(baseUrl + path, { headers }).then(json),
    post: (path, body) => fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) }).then(json),
  }
}

/**
 * The sign-up and code limits allow five a network a day: the clock sandbox moves the server a day on
 * before each five, and `each` runs for each new reader at once (its session lasts 30 days and its
 * UserSig 7, so a reader signed up 40 server days before the last would no longer be let in).
 */
export async function signUpMany(baseUrl, phones, each) {
  const first = await fetch(`${baseUrl}/api/user/login/timeout`)
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1]
  const clockHeaders = { Cookie: `csrf_token=${csrf}`, 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' }
  const out = []
  for (let i = 0; i < phones.length; i += 5) {
    await json(await fetch(`${baseUrl}/api/sandbox/clock`, { method: 'POST', headers: clockHeaders, body: JSON.stringify({ advanceMs: 24 * 3_600_000 }) }))
    out.push(...(await Promise.all(phones.slice(i, i + 5).map(async (p, j) => each(await signUp(baseUrl, p), i + j)))))
  }
  return out
}

/** A member's relay connection: requests answered by id, pushes of received messages recorded. */
export async function connect(baseUrl, sig, onMessage) {
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + sig.socketPath)
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  let next = 1
  const waiting = new Map()
  // a socket the server closes (a session that ended: the relay's sweep) answers what it still owed, not never
  ws.on('close', (code) => {
    for (const resolve of waiting.values()) resolve({ ok: false, code, message: `socket closed (${code})` })
    waiting.clear()
  })
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString('utf8'))
    if (frame.event === 'messages.received') for (const m of frame.data.messages) onMessage(m)
    else if (frame.id !== undefined && waiting.has(frame.id)) {
      waiting.get(frame.id)(frame)
      waiting.delete(frame.id)
    }
  })
  const request = (op, args) =>
    new Promise((resolve) => {
      if (ws.readyState !== WebSocket.OPEN) return resolve({ ok: false, code: 0, message: 'socket closed' })
      const id = next++
      waiting.set(id, resolve)
      ws.send(JSON.stringify({ id, op, args }))
    })
  const login = await request('login', { userID: sig.userId, userSig: sig.userSig })
  if (!login.ok) throw new Error(`relay login refused: ${login.message}`)
  return { ws, request }
}

export const pct = (sorted, p) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)])
