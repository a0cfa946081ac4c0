import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { sortBy } from './sort-rows'

describe('sortBy', () => {
  it('orders by the field in either direction, ties by id, whatever the input order', () => {
    const row = fc.record({ id: fc.string({ minLength: 1, maxLength: 6 }), price: fc.integer({ min: 0, max: 1000 }) })
    fc.assert(
      fc.property(fc.uniqueArray(row, { selector: (r) => r.id, maxLength: 30 }), fc.constantFrom('asc' as const, 'desc' as const), (rows, order) => {
        const sorted = sortBy([...rows], 'price', order)
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!]
          const d = order === 'asc' ? b.price - a.price : a.price - b.price
          expect(d > 0 || (d === 0 && a.id.localeCompare(b.id) < 0)).toBe(true)
        }
        expect(sortBy([...rows].reverse(), 'price', order)).toEqual(sorted)
      }),
    )
  })
})
