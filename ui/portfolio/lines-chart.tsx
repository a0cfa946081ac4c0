// Daily lines of a portfolio (the net value against its index, the drawdown) on the site's one line chart
// (ui/common/series-chart.tsx). This file is reached only from the lazy portfolio pages, so uPlot loads
// with them and never on the home page.
import { useMemo } from 'react'
import { SeriesChart } from '../common/series-chart'

export interface Line {
  label: string
  values: readonly number[]
  colour: string
  fill?: string
}

const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10)

export function LinesChart({ days, lines, height = 260, label, format }: { days: readonly number[]; lines: readonly Line[]; height?: number; label: string; format: (v: number) => string }) {
  const spec = useMemo(
    () => ({
      x: days.map((_, i) => i),
      lines: lines.map((l) => ({ ...l, width: 1.5 })),
      xName: '日期',
      xTick: (x: number) => (Number.isInteger(x) && days[x] !== undefined ? day(days[x]) : ''),
      xValue: (x: number) => day(days[x] ?? 0),
      format,
      height,
      // a date (YYYY-MM-DD) is ~70 px at the axis font; ticks closer than that overlapped
      xSpace: 100,
      ySize: 72,
    }),
    [days, lines, height, format],
  )
  return <SeriesChart spec={spec} label={label} />
}
