import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseInitialData, serialiseInitialData, type InitialData } from './initial-data'
import { firstCallKey, firstCalls } from './first-screen'

const config = { vipDisplay: true, premiumShop: true, trendingSearchKeywords: '腾讯控股,英伟达', externalDataUrl: 'https://data.example.com' }

describe('initial data', () => {
  it('round-trips and never contains a closing tag', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0 }), (title, servedAt) => {
        const data: InitialData = {
          config,
          answers: { [firstCallKey(firstCalls.homeFeed('home'))]: { list: [{ title }], hasMore: true } },
          servedAt,
        }
        const text = serialiseInitialData(data)
        expect(text.toLowerCase()).not.toContain('</script')
        expect(text).not.toContain('<')
        expect(parseInitialData(text)).toEqual(data)
      }),
    )
  })
  it('treats malformed data as none, and malformed answers or time as none of them', () => {
    expect(parseInitialData(null)).toBeNull()
    expect(parseInitialData('{')).toBeNull()
    expect(parseInitialData('[]')).toBeNull()
    expect(parseInitialData('{"answers":{}}')).toBeNull()
    expect(parseInitialData(JSON.stringify({ config, answers: [1], servedAt: 'now' }))).toEqual({ config })
  })
})
