import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../api/registry'
import { CLASS_LISTINGS, CLASSED_ENDPOINTS, classOf, endpointKey, isLimited } from './endpoint-classes'
import {
  addressKey,
  admit,
  BUCKETS_PER_WINDOW,
  bucketMs,
  HOUR_MS,
  scaledLimits,
  WRITE_LIMIT_MESSAGE,
  WRITE_LIMITS,
  type Limit,
} from './write-limits'

describe('every state-changing endpoint has a class', () => {
  it('each state-changing endpoint of the registry (every non-GET, and the GETs marked changesState) is classed (a new endpoint cannot forget its limit)', () => {
    expect(ENDPOINTS.filter(({ endpoint }) => endpoint.method !== 'GET' && !endpoint.changesState)).toEqual([])
    expect(ENDPOINTS.filter(({ endpoint }) => endpoint.method === 'GET' && endpoint.changesState).length).toBeGreaterThanOrEqual(7)
    const missing = ENDPOINTS.filter(({ endpoint }) => endpoint.changesState && classOf(endpoint) === undefined).map(
      ({ area, exportName, endpoint }) => `${area}.${exportName} ${endpointKey(endpoint)}`,
    )
    expect(missing).toEqual([])
  })
  it('each classed endpoint is in the registry, listed once', () => {
    const registered = new Set(ENDPOINTS.map(({ endpoint }) => endpointKey(endpoint)))
    expect(CLASSED_ENDPOINTS.map(([e]) => endpointKey(e)).filter((k) => !registered.has(k))).toEqual([])
    expect([...CLASS_LISTINGS].filter(([, n]) => n !== 1)).toEqual([])
  })
  it('the writes issue 23 names are limited: posts, articles, drafts, comments, likes, follows, shares, complaints, orders, uploads', () => {
    const byPath = (method: string, path: string) => classOf({ method: method as 'POST', path })
    const named = [
      ['POST', '/api/community/dynamic/v3'],
      ['POST', '/api/columnArticle/publish/v1'],
      ['POST', '/api/columnArticleDraft/saveMyOne'],
      ['POST', '/api/comments/v2'],
      ['POST', '/api/post/{id}/like/add'],
      ['POST', '/api/friendships/follow'],
      ['POST', '/api/userstock/add'],
      ['POST', '/api/share/v2'],
      ['POST', '/api/user/complain/{type}/v1'],
      ['POST', '/transaction/api/order/v1'],
      ['POST', '/api/purchase/v3'],
      ['POST', '/transaction/api/recharge/v2'],
      ['POST', '/transaction/api/guru-pay/v1'],
      ['POST', '/api/file/upload/v1'],
      ['POST', '/file/api/file/post-img'],
    ] as const
    expect(named.map(([m, p]) => [p, byPath(m, p) !== undefined && isLimited(byPath(m, p)!)])).toEqual(named.map(([, p]) => [p, true]))
  })
})

describe('the numbers', () => {
  it('each class names its reason, and the address allows at least what one account may', () => {
    for (const [cls, l] of Object.entries(WRITE_LIMITS)) {
      expect(l.reason.length, cls).toBeGreaterThan(20)
      expect(l.address.max, cls).toBeGreaterThanOrEqual(l.account.max)
      expect(Number.isInteger(l.account.max) && l.account.max > 0, cls).toBe(true)
      expect(l.account.windowMs % BUCKETS_PER_WINDOW, cls).toBe(0)
      // one check reads both counts over one window (server/http/write-limit.ts)
      expect(l.address.windowMs, cls).toBe(l.account.windowMs)
    }
  })
  it('a script meets them: 100 of each write in one go (what issue 23 sent) is refused before the end', () => {
    for (const [cls, l] of Object.entries(WRITE_LIMITS)) {
      if (cls === 'uploadBytes' || cls === 'reading' || cls === 'heartbeat' || cls === 'check' || cls === 'like' || cls === 'follow' || cls === 'upload' || cls === 'draft' || cls === 'manage' || cls === 'group') continue
      expect(l.account.max, cls).toBeLessThan(100)
    }
    // one maximal upload request (10 files of 20,000,000 bytes) fits; the 200 MB in 1.4 s twice over does not fit an address's hour thrice
    expect(WRITE_LIMITS.uploadBytes.account.max).toBeGreaterThanOrEqual(10 * 20_000_000)
    expect(WRITE_LIMITS.uploadBytes.account.max).toBeLessThan(1_000_000_000)
  })
  it('the message is the site\'s one for "too often"', () => {
    expect(WRITE_LIMIT_MESSAGE).toBe('操作过于频繁，请稍后再试')
  })
  it('scaledLimits multiplies every max and keeps the windows', () => {
    const big = scaledLimits(WRITE_LIMITS, 1000)
    expect(big.post.account).toEqual({ max: 30_000, windowMs: HOUR_MS })
    expect(Object.keys(big).sort()).toEqual(Object.keys(WRITE_LIMITS).sort())
  })
})

// --- the rule against a brute-force model ------------------------------------------------------

