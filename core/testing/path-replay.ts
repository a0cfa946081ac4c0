// Test support for model-based machine tests: drives a REAL actor along a path that
// `getShortestPaths` (xstate/graph) computed on the pure model, and checks after every step that
// the running actor is where the model said it would be (state value and context).
//
// - `xstate.after.<delay>.<state>` steps advance (fake) time by the delay's milliseconds, so the
//   actor's own timers fire; nothing is sent by hand.
// - `xstate.done.actor.<id>` / `xstate.error.actor.<id>` steps settle the promise that the actor
//   really started for that invoke (every src listed in `deferredActors` is replaced by a promise
//   the replay holds); a step for an actor that is not running fails the replay.
// - Every other event is sent to the actor.
//
// Framework-free: the caller passes `advanceTime` (vitest: `vi.advanceTimersByTimeAsync`).
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  fromPromise,
  type AnyActorRef, type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, serializeSnapshot, type StatePath } from 'xstate/graph'

export interface ReplayStep {
  readonly event: EventObject
  readonly state: unknown
}
export interface ReplayPath {
  readonly steps: ReadonlyArray<ReplayStep>
}

export interface ReplayOptions {
  readonly input?: unknown
  /** invoke sources replaced by promises that the replay settles when a path step says so */
  readonly deferredActors: readonly string[]
  /** advances fake time by `ms` and runs the promise jobs that follow (vi.advanceTimersByTimeAsync) */
  readonly advanceTime: (ms: number) => Promise<unknown>
  /** which part of the context must match (default: all of it) */
  readonly project?: (snapshot: AnyMachineSnapshot) => unknown
  /** lets a test add its own implementations (actions as spies) before the deferred actors go in */
  readonly prepare?: (machine: AnyStateMachine) => AnyStateMachine
}

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const AFTER = 'xstate.after.'
const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'

function delayMs(machine: AnyStateMachine, eventType: string): number {
  const name = eventType.slice(AFTER.length).split('.')[0] ?? ''
  const configured = (machine.implementations.delays as Record<string, unknown>)[name]
  const ms = typeof configured === 'number' ? configured : Number(name)
  if (!Number.isFinite(ms)) throw new Error(`path-replay: cannot tell how long delay "${name}" is`)
  return ms
}

function describeState(s: AnyMachineSnapshot): string {
  return JSON.stringify(s.value)
}

/** Replays one path; throws (with the step number) at the first difference. Returns the final snapshot. */
export async function replayPath(
  machine: AnyStateMachine,
  path: ReplayPath,
  options: ReplayOptions,
): Promise<AnyMachineSnapshot> {
  const pending = new Map<string, Pending>()
  const deferred = fromPromise<unknown, unknown>(
    ({ self }) =>
      new Promise((resolve, reject) => {
        pending.set(self.id, { resolve, reject })
      }),
  )
  const prepared = options.prepare ? options.prepare(machine) : machine
  const actors = Object.fromEntries(options.deferredActors.map((src) => [src, deferred]))
  const logic = prepared.provide({ actors } as never) as AnyStateMachine
  const project = options.project ?? ((s: AnyMachineSnapshot) => s.context)

  const actor: AnyActorRef = createActor(logic, { input: options.input } as never)
  let failure: unknown
  actor.subscribe({ error: (e: unknown) => (failure = e) })
  actor.start()

  const check = (i: number, expected: unknown, event: EventObject) => {
    if (failure) throw new Error(`path-replay: the actor failed at step ${i} (${event.type}): ${String(failure)}`)
    const actual = actor.getSnapshot() as AnyMachineSnapshot
    const want = expected as AnyMachineSnapshot
    const a = JSON.stringify([actual.value, project(actual), actual.status])
    const b = JSON.stringify([want.value, project(want), want.status])
    if (a !== b) {
      throw new Error(
        `path-replay: step ${i} (${event.type}) — the model is in ${describeState(want)} ` +
          `but the actor is in ${describeState(actual)}\n model: ${b}\n actor: ${a}`,
      )
    }
  }

  try {
    for (const [i, step] of path.steps.entries()) {
      const { event } = step
      if (event.type === 'xstate.init') {
        // the initial snapshot; settle nothing
      } else if (event.type.startsWith(AFTER)) {
        await options.advanceTime(delayMs(machine, event.type))
      } else if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
        const isDone = event.type.startsWith(DONE)
        const id = event.type.slice(isDone ? DONE.length : ERROR.length)
        const p = pending.get(id)
        if (!p) throw new Error(`path-replay: step ${i} settles "${id}" but the actor is not running it`)
        pending.delete(id)
        if (isDone) p.resolve((event as unknown as { output: unknown }).output)
        else p.reject((event as unknown as { error: unknown }).error)
        await options.advanceTime(0)
      } else {
        actor.send(event)
        await options.advanceTime(0)
      }
      check(i, step.state, event)
    }
    return actor.getSnapshot() as AnyMachineSnapshot
  } finally {
    actor.stop()
  }
}

/** Replays every path; resolves with how many steps were checked. */
export async function replayPaths(
  machine: AnyStateMachine,
  paths: ReadonlyArray<ReplayPath>,
  options: ReplayOptions,
): Promise<number> {
  let steps = 0
  for (const path of paths) {
    await replayPath(machine, path, options)
    steps += path.steps.length
  }
  return steps
}

/**
 * The `events` option for the traversal: in each state, every event type the active states listen
 * to (delays and actor completions included), with the payload variants given for a type replacing
 * the bare `{ type }`. (An `events` array given to getShortestPaths is sent as is in every state —
 * an unhandled `xstate.error.actor.*` then puts the model in status 'error' — so pass this instead.)
 */
export function ownEvents(variants: ReadonlyArray<EventObject & Record<string, unknown>>): (snapshot: AnyMachineSnapshot) => EventObject[] {
  return (snapshot) =>
    __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type: string) => {
      const matching = variants.filter((e) => e.type === type)
      return matching.length ? matching : [{ type }]
    })
}

/**
 * Shortest paths cover every state but not every transition (two transitions into the same state
 * keep only one). These paths take every edge of the model's graph: the shortest path to each state
 * followed by each event that state answers.
 */
export function edgePaths(
  machine: AnyStateMachine,
  options: {
    input?: unknown
    events: (snapshot: AnyMachineSnapshot) => EventObject[]
    /** a coarser graph key (default: state value and whole context) */
    serializeState?: (snapshot: AnyMachineSnapshot) => string
  },
): Array<StatePath<AnyMachineSnapshot, EventObject>> {
  const traversal = options as never
  const key = options.serializeState ?? ((s: AnyMachineSnapshot) => serializeSnapshot(s) as string)
  const shortest = getShortestPaths(machine, traversal) as Array<StatePath<AnyMachineSnapshot, EventObject>>
  const byKey = new Map(shortest.map((p) => [key(p.state), p]))
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >
  const out: Array<StatePath<AnyMachineSnapshot, EventObject>> = []
  for (const [key, node] of Object.entries(adjacency)) {
    const head = byKey.get(key)
    if (!head) continue
    for (const t of Object.values(node.transitions)) {
      out.push({ state: t.state, steps: [...head.steps, { event: t.event, state: t.state }], weight: head.weight + 1 })
    }
  }
  return out
}
