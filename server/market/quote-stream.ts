// Live quotes for the stocks on screen as server-sent events: GET /hq/stocks/stream?stockCodes=hk00700,usAAPL.
// Every push is a `quote` event carrying a NetChange (the same schema as /hq/stocks/net-change), sent when
// the price or volume moved, at most MAX_PUSHES_PER_SECOND per stock. The browser's EventSource resumes a
// dropped connection by itself (`retry`), and the first events after (re)connecting are the current quotes.
import type { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import { MAX_PUSHES_PER_SECOND, NetChange, QUOTE_STREAM_PATH, StockIdList } from '../../core/api/market'
import { contentLang } from '../i18n/to-hk'
import { failure } from '../http/api-error'
import { issueMessage } from '../http/issue-message'
import { knownStocks, netChangeFor, type Market } from './market-data'

const Query = Schema.Struct({ stockCodes: StockIdList })
const decodeQuery = Schema.decodeUnknownResult(Query)
const encodeQuote = Schema.encodeUnknownSync(NetChange)
const HEARTBEAT_MS = 15_000
const RETRY_MS = 2_000

export interface StreamOptions {
  /** how often quotes are re-read; default 1000 / MAX_PUSHES_PER_SECOND */
  intervalMs?: number
}

export function registerQuoteStream(app: Hono, market: () => Promise<Market>, options: StreamOptions = {}): void {
  const interval = Math.max(1000 / MAX_PUSHES_PER_SECOND, options.intervalMs ?? 1000 / MAX_PUSHES_PER_SECOND)
  app.get(QUOTE_STREAM_PATH, async (c) => {
    const decoded = decodeQuery(c.req.query())
    if (Result.isFailure(decoded)) return c.json(failure(400, issueMessage(Query, decoded.failure)), 400)
    const m = await market()
    const stocks = knownStocks(m, decoded.success.stockCodes)
    const lang = contentLang(c.req.header('Client-Lang'))
    return streamSSE(c, async (stream) => {
      const last = new Map<string, string>()
      let seq = 0
      let quietFor = 0
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ stockCodes: stocks.map((s) => s.id) }), retry: RETRY_MS })
      while (!stream.aborted && !stream.closed) {
        for (const s of stocks) {
          const q = netChangeFor(m, s, lang)
          const key = `${q.price}:${q.volume}:${q.status}:${q.holiday ?? ''}:${q.halfDay ?? ''}`
          if (last.get(s.id) === key) continue
          last.set(s.id, key)
          quietFor = 0
          await stream.writeSSE({ event: 'quote', id: String(++seq), data: JSON.stringify(encodeQuote(q)) })
        }
        quietFor += interval
        if (quietFor >= HEARTBEAT_MS) {
          quietFor = 0
          await stream.write(': heartbeat\n\n')
        }
        await stream.sleep(interval)
      }
    })
  })
}
