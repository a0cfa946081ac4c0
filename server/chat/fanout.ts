// The relay's pushes to signed-in sockets, batched (issue 31: a group message in O(1) database work).
// Events are queued per socket in order and sent together as soon as the event loop is free: a run of
// messages.received to one socket goes as one frame (its messages in order, each encoded once however
// many members receive it), and every (user, conversation) changed since the last flush is read in one
// query — while a flush reads, what arrives waits for the next one (as a database's group commit), so
// under load one read serves many messages, and alone a message goes out at once. A user's
// conversation.changed follows the frames queued for their sockets before it was read.
import type { LocalEvent } from '../../core/chat/local-protocol'
import type { Conversation } from '../../core/chat/messaging-port'

/** A socket as the fan-out writes to it (a ws WebSocket satisfies it). */
export interface FanoutSocket {
  send(frame: string): void
}

/** What a flush reads for the changed pairs: each view (absent when the user no longer has it) keyed `${userId} ${conversationId}`, and each user's unread total. */
export type ReadViews = (pairs: readonly { userId: number; conversationId: string }[]) => Promise<{ conversations: Map<string, Conversation>; totals: Map<number, number> }>

export class Fanout {
  private frames = new Map<FanoutSocket, LocalEvent[]>()
  private changed = new Map<number, Set<string>>()
  private running: Promise<void> | null = null
  private scheduled = false
  /** each message's JSON and each shared event's frame, encoded once for all its recipients */
  private readonly encoded = new WeakMap<object, string>()

  constructor(
    private readonly socketsOf: (userId: number) => Iterable<FanoutSocket> | undefined,
    private readonly read: ReadViews,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues an event for every socket of a user (except one: the sender's own). */
  event(userId: number, event: LocalEvent, except?: FanoutSocket): void {
    const sockets = this.socketsOf(userId)
    if (!sockets) return
    for (const s of sockets) {
      if (s === except) continue
      let queue = this.frames.get(s)
      if (!queue) this.frames.set(s, (queue = []))
      queue.push(event)
    }
    this.schedule()
  }

  /** Marks a user's conversation changed: its view and their unread total are pushed with the next flush. */
  conversation(userId: number, conversationId: string): void {
    if (!this.socketsOf(userId)) return
    let set = this.changed.get(userId)
    if (!set) this.changed.set(userId, (set = new Set()))
    set.add(conversationId)
    this.schedule()
  }

  /** Settles once everything queued so far has gone out. */
  async idle(): Promise<void> {
    while (this.scheduled || this.running) await (this.running ?? new Promise((r) => setImmediate(r)))
  }

  private schedule(): void {
    if (this.scheduled || this.running) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      this.running = this.run().finally(() => {
        this.running = null
        if (this.frames.size > 0 || this.changed.size > 0) this.schedule()
      })
    })
  }

  private async run(): Promise<void> {
    while (this.frames.size > 0 || this.changed.size > 0) {
      const changed = this.changed
      this.changed = new Map()
      const pairs = [...changed].flatMap(([userId, ids]) => [...ids].map((conversationId) => ({ userId, conversationId })))
      let views: Awaited<ReturnType<ReadViews>> | null = null
      if (pairs.length > 0) {
        try {
          views = await this.read(pairs)
        } catch (error) {
          this.onError(error)
        }
      }
      // the frames queued until now (also those queued while the views were read) go first
      const frames = this.frames
      this.frames = new Map()
      for (const [socket, events] of frames) for (const frame of this.encode(events)) send(socket, frame)
      if (!views) continue
      for (const [userId, ids] of changed) {
        const sockets = this.socketsOf(userId)
        if (!sockets) continue
        const totalUnread = views.totals.get(userId) ?? 0
        for (const conversationID of ids) {
          const conversation = views.conversations.get(`${userId} ${conversationID}`)
          const frame = JSON.stringify(
            conversation
              ? ({ event: 'conversation.changed', data: { conversation, totalUnread } } satisfies LocalEvent)
              : ({ event: 'conversation.removed', data: { conversationID, totalUnread } } satisfies LocalEvent),
          )
          for (const s of sockets) send(s, frame)
        }
      }
    }
  }

  /** One socket's queued events as frames: a run of messages.received becomes one frame. */
  private encode(events: readonly LocalEvent[]): string[] {
    const out: string[] = []
    let run: string[] = []
    const endRun = () => {
      if (run.length > 0) out.push(`{"event":"messages.received","data":{"messages":[${run.join(',')}]}}`)
      run = []
    }
    for (const e of events) {
      if (e.event === 'messages.received') {
        for (const m of e.data.messages) run.push(typeof m === 'object' && m !== null ? this.once(m, () => JSON.stringify(m)) : JSON.stringify(m))
        continue
      }
      endRun()
      out.push(this.once(e, () => JSON.stringify(e)))
    }
    endRun()
    return out
  }

  private once(key: object, encode: () => string): string {
    let s = this.encoded.get(key)
    if (s === undefined) this.encoded.set(key, (s = encode()))
    return s
  }
}

function send(socket: FanoutSocket, frame: string): void {
  try {
    socket.send(frame)
  } catch {
    // a socket closing under us: its own close handler detaches it; the others still get the event
  }
}

/**
 * One conversation's pushes in sequence order within this process. A message is stored (its seq taken)
 * and then delivered over a few more awaits (counters, members), so two concurrent sends can reach
 * their pushes in the other order; each stored seq is held here until the lower seqs stored before it
 * have pushed or failed. Written here because the hold is on this process's own in-flight sends: no
 * queue library orders by a key known only after the first await.
 */
export class InSequence {
  /** per conversation: each stored seq, with its push once ready (null while still being delivered) */
  private readonly waiting = new Map<string, Map<number, (() => void) | null>>()

  constructor(private readonly onError: (error: unknown) => void) {}

  /** A message of this conversation is stored: pushes of higher seqs wait for it. */
  stored(conversation: string, seq: number): void {
    let m = this.waiting.get(conversation)
    if (!m) this.waiting.set(conversation, (m = new Map()))
    m.set(seq, null)
  }

  /** Its pushes, run now or as soon as every lower seq stored before it has gone. */
  ready(conversation: string, seq: number, push: () => void): void {
    const m = this.waiting.get(conversation)
    if (!m?.has(seq)) return push()
    m.set(seq, push)
    this.drain(conversation, m)
  }

  /** Its delivery failed: it holds nothing back any more. */
  drop(conversation: string, seq: number): void {
    const m = this.waiting.get(conversation)
    if (!m?.delete(seq)) return
    this.drain(conversation, m)
  }

  /** How many conversations have a message in flight (tests: none is left behind). */
  get size(): number {
    return this.waiting.size
  }

  private drain(conversation: string, m: Map<number, (() => void) | null>): void {
    while (m.size > 0) {
      const lowest = Math.min(...m.keys())
      const push = m.get(lowest)
      if (!push) return
      m.delete(lowest)
      try {
        push()
      } catch (error) {
        // one failed push holds none of the later ones back
        this.onError(error)
      }
    }
    this.waiting.delete(conversation)
  }
}
