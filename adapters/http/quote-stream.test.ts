import { describe, expect, it } from 'vitest'
import { subscribeQuotes, type QuoteStreamSource } from './quote-stream'

class FakeSource implements QuoteStreamSource {
  readyState = 0
  onerror: ((ev: unknown) => void) | null = null
  onopen: ((ev: unknown) => void) | null = null
  closed = false
  listeners = new Map<string, ((ev: { data: string }) => void)[]>()
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (ev: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l])
  }
  emit(type: string, data: string) {
    for (const l of this.listeners.get(type) ?? []) l({ data })
  }
  close() {
    this.closed = true
    this.readyState = 2
  }
}

const quote = { stockCode: 'hk00700', name: '腾讯控股', status: 'trading', time: 1, price: 62000, prevClose: 61000, change: 1000, changePercent: 1.64, volume: 5, turnover: 7 }

function setup() {
  const sources: FakeSource[] = []
  const timers: (() => void)[] = []
  const got: unknown[] = []
  const sub = subscribeQuotes(['usAAPL', 'hk00700', 'hk00700'], (q) => got.push(q), {
    open: (url) => {
      const s = new FakeSource(url)
      sources.push(s)
      return s
    },
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  })
  return { sources, timers, got, sub }
}

describe('quote stream', () => {
  it('opens one stream for the stocks on screen and decodes quotes', () => {
    const { sources, got } = setup()
    expect(sources).toHaveLength(1)
    expect(sources[0]!.url).toBe('/hq/stocks/stream?stockCodes=hk00700%2CusAAPL')
    sources[0]!.emit('quote', JSON.stringify(quote))
    sources[0]!.emit('quote', '{"broken":true}')
    sources[0]!.emit('quote', 'not json')
    expect(got).toEqual([quote])
  })
  it('lets the browser retry while CONNECTING, reopens after it gives up', () => {
    const { sources, timers, got } = setup()
    sources[0]!.readyState = 0
    sources[0]!.onerror?.({})
    expect(timers).toHaveLength(0)
    sources[0]!.readyState = 2
    sources[0]!.onerror?.({})
    expect(timers).toHaveLength(1)
    timers[0]!()
    expect(sources).toHaveLength(2)
    sources[1]!.emit('quote', JSON.stringify(quote))
    expect(got).toHaveLength(1)
  })
  it('close stops everything', () => {
    const { sources, sub, timers } = setup()
    sub.close()
    expect(sources[0]!.closed).toBe(true)
    sources[0]!.onerror?.({})
    expect(timers).toHaveLength(0)
  })
  it('no stocks, no stream', () => {
    let opened = 0
    subscribeQuotes([], () => {}, { open: () => { opened++; return new FakeSource('') } })
    expect(opened).toBe(0)
  })
})
