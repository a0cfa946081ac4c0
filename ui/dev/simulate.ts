/**
 * Simulate mode of /dev/machines: step through a machine by hand with xstate's pure
 * `initialTransition` / `transition` (xstate 5.33), so nothing runs — no actor is started, no
 * request is made, no timer ticks. Delays and the outcomes of invoked actors are offered as
 * events of their own (`xstate.after.*`, `xstate.done.actor.*`, `xstate.error.actor.*`), the
 * way core/testing/model-coverage.ts drives the machines in their tests. Guards and `assign`s
 * do run (they are pure), so the context shown is the one the real flow would have.
 *
 * A simulation is an immutable value: start → step → step → back → reset.
 */
import { initialTransition, transition } from 'xstate'
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate'
import { eventLabel } from './chart-layout'
import { errorMessage } from '../../core/api/api-error'

export interface SimStep {
  readonly event: EventObject
  /** As the button said: 'after 5s', 'fetchPayment done (with agreements)'; else the event type. */
  readonly label: string
  readonly snapshot: AnyMachineSnapshot
}

export interface Simulation {
  readonly machine: AnyStateMachine
  readonly input: unknown
  readonly initial: AnyMachineSnapshot
  /** Steps taken after the initial snapshot, oldest first. */
  readonly steps: readonly SimStep[]
}

export function startSimulation(machine: AnyStateMachine, input?: unknown): Simulation {
  const [initial] = initialTransition(machine, input as never)
  return { machine, input, initial: initial as AnyMachineSnapshot, steps: [] }
}

export function currentSnapshot(sim: Simulation): AnyMachineSnapshot {
  return sim.steps.at(-1)?.snapshot ?? sim.initial
}

/** Takes the event from the current snapshot (an event no state accepts leaves it as it is, as xstate does). */
export function step(sim: Simulation, event: EventObject, label: string = event.type): Simulation {
  const [next] = transition(sim.machine, currentSnapshot(sim) as never, event as never)
  return { ...sim, steps: [...sim.steps, { event, label, snapshot: next as AnyMachineSnapshot }] }
}

/** Undoes the last step (the initial snapshot stays). */
export function back(sim: Simulation): Simulation {
  return sim.steps.length ? { ...sim, steps: sim.steps.slice(0, -1) } : sim
}

export function reset(sim: Simulation): Simulation {
  return sim.steps.length ? { ...sim, steps: [] } : sim
}

export type SimEventKind = 'event' | 'delay' | 'done' | 'error' | 'snapshot'

export interface SimEvent {
  /** The event to send, payload included. */
  readonly event: EventObject
  /** 'code.send', 'after 5s', 'submitRealName done', plus the variant's name if any. */
  readonly label: string
  readonly kind: SimEventKind
  /** Whether xstate would take a transition for it now (`snapshot.can`: guards checked). */
  readonly enabled: boolean
  /** Why it is not enabled: a guard says no, or a guard threw (it wants a payload). */
  readonly reason?: string
  /** Ids of the state nodes that listen to it (the transitions' sources). */
  readonly sources: readonly string[]
}

/** Payload variants for an event type; `name` tells them apart on the button. */
export interface EventVariant {
  readonly name: string
  readonly event: EventObject
}

function kindOf(type: string): SimEventKind {
  if (type.startsWith('xstate.after.')) return 'delay'
  if (type.startsWith('xstate.done.actor.')) return 'done'
  if (type.startsWith('xstate.error.actor.')) return 'error'
  if (type.startsWith('xstate.snapshot.')) return 'snapshot'
  return 'event'
}

/**
 * Every event the active states listen to, in document order (outer states first), each
 * with whether it can be taken now. Event types come from the active state nodes' own
 * transitions (`on`, `after`, invoke `onDone`/`onError`); `always` and `xstate.done.state.*`
 * are left out because the machine takes them by itself, and so are wildcards ('form.*').
 * `variants` (by event type) replace the bare `{ type }` with payloads a guard may read.
 */
export function enabledEvents(
  snapshot: AnyMachineSnapshot,
  variants: Readonly<Record<string, readonly EventVariant[]>> = {},
): SimEvent[] {
  if (snapshot.status !== 'active') return []
  const machine = snapshot.machine as AnyStateMachine
  const sources = new Map<string, string[]>()
  const delays = new Map<string, string | number | undefined>()
  for (const node of snapshot._nodes as AnyStateNode[]) {
    for (const [type, list] of node.transitions as Map<string, AnyTransitionDefinition[]>) {
      if (type.includes('*') || type.startsWith('xstate.done.state.')) continue
      if (list.every((t) => !t.target && t.actions.length === 0 && !t.reenter)) continue
      sources.set(type, [...(sources.get(type) ?? []), node.id])
      delays.set(type, (list[0] as { delay?: string | number }).delay)
    }
  }
  const out: SimEvent[] = []
  for (const [type, from] of sources) {
    const base = eventLabel(machine, type, delays.get(type))
    const list: EventVariant[] = variants[type]?.length ? [...variants[type]] : [{ name: '', event: { type } }]
    for (const v of list) {
      let enabled = false
      let reason: string | undefined
      try {
        enabled = snapshot.can(v.event as never)
        if (!enabled) reason = 'a condition (guard) says no in this state'
      } catch (error) {
        reason = `a condition needs more data: ${errorMessage(error)}`
      }
      out.push({
        event: v.event,
        label: v.name ? `${base} (${v.name})` : base,
        kind: kindOf(type),
        enabled,
        ...(reason ? { reason } : {}),
        sources: from,
      })
    }
  }
  return out
}

/** Leaf states of a snapshot as paths: ['questions.answering'] (for the path list). */
export function stateText(snapshot: AnyMachineSnapshot): string {
  const leaves = (snapshot._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.path.join('.'))
  const text = leaves.join(' + ') || '(root)'
  return snapshot.status === 'active' ? text : `${text} (${snapshot.status})`
}

/** JSON of the context for display: actor refs by id, functions by name, cycles cut. */
export function contextJson(snapshot: AnyMachineSnapshot): string {
  const seen = new WeakSet<object>()
  return JSON.stringify(
    snapshot.context ?? null,
    (_key, value: unknown) => {
      if (typeof value === 'function') return `[function ${(value as { name?: string }).name || 'anonymous'}]`
      if (typeof value === 'bigint') return `${value}n`
      if (typeof value === 'object' && value !== null) {
        if ('sessionId' in value && 'send' in value) return `[actor ${(value as { id?: string }).id ?? ''}]`
        if (seen.has(value)) return '[cycle]'
        seen.add(value)
      }
      return value
    },
    2,
  )
}
