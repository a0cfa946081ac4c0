// The mixed workload of issue 30 ('Load suite'): 70 % public reads, 20 % signed-in reads, 10 % writes,
// over N keep-alive connections, each one reader (signed up through the local SMS sandbox, qualified so
// it may order) coming from an address of its own. A small node:http client rather than autocannon:
// every request depends on the connection's reader (cookie, CSRF token, its watchlist and likes), and
// every acknowledged write's id is kept so a fault bench can look for it in the database afterwards.
//
// Addresses: each reader's connection leaves from its own loopback address (127.R.x.y: Linux answers
// the whole 127/8 on lo), so the server — or nginx, which passes $remote_addr on as X-Forwarded-For —
// sees 200 readers, not one. From a single address the per-address limits (core/limits/write-limits.ts:
// five accounts' worth; sign-up 5 an hour) would refuse most writes and sign-ups within seconds; with an
// address each, the per-account limits are the ones that count, and 200 readers stay under them (see
// WRITE_BUDGET below). No clock sandbox is needed (it is per process).
import http from 'node:http'
import { randomBytes } from 'node:crypto'

/** The public reads (weights sum to 70), signed-in reads (20) and writes (10): one request each. */
export const MIX = {
  public: [
    ['home feed', 16, () => '/api/channels/home/articles/v8'],
    ['news list', 10, (w) => `/api/news/list/v2?page=${1 + (w.rand() % 3)}&limit=20`],
    ['news detail', 16, (w) => `/api/news/${w.pick(w.data.newsIds)}/v3`],
    ['quote', 12, (w) => { const s = w.pick(w.data.stocks); return `/hq/${s.slice(0, 2)}/quote-info/${s.slice(2)}/v2` }],
    ['boards', 4, () => '/hq/hk/boards/v1'],
    ['search', 6, (w) => `/api/searchBox/v3?keyword=${encodeURIComponent(w.pick(w.data.keywords))}&count=5`],
    ['channels', 2, () => '/api/channels/v3'],
    ['live list', 4, () => '/api/live-channels/all/lives?limit=20'],
  ],
  signedIn: [
    ['login info', 6, () => '/api/user/get/v2'],
    ['watchlist', 6, () => '/api/userstock/v2'],
    ['my comments', 3, () => '/api/comment/my'],
    ['my purchases', 2, () => '/api/user-purchased/v1'],
    ['my favourites', 1, () => '/api/user/fav/v1'],
    ['unread count', 2, () => '/api/user/map-unread-count'],
  ],
  writes: [
    ['comment', 3],
    ['like toggle', 3],
    ['watchlist toggle', 3],
    ['order', 1],
  ],
}

/**
 * Per-account write limits (core/limits/write-limits.ts, per rolling hour) and what the mix asks of
 * one reader: at R req/s over C readers for S seconds, a reader makes R·S/C requests, a tenth of them
 * writes; comments are 3/10 of the writes (limit 60), orders 1/10 (limit 30), likes 3/10 (300),
 * watchlist 3/10 (200). At 200 readers the comment limit binds first: it allows 60 / (0.03 · S / C)
 * = 60 · 200 / (0.03 · 60) ≈ 6,700 req/s for a 60 s run — far above what this machine serves. The
 * bench prints 429s apart so a run that meets them says so.
 */
export const WRITE_BUDGET = { comment: 60, order: 30, like: 300, follow: 200 }

const totalWeight = (list) => list.reduce((n, [, w]) => n + w, 0)

/** Seeded data the requests pick from: news ids, post ids, stocks, search words. */
export async function loadWorkloadData(baseUrl) {
  const list = await (await fetch(`${baseUrl}/api/news/list/v2?page=1&limit=50`)).json()
  const newsIds = (list.result?.list ?? []).map((a) => a.id)
  const postIds = new Set()
  for (const keyword of ['腾讯', '港股', '美股', '复盘']) {
    const r = await (await fetch(`${baseUrl}/api/searchBox/v3?keyword=${encodeURIComponent(keyword)}&count=20`)).json()
    for (const p of r.result?.searchPost?.list ?? []) postIds.add(p.id)
  }
  if (newsIds.length === 0) throw new Error(`no news to read: ${JSON.stringify(list).slice(0, 200)}`)
  if (postIds.size === 0) throw new Error('no posts to like (searchBox found none)')
  return {
    newsIds,
    postIds: [...postIds],
    stocks: ['hk00700', 'hk09988', 'hk00005', 'usAAPL', 'usTSLA', 'usNVDA', 'hk03690', 'hk01810'],
    keywords: ['腾讯', '港股', '美股', '复盘', '苹果', '半导体'],
  }
}

