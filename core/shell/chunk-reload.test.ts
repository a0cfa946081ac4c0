import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isChunkLoadError, shouldReloadForChunkError } from './chunk-reload'

describe('chunk-load reload rule', () => {
  it('recognises the browsers’ chunk errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/news-x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })
  it('reloads at most once per 60 s', () => {
    const now = 1_800_000_000_000
    expect(shouldReloadForChunkError(null, now)).toBe(true)
    expect(shouldReloadForChunkError('garbage', now)).toBe(true)
    expect(shouldReloadForChunkError(String(now - 59_999), now)).toBe(false)
    expect(shouldReloadForChunkError(String(now - 60_000), now)).toBe(true)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.integer({ min: 0, max: 200_000 }), (last, gap) => {
        expect(shouldReloadForChunkError(String(last), last + gap)).toBe(gap >= 60_000)
      },
      ),
    )
  })
})
