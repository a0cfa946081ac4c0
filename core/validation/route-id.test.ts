import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MAX_ROUTE_ID, parseRouteId } from './route-id'

describe('parseRouteId', () => {
  it('examples', () => {
    expect(parseRouteId('42')).toBe(42)
    expect(parseRouteId(String(MAX_ROUTE_ID))).toBe(MAX_ROUTE_ID)
    for (const bad of [undefined, '', '0', '007', '-1', '+1', '1e3', '1.5', ' 1', '4294967296', String(MAX_ROUTE_ID + 1), 'abc']) expect(parseRouteId(bad)).toBeNull()
  })
  it('reads back every valid id and accepts exactly the plain positive integers within the bound', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_ROUTE_ID }), (n) => parseRouteId(String(n)) === n))
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseRouteId(s)
        return r === null || (String(r) === s && r >= 1 && r <= MAX_ROUTE_ID)
      }),
    )
  })
})
