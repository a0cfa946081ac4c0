// The manage page's dataAnalysis tab (spec 001 §2 live/live-list/manage/{id}; issue 29): visits, online now
// and at the peak (the heartbeat's minutes, server/live/peaks-repository.ts), comments and commenters,
// reservations, and a uPlot chart of online viewers and comments over the room's time (GET
// /api/circle-admin/live/room/{id}/data/v1). uPlot loads with the console's lazy pages only.
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { css } from '@linaria/core'
import type { AdminLiveRoom } from '../../../core/api/circle-admin-live'
import { formatClock, formatDateTime } from '../../../core/format/date-time'
import { Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { useLiveAdminApi } from './api'
import { statBoxes } from '../parts'
import '../../i18n/texts/circleAdminLive'

const chartBox = css`
  width: 100%;
  min-height: 280px;
`
const note = css`
  color: ${tokens.textMuted};
  font-size: 13px;
`

const WHOLE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000]

export interface Point {
  readonly timestamp: number
  readonly online: number
  readonly comments: number
}

/** Online viewers (left axis) and comments (right axis) per bucket, on uPlot. */
export function LiveDataChart({ series, label }: { series: readonly Point[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el || series.length === 0) return
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth || 800),
        height: 280,
        legend: { show: true },
        scales: { x: { time: false }, c: { auto: true } },
        axes: [
          { stroke: tokens.textMuted, grid: { stroke: tokens.border }, space: 80, values: (_u, ticks) => ticks.map((x) => formatClock(x)) },
          // people and comments are whole numbers: no 0.2 ticks
          { stroke: tokens.textMuted, grid: { stroke: tokens.border }, size: 48, incrs: WHOLE },
          { scale: 'c', side: 1, stroke: tokens.textMuted, grid: { show: false }, size: 48, incrs: WHOLE },
        ],
        series: [
          { label: t('circleAdminLive.data.time'), value: (_u, x) => (x === null ? '--' : formatDateTime(x)) },
          { label: t('circleAdminLive.data.onlineSeries'), stroke: tokens.brand, width: 2, fill: tokens.brandTint },
          { label: t('circleAdminLive.data.commentSeries'), scale: 'c', stroke: tokens.link, width: 1.5 },
        ],
      },
      [series.map((p) => p.timestamp), series.map((p) => p.online), series.map((p) => p.comments)] as uPlot.AlignedData,
      el,
    )
    return () => plot.destroy()
  }, [series])
  return <div ref={ref} className={chartBox} role="img" aria-label={label} data-testid="live-data-chart" />
}

export function DataAnalysisTab({ room }: { room: AdminLiveRoom }) {
  const api = useLiveAdminApi()
  const data = useRead(api.data(room.id))
  if (data.status === 'loading') return <Loading rows={2} />
  if (data.status === 'failed') return <Failed message={data.message} onRetry={data.reload} />
  const d = data.data
  const stats: [string, number, string?][] = [
    [t('circleAdminLive.data.visits'), d.visitCount],
    [t('circleAdminLive.data.online'), d.onlineCount],
    [t('circleAdminLive.data.peak'), d.peakOnlineCount, d.peakTimestamp !== null ? t('circleAdminLive.data.peakAt', { time: formatDateTime(d.peakTimestamp) }) : undefined],
    [t('circleAdminLive.data.comments'), d.commentCount],
    [t('circleAdminLive.data.commenters'), d.commenterCount],
    [t('circleAdminLive.data.reservations'), d.reservationCount],
  ]
  return (
    <>
      <ul className={statBoxes} data-testid="live-data-stats">
        {stats.map(([label, value, extra]) => (
          <li key={label}>
            <strong>{value}</strong>
            <span>{label}</span>
            {extra ? <span style={{ display: 'block' }}>{extra}</span> : null}
          </li>
        ))}
      </ul>
      <h2 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('circleAdminLive.data.chart')}</h2>
      {d.series.length === 0 ? <p className={note}>{t('circleAdminLive.data.none')}</p> : <LiveDataChart series={d.series} label={t('circleAdminLive.data.chart')} />}
    </>
  )
}
