// A short-lived cache of public answers (endpoints with `publicMaxAgeMs`), keyed by script and URL.
// Readers of a busy feed then share one database read per second instead of one each; concurrent
// misses for one key share one computation. Bounded, so odd query strings cannot grow it; and what
// has expired is let go within a second of its age (issue 31: a cache that only made room when full
// kept up to its bound of stale answers for good — every chart and page a reader had opened).
const SWEEP_EVERY_MS = 1_000

export class MicroCache<T = string> {
  private readonly entries = new Map<string, { value: T; expires: number }>()
  private readonly pending = new Map<string, Promise<T>>()
  /** bumped by clear(): a computation begun before a clear never stores what it read */
  private generation = 0
  /** when expired entries were last let go */
  private sweptAt = 0

  constructor(
    private readonly maxEntries = 2_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The cached value, or `compute()`'s; a value `keep` rejects (an error answer) is not kept. */
  async get(key: string, maxAgeMs: number, compute: () => Promise<T>, keep: (value: T) => boolean = (v) => v !== null): Promise<T> {
    const hit = this.entries.get(key)
    if (hit && hit.expires > this.now()) return hit.value
    const inFlight = this.pending.get(key)
    if (inFlight) return inFlight
    const began = this.generation
    const p = compute()
      .then((value) => {
        if (keep(value) && began === this.generation) {
          const now = this.now()
          if (now - this.sweptAt >= SWEEP_EVERY_MS) this.sweep(now)
          if (this.entries.size >= this.maxEntries) this.evictOne()
          this.entries.delete(key)
          this.entries.set(key, { value, expires: now + maxAgeMs })
        }
        return value
      })
      .finally(() => {
        if (this.pending.get(key) === p) this.pending.delete(key)
      })
    this.pending.set(key, p)
    return p
  }

  /** The value kept for `key` while it is fresh, without computing anything. */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key)
    return hit && hit.expires > this.now() ? hit.value : undefined
  }

  /** Forgets one key (its value changed); a computation under way still answers its callers. */
  delete(key: string): void {
    this.entries.delete(key)
  }

  /**
   * Forgets one key whose data just changed: unlike delete(), a computation under way (of any key: they
   * are not told apart) stores nothing, and later callers of this key do not share it — it may have read
   * from before the change.
   */
  forget(key: string): void {
    this.entries.delete(key)
    this.pending.delete(key)
    this.generation++
  }

  /**
   * Forgets everything (the data behind it changed). Computations under way still answer their callers
   * but store nothing, and later callers do not share them: what they read may be from before the change.
   */
  clear(): void {
    this.entries.clear()
    this.pending.clear()
    this.generation++
  }

  /** How many values are kept (fresh or not yet let go). */
  get size(): number {
    return this.entries.size
  }

  /** Lets every expired entry go: at most once a second, as a value is stored, so O(entries) a second. */
  private sweep(now: number): void {
    this.sweptAt = now
    for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k)
  }

  private evictOne(): void {
    const now = this.now()
    for (const [k, e] of this.entries) {
      if (e.expires <= now) {
        this.entries.delete(k)
        return
      }
    }
    const oldest = this.entries.keys().next()
    if (!oldest.done) this.entries.delete(oldest.value)
  }
}
