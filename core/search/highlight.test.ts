import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { highlightRanges, keywordTerms, toSegments } from './highlight'

describe('keywordTerms', () => {
  it('splits at spaces, lower-cases, drops repeats, longest first', () => {
    expect(keywordTerms('  腾讯  AAPL 腾讯 ')).toEqual(['aapl', '腾讯'])
    expect(keywordTerms('   ')).toEqual([])
  })
})

describe('highlightRanges', () => {
  it('marks every occurrence, case-insensitively, merging overlaps', () => {
    expect(highlightRanges('腾讯控股发布腾讯业绩', ['腾讯'])).toEqual([
      [0, 2],
      [6, 8],
    ])
    expect(highlightRanges('Apple AAPL', ['aapl'])).toEqual([[6, 10]])
    expect(highlightRanges('港股通南向资金', ['港股通', '股通南'])).toEqual([[0, 4]])
    expect(highlightRanges('没有', ['腾讯'])).toEqual([])
  })
})

describe('toSegments', () => {
  it('cuts text into plain and hit segments', () => {
    expect(toSegments('腾讯控股发布', [[0, 2]])).toEqual([
      { text: '腾讯', hit: true },
      { text: '控股发布', hit: false },
    ])
    expect(toSegments('', [])).toEqual([{ text: '', hit: false }])
  })

  it('law: segments always join back to the text, whatever the ranges', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.tuple(fc.integer({ min: -5, max: 40 }), fc.integer({ min: -5, max: 40 }))), (text, ranges) => {
        expect(toSegments(text, ranges).map((s) => s.text).join('')).toBe(text)
      }),
    )
  })

  it('law: the hit segments of highlightRanges are exactly occurrences of a term', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('腾', '讯', '控', '股', 'a', 'b') }), fc.constantFrom('腾讯', 'ab', '股'), (text, term) => {
        const hits = toSegments(text, highlightRanges(text, [term])).filter((s) => s.hit)
        expect(hits.every((h) => h.text.length % term.length === 0 && h.text.includes(term))).toBe(true)
        expect(hits.length > 0).toBe(text.includes(term))
      }),
    )
  })
})
