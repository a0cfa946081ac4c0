// Live quotes for the stocks on screen (market pages, portfolio positions): the server's pushes
// (adapters/http/quote-stream.ts) gathered per animation frame into a map stockCode → latest NetChange.
import { useEffect, useState } from 'react'
import type { NetChange } from '../../core/api/market'
import { subscribeQuotes } from '../../adapters/http/quote-stream'

/** Live quotes for the stocks on screen: a map stockCode → latest NetChange pushed by the server. */
export function useLiveQuotes(stockCodes: readonly string[]): ReadonlyMap<string, NetChange> {
  const [quotes, setQuotes] = useState<ReadonlyMap<string, NetChange>>(new Map())
  const key = [...new Set(stockCodes)].sort().join(',')
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return
    let pending: NetChange[] = []
    let frame: number | null = null
    const flush = () => {
      frame = null
      const batch = pending
      pending = []
      setQuotes((old) => {
        const next = new Map(old)
        for (const q of batch) next.set(q.stockCode, q)
        return next
      })
    }
    const sub = subscribeQuotes(key.split(','), (q) => {
      pending.push(q)
      frame ??= requestAnimationFrame(flush)
    })
    return () => {
      sub.close()
      if (frame !== null) cancelAnimationFrame(frame)
    }
  }, [key])
  return quotes
}
