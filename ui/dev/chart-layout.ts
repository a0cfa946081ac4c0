/**
 * State-chart layout with ELK (elkjs, the layout engine Stately's visualiser uses), in two pure
 * halves around one asynchronous call:
 *
 *   machineToElkGraph(machine)   machine → ELK graph: one ELK node per state node, compound and
 *                                parallel states as ELK hierarchical nodes (children inside),
 *                                one ELK edge per transition target with its label sized
 *   elk.layout(graph)            ELK's layered algorithm over the whole hierarchy at once
 *                                (hierarchyHandling INCLUDE_CHILDREN), placing the edge labels
 *                                itself so they never overlap boxes or each other
 *   chartFromElk(machine, laid)  ELK's coordinates (all absolute: json.shapeCoords/edgeCoords
 *                                ROOT) → the boxes, edge paths and label boxes StateChart draws
 *
 * Text is measured by a fixed advance per character: the chart draws its labels in a monospace
 * font, so the boxes ELK reserves fit the text in any browser (and in tests, which have no fonts).
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api'
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
  /** Event type as xstate knows it ('' for `always`): what the simulator sends. */
  readonly eventType: string
  /** 'event [guard]' in one line (tests, titles). */
  readonly label: string
  /** The label as drawn: the event, then the guard on a line of its own. */
  readonly lines: readonly string[]
  /** SVG path data. */
  readonly d: string
  /** The label's box, placed by ELK. */
  readonly labelX: number
  readonly labelY: number
  readonly labelW: number
  readonly labelH: number
}

/** The start marker of a compound state: a dot with an arrow to its initial child, laid out by ELK like any node. */
export interface ChartStart {
  /** Id of the compound state whose initial child it points at. */
  readonly parent: string
  readonly cx: number
  readonly cy: number
  readonly d: string
}

export interface ChartLayout {
  readonly width: number
  readonly height: number
  /** Parents before children (draw order). */
  readonly nodes: readonly ChartNode[]
  readonly edges: readonly ChartEdge[]
  readonly starts: readonly ChartStart[]
}

/** Font sizes and per-character advances of the monospace font StateChart draws with. */
export const TEXT = {
  stateSize: 12,
  stateAdvance: 7.3,
  edgeSize: 11,
  edgeAdvance: 6.7,
  edgeLine: 14,
} as const

const ATOMIC_H = 34
const HEADER = 26
const MARGIN = 24
/** The start dot's diameter. */
const START = 10
/** ELK id of a compound state's start dot, and of its arrow. */
export const startId = (stateId: string) => `${stateId}#start`

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

/** 'code.send', 'after 5s', 'pollPayment done', 'always' — without the guard. */
export function eventLabel(machine: AnyStateMachine, eventType: string, delay?: string | number): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (eventType === '') return 'always'
  if (eventType.startsWith('xstate.after.') && delay !== undefined) {
    const value = typeof delay === 'number' ? delay : (machine.implementations.delays as Record<string, unknown>)[delay]
    return typeof value === 'number' ? `after ${formatMs(value)}` : `after ${delay}`
  }
  if (actor) return `${actor[2]} ${actor[1] === 'done' ? 'done' : 'failed'}`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  if (eventType.startsWith('xstate.snapshot.')) return `${eventType.slice('xstate.snapshot.'.length)} update`
  return eventType
}

export function transitionLabel(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const guard = guardLabel(t.guard)
  const text = eventLabel(machine, t.eventType, (t as { delay?: string | number }).delay)
  return guard ? `${text} [${guard}]` : text
}

function transitionLines(machine: AnyStateMachine, t: AnyTransitionDefinition): string[] {
  const guard = guardLabel(t.guard)
  const text = eventLabel(machine, t.eventType, (t as { delay?: string | number }).delay)
  return guard ? [text, `[${guard}]`] : [text]
}

// ---------------------------------------------------------------------------------------------
// Walking the machine

export interface MachineTransition {
  readonly id: string
  readonly source: AnyStateNode
  readonly target: AnyStateNode
  readonly eventType: string
  readonly label: string
  readonly lines: readonly string[]
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[]
}

export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const visit = (n: AnyStateNode) => {
    out.push(n)
    childrenOf(n).forEach(visit)
  }
  visit(machine.root)
  return out
}

/**
 * One entry per (transition, target): `on` events with each guarded alternative, `always`,
 * `after`, invoke onDone/onError, compound onDone. A targetless transition (actions only)
 * loops on its source. Forbidden transitions (`on: { x: undefined }`) are left out.
 */
