import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { pageWindow } from './page-window'

describe('pageWindow', () => {
  it('examples', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 15)).toEqual([1, 2, 3, 0, 15])
    expect(pageWindow(8, 15)).toEqual([1, 0, 6, 7, 8, 9, 10, 0, 15])
    expect(pageWindow(4, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(1, 0)).toEqual([])
  })
  it('property: increasing pages, first, last and current always shown, gaps never adjacent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }).chain((count) => fc.tuple(fc.integer({ min: 1, max: count }), fc.constant(count))), ([page, count]) => {
        const w = pageWindow(page, count)
        const pages = w.filter((p) => p !== 0)
        expect(pages).toContain(1)
        expect(pages).toContain(count)
        expect(pages).toContain(page)
        expect(pages.every((p, i) => i === 0 || p > pages[i - 1]!)).toBe(true)
        expect(w.every((p, i) => p !== 0 || (w[i - 1] !== 0 && w[i + 1] !== undefined && w[i + 1] !== 0))).toBe(true)
        expect(w.length).toBeLessThanOrEqual(9)
      }),
    )
  })
})
