/**
 * docs/flows/<machine id>.md from an XState v5 machine: a Mermaid stateDiagram-v2 and
 * plain-language tables (states, events, guards, delays, actors). Pure and deterministic:
 * the same machine always gives the same text (tables sorted, states in definition order).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { guardName } from '../../core/testing/model-coverage'

export interface FlowDocOptions {
  /** Source file shown in the header, e.g. 'core/order/order-dialog.machine.ts'. */
  readonly source?: string
}

// ---------------------------------------------------------------------------------------------
// Walking the machine

export function descendants(node: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = []
  for (const child of Object.values(node.states) as AnyStateNode[]) out.push(child, ...descendants(child))
  return out
}

export interface FlowTransition {
  readonly source: AnyStateNode
  /** Raw event type; '' for `always`. */
  readonly eventType: string
  readonly guard: string | undefined
  readonly targets: readonly AnyStateNode[]
  /** Human label without guard: 'code.send', 'after 5s', 'pollPayment done', 'always'. */
  readonly label: string
  /** `after` transitions: the delay as written (name or ms). */
  readonly delay: string | number | undefined
}

/** Every transition of the machine (forbidden `on: { x: undefined }` ones left out), in definition order. */
export function flowTransitions(machine: AnyStateMachine): FlowTransition[] {
  const out: FlowTransition[] = []
  for (const node of [machine.root, ...descendants(machine.root)]) {
    const defs: AnyTransitionDefinition[] = [
      ...[...(node.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat(),
      ...((node.always ?? []) as AnyTransitionDefinition[]),
    ]
    for (const t of defs) {
      if (!t.target && t.actions.length === 0 && !t.reenter) continue
      const delay = (t as { delay?: string | number }).delay
      out.push({
        source: node,
        eventType: t.eventType,
        guard: guardName(t.guard),
        targets: (t.target ?? []) as AnyStateNode[],
        label: eventLabel(machine, t.eventType, delay),
        delay,
      })
    }
  }
  return out
}

export function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000}min`
  if (ms >= 1_000 && ms % 100 === 0) return `${ms / 1_000}s`
  return `${ms}ms`
}

/** The delay's value in ms when it is a number or a named delay whose value is a number. */
export function delayValue(machine: AnyStateMachine, delay: string | number): number | undefined {
  if (typeof delay === 'number') return delay
  const impl = (machine.implementations.delays as Record<string, unknown>)[delay]
  return typeof impl === 'number' ? impl : undefined
}

function eventLabel(machine: AnyStateMachine, eventType: string, delay: string | number | undefined): string {
  if (eventType === '') return 'always'
  if (eventType.startsWith('xstate.after.') && delay !== undefined) {
    const ms = delayValue(machine, delay)
    return ms === undefined ? `after ${delay}` : `after ${formatDuration(ms)}`
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (actor) return `${actor[2]} ${actor[1] === 'done' ? 'done' : 'failed'}`
  const snap = /^xstate\.snapshot\.(.+)$/.exec(eventType)
  if (snap) return `${snap[1]} update`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  return eventType
}

/** 'checkout.payment.waiting' (path inside the machine); the root is '(machine)'. */
export function statePath(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : '(machine)'
}

// ---------------------------------------------------------------------------------------------
// Mermaid

const MERMAID_RESERVED = new Set(['end', 'state', 'note', 'direction', 'class', 'classdef', 'style', 'as', 'hide'])

/** Mermaid ids: the state's key when unique in the machine, else its path joined with '_'. */
function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const nodes = descendants(machine.root)
  const clean = (s: string) => {
    const c = s.replace(/[^A-Za-z0-9_]/g, '_')
    return MERMAID_RESERVED.has(c.toLowerCase()) ? `${c}_` : c
  }
  const keyCount = new Map<string, number>()
  for (const n of nodes) keyCount.set(clean(n.key), (keyCount.get(clean(n.key)) ?? 0) + 1)
  const ids = new Map<AnyStateNode, string>()
  const used = new Set<string>()
  for (const n of nodes) {
    let id = keyCount.get(clean(n.key)) === 1 ? clean(n.key) : clean(n.path.join('_'))
    while (used.has(id)) id += '_'
    used.add(id)
    ids.set(n, id)
  }
  return ids
}

function mermaidLabel(t: FlowTransition): string {
  // ';' and '#' end a line / start a comment in mermaid state labels
  const text = `${t.label}${t.guard ? ` [${t.guard}]` : ''}`
  return text.replace(/[;#]/g, ' ')
}

export function toMermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine)
  const transitions = flowTransitions(machine)
  const lines: string[] = ['stateDiagram-v2']
  const id = (n: AnyStateNode) => ids.get(n) ?? '[*]'

  // transitions are written inside the composite block of their source's parent when every
  // target shares that parent (keeps the layout local), else at the top level
  const local = new Map<AnyStateNode, FlowTransition[]>()
  const global: FlowTransition[] = []
  for (const t of transitions) {
    const parent = t.source.parent
    if (parent && parent.type !== 'parallel' && t.targets.every((x) => x.parent === parent)) {
      local.set(parent, [...(local.get(parent) ?? []), t])
    } else global.push(t)
  }
  const arrows = (ts: readonly FlowTransition[], indent: string) => {
    for (const t of ts) {
      const targets = t.targets.length ? t.targets : [t.source]
      for (const target of targets) {
        if (t.source === t.source.machine.root) continue // root transitions: listed in the tables
        lines.push(`${indent}${id(t.source)} --> ${id(target)} : ${mermaidLabel(t)}`)
      }
    }
  }

  const block = (parent: AnyStateNode, indent: string) => {
    const children = Object.values(parent.states) as AnyStateNode[]
    if (parent.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`)
        emitState(region, indent)
      })
      return
    }
    const initial = parent.initial?.target?.[0] as AnyStateNode | undefined
    if (initial) lines.push(`${indent}[*] --> ${id(initial)}`)
    for (const child of children) emitState(child, indent)
    arrows(local.get(parent) ?? [], indent)
    for (const child of children) if (child.type === 'final') lines.push(`${indent}${id(child)} --> [*]`)
  }
  const emitState = (node: AnyStateNode, indent: string) => {
    if (node.type === 'history') {
      lines.push(`${indent}state "${node.key} (history)" as ${id(node)}`)
      return
    }
    const children = Object.values(node.states) as AnyStateNode[]
    if (children.length === 0) {
      lines.push(`${indent}${id(node)}`)
      return
    }
    lines.push(`${indent}state ${id(node)} {`)
    block(node, `${indent}  `)
    lines.push(`${indent}}`)
  }

  if (machine.root.type === 'parallel') {
    // mermaid accepts the `--` region separator only inside a composite state
    let rootId = machine.id.replace(/[^A-Za-z0-9_]/g, '_')
    while ([...ids.values()].includes(rootId) || MERMAID_RESERVED.has(rootId.toLowerCase())) rootId += '_'
    lines.push(`  [*] --> ${rootId}`, `  state ${rootId} {`)
    block(machine.root, '    ')
    lines.push('  }')
  } else {
    block(machine.root, '  ')
  }
  arrows(global, '  ')
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------
// Markdown

