import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { buildResultsUrl } from './search-url'

describe('buildResultsUrl', () => {
  it('builds /search?keyword= with the term encoded (spec 000 §2)', () => {
    expect(buildResultsUrl('腾讯')).toBe('/search?keyword=%E8%85%BE%E8%AE%AF')
    expect(buildResultsUrl('a&b=c #d')).toBe('/search?keyword=a%26b%3Dc%20%23d')
    expect(buildResultsUrl('AAPL', 'live')).toBe('/search?keyword=AAPL&type=live')
  })
  it('property: the keyword survives a URL round-trip', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(undefined, 'post' as const, 'live' as const, 'financeCircle' as const), (k, t) => {
        const url = new URL(buildResultsUrl(k, t), 'https://example.com')
        expect(url.pathname).toBe('/search')
        expect(url.searchParams.get('keyword')).toBe(k)
        expect(url.searchParams.get('type')).toBe(t ?? null)
      }),
    )
  })
})
