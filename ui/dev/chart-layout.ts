/**
 * A small hand-written layout for state charts (no elkjs/dagre): every compound state lays
 * its children out left to right in layers (distance from its initial child over the
 * transitions between them), stacked top to bottom inside a layer; parallel regions are
 * stacked; nested states are boxes inside boxes. Edges are quadratic curves between box
 * sides with their label at the middle. Pure: machine in, coordinates out.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

export type ChartNodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

export interface ChartNode {
  /** xstate state node id, e.g. 'qrPayment.active.polling' (matches snapshot._nodes ids). */
  readonly id: string
  /** Path inside the machine: 'active.polling'; '' for the root. */
  readonly path: string
  readonly label: string
  readonly kind: ChartNodeKind
  readonly depth: number
  readonly initial: boolean
  /** A region of a parallel state (drawn dashed). */
  readonly region: boolean
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export interface ChartEdge {
  readonly id: string
  readonly source: string
  readonly target: string
  readonly label: string
  /** SVG path data. */
  readonly d: string
  readonly labelX: number
  readonly labelY: number
}

export interface ChartLayout {
  readonly width: number
  readonly height: number
  /** Parents before children (draw order). */
  readonly nodes: readonly ChartNode[]
  readonly edges: readonly ChartEdge[]
}

const CHAR_W = 7
const ATOMIC_H = 34
const PAD = 16
const HEADER = 22
const GAP_Y = 26
const MIN_GAP_X = 56
const MAX_GAP_X = 240
const REGION_GAP = 10
const MARGIN = 24

// ---------------------------------------------------------------------------------------------
// Labels (same wording as the generated docs in docs/flows)

function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  if (typeof guard === 'function') {
    const g = guard as { name?: string; guards?: unknown[] }
    if (Array.isArray(g.guards)) return `${g.name ?? 'guard'}(${g.guards.map((x) => guardLabel(x) ?? '?').join(', ')})`
    return g.name && g.name !== 'guard' ? g.name : 'inline guard'
  }
  return 'guard'
}

