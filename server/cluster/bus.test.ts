// The bus's parts (NOTIFY takes at most 8000 bytes) and its PGlite adapter (listen/notify within one
// process). Across processes on PostgreSQL: server/cluster/chat-fanout.test.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTestDb, urlOfTestDb } from '../testing/test-db'
import { NOTIFY_PART_BYTES, partsJoiner, pgliteBus, postgresBus, toParts } from './bus'


describe('parts of a long payload', () => {
  it('any payload, cut into parts of at most NOTIFY_PART_BYTES bytes, is put back whole (emoji never split)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30_000 }), fc.integer({ min: 8, max: NOTIFY_PART_BYTES }), (payload, partBytes) => {
        const parts = toParts(payload, 'x1', partBytes)
        for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(partBytes + 40)
        const join = partsJoiner()
        const answers = parts.map(join)
        expect(answers.slice(0, -1).every((a) => a === null)).toBe(true)
        expect(answers.at(-1)).toBe(payload)
      }),
      { numRuns: 200 },
    )
  })

  it('parts of two senders interleaved are put back each whole', () => {
    const a = '甲'.repeat(5_000)
    const b = 'b'.repeat(20_000)
    const pa = toParts(a, 'a1')
    const pb = toParts(b, 'b1')
    expect(pa.length).toBeGreaterThan(1)
    const join = partsJoiner()
    const out: string[] = []
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      for (const p of [pa[i], pb[i]]) {
        const whole = p === undefined ? null : join(p)
        if (whole !== null) out.push(whole)
      }
    }
    expect(out.sort()).toEqual([a, b].sort())
  })
})

describe('the bus on the test database (PGlite: its listen/notify; PostgreSQL with TEST_DATABASE_URL)', () => {
  it('tells a subscriber what is published, a long payload whole, in order', async () => {
    const t = await createTestDb()
    const bus = t.db.pglite ? pgliteBus(t.db.pglite) : postgresBus(await urlOfTestDb(t.db))
    const heard: string[] = []
    await bus.subscribe('gmh_test', (p) => heard.push(p))
    const long = JSON.stringify({ text: '港美汇'.repeat(4_000) })
    await bus.publish('gmh_test', 'first')
    await bus.publish('gmh_test', long)
    await bus.publish('gmh_test', 'last')
    await expect.poll(() => heard.length).toBe(3)
    expect(heard).toEqual(['first', long, 'last'])
    await bus.close()
    await t.close()
  }, 60_000)
})