function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim() || '—'
}

function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  if (rows.length === 0) return ['None.']
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ]
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function stateKind(node: AnyStateNode): string {
  const kinds: string[] = []
  const parent = node.parent
  if (parent && parent.type !== 'parallel' && parent.initial?.target?.[0] === node) kinds.push('start')
  if (node.type === 'final') kinds.push('end')
  if (node.type === 'parallel') kinds.push('parallel (all parts at once)')
  if (node.type === 'compound') kinds.push('has sub-states')
  if (node.type === 'history') kinds.push('history (returns to the last sub-state)')
  if (parent?.type === 'parallel') kinds.push(`part of ${statePath(parent)}`)
  return kinds.join(', ')
}

function targetsText(t: FlowTransition): string {
  return t.targets.length ? t.targets.map(statePath).join(', ') : '(stays)'
}

export function generateFlowDoc(machine: AnyStateMachine, options: FlowDocOptions = {}): string {
  const nodes = descendants(machine.root)
  const transitions = flowTransitions(machine)
  const out: string[] = []

  out.push(
    `<!-- Generated by \`npm run docs\` from ${options.source ?? 'the machine definition'}. Do not edit by hand. -->`,
    '',
    `# ${machine.id}`,
    '',
  )
  const rootDescription = (machine.root as { description?: string }).description
  if (rootDescription) out.push(rootDescription, '')

  out.push('```mermaid', toMermaid(machine), '```', '')

  // States
  out.push('## States', '')
  out.push(
    ...table(
      ['State', 'Kind', 'Description'],
      nodes.map((n) => [`\`${statePath(n)}\``, stateKind(n), (n as { description?: string }).description ?? '']),
    ),
    '',
  )

  // Events — rows of one event in one state stay in definition order: xstate checks them top
  // to bottom and takes the first whose guard holds, so an unguarded last row means "otherwise".
  const eventRows = transitions
    .map((t, i) => {
      const siblings = transitions.filter((x) => x.source === t.source && x.eventType === t.eventType)
      const earlier = siblings.slice(0, siblings.indexOf(t))
      const condition = t.guard ? `\`${t.guard}\`` : earlier.length ? 'otherwise' : ''
      return {
        i,
        sort: [t.label, statePath(t.source)],
        row: [
          t.eventType === '' ? 'always (at once, on entering)' : `\`${t.label}\``,
          `\`${statePath(t.source)}\``,
          t.targets.length ? t.targets.map((n) => `\`${statePath(n)}\``).join(', ') : 'stays',
          condition,
        ],
      }
    })
    .sort((a, b) => byText(a.sort[0] ?? '', b.sort[0] ?? '') || byText(a.sort[1] ?? '', b.sort[1] ?? '') || a.i - b.i)
    .map((r) => r.row)
  out.push('## Events', '')
  out.push(
    'Each row is one way the flow moves: in the given state, the event leads to the next state. ' +
      'When an event has several rows for the same state, they are checked top to bottom and the first whose condition holds is taken.',
    '',
  )
  out.push(...table(['Event', 'In state', 'Leads to', 'Only if'], eventRows), '')

  // Guards
  const guardNames = new Set<string>(Object.keys(machine.implementations.guards))
  for (const t of transitions) if (t.guard) guardNames.add(t.guard)
  const guardRows = [...guardNames].sort(byText).map((g) => {
    const uses = transitions
      .filter((t) => t.guard === g)
      .map((t) => `${t.label} in \`${statePath(t.source)}\``)
      .filter((x, i, all) => all.indexOf(x) === i)
      .sort(byText)
    return [`\`${g}\``, uses.length ? uses.join('; ') : 'not used by a transition']
  })
  out.push('## Guards', '')
  out.push(...table(['Guard', 'Checked on'], guardRows), '')

  // Delays
  const delayNames = new Map<string, string | number>()
  for (const name of Object.keys(machine.implementations.delays)) delayNames.set(name, name)
  for (const t of transitions) if (t.delay !== undefined) delayNames.set(String(t.delay), t.delay)
  const delayRows = [...delayNames.entries()]
    .sort(([a], [b]) => byText(a, b))
    .map(([name, delay]) => {
      const ms = delayValue(machine, delay)
      const used = transitions
        .filter((t) => t.delay !== undefined && String(t.delay) === name)
        .map((t) => `\`${statePath(t.source)}\` → ${targetsText(t)}`)
        .filter((x, i, all) => all.indexOf(x) === i)
        .sort(byText)
      return [
        typeof delay === 'number' ? '(unnamed)' : `\`${name}\``,
        ms === undefined ? 'computed at run time' : formatDuration(ms),
        used.length ? used.join('; ') : 'not used by a transition',
      ]
    })
  out.push('## Delays', '')
  out.push(...table(['Delay', 'Value', 'Used in'], delayRows), '')

  // Actors
  const actorRows: string[][] = []
  const invokedSrcs = new Set<string>()
  for (const n of [machine.root, ...nodes]) {
    for (const inv of n.invoke as Array<{ id: string; src: unknown }>) {
      const src = typeof inv.src === 'string' ? inv.src : 'inline'
      invokedSrcs.add(src)
      const outcome = (kind: 'done' | 'error') =>
        transitions
          .filter((t) => t.source === n && t.eventType === `xstate.${kind}.actor.${inv.id}`)
          .map((t) => `${targetsText(t)}${t.guard ? ` if \`${t.guard}\`` : ''}`)
          .join('; ')
      actorRows.push([`\`${src}\``, `\`${inv.id}\``, `\`${statePath(n)}\``, outcome('done'), outcome('error')])
    }
  }
  for (const name of Object.keys(machine.implementations.actors)) {
    if (!invokedSrcs.has(name)) actorRows.push([`\`${name}\``, '', 'not invoked (spawned or unused)', '', ''])
  }
  actorRows.sort((a, b) => byText(a.join('\u0000'), b.join('\u0000')))
  out.push('## Actors invoked', '')
  out.push(
    'Work the flow starts while it is in a state (a request, a timer, a poll); it is stopped when the state is left.',
    '',
  )
  out.push(...table(['Actor', 'Invoke id', 'While in', 'When done', 'When failed'], actorRows), '')

  return out.join('\n')
}
