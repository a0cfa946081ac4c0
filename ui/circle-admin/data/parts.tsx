// Pieces the console's data pages share: the circle and period pickers and the chart of a series per
// day. The toolbar, table, summary boxes and pager are the console's (ui/circle-admin/parts.tsx).
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { css } from '@linaria/core'
import { DATA_PERIODS } from '../../../core/circle-admin/data'
import { Tabs } from '../../common/tabs'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { field } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { useDataAdminApi } from './api'
import '../../i18n/texts/circleAdminData'

/** The circles the reader runs, as a filter ('' all of them). */
export function CircleSelect({ value, onChange, testId }: { value: number | undefined; onChange: (id: number | undefined) => void; testId: string }) {
  const circles = useRead(useDataAdminApi().circles())
  return (
    <select className={field} aria-label={t('circleAdminData.orders.allCircles')} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)} data-testid={testId}>
      <option value="">{t('circleAdminData.orders.allCircles')}</option>
      {circles.status === 'ready'
        ? circles.data.list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))
        : null}
    </select>
  )
}

const periods = css`
  [role='tab'] {
    height: 30px;
    padding: 0 12px;
    border: 1px solid ${tokens.border};
    border-radius: 15px;
    background: ${tokens.card};
    color: ${tokens.textSecondary};
    font: inherit;
    font-size: 13px;
    cursor: pointer;
  }
  [role='tab'] + [role='tab'] {
    margin-left: 6px;
  }
  [role='tab'][aria-selected='true'] {
    border-color: ${tokens.brand};
    background: ${tokens.brandTint};
    color: ${tokens.brand};
    font-weight: 600;
  }
`

/** The period picker: the last 7, 30, 90 or 365 days (core/circle-admin/data.ts DATA_PERIODS). */
export function PeriodPicker({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  return (
    <Tabs
      className={periods}
      label={t('circleAdminData.period.label')}
      value={value}
      onChange={onChange}
      items={DATA_PERIODS.map((n) => ({ key: n, label: t('circleAdminData.period.days', { n }), testId: `data-period-${n}` }))}
      testId="data-period"
    />
  )
}


const chartBox = css`
  width: 100%;
  min-height: 300px;
`

export interface DaySeries {
  readonly label: string
  readonly values: readonly number[]
  readonly color: string
  /** the right-hand axis (counts beside money) */
  readonly right?: boolean
}

/** Series per day on uPlot: x is the day's index, its ticks the days ('MM-DD'), the legend the whole date. */
export function DayChart({ dates, series, label, testId }: { dates: readonly string[]; series: readonly DaySeries[]; label: string; testId: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el || dates.length === 0) return
    const dateAt = (i: number | null | undefined) => (i === null || i === undefined ? '--' : (dates[Math.round(i)] ?? ''))
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth || 860),
        height: 300,
        legend: { show: true },
        scales: { x: { time: false }, r: { auto: true } },
        axes: [
          { stroke: tokens.textMuted, grid: { stroke: tokens.chartGrid }, space: 60, values: (_u, ticks) => ticks.map((x) => (Number.isInteger(x) ? dateAt(x).slice(5) : '')) },
          { stroke: tokens.textMuted, grid: { stroke: tokens.chartGrid }, size: 60 },
          ...(series.some((s) => s.right) ? [{ scale: 'r', side: 1, stroke: tokens.textMuted, grid: { show: false }, size: 48 }] : []),
        ],
        series: [
          { label: t('circleAdminData.sales.day'), value: (_u, x) => dateAt(x) },
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, ...(s.right ? { scale: 'r' } : {}) })),
        ],
      },
      [dates.map((_, i) => i), ...series.map((s) => [...s.values])] as uPlot.AlignedData,
      el,
    )
    return () => plot.destroy()
  }, [dates, series])
  return <div ref={ref} className={chartBox} role="img" aria-label={label} data-testid={testId} />
}
