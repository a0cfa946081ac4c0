// Daily bars from CSV (issue 24: an operator loads real history): the common OHLCV layout
// `date,open,high,low,close,volume`, with a `symbol` column or one stock for the whole file (--stock).
// Headers are matched without case (Date, Open, …; `stock`, `code` or `ticker` for the symbol); other
// columns (adj close, …) are ignored. Every row is decoded with an Effect Schema; a file with any bad
// row writes nothing and names each bad row by its line number.
import Papa from 'papaparse'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import type { Db } from '../db/db'
import { stockKeys, upsertDailyBars, type DailyBarRow } from './daily-bars-repository'

const Price = Schema.FiniteFromString.check(Schema.isGreaterThan(0), Schema.isLessThan(1e10))
/** Row as read: text cells. */
export const CsvBar = Schema.Struct({
  date: Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be YYYY-MM-DD' })),
  open: Price,
  high: Price,
  low: Price,
  close: Price,
  volume: Schema.FiniteFromString.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0), Schema.isLessThan(2 ** 53)),
})
const decodeBar = Schema.decodeUnknownResult(CsvBar)

export interface BadRow {
  line: number
  message: string
}

export interface ParsedBars {
  rows: DailyBarRow[]
  errors: BadRow[]
}

export interface StockKey {
  id: string
  code: string
  codeDisp: string
  market: string
}

const SYMBOL_HEADERS = ['symbol', 'stock', 'code', 'ticker']
const NEEDED = ['date', 'open', 'high', 'low', 'close', 'volume'] as const

/** Our id of a symbol as files write it: hk00700, 00700.HK, 0700.HK, 700.HK, usAAPL, AAPL. */
export function resolveSymbol(symbol: string, stocks: readonly StockKey[]): string | undefined {
  const s = symbol.trim()
  const byId = stocks.find((k) => k.id.toLowerCase() === s.toLowerCase())
  if (byId) return byId.id
  const hk = /^(\d{1,5})\.HK$/i.exec(s)
  if (hk) return stocks.find((k) => k.market === 'hk' && k.code === (hk[1] as string).padStart(5, '0'))?.id
  return stocks.find((k) => k.codeDisp.toLowerCase() === s.toLowerCase() || (k.market === 'us' && k.code.toLowerCase() === s.toLowerCase()))?.id
}

const cents = (x: number) => Math.round(x * 100)

/** The file's rows as bars, or its bad rows with their line numbers (line 1 is the header). */
export function parseBarsCsv(text: string, stocks: readonly StockKey[], stock?: string): ParsedBars {
  const errors: BadRow[] = []
  const fixed = stock === undefined ? undefined : resolveSymbol(stock, stocks)
  if (stock !== undefined && !fixed) return { rows: [], errors: [{ line: 0, message: `unknown stock ${stock}` }] }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false })
  const lines = parsed.data
  const header = (lines[0] ?? []).map((h) => h.trim().toLowerCase())
  const col = Object.fromEntries(NEEDED.map((n) => [n, header.indexOf(n)])) as Record<(typeof NEEDED)[number], number>
  const symbolCol = header.findIndex((h) => SYMBOL_HEADERS.includes(h))
  const missing = NEEDED.filter((n) => col[n] < 0)
  if (missing.length) return { rows: [], errors: [{ line: 1, message: `header lacks ${missing.join(', ')} (expected date,open,high,low,close,volume)` }] }
  if (!fixed && symbolCol < 0) return { rows: [], errors: [{ line: 1, message: 'no symbol column: add one (symbol) or name the stock with --stock' }] }
  const rows: DailyBarRow[] = []
  const seen = new Map<string, number>()
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i] as string[]
    const line = i + 1
    if (cells.every((c) => c.trim() === '')) continue
    const cell = Object.fromEntries(NEEDED.map((n) => [n, (cells[col[n]] ?? '').trim()]))
    const empty = NEEDED.filter((n) => cell[n] === '')
    if (empty.length) {
      errors.push({ line, message: `no ${empty.join(', ')}` })
      continue
    }
    const decoded = decodeBar(cell)
    if (Result.isFailure(decoded)) {
      errors.push({ line, message: String(decoded.failure.message).replace(/\s+/g, ' ').slice(0, 200) })
      continue
    }
    const b = decoded.success
    const id = fixed ?? resolveSymbol(cells[symbolCol] ?? '', stocks)
    if (!id) {
      errors.push({ line, message: `unknown stock ${(cells[symbolCol] ?? '').trim() || '(empty)'}` })
      continue
    }
    const day = Date.parse(`${b.date}T00:00:00Z`) / 1000
    if (Number.isNaN(day) || new Date(day * 1000).toISOString().slice(0, 10) !== b.date) {
      errors.push({ line, message: `no such date ${b.date}` })
      continue
    }
    const [open, high, low, close] = [cents(b.open), cents(b.high), cents(b.low), cents(b.close)]
    if (high < Math.max(open, close, low) || low > Math.min(open, close)) {
      errors.push({ line, message: 'high must be the highest and low the lowest of open, high, low and close' })
      continue
    }
    const key = `${id}|${day}`
    const first = seen.get(key)
    if (first !== undefined) {
      errors.push({ line, message: `${id} ${b.date} already on line ${first}` })
      continue
    }
    seen.set(key, line)
    rows.push({ stock_id: id, day, open_cents: open, high_cents: high, low_cents: low, close_cents: close, volume: b.volume })
  }
  if (rows.length === 0 && errors.length === 0) errors.push({ line: 1, message: 'no bars in the file' })
  return { rows, errors }
}

/** Parses and, only when every row is good, writes the bars in one transaction. */
export async function importBarsCsv(db: Db, text: string, stock?: string): Promise<ParsedBars> {
  const result = parseBarsCsv(text, await stockKeys(db), stock)
  if (result.errors.length === 0) await upsertDailyBars(db, result.rows)
  return result
}