export function machineTransitions(machine: AnyStateMachine): MachineTransition[] {
  const out: MachineTransition[] = []
  for (const node of allStateNodes(machine)) {
    const defs: AnyTransitionDefinition[] = [
      ...[...(node.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat(),
      ...((node.always ?? []) as AnyTransitionDefinition[]),
    ]
    for (const t of defs) {
      if (!t.target && t.actions.length === 0 && !t.reenter) continue
      const targets = (t.target ?? []) as AnyStateNode[]
      for (const target of targets.length ? targets : [node]) {
        out.push({
          id: `t${out.length}`,
          source: node,
          target,
          eventType: t.eventType,
          label: transitionLabel(machine, t),
          lines: transitionLines(machine, t),
        })
      }
    }
  }
  return out
}

function kindOf(n: AnyStateNode): ChartNodeKind {
  if (n.type === 'final') return 'final'
  if (n.type === 'history') return 'history'
  if (n.type === 'parallel') return 'parallel'
  return childrenOf(n).length ? 'compound' : 'atomic'
}

function nodeLabel(n: AnyStateNode, machine: AnyStateMachine): string {
  const base = n === machine.root ? machine.id : n.key
  if (n.type === 'history') return `H ${base}`
  if (n.type === 'parallel') return `${base} ∥`
  return base
}

/** Monospace width of a text; CJK and other wide characters take two advances. */
export function textWidth(text: string, advance: number): number {
  let cells = 0
  for (const ch of text) cells += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1
  return Math.ceil(cells * advance)
}

// ---------------------------------------------------------------------------------------------
// machine → ELK graph

/** Id of the ELK graph's own root (the machine's root state is its only child). */
export const ELK_ROOT = '__chart__'

/**
 * Spacing for every graph level (ELK reads it from each compound node, not only the root). Measured
 * on the three largest charts (summed edge length, issue 26): orderDialog 88,449 → 70,545 px,
 * loginDialog 41,680 → 40,776, searchBox 7,355 → 7,169, mostly from mergeEdges (edges of one node
 * share their way out) and tighter gaps between layers. Post-compaction by edge length would
 * shorten more but ELK throws on hierarchical graphs with it ("invalid hitboxes").
 */
const spacing: Record<string, string> = {
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.nodeNode': '20',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '8',
  'elk.layered.spacing.nodeNodeBetweenLayers': '24',
  'elk.layered.spacing.edgeNodeBetweenLayers': '10',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '6',
  'elk.layered.mergeEdges': 'true',
}

const rootOptions: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.inline': 'false',
  'elk.layered.edgeLabels.sideSelection': 'ALWAYS_UP',
  ...spacing,
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.padding': `[top=${MARGIN},left=${MARGIN},bottom=${MARGIN},right=${MARGIN}]`,
}

function compoundOptions(): Record<string, string> {
  return {
    ...spacing,
    'elk.padding': `[top=${HEADER + 10},left=14,bottom=14,right=14]`,
    'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
    // a box at least as wide as its own title
    'elk.nodeSize.constraints': 'NODE_LABELS MINIMUM_SIZE',
  }
}

/** The ELK graph of a machine: pure, deterministic, no coordinates yet. */
export function machineToElkGraph(machine: AnyStateMachine): ElkNode {
  const toNode = (n: AnyStateNode): ElkNode => {
    const label = nodeLabel(n, machine)
    const labelW = textWidth(label, TEXT.stateAdvance)
    const kids = childrenOf(n)
    const elkLabel: ElkLabel = { text: label, width: labelW, height: 16 }
    if (kids.length === 0) {
      return { id: n.id, width: Math.max(80, labelW + 28), height: ATOMIC_H, labels: [elkLabel] }
    }
    const initial = n.type !== 'parallel' ? (n.initial?.target?.[0] as AnyStateNode | undefined) : undefined
    return {
      id: n.id,
      labels: [elkLabel],
      layoutOptions: { ...compoundOptions(), 'elk.nodeSize.minimum': `(${labelW + 28}, ${HEADER + 20})` },
      children: [...(initial ? [{ id: startId(n.id), width: START, height: START }] : []), ...kids.map(toNode)],
    }
  }
  const starts: ElkExtendedEdge[] = allStateNodes(machine)
    .filter((n) => n.type !== 'parallel' && n.initial?.target?.[0])
    .map((n) => ({ id: startId(n.id), sources: [startId(n.id)], targets: [(n.initial!.target![0] as AnyStateNode).id] }))
  const edges: ElkExtendedEdge[] = machineTransitions(machine).map((t) => ({
    id: t.id,
    sources: [t.source.id],
    targets: [t.target.id],
    labels: [
      {
        id: `${t.id}:label`,
        text: t.lines.join('\n'),
        width: Math.max(...t.lines.map((l) => textWidth(l, TEXT.edgeAdvance))) + 6,
        height: t.lines.length * TEXT.edgeLine + 2,
      },
    ],
  }))
  return { id: ELK_ROOT, layoutOptions: rootOptions, children: [toNode(machine.root)], edges: [...starts, ...edges] }
}

// ---------------------------------------------------------------------------------------------
// ELK result → chart

function collect(node: ElkNode, into: Map<string, ElkNode>): void {
  into.set(node.id, node)
  for (const c of node.children ?? []) collect(c, into)
}

function pathOf(edge: ElkExtendedEdge): string {
  const parts: string[] = []
  for (const s of edge.sections ?? []) {
    const pts = [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]
    parts.push(`M ${pts.map((p) => `${round(p.x)} ${round(p.y)}`).join(' L ')}`)
  }
  return parts.join(' ')
}

const round = (v: number) => Math.round(v * 10) / 10

/** Reads a laid-out ELK graph (absolute coordinates) back onto the machine's state nodes. */
export function chartFromElk(machine: AnyStateMachine, laid: ElkNode): ChartLayout {
  const byId = new Map<string, ElkNode>()
  collect(laid, byId)
  const nodes: ChartNode[] = []
  const visit = (n: AnyStateNode, depth: number) => {
    const box = byId.get(n.id)
    if (!box) throw new Error(`ELK dropped the state ${n.id}`)
    const parent = n.parent
    nodes.push({
      id: n.id,
      path: n.path.join('.'),
      label: nodeLabel(n, machine),
      kind: kindOf(n),
      depth,
      initial: !!parent && parent.type !== 'parallel' && parent.initial?.target?.[0] === n,
      region: parent?.type === 'parallel',
      x: round(box.x ?? 0),
      y: round(box.y ?? 0),
      w: round(box.width ?? 0),
      h: round(box.height ?? 0),
    })
    childrenOf(n).forEach((c) => visit(c, depth + 1))
  }
  visit(machine.root, 0)

  const laidEdges = new Map<string, ElkExtendedEdge>()
  const gatherEdges = (n: ElkNode) => {
    for (const e of n.edges ?? []) laidEdges.set(e.id, e)
    for (const c of n.children ?? []) gatherEdges(c)
  }
  gatherEdges(laid)
  const edges: ChartEdge[] = machineTransitions(machine).map((t) => {
    const e = laidEdges.get(t.id)
    const label = e?.labels?.[0]
    return {
      id: t.id,
      source: t.source.id,
      target: t.target.id,
      eventType: t.eventType,
      label: t.label,
      lines: t.lines,
      d: e ? pathOf(e) : '',
      labelX: round(label?.x ?? 0),
      labelY: round(label?.y ?? 0),
      labelW: round(label?.width ?? 0),
      labelH: round(label?.height ?? 0),
    }
  })
  const starts: ChartStart[] = nodes.flatMap((n) => {
    const dot = byId.get(startId(n.id))
    const arrow = laidEdges.get(startId(n.id))
    if (!dot || !arrow) return []
    return [{ parent: n.id, cx: round((dot.x ?? 0) + START / 2), cy: round((dot.y ?? 0) + START / 2), d: pathOf(arrow) }]
  })
  return { width: Math.ceil(laid.width ?? 0), height: Math.ceil(laid.height ?? 0), nodes, edges, starts }
}

// ---------------------------------------------------------------------------------------------
// The asynchronous middle

export interface ElkEngine {
  layout(graph: ElkNode): Promise<ElkNode>
}

let engine: Promise<ElkEngine> | undefined

/**
 * elkjs's bundled build (ELK compiled to JavaScript, no web worker, no network), imported on
 * first use so its 1.6 MB load only when a chart is drawn, never with the page that links here.
 */
export function loadElk(): Promise<ElkEngine> {
  engine ??= import('elkjs/lib/elk.bundled.js').then((m) => {
    const Elk = (m as unknown as { default: new () => ElkEngine }).default
    return new Elk()
  })
  return engine
}

export async function layoutMachine(machine: AnyStateMachine, elk?: ElkEngine): Promise<ChartLayout> {
  const laid = await (elk ?? (await loadElk())).layout(machineToElkGraph(machine))
  return chartFromElk(machine, laid)
}
