// /market/hotRange/{type}, /market/marketRange/{type} and /market/{id} (one hot range and its stocks).
import { useState } from 'react'
import { Link } from 'wouter'
import { useMarketApi } from './api'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { useBig, Change, MarketTabs, PagedTable, Percent, Price, Section, segmented, SortHeader, table, useLiveQuotes, useSortedPages, withLive } from './market-ui'
import { useRead } from '../common/use-read'
import { Rankings } from './market-page'
import '../i18n/texts/market'
import { TableHead } from '../common/table-head'

const marketOf = (type: string | undefined): 'hk' | 'us' => (type === 'us' ? 'us' : 'hk')

export function MarketRangePage({ type }: { type: string | undefined }) {
  usePageTitle(t('market.marketRanges'))
  return <Rankings key={marketOf(type)} initialMarket={marketOf(type)} pageSize={50} />
}

export function HotRangePage({ type }: { type: string | undefined }) {
  usePageTitle(t('market.hotRanges'))
  const api = useMarketApi()
  const big = useBig()
  const [market, setMarket] = useState(marketOf(type))
  const { sort, order, page, setPage, onSort } = useSortedPages<'changePercent' | 'turnover'>('changePercent')
  const data = useRead(api.hotRanges({ sortType: sort, order, page, count: 20, market }))
  return (
    <Section
      title={t('market.hotRanges')}
      extra={
        <span className={segmented}>
          <MarketTabs market={market} onChange={(m) => (setMarket(m), setPage(1))} />
        </span>
      }
    >
      <PagedTable
        load={data}
        page={page}
        onPage={setPage}
        head={
          <>
            <th>{t('market.board')}</th>
            <SortHeader label={t('market.changePercent')} field="changePercent" sort={sort} order={order} onSort={onSort} />
            <SortHeader label={t('market.turnover')} field="turnover" sort={sort} order={order} onSort={onSort} />
            <th>{t('market.stockCount')}</th>
            <th>{t('market.leader')}</th>
          </>
        }
      >
        {(r) => (
          <tr key={r.id}>
            <td><Link href={`/market/${r.id}`}>{r.name}</Link></td>
            <td><Percent value={r.changePercent} /></td>
            <td>{big(r.turnover)}</td>
            <td>{r.stockCount}</td>
            <td><Link href={`/stock/${r.leader.stockCode}`}>{r.leader.name}</Link> <Percent value={r.leader.changePercent} /></td>
          </tr>
        )}
      </PagedTable>
    </Section>
  )
}

export function RangeDetailPage({ id }: { id: string }) {
  const api = useMarketApi()
  const big = useBig()
  const data = useRead(api.rangeDetail(id))
  const live = useLiveQuotes(data.status === 'ready' && data.data ? data.data.stocks.map((s) => s.id) : [])
  usePageTitle(data.status === 'ready' && data.data ? data.data.range.name : t('market.hotRanges'))
  if (data.status === 'failed') return <Failed message={data.message} onRetry={data.reload} />
  if (data.status === 'loading') return <Loading />
  if (!data.data) return <Empty text={t('market.noData')} />
  const { range, stocks } = data.data
  return (
    <Section title={`${range.name} · ${t('market.rangeStocks')}`} extra={<Percent value={range.changePercent} />}>
      <table className={table}>
        <TableHead columns={[t('market.name'), t('market.price'), t('market.changePercent'), t('market.change'), t('market.turnover'), t('market.marketCap')]} />
        <tbody>
          {stocks.map((raw) => {
            const q = withLive(raw, live)
            return (
              <tr key={q.id}>
                <td><Link href={`/stock/${q.id}`}>{q.name}</Link><small>{q.codeDisp}</small></td>
                <td><Price cents={q.price} change={q.change} /></td>
                <td><Percent value={q.changePercent} /></td>
                <td><Change cents={q.change} /></td>
                <td>{big(q.turnover)}</td>
                <td>{big(q.marketCap)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </Section>
  )
}
