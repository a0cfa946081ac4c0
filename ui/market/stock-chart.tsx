// The stock chart: periods 分时/日K/周K/月K/1分钟 (spec 000 §7 kline types day/week/month/min1), the rights
// type switch for day/week/month, a crosshair readout, and live ticks from the pushed quotes. The view renders
// core/market/chart-period.machine.ts (period, rights, loading/ready/failed) and sends it the chart events.
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { fromPromise } from 'xstate'
import { css } from '@linaria/core'
import 'uplot/dist/uPlot.min.css'
import type { NetChange } from '../../core/api/market'
import type { ChartPeriod, RightsType } from '../../core/market/kline'
import { chartPeriodMachine, type ChartContext, type ChartLoaded, type ChartTick } from '../../core/market/chart-period.machine'
import { hasRights, scaleForRights } from '../../core/market/chart-period'
import { minuteAxisMarks, minutePosition, sessionMinutes } from '../../core/market/minute-axis'
import { formatPriceCents, formatPercent } from '../../core/format/money'
import { formatBigNumber } from '../../core/format/big-number'
import { useServices } from '../services'
import { useMarketApi, type ChartData } from './api'
import { chartSummary } from '../../core/market/chart-summary'
import { t } from '../i18n/i18n'
import { Failed } from '../common/status'
import { tokens } from '../styles/tokens'
import { usePriceColours } from '../styles/price-colours'
import { priceColour, type ColourScheme } from '../../core/market/price-colour'
import { createCandleChart, createMinuteChart, type LiveChart } from './chart-core'
import { segmented } from './market-ui'
import { Tabs } from '../common/tabs'
import '../i18n/texts/market'

const PERIODS: ChartPeriod[] = ['minute', 'daily', 'weekly', 'monthly', 'hours']
const HEIGHT = 360
const RIGHTS_KEYS = ['raw', 'forward', 'backward'] as const
/**
 * The chart's colours: a canvas cannot read the CSS variables the price tokens are, so the rise and fall
 * hues come from core for the reader's scheme (issue 24: red-up or green-up).
 */
const coloursFor = (scheme: ColourScheme) => ({
  up: priceColour(1, scheme),
  down: priceColour(-1, scheme),
  line: tokens.chartLine,
  avg: tokens.chartAvg,
  grid: tokens.chartGrid,
  text: tokens.textMuted,
})

const wrap = css`
  position: relative;
  min-height: ${HEIGHT + 40}px;
`
const bar = css`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  margin-bottom: 8px;
`
const readout = css`
  min-height: 20px;
  font-size: 12px;
  color: ${tokens.textSecondary};
  font-variant-numeric: tabular-nums;
  span {
    margin-right: 12px;
  }
`

function timeFormatter(period: ChartPeriod, market: 'hk' | 'us') {
  const timeZone = market === 'hk' ? 'Asia/Hong_Kong' : 'America/New_York'
  if (period === 'minute') {
    const f = new Intl.DateTimeFormat('zh-CN', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false })
    return (s: number) => f.format(s * 1000)
  }
  if (period === 'hours') {
    const f = new Intl.DateTimeFormat('zh-CN', { timeZone, month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false })
    return (s: number) => f.format(s * 1000)
  }
  return (s: number) => new Date(s * 1000).toISOString().slice(0, period === 'monthly' ? 7 : 10)
}

const summaryText = css`
  margin: 0 0 4px;
  font-size: 13px;
  color: ${tokens.textSecondary};
  font-variant-numeric: tabular-nums;
`

type Loaded = ChartData

/** The minute a tick belongs to: minute bars are stamped with their end. */
const minuteEnd = (time: number) => Math.ceil(time / 60) * 60

interface ChartProps {
  stockId: string
  market: 'hk' | 'us'
  code: string
  /** the stock's name, for the chart's accessible name */
  name?: string
  live: NetChange | undefined
}

/**
 * The drawn chart and the volume last seen: imperative state outside React (uPlot draws itself). Live
 * ticks (the machine lets them through only as core/market/chart-period.ts liveTickAllowed says) update
 * the last minute or bar, or append a new one.
 */
class DrawnChart {
  chart: LiveChart | null = null
  seenVolume: number | null = null
  applyTick({ context, tick }: { context: ChartContext; tick: ChartTick }) {
    const data = context.data as Loaded | null
    const c = this.chart
    if (!data || !c) return
    const delta = this.seenVolume === null ? 0 : Math.max(0, tick.volume - this.seenVolume)
    this.seenVolume = tick.volume
    if (data.kind === 'minute') {
      const avg = tick.volume > 0 ? Math.round((tick.turnover * 100) / tick.volume) : tick.price
      const time = minuteEnd(tick.time)
      const last = data.points[data.points.length - 1]
      if (last && last.time === time) {
        last.price = tick.price
        last.avg = avg
        last.volume += delta
        c.tick(last)
      } else if (!last || time > last.time) {
        const p = { time, price: tick.price, avg, volume: delta }
        data.points.push(p)
        c.tick(p)
      }
      return
    }
    const price = scaleForRights(tick.price, context.period, context.rights, context.backwardFactor)
    const last = data.bars[data.bars.length - 1]
    if (!last) return
    const time = context.period === 'hours' ? minuteEnd(tick.time) : last.time
    if (time === last.time) {
      last.close = price
      last.high = Math.max(last.high, price)
      last.low = Math.min(last.low, price)
      last.volume += delta
      c.tick(last)
    } else if (time > last.time) {
      const b = { time, open: price, high: price, low: price, close: price, volume: delta }
      data.bars.push(b)
      c.tick(b)
    }
  }
}

