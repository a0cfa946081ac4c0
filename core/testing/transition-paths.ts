/**
 * Paths that take every edge, not only reach every state.
 *
 * `getShortestPaths` gives one path per reachable state, so a transition into a state that is
 * already reached another way (a `refresh` back to `loading`, a `retry`) is never taken. This
 * walks xstate's own adjacency map (`getAdjacencyMap`, the same traversal and options) and
 * returns, for every (state, event) edge, the shortest path to the state plus that event —
 * the paths a model test replays so that `expectFullCoverage` sees every transition taken.
 * Written here because xstate/graph has no edge-covering generator.
 */
import { getAdjacencyMap } from 'xstate/graph'
import type { AnyStateMachine, EventObject } from 'xstate'
import type { CoveragePath } from './model-coverage'

type Options = Parameters<typeof getAdjacencyMap>[1]

export function getTransitionPaths(machine: AnyStateMachine, options: Options = {}): CoveragePath[] {
  const adjacency = getAdjacencyMap(machine, options as never) as Record<
    string,
    { state: unknown; transitions: Record<string, { event: EventObject; state: unknown }> }
  >
  const keys = Object.keys(adjacency)
  const start = keys[0]
  if (start === undefined) return []
  // Resolve the key of a successor by identity: getAdjacencyMap stores the snapshot it queued.
  const keyOfSnapshot = new Map<unknown, string>()
  for (const key of keys) keyOfSnapshot.set(adjacency[key]!.state, key)
  const serialize = (options as { serializeState?: (s: any, e?: any, p?: any) => string }).serializeState
  const keyOf = (next: unknown, event: EventObject, prev: unknown): string | undefined =>
    keyOfSnapshot.get(next) ?? (serialize ? serialize(next, event, prev) : undefined) ?? findEqual(adjacency, next)

  // Breadth-first: the first path found to a state is a shortest one.
  const pathTo = new Map<string, CoveragePath>()
  // like xstate/graph's own paths, a path opens with the initial state reached by `xstate.init`
  pathTo.set(start, { state: adjacency[start]!.state, steps: [{ state: adjacency[start]!.state, event: { type: 'xstate.init' } }] })
  const queue = [start]
  const edges: CoveragePath[] = []
  while (queue.length) {
    const key = queue.shift()!
    const node = adjacency[key]!
    const prefix = pathTo.get(key)!
    for (const { event, state: next } of Object.values(node.transitions)) {
      const path: CoveragePath = { state: next, steps: [...prefix.steps, { state: next, event }] }
      edges.push(path)
      const nextKey = keyOf(next, event, node.state)
      if (nextKey !== undefined && adjacency[nextKey] && !pathTo.has(nextKey)) {
        pathTo.set(nextKey, { state: adjacency[nextKey]!.state, steps: path.steps })
        queue.push(nextKey)
      }
    }
  }
  return edges
}

function findEqual(adjacency: Record<string, { state: unknown }>, snapshot: unknown): string | undefined {
  const json = safeJson(snapshot)
  for (const [key, node] of Object.entries(adjacency)) if (safeJson(node.state) === json) return key
  return undefined
}

function safeJson(s: unknown): string {
  const snap = s as { value?: unknown; context?: unknown }
  try {
    return JSON.stringify({ value: snap.value, context: snap.context })
  } catch {
    return String(snap.value)
  }
}
