// The positions of /portfolio/{id} at live prices (issue 15): the holdings load once; the quote stream
// (GET /hq/stocks/stream, ui/common/use-live-quotes.ts) then pushes the prices of the stocks held, and
// core/portfolio/live-positions.ts moves each row's price, change, profit and the weights with them.
import { useMemo } from 'react'
import { Link } from 'wouter'
import { withLiveQuotes } from '../../core/portfolio/live-positions'
import { formatPriceCents } from '../../core/format/money'
import { Failed, Loading } from '../common/status'
import { useLiveQuotes } from '../common/use-live-quotes'
import { useRead } from '../common/use-read'
import { t } from '../i18n/i18n'
import { usePortfolioApi } from './api'
import { card, Pct, table } from './portfolio-ui'
import '../i18n/texts/portfolio'
import { TableHead } from '../common/table-head'

const pct2 = (v: number) => `${v.toFixed(2)}%`

export function Positions({ code }: { code: string }) {
  const api = usePortfolioApi()
  const data = useRead(api.positions(code))
  const loaded = data.status === 'ready' ? data.data : null
  const quotes = useLiveQuotes(loaded ? loaded.list.map((p) => p.stockCode) : [])
  const live = useMemo(() => (loaded ? withLiveQuotes(loaded, quotes) : null), [loaded, quotes])
  if (data.status === 'failed') return <Failed message={data.message} onRetry={data.reload} />
  if (!live) return <Loading />
  return (
    <section className={card}>
      <h2>{t('portfolio.positions')}</h2>
      <table className={table} data-testid="positions">
        <TableHead columns={[t('portfolio.stock'), t('portfolio.weight'), t('portfolio.price'), t('portfolio.change'), t('portfolio.cost'), t('portfolio.profit')]} />
        <tbody>
          {live.list.map((p) => (
            <tr key={p.stockCode}>
              <td><Link href={`/stock/${p.stockCode}`}>{p.name}</Link></td>
              <td>{pct2(p.weight)}</td>
              <td data-testid="position-price">{formatPriceCents(p.price)}</td>
              <td><Pct value={p.changePercent} /></td>
              <td>{formatPriceCents(p.costPrice)}</td>
              <td><Pct value={p.profitPercent} /></td>
            </tr>
          ))}
          <tr>
            <td>{t('portfolio.cash')}</td>
            <td>{pct2(live.cashWeight)}</td>
            <td colSpan={4} />
          </tr>
        </tbody>
      </table>
    </section>
  )
}
