import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { createQueryCache, keyId, type PageAnswer, type ReadKey } from './query-cache'
import { firstCallKey } from '../api/first-screen'

const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean())
const record = fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), scalar, { maxKeys: 4 })
const readKey: fc.Arbitrary<ReadKey> = fc.record({ endpoint: fc.constantFrom('post.detail', 'post.list', 'news.detail', 'news.listPage', 'market.quote'), params: record, query: record })
const shuffled = (r: Readonly<Record<string, unknown>> | undefined) => Object.fromEntries(Object.entries(r ?? {}).reverse())
const flush = () => new Promise((r) => setTimeout(r, 0))

/** a load that answers when told to; counts its calls and sees its signals */
function deferred<T>() {
  const calls: { resolve: (v: T) => void; reject: (e: unknown) => void; signal: AbortSignal }[] = []
  const load = (signal: AbortSignal) => new Promise<T>((resolve, reject) => calls.push({ resolve, reject, signal }))
  return { load, calls }
}

describe('keys', () => {
  it('do not depend on the order of fields, and equal the inlined answers’ keys', () => {
    fc.assert(
      fc.property(readKey, (k) => {
        const other = { endpoint: k.endpoint, params: shuffled(k.params), query: shuffled(k.query) } as ReadKey
        expect(keyId(other)).toBe(keyId(k))
        expect(keyId(k)).toBe(firstCallKey(k))
      }),
    )
  })
  it('differ whenever the endpoint, params, query or shape differ', () => {
    fc.assert(
      fc.property(readKey, readKey, (a, b) => {
        const same = a.endpoint === b.endpoint && JSON.stringify(Object.entries(a.params ?? {}).sort()) === JSON.stringify(Object.entries(b.params ?? {}).sort()) && JSON.stringify(Object.entries(a.query ?? {}).sort()) === JSON.stringify(Object.entries(b.query ?? {}).sort())
        expect(keyId(a) === keyId(b)).toBe(same)
        expect(keyId({ ...a, as: 'x' })).not.toBe(keyId(a))
      }),
    )
  })
  it('tell a number from its text and params from query', () => {
    expect(keyId({ endpoint: 'e', params: { id: 1 } })).not.toBe(keyId({ endpoint: 'e', params: { id: '1' } }))
    expect(keyId({ endpoint: 'e', params: { id: 1 } })).not.toBe(keyId({ endpoint: 'e', query: { id: 1 } }))
  })
})

