import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ARTICLE_EQUITIES, equityById, equityChannels, equityOfChannel } from './member-content'

describe('article equities', () => {
  it('puts hk and us articles in 机会提醒, macro in 宏观策略, the rest in 产业研究', () => {
    expect(equityOfChannel('hk').name).toBe('机会提醒')
    expect(equityOfChannel('us').name).toBe('机会提醒')
    expect(equityOfChannel('macro').name).toBe('宏观策略')
    expect(equityOfChannel('tech').name).toBe('产业研究')
    expect(equityById(4)).toBeUndefined()
  })
  it('every channel is in exactly one equity, the one equityChannels describes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('hk', 'us', 'macro', 'tech', 'a'), fc.string({ maxLength: 8 })), (channel) => {
        const holding = ARTICLE_EQUITIES.filter((e) => {
          const c = equityChannels(e)
          return 'only' in c ? c.only.includes(channel) : !c.except.includes(channel)
        })
        expect(holding).toEqual([equityOfChannel(channel)])
      }),
    )
  })
})
