import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDuration } from './duration'

describe('formatDuration', () => {
  it('m:ss under an hour, h:mm:ss from an hour on; nonsense is 0:00', () => {
    expect([0, 5, 10, 65, 599, 3599, 3600, 3661, 86_400].map(formatDuration)).toEqual(['0:00', '0:05', '0:10', '1:05', '9:59', '59:59', '1:00:00', '1:01:01', '24:00:00'])
    expect([-1, Number.NaN, Number.POSITIVE_INFINITY].map(formatDuration)).toEqual(['0:00', '0:00', '0:00'])
    expect(formatDuration(9.9)).toBe('0:09')
  })
  it('reads back to the whole seconds', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), (s) => {
        const parts = formatDuration(s).split(':').map(Number)
        return parts.reduce((acc, p) => acc * 60 + p, 0) === s
      }),
    )
  })
})