const limitArb = fc.record({ max: fc.integer({ min: 1, max: 8 }), windowMs: fc.constantFrom(60_000, 600_000, HOUR_MS) })
/** Times of writes (ms, non-decreasing) over up to three windows. */
const timeline = (l: Limit) =>
  fc.array(fc.integer({ min: 0, max: 3 * l.windowMs }), { maxLength: 60 }).map((ts) => ts.sort((a, b) => a - b).map((t) => 1_700_000_000_000 + t))

describe('admit: counted per bucket over the window’s last buckets', () => {
  it('examples: max writes pass, the next is refused, and it passes again once the window has moved on', () => {
    const l = { max: 3, windowMs: HOUR_MS }
    const counts = new Map<number, number>()
    const t0 = 1_700_000_000_000 - (1_700_000_000_000 % bucketMs(l))
    expect([0, 1, 2, 3].map((i) => admit(counts, l, t0 + i))).toEqual([true, true, true, false])
    expect(admit(counts, l, t0 + HOUR_MS - 1)).toBe(false)
    expect(admit(counts, l, t0 + HOUR_MS)).toBe(true)
  })

  it('law: a writer who never makes more than max writes in any window is never refused', () => {
    fc.assert(
      fc.property(
        limitArb.chain((l) => fc.tuple(fc.constant(l), timeline(l))),
        ([l, times]) => {
          // keep only the writes an honest writer makes: at most max within any (t − windowMs, t]
          const honest: number[] = []
          for (const t of times) if (honest.filter((u) => u > t - l.windowMs).length < l.max) honest.push(t)
          const counts = new Map<number, number>()
          expect(honest.map((t) => admit(counts, l, t))).toEqual(honest.map(() => true))
        },
      ),
    )
  })

  it('law: no max + 1 writes are allowed within any span of (buckets − 1) buckets’ length… of the window', () => {
    fc.assert(
      fc.property(
        limitArb.chain((l) => fc.tuple(fc.constant(l), timeline(l))),
        ([l, times]) => {
          const counts = new Map<number, number>()
          const allowed = times.filter((t) => admit(counts, l, t))
          const span = (BUCKETS_PER_WINDOW - 1) * bucketMs(l)
          for (const t of allowed) expect(allowed.filter((u) => u >= t && u < t + span).length).toBeLessThanOrEqual(l.max)
        },
      ),
    )
  })

  it('law: a refused write is not counted (the counts do not change)', () => {
    fc.assert(
      fc.property(
        limitArb.chain((l) => fc.tuple(fc.constant(l), timeline(l))),
        ([l, times]) => {
          const counts = new Map<number, number>()
          for (const t of times) {
            const before = JSON.stringify([...counts])
            if (!admit(counts, l, t)) expect(JSON.stringify([...counts])).toBe(before)
          }
        },
      ),
    )
  })

  it('law: with costs (bytes), the allowed sum in the counted buckets never exceeds max', () => {
    fc.assert(
      fc.property(limitArb, fc.array(fc.tuple(fc.integer({ min: 0, max: 7_200_000 }), fc.integer({ min: 1, max: 5 })), { maxLength: 40 }), (l, writes) => {
        const counts = new Map<number, number>()
        const sorted = writes.sort((a, b) => a[0] - b[0])
        for (const [t, cost] of sorted) admit(counts, l, 1_700_000_000_000 + t, cost)
        const starts = [...counts.keys()].sort((a, b) => a - b)
        for (const s of starts) {
          const sum = starts.filter((u) => u >= s && u < s + BUCKETS_PER_WINDOW * bucketMs(l)).reduce((a, u) => a + counts.get(u)!, 0)
          expect(sum).toBeLessThanOrEqual(l.max)
        }
      }),
    )
  })
})

describe('addressKey', () => {
  it('examples', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:DB8:1:2::99')).toBe('2001:db8:1:2::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('local')).toBe('local')
  })
  const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16))
  it('law: every address of one /64 counts as one; another /64 counts apart', () => {
    fc.assert(
      fc.property(fc.array(hextet, { minLength: 8, maxLength: 8 }), fc.array(hextet, { minLength: 4, maxLength: 4 }), (a, tail) => {
        const one = a.join(':')
        const sameNet = [...a.slice(0, 4), ...tail].join(':')
        expect(addressKey(sameNet)).toBe(addressKey(one))
        const other = [...a.slice(0, 3), ((parseInt(a[3]!, 16) + 1) % 0x10000).toString(16), ...a.slice(4)].join(':')
        expect(addressKey(other)).not.toBe(addressKey(one))
      }),
    )
  })
  it('law: IPv4 addresses are told apart, and their IPv4-mapped IPv6 forms count as them', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV4(), (a, b) => {
        expect(addressKey(`::ffff:${a}`)).toBe(addressKey(a))
        expect(addressKey(a) === addressKey(b)).toBe(a === b)
      }),
    )
  })
  it('law: the compressed and the full spelling of an IPv6 address count as one', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const key = addressKey(ip)
        expect(key.length).toBeLessThanOrEqual(64)
        expect(addressKey(ip.toUpperCase())).toBe(key)
      }),
    )
  })
})
