// data/user (spec 001 §2; issue 29): the members of the reader's circles over a period — joins, ends and
// the members active at each day's end — as totals and a uPlot chart, by circle, with a CSV of the members.
import { useMemo, useState } from 'react'
import { DEFAULT_DATA_PERIOD } from '../../../core/circle-admin/data'
import { SeriesChart } from '../../common/series-chart'
import { Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill } from '../../styles/buttons'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { useDataAdminApi } from './api'
import { statBoxes, toolbar } from '../parts'
import { CircleSelect, daysChart, PeriodPicker } from './parts'
import '../../i18n/texts/circleAdminData'

export function DataUserPage() {
  const api = useDataAdminApi()
  const [period, setPeriod] = useState<number>(DEFAULT_DATA_PERIOD)
  const [circleId, setCircleId] = useState<number | undefined>(undefined)
  const stats = useRead(api.members({ circleId, period }))
  const data = stats.status === 'ready' ? stats.data : null
  const chart = useMemo(() => {
    const days = data?.days ?? []
    return daysChart(
      days.map((d) => d.date),
      [
        { label: t('circleAdminData.users.activeSeries'), values: days.map((d) => d.active), colour: tokens.brand },
        { label: t('circleAdminData.users.joinSeries'), values: days.map((d) => d.joins), colour: tokens.chartLine, right: true },
        { label: t('circleAdminData.users.expirySeries'), values: days.map((d) => d.expiries), colour: tokens.chartAvg, right: true },
      ],
    )
  }, [data])
  return (
    <ConsoleFrame title={t('circleAdminData.users.title')} active="dataUser">
      <div className={toolbar}>
        <PeriodPicker value={period} onChange={setPeriod} />
        <CircleSelect value={circleId} onChange={setCircleId} testId="data-user-circle" />
        <a className={`${pill} export`} href={api.membersCsv(circleId)} download="members.csv" data-testid="data-user-export">
          {t('circleAdminData.users.export')}
        </a>
      </div>
      {stats.status === 'loading' ? <Loading rows={3} /> : null}
      {stats.status === 'failed' ? <Failed message={stats.message} onRetry={stats.reload} /> : null}
      {data ? (
        <>
          <ul className={statBoxes} data-testid="data-user-stats">
            <li>
              <strong data-testid="data-user-active">{data.activeNow}</strong>
              <span>{t('circleAdminData.users.activeNow')}</span>
            </li>
            <li>
              <strong>{data.joins}</strong>
              <span>{t('circleAdminData.users.joins')}</span>
            </li>
            <li>
              <strong>{data.expiries}</strong>
              <span>{t('circleAdminData.users.expiries')}</span>
            </li>
          </ul>
          <h2 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('circleAdminData.users.chart')}</h2>
          <SeriesChart spec={chart} label={t('circleAdminData.users.chart')} testId="data-user-chart" />
        </>
      ) : null}
    </ConsoleFrame>
  )
}
