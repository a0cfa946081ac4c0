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
  /** The transition as xstate holds it (its `description` is the row's words). */
  readonly definition: AnyTransitionDefinition
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
        definition: t,
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

// ---------------------------------------------------------------------------------------------
// Words for readers who do not read code

/** 'order.submit' → 'order submit', 'riskLevelStatement' → 'risk level statement', 'fetchPayment done' → 'fetch payment done'. */
export function humanise(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[._\-/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

/** A step's name in words: its path inside the machine, each part humanised, joined by ' › '. */
export function stepName(node: AnyStateNode): string {
  return node.path.length ? node.path.map(humanise).join(' › ') : 'the whole flow'
}

function whenText(t: FlowTransition): string {
  if (t.eventType === '') return 'at once'
  if (t.delay !== undefined) return t.label
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(t.eventType)
  if (actor) {
    // an invoke without an id gets a generated one ('0.login.sending'): its src names the work
    const inv = (t.source.invoke as Array<{ id: string; src: unknown }>).find((i) => i.id === actor[2])
    const name = inv && typeof inv.src === 'string' ? inv.src : (actor[2] ?? '')
    return `${humanise(name)} ${actor[1] === 'done' ? 'finished' : 'failed'}`
  }
  return humanise(t.label)
}

function description(x: { description?: string } | AnyStateNode | AnyTransitionDefinition): string | undefined {
  const d = (x as { description?: string }).description
  return d && d.trim() ? d.trim() : undefined
}

function transitionDescription(t: FlowTransition): string | undefined {
  return description(t.definition)
}

/**
 * What a reader cannot follow without words: the flow itself (the machine's `description`), every
 * state that has transitions, and every guarded transition (its `description` says the condition
 * in words). `npm run docs:check` fails on these (warns for machines still listed as pending).
 */
export function descriptionProblems(machine: AnyStateMachine): string[] {
  const problems: string[] = []
  if (!description(machine.root)) problems.push(`${machine.id}: the flow has no description (the machine's \`description\`: one sentence of what the reader does)`)
  const transitions = flowTransitions(machine)
  const withTransitions = new Set(transitions.map((t) => t.source))
  for (const node of [machine.root, ...descendants(machine.root)]) {
    if (node === machine.root || !withTransitions.has(node)) continue
    if (!description(node)) problems.push(`${machine.id}: state \`${statePath(node)}\` has transitions but no description`)
  }
  for (const t of transitions) {
    if (t.guard && !transitionDescription(t))
      problems.push(`${machine.id}: \`${t.label}\` in \`${statePath(t.source)}\` is guarded by \`${t.guard}\` but has no description`)
  }
  return problems
}

function stepsSection(machine: AnyStateMachine, transitions: readonly FlowTransition[]): string[] {
  const out: string[] = ['## Steps', '']
  out.push(
    'Each step is a place the flow waits in. Under it: what moves the flow on, and where it goes. ' +
      'When one happening has several lines in a step, the first whose condition holds is taken.',
    '',
  )
  const nodes = [machine.root, ...descendants(machine.root)]
  for (const node of nodes) {
    const own = transitions.filter((t) => t.source === node)
    const words = description(node)
    if (node === machine.root && own.length === 0) continue
    if (node !== machine.root && own.length === 0 && !words) continue
    out.push(`### ${node === machine.root ? 'At any step' : stepName(node)}`, '')
    if (node !== machine.root) out.push(words ?? '(No description yet.)', '')
    if (own.length === 0) {
      out.push(node.type === 'final' ? 'The flow ends here.' : 'Waits here until a step around it moves on.', '')
      continue
    }
    for (const t of own) {
      const siblings = own.filter((x) => x.eventType === t.eventType)
      const otherwise = !t.guard && siblings.indexOf(t) > 0 ? ', otherwise' : ''
      const where = t.targets.length ? t.targets.map(stepName).join(' and ') : 'stays here'
      const words = transitionDescription(t)
      out.push(`- **${whenText(t)}**${otherwise} → ${where}${words ? `: ${words}` : ''}`)
    }
    out.push('')
  }
  return out
}

function conditionsSection(machine: AnyStateMachine, transitions: readonly FlowTransition[]): string[] {
  const guardNames = new Set<string>(Object.keys(machine.implementations.guards))
  for (const t of transitions) if (t.guard) guardNames.add(t.guard)
  const out: string[] = ['## Conditions', '']
  if (guardNames.size === 0) return [...out, 'None.', '']
  for (const g of [...guardNames].sort(byText)) {
    const uses = transitions.filter((t) => t.guard === g)
    const sentences = uses
      .map((t) => transitionDescription(t))
      .filter((x): x is string => x !== undefined)
      .filter((x, i, all) => all.indexOf(x) === i)
    const where = uses
      .map((t) => `${whenText(t)} in ${stepName(t.source)}`)
      .filter((x, i, all) => all.indexOf(x) === i)
      .sort(byText)
    const text = uses.length === 0 ? 'not checked by any step' : sentences.length ? sentences.join(' / ') : '(no description yet)'
    out.push(`- **${humanise(g)}**: ${text}${where.length ? ` (checked on ${where.join('; ')})` : ''}`)
  }
  out.push('')
  return out
}

function timersSection(machine: AnyStateMachine, transitions: readonly FlowTransition[]): string[] {
  const timed = transitions.filter((t) => t.delay !== undefined)
  const out: string[] = ['## Timers', '']
  if (timed.length === 0) return [...out, 'None.', '']
  for (const t of timed) {
    const ms = delayValue(machine, t.delay ?? 0)
    const value = ms === undefined ? `a wait worked out at the time (${humanise(String(t.delay))})` : formatDuration(ms)
    const where = t.targets.length ? t.targets.map(stepName).join(' and ') : 'stays'
    out.push(`- In ${stepName(t.source)}, after ${value} → ${where}`)
  }
  out.push('')
  return out
}

function workSection(machine: AnyStateMachine, transitions: readonly FlowTransition[]): string[] {
  const out: string[] = ['## Background work', '']
  const rows: string[] = []
  for (const n of [machine.root, ...descendants(machine.root)]) {
    for (const inv of n.invoke as Array<{ id: string; src: unknown }>) {
      const src = typeof inv.src === 'string' ? inv.src : inv.id
      const outcome = (kind: 'done' | 'error') =>
        transitions
          .filter((t) => t.source === n && t.eventType === `xstate.${kind}.actor.${inv.id}`)
          .map((t) => (t.targets.length ? t.targets.map(stepName).join(' and ') : 'stays'))
          .filter((x, i, all) => all.indexOf(x) === i)
          .join(' or ')
      const done = outcome('done')
      const failed = outcome('error')
      rows.push(
        `- While in ${stepName(n)}: ${humanise(src)}` +
          (done ? `; when it finishes → ${done}` : '') +
          (failed ? `; when it fails → ${failed}` : ''),
      )
    }
  }
  if (rows.length === 0) return [...out, 'None.', '']
  return [...out, ...rows.sort(byText), '']
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
  const rootDescription = description(machine.root)
  out.push(rootDescription ?? '(No description of this flow yet.)', '')

  out.push('```mermaid', toMermaid(machine), '```', '')

  out.push(...stepsSection(machine, transitions))
  out.push(...conditionsSection(machine, transitions))
  out.push(...timersSection(machine, transitions))
  out.push(...workSection(machine, transitions))

  out.push('## For developers', '')
  out.push('<details>', '<summary>The same flow by the ids in the code</summary>', '')

  // States
  out.push('### States', '')
  out.push(
    ...table(
      ['State', 'Kind', 'Description'],
      nodes.map((n) => [`\`${statePath(n)}\``, stateKind(n), description(n) ?? '']),
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
  out.push('### Events', '')
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
  out.push('### Guards', '')
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
  out.push('### Delays', '')
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
  out.push('### Actors invoked', '')
  out.push(...table(['Actor', 'Invoke id', 'While in', 'When done', 'When failed'], actorRows), '')
  out.push('</details>', '')

  return out.join('\n')
}
