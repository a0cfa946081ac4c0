// The one way a view reads data (design.md 'Views'; docs/architecture.md 'Reading data in a view'):
// a thin hook over core/query/query-cache.ts, read with useSyncExternalStore (no effect, no setState).
//
//   // ui/<feature>/api.ts says what a read is (bulletproof-react's query options): its key and its load
//   news: (id: number) => lazyRead(http, () => contract().then((c) => c.newsDetail), firstCalls.news(id)),
//   related: (postId: number) => endpointRead(http, recommendPosts, { query: { postId, count: 5 } }),
//   // the view reads it
//   const news = useRead(api.news(id))
//   news.status === 'ready' && news.data          // 'loading' | 'failed' (news.message) | 'ready'; news.reload()
//   const list = usePages({ key, loadPage: (at, signal) => …, keyOf })   // list.items, list.more(), list.status
//   usePages({ …, loadNewer }, { pollMs: 10_000 })                        // a live list
//   useRead({ key: { endpoint: 'x.y', params, as: 'shape' }, load: async (signal) => … })   // a composite read
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
import { createQueryCache, type PageAnswer, type PagedRead, type PagesState, type QueryCache, type Read, type ReadKey, type ReadState, type WatchOptions } from '../../core/query/query-cache'
import type { FirstCall } from '../../core/api/first-screen'
import type { Endpoint, ResultOf } from '../../core/api/endpoint'
import type { CallInput, HttpPort } from '../../core/api/http-port'
import { normaliseError } from '../../core/api/api-error'
import { useServices, type Services } from '../services'

export type { PageAnswer, PageAt, PagedRead, Read, ReadKey, ReadState } from '../../core/query/query-cache'
export type ReadResult<T> = ReadState<T> & { reload: () => void }
export type Pages<T, A extends PageAnswer<T> = PageAnswer<T>> = PagesState<T, A> & { more: () => void; reload: () => void }

const caches = new WeakMap<Services, QueryCache>()

/** The app's cache: one per Services (the app's, a server render's, a test's), seeded from its inlined answers. */
export function queryCacheOf(services: Services): QueryCache {
  let cache = caches.get(services)
  if (!cache) {
    cache = createQueryCache({ seed: services.initial.answers ?? {}, now: services.now, messageOf: (e) => normaliseError(e).message })
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

/** A key's params and query without undefined fields (an absent field and an undefined one are the same call). */
function defined(r: object | undefined): Record<string, string | number | boolean> | undefined {
  if (!r) return undefined
  const out = Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))
  return Object.keys(out).length ? (out as Record<string, string | number | boolean>) : undefined
}

/** The read of one endpoint of the contract: keyed by its name and input, loaded through the HTTP port with the signal. */
export function endpointRead<E extends Endpoint>(http: HttpPort, endpoint: E, input: Pick<CallInput<E>, 'params' | 'query'> = {}): Read<ResultOf<E>> {
  return {
    key: { endpoint: endpoint.name, params: defined(input.params as object | undefined), query: defined(input.query as object | undefined) },
    load: (signal) => http.call(endpoint, input as CallInput<E>, { signal }),
  }
}

/**
 * The read of a call whose endpoint is imported on demand (so the entry chunk holds no schema code),
 * named by its contract name: a call of core/api/first-screen.ts is keyed as the server keys its
 * inlined answer, so the served page reads that.
 */
export function lazyRead<E extends Endpoint>(http: HttpPort, endpoint: () => Promise<E>, call: FirstCall): Read<ResultOf<E>> {
  return {
    key: call,
    load: async (signal) => {
      const e = await endpoint()
      if (e.name !== call.endpoint) throw new Error(`first call ${call.endpoint} made to ${e.name}`)
      return http.call(e, { params: call.params, query: call.query } as CallInput<E>, { signal })
    },
  }
}

/**
 * A personal read (the reader's watchlist, suggestions, own lists): keyed by its reader too, so that
 * after a sign-in, sign-out or another account's sign-in nobody is shown the previous reader's answer.
 */
export function forReader<R extends { readonly key: ReadKey }>(read: R, userId: number | null): R {
  return { ...read, key: { ...read.key, as: `${read.key.as ?? ''}reader:${userId ?? 0}` } }
}

/**
 * A paged list of one endpoint that takes a page number (`input(page)` is the call for that page):
 * keyed by its first page's call. `toPage` turns the answer into { list, hasMore } when it is not.
 */
export function numberedPages<E extends Endpoint, T>(
  http: HttpPort,
  endpoint: E,
  input: (page: number) => Pick<CallInput<E>, 'params' | 'query'>,
  keyOf: (item: T) => string | number,
  toPage: (answer: ResultOf<E>) => PageAnswer<T> = (a) => a as PageAnswer<T>,
): PagedRead<T> {
  return {
    key: endpointRead(http, endpoint, input(1)).key,
    keyOf,
    loadPage: async ({ page }, signal) => toPage(await http.call(endpoint, input(page) as CallInput<E>, { signal })),
    fromAnswer: (a) => toPage(a as ResultOf<E>),
  }
}

/** Reads `read` (null: nothing yet); with `pollMs` it reloads that often while shown. */
export function useRead<T>(read: Read<T> | null, options: WatchOptions = {}): ReadResult<T> {
  const cache = useQueryCache()
  const entry = read ? cache.read(read) : null
  const pollMs = options.pollMs
  const subscribe = useCallback((listener: () => void) => entry?.subscribe(listener, { pollMs }) ?? noSubscription(), [entry, pollMs])
  const getSnapshot = entry ? (entry.getSnapshot as () => ReadState<T>) : idle
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  return useMemo(() => ({ ...state, reload: entry?.reload ?? noop }), [state, entry])
}

export function usePages<T, A extends PageAnswer<T> = PageAnswer<T>>(read: PagedRead<T, A>, options: WatchOptions = {}): Pages<T, A> {
  const cache = useQueryCache()
  const entry = cache.pages(read)
  const pollMs = options.pollMs
  const subscribe = useCallback((listener: () => void) => entry.subscribe(listener, { pollMs }), [entry, pollMs])
  const state = useSyncExternalStore(subscribe, entry.getSnapshot, entry.getSnapshot)
  return useMemo(() => ({ ...state, more: entry.more, reload: entry.reload }), [state, entry])
}
