// Daily lines on uPlot (the net value against its index, the drawdown). This file is reached only from the
// lazy portfolio pages, so uPlot loads with them and never on the home page.
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'

export interface Line {
  label: string
  values: readonly number[]
  colour: string
  fill?: string
}

const box = css`
  width: 100%;
  min-height: 240px;
`

const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10)

export function LinesChart({ days, lines, height = 260, label, format }: { days: readonly number[]; lines: readonly Line[]; height?: number; label: string; format: (v: number) => string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const width = Math.max(320, el.clientWidth || 800)
    const plot = new uPlot(
      {
        width,
        height,
        legend: { show: true },
        scales: { x: { time: false } },
        axes: [
          // space: a date (YYYY-MM-DD) is ~70 px at the axis font; ticks closer than that overlapped
          { stroke: tokens.textMuted, grid: { stroke: tokens.border }, space: 100, values: (_u, ticks) => ticks.map((x) => (Number.isInteger(x) && days[x] !== undefined ? day(days[x]) : '')) },
          { stroke: tokens.textMuted, grid: { stroke: tokens.border }, size: 72, values: (_u, ticks) => ticks.map(format) },
        ],
        series: [
          { label: '日期', value: (_u, x) => (x === null ? '--' : day(days[x] ?? 0)) },
          ...lines.map((l) => ({ label: l.label, stroke: l.colour, width: 1.5, ...(l.fill ? { fill: l.fill } : {}), value: (_u: uPlot, v: number | null) => (v === null ? '--' : format(v)) })),
        ],
      },
      [days.map((_, i) => i), ...lines.map((l) => [...l.values])] as uPlot.AlignedData,
      el,
    )
    return () => plot.destroy()
  }, [days, lines, height, format])
  return <div ref={ref} className={box} role="img" aria-label={label} />
}