/** One chart per stock: a new stock gets a fresh machine. */
export function StockChart(props: ChartProps) {
  return <StockChartOf key={props.stockId} {...props} />
}

function StockChartOf({ stockId, market, code, name, live }: ChartProps) {
  const { lang } = useServices()
  const scheme = usePriceColours()
  const [cursor, setCursor] = useState<number | null>(null)
  const el = useRef<HTMLDivElement>(null)
  const [drawn] = useState(() => new DrawnChart())

  const load = useMarketApi().chartLoader(market, code)

  // this render's load and tick: @xstate/react hands the actor the newest implementations after each render
  const actor = useActorRef(
    chartPeriodMachine.provide({
      actors: { loadChart: fromPromise<ChartLoaded, { period: ChartPeriod; rights: RightsType }>(({ input }) => load(input)) },
      actions: {
        applyTick: ({ context, event }) => {
          if (event.type === 'chart.tick') drawn.applyTick({ context, tick: event.tick })
        },
      },
    }),
    { input: {}, inspect },
  )
  const period = useSelector(actor, (s) => s.context.period)
  const rights = useSelector(actor, (s) => s.context.rights)
  const status = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading'))
  const error = useSelector(actor, (s) => s.context.error)
  const data = useSelector(actor, (s) => s.context.data) as Loaded | null

  useEffect(() => {
    const node = el.current
    if (!data || !node) return
    drawn.seenVolume = null
    setCursor(null)
    const width = Math.max(300, node.clientWidth)
    const opts = { width, height: HEIGHT, colours: coloursFor(scheme), formatTime: timeFormatter(period, market), formatPrice: formatPriceCents, onCursor: setCursor }
    drawn.chart =
      data.kind === 'minute'
        ? createMinuteChart(node, data.points, data.prevClose, { slots: sessionMinutes(market), marks: minuteAxisMarks(market), positionOf: (time) => minutePosition(market, data.day, time) }, opts)
        : createCandleChart(node, data.bars, opts)
    const observer = new ResizeObserver(() => drawn.chart?.resize(Math.max(300, node.clientWidth), HEIGHT))
    observer.observe(node)
    return () => {
      observer.disconnect()
      drawn.chart?.destroy()
      drawn.chart = null
    }
  }, [data, period, market, scheme, drawn])

  useEffect(() => {
    if (live) actor.send({ type: 'chart.tick', tick: live })
  }, [live, actor])

  const periodName = t(`market.periods.${period}`)
  const summary = chartSummary(live, data)
  const fmt = timeFormatter(period, market)
  let read: ReactElement | null = null
  if (cursor !== null && data) {
    if (data.kind === 'minute') {
      const p = data.points[cursor]
      if (p)
        read = (
          <>
            <span>{fmt(p.time)}</span>
            <span>{t('market.price')} {formatPriceCents(p.price)}</span>
            <span>{t('market.avgPrice')} {formatPriceCents(p.avg)}</span>
            <span>{t('market.changePercent')} {formatPercent(((p.price - data.prevClose) / data.prevClose) * 100)}</span>
            <span>{t('market.volume')} {formatBigNumber(p.volume, lang)}</span>
          </>
        )
    } else {
      const b = data.bars[cursor]
      if (b)
        read = (
          <>
            <span>{fmt(b.time)}</span>
            <span>{t('market.open')} {formatPriceCents(b.open)}</span>
            <span>{t('market.high')} {formatPriceCents(b.high)}</span>
            <span>{t('market.low')} {formatPriceCents(b.low)}</span>
            <span>{t('market.close')} {formatPriceCents(b.close)}</span>
            <span>{t('market.volume')} {formatBigNumber(b.volume, lang)}</span>
          </>
        )
    }
  }

  return (
    <div className={wrap} data-testid="stock-chart" data-period={period} data-status={status} data-stock={stockId}>
      <div className={bar}>
        <Tabs
          className={segmented}
          label={t('market.chartPeriod')}
          items={PERIODS.map((p) => ({ key: p, label: t(`market.periods.${p}`) }))}
          value={period}
          onChange={(p) => actor.send({ type: 'chart.period', period: p })}
        />
        {hasRights(period) ? (
          <Tabs
            className={segmented}
            label={t('market.rightsType')}
            items={([0, 1, 2] as const).map((r) => ({ key: r, label: t(`market.rights.${RIGHTS_KEYS[r]}`) }))}
            value={rights}
            onChange={(r) => actor.send({ type: 'chart.rights', rights: r })}
          />
        ) : null}
      </div>
      {/* issue 16: what the chart shows, in text: period, latest price and change (live when ticking) */}
      <p className={summaryText} data-testid="chart-summary" aria-live="off">
        {summary ? t('market.chartSummary', { period: periodName, price: summary.price, change: summary.change, percent: summary.percent }) : periodName}
      </p>
      <div className={readout} data-testid="chart-readout">{read}</div>
      {status === 'failed' ? <Failed message={error ?? ''} onRetry={() => actor.send({ type: 'chart.retry' })} /> : null}
      <div ref={el} role="img" aria-label={t('market.chartName', { name: name ?? code, period: periodName })} data-testid="chart-canvas" />
    </div>
  )
}
