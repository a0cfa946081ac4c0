// The one way a view reads data (design.md 'Views'; docs/architecture.md 'Reading data in a view'):
// a thin hook over core/query/query-cache.ts, read with useSyncExternalStore (no effect, no setState).
//
//   const news = useRead(firstCalls.news(id), (signal) => api.news(id, signal))
//   news.status === 'ready' && news.data          // 'loading' | 'failed' (news.message) | 'ready'; news.reload()
//   const list = usePages({ key, loadPage: (at, signal) => …, keyOf })   // list.items, list.more(), list.status
//   usePages({ …, loadNewer }, { pollMs: 10_000 })                        // a live list
//   useInvalidate()('post.')                       // after a write: every read of an endpoint named post.* reloads
//
// - The key names the endpoint (its contract name) and its params and query. The cache is keyed by
//   it, so the answer to an old id never shows for a new one, and two views asking the same share it.
// - The signal aborts when no view watches the key any more (unmount, key change): pass it to the
//   HTTP port (`http.call(endpoint, input, { signal })`).
// - The server's inlined first answers (ui/common/first-screen.tsx, core/api/first-screen.ts) seed the
//   cache under the same keys: a server-rendered page renders from them on both sides and hydrates
//   without asking again. Give a first-screen read its `firstCalls.x(...)` key.
// - A null key reads nothing (status 'loading', no request): for a read that waits on something.
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { createQueryCache, type PagedRead, type PagesState, type QueryCache, type ReadKey, type ReadState, type WatchOptions } from '../../core/query/query-cache'
import { useServices, type Services } from '../services'

export type { PageAnswer, PageAt, ReadKey, ReadState } from '../../core/query/query-cache'
export type Read<T> = ReadState<T> & { reload: () => void }
export type Pages<T> = PagesState<T> & { more: () => void; reload: () => void }

const caches = new WeakMap<Services, QueryCache>()

/** The app's cache: one per Services (the app's, a server render's, a test's), seeded from its inlined answers. */
export function queryCacheOf(services: Services): QueryCache {
  let cache = caches.get(services)
  if (!cache) {
    cache = createQueryCache({ seed: services.initial.answers ?? {}, now: services.now })
    caches.set(services, cache)
  }
  return cache
}

export function useQueryCache(): QueryCache {
  return queryCacheOf(useServices())
}

/** After a write: `invalidate('post.')` reloads every watched read whose endpoint starts with 'post.' (the rest when next shown). */
export function useInvalidate(): (prefix: string) => number {
  const cache = useQueryCache()
  return useCallback((prefix: string) => cache.invalidate(prefix), [cache])
}

const nothing: ReadState<never> = { status: 'loading', fetching: false }
const noSubscription = () => () => {}
const noop = () => {}
const idle = () => nothing

export function useRead<T>(key: ReadKey | null, load: (signal: AbortSignal) => Promise<T>, options: WatchOptions & { fromAnswer?: (answer: unknown) => T } = {}): Read<T> {
  const cache = useQueryCache()
  const entry = key ? cache.read({ key, load, fromAnswer: options.fromAnswer }) : null
  const pollMs = options.pollMs
  const subscribe = useCallback((listener: () => void) => entry?.subscribe(listener, { pollMs }) ?? noSubscription(), [entry, pollMs])
  const getSnapshot = entry ? (entry.getSnapshot as () => ReadState<T>) : idle
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  return useMemo(() => ({ ...state, reload: entry?.reload ?? noop }), [state, entry])
}

export function usePages<T>(read: PagedRead<T>, options: WatchOptions = {}): Pages<T> {
  const cache = useQueryCache()
  const entry = cache.pages(read)
  const pollMs = options.pollMs
  const subscribe = useCallback((listener: () => void) => entry.subscribe(listener, { pollMs }), [entry, pollMs])
  const state = useSyncExternalStore(subscribe, entry.getSnapshot, entry.getSnapshot)
  return useMemo(() => ({ ...state, more: entry.more, reload: entry.reload }), [state, entry])
}
