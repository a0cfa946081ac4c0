// The one way a view reads data (design.md 'Views', docs/architecture.md 'Reading data in a view'):
// a framework-free cache of API answers, keyed by endpoint + params + query, that the React hook
// ui/common/use-read.ts reads with useSyncExternalStore. Chosen over TanStack Query by measurement
// (docs/architecture.md: the same features cost 2.2 KB brotli here against 10.0 KB for TanStack Query).
//
//   const cache = createQueryCache({ seed: initial.answers })   // the server's inlined first answers
//   const entry = cache.read({ key: { endpoint: 'news.detail', params: { id } }, load: (signal) => … })
//   entry.subscribe(listener, { pollMs })   // first watcher loads (or serves the seed); last one leaving aborts
//   entry.getSnapshot()                      // { status: 'loading' | 'failed' | 'ready', data, message, fetching }
//   cache.pages({ key, loadPage, keyOf, loadNewer? })   // a paged list (more(), retry()), optionally live
//   cache.invalidate('post.')                // after a write: every entry whose endpoint starts so reloads
//
// Laws (query-cache.test.ts, fast-check): a key does not depend on the order of its fields; two
// different inputs never share a key; an entry shows only the answer to its own key (a late answer
// to an old key never lands on a new one); invalidate(prefix) makes stale exactly the entries whose
// endpoint starts with prefix and is idempotent; watched stale entries reload, unwatched ones reload
// when next watched; the seed is served without a request.
import { firstCallKey } from '../api/first-screen'

export type Scalar = string | number | boolean

/** What an answer is the answer to: the endpoint's contract name and its input (as core/api/first-screen's FirstCall). */
export interface ReadKey {
  readonly endpoint: string
  readonly params?: Readonly<Record<string, Scalar>>
  readonly query?: Readonly<Record<string, Scalar>>
  /**
   * when `load` reshapes the endpoint's answer, a name for the shape, so two shapes never share a key
   * (the inlined answer is still found without it, and goes through the read's `fromAnswer`)
   */
  readonly as?: string
}

/** The id of a key: endpoint, params and query with sorted field names (the inlined answers use the same). */
export function keyId(key: ReadKey): string {
  const id = firstCallKey(key)
  return key.as === undefined ? id : `${id}#${key.as}`
}

/** One read: its key and how to load it; the signal aborts when nobody watches any more. */
export interface Read<T> {
  readonly key: ReadKey
  readonly load: (signal: AbortSignal) => Promise<T>
  /** turns the server's inlined answer (the endpoint's `result`) into T; default: it is T already */
  readonly fromAnswer?: (answer: unknown) => T
}

/** The status code of a failure that means 'no such record' (the view shows its 404 content). */
export const NOT_FOUND = 404

export type ReadState<T> =
  | { readonly status: 'loading'; readonly data?: undefined; readonly message?: undefined; readonly fetching: boolean }
  /** `statusCode`: the failure's own (an ApiError's: 404 is 'not found'), when it has one */
  | { readonly status: 'failed'; readonly data?: undefined; readonly message: string; readonly statusCode?: number; readonly fetching: boolean }
  | { readonly status: 'ready'; readonly data: T; readonly message?: undefined; readonly fetching: boolean }

export interface PageAnswer<T> {
  readonly list: readonly T[]
  readonly hasMore: boolean
}
/** Where the next page starts: its 1-based number, the last item shown (cursor endpoints), how many are shown. */
export interface PageAt<T> {
  readonly page: number
  readonly last: T | null
  readonly loaded: number
}