describe('a read', () => {
  it('loads when first watched, shares one request between watchers, and shows its answer', async () => {
    const cache = createQueryCache()
    const d = deferred<string>()
    const e = cache.read({ key: { endpoint: 'post.detail', params: { id: 1 } }, load: d.load })
    expect(d.calls).toHaveLength(0)
    const u1 = e.subscribe(() => {})
    const u2 = cache.read({ key: { endpoint: 'post.detail', params: { id: 1 } }, load: d.load }).subscribe(() => {})
    expect(d.calls).toHaveLength(1)
    expect(e.getSnapshot()).toMatchObject({ status: 'loading', fetching: true })
    d.calls[0]!.resolve('one')
    await flush()
    expect(e.getSnapshot()).toEqual({ status: 'ready', data: 'one', fetching: false })
    u1()
    u2()
  })

  it('aborts its request when the last watcher leaves, and not when React resubscribes in the same task', async () => {
    const cache = createQueryCache()
    const d = deferred<string>()
    const e = cache.read({ key: { endpoint: 'post.detail', params: { id: 1 } }, load: d.load })
    const u = e.subscribe(() => {})
    u()
    const again = e.subscribe(() => {})
    await flush()
    expect(d.calls[0]!.signal.aborted).toBe(false)
    expect(d.calls).toHaveLength(1)
    again()
    await flush()
    expect(d.calls[0]!.signal.aborted).toBe(true)
    // the late answer of an aborted request is not shown; the next watcher asks again
    d.calls[0]!.resolve('late')
    await flush()
    expect(e.getSnapshot().status).toBe('loading')
    e.subscribe(() => {})
    expect(d.calls).toHaveLength(2)
  })

  it('never shows an answer under another key, whatever order the answers come in (the fast id change)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 }), fc.func(fc.integer()), async (ids, order) => {
        const cache = createQueryCache()
        const pending: { id: number; resolve: (v: string) => void }[] = []
        const leave: (() => void)[] = []
        for (const id of ids) {
          const e = cache.read({ key: { endpoint: 'post.detail', params: { id } }, load: () => new Promise<string>((resolve) => pending.push({ id, resolve })) })
          leave.push(e.subscribe(() => {}))
        }
        const sorted = [...pending].sort((a, b) => order(a.id) - order(b.id))
        for (const p of sorted) p.resolve(`post ${p.id}`)
        await flush()
        for (const id of new Set(ids)) {
          const s = cache.read({ key: { endpoint: 'post.detail', params: { id } }, load: () => Promise.reject(new Error('unused')) }).getSnapshot()
          expect(s).toMatchObject({ status: 'ready', data: `post ${id}` })
        }
        leave.forEach((l) => l())
      }),
      { numRuns: 50 },
    )
  })

  it('fails with the message, keeps what it showed when a reload fails, and reloads on reload()', async () => {
    const cache = createQueryCache()
    const d = deferred<string>()
    const e = cache.read({ key: { endpoint: 'x' }, load: d.load })
    e.subscribe(() => {})
    d.calls[0]!.reject(new Error('网络异常'))
    await flush()
    expect(e.getSnapshot()).toEqual({ status: 'failed', message: '网络异常', fetching: false })
    e.reload()
    d.calls[1]!.resolve('ok')
    await flush()
    e.reload()
    d.calls[2]!.reject(new Error('again'))
    await flush()
    expect(e.getSnapshot()).toEqual({ status: 'ready', data: 'ok', fetching: false })
  })

  it('serves the inlined answer without a request, through fromAnswer, and reloads it once stale', async () => {
    let t = 1000
    const key = { endpoint: 'news.detail', params: { id: 7 } }
    const cache = createQueryCache({ seed: { [keyId(key)]: { title: 'served' } }, now: () => t, staleMs: 100 })
    const load = vi.fn(async () => 'fresh')
    const e = cache.read({ key, load, fromAnswer: (a) => (a as { title: string }).title })
    expect(e.getSnapshot()).toEqual({ status: 'ready', data: 'served', fetching: false })
    const u = e.subscribe(() => {})
    expect(load).not.toHaveBeenCalled()
    u()
    await flush()
    t += 100
    e.subscribe(() => {})
    expect(e.getSnapshot()).toMatchObject({ status: 'ready', data: 'served', fetching: true })
    await flush()
    expect(e.getSnapshot()).toEqual({ status: 'ready', data: 'fresh', fetching: false })
  })

  it('polls while watched with pollMs, and stops when left', async () => {
    vi.useFakeTimers()
    const cache = createQueryCache()
    let n = 0
    const e = cache.read({ key: { endpoint: 'live.all' }, load: async () => ++n })
    const u = e.subscribe(() => {}, { pollMs: 1000 })
    await vi.advanceTimersByTimeAsync(3500)
    expect(n).toBe(4)
    u()
    await vi.advanceTimersByTimeAsync(5000)
    expect(n).toBe(4)
    vi.useRealTimers()
  })

  it('set() shows the answer a write returned', () => {
    const cache = createQueryCache()
    const e = cache.read({ key: { endpoint: 'user.info' }, load: () => new Promise<number>(() => {}) })
    e.subscribe(() => {})
    cache.set({ endpoint: 'user.info' }, 3)
    expect(e.getSnapshot()).toEqual({ status: 'ready', data: 3, fetching: false })
  })

  it('keeps at most `keep` unwatched entries, dropping the longest unwatched', async () => {
    const cache = createQueryCache({ keep: 2 })
    for (const id of [1, 2, 3, 4]) cache.read({ key: { endpoint: 'p', params: { id } }, load: async () => id })
    expect(cache.ids()).toHaveLength(2)
  })
})

describe('invalidate(prefix)', () => {
  it('makes stale exactly the entries whose endpoint starts with the prefix; watched ones reload at once, the rest when next watched; twice is once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(readKey, { selector: keyId, minLength: 1, maxLength: 6 }), fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), fc.constantFrom('', 'post.', 'news.', 'post.detail', 'market.', 'none'), async (keys, watched, prefix) => {
        const cache = createQueryCache({ staleMs: 1e9 })
        const loads = new Map<string, number>()
        const entries = keys.map((key) => cache.read({ key, load: async () => loads.set(keyId(key), (loads.get(keyId(key)) ?? 0) + 1).get(keyId(key)) }))
        const leave = entries.map((e, i) => (watched[i] ? e.subscribe(() => {}) : null))
        await flush()
        const before = new Map(loads)
        expect(cache.invalidate(prefix)).toBe(keys.filter((k) => k.endpoint.startsWith(prefix)).length)
        cache.invalidate(prefix)
        await flush()
        keys.forEach((k, i) => {
          const hit = k.endpoint.startsWith(prefix)
          const extra = (loads.get(keyId(k)) ?? 0) - (before.get(keyId(k)) ?? 0)
          // a watched hit reloads (twice asked, the first is aborted by the second: both count as started)
          if (hit && watched[i]) expect(extra).toBeGreaterThanOrEqual(1)
          else expect(extra).toBe(0)
        })
        // an unwatched hit reloads when next watched; an unwatched miss never loaded, so it loads now for the first time
        keys.forEach((k, i) => {
          if (watched[i]) return
          const was = loads.get(keyId(k)) ?? 0
          entries[i]!.subscribe(() => {})
          expect(loads.get(keyId(k)) ?? 0).toBe(was + 1)
        })
        leave.forEach((l) => l?.())
      }),
      { numRuns: 60 },
    )
  })

  it('drops inlined answers of the prefix that no view has read yet', () => {
    const key = { endpoint: 'post.detail', params: { id: 1 } }
    const cache = createQueryCache({ seed: { [keyId(key)]: 'served' } })
    cache.invalidate('post.')
    expect(cache.read({ key, load: () => new Promise(() => {}) }).getSnapshot().status).toBe('loading')
  })
})

