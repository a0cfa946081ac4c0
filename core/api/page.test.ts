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

  it('paging by a timestamp cursor (the next page is everything older than the last shown) loses and repeats nothing, even when many items share a second', () => {
    // a list newest first; several items per second, as a busy reader's comments or messages are
    const list = fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 60 }).map((ts) =>
      ts.sort((a, b) => b - a).map((at, id) => ({ id, at })),
    )
    fc.assert(
      fc.property(list, fc.integer({ min: 2, max: 10 }), (items, count) => {
        // each item's second holds fewer than `count` items: a page can always end between two seconds
        fc.pre([...new Set(items.map((i) => i.at))].every((at) => items.filter((i) => i.at === at).length < count))
        const seen: number[] = []
        let before = Number.MAX_SAFE_INTEGER
        for (let guard = 0; guard < 100; guard++) {
          const rows = items.filter((i) => i.at < before).slice(0, count + 1)
          const page = cursorPage(rows, count, (i) => i.at)
          seen.push(...page.list.map((i) => i.id))
          if (!page.hasMore) break
          before = page.list[page.list.length - 1]!.at
        }
        expect(seen).toEqual(items.map((i) => i.id))
      }),
    )
  })

  it('ends a page before a second that runs over into the next page', () => {
    const rows = [{ at: 9 }, { at: 8 }, { at: 7 }, { at: 7 }]
    expect(cursorPage(rows, 3, (r) => r.at)).toEqual({ list: [{ at: 9 }, { at: 8 }], hasMore: true })
    // a page that is one second throughout cannot end earlier: shown whole
    expect(cursorPage([{ at: 7 }, { at: 7 }, { at: 7 }], 2, (r) => r.at).list).toHaveLength(2)
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
