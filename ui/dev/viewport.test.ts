import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fitView, focusView, MAX_ZOOM, MIN_ZOOM, panBy, READABLE_ZOOM, zoomAt } from './viewport'

describe('viewport', () => {
  it('fits a wide chart into the viewport, centred, and never enlarges a small one', () => {
    const v = fitView({ width: 4000, height: 1000 }, { width: 1032, height: 600 })
    expect(v.k).toBeCloseTo(0.25)
    expect(v.x).toBeCloseTo(16)
    expect(v.y).toBeCloseTo((600 - 250) / 2)
    expect(fitView({ width: 100, height: 50 }, { width: 1000, height: 600 }).k).toBe(1)
    expect(fitView({ width: 100, height: 50 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0, k: 1 })
  })

  it('keeps the point under the pointer fixed when zooming, within the zoom bounds', () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.double({ min: -1e4, max: 1e4, noNaN: true }), y: fc.double({ min: -1e4, max: 1e4, noNaN: true }), k: fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true }) }),
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.record({ x: fc.double({ min: 0, max: 2000, noNaN: true }), y: fc.double({ min: 0, max: 2000, noNaN: true }) }),
        (view, factor, at) => {
          const next = zoomAt(view, factor, at)
          expect(next.k).toBeGreaterThanOrEqual(MIN_ZOOM)
          expect(next.k).toBeLessThanOrEqual(MAX_ZOOM)
          // chart coordinates of the pointer before and after
          const before = { x: (at.x - view.x) / view.k, y: (at.y - view.y) / view.k }
          const after = { x: (at.x - next.x) / next.k, y: (at.y - next.y) / next.k }
          expect(after.x).toBeCloseTo(before.x, 6)
          expect(after.y).toBeCloseTo(before.y, 6)
        },
      ),
    )
  })

  it('pans by the drag distance', () => {
    expect(panBy({ x: 10, y: 20, k: 2 }, -5, 7)).toEqual({ x: 5, y: 27, k: 2 })
  })
})

describe('focusView: opening on the current state', () => {
  const big = { width: 4500, height: 1400 }
  const screen = { width: 1200, height: 600 }
  it('a chart too big to read when fitted opens on the active states at a readable zoom', () => {
    expect(fitView(big, screen).k).toBeLessThan(0.3)
    const v = focusView(big, [{ x: 3000, y: 1000, w: 120, h: 40 }], screen)
    expect(v.k).toBe(READABLE_ZOOM)
    // the active box's centre is the viewport's centre
    expect(v.x + 3060 * v.k).toBeCloseTo(600)
    expect(v.y + 1020 * v.k).toBeCloseTo(300)
  })
  it('a chart readable when fitted, or with no active state, opens fitted', () => {
    expect(focusView({ width: 800, height: 400 }, [{ x: 10, y: 10, w: 50, h: 20 }], screen)).toEqual(fitView({ width: 800, height: 400 }, screen))
    expect(focusView(big, [], screen)).toEqual(fitView(big, screen))
  })
})
