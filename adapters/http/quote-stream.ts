// Live quotes from the server (server-sent events, GET /hq/stocks/stream): a small EventSource wrapper.
// The browser's EventSource reconnects by itself after a dropped connection; when it gives up (CLOSED) we
// open a new one after a pause, so quotes resume without a reload. Each `quote` event is decoded with the
// NetChange schema; malformed events are ignored.
import * as Schema from 'effect/Schema'
import { NetChange, QUOTE_STREAM_PATH } from '../../core/api/market'

export interface QuoteStreamSource {
  readonly readyState: number
  onerror: ((ev: unknown) => void) | null
  onopen: ((ev: unknown) => void) | null
  addEventListener(type: string, listener: (ev: { data: string }) => void): void
  close(): void
}
export type QuoteStreamFactory = (url: string) => QuoteStreamSource

export interface QuoteStreamOptions {
  /** default: the browser's EventSource */
  open?: QuoteStreamFactory
  /** pause before reopening a closed stream */
  reopenMs?: number
  /** for tests */
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (id: unknown) => void
}

export interface QuoteSubscription {
  close(): void
}

const decode = Schema.decodeUnknownOption(Schema.fromJsonString(NetChange))
const CLOSED = 2

export function subscribeQuotes(stockCodes: readonly string[], onQuote: (q: NetChange) => void, options: QuoteStreamOptions = {}): QuoteSubscription {
  const open = options.open ?? ((url: string) => new EventSource(url) as unknown as QuoteStreamSource)
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>))
  const reopenMs = options.reopenMs ?? 3_000
  const codes = [...new Set(stockCodes)].sort()
  let source: QuoteStreamSource | null = null
  let timer: unknown = null
  let closed = codes.length === 0

  const connect = () => {
    if (closed) return
    const s = open(`${QUOTE_STREAM_PATH}?stockCodes=${encodeURIComponent(codes.join(','))}`)
    source = s
    s.addEventListener('quote', (ev) => {
      const q = decode(ev.data)
      if (q._tag === 'Some') onQuote(q.value)
    })
    s.onerror = () => {
      // CONNECTING: the browser retries by itself; CLOSED: it gave up, so we reopen after a pause
      if (s.readyState === CLOSED && !closed && timer === null) {
        s.close()
        timer = setTimer(() => {
          timer = null
          connect()
        }, reopenMs)
      }
    }
  }
  connect()
  return {
    close() {
      closed = true
      if (timer !== null) clearTimer(timer)
      source?.close()
    },
  }
}
