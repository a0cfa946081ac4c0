// Shared pieces of the market pages: a read's three states, live quotes, coloured numbers, tables.
import { useState, type ReactNode } from 'react'
import { css } from '@linaria/core'
import type { NetChange } from '../../core/api/market'
import { directionOf } from '../../core/market/price-colour'
import { formatPercent, formatPriceCents } from '../../core/format/money'
import { formatBigNumber } from '../../core/format/big-number'
import { useServices } from '../services'
import { tokens } from '../styles/tokens'
import { t } from '../i18n/i18n'
import { Failed, Loading } from '../common/status'
import { Tabs } from '../common/tabs'

import type { ReadResult } from '../common/use-read'
import '../i18n/texts/market'
import { outlineLook } from '../styles/looks'
export { useLiveQuotes } from '../common/use-live-quotes'

/** Merges a pushed quote into a loaded row with the same NetChange fields (the status and as-of time too, when the row has them). */
export function withLive<T extends { stockCode?: string; id?: string; price: number; change: number; changePercent: number }>(row: T, quotes: ReadonlyMap<string, NetChange>): T {
  const q = quotes.get(row.stockCode ?? row.id ?? '')
  if (!q) return row
  return {
    ...row,
    price: q.price,
    change: q.change,
    changePercent: q.changePercent,
    ...('volume' in row ? { volume: q.volume } : {}),
    ...('turnover' in row ? { turnover: q.turnover } : {}),
    ...('status' in row ? { status: q.status, holiday: q.holiday, halfDay: q.halfDay } : {}),
    ...('time' in row ? { time: q.time } : {}),
  }
}

export const upClass = css`
  color: ${tokens.up};
`
export const downClass = css`
  color: ${tokens.down};
`
export const flatClass = css`
  color: ${tokens.textSecondary};
`
export const colourClass = (change: number) => {
  const d = directionOf(change)
  return d === 'up' ? upClass : d === 'down' ? downClass : flatClass
}

export function Price({ cents, change }: { cents: number; change: number }) {
  return <span className={colourClass(change)}>{formatPriceCents(cents)}</span>
}
export function Percent({ value }: { value: number }) {
  return <span className={colourClass(value)}>{formatPercent(value)}</span>
}
export function Change({ cents }: { cents: number }) {
  return <span className={colourClass(cents)}>{cents > 0 ? '+' : ''}{formatPriceCents(cents)}</span>
}
/** Counts and amounts in 万 / 亿 in the reader's script (zh-hk: 萬 / 億): `const big = useBig()` in a view. */
export function useBig(): (n: number) => string {
  const { lang } = useServices()
  return (n) => formatBigNumber(Math.round(n), lang)
}

