// Test support (core/testing; used by the machine tests of core/auth and core/search): walks a REAL actor
// along a path from `xstate/graph` and checks after every step that the actor is where the
// model says. Side effects are fakes whose promises the walk settles itself:
//   - a user event is sent as it is;
//   - 'xstate.done.actor.<id>' resolves the pending call of the fake actor <id> with the
//     event's output, 'xstate.error.actor.<id>' rejects it with the event's error — so a
//     step fails when the real machine did not invoke that actor;
//   - 'xstate.after.<delay>.<state>' is sent to the actor as it is. Tests run on fake timers
//     that the walk never advances, so no other delay can fire in between and the walk stays
//     deterministic; how long each delay really is, is checked by example tests that advance
//     the fake clock.
import { fromPromise, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate'
import { getShortestPaths } from 'xstate/graph'

interface PendingCall {
  readonly input: unknown
  readonly resolve: (value: unknown) => void
  readonly reject: (error: unknown) => void
  settled: boolean
}

/** Fake promise actors, settled by hand (or by `walkPath`). */
export class FakeActors {
  readonly calls = new Map<string, PendingCall[]>()

  /** A promise actor named `name` whose calls wait until settled. */
  logic<TOutput, TInput>(name: string) {
    return fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          const list = this.calls.get(name) ?? []
          list.push({ input, resolve: resolve as (v: unknown) => void, reject, settled: false })
          this.calls.set(name, list)
        }),
    )
  }

  /** Inputs of every call of `name`, oldest first. */
  inputs(name: string): unknown[] {
    return (this.calls.get(name) ?? []).map((c) => c.input)
  }

  private pending(name: string): PendingCall {
    const call = [...(this.calls.get(name) ?? [])].reverse().find((c) => !c.settled)
    if (!call) throw new Error(`no pending call of actor "${name}"`)
    call.settled = true
    return call
  }

  async resolve(name: string, output: unknown): Promise<void> {
    this.pending(name).resolve(output)
    await flush()
  }

  async reject(name: string, error: unknown): Promise<void> {
    this.pending(name).reject(error)
    await flush()
  }
}

/** Lets settled promises deliver their results. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

export interface PathLike {
  readonly steps: ReadonlyArray<{ readonly state: unknown; readonly event: EventObject }>
}

export interface WalkOptions {
  /** extra comparison of the model's snapshot and the actor's (context fields that matter) */
  readonly project?: (snapshot: AnyMachineSnapshot) => unknown
  /** how a user event reaches the system under test (default: `actor.send`) */
  readonly send?: (event: EventObject) => void
}

/** Drives `actor` along `path`; throws at the first step where actor and model differ. */
export async function walkPath(actor: AnyActorRef, fakes: FakeActors, path: PathLike, options: WalkOptions = {}): Promise<void> {
  const project = options.project ?? (() => null)
  const send = options.send ?? ((e: EventObject) => actor.send(e))
  const trail: string[] = []
  for (const [i, step] of path.steps.entries()) {
    const event = step.event
    trail.push(event.type)
    if (i > 0) {
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type)
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type)
      try {
        if (done?.[1]) await fakes.resolve(done[1], (event as { output?: unknown }).output)
        else if (failed?.[1]) await fakes.reject(failed[1], (event as { error?: unknown }).error)
        else {
          send(event)
          await flush()
        }
      } catch (e) {
        throw new Error(`step ${i} (${trail.join(' → ')}): ${(e as Error).message}`, { cause: e })
      }
    }
    const model = step.state as AnyMachineSnapshot
    const real = actor.getSnapshot() as AnyMachineSnapshot
    if (real.status === 'error') throw new Error(`step ${i} (${trail.join(' → ')}): actor failed: ${String(real.error)}`)
    const a = JSON.stringify([model.value, project(model)])
    const b = JSON.stringify([real.value, project(real)])
    if (a !== b) throw new Error(`step ${i} (${trail.join(' → ')}): model ${a} but actor ${b}`)
  }
}

/**
 * The `events` option for a graph traversal: in each state, the event types its active state
 * nodes handle, each replaced by the payload variants listed for it (else sent bare). Passing an
 * array as `events` instead would send every listed event in every state and nothing else.
 */
export function eventsByState<TEvent extends EventObject>(variants: readonly EventObject[]) {
  return (snapshot: AnyMachineSnapshot): TEvent[] => {
    const types = new Set<string>()
    for (const node of snapshot._nodes) for (const t of node.ownEvents) types.add(t)
    return [...types].flatMap((type) => {
      const matching = variants.filter((v) => v.type === type)
      return (matching.length ? matching : [{ type }]) as TEvent[]
    })
  }
}

