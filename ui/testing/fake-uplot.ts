// A stand-in for uPlot in view tests. jsdom draws no canvas, so every chart a view makes is recorded in
// `plots`: the options it was given, its data (copied, as uPlot keeps its own) and whether it was
// destroyed; a test reads what would have been drawn. In a test file:
//
//   vi.mock('uplot', () => import('../../testing/fake-uplot'))
//   import { clearPlots, plots } from '../../testing/fake-uplot'
//   afterEach(clearPlots)
//
// Charts also follow their box's width with a ResizeObserver, which jsdom lacks: loading this file puts
// a do-nothing one in place.

/** One chart drawn: `Opts` is the part of uPlot's options a test reads (uPlot's own types are unions). */
export interface Plot<Opts = { series: { label?: string }[] }> {
  opts: Opts
  data: number[][]
  destroyed: boolean
}

const made: Plot<unknown>[] = []

/** The charts made since the last clearPlots(), oldest first, with their options typed as the test reads them. */
export function plots<Opts = { series: { label?: string }[] }>(): readonly Plot<Opts>[] {
  return made as Plot<Opts>[]
}

export function clearPlots() {
  made.length = 0
}

export default class FakePlot {
  readonly rec: Plot<unknown>
  constructor(opts: unknown, data: number[][]) {
    this.rec = { opts, data: data.map((a) => [...a]), destroyed: false }
    made.push(this.rec)
  }
  setData(data: number[][]) {
    this.rec.data = data.map((a) => [...a])
  }
  setSize() {}
  destroy() {
    this.rec.destroyed = true
  }
}

;(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
  observe() {}
  disconnect() {}
}