/** The reader of connection i: its own loopback address (127.R.a.b). */
const addressOf = (run, i) => `127.${1 + (run % 250)}.${Math.floor(i / 250)}.${1 + (i % 250)}`

function idNumber(seed) {
  const base = `11010119900101${String(seed % 1000).padStart(3, '0')}`
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = w.reduce((a, x, i) => a + x * Number(base[i]), 0)
  return base + '10X98765432'[sum % 11]
}

/** One request over node:http from `localAddress`: { status, headers, text }. */
export function request(baseUrl, { method = 'GET', path, headers = {}, body, localAddress, timeoutMs = 30_000 }) {
  const url = new URL(baseUrl)
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body))
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, localAddress, headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {}) } },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    if (payload) req.write(payload)
    req.end()
  })
}

async function jsonCall(baseUrl, method, path, headers, body, localAddress) {
  const r = await request(baseUrl, { method, path, headers, body, localAddress })
  let parsed = null
  try {
    parsed = JSON.parse(r.text)
  } catch {
    /* not JSON */
  }
  if (r.status !== 200 || parsed?.statusCode !== 200) throw new Error(`${method} ${path} answered ${r.status}: ${r.text.slice(0, 200)}`)
  return { result: parsed.result, headers: r.headers }
}

const setCookies = (headers) => [headers['set-cookie'] ?? []].flat()

/**
 * One reader: signed up through the SMS sandbox (the sandbox answers loopback sockets only; all of ours
 * are), real name passed and the questionnaire answered (buying needs both:
 * server/membership/qualification.ts).
 */
export async function makeReader(baseUrl, run, i) {
  const address = addressOf(run, i)
  const phone = `13${String(run % 10)}${String(Date.now() % 1e4).padStart(4, '0')}${String(i).padStart(4, '0')}`
  const first = await request(baseUrl, { path: '/api/user/login/timeout', localAddress: address })
  const csrf = /csrf_token=([^;]+)/.exec(setCookies(first.headers).join(';'))?.[1]
  if (!csrf) throw new Error(`the server set no csrf_token cookie (${first.status} ${first.text.slice(0, 100)})`)
  const base = { Cookie: `csrf_token=${csrf}`, 'X-CSRF-Token': csrf }
  const call = (method, path, headers, body) => jsonCall(baseUrl, method, path, headers, body, address)
  await call('POST', '/api/over-sea-sms/message-code', base, { phone, countryCode: '86' })
  const outbox = JSON.parse((await request(baseUrl, { path: `/api/dev/outbox?target=${encodeURIComponent(`86 ${phone}`)}`, localAddress: address })).text)
  const code = /验证码是(\d{6})/.exec(outbox.result?.[0]?.text ?? '')?.[1]
  if (!code) throw new Error(`no code in the dev outbox: ${JSON.stringify(outbox).slice(0, 300)}`)
  const login = await call('POST', '/api/v2/user/session/v2', base, { phone, countryCode: '86', phoneCode: code })
  const cookie = [...setCookies(login.headers).map((c) => c.split(';')[0]), `csrf_token=${csrf}`].join('; ')
  const headers = { ...base, Cookie: cookie }
  const full = idNumber(run * 1000 + i)
  await call('POST', '/api/real-name/authentication/v1', headers, {
    realName: '张三', identityType: 'IDENTITY_CARD', idNumber: full.slice(-4), phone, countryCode: '86',
    highestEducation: '本科', career: '其他', location: '广东省/深圳市/南山区', address: '科技园 1 号', fullIdNumber: full,
  })
  const q = await call('GET', '/api/questionnaire/2/v1', headers)
  const answers = q.result.questions.map((x) => ({ questionId: x.id, optionIds: [x.options[x.options.length - 2]?.id ?? x.options[0].id] }))
  await call('POST', '/api/questionnaire/2/answers/v1', headers, answers)
  return { id: login.result.id, address, csrf, cookie, phone }
}

/** `count` readers, `parallel` at a time. */
export async function makeReaders(baseUrl, count, { run = Math.floor(Math.random() * 250), parallel = 8 } = {}) {
  const readers = new Array(count)
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++
        readers[i] = await makeReader(baseUrl, run, i)
      }
    }),
  )
  return readers
}

/** A percentile of a sorted array (nearest rank). */
export const pct = (sorted, p) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))])

/** Busy and total jiffies of the whole machine (/proc/stat's cpu line). */
export async function machineJiffies() {
  const { readFile } = await import('node:fs/promises')
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  const idle = line[3] + (line[4] ?? 0)
  const total = line.reduce((a, b) => a + b, 0)
  return { busy: total - idle, total }
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 when it is gone. */
export async function cpuSecondsOf(pid) {
  const { readFile } = await import('node:fs/promises')
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0
  }
}

