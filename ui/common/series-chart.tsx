// Lines over one x axis on uPlot: the one chart wrapper of the site's line charts (the portfolio's net value
// and drawdown, the console's sales, members, community and live-room charts; the market's candles are
// ui/market/chart-core.ts). A caller describes its chart once, memoised (useMemo): the x of each point,
// how an x reads on the axis and in the legend, and its lines; a line may sit on a right-hand axis (counts
// beside money). uPlot loads with the lazy pages that import this file, never on the home page.
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'

export interface SeriesLine {
  readonly label: string
  readonly values: readonly number[]
  readonly colour: string
  readonly fill?: string
  /** px (default 2) */
  readonly width?: number
  /** on the right-hand axis */
  readonly right?: boolean
}

export interface SeriesChartSpec {
  /** the x of each point: a time in seconds, or an index into the caller's own dates */
  readonly x: readonly number[]
  readonly lines: readonly SeriesLine[]
  /** the legend's name of x (日期, 时间) */
  readonly xName: string
  /** an x as the axis shows it ('' for no label there) */
  readonly xTick: (x: number) => string
  /** an x as the legend shows it (default: as the axis does) */
  readonly xValue?: (x: number) => string
  /** a value as the axes and the legend show it (default: uPlot's) */
  readonly format?: (v: number) => string
  /** whole numbers only (people, comments): no 0.2 ticks */
  readonly whole?: boolean
  readonly height?: number
  /** px between x ticks (a date is ~70 px at the axis font) */
  readonly xSpace?: number
  /** the left axis' width */
  readonly ySize?: number
  readonly grid?: string
}

const box = css`
  width: 100%;
`

const WHOLE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000]

/** The uPlot options of a chart of `width` px (exported for its test). */
export function seriesOptions(spec: SeriesChartSpec, width: number): uPlot.Options {
  const { xTick, xValue = xTick, format, whole } = spec
  const grid = { stroke: spec.grid ?? tokens.border }
  const values = format ? { values: (_u: uPlot, ticks: number[]) => ticks.map(format) } : {}
  const incrs = whole ? { incrs: WHOLE } : {}
  return {
    width,
    height: spec.height ?? 280,
    legend: { show: true },
    scales: { x: { time: false }, r: { auto: true } },
    axes: [
      { stroke: tokens.textMuted, grid, space: spec.xSpace ?? 80, values: (_u, ticks) => ticks.map(xTick) },
      { stroke: tokens.textMuted, grid, size: spec.ySize ?? 48, ...incrs, ...values },
      ...(spec.lines.some((l) => l.right) ? [{ scale: 'r', side: 1, stroke: tokens.textMuted, grid: { show: false }, size: 48, ...incrs, ...values }] : []),
    ],
    series: [
      { label: spec.xName, value: (_u, x) => (x === null ? '--' : xValue(x)) },
      ...spec.lines.map((l) => ({
        label: l.label,
        stroke: l.colour,
        width: l.width ?? 2,
        ...(l.fill ? { fill: l.fill } : {}),
        ...(l.right ? { scale: 'r' } : {}),
        ...(format ? { value: (_u: uPlot, v: number | null) => (v === null ? '--' : format(v)) } : {}),
      })),
    ],
  }
}

export function SeriesChart({ spec, label, testId }: { spec: SeriesChartSpec; label: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el || spec.x.length === 0) return
    const plot = new uPlot(seriesOptions(spec, Math.max(320, el.clientWidth || 800)), [[...spec.x], ...spec.lines.map((l) => [...l.values])] as uPlot.AlignedData, el)
    return () => plot.destroy()
  }, [spec])
  return <div ref={ref} className={box} style={{ minHeight: spec.height ?? 280 }} role="img" aria-label={label} data-testid={testId} />
}