function formatMs(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000}min`
  if (ms >= 1_000 && ms % 100 === 0) return `${ms / 1_000}s`
  return `${ms}ms`
}

export function transitionLabel(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const type = t.eventType
  let text: string
  const delay = (t as { delay?: string | number }).delay
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type)
  if (type === '') text = 'always'
  else if (type.startsWith('xstate.after.') && delay !== undefined) {
    const value = typeof delay === 'number' ? delay : (machine.implementations.delays as Record<string, unknown>)[delay]
    text = typeof value === 'number' ? `after ${formatMs(value)}` : `after ${delay}`
  } else if (actor) text = `${actor[2]} ${actor[1] === 'done' ? 'done' : 'failed'}`
  else if (type.startsWith('xstate.done.state.')) text = 'done'
  else if (type.startsWith('xstate.snapshot.')) text = `${type.slice('xstate.snapshot.'.length)} update`
  else text = type
  const guard = guardLabel(t.guard)
  return guard ? `${text} [${guard}]` : text
}

interface RawEdge {
  readonly source: AnyStateNode
  readonly target: AnyStateNode
  readonly label: string
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[]
}

function rawEdges(machine: AnyStateMachine): RawEdge[] {
  const out: RawEdge[] = []
  const visit = (node: AnyStateNode) => {
    const defs: AnyTransitionDefinition[] = [
      ...[...(node.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat(),
      ...((node.always ?? []) as AnyTransitionDefinition[]),
    ]
    for (const t of defs) {
      if (!t.target && t.actions.length === 0 && !t.reenter) continue // forbidden transition
      const label = transitionLabel(machine, t)
      const targets = (t.target ?? []) as AnyStateNode[]
      for (const target of targets.length ? targets : [node]) out.push({ source: node, target, label })
    }
    children(node).forEach(visit)
  }
  visit(machine.root)
  return out
}

// ---------------------------------------------------------------------------------------------
// Sizing (relative positions), then absolute positions

interface Sized {
  readonly node: AnyStateNode
  readonly w: number
  readonly h: number
  /** children with their offset inside this box */
  readonly placed: ReadonlyArray<{ child: Sized; dx: number; dy: number }>
}

function isWithin(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) if (n === ancestor) return true
  return false
}

/** The child of `parent` that contains `node`, if any. */
function childContaining(parent: AnyStateNode, node: AnyStateNode): AnyStateNode | undefined {
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) if (n.parent === parent) return n
  return undefined
}

function labelOf(node: AnyStateNode, machine: AnyStateMachine): string {
  return node === machine.root ? machine.id : node.key
}

function size(node: AnyStateNode, machine: AnyStateMachine, edges: readonly RawEdge[]): Sized {
  const label = labelOf(node, machine)
  const kids = children(node)
  const minW = label.length * CHAR_W + 28
  if (kids.length === 0) return { node, w: Math.max(90, minW), h: ATOMIC_H, placed: [] }

  const sized = kids.map((k) => size(k, machine, edges))
  if (node.type === 'parallel') {
    const w = Math.max(minW, ...sized.map((s) => s.w)) + PAD * 2
    let y = HEADER + PAD / 2
    const placed = sized.map((child) => {
      const p = { child, dx: PAD, dy: y }
      y += child.h + REGION_GAP
      return p
    })
    // regions take the full inner width
    const widened = placed.map((p) => ({ ...p, child: { ...p.child, w: w - PAD * 2 } }))
    return { node, w, h: y - REGION_GAP + PAD, placed: widened }
  }

  // layers: BFS from the initial child over transitions between (descendants of) the children
  const layer = new Map<AnyStateNode, number>()
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined
  const next = new Map<AnyStateNode, AnyStateNode[]>()
  const gapLabel = new Map<string, number>() // "from>to" layer pair → longest label
  const sibling: Array<{ a: AnyStateNode; b: AnyStateNode; label: string }> = []
  for (const e of edges) {
    if (!isWithin(e.source, node) || !isWithin(e.target, node)) continue
    const a = childContaining(node, e.source)
    const b = childContaining(node, e.target)
    if (!a || !b || a === b) continue
    next.set(a, [...(next.get(a) ?? []), b])
    sibling.push({ a, b, label: e.label })
  }
  const queue: AnyStateNode[] = []
  const start = initial ?? kids[0]
  if (start) {
    layer.set(start, 0)
    queue.push(start)
  }
  while (queue.length) {
    const a = queue.shift()!
    for (const b of next.get(a) ?? []) {
      if (!layer.has(b)) {
        layer.set(b, (layer.get(a) ?? 0) + 1)
        queue.push(b)
      }
    }
  }
  const maxLayer = Math.max(0, ...layer.values())
  for (const k of kids) if (!layer.has(k)) layer.set(k, maxLayer + 1)
  const layerCount = Math.max(...layer.values()) + 1

  for (const { a, b, label } of sibling) {
    const la = layer.get(a) ?? 0
    const lb = layer.get(b) ?? 0
    if (Math.abs(la - lb) !== 1) continue
    const key = String(Math.min(la, lb))
    gapLabel.set(key, Math.max(gapLabel.get(key) ?? 0, label.length))
  }
  const gaps = Array.from({ length: Math.max(0, layerCount - 1) }, (_, i) =>
    Math.min(MAX_GAP_X, Math.max(MIN_GAP_X, (gapLabel.get(String(i)) ?? 0) * CHAR_W * 0.9 + 20)),
  )

  const columns: Sized[][] = Array.from({ length: layerCount }, () => [])
  sized.forEach((s) => columns[layer.get(s.node) ?? 0]!.push(s))
  const colW = columns.map((c) => Math.max(0, ...c.map((s) => s.w)))
  const colH = columns.map((c) => c.reduce((sum, s) => sum + s.h, 0) + GAP_Y * Math.max(0, c.length - 1))
  const innerH = Math.max(0, ...colH)
  const placed: Array<{ child: Sized; dx: number; dy: number }> = []
  let x = PAD
  columns.forEach((col, i) => {
    let y = HEADER + PAD / 2 + (innerH - (colH[i] ?? 0)) / 2
    for (const s of col) {
      placed.push({ child: s, dx: x + ((colW[i] ?? 0) - s.w) / 2, dy: y })
      y += s.h + GAP_Y
    }
    x += (colW[i] ?? 0) + (gaps[i] ?? 0)
  })
  const innerW = x - PAD
  // keep definition order for drawing and tests
  placed.sort((p, q) => kids.indexOf(p.child.node) - kids.indexOf(q.child.node))
  return { node, w: Math.max(minW, innerW + PAD * 2), h: HEADER + PAD / 2 + innerH + PAD, placed }
}

export function layoutMachine(machine: AnyStateMachine): ChartLayout {
  const edges = rawEdges(machine)
  const root = size(machine.root, machine, edges)
  const nodes: ChartNode[] = []
  const rect = new Map<AnyStateNode, { x: number; y: number; w: number; h: number }>()
  const place = (s: Sized, x: number, y: number, depth: number) => {
    const n = s.node
    const parent = n.parent
    const kind: ChartNodeKind =
      n.type === 'final' ? 'final' : n.type === 'history' ? 'history' : n.type === 'parallel' ? 'parallel' : children(n).length ? 'compound' : 'atomic'
    nodes.push({
      id: n.id,
      path: n.path.join('.'),
      label: labelOf(n, machine),
      kind,
      depth,
      initial: !!parent && parent.type !== 'parallel' && parent.initial?.target?.[0] === n,
      region: parent?.type === 'parallel',
      x,
      y,
      w: s.w,
      h: s.h,
    })
    rect.set(n, { x, y, w: s.w, h: s.h })
    for (const p of s.placed) place(p.child, x + p.dx, y + p.dy, depth + 1)
  }
  place(root, MARGIN, MARGIN + 20, 0)

  // edges
  const pairCount = new Map<string, number>()
  const pairIndex = new Map<string, number>()
  for (const e of edges) pairCount.set(`${e.source.id}>${e.target.id}`, (pairCount.get(`${e.source.id}>${e.target.id}`) ?? 0) + 1)
  const out: ChartEdge[] = edges.map((e, i) => {
    const pair = `${e.source.id}>${e.target.id}`
    const k = pairIndex.get(pair) ?? 0
    pairIndex.set(pair, k + 1)
    const spread = (k - ((pairCount.get(pair) ?? 1) - 1) / 2) * 22
    const s = rect.get(e.source)!
    const t = rect.get(e.target)!
    let p0: [number, number]
    let p1: [number, number]
    let c: [number, number]
    if (e.source === e.target) {
      const lift = 26 + k * 24
      p0 = [s.x + s.w - 24, s.y]
      p1 = [s.x + s.w, s.y + 12]
      c = [s.x + s.w + lift * 0.6, s.y - lift]
      const d = `M ${p0[0]} ${p0[1]} Q ${c[0]} ${c[1]} ${p1[0]} ${p1[1]}`
      return { id: `e${i}`, source: e.source.id, target: e.target.id, label: e.label, d, labelX: c[0], labelY: c[1] + 6 }
    }
    if (t.x >= s.x + s.w) {
      p0 = [s.x + s.w, s.y + Math.min(s.h / 2, 17)]
      p1 = [t.x, t.y + Math.min(t.h / 2, 17)]
    } else if (t.x + t.w <= s.x) {
      p0 = [s.x, s.y + Math.min(s.h / 2, 17) + 6]
      p1 = [t.x + t.w, t.y + Math.min(t.h / 2, 17) + 6]
    } else if (t.y >= s.y + s.h) {
      p0 = [s.x + s.w / 2, s.y + s.h]
      p1 = [t.x + t.w / 2, t.y]
    } else if (t.y + t.h <= s.y) {
      p0 = [s.x + s.w / 2, s.y]
      p1 = [t.x + t.w / 2, t.y + t.h]
    } else {
      // one box inside the other: from the inner box's top to the outer box's header
      p0 = [s.x + s.w / 2, s.y]
      p1 = [t.x + t.w / 2, t.y]
    }
    const mx = (p0[0] + p1[0]) / 2
    const my = (p0[1] + p1[1]) / 2
    const dx = p1[0] - p0[0]
    const dy = p1[1] - p0[1]
    const len = Math.hypot(dx, dy) || 1
    // backward edges bow away from the forward ones (the normal flips with the direction),
    // and so does a forward edge that has a partner going back
    const backward = t.x + t.w <= s.x
    const hasReverse = pairCount.has(`${e.target.id}>${e.source.id}`)
    const bow = (backward ? 30 : hasReverse ? 24 : 0) + spread
    c = [mx + (-dy / len) * bow, my + (dx / len) * bow]
    const d = `M ${p0[0]} ${p0[1]} Q ${c[0]} ${c[1]} ${p1[0]} ${p1[1]}`
    return {
      id: `e${i}`,
      source: e.source.id,
      target: e.target.id,
      label: e.label,
      d,
      labelX: 0.25 * p0[0] + 0.5 * c[0] + 0.25 * p1[0],
      labelY: 0.25 * p0[1] + 0.5 * c[1] + 0.25 * p1[1] - 4,
    }
  })

  return { width: root.w + MARGIN * 2 + 60, height: root.h + MARGIN * 2 + 40, nodes, edges: out }
}
