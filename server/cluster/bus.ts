// A small port for telling the other server processes something at once (issue 30: live comments and
// chat pushes across processes): PostgreSQL's LISTEN/NOTIFY, or PGlite's (one process: the same calls,
// delivered within it). Not durable: a process that is not listening at that moment (restarting, its
// database connection down) misses what was said then. The readers' clients re-read their
// conversations when their socket reconnects, so a push missed then is a late one, not a lost message:
// every message is in the database before anything is told.
import pg from 'pg'
import type { PGlite } from '@electric-sql/pglite'

export interface Bus {
  /** Tells every subscriber of `channel` in every process (this one too) `payload`. */
  publish(channel: string, payload: string): Promise<void>
  /** Calls `onMessage` with each payload published on `channel`; resolves when listening. */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<void>
  close(): Promise<void>
}

/** NOTIFY takes at most 8000 bytes; longer payloads go in parts (one session's notifications arrive in order). */
export const NOTIFY_PART_BYTES = 7_000

const channelName = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel ${channel}`)
  return channel
}

/** Splits a payload into NOTIFY-sized parts: `<id> <i> <n> <text>`; a short one goes whole as `- <text>`. */
export function toParts(payload: string, id: string, partBytes = NOTIFY_PART_BYTES): string[] {
  if (Buffer.byteLength(payload) <= partBytes) return [`- ${payload}`]
  const parts: string[] = []
  let rest = payload
  while (rest.length > 0) {
    // characters, not bytes: at most 3 bytes each in UTF-16 units that NOTIFY stores as UTF-8
    let take = Math.max(2, Math.floor(partBytes / 3))
    // never between the two halves of a surrogate pair (an emoji)
    const last = rest.charCodeAt(take - 1)
    if (take < rest.length && last >= 0xd800 && last <= 0xdbff) take--
    parts.push(rest.slice(0, take))
    rest = rest.slice(take)
  }
  return parts.map((p, i) => `${id} ${i} ${parts.length} ${p}`)
}

/** Puts parts back together (per id); answers the whole payload when its last part arrives. */
export function partsJoiner(): (part: string) => string | null {
  const pending = new Map<string, string[]>()
  return (part) => {
    if (part.startsWith('- ')) return part.slice(2)
    const m = /^(\S+) (\d+) (\d+) ([\s\S]*)$/.exec(part)
    if (!m) return null
    const [, id, i, n, text] = m
    let got = pending.get(id!)
    if (!got) {
      // a sender that died mid-payload leaves its parts: keep the map small
      if (pending.size > 100) pending.delete(pending.keys().next().value!)
      pending.set(id!, (got = []))
    }
    got[Number(i)] = text!
    if (got.filter((x) => x !== undefined).length < Number(n)) return null
    pending.delete(id!)
    return got.join('')
  }
}

let sequence = 0
const nextId = () => `${process.pid}.${++sequence}`

/**
 * The bus on PostgreSQL: one connection of its own that LISTENs (a pool's connections come and go) and
 * also NOTIFYs. When the connection breaks (the database restarting) it connects again every second and
 * listens again.
 */
export function postgresBus(connectionString: string, log: (line: string) => void = (l) => console.error(l)): Bus {
  const handlers = new Map<string, ((payload: string) => void)[]>()
  const joiners = new Map<string, (part: string) => string | null>()
  let client: pg.Client | null = null
  let connecting: Promise<pg.Client> | null = null
  let closed = false

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client)
    if (connecting) return connecting
    connecting = (async () => {
      for (;;) {
        if (closed) throw new Error('bus closed')
        const c = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5_000 })
        c.on('error', () => {
          // the 'end' below reconnects
        })
        try {
          await c.connect()
          c.on('notification', (n) => {
            const joiner = joiners.get(n.channel)
            const whole = joiner?.(n.payload ?? '')
            if (whole == null) return
            for (const h of handlers.get(n.channel) ?? []) {
              try {
                h(whole)
              } catch (error) {
                log(`bus ${n.channel}: ${error instanceof Error ? error.message : String(error)}`)
              }
            }
          })
          c.on('end', () => {
            if (client === c) client = null
            if (!closed) void connect().catch(() => undefined)
          })
          for (const channel of handlers.keys()) await c.query(`LISTEN ${channelName(channel)}`)
          client = c
          return c
        } catch {
          await c.end().catch(() => undefined)
          await new Promise((r) => setTimeout(r, 1_000))
        }
      }
    })().finally(() => {
      connecting = null
    })
    return connecting
  }

  return {
    async publish(channel, payload) {
      const c = await connect()
      for (const part of toParts(payload, nextId())) await c.query('SELECT pg_notify($1, $2)', [channelName(channel), part])
    },
    async subscribe(channel, onMessage) {
      const first = !handlers.has(channel)
      handlers.set(channel, [...(handlers.get(channel) ?? []), onMessage])
      if (!joiners.has(channel)) joiners.set(channel, partsJoiner())
      const c = await connect()
      if (first) await c.query(`LISTEN ${channelName(channel)}`)
    },
    async close() {
      closed = true
      const c = client
      client = null
      await c?.end().catch(() => undefined)
    },
  }
}

/** The bus on PGlite: its own listen/notify, within this one process. */
export function pgliteBus(pglite: PGlite): Bus {
  const unsubscribe: (() => Promise<void>)[] = []
  return {
    async publish(channel, payload) {
      for (const part of toParts(payload, nextId())) await pglite.query('SELECT pg_notify($1, $2)', [channelName(channel), part])
    },
    async subscribe(channel, onMessage) {
      const join = partsJoiner()
      unsubscribe.push(
        await pglite.listen(channelName(channel), (part) => {
          const whole = join(part)
          if (whole !== null) onMessage(whole)
        }),
      )
    },
    async close() {
      for (const u of unsubscribe.splice(0)) await u()
    },
  }
}
