import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { hotWordAt, parseTrendingKeywords } from './trending-keywords'

describe('parseTrendingKeywords', () => {
  it('splits the comma-separated config value', () => {
    expect(parseTrendingKeywords('腾讯控股, 英伟达,,特斯拉 ')).toEqual(['腾讯控股', '英伟达', '特斯拉'])
    expect(parseTrendingKeywords('美团，小米')).toEqual(['美团', '小米'])
    expect(parseTrendingKeywords('')).toEqual([])
    expect(parseTrendingKeywords(undefined)).toEqual([])
    expect(parseTrendingKeywords('a,a,b')).toEqual(['a', 'b'])
  })
  it('property: words are trimmed, non-empty, distinct, comma-free and joined back give the same words', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const words = parseTrendingKeywords(s)
        for (const w of words) {
          expect(w).toBe(w.trim())
          expect(w).not.toBe('')
          expect(w).not.toMatch(/[,，]/)
        }
        expect(new Set(words).size).toBe(words.length)
        expect(parseTrendingKeywords(words.join(','))).toEqual(words)
      }),
    )
  })
})

describe('hotWordAt', () => {
  it('wraps around and is undefined without words', () => {
    expect(hotWordAt(['a', 'b'], 0)).toBe('a')
    expect(hotWordAt(['a', 'b'], 3)).toBe('b')
    expect(hotWordAt([], 2)).toBeUndefined()
  })
  it('property: always a member of a non-empty list', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1 }), fc.integer(), (ws, i) => {
        expect(ws).toContain(hotWordAt(ws, i))
      }),
    )
  })
})
