/**
 * What the visualiser (/dev/machines and the 'machines' button) sees: every actor of the page,
 * children included, fed by XState's own inspection hook. Every place that starts an actor passes
 * the one `inspect` below:
 *
 *   useActorRef(machine, { input, inspect })      createActor(machine, { inspect }).start()
 *
 * XState calls it for the whole system of that actor (its invoked and spawned children too), so a
 * view registers nothing by hand. It is a no-op that keeps nothing unless the dev tools are on:
 * `npm run dev`, or `npm start` in local mode on a loopback request, where the server puts
 * <meta name="gmh-dev-tools"> in the page (server/app.ts). Production never sends it.
 *
 * Names are what a person reads: the machine id for a top-level actor (`toggle`, `toggle 2` when
 * there are several), and `parent › child` for a child, by its invoke id (`orderDialog › qrPayment`)
 * — never XState's session id (`x:3`).
 */
import type { AnyActorRef, InspectionEvent } from 'xstate'
import { DEV_TOOLS_META } from '../../core/shell/dev-tools'

/** Whether this page shows the dev tools: the Vite dev server, or the server's meta (local mode, loopback). */
export function devToolsEnabled(): boolean {
  if (import.meta.env.DEV) return true
  return typeof document !== 'undefined' && document.querySelector(`meta[name="${DEV_TOOLS_META}"]`) !== null
}

export interface InspectedActor {
  readonly ref: AnyActorRef
  /** 'orderDialog', 'toggle 2', 'orderDialog › qrPayment' */
  readonly name: string
  /** The machine's id, or undefined for other logic (a promise, a callback). */
  readonly machineId: string | undefined
  /** The parent's name, for children. */
  readonly parent: string | undefined
  /** When the actor started (ms since the page opened), for order. */
  readonly order: number
}

export interface LoggedEvent {
  readonly seq: number
  /** ms since the page opened */
  readonly at: number
  /** The receiving actor's name. */
  readonly actor: string
  /** The sender's name, when an actor sent it ('' from the page). */
  readonly from: string
  readonly type: string
  /** The receiver's state after it (its value as text), filled on the next snapshot. */
  state: string
}

const LOG_LIMIT = 300

export interface Inspector {
  readonly inspect: (event: InspectionEvent) => void
  /** Running actors, in start order. */
  readonly actors: () => readonly InspectedActor[]
  /** The newest events last, at most LOG_LIMIT. */
  readonly log: () => readonly LoggedEvent[]
  /** Changes whenever an actor starts, stops or moves, or an event is logged (for useSyncExternalStore). */
  readonly version: () => number
  readonly subscribe: (listener: () => void) => () => void
  readonly clear: () => void
}

/** The machine id an actor runs, or undefined when it is not a state-machine actor. */
export function machineIdOf(actorRef: AnyActorRef): string | undefined {
  const logic = (actorRef as { logic?: { id?: unknown; root?: unknown } }).logic
  return logic && logic.root && typeof logic.id === 'string' ? logic.id : undefined
}

/** XState's generated ids ('x:3', '0.orderDialog.open.pay') say nothing to a person. */
const generated = (id: string) => /^x:\d+$/.test(id) || /^\d+\./.test(id)

/** The text of a snapshot's state: 'open.pay.waiting', or the status of other actors. */
export function stateTextOf(snapshot: unknown): string {
  const s = snapshot as { value?: unknown; status?: string } | undefined
  if (!s) return ''
  if (s.value === undefined) return s.status ?? ''
  const flat = (v: unknown): string[] =>
    typeof v === 'string'
      ? [v]
      : v && typeof v === 'object'
        ? Object.entries(v as Record<string, unknown>).flatMap(([k, sub]) => {
            const inner = flat(sub)
            return inner.length ? inner.map((x) => `${k}.${x}`) : [k]
          })
        : []
  const text = flat(s.value).join(' + ')
  return s.status && s.status !== 'active' ? `${text} (${s.status})` : text
}

