import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { NetChange, QuoteInfo } from '../api/market'
import { isUnknownStock, mergeLiveQuote } from './live-quote'

const quote = { price: 50000, change: 100, changePercent: 0.2, volume: 1, turnover: 2, status: 'trading', high: 50500, low: 49800, name: '腾讯控股' } as unknown as QuoteInfo
const tick = (price: number): NetChange => ({ stockCode: 'hk00700', name: '腾讯控股', status: 'closed', time: 1, price, prevClose: 49900, change: price - 49900, changePercent: 1, volume: 9, turnover: 8 })

describe('mergeLiveQuote', () => {
  it('no tick: the quote as loaded', () => {
    expect(mergeLiveQuote(quote, undefined)).toBe(quote)
  })
  it('the tick’s live fields win; the rest stays', () => {
    const q = mergeLiveQuote(quote, tick(50100))
    expect(q).toMatchObject({ price: 50100, change: 200, changePercent: 1, volume: 9, turnover: 8, status: 'closed', time: 1, high: 50500, low: 49800, name: '腾讯控股' })
  })
  it('the tick says whether today is a holiday or a half day (issue 24): it names it, or clears the loaded one', () => {
    const closed = mergeLiveQuote(quote, { ...tick(50100), holiday: 'thanksgiving' })
    expect(closed).toMatchObject({ status: 'closed', holiday: 'thanksgiving' })
    expect(mergeLiveQuote(closed, { ...tick(50100), status: 'preMarket' }).holiday).toBeUndefined()
    expect(mergeLiveQuote(quote, { ...tick(50100), status: 'trading', halfDay: 'christmasEve' }).halfDay).toBe('christmasEve')
  })
  it('for any live price the day range takes it in and never narrows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (p) => {
        const q = mergeLiveQuote(quote, tick(p))
        return q.low <= p && p <= q.high && q.low <= quote.low && q.high >= quote.high
      }),
    )
  })
})

describe('isUnknownStock', () => {
  it('404 or the 股票不存在 message; other failures are not', () => {
    expect(isUnknownStock({ statusCode: 404, message: 'x' })).toBe(true)
    expect(isUnknownStock({ message: '股票不存在' })).toBe(true)
    expect(isUnknownStock({ statusCode: 500, message: '服务器繁忙，请稍后重试' })).toBe(false)
    expect(isUnknownStock({ message: null })).toBe(false)
  })
})
