// Pieces the console's data pages share: the circle and period pickers and the chart of series per day. The toolbar, table, summary boxes and pager are the console's (ui/circle-admin/parts.tsx).
import { css } from '@linaria/core'
import { DATA_PERIODS } from '../../../core/circle-admin/data'
import type { SeriesChartSpec, SeriesLine } from '../../common/series-chart'
import { Tabs } from '../../common/tabs'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { SelectFilter } from '../parts'
import { useDataAdminApi } from './api'
import '../../i18n/texts/circleAdminData'
import { outlineLook } from '../../styles/looks'

/** The circles the reader runs, as a filter ('' all of them). */
export function CircleSelect({ value, onChange, testId }: { value: number | undefined; onChange: (id: number | undefined) => void; testId: string }) {
  const circles = useRead(useDataAdminApi().circles())
  const options = circles.status === 'ready' ? circles.data.list.map((c) => ({ value: c.id, label: c.name })) : []
  const all = t('circleAdminData.orders.allCircles')
  return <SelectFilter label={all} all={all} value={value} options={options} onChange={onChange} testId={testId} />
}

const periods = css`
  [role='tab'] {
    height: 30px;
    padding: 0 12px;
    ${outlineLook('15px')}
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

/**
 * A chart of series per day (ui/common/series-chart.tsx): x is the day's index, its ticks the days
 * ('MM-DD'), the legend the whole date; counts may sit on the right beside money.
 */
export function daysChart(dates: readonly string[], lines: readonly SeriesLine[]): SeriesChartSpec {
  const dateAt = (i: number) => dates[Math.round(i)] ?? ''
  return {
    x: dates.map((_, i) => i),
    lines,
    xName: t('circleAdminData.sales.day'),
    xTick: (x) => (Number.isInteger(x) ? dateAt(x).slice(5) : ''),
    xValue: dateAt,
    height: 300,
    xSpace: 60,
    ySize: 60,
    grid: tokens.chartGrid,
  }
}
