// The market charts on uPlot, framework-free so that the benchmark can load them alone: candlesticks with
// volume (day/week/month/1-minute klines) and the minute line (分时) with its average line and volume.
// Candles and volume bars are drawn by one draw hook in two batched paths per colour (fast for 10,000 bars).
import uPlot from 'uplot'

export interface ChartBar {
  time: number
  open: number
  high: number
  low: number
  close: number
  volume: number
}
export interface MinutePointIn {
  time: number
  price: number
  avg: number
  volume: number
}
export interface ChartColours {
  up: string
  down: string
  line: string
  avg: string
  grid: string
  text: string
}
export interface ChartOptions {
  width: number
  height: number
  colours: ChartColours
  formatTime: (t: number) => string
  formatPrice: (cents: number) => string
  /** the bar or minute under the crosshair (null when the cursor leaves) */
  onCursor?: (index: number | null) => void
}

export interface LiveChart {
  /** updates the last bar when `time` matches it, else appends one; redraws */
  tick(bar: ChartBar | MinutePointIn): void
  resize(width: number, height: number): void
  destroy(): void
  readonly plot: uPlot
}

const axisFont = '11px sans-serif'

/**
 * The volume bars fill at most the bottom quarter of the plot (the 'vol' scale reaches this many times
 * the highest volume); the price axis labels and grid lines stop above that band, so no price label or
 * line is drawn over the volume bars (issue 25).
 */
const VOLUME_BAND = 4
const volumeRange = (_u: uPlot, _lo: number, hi: number): uPlot.Range.MinMax => [0, (hi || 1) * VOLUME_BAND]

/** The price axis' splits that lie above the volume band (null: neither label nor grid line). */
export function priceSplitsAboveVolume(u: Pick<uPlot, 'scales'>, splits: number[]): (number | null)[] {
  const { min, max } = u.scales.price ?? {}
  if (min == null || max == null) return splits
  const floor = min + (max - min) / VOLUME_BAND
  return splits.map((v) => (v >= floor ? v : null))
}

function axes(o: ChartOptions, times: () => number[]): uPlot.Axis[] {
  return [
    {
      stroke: o.colours.text,
      font: axisFont,
      grid: { stroke: o.colours.grid, width: 1 },
      ticks: { show: false },
      values: (_u, splits) => splits.map((i) => {
        const t = times()[Math.round(i)]
        return t === undefined ? '' : o.formatTime(t)
      }),
      space: 80,
    },
    {
      scale: 'price',
      stroke: o.colours.text,
      font: axisFont,
      grid: { stroke: o.colours.grid, width: 1 },
      ticks: { show: false },
      size: 64,
      filter: (u, splits) => priceSplitsAboveVolume(u, splits),
      values: (_u, splits) => splits.map((v) => (v == null ? '' : o.formatPrice(v))),
    },
  ]
}

function cursorHook(o: ChartOptions): ((u: uPlot) => void)[] {
  return [(u: uPlot) => o.onCursor?.(u.cursor.idx ?? null)]
}

function drawBars(u: uPlot, colourOf: (i: number) => boolean, top: (i: number) => [number, number] | null, up: string, down: string, widthShare: number) {
  const ctx = u.ctx
  // x values are bar indices for candles and trading-minute positions for the minute line: both rise with i
  const xs = u.data[0]
  const lo = u.scales.x!.min ?? 0
  const hi = u.scales.x!.max ?? 0
  let min = 0
  while (min < xs.length && (xs[min] as number) < lo) min++
  let max = xs.length - 1
  while (max >= min && (xs[max] as number) > hi) max--
  if (max < min) return
  const col = u.bbox.width / Math.max(1, hi - lo)
  const w = Math.max(1, Math.floor(col * widthShare))
  for (const rising of [true, false]) {
    ctx.beginPath()
    for (let i = min; i <= max; i++) {
      if (colourOf(i) !== rising) continue
      const ys = top(i)
      if (!ys) continue
      const x = Math.round(u.valToPos(xs[i] as number, 'x', true) - w / 2)
      const y0 = Math.round(Math.min(ys[0], ys[1]))
      ctx.rect(x, y0, w, Math.max(1, Math.round(Math.abs(ys[1] - ys[0]))))
    }
    ctx.fillStyle = rising ? up : down
    ctx.fill()
  }
}