export interface PagedRead<T, A extends PageAnswer<T> = PageAnswer<T>> {
  /** the key of the first page (core/api/first-screen's call when the server inlines it) */
  readonly key: ReadKey
  /** a page; the first page's whole answer is kept as `first` (a list with a head: a hotspot and its contents) */
  readonly loadPage: (at: PageAt<T>, signal: AbortSignal) => Promise<A>
  /** removes items a moving feed sends twice */
  readonly keyOf: (item: T) => string | number
  /** a live list: the items newer than `first` (asked every `pollMs` while watched with one) */
  readonly loadNewer?: (first: T | null, signal: AbortSignal) => Promise<readonly T[]>
  readonly fromAnswer?: (answer: unknown) => A
}

export interface PagesState<T, A extends PageAnswer<T> = PageAnswer<T>> {
  /** loading: the first page; more: a later page; empty: a first page with nothing */
  readonly status: 'loading' | 'ready' | 'more' | 'empty' | 'failed'
  readonly items: readonly T[]
  readonly hasMore: boolean
  /** the message of the last failure (the first page's or a later page's) */
  readonly message: string | null
  /** the status code of a failed first page, when it has one (404: no such list) */
  readonly statusCode: number | null
  readonly fetching: boolean
  /** the first page's answer as loaded (or inlined) */
  readonly first: A | null
}

export interface WatchOptions {
  /** reload (a read) or ask for newer items (a live list) this often while watched */
  readonly pollMs?: number
}

export interface Entry<S> {
  readonly id: string
  readonly key: ReadKey
  /** stable per entry: hand it to useSyncExternalStore as is */
  readonly subscribe: (listener: () => void, options?: WatchOptions) => () => void
  readonly getSnapshot: () => S
  readonly reload: () => void
}
export interface PagesEntry<T, A extends PageAnswer<T> = PageAnswer<T>> extends Entry<PagesState<T, A>> {
  readonly more: () => void
}

export interface Timers {
  readonly set: (fn: () => void, ms: number) => unknown
  readonly clear: (handle: unknown) => void
}

export interface QueryCacheOptions {
  /** the server's inlined answers by keyId (core/api/initial-data.ts); served without a request */
  readonly seed?: Readonly<Record<string, unknown>>
  readonly now?: () => number
  /** an answer older than this reloads when next watched (default 30 s) */
  readonly staleMs?: number
  /** how many unwatched entries are kept (default 200) */
  readonly keep?: number
  readonly timers?: Timers
  /** an error's text for the reader (default its message) */
  readonly messageOf?: (error: unknown) => string
}

export interface QueryCache {
  read<T>(read: Read<T>): Entry<ReadState<T>>
  pages<T, A extends PageAnswer<T> = PageAnswer<T>>(read: PagedRead<T, A>): PagesEntry<T, A>
  /** marks stale every entry whose endpoint starts with `prefix` ('' for all); watched ones reload. Returns how many. */
  invalidate(prefix: string): number
  /** the answer a write returned: shown at once for `key` (and fresh) if it is held; otherwise nothing (the next read loads) */
  set<T>(key: ReadKey, data: T): void
  /** ids of the entries held (for tests and the visualiser) */
  ids(): string[]
}

const defaultTimers: Timers = {
  set: (fn, ms) => globalThis.setTimeout(fn, ms),
  clear: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
}
/** the endpoint of an inlined answer's id (a firstCallKey: a JSON array led by the endpoint's name) */
function seedEndpoint(id: string): string {
  try {
    const parsed = JSON.parse(id) as unknown
    return Array.isArray(parsed) && typeof parsed[0] === 'string' ? parsed[0] : ''
  } catch {
    return ''
  }
}
const statusOf = (e: unknown): { statusCode?: number } => {
  const code = typeof e === 'object' && e !== null ? (e as { statusCode?: unknown }).statusCode : undefined
  return typeof code === 'number' ? { statusCode: code } : {}
}
const defaultMessage = (e: unknown) => (e instanceof Error ? e.message : String(e))

interface Base {
  readonly id: string
  readonly key: ReadKey
  watchers: number
  stale: boolean
  lastWatched: number
  invalidate(): void
  dispose(): void
}

