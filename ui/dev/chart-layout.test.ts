import type { ElkNode } from 'elkjs/lib/elk-api'
import { describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import type { AnyStateMachine } from 'xstate'
import { allStateNodes, ELK_ROOT, layoutMachine, machineToElkGraph, machineTransitions, startId, textWidth, type ChartLayout } from './chart-layout'
import { loadEntries } from './machine-entries'
import { machineModules } from './machine-modules'

const machine = setup({
  actors: { load: fromPromise(async () => 1) },
  delays: { wait: 5_000 },
  guards: { ok: () => true },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  on: { reset: '.idle' },
  states: {
    idle: { on: { 'form.submit': { target: 'busy', guard: 'ok' }, 'form.edit': { actions: () => {} } } },
    busy: {
      type: 'parallel',
      states: {
        left: { initial: 'one', states: { one: { after: { wait: 'two' } }, two: {} } },
        right: { initial: 'x', states: { x: { invoke: { id: 'load', src: 'load', onDone: 'y' } }, y: { type: 'final' } } },
      },
      on: { cancel: 'idle' },
      onDone: 'idle',
    },
  },
})

type Box = { x: number; y: number; w: number; h: number }
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.w <= outer.x + outer.w + 0.5 && inner.y + inner.h <= outer.y + outer.h + 0.5
const overlap = (a: Box, b: Box) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5

function elkNodes(n: ElkNode, parent: string | undefined, out: Map<string, { node: ElkNode; parent: string | undefined }>) {
  out.set(n.id, { node: n, parent })
  for (const c of n.children ?? []) elkNodes(c, n.id, out)
  return out
}

describe('machineToElkGraph', () => {
  const graph = machineToElkGraph(machine)
  const nodes = elkNodes(graph, undefined, new Map())

  it('has one ELK node per state node, nested as the states are (compound and parallel states as hierarchical nodes)', () => {
    const states = allStateNodes(machine)
    const ids = [...nodes.keys()].filter((id) => id !== ELK_ROOT)
    expect(ids.filter((id) => !id.endsWith('#start')).sort()).toEqual(states.map((s) => s.id).sort())
    for (const s of states) expect(nodes.get(s.id)!.parent, s.id).toBe(s.parent?.id ?? ELK_ROOT)
    // parallel regions have no start; every other compound state has a start dot inside it
    expect(nodes.get('sample.busy')!.node.children!.map((c) => c.id)).toEqual(['sample.busy.left', 'sample.busy.right'])
    expect(ids.filter((id) => id.endsWith('#start')).sort()).toEqual(
      ['sample', 'sample.busy.left', 'sample.busy.right'].map(startId).sort(),
    )
    for (const id of ['sample', 'sample.busy.left']) expect(nodes.get(startId(id))!.parent).toBe(id)
    // leaves are sized to their label; compound nodes are sized by ELK
    expect(nodes.get('sample.idle')!.node.width).toBeGreaterThanOrEqual(textWidth('idle', 7))
    expect(nodes.get('sample.busy')!.node.width).toBeUndefined()
  })

  it('has one edge per transition target (guarded, delayed, actor outcome, compound done, targetless, root), with a sized label', () => {
    const starts = graph.edges!.filter((e) => e.id.endsWith('#start'))
    expect(starts.map((e) => `${e.sources[0]} → ${e.targets[0]}`).sort()).toEqual(
      ['sample#start → sample.idle', 'sample.busy.left#start → sample.busy.left.one', 'sample.busy.right#start → sample.busy.right.x'],
    )
    const edges = graph.edges!.filter((e) => !e.id.endsWith('#start'))
    expect(edges.map((e) => `${e.sources[0]} → ${e.targets[0]}: ${e.labels![0]!.text}`).sort()).toEqual(
      [
        'sample → sample.idle: reset',
        'sample.idle → sample.busy: form.submit\n[ok]',
        'sample.idle → sample.idle: form.edit',
        'sample.busy → sample.idle: cancel',
        'sample.busy → sample.idle: done',
        'sample.busy.left.one → sample.busy.left.two: after 5s',
        'sample.busy.right.x → sample.busy.right.y: load done',
      ].sort(),
    )
    expect(edges).toHaveLength(machineTransitions(machine).length)
    for (const e of edges) {
      const label = e.labels![0]!
      const lines = label.text!.split('\n')
      expect(label.width).toBeGreaterThanOrEqual(Math.max(...lines.map((l) => l.length * 6)))
      expect(label.height).toBeGreaterThanOrEqual(lines.length * 12)
    }
  })

  it('measures wide characters twice', () => {
    expect(textWidth('买入', 7)).toBe(28)
    expect(textWidth('ab', 7)).toBe(14)
  })
})

/** What the eye needs: boxes nest, siblings apart, labels clear of each other and of state boxes. */
function expectReadable(layout: ChartLayout) {
  const byPath = new Map(layout.nodes.map((n) => [n.path, n]))
  for (const n of layout.nodes) {
    expect(n.x + n.w, n.path).toBeLessThanOrEqual(layout.width)
    expect(n.y + n.h, n.path).toBeLessThanOrEqual(layout.height)
    if (!n.path) continue
    const parentPath = n.path.split('.').slice(0, -1).join('.')
    expect(inside(n, byPath.get(parentPath)!), `${n.path} inside ${parentPath || '(root)'}`).toBe(true)
    for (const m of layout.nodes) {
      const mParent = m.path.split('.').slice(0, -1).join('.')
      if (m !== n && m.path && mParent === parentPath) expect(overlap(n, m), `${n.path} / ${m.path}`).toBe(false)
    }
  }
  const labels = layout.edges.map((e) => ({ e, box: { x: e.labelX, y: e.labelY, w: e.labelW, h: e.labelH } }))
  const leaves = layout.nodes.filter((n) => n.kind === 'atomic' || n.kind === 'final' || n.kind === 'history')
  labels.forEach(({ e, box }, i) => {
    expect(e.d, e.label).toMatch(/^M [\d.-]+ [\d.-]+( L [\d.-]+ [\d.-]+)+/)
    expect(box.w, e.label).toBeGreaterThan(0)
    for (const { e: f, box: other } of labels.slice(i + 1)) expect(overlap(box, other), `label "${e.label}" / "${f.label}"`).toBe(false)
    for (const leaf of leaves) expect(overlap(box, leaf), `label "${e.label}" / state ${leaf.path}`).toBe(false)
  })
}

describe('layoutMachine (ELK)', () => {
  it('lays out the sample readably and keeps state and transition ids for highlighting', async () => {
    const layout = await layoutMachine(machine)
    expect(layout.nodes.map((n) => n.path)).toEqual(['', 'idle', 'busy', 'busy.left', 'busy.left.one', 'busy.left.two', 'busy.right', 'busy.right.x', 'busy.right.y'])
    expect(layout.nodes.find((n) => n.path === 'idle')!.initial).toBe(true)
    expect(layout.nodes.find((n) => n.path === 'busy.left')!.region).toBe(true)
    expect(layout.nodes.find((n) => n.path === 'busy')!.kind).toBe('parallel')
    expect(layout.edges.map((e) => e.label).sort()).toEqual(['after 5s', 'cancel', 'done', 'form.edit', 'form.submit [ok]', 'load done', 'reset'])
    expect(layout.starts.map((st) => st.parent).sort()).toEqual(['sample', 'sample.busy.left', 'sample.busy.right'])
    // the start dot sits inside its compound state, left of the initial child
    const idle = layout.nodes.find((n) => n.path === 'idle')!
    const root = layout.starts.find((st) => st.parent === 'sample')!
    expect(root.cx).toBeLessThan(idle.x)
    expect(inside({ x: root.cx, y: root.cy, w: 0, h: 0 }, layout.nodes[0]!)).toBe(true)
    expectReadable(layout)
  }, 60_000)

  it('lays out every machine of core/ with no label over another label or a state (attestation and orderDialog overlapped before)', async () => {
    const { entries } = await loadEntries(machineModules)
    for (const id of ['attestation', 'orderDialog']) expect(entries.map((e) => e.machine.id)).toContain(id)
    for (const { machine: m } of entries) {
      const layout = await layoutMachine(m as AnyStateMachine)
      expect(layout.nodes).toHaveLength(allStateNodes(m).length)
      expect(layout.edges).toHaveLength(machineTransitions(m).length)
      expectReadable(layout)
    }
  }, 120_000)
})
