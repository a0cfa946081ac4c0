// The manage page's dataAnalysis tab (spec 001 §2 live/live-list/manage/{id}; issue 29): visits, online now
// and at the peak (the heartbeat's minutes, server/live/peaks-repository.ts), comments and commenters,
// reservations, and a chart of online viewers and comments over the room's time (GET
// /api/circle-admin/live/room/{id}/data/v1).
import { useMemo } from 'react'
import { css } from '@linaria/core'
import type { AdminLiveRoom } from '../../../core/api/circle-admin-live'
import { formatClock, formatDateTime } from '../../../core/format/date-time'
import { SeriesChart, type SeriesChartSpec } from '../../common/series-chart'
import { Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { useLiveAdminApi } from './api'
import { statBoxes } from '../parts'
import '../../i18n/texts/circleAdminLive'

const note = css`
  color: ${tokens.textMuted};
  font-size: 13px;
`

export interface Point {
  readonly timestamp: number
  readonly online: number
  readonly comments: number
}

/** Online viewers (left axis) and comments (right axis) per bucket (ui/common/series-chart.tsx). */
export function LiveDataChart({ series, label }: { series: readonly Point[]; label: string }) {
  const spec = useMemo<SeriesChartSpec>(
    () => ({
      x: series.map((p) => p.timestamp),
      lines: [
        { label: t('circleAdminLive.data.onlineSeries'), values: series.map((p) => p.online), colour: tokens.brand, fill: tokens.brandTint },
        { label: t('circleAdminLive.data.commentSeries'), values: series.map((p) => p.comments), colour: tokens.link, width: 1.5, right: true },
      ],
      xName: t('circleAdminLive.data.time'),
      xTick: formatClock,
      xValue: formatDateTime,
      // people and comments are whole numbers: no 0.2 ticks
      whole: true,
    }),
    [series],
  )
  return <SeriesChart spec={spec} label={label} testId="live-data-chart" />
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
