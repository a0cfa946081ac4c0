// data/sale (spec 001 §2; issue 29): the sales of the reader's circles over a period — the amount and the
// number of orders paid each day, and what went back — as totals and a uPlot chart, by circle.
import { useMemo, useState } from 'react'
import { DEFAULT_DATA_PERIOD } from '../../../core/circle-admin/data'
import { formatPriceCents } from '../../../core/format/money'
import { SeriesChart } from '../../common/series-chart'
import { Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { useDataAdminApi } from './api'
import { statBoxes, toolbar } from '../parts'
import { CircleSelect, daysChart, PeriodPicker } from './parts'
import '../../i18n/texts/circleAdminData'

export function DataSalePage() {
  const api = useDataAdminApi()
  const [period, setPeriod] = useState<number>(DEFAULT_DATA_PERIOD)
  const [circleId, setCircleId] = useState<number | undefined>(undefined)
  const sales = useRead(api.sales({ circleId, period }))
  const data = sales.status === 'ready' ? sales.data : null
  const chart = useMemo(() => {
    const days = data?.days ?? []
    return daysChart(
      days.map((d) => d.date),
      [
        { label: t('circleAdminData.sales.amountSeries'), values: days.map((d) => d.amount / 100), colour: tokens.brand },
        { label: t('circleAdminData.sales.refundSeries'), values: days.map((d) => d.refundAmount / 100), colour: tokens.chartAvg },
        { label: t('circleAdminData.sales.countSeries'), values: days.map((d) => d.count), colour: tokens.chartLine, right: true },
      ],
    )
  }, [data])
  return (
    <ConsoleFrame title={t('circleAdminData.sales.title')} active="dataSale">
      <div className={toolbar}>
        <PeriodPicker value={period} onChange={setPeriod} />
        <CircleSelect value={circleId} onChange={setCircleId} testId="data-sale-circle" />
      </div>
      {sales.status === 'loading' ? <Loading rows={3} /> : null}
      {sales.status === 'failed' ? <Failed message={sales.message} onRetry={sales.reload} /> : null}
      {data ? (
        <>
          <ul className={statBoxes} data-testid="data-sale-stats">
            <li>
              <strong data-testid="data-sale-amount">¥{formatPriceCents(data.totalAmount)}</strong>
              <span>{t('circleAdminData.sales.amount')}</span>
            </li>
            <li>
              <strong data-testid="data-sale-count">{data.totalCount}</strong>
              <span>{t('circleAdminData.sales.count')}</span>
            </li>
            <li>
              <strong>¥{formatPriceCents(data.refundAmount)}</strong>
              <span>{t('circleAdminData.sales.refundAmount')}</span>
            </li>
            <li>
              <strong>{data.refundCount}</strong>
              <span>{t('circleAdminData.sales.refundCount')}</span>
            </li>
          </ul>
          <h2 style={{ fontSize: 15, margin: '0 0 8px' }}>{t('circleAdminData.sales.chart')}</h2>
          <SeriesChart spec={chart} label={t('circleAdminData.sales.chart')} testId="data-sale-chart" />
        </>
      ) : null}
    </ConsoleFrame>
  )
}
