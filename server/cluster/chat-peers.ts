// The local messaging relay across server processes (issue 30): a reader's socket is held by one
// process, the message that concerns them may be sent through another. Every process tells the others
// (server/cluster/bus.ts: PostgreSQL LISTEN/NOTIFY) which users have sockets on it, and what it pushes;
// a process that holds a socket of that user delivers it. A group message is told once (its event
// encoded once, with the list of recipients), batched per turn of the event loop like the fan-out.
// Presence is re-announced every PRESENCE_MS, and forgotten after PRESENCE_TTL_MS without news, so a
// process that died stops being told; a new process asks the others who is on them.
import type { LocalEvent } from '../../core/chat/local-protocol'
import type { Bus } from './bus'

export const CHAT_CHANNEL = 'gmh_chat'
export const PRESENCE_MS = 20_000
export const PRESENCE_TTL_MS = 3 * PRESENCE_MS

/** What the chat service asks of its peers (server/chat/service.ts usePeers). */
export interface ChatPeersPort {
  /** the user's first socket on this process opened / their last one closed */
  online(userId: number): void
  offline(userId: number): void
  /** whether another process holds a socket of this user */
  isOnline(userId: number): boolean
  /** an event pushed here, for that user's sockets on other processes */
  push(userId: number, event: LocalEvent): void
  /** a conversation of that user changed: their sockets on other processes re-read it */
  conversation(userId: number, conversationId: string): void
}

/** The local side: this process's sockets (the chat service). */
export interface LocalChat {
  pushFromPeer(userId: number, event: LocalEvent): void
  conversationFromPeer(userId: number, conversationId: string): void
  localUsers(): Iterable<number>
}

type Note =
  | { from: string; kind: 'hello' }
  | { from: string; kind: 'presence'; users: number[] }
  | { from: string; kind: 'online' | 'offline'; user: number }
  | { from: string; kind: 'push'; events: LocalEvent[]; pushes: [number, number][]; conversations: [number, string][] }

export class ChatPeers implements ChatPeersPort {
  readonly id = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`
  /** each other process's users with sockets, and when it last told us */
  private readonly remote = new Map<string, { users: Set<number>; seen: number }>()
  private events: LocalEvent[] = []
  private readonly eventIndex = new Map<LocalEvent, number>()
  private pushes: [number, number][] = []
  private conversations: [number, string][] = []
  private scheduled = false
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly bus: Bus,
    private readonly local: LocalChat,
    private readonly now: () => number = Date.now,
    private readonly log: (line: string) => void = (l) => console.error(l),
  ) {}

  /** Listens, asks the other processes who is on them, and announces this one's users from now on. */
  async start(): Promise<void> {
    await this.bus.subscribe(CHAT_CHANNEL, (payload) => this.heard(payload))
    this.tell({ from: this.id, kind: 'hello' })
    this.timer = setInterval(() => this.announce(), PRESENCE_MS)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }

  online(userId: number): void {
    this.tell({ from: this.id, kind: 'online', user: userId })
  }
  offline(userId: number): void {
    this.tell({ from: this.id, kind: 'offline', user: userId })
  }
  isOnline(userId: number): boolean {
    const now = this.now()
    for (const [id, r] of this.remote) {
      if (now - r.seen > PRESENCE_TTL_MS) this.remote.delete(id)
      else if (r.users.has(userId)) return true
    }
    return false
  }

  push(userId: number, event: LocalEvent): void {
    if (!this.isOnline(userId)) return
    let i = this.eventIndex.get(event)
    if (i === undefined) {
      i = this.events.push(event) - 1
      this.eventIndex.set(event, i)
    }
    this.pushes.push([userId, i])
    this.schedule()
  }
  conversation(userId: number, conversationId: string): void {
    if (!this.isOnline(userId)) return
    this.conversations.push([userId, conversationId])
    this.schedule()
  }

  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => void this.flush())
  }

  private async flush(): Promise<void> {
    this.scheduled = false
    if (this.pushes.length === 0 && this.conversations.length === 0) return
    const note: Note = { from: this.id, kind: 'push', events: this.events, pushes: this.pushes, conversations: this.conversations }
    this.events = []
    this.eventIndex.clear()
    this.pushes = []
    this.conversations = []
    await this.send(note)
  }

  private announce(): void {
    this.tell({ from: this.id, kind: 'presence', users: [...this.local.localUsers()] })
  }

  private tell(note: Note): void {
    void this.send(note)
  }

  private async send(note: Note): Promise<void> {
    try {
      await this.bus.publish(CHAT_CHANNEL, JSON.stringify(note))
    } catch (error) {
      this.log(`chat peers: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300))
    }
  }

  private heard(payload: string): void {
    const note = JSON.parse(payload) as Note
    if (note.from === this.id) return
    const peer = () => {
      let r = this.remote.get(note.from)
      if (!r) this.remote.set(note.from, (r = { users: new Set(), seen: this.now() }))
      r.seen = this.now()
      return r
    }
    switch (note.kind) {
      case 'hello':
        // a process just started: it learns who is here
        return this.announce()
      case 'presence':
        peer().users = new Set(note.users)
        return
      case 'online':
        peer().users.add(note.user)
        return
      case 'offline':
        peer().users.delete(note.user)
        return
      case 'push':
        peer()
        for (const [userId, i] of note.pushes) {
          const event = note.events[i]
          if (event) this.local.pushFromPeer(userId, event)
        }
        for (const [userId, conversationId] of note.conversations) this.local.conversationFromPeer(userId, conversationId)
    }
  }
}
