import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import * as Schema from 'effect/Schema'
import { ENDPOINTS } from './registry'
import { CHART_LIMIT, CHART_TYPES } from './reading-community'
import { FIRST_SCREENS, firstCallKey, firstCalls, firstScreenCalls, HOTPOST_CHARTS, HOTPOST_PAGE_SIZE, type FirstCall } from './first-screen'

const SAMPLE_PATHS = [
  '/', '/tag/hk-stocks', '/news', '/news/12', '/live', '/live/3', '/hotpost', '/hotpost/week', '/column', '/column/columnist',
  '/column/page/4', '/album/5', '/subject', '/subject/6', '/stock/hk00700', '/stock/usAAPL', '/market',
  '/chiefCircle', '/chiefCircle/recommendation', '/chiefCircle/detail/3', '/chiefCircle/guide/3', '/chiefCircle/schedule-live/4',
]

describe('first screens', () => {
  const byName = new Map(ENDPOINTS.map((e) => [e.endpoint.name, e.endpoint]))
  it('name real GET endpoints, with inputs their schemas accept', () => {
    const calls = SAMPLE_PATHS.flatMap((p) => firstScreenCalls(p) ?? [])
    expect(calls.length).toBeGreaterThan(SAMPLE_PATHS.length)
    for (const call of calls) {
      const endpoint = byName.get(call.endpoint)
      expect(endpoint, call.endpoint).toBeDefined()
      expect(endpoint!.method).toBe('GET')
      // the server encodes them into a URL with these schemas (server/seo/first-screen.ts)
      expect(() => Schema.encodeUnknownSync(endpoint!.params as unknown as Schema.Codec<unknown, unknown>)(call.params ?? {})).not.toThrow()
      expect(() => Schema.encodeUnknownSync(endpoint!.query as unknown as Schema.Codec<unknown, unknown>)(call.query ?? {})).not.toThrow()
    }
  })

  it('cover every sample page, and leave other pages and bad ids to the browser', () => {
    for (const p of SAMPLE_PATHS) expect(firstScreenCalls(p), p).not.toBeNull()
    expect(firstScreenCalls('/news/')).toEqual(firstScreenCalls('/news'))
    for (const p of ['/market/hotRange/hk', '/my/profile', '/news/0', '/news/99999999999', '/hotpost/year', '/stock/xx00700', '/stock/h', '/search']) {
      expect(firstScreenCalls(p), p).toBeNull()
    }
    expect(FIRST_SCREENS.length).toBeGreaterThanOrEqual(14)
  })

  it('agree with the contract on the chart sizes', () => {
    expect(HOTPOST_PAGE_SIZE).toBe(CHART_LIMIT)
    expect([...HOTPOST_CHARTS]).toEqual([...CHART_TYPES])
  })

  it('key a call by its content, whatever the order of its input keys', () => {
    const input = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean()))
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), input, input, (endpoint, params, query) => {
        const reversed = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).reverse()) as FirstCall['query']
        expect(firstCallKey({ endpoint, params, query })).toBe(firstCallKey({ endpoint, params: reversed(params), query: reversed(query) }))
      }),
    )
    expect(firstCallKey(firstCalls.news(1))).not.toBe(firstCallKey(firstCalls.news(2)))
    expect(firstCallKey(firstCalls.lives(false))).not.toBe(firstCallKey(firstCalls.lives(true)))
  })
})