export function createInspector(isOn: () => boolean = devToolsEnabled): Inspector {
  const running = new Map<AnyActorRef, InspectedActor>()
  const log: LoggedEvent[] = []
  const listeners = new Set<() => void>()
  let version = 0
  let seq = 0
  let started = 0
  // one decision per inspector: the meta does not come and go while the page is open
  let on: boolean | undefined
  const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now())

  const notify = () => {
    version++
    for (const l of [...listeners]) l()
  }

  const nameFor = (ref: AnyActorRef): { name: string; parent: string | undefined } => {
    const parentRef = (ref as { _parent?: AnyActorRef })._parent
    const own = machineIdOf(ref)
    const src = (ref as { src?: unknown }).src
    const key = !generated(ref.id) ? ref.id : typeof src === 'string' ? src : (own ?? 'actor')
    if (parentRef) {
      const parent = running.get(parentRef)?.name ?? nameFor(parentRef).name
      return { name: `${parent} › ${key}`, parent }
    }
    // a top-level actor given a readable id by its view keeps it beside the machine's: 'toggle (follow)'
    const base = own && own !== ref.id && !generated(ref.id) ? `${own} (${ref.id})` : (own ?? key)
    const taken = new Set([...running.values()].map((a) => a.name))
    let name = base
    for (let n = 2; taken.has(name); n++) name = `${base} ${n}`
    return { name, parent: undefined }
  }

  // an actor is shown once it starts (XState sends it 'xstate.init'): React may create an actor it
  // never starts (strict mode's second render), and that one must not appear as 'toggle 2'
  const add = (ref: AnyActorRef) => {
    if (running.has(ref)) return
    const { name, parent } = nameFor(ref)
    running.set(ref, { ref, name, machineId: machineIdOf(ref), parent, order: started++ })
  }

  const inspect = (event: InspectionEvent) => {
    on ??= isOn()
    if (!on) return
    // XState calls this inside the actor's own step, without a guard: whatever goes wrong here must
    // never reach the actor (a throw would stop the session or the order dialog)
    try {
      take(event)
    } catch (error) {
      console.warn('state-machine visualiser: an inspection event was not understood', error)
    }
  }

  const take = (event: InspectionEvent) => {
    // XState types the inspected ref as the narrow ActorRefLike; it is the actor itself
    const ref = event.actorRef as AnyActorRef
    switch (event.type) {
      case '@xstate.event': {
        const type = event.event.type
        if (type === 'xstate.init') {
          add(ref)
          notify()
          return
        }
        // XState's own bookkeeping is not something a person did
        if (type === 'xstate.stop' || !running.has(ref)) return
        const actor = running.get(ref)?.name ?? ref.id
        const from = event.sourceRef ? (running.get(event.sourceRef as AnyActorRef)?.name ?? '') : ''
        log.push({ seq: ++seq, at: Math.round(now()), actor, from, type, state: '' })
        if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT)
        notify()
        return
      }
      case '@xstate.snapshot': {
        const status = (event.snapshot as { status?: string }).status
        const actor = running.get(ref)
        if (actor) {
          const last = [...log].reverse().find((e) => e.actor === actor.name && e.type === event.event.type && e.state === '')
          if (last) last.state = stateTextOf(event.snapshot)
        }
        // a stopped actor leaves; a finished one stays a moment in its final state until stopped
        if (status === 'stopped') running.delete(ref)
        notify()
        return
      }
      default:
        return
    }
  }

  return {
    inspect,
    actors: () => [...running.values()].sort((a, b) => a.order - b.order),
    log: () => log,
    version: () => version,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    clear: () => {
      running.clear()
      log.length = 0
      notify()
    },
  }
}

/** The page's one inspector. */
export const inspector: Inspector = createInspector()

/**
 * Pass to every actor the app starts: `useActorRef(machine, { inspect })`. XState inspects the whole
 * system of that actor, its children included. A no-op unless the dev tools are on.
 */
export const inspect = (event: InspectionEvent): void => inspector.inspect(event)