export function createQueryCache(options: QueryCacheOptions = {}): QueryCache {
  const now = options.now ?? (() => Date.now())
  const staleMs = options.staleMs ?? 30_000
  const keep = options.keep ?? 200
  const timers = options.timers ?? defaultTimers
  const messageOf = options.messageOf ?? defaultMessage
  const seed = new Map(Object.entries(options.seed ?? {}))
  /** the inlined answers count as taken when the cache was made: fresh on the served page, stale (shown, then reloaded) later */
  const seededAt = now()
  const entries = new Map<string, Base>()

  /** drops the longest-unwatched entries beyond `keep` */
  function sweep() {
    const idle = [...entries.values()].filter((e) => e.watchers === 0)
    if (idle.length <= keep) return
    idle.sort((a, b) => a.lastWatched - b.lastWatched)
    for (const e of idle.slice(0, idle.length - keep)) {
      e.dispose()
      entries.delete(e.id)
    }
  }

  /** the part every entry shares: listeners, watchers, polling, abort when the last watcher leaves */
  function watching(onFirst: () => void, onPoll: () => void, onLast: () => void) {
    const listeners = new Set<() => void>()
    const polls = new Map<() => void, number>()
    let timer: unknown = null
    let leaving = false
    const state = { watchers: 0, lastWatched: now() }
    const schedule = () => {
      if (timer !== null) timers.clear(timer)
      timer = null
      const ms = Math.min(...polls.values())
      if (Number.isFinite(ms) && ms > 0)
        timer = timers.set(() => {
          timer = null
          onPoll()
          schedule()
        }, ms)
    }
    return {
      state,
      notify: () => listeners.forEach((l) => l()),
      subscribe(listener: () => void, watch: WatchOptions = {}) {
        listeners.add(listener)
        state.watchers++
        state.lastWatched = now()
        if (watch.pollMs) {
          polls.set(listener, watch.pollMs)
          schedule()
        }
        if (state.watchers === 1 && !leaving) onFirst()
        leaving = false
        return () => {
          if (!listeners.delete(listener)) return
          state.watchers--
          state.lastWatched = now()
          if (polls.delete(listener)) schedule()
          if (state.watchers > 0) return
          // React resubscribes in the same task (a new subscribe function, StrictMode): leave only if nobody came back
          leaving = true
          queueMicrotask(() => {
            if (!leaving || state.watchers > 0) return
            leaving = false
            onLast()
            sweep()
          })
        }
      },
      stopPolling() {
        if (timer !== null) timers.clear(timer)
        timer = null
      },
    }
  }

  function takeSeed(id: string): { found: boolean; answer?: unknown } {
    if (!seed.has(id)) return { found: false }
    const answer = seed.get(id)
    seed.delete(id)
    return { found: true, answer }
  }

  /**
   * What a read's entry and a paged list's share: the key, the watchers (from `watching`), stale, and
   * invalidate (stale, and reload now when watched) and dispose (abort, stop polling); `own` adds the kind's own calls.
   */
  function entryOf<S, X extends object>(
    key: ReadKey,
    id: string,
    w: ReturnType<typeof watching>,
    kind: { getSnapshot: () => S; reload: () => void; abort: () => void },
    own: X,
  ): Base & Entry<S> & X {
    const e: Base & Entry<S> = {
      id,
      key,
      get watchers() {
        return w.state.watchers
      },
      get lastWatched() {
        return w.state.lastWatched
      },
      stale: false,
      subscribe: w.subscribe,
      getSnapshot: kind.getSnapshot,
      reload: kind.reload,
      invalidate() {
        e.stale = true
        if (w.state.watchers > 0) kind.reload()
      },
      dispose() {
        kind.abort()
        w.stopPolling()
      },
    }
    return Object.assign(e, own)
  }

  function makeRead<T>(read: Read<T>, id: string) {
    let load = read.load
    let controller: AbortController | null = null
    let updatedAt = 0
    let snapshot: ReadState<T> = { status: 'loading', fetching: false }
    const seeded = takeSeed(firstCallKey(read.key))
    if (seeded.found) {
      snapshot = { status: 'ready', data: read.fromAnswer ? read.fromAnswer(seeded.answer) : (seeded.answer as T), fetching: false }
      updatedAt = seededAt
    }
    const set = (s: ReadState<T>) => {
      snapshot = s
      w.notify()
    }
    const start = () => {
      controller?.abort()
      const c = new AbortController()
      controller = c
      if (!snapshot.fetching) set({ ...snapshot, fetching: true } as ReadState<T>)
      let promise: Promise<T>
      try {
        promise = load(c.signal)
      } catch (e) {
        promise = Promise.reject(e)
      }
      promise.then(
        (data) => {
          if (controller !== c) return
          controller = null
          updatedAt = now()
          base.stale = false
          set({ status: 'ready', data, fetching: false })
        },
        (e: unknown) => {
          if (controller !== c) return
          controller = null
          if (c.signal.aborted) return set({ ...snapshot, fetching: false } as ReadState<T>)
          // a failed reload keeps what was shown
          set(snapshot.status === 'ready' ? { ...snapshot, fetching: false } : { status: 'failed', message: messageOf(e), ...statusOf(e), fetching: false })
        },
      )
    }
    const needsLoad = () => snapshot.status !== 'ready' || base.stale || now() - updatedAt >= staleMs
    const w = watching(
      () => {
        if (controller === null && needsLoad()) start()
      },
      () => {
        if (controller === null) start()
      },
      () => {
        w.stopPolling()
        if (controller) {
          controller.abort()
          controller = null
          set({ ...snapshot, fetching: false } as ReadState<T>)
        }
      },
    )
    const base = entryOf(read.key, id, w, { getSnapshot: () => snapshot, reload: start, abort: () => controller?.abort() }, {
      setLoad(l: Read<T>['load']) {
        load = l
      },
      put(data: T) {
        controller?.abort()
        controller = null
        updatedAt = now()
        base.stale = false
        set({ status: 'ready', data, fetching: false })
      },
    })
    return base
  }

  function makePages<T, A extends PageAnswer<T>>(read: PagedRead<T, A>, id: string) {
    let current = read
    let controller: AbortController | null = null
    let newer: AbortController | null = null
    let page = 0
    let updatedAt = 0
    let snapshot: PagesState<T, A> = { status: 'loading', items: [], hasMore: false, message: null, statusCode: null, fetching: false, first: null }
    const set = (s: Partial<PagesState<T, A>>) => {
      snapshot = { ...snapshot, ...s }
      w.notify()
    }
    const merge = (old: readonly T[], add: readonly T[], atStart: boolean) => {
      const seen = new Set(old.map(current.keyOf))
      const fresh = add.filter((item) => {
        const k = current.keyOf(item)
        if (seen.has(k)) return false
        seen.add(k)
        return true
      })
      return atStart ? [...fresh, ...old] : [...old, ...fresh]
    }
    const seeded = takeSeed(firstCallKey(read.key))
    if (seeded.found) {
      const first = read.fromAnswer ? read.fromAnswer(seeded.answer) : (seeded.answer as A)
      const items = merge([], first.list, false)
      page = 1
      updatedAt = seededAt
      snapshot = { status: items.length ? 'ready' : 'empty', items, hasMore: first.hasMore, message: null, statusCode: null, fetching: false, first }
    }
    /** `fromStart`: the first page again (a reload), replacing the items when it comes */
    const loadPage = (fromStart: boolean) => {
      controller?.abort()
      const c = new AbortController()
      controller = c
      const at: PageAt<T> = fromStart ? { page: 1, last: null, loaded: 0 } : { page: page + 1, last: snapshot.items.at(-1) ?? null, loaded: snapshot.items.length }
      set(fromStart && snapshot.items.length === 0 ? { status: 'loading', fetching: true } : fromStart ? { fetching: true } : { status: 'more', fetching: true })
      let promise: Promise<A>
      try {
        promise = current.loadPage(at, c.signal)
      } catch (e) {
        promise = Promise.reject(e)
      }
      promise.then(
        (answer) => {
          if (controller !== c) return
          controller = null
          page = at.page
          if (fromStart) {
            updatedAt = now()
            base.stale = false
          }
          const items = merge(fromStart ? [] : snapshot.items, answer.list, false)
          set({ status: items.length ? 'ready' : 'empty', items, hasMore: answer.hasMore, message: null, statusCode: null, fetching: false, ...(fromStart ? { first: answer } : {}) })
        },
        (e: unknown) => {
          if (controller !== c) return
          controller = null
          if (c.signal.aborted) return set({ status: snapshot.items.length ? 'ready' : 'loading', fetching: false })
          set({ status: snapshot.items.length ? 'ready' : 'failed', message: messageOf(e), statusCode: statusOf(e).statusCode ?? null, fetching: false })
        },
      )
    }
    const askNewer = () => {
      const loadNewer = current.loadNewer
      if (!loadNewer || newer || controller || page === 0) return
      const c = new AbortController()
      newer = c
      loadNewer(snapshot.items[0] ?? null, c.signal).then(
        (list) => {
          if (newer !== c) return
          newer = null
          const items = merge(snapshot.items, list, true)
          if (items.length !== snapshot.items.length) set({ status: 'ready', items })
        },
        () => {
          if (newer === c) newer = null
        },
      )
    }
    const needsLoad = () => page === 0 || base.stale || now() - updatedAt >= staleMs
    const w = watching(
      () => {
        if (controller === null && needsLoad()) loadPage(true)
      },
      askNewer,
      () => {
        w.stopPolling()
        newer?.abort()
        newer = null
        if (controller) {
          controller.abort()
          controller = null
          set({ status: snapshot.items.length ? 'ready' : 'loading', fetching: false })
        }
      },
    )
    const base = entryOf(read.key, id, w, {
      getSnapshot: () => snapshot,
      reload: () => loadPage(true),
      abort: () => {
        controller?.abort()
        newer?.abort()
      },
    }, {
      more: () => {
        if (controller === null && snapshot.hasMore && page > 0) loadPage(false)
        else if (controller === null && snapshot.status === 'failed') loadPage(true)
      },
      setRead(r: PagedRead<T, A>) {
        current = r
      },
    })
    return base
  }

  return {
    read<T>(read: Read<T>) {
      const id = keyId(read.key)
      let e = entries.get(id) as ReturnType<typeof makeRead<T>> | undefined
      if (!e || !('put' in e)) {
        e = makeRead(read, id)
        entries.set(id, e)
        sweep()
      } else e.setLoad(read.load)
      return e
    },
    pages<T, A extends PageAnswer<T> = PageAnswer<T>>(read: PagedRead<T, A>) {
      const id = `pages:${keyId(read.key)}`
      let e = entries.get(id) as ReturnType<typeof makePages<T, A>> | undefined
      if (!e) {
        e = makePages(read, id)
        entries.set(id, e)
        sweep()
      } else e.setRead(read)
      return e
    },
    invalidate(prefix) {
      let n = 0
      for (const id of [...seed.keys()]) if (seedEndpoint(id).startsWith(prefix)) seed.delete(id)
      for (const e of entries.values())
        if (e.key.endpoint.startsWith(prefix)) {
          e.invalidate()
          n++
        }
      return n
    },
    set<T>(key: ReadKey, data: T) {
      const id = keyId(key)
      const e = entries.get(id) as ReturnType<typeof makeRead<T>> | undefined
      if (e && 'put' in e) e.put(data)
    },
    ids: () => [...entries.keys()],
  }
}