/**
 * A state key for the traversal: the state value, the context fields given by `pick`, and the
 * event (with its payload) that led there — so that every transition into a state, not only the
 * first, starts a shortest path (transition coverage, not only state coverage).
 */
export function keyWithEvent(pick: (snapshot: AnyMachineSnapshot) => unknown) {
  return (snapshot: AnyMachineSnapshot, event?: EventObject): string =>
    JSON.stringify([snapshot.value, pick(snapshot), event ?? null])
}

/**
 * Fewer walks, the same checks. Shortest paths share their beginnings and many of their steps (the path
 * to a state extends the path to the state before it), and `walkPath` checks the actor after every step.
 * A step is named by the traversal's key of the state it leaves and its event: two steps of the same name
 * are the same check under the model's abstraction. Longest first, a path is walked only when it holds a
 * step no walk before it held, so every step of every path is still checked, once. The search box's
 * 4,421 paths (44,794 steps) became 2,641 walks (27,506 steps).
 */
export function coveringWalks<P extends PathLike>(paths: readonly P[], stateKey: (state: AnyMachineSnapshot) => string): P[] {
  const covered = new Set<string>()
  const stepNames = (p: P) => p.steps.map((step, i) => (i === 0 ? 'start' : `${stateKey(p.steps[i - 1]!.state as AnyMachineSnapshot)}\n${JSON.stringify(step.event)}`))
  const named = paths.map((p) => ({ p, names: stepNames(p) })).sort((a, b) => b.names.length - a.names.length)
  const walks: P[] = []
  for (const { p, names } of named) {
    if (names.every((n) => covered.has(n))) continue
    for (const n of names) covered.add(n)
    walks.push(p)
  }
  return walks
}

/**
 * Fewer walks, a lighter check: one path per kind of last step, for machines whose paths are too many to
 * walk all (the conversation's, the group members'). A last step's kind is the state it leaves with what
 * its guards read (`guardFacts`), its event (`eventKey`), the state it reaches and whether it changed the
 * context fields `project` gives; the first path of each kind is kept. Unlike `coveringWalks`, steps before
 * the last may go unchecked: the test must still measure that the kept paths take every transition.
 */
export function onePathPerLastStep<P extends PathLike>(
  paths: readonly P[],
  options: { project: (snapshot: AnyMachineSnapshot) => unknown; guardFacts: (before: AnyMachineSnapshot) => unknown; eventKey: (event: EventObject) => unknown },
): P[] {
  const byLastStep = new Map<string, P>()
  for (const path of paths) {
    const last = path.steps.at(-1)!
    const before = path.steps.at(-2)?.state as AnyMachineSnapshot | undefined
    const after = last.state as AnyMachineSnapshot
    const changed = before !== undefined && JSON.stringify(options.project(before)) !== JSON.stringify(options.project(after))
    const key = JSON.stringify([before?.value ?? null, before ? options.guardFacts(before) : null, options.eventKey(last.event), after.value, changed])
    if (!byLastStep.has(key)) byLastStep.set(key, path)
  }
  return [...byLastStep.values()]
}

/**
 * The shortest paths of `machine` over the event `variants`: a state is keyed by its value, the context
 * fields `pick` gives, the event that led there and the state it left, so every transition into a state
 * starts a path of its own (transition coverage, not only state coverage).
 */
export function shortestModelPaths(machine: AnyStateMachine, variants: readonly EventObject[], pick: (snapshot: AnyMachineSnapshot) => unknown, input?: unknown) {
  const key = (s: AnyMachineSnapshot, e?: EventObject, prev?: AnyMachineSnapshot) => JSON.stringify([s.value, pick(s), e ?? null, prev ? [prev.value, pick(prev)] : null])
  return getShortestPaths(machine, { input, events: eventsByState(variants) as never, serializeState: key as never })
}

/** Walks a fresh actor (from `start`) along every path, checking it after each step (walkPath). */
export async function walkEveryPath(paths: readonly PathLike[], start: () => { actor: AnyActorRef; fakes: FakeActors }, pick: (snapshot: AnyMachineSnapshot) => unknown): Promise<void> {
  for (const path of paths) {
    const { actor, fakes } = start()
    await walkPath(actor, fakes, path, { project: pick })
    actor.stop()
  }
}