/** Every pid whose parent chain reaches `root` (postgres backends, nginx workers), `root` included. */
export async function processTree(root) {
  const { readdir, readFile } = await import('node:fs/promises')
  const parents = new Map()
  for (const d of await readdir('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const stat = await readFile(`/proc/${d}/stat`, 'utf8')
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      /* gone */
    }
  }
  const out = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const [pid, ppid] of parents) {
      if (!out.has(pid) && out.has(ppid)) {
        out.add(pid)
        grew = true
      }
    }
  }
  return [...out]
}

/**
 * Runs the mix over `readers.length` connections (one reader each) for `seconds` — and, when `until`
 * (a promise) is given, until `afterMs` past its settling if that is later. `onTick(elapsedMs, { inFlight })`
 * is called every 100 ms (a fault bench kills or restarts something from it). Answers the figures and
 * every acknowledged write.
 */
export async function runMix(baseUrl, readers, data, { seconds, timeoutMs = 10_000, onTick, until, afterMs = 3_000, label = '' } = {}) {
  const url = new URL(baseUrl)
  const pubW = totalWeight(MIX.public)
  const sigW = totalWeight(MIX.signedIn)
  const wrW = totalWeight(MIX.writes)
  const latencies = []
  const byStatus = new Map()
  const byKind = { public: 0, signedIn: 0, writes: 0 }
  const writesSent = {}
  const errors = new Map()
  const failures = [] // { at, kind, name, status|error } — non-2xx answers and socket errors, in order
  const acknowledged = { comment: [], order: [], like: 0, watch: 0 }
  const writeRefusals = new Map()
  let inFlight = 0
  let maxHang = 0
  const started = performance.now()
  const cpu0 = process.cpuUsage()
  const machine0 = await machineJiffies()
  let deadline = started + seconds * 1000
  let stopping = false
  let waiting = !!until
  until?.finally(() => {
    waiting = false
    deadline = Math.max(deadline, performance.now() + afterMs)
  })

  const tick = setInterval(() => onTick?.(performance.now() - started, { inFlight }), 100)

  const one = (w, reader, agent) => {
    const r = w.rand() % 100
    let kind
    let pick
    if (r < 70) {
      kind = 'public'
      pick = weighted(MIX.public, pubW, w)
    } else if (r < 90) {
      kind = 'signedIn'
      pick = weighted(MIX.signedIn, sigW, w)
    } else {
      kind = 'writes'
      pick = weighted(MIX.writes, wrW, w)
    }
    const name = pick[0]
    let method = 'GET'
    let path
    let body
    let onOk = null
    if (kind !== 'writes') path = pick[2](w)
    else if (name === 'comment') {
      method = 'POST'
      path = '/api/comments/v2'
      body = { source: 'news', refId: w.pick(data.newsIds), content: `负载测试评论 ${randomBytes(4).toString('hex')}` }
      onOk = (j) => acknowledged.comment.push(j.result.id)
    } else if (name === 'like toggle') {
      const post = w.pick(data.postIds)
      const liked = w.likes.has(post)
      method = 'POST'
      path = `/api/post/${post}/like/${liked ? 'delete' : 'add'}`
      body = {}
      onOk = () => {
        if (liked) w.likes.delete(post)
        else w.likes.add(post)
        acknowledged.like++
      }
    } else if (name === 'watchlist toggle') {
      const stock = w.pick(data.stocks)
      const watched = w.watch.has(stock)
      method = 'POST'
      path = watched ? '/api/userstock/delete' : '/api/userstock/add'
      body = watched ? { stockCodes: [stock] } : { stockCode: stock, stockType: stock.slice(0, 2) }
      onOk = () => {
        if (watched) w.watch.delete(stock)
        else w.watch.add(stock)
        acknowledged.watch++
      }
    } else {
      method = 'POST'
      path = '/api/purchase/v3'
      body = { specsId: 101, clientKey: `load-${randomBytes(9).toString('base64url')}` }
      onOk = (j) => acknowledged.order.push(j.result.id)
    }
    const headers = { 'Accept-Encoding': 'gzip, br' }
    if (kind !== 'public') headers.Cookie = reader.cookie
    let payload
    if (body !== undefined) {
      payload = Buffer.from(JSON.stringify(body))
      headers['Content-Type'] = 'application/json'
      headers['Content-Length'] = String(payload.length)
      headers['X-CSRF-Token'] = reader.csrf
    }
    byKind[kind]++
    if (kind === 'writes') writesSent[name] = (writesSent[name] ?? 0) + 1
    const t0 = performance.now()
    inFlight++
    return new Promise((resolve) => {
      let settled = false
      const done = (status, error, text) => {
        if (settled) return
        settled = true
        inFlight--
        const ms = performance.now() - t0
        maxHang = Math.max(maxHang, ms)
        latencies.push(ms)
        if (error) {
          errors.set(error, (errors.get(error) ?? 0) + 1)
          failures.push({ at: t0 - started, ms, kind, name, error })
        } else {
          byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
          if (status === 200 && onOk) {
            try {
              const j = JSON.parse(text)
              if (j.statusCode === 200) onOk(j)
            } catch {
              /* a write's answer that is not JSON: counted by status only */
            }
          } else if (status !== 200) {
            let message
            try {
              message = JSON.parse(text).message
            } catch {
              message = String(text).slice(0, 60)
            }
            failures.push({ at: t0 - started, ms, kind, name, status, message })
            if (kind === 'writes' && status === 429) writeRefusals.set(name, (writeRefusals.get(name) ?? 0) + 1)
          }
        }
        resolve(error ? 'error' : status)
      }
      const req = http.request({ host: url.hostname, port: url.port, method, path, headers, agent, localAddress: reader.address }, (res) => {
        const chunks = []
        // reads are drained; only writes (and failures) need their text
        res.on('data', (c) => {
          if (kind === 'writes' || res.statusCode !== 200) chunks.push(c)
        })
        res.on('end', () => done(res.statusCode, null, Buffer.concat(chunks).toString('utf8')))
        res.on('error', (e) => done(0, e.code || e.message))
      })
      req.setTimeout(timeoutMs, () => {
        req.destroy(new Error('timeout'))
      })
      req.on('error', (e) => done(0, e.code || (e.message === 'timeout' ? 'timeout' : e.message)))
      if (payload) req.write(payload)
      req.end()
    })
  }

  await Promise.all(
    readers.map(async (reader, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      // mulberry32 per connection: reproducible, and successive draws independent (an LCG's low bits
      // are periodic: with one, the write kinds came out 35/23/40/2 % instead of 30/30/30/10)
      let seed = (i + 1) * 2654435761
      const rand = () => {
        seed = (seed + 0x6d2b79f5) >>> 0
        let t = seed
        t = Math.imul(t ^ (t >>> 15), t | 1)
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
        return ((t ^ (t >>> 14)) >>> 0) >>> 1
      }
      const w = {
        rand,
        pick: (xs) => xs[w.rand() % xs.length],
        // the reader's likes and watchlist outlive one run (a warm-up, then the measured run)
        likes: (reader.likes ??= new Set()),
        watch: (reader.watch ??= new Set()),
        data,
      }
      while (!stopping && (waiting || performance.now() < deadline)) {
        const outcome = await one(w, reader, agent)
        // a refused connection comes back at once: wait a little rather than spin the generator's CPU
        if (outcome === 'error') await new Promise((r) => setTimeout(r, 50))
      }
      agent.destroy()
    }),
  )
  stopping = true
  clearInterval(tick)
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpu0)
  const machine1 = await machineJiffies()
  latencies.sort((a, b) => a - b)
  const total = latencies.length
  const ok2xx = [...byStatus].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0)
  return {
    label,
    elapsed,
    total,
    rps: total / elapsed,
    okRps: ok2xx / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: latencies[total - 1] ?? 0,
    maxHang,
    byStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)),
    errors: Object.fromEntries(errors),
    byKind,
    writesSent,
    failures,
    acknowledged,
    writeRefusals: Object.fromEntries(writeRefusals),
    generatorCpu: (cpu.user + cpu.system) / 1e6 / elapsed, // cores the generator used
    machineBusy: (machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total), // of all cores
    inFlightAtEnd: inFlight,
  }
}

function weighted(list, total, w) {
  let r = w.rand() % total
  for (const item of list) {
    if (r < item[1]) return item
    r -= item[1]
  }
  return list[list.length - 1]
}

/** Non-2xx statuses and socket errors in one short string: "200×51234, 429×3, ECONNRESET×2". */
export function statusLine(r) {
  const parts = Object.entries(r.byStatus).map(([s, n]) => `${s}×${n}`)
  for (const [e, n] of Object.entries(r.errors)) parts.push(`${e}×${n}`)
  return parts.join(', ')
}

/** Failures (non-2xx, socket errors) as counts, e.g. { '503 数据库暂时无法连接…': 12, ECONNRESET: 2 }. */
export function failureKinds(r) {
  const kinds = new Map()
  for (const f of r.failures) {
    const key = f.error ?? `${f.status} ${f.message ?? ''}`.trim()
    kinds.set(key, (kinds.get(key) ?? 0) + 1)
  }
  return Object.fromEntries(kinds)
}
