import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { fromPromise } from 'xstate'
import { pagedListMachine, type PageAnswer, type PageRequest } from '../../core/content/paged-list.machine'

/**
 * Binds a view to a paged-list actor whose `loadPage` is the given function. The view reads
 * items and state; it sends `list.more`, `list.retry`, `list.filter`.
 */
export function usePagedList<T, F>(
  load: (req: PageRequest & { filter: F; last: T | null }) => Promise<PageAnswer<T>>,
  filter: F,
  keyOf: (item: T) => string | number,
  /** a first page the server inlined into the HTML */
  initial?: PageAnswer<T>,
) {
  const actor = useActorRef(
    pagedListMachine.provide({
      actors: { loadPage: fromPromise<PageAnswer<unknown>, PageRequest>(({ input }) => load(input as PageRequest & { filter: F; last: T | null })) },
    }),
    { input: { filter, keyOf: keyOf as (item: unknown) => string | number, initial }, inspect },
  )
  const items = useSelector(actor, (s) => s.context.items) as T[]
  const status = useSelector(actor, (s) =>
    s.matches('loading') ? (s.context.items.length ? 'loadingMore' : 'loading') : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'idle',
  )
  const hasMore = useSelector(actor, (s) => s.context.hasMore)
  const error = useSelector(actor, (s) => s.context.error)
  const currentFilter = useSelector(actor, (s) => s.context.filter) as F
  return { actor, items, status, hasMore, error, filter: currentFilter }
}
