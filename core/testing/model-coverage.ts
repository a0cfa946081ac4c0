/**
 * Model coverage for XState v5 machine tests — test-runner-agnostic (throws `Error`).
 *
 * HOW A MACHINE TEST USES IT
 *
 *   import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
 *
 *   const paths = getCoveragePaths(machine, { events: [...payload variants], input: {...} })
 *   expectFullCoverage(machine, paths, { input: {...} })   // same input as the traversal
 *   for (const path of paths) it(path.steps.map(s => s.event.type).join(' → '), () => {...})
 *
 * WHY getCoveragePaths AND NOT THE xstate/graph FUNCTIONS DIRECTLY (xstate 5.33, checked):
 * - `getShortestPaths(machine)` returns ONE path per distinct state (value + context): it
 *   reaches every state but skips every transition into a state already reached (e.g. the
 *   second `flip` of a toggle). `getCoveragePaths` runs the same traversal keyed by
 *   (previous state, event, next state), so there is a shortest path ending in EVERY edge.
 * - Passing `events: [...]` to `getShortestPaths`/`getSimplePaths` REPLACES the event list:
 *   only those events are ever sent. `getCoveragePaths` instead sends every event the active
 *   states listen to and uses your `events` as payload variants for their types.
 * - `createTestModel(machine)` REFUSES machines with `invoke` or `after` ("Invocations / After
 *   events on test machines are not supported"). It works for the others, and its paths are
 *   accepted here too, as are those of `getShortestPaths`/`getSimplePaths`/`getPathsFromEvents`.
 *   Paths whose first step is an event rather than xstate/graph's `xstate.init` step are
 *   taken to start at the initial snapshot (computed with `options.input`).
 *
 * HOW EVENTS FOR DELAYS AND ACTOR COMPLETIONS ARE SUPPLIED
 * - The traversal sends every event type the active states listen to, with no payload
 *   (`{ type }`), including the internal ones, so delays and actor completions are explored:
 *     delay:          { type: 'xstate.after.<delayName or ms>.<state id>' }
 *                     e.g. 'xstate.after.pollInterval.qrPayment.waiting'
 *     actor done:     { type: 'xstate.done.actor.<invoke id>', output: ... }
 *     actor failed:   { type: 'xstate.error.actor.<invoke id>', error: ... }
 *     compound done:  'xstate.done.state.<state id>' is raised by the machine itself.
 *   Give every `invoke` an explicit `id` so these names are readable (otherwise xstate
 *   invents '<state id>:invocation[0]').
 * - When a guard reads the payload (`event.output === 'success'`, `event.error`, a form
 *   value…), list payload variants in `events`; they replace the bare `{ type }` for their
 *   type (a function `(snapshot) => events` also works, e.g. for context-dependent values):
 *     events: [
 *       { type: 'xstate.done.actor.pollPayment', output: 'success' },
 *       { type: 'xstate.done.actor.pollPayment', output: 'pending' },
 *       { type: 'xstate.error.actor.pollPayment', error: new Error('net') },
 *       { type: 'code.send', phone: '13800000000' },
 *     ]
 * - Traversal never runs actors or actions (it calls the pure `machine.transition`), so the
 *   placeholder actors of `setup({ actors })` that throw 'provide …' are fine. Guards DO run
 *   (and `assign`s): traverse `machine.provide({ guards })` if a guard must be replaced.
 * - To drive a REAL actor along a path (fake timers, provided actors):
 *     vi.useFakeTimers()
 *     const actor = createActor(machine.provide({
 *       actors: { pollPayment: fromPromise(async () => 'success') },
 *     }), { input }).start()
 *     // delay: vi.advanceTimersByTime(5_000) — or send the path's step.event as is:
 *     //   actor.send({ type: 'xstate.after.pollInterval.qrPayment.waiting' }) works too
 *     // actor completion: await vi.advanceTimersByTimeAsync(0) after the promise settles —
 *     //   or actor.send({ type: 'xstate.done.actor.pollPayment', output: 'success' })
 *     expectToBeIn(actor, 'waiting.polling')
 *
 * WHAT IS COUNTED
 * - States: every state node of the machine except the root (the root is always active,
 *   counting it would only inflate the number) and except history pseudo-states (they never
 *   become active; the transitions that target them are counted instead). Nested, parallel
 *   regions and final states all count. A state counts as reached when it is active in any
 *   microstep of any path — so transient states left at once by `always` count too.
 * - Transitions: every transition definition of every state node, root included: `on`
 *   events (each guarded alternative separately), `always`, `after`, `onDone`/`onError`/
 *   `onSnapshot` of invoked actors, `onDone` of compound/parallel states. Identity is
 *   (source state id, event type, position among that event's alternatives), so the same
 *   machine after `.provide()` matches. "Forbidden" transitions (`on: { x: undefined }`,
 *   no target, no actions) are not counted: they do nothing to take.
 * - Which transition a step took is not guessed from the resulting state: each step is
 *   replayed with `machine.transition(previous, event, scope)` on a scope whose inspection
 *   hook records the `@xstate.microstep` events — xstate reports there exactly the
 *   transitions it selected (guards evaluated, `always` chains and raised events
 *   included). The replay uses the path snapshot's own machine, i.e. with the
 *   implementations (guards) the traversal used.
 */