export const table = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 9px 8px;
    border-bottom: 1px solid ${tokens.border};
    text-align: right;
    white-space: nowrap;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  th {
    color: ${tokens.textMuted};
    font-weight: 400;
  }
  th button {
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
    padding: 0;
  }
  th button[aria-pressed='true'] {
    color: ${tokens.brand};
  }
  a {
    color: ${tokens.text};
  }
  small {
    display: block;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`

export function SortHeader<K extends string>({ label, field, sort, order, onSort }: { label: string; field: K; sort: K; order: 'asc' | 'desc'; onSort: (field: K, order: 'asc' | 'desc') => void }) {
  const active = sort === field
  return (
    <th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" aria-pressed={active} onClick={() => onSort(field, active && order === 'desc' ? 'asc' : 'desc')}>
        {label}
        {active ? (order === 'desc' ? ' ↓' : ' ↑') : ''}
      </button>
    </th>
  )
}

export const pager = css`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 12px;
  padding-top: 12px;
  font-size: 13px;
  color: ${tokens.textSecondary};
  button {
    padding: 4px 12px;
    border: 1px solid ${tokens.border};
    border-radius: 14px;
    background: ${tokens.card};
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.4;
    cursor: default;
  }
`

export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={sectionClass}>
      <h2>
        {title}
        {extra}
      </h2>
      {children}
    </section>
  )
}
const sectionClass = css`
  background: ${tokens.card};
  border-radius: ${tokens.radius};
  padding: 16px 20px;
  margin-bottom: 16px;
  h2 {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    margin: 0 0 12px;
    font-size: 17px;
  }
  h2 a,
  h2 [role='toolbar'] {
    font-size: 13px;
    font-weight: 400;
  }
`

export const segmented = css`
  display: inline-flex;
  gap: 4px;
  button {
    padding: 3px 12px;
    ${outlineLook('14px')}
    cursor: pointer;
    font-size: 13px;
  }
  button[aria-pressed='true'],
  button[aria-selected='true'] {
    border-color: ${tokens.brand};
    color: ${tokens.brand};
  }
`

/** What a loaded section shows: the failure with a retry, the placeholder rows, or `children` with the data. */
/** A table of `rows` rows (and its header) in `table`'s metrics: 14 px × 1.6 line, 9 px padding, 1 px rule. */
export const tableHeight = (rows: number, extra = 0) => Math.ceil((rows + 1) * 41.5) + extra

/**
 * `minHeight`: the height the answer will take (e.g. tableHeight(20)), kept while it loads so the
 * sections under it do not move when it arrives.
 */
export function Loaded<T>({ load, rows, minHeight, children }: { load: ReadResult<T>; rows?: number; minHeight?: number; children: (data: T) => ReactNode }) {
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  if (load.status === 'loading') {
    const skeleton = <Loading {...(rows === undefined ? {} : { rows })} />
    return minHeight === undefined ? skeleton : <div style={{ minHeight }}>{skeleton}</div>
  }
  return <>{children(load.data)}</>
}

/** A sortable, paged ranking's state: its sort field and order, its page; a new sort starts again at page 1. */
export function useSortedPages<F extends string>(initial: F) {
  const [sort, setSort] = useState<F>(initial)
  const [order, setOrder] = useState<'asc' | 'desc'>('desc')
  const [page, setPage] = useState(1)
  const onSort = (field: F, o: 'asc' | 'desc') => {
    setSort(field)
    setOrder(o)
    setPage(1)
  }
  return { sort, order, page, setPage, onSort }
}

/**
 * A paged ranking: the read's states, its table (the head row's cells, then one row an item; `rows` picks
 * what a ready page shows, all of it by default) and the pager under it.
 */
export function PagedTable<T>({ load, page, onPage, head, rows = (list) => list, testId, minHeight, children }: { load: ReadResult<{ readonly list: readonly T[]; readonly hasMore: boolean }>; page: number; onPage: (page: number) => void; head: ReactNode; rows?: (list: readonly T[]) => readonly T[]; testId?: string; minHeight?: number; children: (item: T) => ReactNode }) {
  return (
    <Loaded load={load} {...(minHeight === undefined ? {} : { minHeight })}>
      {(d) => (
        <>
          <table className={table} data-testid={testId}>
            <thead>
              <tr>{head}</tr>
            </thead>
            <tbody>{rows(d.list).map(children)}</tbody>
          </table>
          <Pager page={page} hasMore={d.hasMore} onPage={onPage} />
        </>
      )}
    </Loaded>
  )
}

/** Previous / page n / next under a paged table. */
export function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  return (
    <div className={pager}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('market.prevPage')}</button>
      <span>{t('market.pageOf', { page })}</span>
      <button type="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>{t('market.nextPage')}</button>
    </div>
  )
}

/** The HK / US switch above a ranking. */
export function MarketTabs({ market, onChange }: { market: 'hk' | 'us'; onChange: (market: 'hk' | 'us') => void }) {
  return <Tabs className={segmented} label={t('market.marketTabs')} items={(['hk', 'us'] as const).map((m) => ({ key: m, label: t(m === 'hk' ? 'market.hk' : 'market.us') }))} value={market} onChange={onChange} />
}
