import fc from 'fast-check'
import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { cursorPage, emptyPage, numberedPage, Page } from './page'

describe('numberedPage', () => {
  it('more follow exactly while the pages so far hold fewer than total', () => {
    expect(numberedPage([1, 2], { page: 1, count: 2, total: 5 })).toEqual({ list: [1, 2], hasMore: true, total: 5, page: 1 })
    expect(numberedPage([5], { page: 3, count: 2, total: 5 }).hasMore).toBe(false)
    expect(numberedPage([3, 4], { page: 2, count: 2, total: 4 }).hasMore).toBe(false)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 20 }), (total, count, page) => {
        const shownSoFar = Math.min(total, page * count)
        expect(numberedPage([], { page, count, total }).hasMore).toBe(shownSoFar < total)
      }),
    )
  })
  it('an empty page has nothing more', () => expect(emptyPage()).toEqual({ list: [], hasMore: false, total: 0, page: 1 }))
})

describe('cursorPage', () => {
  it('shows count rows; the extra row only says more follow', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 30 }), fc.integer({ min: 1, max: 20 }), (rows, count) => {
        const p = cursorPage(rows, count)
        expect(p.list).toEqual(rows.slice(0, count))
        expect(p.hasMore).toBe(rows.length > count)
      }),
    )
  })
})

describe('Page', () => {
  it('decodes a cursor page and a numbered page, and refuses a page without hasMore', () => {
    const decode = Schema.decodeUnknownSync(Page(Schema.Number))
    expect(decode({ list: [1], hasMore: false })).toEqual({ list: [1], hasMore: false })
    expect(decode(numberedPage([1], { page: 1, count: 1, total: 1 }))).toEqual({ list: [1], hasMore: false, total: 1, page: 1 })
    expect(() => decode({ list: [1] })).toThrow()
  })
})