import { createEmptyActor } from 'xstate'
import { getShortestPaths, serializeSnapshot } from 'xstate/graph'
import type {
  AnyActorScope,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
  InspectionEvent,
} from 'xstate'

/** What `getShortestPaths` / `getSimplePaths` / `getPathsFromEvents` / `TestModel.get…Paths` return. */
export interface CoveragePath {
  readonly state: unknown
  readonly steps: ReadonlyArray<{ readonly state: unknown; readonly event: EventObject }>
}

export interface CoverageOptions {
  /** The `input` the traversal used; needed to replay `always` transitions taken at start. */
  readonly input?: unknown
  /** Where `expectFullCoverage` prints its line (default `console.log`). */
  readonly log?: (line: string) => void
}

export interface TransitionInfo {
  /** Stable key: `<source id>|<event type or "always">|<index>` */
  readonly key: string
  readonly source: string
  readonly event: string
  readonly guard: string | undefined
  readonly targets: readonly string[]
  /** Human-readable: `qrPayment.waiting --xstate.after.pollInterval… [isPaid]--> qrPayment.paid` */
  readonly label: string
}

export interface CoverageReport {
  readonly machineId: string
  readonly states: { readonly reached: readonly string[]; readonly missed: readonly string[]; readonly total: number }
  readonly transitions: {
    readonly taken: readonly TransitionInfo[]
    readonly missed: readonly TransitionInfo[]
    readonly total: number
  }
}

// ---------------------------------------------------------------------------------------------
// Inventory of the machine

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = []
  for (const child of Object.values(node.states) as AnyStateNode[]) {
    out.push(child, ...allStateNodes(child))
  }
  return out
}

/** The state nodes that count (root and history pseudo-states excluded), in document order. */
export function countedStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return allStateNodes(machine.root).filter((n) => n.type !== 'history')
}

function isForbidden(t: AnyTransitionDefinition): boolean {
  return !t.target && t.actions.length === 0 && !t.reenter
}

function transitionKey(sourceId: string, eventType: string, index: number): string {
  return `${sourceId}|${eventType === '' ? 'always' : eventType}|${index}`
}

export function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const g = guard as { name?: string; check?: unknown; guards?: unknown[] }
    // and()/or()/not() helpers expose `guards`
    if (Array.isArray(g.guards)) {
      const op = g.name === 'and' || g.name === 'or' || g.name === 'not' ? g.name : 'guard'
      return `${op}(${g.guards.map((x) => guardName(x) ?? '?').join(', ')})`
    }
    return g.name && g.name !== 'guard' ? g.name : 'inline guard'
  }
  if (typeof guard === 'object' && 'type' in (guard as object)) {
    return String((guard as { type: unknown }).type)
  }
  return 'guard'
}

function describe(t: AnyTransitionDefinition, key: string): TransitionInfo {
  const source = t.source.id
  const event = t.eventType === '' ? 'always' : t.eventType
  const guard = guardName(t.guard)
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id)
  const label = `${source} --${event}${guard ? ` [${guard}]` : ''}--> ${targets.length ? targets.join(', ') : '(stays)'}`
  return { key, source, event, guard, targets, label }
}

/** Every counted transition of the machine, keyed by its stable key. */
export function allTransitions(machine: AnyStateMachine): Map<string, TransitionInfo> {
  const out = new Map<string, TransitionInfo>()
  for (const node of [machine.root, ...allStateNodes(machine.root)]) {
    for (const [eventType, list] of node.transitions as Map<string, AnyTransitionDefinition[]>) {
      list.forEach((t, i) => {
        if (isForbidden(t)) return
        const key = transitionKey(node.id, eventType, i)
        out.set(key, describe(t, key))
      })
    }
    ;((node.always ?? []) as AnyTransitionDefinition[]).forEach((t, i) => {
      const key = transitionKey(node.id, '', i)
      out.set(key, describe(t, key))
    })
  }
  return out
}

function keyOf(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode
  if (t.eventType === '') {
    return transitionKey(source.id, '', ((source.always ?? []) as AnyTransitionDefinition[]).indexOf(t))
  }
  const list = (source.transitions as Map<string, AnyTransitionDefinition[]>).get(t.eventType) ?? []
  return transitionKey(source.id, t.eventType, list.indexOf(t))
}

