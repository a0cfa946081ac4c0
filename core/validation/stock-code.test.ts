import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatStockCode, isKnownMarket, parseStockCode } from './stock-code'

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')
const codeChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-')
const market = fc.tuple(letter, letter).map(([a, b]) => (a + b).toLowerCase())
const code = fc.array(codeChar, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''))

describe('parseStockCode', () => {
  it.each([
    ['hk00700', { market: 'hk', code: '00700' }],
    ['usAAPL', { market: 'us', code: 'AAPL' }],
    ['HK00700', { market: 'hk', code: '00700' }],
    ['usBRK.B', { market: 'us', code: 'BRK.B' }],
    ['sh6', { market: 'sh', code: '6' }],
  ])('%s', (id, parsed) => {
    expect(parseStockCode(id)).toEqual(parsed)
  })

  it.each([[''], ['h'], ['hk'], ['0700'], ['h700'], ['hk 700'], ['hk/700'], ['hk007é']])('rejects %j', (id) => {
    expect(parseStockCode(id)).toBeNull()
  })

  it('round-trips format then parse', () => {
    fc.assert(
      fc.property(market, code, (m, c) => {
        expect(parseStockCode(formatStockCode({ market: m, code: c }))).toEqual({ market: m, code: c })
      }),
    )
  })

  it('round-trips parse then format up to the market case', () => {
    fc.assert(
      fc.property(letter, letter, code, (a, b, c) => {
        const id = a + b + c
        const parsed = parseStockCode(id)
        expect(parsed).not.toBeNull()
        if (parsed) expect(formatStockCode(parsed)).toBe((a + b).toLowerCase() + c)
      }),
    )
  })

  it('rejects every id shorter than 3 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2 }), (id) => {
        expect(parseStockCode(id)).toBeNull()
      }),
    )
  })
})

describe('isKnownMarket', () => {
  it('knows hk and us only', () => {
    expect(isKnownMarket('hk')).toBe(true)
    expect(isKnownMarket('us')).toBe(true)
    expect(isKnownMarket('HK')).toBe(false)
    expect(isKnownMarket('sh')).toBe(false)
    expect(isKnownMarket('')).toBe(false)
  })
})
