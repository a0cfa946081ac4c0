// What a detail page shows before its item: loading rows, the not-found card, or the error with 重试;
// the item itself once loaded.
import type { ReactNode } from 'react'
import { Failed, Loading } from '../common/status'
import { NotFoundContent } from '../common/not-found'
import { panel } from './panel'
import type { useDetail } from './use-detail'

type Detail<T> = ReturnType<typeof useDetail<T>>

export function DetailStatus<T>({ detail, notFound, rows = 5, children }: { detail: Detail<T>; notFound: string; rows?: number; children: (data: T) => ReactNode }) {
  if (detail.state === 'loading') return <div className={panel}><Loading rows={rows} /></div>
  if (detail.state === 'notFound') return <NotFoundContent text={notFound} />
  if (detail.state === 'failed' || !detail.data) return <Failed message={detail.error} onRetry={() => detail.actor.send({ type: 'detail.retry' })} />
  return <>{children(detail.data)}</>
}
