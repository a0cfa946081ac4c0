import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseInitialData, serialiseInitialData, type InitialData } from './initial-data'

const config = { vipDisplay: true, trendingSearchKeywords: '腾讯控股,英伟达', externalDataUrl: 'https://data.example.com' }

describe('initial data', () => {
  it('round-trips and never contains a closing tag', () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const data: InitialData = {
          config,
          home: { channel: 'home', channels: [], lives: [], feed: { list: [{ title } as never], hasMore: true } },
        }
        const text = serialiseInitialData(data)
        expect(text.toLowerCase()).not.toContain('</script')
        expect(text).not.toContain('<')
        expect(parseInitialData(text)).toEqual(data)
      }),
    )
  })
  it('treats malformed data as none, and a malformed home as no home', () => {
    expect(parseInitialData(null)).toBeNull()
    expect(parseInitialData('{')).toBeNull()
    expect(parseInitialData('[]')).toBeNull()
    expect(parseInitialData('{"home":{}}')).toBeNull()
    expect(parseInitialData(JSON.stringify({ config, home: { channel: 1 } }))).toEqual({ config })
  })
})
