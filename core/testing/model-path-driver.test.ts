import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { coveringWalks, type PathLike } from './model-path-driver'

// A path over states named by numbers: each step names the state it reaches and the event that led there.
const pathOf = (states: number[], events: string[]): PathLike => ({
  steps: states.map((n, i) => ({ state: { value: n } as unknown as AnyMachineSnapshot, event: { type: i === 0 ? 'xstate.init' : events[i - 1]! } as EventObject })),
})
const keyOf = (s: AnyMachineSnapshot) => String(s.value)
const stepNames = (p: PathLike) => p.steps.slice(1).map((step, i) => `${keyOf(p.steps[i]!.state as AnyMachineSnapshot)}|${step.event.type}`)

describe('coveringWalks', () => {
  it('drops a path whose every step another walk holds', () => {
    const a = pathOf([0, 1], ['go'])
    const b = pathOf([0, 1, 2], ['go', 'on'])
    const c = pathOf([0, 3], ['jump'])
    expect(coveringWalks([a, b, c], keyOf)).toEqual([b, c])
  })

  it('keeps every step of every path in some walk, and never walks more paths than given', () => {
    const path = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.constantFrom('a', 'b', 'c')), { minLength: 1, maxLength: 6 })
      .map((steps) => pathOf([0, ...steps.map(([s]) => s)], steps.map(([, e]) => e)))
    fc.assert(
      fc.property(fc.array(path, { maxLength: 20 }), (paths) => {
        const walks = coveringWalks(paths, keyOf)
        const walked = new Set(walks.flatMap(stepNames))
        for (const p of paths) for (const n of stepNames(p)) expect(walked.has(n)).toBe(true)
        expect(walks.length).toBeLessThanOrEqual(paths.length)
      }),
    )
  })
})
