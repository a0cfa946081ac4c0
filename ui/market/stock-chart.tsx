// The stock chart: periods 分时/日K/周K/月K/1分钟 (spec 000 §7 kline types day/week/month/min1), the rights
// type switch for day/week/month, a crosshair readout, and live ticks from the pushed quotes.
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { css } from '@linaria/core'
import 'uplot/dist/uPlot.min.css'
import { kline, minuteLine, type NetChange } from '../../core/api/market'
import { klineTypeOf, type ChartPeriod, type RightsType } from '../../core/market/kline'
import { formatPriceCents, formatPercent } from '../../core/format/money'
import { formatBigNumber } from '../../core/format/big-number'
import { useServices } from '../services'
import { t } from '../i18n/i18n'
import { Failed } from '../common/status'
import { tokens } from '../styles/tokens'
import { createCandleChart, createMinuteChart, type ChartBar, type LiveChart, type MinutePointIn } from './chart-core'
import { segmented } from './market-ui'

const PERIODS: ChartPeriod[] = ['minute', 'daily', 'weekly', 'monthly', 'hours']
const COUNTS = { daily: 250, weekly: 200, monthly: 120, hours: 240 } as const
const HEIGHT = 360
const RIGHTS_KEYS = ['raw', 'forward', 'backward'] as const
const colours = { up: tokens.up, down: tokens.down, line: '#2f6fde', avg: '#f0a020', grid: '#f0f1f3', text: tokens.textMuted }

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

type Loaded =
  | { kind: 'minute'; points: MinutePointIn[]; prevClose: number }
  | { kind: 'candles'; bars: ChartBar[] }

/** The minute a tick belongs to: minute bars are stamped with their end. */
const minuteEnd = (time: number) => Math.ceil(time / 60) * 60

export function StockChart({ stockId, market, code, live }: { stockId: string; market: 'hk' | 'us'; code: string; live: NetChange | undefined }) {
  const { http } = useServices()
  const [period, setPeriod] = useState<ChartPeriod>('minute')
  const [rights, setRights] = useState<RightsType>(1)
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: Loaded }>({ status: 'loading' })
  const [cursor, setCursor] = useState<number | null>(null)
  const [attempt, setAttempt] = useState(0)
  const el = useRef<HTMLDivElement>(null)
  const chart = useRef<LiveChart | null>(null)
  const series = useRef<Loaded | null>(null)
  const seenVolume = useRef<number | null>(null)

  useEffect(() => {
    let alive = true
    setState({ status: 'loading' })
    const load: Promise<Loaded> =
      period === 'minute'
        ? http.call(minuteLine, { params: { market, code } }).then((r) => ({ kind: 'minute', points: r.days.flatMap((d) => d.points.map((p) => ({ ...p }))), prevClose: r.prevClose }))
        : http
            .call(kline, { params: { market, type: klineTypeOf(period), code }, query: { count: COUNTS[period], ...(period === 'hours' ? {} : { rightsType: rights }) } })
            .then((r) => ({ kind: 'candles', bars: r.list.map((b) => ({ time: b.time, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume })) }))
    load.then(
      (data) => alive && setState({ status: 'ready', data }),
      (e: unknown) => alive && setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) }),
    )
    return () => {
      alive = false
    }
  }, [http, market, code, period, rights, attempt])

  useEffect(() => {
    const node = el.current
    if (state.status !== 'ready' || !node) return
    const data = state.data
    series.current = data
    seenVolume.current = null
    const width = Math.max(300, node.clientWidth)
    const opts = { width, height: HEIGHT, colours, formatTime: timeFormatter(period, market), formatPrice: formatPriceCents, onCursor: setCursor }
    const slots = market === 'hk' ? 330 : 390
    chart.current = data.kind === 'minute' ? createMinuteChart(node, data.points, data.prevClose, slots, opts) : createCandleChart(node, data.bars, opts)
    const observer = new ResizeObserver(() => chart.current?.resize(Math.max(300, node.clientWidth), HEIGHT))
    observer.observe(node)
    return () => {
      observer.disconnect()
      chart.current?.destroy()
      chart.current = null
    }
  }, [state, period, market])

  // live ticks: update the last minute or bar, or append a new one
  useEffect(() => {
    const data = series.current
    const c = chart.current
    if (!live || !data || !c || live.status !== 'trading' || (period !== 'minute' && period !== 'hours' && rights === 2)) return
    const delta = seenVolume.current === null ? 0 : Math.max(0, live.volume - seenVolume.current)
    seenVolume.current = live.volume
    const avg = live.volume > 0 ? Math.round((live.turnover * 100) / live.volume) : live.price
    if (data.kind === 'minute') {
      const time = minuteEnd(live.time)
      const last = data.points[data.points.length - 1]
      if (last && last.time === time) {
        last.price = live.price
        last.avg = avg
        last.volume += delta
        c.tick(last)
      } else if (!last || time > last.time) {
        const p = { time, price: live.price, avg, volume: delta }
        data.points.push(p)
        c.tick(p)
      }
      return
    }
    const last = data.bars[data.bars.length - 1]
    if (!last) return
    const time = period === 'hours' ? minuteEnd(live.time) : last.time
    if (time === last.time) {
      last.close = live.price
      last.high = Math.max(last.high, live.price)
      last.low = Math.min(last.low, live.price)
      last.volume += delta
      c.tick(last)
    } else if (time > last.time) {
      const b = { time, open: live.price, high: live.price, low: live.price, close: live.price, volume: delta }
      data.bars.push(b)
      c.tick(b)
    }
  }, [live, period, rights])

  const data = series.current
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
            <span>{t('market.volume')} {formatBigNumber(p.volume)}</span>
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
            <span>{t('market.volume')} {formatBigNumber(b.volume)}</span>
          </>
        )
    }
  }

  return (
    <div className={wrap} data-testid="stock-chart" data-period={period} data-status={state.status} data-stock={stockId}>
      <div className={bar}>
        <span role="toolbar" aria-label="chart period" className={segmented}>
          {PERIODS.map((p) => (
            <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)}>
              {t(`market.periods.${p}`)}
            </button>
          ))}
        </span>
        {period === 'daily' || period === 'weekly' || period === 'monthly' ? (
          <span role="toolbar" aria-label="rights type" className={segmented}>
            {([0, 1, 2] as const).map((r) => (
              <button key={r} type="button" aria-pressed={rights === r} onClick={() => setRights(r)}>
                {t(`market.rights.${RIGHTS_KEYS[r]}`)}
              </button>
            ))}
          </span>
        ) : null}
      </div>
      <div className={readout} data-testid="chart-readout">{read}</div>
      {state.status === 'failed' ? <Failed message={state.message} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      <div ref={el} />
    </div>
  )
}
