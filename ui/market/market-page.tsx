// /market: indices, HK boards with sorting, rankings per market with sort, order and paging, hot ranges.
import { useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { sortBy } from '../../core/market/sort-rows'
import type { RankSort, BOARD_SORTS } from '../../core/api/market'
import { formatPriceCents } from '../../core/format/money'
import { useMarketApi } from './api'
import { MARKET_HOT_RANGES, MARKET_LEADERBOARD, MARKET_RANK_PAGE_SIZE } from '../../core/api/first-screen'
import { useRead } from '../common/use-read'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { tokens } from '../styles/tokens'
import { useBig, Change, colourClass, Loaded, tableHeight, MarketTabs, PagedTable, Percent, Price, Section, segmented, SortHeader, table, useLiveQuotes, useSortedPages, withLive } from './market-ui'
import { asOfIso, asOfText, marketStatusText } from './status-text'
import '../i18n/texts/market'

const PAGE_SIZE = MARKET_RANK_PAGE_SIZE

const grid = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  gap: 16px;
  align-items: start;
`
const indexRow = css`
  display: grid;
  grid-template-columns: repeat(6, 1fr);
  gap: 12px;
  a {
    display: block;
    padding: 12px;
    border-radius: ${tokens.radius};
    background: ${tokens.bg};
    color: ${tokens.text};
  }
  strong {
    display: block;
    font-size: 20px;
    margin: 4px 0;
    font-variant-numeric: tabular-nums;
  }
  span + span {
    margin-left: 8px;
  }
  /* issue 24: the market's status and the quote's as-of time, as on the stock page's header */
  small {
    display: block;
    margin-top: 6px;
    font-size: 12px;
    line-height: 1.5;
    color: ${tokens.textMuted};
    font-variant-numeric: tabular-nums;
  }
  small time {
    display: block;
  }
`

export function MarketPage() {
  usePageTitle(t('market.title'))
  return (
    <div>
      <Indices />
      <div className={grid}>
        <div>
          <Rankings />
          <Boards />
        </div>
        <div>
          <HotRanges />
          <Leaderboard />
        </div>
      </div>
    </div>
  )
}

function Indices() {
  const api = useMarketApi()
  const data = useRead(api.indices())
  const live = useLiveQuotes(data.status === 'ready' ? data.data.map((d) => d.id) : [])
  return (
    <Section title={t('market.indices')}>
      <Loaded load={data} rows={1}>
        {(d) => (
          <div className={indexRow} data-testid="indices">
            {d.map((raw) => {
              const q = withLive(raw, live)
              return (
                <Link key={q.id} href={`/stock/${q.id}`}>
                  {q.name}
                  <strong className={colourClass(q.change)}>{formatPriceCents(q.price)}</strong>
                  <Change cents={q.change} />
                  <Percent value={q.changePercent} />
                  <small data-testid="index-status">
                    {marketStatusText(q.market, q)}
                    <time dateTime={asOfIso(q.time)}>{asOfText(q.market, q.time)}</time>
                  </small>
                </Link>
              )
            })}
          </div>
        )}
      </Loaded>
    </Section>
  )
}

export function Rankings({ initialMarket = 'hk', pageSize = PAGE_SIZE }: { initialMarket?: 'hk' | 'us'; pageSize?: number }) {
  const api = useMarketApi()
  const big = useBig()
  const [market, setMarket] = useState<'hk' | 'us'>(initialMarket)
  const { sort, order, page, setPage, onSort } = useSortedPages<RankSort>('changePercent')
  const data = useRead(api.rankings(market, { sort, order, page, limit: pageSize }))
  const live = useLiveQuotes(data.status === 'ready' ? data.data.list.map((d) => d.id) : [])
  return (
    <Section
      title={t('market.rankings')}
      extra={
        <span className={segmented}>
          <MarketTabs market={market} onChange={(m) => (setMarket(m), setPage(1))} />
          <Link href={`/market/marketRange/${market}`}>{t('market.more')}</Link>
        </span>
      }
    >
      {/* the page's rows and the pager (52 px); live prices move: the page is re-sorted by the same rule as the server so the column stays in order */}
      <PagedTable
        load={data}
        page={page}
        onPage={setPage}
        minHeight={tableHeight(pageSize, 52)}
        testId="rankings"
        rows={(list) => sortBy(list.map((raw) => withLive(raw, live)), sort, order)}
        head={
          <>
            <th>{t('market.name')}</th>
            <SortHeader label={t('market.price')} field="price" sort={sort} order={order} onSort={onSort} />
            <SortHeader label={t('market.changePercent')} field="changePercent" sort={sort} order={order} onSort={onSort} />
            <SortHeader label={t('market.change')} field="change" sort={sort} order={order} onSort={onSort} />
            <SortHeader label={t('market.volume')} field="volume" sort={sort} order={order} onSort={onSort} />
            <SortHeader label={t('market.turnover')} field="turnover" sort={sort} order={order} onSort={onSort} />
            <SortHeader label={t('market.marketCap')} field="marketCap" sort={sort} order={order} onSort={onSort} />
          </>
        }
      >
        {(q) => (
          <tr key={q.id}>
            <td>
              <Link href={`/stock/${q.id}`}>{q.name}</Link>
              <small>{q.codeDisp}</small>
            </td>
            <td><Price cents={q.price} change={q.change} /></td>
            <td><Percent value={q.changePercent} /></td>
            <td><Change cents={q.change} /></td>
            <td>{big(q.volume)}</td>
            <td>{big(q.turnover)}</td>
            <td>{big(q.marketCap)}</td>
          </tr>
        )}
      </PagedTable>
    </Section>
  )
}

function Boards() {
  const api = useMarketApi()
  const big = useBig()
  const [sort, setSort] = useState<(typeof BOARD_SORTS)[number]>('changePercent')
  const [order, setOrder] = useState<'asc' | 'desc'>('desc')
  const data = useRead(api.boards(sort, order))
  const onSort = (f: (typeof BOARD_SORTS)[number], o: 'asc' | 'desc') => (setSort(f), setOrder(o))
  return (
    <Section title={t('market.hkBoards')}>
      <Loaded load={data}>
        {(d) => (
          <table className={table} data-testid="boards">
            <thead>
              <tr>
                <th>{t('market.board')}</th>
                <SortHeader label={t('market.changePercent')} field="changePercent" sort={sort} order={order} onSort={onSort} />
                <SortHeader label={t('market.turnover')} field="turnover" sort={sort} order={order} onSort={onSort} />
                <SortHeader label={t('market.stockCount')} field="stockCount" sort={sort} order={order} onSort={onSort} />
                <th>{t('market.upDown')}</th>
                <th>{t('market.leader')}</th>
              </tr>
            </thead>
            <tbody>
              {d.map((b) => (
                <tr key={b.id}>
                  <td>{b.name}</td>
                  <td><Percent value={b.changePercent} /></td>
                  <td>{big(b.turnover)}</td>
                  <td>{b.stockCount}</td>
                  <td><span className={colourClass(1)}>{b.upCount}</span>/<span className={colourClass(-1)}>{b.downCount}</span></td>
                  <td>
                    <Link href={`/stock/${b.leader.stockCode}`}>{b.leader.name}</Link> <Percent value={b.leader.changePercent} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </Section>
  )
}

function HotRanges() {
  const api = useMarketApi()
  const data = useRead(api.hotRanges({ sortType: 'changePercent', order: 'desc', page: 1, count: MARKET_HOT_RANGES }))
  return (
    <Section title={t('market.hotRanges')} extra={<Link href="/market/hotRange/hk">{t('market.more')}</Link>}>
      <Loaded load={data} rows={2}>
        {(d) => (
          <table className={table}>
            <tbody>
              {d.list.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link href={`/market/${r.id}`}>{r.name}</Link>
                    <small>{t(r.market === 'hk' ? 'market.hk' : 'market.us')}</small>
                  </td>
                  <td><Percent value={r.changePercent} /></td>
                  <td>{r.leader.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </Section>
  )
}

function Leaderboard() {
  const api = useMarketApi()
  const data = useRead(api.leaderboard(MARKET_LEADERBOARD))
  return (
    <Section title={t('market.leaderboard')}>
      <Loaded load={data} rows={2}>
        {(d) => (
          <table className={table}>
            <tbody>
              {d.map((r) => (
                <tr key={r.stockCode}>
                  <td>
                    {r.rank}. <Link href={`/stock/${r.stockCode}`}>{r.name}</Link>
                  </td>
                  <td><Price cents={r.price} change={r.changePercent} /></td>
                  <td><Percent value={r.changePercent} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </Section>
  )
}