describe('a paged list', () => {
  const page = (from: number, n: number, hasMore: boolean): PageAnswer<number> => ({ list: Array.from({ length: n }, (_, i) => from + i), hasMore })

  it('loads the first page, then the next from where it stands, dropping repeats', async () => {
    const asked: { page: number; last: number | null; loaded: number }[] = []
    const cache = createQueryCache()
    const e = cache.pages<number>({
      key: { endpoint: 'news.listPage' },
      keyOf: (n) => n,
      loadPage: async (at) => (asked.push(at), at.page === 1 ? page(1, 3, true) : page(3, 3, false)),
    })
    e.subscribe(() => {})
    expect(e.getSnapshot().status).toBe('loading')
    await flush()
    expect(e.getSnapshot()).toMatchObject({ status: 'ready', items: [1, 2, 3], hasMore: true })
    e.more()
    expect(e.getSnapshot().status).toBe('more')
    await flush()
    expect(e.getSnapshot()).toMatchObject({ status: 'ready', items: [1, 2, 3, 4, 5], hasMore: false })
    expect(asked).toEqual([
      { page: 1, last: null, loaded: 0 },
      { page: 2, last: 3, loaded: 3 },
    ])
    e.more()
    expect(asked).toHaveLength(2)
  })

  it('starts from the inlined first page, says empty for an empty list and failed for a failed first page', async () => {
    const key = { endpoint: 'news.listPage', query: { page: 1 } }
    const cache = createQueryCache({ seed: { [keyId(key)]: { rows: [9] } } })
    const loadPage = vi.fn(async () => page(0, 0, false))
    const e = cache.pages<number>({ key, keyOf: (n) => n, loadPage, fromAnswer: (a) => ({ list: (a as { rows: number[] }).rows, hasMore: true }) })
    e.subscribe(() => {})
    expect(e.getSnapshot()).toMatchObject({ status: 'ready', items: [9], hasMore: true })
    expect(loadPage).not.toHaveBeenCalled()
    const empty = cache.pages<number>({ key: { endpoint: 'e' }, keyOf: (n) => n, loadPage })
    empty.subscribe(() => {})
    await flush()
    expect(empty.getSnapshot().status).toBe('empty')
    const failing = cache.pages<number>({ key: { endpoint: 'f' }, keyOf: (n) => n, loadPage: () => Promise.reject(new Error('坏了')) })
    failing.subscribe(() => {})
    await flush()
    expect(failing.getSnapshot()).toMatchObject({ status: 'failed', message: '坏了' })
  })

  it('a live list puts newer items first every pollMs while watched', async () => {
    vi.useFakeTimers()
    const cache = createQueryCache()
    let top = 3
    const e = cache.pages<number>({
      key: { endpoint: 'live.all' },
      keyOf: (n) => n,
      loadPage: async () => ({ list: [3, 2, 1], hasMore: false }),
      loadNewer: async (first) => (top++, Array.from({ length: top - (first ?? 0) }, (_, i) => top - i)),
    })
    const u = e.subscribe(() => {}, { pollMs: 1000 })
    await vi.advanceTimersByTimeAsync(2100)
    expect(e.getSnapshot().items).toEqual([5, 4, 3, 2, 1])
    u()
    await vi.advanceTimersByTimeAsync(5000)
    expect(e.getSnapshot().items).toEqual([5, 4, 3, 2, 1])
    vi.useRealTimers()
  })

  it('reloads from the first page when invalidated', async () => {
    const cache = createQueryCache()
    let version = 0
    const e = cache.pages<number>({ key: { endpoint: 'post.mine' }, keyOf: (n) => n, loadPage: async () => ({ list: [version], hasMore: false }) })
    e.subscribe(() => {})
    await flush()
    version = 1
    cache.invalidate('post.')
    await flush()
    expect(e.getSnapshot().items).toEqual([1])
  })
})
