// A signed-in reader for the bench: registers a phone through the local SMS sandbox (the dev outbox,
// loopback only), exactly as the e2e journeys do, and answers the Cookie header of its session.
// `extra` headers go with every request (bench/chat-group.mjs: an X-Forwarded-For per five readers on a
// server started with TRUST_PROXY=1, so the five-a-network sign-up limit needs no clock moves).
export async function signUp(baseUrl, phone, extra = {}) {
  const first = await fetch(`${baseUrl}/api/user/login/timeout`, { headers: extra })
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1]
  if (!csrf) throw new Error('the server set no csrf_token cookie')
  const headers = { ...extra, Cookie: `csrf_token=${csrf}`, 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' }
  const sent = await fetch(`${baseUrl}/api/over-sea-sms/message-code`, { method: 'POST', headers, body: JSON.stringify({ phone, countryCode: '86' }) })
  if (sent.status !== 200) throw new Error(`message-code answered ${sent.status}: ${await sent.text()}`)
  const outbox = await (await fetch(`${baseUrl}/api/dev/outbox?target=${encodeURIComponent(`86 ${phone}`)}`, { headers: extra })).json()
  const code = /验证码是(\d{6})/.exec(outbox.result?.[0]?.text ?? '')?.[1]
  if (!code) throw new Error(`no code in the dev outbox: ${JSON.stringify(outbox).slice(0, 300)}`)
  const login = await fetch(`${baseUrl}/api/v2/user/session/v2`, { method: 'POST', headers, body: JSON.stringify({ phone, countryCode: '86', phoneCode: code }) })
  const answer = await login.json()
  if (answer.statusCode !== 200) throw new Error(`login answered ${JSON.stringify(answer).slice(0, 300)}`)
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0])
  return { cookie: [...cookies, `csrf_token=${csrf}`].join('; '), csrf }
}

/** Resident memory (bytes) of a process, from /proc (Linux). */
import { readFile } from 'node:fs/promises'
export async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
  if (!m) throw new Error(`no VmRSS for pid ${pid}`)
  return Number(m[1]) * 1024
}
