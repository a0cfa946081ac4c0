import { describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import { layoutMachine, type ChartNode } from './chart-layout'

const machine = setup({
  actors: { load: fromPromise(async () => 1) },
  delays: { wait: 5_000 },
  guards: { ok: () => true },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  states: {
    idle: { on: { 'form.submit': { target: 'busy', guard: 'ok' } } },
    busy: {
      type: 'parallel',
      states: {
        left: { initial: 'one', states: { one: { after: { wait: 'two' } }, two: {} } },
        right: { initial: 'x', states: { x: { invoke: { id: 'load', src: 'load', onDone: 'y' } }, y: { type: 'final' } } },
      },
      on: { cancel: 'idle' },
    },
  },
})

const inside = (inner: ChartNode, outer: ChartNode) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h
const overlap = (a: ChartNode, b: ChartNode) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

describe('layoutMachine', () => {
  const layout = layoutMachine(machine)
  const byPath = new Map(layout.nodes.map((n) => [n.path, n]))

  it('has one box per state node, parents before children, and fits the canvas', () => {
    expect(layout.nodes.map((n) => n.path)).toEqual([
      '',
      'idle',
      'busy',
      'busy.left',
      'busy.left.one',
      'busy.left.two',
      'busy.right',
      'busy.right.x',
      'busy.right.y',
    ])
    for (const n of layout.nodes) {
      expect(n.x + n.w).toBeLessThanOrEqual(layout.width)
      expect(n.y + n.h).toBeLessThanOrEqual(layout.height)
    }
  })

  it('nests every box inside its parent and never overlaps siblings', () => {
    for (const n of layout.nodes) {
      if (!n.path) continue
      const parentPath = n.path.split('.').slice(0, -1).join('.')
      expect(inside(n, byPath.get(parentPath)!), n.path).toBe(true)
      for (const m of layout.nodes) {
        const mParent = m.path.split('.').slice(0, -1).join('.')
        if (m !== n && m.path && mParent === parentPath) expect(overlap(n, m), `${n.path} / ${m.path}`).toBe(false)
      }
    }
  })

  it('flows left to right from the initial state, and stacks parallel regions', () => {
    expect(byPath.get('busy')!.x).toBeGreaterThan(byPath.get('idle')!.x + byPath.get('idle')!.w)
    expect(byPath.get('busy.left.two')!.x).toBeGreaterThan(byPath.get('busy.left.one')!.x)
    expect(byPath.get('busy.right')!.y).toBeGreaterThanOrEqual(byPath.get('busy.left')!.y + byPath.get('busy.left')!.h)
    expect(byPath.get('idle')!.initial).toBe(true)
    expect(byPath.get('busy.left')!.region).toBe(true)
    expect(byPath.get('busy')!.kind).toBe('parallel')
    expect(byPath.get('busy.right.y')!.kind).toBe('final')
  })

  it('labels edges like the docs: event [guard], delay value, actor outcome', () => {
    expect(layout.edges.map((e) => e.label).sort()).toEqual(['after 5s', 'cancel', 'form.submit [ok]', 'load done'])
    for (const e of layout.edges) {
      expect(e.d).toMatch(/^M [\d.-]+ [\d.-]+ Q [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+$/)
      expect(Number.isFinite(e.labelX) && Number.isFinite(e.labelY)).toBe(true)
    }
  })
})
