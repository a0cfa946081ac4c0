// /myStock and /my/stock: the reader's watchlist with live prices, change and percent, sortable, removable.
import { useState } from 'react'
import { Link } from 'wouter'
import type { UserStockItem } from '../../core/api/market'
import { sortBy } from '../../core/market/sort-rows'
import { useMarketApi } from './api'
import { useSession } from '../common/session'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { useBig, Change, Percent, Price, Section, SortHeader, table, useLiveQuotes, withLive } from './market-ui'
import { useInvalidate, useRead } from '../common/use-read'
import { pill, primary } from '../styles/buttons'
import '../i18n/texts/market'

type SortKey = 'createTimestamp' | 'price' | 'change' | 'changePercent' | 'volume' | 'turnover'

export function WatchlistPage() {
  usePageTitle(t('market.watchlist'))
  const session = useSession()
  if (!session.user) {
    return (
      <Section title={t('market.watchlist')}>
        <Empty text={t('market.loginToSeeWatchlist')} />
        <p style={{ textAlign: 'center' }}>
          <button type="button" className={`${pill} ${primary}`} onClick={() => void session.requireLogin()} data-testid="watchlist-login">{t('market.login')}</button>
        </p>
      </Section>
    )
  }
  return <Watchlist userId={session.user.id} />
}

function Watchlist({ userId }: { userId: number }) {
  const api = useMarketApi()
  const big = useBig()
  const load = useRead(api.watchlist(userId))
  const invalidate = useInvalidate()
  const [sort, setSort] = useState<SortKey>('createTimestamp')
  const [order, setOrder] = useState<'asc' | 'desc'>('desc')
  const rows = load.status === 'ready' ? load.data : []
  const live = useLiveQuotes(rows.map((r) => r.id))
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  if (load.status === 'loading') return <Loading />
  const shown: UserStockItem[] = sortBy(rows.map((r) => withLive(r, live)), sort, order)
  const remove = async (id: string) => {
    await api.unwatch(id)
    invalidate('userstock.')
  }
  const onSort = (f: SortKey, o: 'asc' | 'desc') => (setSort(f), setOrder(o))
  return (
    <Section title={t('market.watchlist')}>
      {shown.length === 0 ? (
        <Empty text={t('market.watchEmpty')} />
      ) : (
        <table className={table} data-testid="watchlist">
          <thead>
            <tr>
              <th>{t('market.name')}</th>
              <SortHeader label={t('market.price')} field="price" sort={sort} order={order} onSort={onSort} />
              <SortHeader label={t('market.change')} field="change" sort={sort} order={order} onSort={onSort} />
              <SortHeader label={t('market.changePercent')} field="changePercent" sort={sort} order={order} onSort={onSort} />
              <SortHeader label={t('market.volume')} field="volume" sort={sort} order={order} onSort={onSort} />
              <SortHeader label={t('market.turnover')} field="turnover" sort={sort} order={order} onSort={onSort} />
              <th />
            </tr>
          </thead>
          <tbody>
            {shown.map((q) => (
              <tr key={q.id} data-stock={q.id}>
                <td>
                  <Link href={`/stock/${q.id}`}>{q.name}</Link>
                  <small>{q.codeDisp}</small>
                </td>
                <td><Price cents={q.price} change={q.change} /></td>
                <td><Change cents={q.change} /></td>
                <td><Percent value={q.changePercent} /></td>
                <td>{big(q.volume)}</td>
                <td>{big(q.turnover)}</td>
                <td>
                  <button type="button" className={pill} onClick={() => void remove(q.id)} aria-label={`${t('market.remove')} ${q.name}`}>{t('market.remove')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  )
}