// ---------------------------------------------------------------------------------------------
// Replay

interface Replay {
  readonly transitions: AnyTransitionDefinition[]
  readonly snapshots: AnyMachineSnapshot[]
}

function recordingScope(): { scope: AnyActorScope; replay: Replay } {
  const self = createEmptyActor()
  const replay: Replay = { transitions: [], snapshots: [] }
  const system = Object.create(self.system) as AnyActorScope['system']
  ;(system as unknown as { _sendInspectionEvent: (e: InspectionEvent) => void })._sendInspectionEvent = (e) => {
    if (e.type === '@xstate.microstep') {
      replay.transitions.push(...e._transitions)
      replay.snapshots.push(e.snapshot as AnyMachineSnapshot)
    }
  }
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: 'model-coverage',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system,
    stopChild: () => {},
    actionExecutor: () => {},
  }
  return { scope, replay }
}

function isMachineSnapshot(x: unknown): x is AnyMachineSnapshot {
  return typeof x === 'object' && x !== null && 'machine' in x && '_nodes' in x && 'value' in x
}

function sameRest(a: AnyMachineSnapshot, b: AnyMachineSnapshot): boolean {
  try {
    return JSON.stringify([a.value, a.context]) === JSON.stringify([b.value, b.context])
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Paths

export interface CoveragePathOptions {
  /** Payload variants: they replace the bare `{ type }` of their event type (see the note above). */
  readonly events?: readonly EventObject[] | ((snapshot: AnyMachineSnapshot) => readonly EventObject[])
  readonly input?: unknown
  /**
   * How a snapshot is told apart from another (default: value and context). Give one that
   * abstracts context that grows without bound (a list that appends), or the graph is infinite.
   */
  readonly serializeSnapshot?: (snapshot: AnyMachineSnapshot) => string
}

type AnyPath = { state: AnyMachineSnapshot; steps: Array<{ state: AnyMachineSnapshot; event: EventObject }>; weight: number }

/**
 * Shortest paths to every edge (previous state, event, next state) of the machine's state
 * graph, sending every event the active states accept. Covers every reachable state and
 * every takeable transition. Works with `invoke` and `after`.
 */
export function getCoveragePaths(machine: AnyStateMachine, options: CoveragePathOptions = {}): AnyPath[] {
  const variants = options.events
  const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const extra = typeof variants === 'function' ? variants(snapshot) : (variants ?? [])
    const own = [...new Set((snapshot._nodes as AnyStateNode[]).flatMap((n) => n.ownEvents as string[]))]
    const concrete = own.filter((t) => !t.includes('*'))
    const out: EventObject[] = concrete.flatMap((type) => {
      const matching = extra.filter((e) => e.type === type)
      return matching.length ? matching : [{ type }]
    })
    // variants for wildcard descriptors ('form.*') or ancestors' events not listed above
    for (const e of extra) if (!concrete.includes(e.type) && snapshot.can(e)) out.push(e)
    return out
  }
  const serialize = options.serializeSnapshot ?? serializeSnapshot
  const serializeState = (state: AnyMachineSnapshot, event: EventObject | undefined, prev?: AnyMachineSnapshot) =>
    `${serialize(state)}|${event ? JSON.stringify(event) : ''}|${prev ? serialize(prev) : ''}`
  return getShortestPaths(machine, {
    events: events as never,
    serializeState: serializeState as never,
    input: options.input as never,
  }) as unknown as AnyPath[]
}

// ---------------------------------------------------------------------------------------------
// Public API

export function measureCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<CoveragePath>,
  options: CoverageOptions = {},
): CoverageReport {
  const reachedIds = new Set<string>()
  const takenKeys = new Set<string>()
  const memo = new WeakMap<object, Map<EventObject, true>>()

  const visitNodes = (snap: AnyMachineSnapshot): void => {
    for (const n of snap._nodes as AnyStateNode[]) reachedIds.add(n.id)
  }
  const visitTransitions = (ts: AnyTransitionDefinition[]): void => {
    for (const t of ts) {
      takenKeys.add(keyOf(t))
      // the source was active when the transition was taken (covers transient initial states)
      for (let n: AnyStateNode | undefined = t.source; n; n = n.parent) reachedIds.add(n.id)
    }
  }

  let initReplay: { snapshot: AnyMachineSnapshot; replay: Replay } | undefined
  const initOf = (m: AnyStateMachine) => {
    if (!initReplay) {
      const { scope, replay } = recordingScope()
      initReplay = { snapshot: m.getInitialSnapshot(scope, options.input) as AnyMachineSnapshot, replay }
    }
    return initReplay
  }

  for (const path of paths) {
    const steps = path.steps
    steps.forEach((step, i) => {
      const snap = step.state
      if (!isMachineSnapshot(snap)) throw new Error('measureCoverage: path steps must hold machine snapshots')
      visitNodes(snap)
      let prev: unknown
      if (i === 0) {
        const init = initOf(snap.machine as AnyStateMachine)
        if (step.event.type === 'xstate.init') {
          // xstate/graph paths: step 0 is the start state itself
          if (sameRest(init.snapshot, snap)) {
            visitTransitions(init.replay.transitions)
            init.replay.snapshots.forEach(visitNodes)
          }
          return
        }
        // hand-made paths whose first step is already an event: they start at the initial state
        visitTransitions(init.replay.transitions)
        init.replay.snapshots.forEach(visitNodes)
        visitNodes(init.snapshot)
        prev = init.snapshot
      } else {
        prev = steps[i - 1]?.state
      }
      if (!isMachineSnapshot(prev)) return
      let seen = memo.get(prev)
      if (!seen) memo.set(prev, (seen = new Map()))
      if (seen.has(step.event)) return
      seen.set(step.event, true)
      const { scope, replay } = recordingScope()
      ;(prev.machine as AnyStateMachine).transition(prev, step.event, scope)
      visitTransitions(replay.transitions)
      replay.snapshots.forEach(visitNodes)
    })
    if (isMachineSnapshot(path.state)) visitNodes(path.state)
  }

  const states = countedStateNodes(machine).map((n) => n.id)
  const transitions = [...allTransitions(machine).values()]
  return {
    machineId: machine.id,
    states: {
      reached: states.filter((id) => reachedIds.has(id)),
      missed: states.filter((id) => !reachedIds.has(id)),
      total: states.length,
    },
    transitions: {
      taken: transitions.filter((t) => takenKeys.has(t.key)),
      missed: transitions.filter((t) => !takenKeys.has(t.key)),
      total: transitions.length,
    },
  }
}

