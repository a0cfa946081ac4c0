// What a detail page shows before its item: loading rows, the not-found card, or the error with 重试;
// the item itself once loaded.
import type { ReactNode } from 'react'
import { Empty, Failed, Loading } from '../common/status'
import { NotFoundContent } from '../common/not-found'
import type { ReadResult } from '../common/use-read'
import { NOT_FOUND } from '../../core/query/query-cache'
import { panel } from './panel'

export function DetailStatus<T>({ detail, notFound, rows = 5, children }: { detail: ReadResult<T>; notFound: string; rows?: number; children: (data: T) => ReactNode }) {
  if (detail.status === 'loading') return <div className={panel}><Loading rows={rows} /></div>
  if (detail.status === 'failed' && detail.statusCode === NOT_FOUND) return <NotFoundContent text={notFound} />
  if (detail.status === 'failed') return <Failed message={detail.message} onRetry={detail.reload} />
  return <>{children(detail.data)}</>
}

/**
 * A page's read that is not ready, in a panel in place of the page: loading rows, the not-found text, or
 * the error with 重试. A page checks `if (read.status !== 'ready') return <PendingPanel … />` and then
 * renders `read.data`.
 */
export function PendingPanel({ read, notFound, rows = 4 }: { read: ReadResult<unknown>; notFound: string; rows?: number }) {
  if (read.status === 'ready') return null
  return (
    <section className={panel}>
      {read.status === 'loading' ? <Loading rows={rows} /> : read.statusCode === NOT_FOUND ? <Empty text={notFound} /> : <Failed message={read.message} onRetry={read.reload} />}
    </section>
  )
}
