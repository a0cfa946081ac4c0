// A stock's stored daily bars, oldest first, packed six figures a bar in one Float64Array (issue 31: a
// server that does not age). As objects the seeded history (302 stocks × 250 bars) held 13.3 MB of heap for
// the life of the process, each bar an object with its own boxed numbers; packed it is 3.6 MB outside the
// heap. A bar is made as an object only when it is read. Written here because it is six numbers a row:
// no library packs rows of a fixed shape more simply than a typed array.
import type { Candle } from '../../core/market/kline'

const FIELDS = 6

export class PackedBars implements Iterable<Candle> {
  static readonly EMPTY = new PackedBars(new Float64Array(0))

  private constructor(private readonly data: Float64Array) {}

  /** Bars given as objects (tests, the fixture simulator), oldest first. */
  static from(bars: readonly Candle[]): PackedBars {
    const data = new Float64Array(bars.length * FIELDS)
    bars.forEach((b, i) => data.set([b.time, b.openCents, b.highCents, b.lowCents, b.closeCents, b.volume], i * FIELDS))
    return new PackedBars(data)
  }

  /** Bars as the database aggregates them: `day,open,high,low,close,volume` joined by ';', oldest first. */
  static parse(text: string): PackedBars {
    const rows = text === '' ? [] : text.split(';')
    const data = new Float64Array(rows.length * FIELDS)
    rows.forEach((row, i) => {
      const figures = row.split(',')
      for (let f = 0; f < FIELDS; f++) data[i * FIELDS + f] = Number(figures[f])
    })
    return new PackedBars(data)
  }

  get length(): number {
    return this.data.length / FIELDS
  }

  /** The bar at index i (negative counts from the newest), or undefined outside the history. */
  at(i: number): Candle | undefined {
    const n = this.length
    const k = i < 0 ? n + i : i
    if (!Number.isInteger(k) || k < 0 || k >= n) return undefined
    const d = this.data
    const o = k * FIELDS
    return { time: d[o]!, openCents: d[o + 1]!, highCents: d[o + 2]!, lowCents: d[o + 3]!, closeCents: d[o + 4]!, volume: d[o + 5]! }
  }

  /** The bar's day (seconds), without making the bar. */
  time(i: number): number {
    return this.data[i * FIELDS]!
  }

  /** Where a day's bar stands, by binary search (the bars are oldest first), or undefined. */
  indexOfDay(day: number): number | undefined {
    let lo = 0
    let hi = this.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const t = this.time(mid)
      if (t === day) return mid
      if (t < day) lo = mid + 1
      else hi = mid - 1
    }
    return undefined
  }

  /** Bytes the figures take (the bench's memory lines). */
  get bytes(): number {
    return this.data.byteLength
  }

  *[Symbol.iterator](): Iterator<Candle> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!
  }
}

/** Every stock's stored daily bars, by stock id. */
export type DailyHistory = ReadonlyMap<string, PackedBars>
