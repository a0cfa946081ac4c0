// The latest price and change written beside the stock chart: the live quote when there is one,
// else the loaded data's last point against its base (the previous close for minutes, the bar
// before for candles). Prices in integer cents (spec 001 §9: two decimals).
import { formatPercent, formatPriceCents } from '../format/money'

export type SummarySource =
  | { kind: 'minute'; points: readonly { price: number }[]; prevClose: number }
  | { kind: 'candles'; bars: readonly { close: number }[] }

export interface ChartSummary {
  price: string
  change: string
  percent: string
}

/** A change in cents with its sign: '+1.00', '-0.55'; one that shows as zero has none. */
const signedCents = (cents: number) => {
  const text = formatPriceCents(cents)
  return cents > 0 && text !== '0.00' ? `+${text}` : text
}

export function chartSummary(live: { price: number; change: number; changePercent: number } | undefined, data: SummarySource | null): ChartSummary | null {
  if (live) return { price: formatPriceCents(live.price), change: signedCents(live.change), percent: formatPercent(live.changePercent) }
  if (!data) return null
  const [last, prev] =
    data.kind === 'minute'
      ? [data.points[data.points.length - 1]?.price, data.prevClose]
      : [data.bars[data.bars.length - 1]?.close, data.bars[data.bars.length - 2]?.close]
  if (last === undefined || prev === undefined || prev === 0) return null
  return { price: formatPriceCents(last), change: signedCents(last - prev), percent: formatPercent(((last - prev) / prev) * 100) }
}