/** Candlesticks with volume. Bars are placed by index, so weekends and nights leave no gaps. */
export function createCandleChart(el: HTMLElement, bars: readonly ChartBar[], o: ChartOptions): LiveChart {
  const xs: number[] = []
  const times: number[] = []
  const open: number[] = []
  const high: number[] = []
  const low: number[] = []
  const close: number[] = []
  const volume: number[] = []
  const push = (b: ChartBar) => {
    xs.push(xs.length)
    times.push(b.time)
    open.push(b.open)
    high.push(b.high)
    low.push(b.low)
    close.push(b.close)
    volume.push(b.volume)
  }
  for (const b of bars) push(b)
  const rising = (i: number) => (close[i] as number) >= (open[i] as number)

  const draw = (u: uPlot) => {
    const ctx = u.ctx
    ctx.save()
    // volume in the bottom quarter
    drawBars(u, rising, (i) => [u.valToPos(volume[i] as number, 'vol', true), u.valToPos(0, 'vol', true)], o.colours.up, o.colours.down, 0.7)
    // wicks, then bodies
    const min = Math.max(0, Math.ceil(u.scales.x!.min ?? 0))
    const max = Math.min(xs.length - 1, Math.floor(u.scales.x!.max ?? 0))
    for (const r of [true, false]) {
      ctx.beginPath()
      for (let i = min; i <= max; i++) {
        if (rising(i) !== r) continue
        const x = Math.round(u.valToPos(i, 'x', true)) + 0.5
        ctx.moveTo(x, Math.round(u.valToPos(high[i] as number, 'price', true)))
        ctx.lineTo(x, Math.round(u.valToPos(low[i] as number, 'price', true)))
      }
      ctx.strokeStyle = r ? o.colours.up : o.colours.down
      ctx.lineWidth = 1
      ctx.stroke()
    }
    drawBars(u, rising, (i) => [u.valToPos(open[i] as number, 'price', true), u.valToPos(close[i] as number, 'price', true)], o.colours.up, o.colours.down, 0.7)
    ctx.restore()
  }

  const hidden = { paths: () => null, points: { show: false } } as const
  const opts: uPlot.Options = {
    width: o.width,
    height: o.height,
    legend: { show: false },
    cursor: { drag: { x: true, y: false }, points: { show: false } },
    scales: {
      x: { time: false },
      price: { range: (_u, lo, hi) => { const pad = (hi - lo || hi * 0.02) * 0.06; return [lo - (hi - lo) * 0.4 - pad, hi + pad] } },
      vol: { range: volumeRange },
    },
    axes: axes(o, () => times),
    series: [{}, { ...hidden, scale: 'price' }, { ...hidden, scale: 'price' }, { ...hidden, scale: 'price' }, { ...hidden, scale: 'price' }, { ...hidden, scale: 'vol' }],
    hooks: { draw: [draw], setCursor: cursorHook(o) },
  }
  const data = () => [xs, open, high, low, close, volume] as uPlot.AlignedData
  const plot = new uPlot(opts, data(), el)
  return {
    plot,
    tick(b) {
      const bar = b as ChartBar
      const last = times.length - 1
      if (last >= 0 && times[last] === bar.time) {
        high[last] = Math.max(high[last] as number, bar.high)
        low[last] = Math.min(low[last] as number, bar.low)
        close[last] = bar.close
        volume[last] = bar.volume
      } else push(bar)
      plot.setData(data())
    },
    resize: (width, height) => plot.setSize({ width, height }),
    destroy: () => plot.destroy(),
  }
}

/** The minute line of one or more trading days: price and average lines, volume bars; `slots` minutes on the x axis. */
/** The minute chart's x axis: the whole trading day in trading minutes, with its labelled marks. */
export interface MinuteAxis {
  /** trading minutes in the day (HK 330, US 390): the axis runs from 0 to this */
  slots: number
  /** labelled marks (core/market/minute-axis.ts minuteAxisMarks) */
  marks: readonly { pos: number; label: string }[]
  /** a minute bar's place on the axis (trading minutes since the open) */
  positionOf: (time: number) => number
}

/** The minute line of a trading day: price and average lines, volume bars; the axis shows the whole day before data fills it. */
export function createMinuteChart(el: HTMLElement, points: readonly MinutePointIn[], prevClose: number, axis: MinuteAxis, o: ChartOptions): LiveChart {
  const xs: number[] = []
  const times: number[] = []
  const price: number[] = []
  const avg: number[] = []
  const volume: number[] = []
  const push = (p: MinutePointIn) => {
    xs.push(axis.positionOf(p.time))
    times.push(p.time)
    price.push(p.price)
    avg.push(p.avg)
    volume.push(p.volume)
  }
  for (const p of points) push(p)
  const rising = (i: number) => (price[i] as number) >= (i > 0 ? (price[i - 1] as number) : prevClose)
  const draw = (u: uPlot) => {
    const ctx = u.ctx
    ctx.save()
    drawBars(u, rising, (i) => [u.valToPos(volume[i] as number, 'vol', true), u.valToPos(0, 'vol', true)], o.colours.up, o.colours.down, 0.6)
    // the previous close as a dashed line
    const y = Math.round(u.valToPos(prevClose, 'price', true)) + 0.5
    ctx.setLineDash([4, 4])
    ctx.strokeStyle = o.colours.text
    ctx.beginPath()
    ctx.moveTo(u.bbox.left, y)
    ctx.lineTo(u.bbox.left + u.bbox.width, y)
    ctx.stroke()
    ctx.restore()
  }
  const opts: uPlot.Options = {
    width: o.width,
    height: o.height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: false, range: () => [0, Math.max(axis.slots, xs[xs.length - 1] ?? 0, 1)] },
      price: {
        range: (_u, lo, hi) => {
          const dev = Math.max(Math.abs(hi - prevClose), Math.abs(prevClose - lo), prevClose * 0.005)
          return [prevClose - dev * 1.6, prevClose + dev * 1.05]
        },
      },
      vol: { range: volumeRange },
    },
    axes: [
      {
        ...(axes(o, () => times)[0] as uPlot.Axis),
        splits: () => axis.marks.map((m) => m.pos),
        values: () => axis.marks.map((m) => m.label),
      },
      axes(o, () => times)[1] as uPlot.Axis,
    ],
    series: [
      {},
      { scale: 'price', stroke: o.colours.line, width: 1.5, points: { show: false } },
      { scale: 'price', stroke: o.colours.avg, width: 1, points: { show: false } },
      { scale: 'vol', paths: () => null, points: { show: false } },
    ],
    hooks: { draw: [draw], setCursor: cursorHook(o) },
  }
  const data = () => [xs, price, avg, volume] as uPlot.AlignedData
  const plot = new uPlot(opts, data(), el)
  return {
    plot,
    tick(p) {
      const point = p as MinutePointIn
      const last = times.length - 1
      if (last >= 0 && times[last] === point.time) {
        price[last] = point.price
        avg[last] = point.avg
        volume[last] = point.volume
      } else push(point)
      plot.setData(data())
    },
    resize: (width, height) => plot.setSize({ width, height }),
    destroy: () => plot.destroy(),
  }
}
