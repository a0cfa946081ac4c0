import { describe, expect, it } from 'vitest'
import { MicroCache } from './micro-cache'

describe('MicroCache', () => {
  it('reuses an answer until it expires', async () => {
    let now = 1000
    let computed = 0
    const cache = new MicroCache<string>(10, () => now)
    const compute = async () => `v${++computed}`
    expect(await cache.get('k', 1000, compute)).toBe('v1')
    now += 999
    expect(await cache.get('k', 1000, compute)).toBe('v1')
    now += 1
    expect(await cache.get('k', 1000, compute)).toBe('v2')
  })
  it('shares one computation between concurrent misses and keeps no failures', async () => {
    const cache = new MicroCache<string | null>()
    let computed = 0
    let release!: (v: string | null) => void
    const compute = () => (computed++, new Promise<string | null>((r) => (release = r)))
    const a = cache.get('k', 1000, compute)
    const b = cache.get('k', 1000, compute)
    release(null)
    expect(await a).toBeNull()
    expect(await b).toBeNull()
    expect(computed).toBe(1)
    expect(await cache.get('k', 1000, async () => 'x')).toBe('x')
  })
  it('a computation begun before clear() answers its caller but stores nothing, and is not shared after it', async () => {
    const cache = new MicroCache<string>()
    let release!: (v: string) => void
    const stale = cache.get('k', 1000, () => new Promise<string>((r) => (release = r)))
    cache.clear() // the data changed while the read was under way
    const fresh = cache.get('k', 1000, async () => 'new')
    release('old')
    expect(await stale).toBe('old')
    expect(await fresh).toBe('new')
    expect(await cache.get('k', 1000, async () => 'again')).toBe('new')
    // and the old read's end does not forget the new one's pending entry or value
    expect(cache.peek('k')).toBe('new')
  })
  it('lets expired values go as later ones are stored, not only when full (issue 31)', async () => {
    let now = 0
    const cache = new MicroCache<string>(1000, () => now)
    for (let i = 0; i < 100; i++) await cache.get(`chart ${i}`, 1000, async () => 'x'.repeat(1000))
    expect(cache.size).toBe(100)
    now += 5_000
    await cache.get('feed', 1000, async () => 'fresh')
    expect(cache.size).toBe(1)
    expect(cache.peek('feed')).toBe('fresh')
  })
  it('stays within its bound', async () => {
    const cache = new MicroCache(3)
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, 60_000, async () => String(i))
    expect(await cache.get('k0', 60_000, async () => 'recomputed')).toBe('recomputed')
    expect(await cache.get('k9', 60_000, async () => 'recomputed')).toBe('9')
  })
  it('forgets a deleted key at once and keeps the others', async () => {
    const cache = new MicroCache<string>()
    await cache.get('a', 60_000, async () => 'a1')
    await cache.get('b', 60_000, async () => 'b1')
    cache.delete('a')
    expect(await cache.get('a', 60_000, async () => 'a2')).toBe('a2')
    expect(await cache.get('b', 60_000, async () => 'b2')).toBe('b1')
  })
  it('peeks at a fresh value without computing, and not at an expired one', async () => {
    let now = 0
    const cache = new MicroCache<string>(10, () => now)
    expect(cache.peek('k')).toBeUndefined()
    await cache.get('k', 1000, async () => 'v')
    expect(cache.peek('k')).toBe('v')
    now += 1000
    expect(cache.peek('k')).toBeUndefined()
  })
})