export function formatCoverage(report: CoverageReport): string {
  return (
    `coverage ${report.machineId}: states ${report.states.reached.length}/${report.states.total}, ` +
    `transitions ${report.transitions.taken.length}/${report.transitions.total}`
  )
}

/**
 * Prints `coverage <machine id>: states a/b, transitions c/d` and throws, listing what was
 * missed, unless every state and every transition is covered by `paths`.
 */
export function expectFullCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<CoveragePath>,
  options: CoverageOptions = {},
): CoverageReport {
  const report = measureCoverage(machine, paths, options)
  const line = formatCoverage(report)
  ;(options.log ?? console.log)(line)
  const { states, transitions } = report
  if (states.missed.length || transitions.missed.length) {
    const parts = [`${line} — not fully covered.`]
    if (states.missed.length) parts.push('States never reached:', ...states.missed.map((s) => `  - ${s}`))
    if (transitions.missed.length)
      parts.push('Transitions never taken:', ...transitions.missed.map((t) => `  - ${t.label}`))
    parts.push(
      'Add events (with the payload the guards need) to the traversal, or remove dead states/transitions.',
    )
    throw new Error(parts.join('\n'))
  }
  return report
}

/** Leaf state paths of a snapshot, e.g. ['checkout.pay.waiting', 'checkout.coupon.idle']. */
export function activeLeafPaths(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[])
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.path.join('.'))
    .sort()
}

/**
 * Readable state assertion: `expectToBeIn(actor, 'pay.waiting')`, also for a snapshot or a
 * `#stateId`. Passes when the state (or any of its descendants) is active.
 */
export function expectToBeIn(
  snapshotOrActor: AnyMachineSnapshot | { getSnapshot(): unknown },
  statePath: string,
): void {
  const snapshot = (
    'getSnapshot' in snapshotOrActor && typeof snapshotOrActor.getSnapshot === 'function'
      ? snapshotOrActor.getSnapshot()
      : snapshotOrActor
  ) as AnyMachineSnapshot
  if (!isMachineSnapshot(snapshot)) throw new Error(`expectToBeIn: not a machine snapshot or actor`)
  let ok: boolean
  if (statePath.startsWith('#')) {
    let node: AnyStateNode | undefined
    try {
      node = (snapshot.machine as AnyStateMachine).getStateNodeById(statePath)
    } catch {
      throw new Error(`expectToBeIn: machine "${snapshot.machine.id}" has no state "${statePath}"`)
    }
    ok = (snapshot._nodes as AnyStateNode[]).includes(node)
  } else {
    ok = snapshot.matches(statePath as never)
  }
  if (!ok) {
    throw new Error(
      `Expected machine "${snapshot.machine.id}" to be in "${statePath}" but it is in ` +
        `${activeLeafPaths(snapshot)
          .map((p) => `"${p}"`)
          .join(', ')} (status ${snapshot.status})`,
    )
  }
}
