import { afterEach, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { createActor, fromPromise } from 'xstate'
import { expectFullCoverage, getCoveragePaths } from '../testing/model-coverage'
import { livePollMachine, MAX_FRESH, mergeFresh, POLL_INTERVAL_MS, type Fresh } from './live-poll.machine'

afterEach(() => {
  vi.useRealTimers()
})

describe('livePollMachine', () => {
  it('reaches every state and takes every transition', () => {
    const paths = getCoveragePaths(livePollMachine, {
      events: [
        { type: 'poll.since', timestamp: 100 },
        { type: 'xstate.done.actor.fetchNewer', output: [{ id: 9, createTimestamp: 120 }] },
        { type: 'xstate.error.actor.fetchNewer', error: new Error('网络异常') },
      ] as never,
    })
    expectFullCoverage(livePollMachine, paths)
  })

  it('asks every 30 s for flashes newer than the newest shown, and keeps them newest first', async () => {
    vi.useFakeTimers()
    const asked: number[] = []
    let next: Fresh[] = [{ id: 11, createTimestamp: 1_010 }]
    const actor = createActor(
      livePollMachine.provide({
        actors: {
          fetchNewer: fromPromise<readonly Fresh[], { since: number }>(async ({ input }) => {
            asked.push(input.since)
            const out = next
            next = []
            return out
          }),
        },
      }),
    ).start()
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(asked).toEqual([]) // the list has not loaded yet
    actor.send({ type: 'poll.since', timestamp: 1_000 })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(asked).toEqual([1_000])
    expect(actor.getSnapshot().context.fresh.map((f) => f.id)).toEqual([11])
    next = [{ id: 12, createTimestamp: 1_020 }]
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1)
    expect(asked).toEqual([1_000])
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toEqual([1_000, 1_010])
    expect(actor.getSnapshot().context.fresh.map((f) => f.id)).toEqual([12, 11])
    actor.send({ type: 'poll.reset' })
    expect(actor.getSnapshot().context).toEqual({ since: null, fresh: [] })
  })

  it('a failed poll is tried again at the next interval', async () => {
    vi.useFakeTimers()
    let calls = 0
    const actor = createActor(
      livePollMachine.provide({
        actors: {
          fetchNewer: fromPromise<readonly Fresh[], { since: number }>(async () => {
            if (calls++ === 0) throw new Error('网络异常')
            return [{ id: 3, createTimestamp: 50 }]
          }),
        },
      }),
    ).start()
    actor.send({ type: 'poll.since', timestamp: 10 })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(actor.getSnapshot().value).toBe('waiting')
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(calls).toBe(2)
    expect(actor.getSnapshot().context).toEqual({ since: 50, fresh: [{ id: 3, createTimestamp: 50 }] })
  })
})

describe('mergeFresh', () => {
  const flash = fc.record({ id: fc.integer({ min: 1, max: 50 }), createTimestamp: fc.integer({ min: 0, max: 1000 }) })
  it('law: newest first, no repeated ids, at most MAX_FRESH, keeps every id it can', () => {
    fc.assert(
      fc.property(fc.array(flash), fc.array(flash), (a, b) => {
        const out = mergeFresh(mergeFresh([], a), b)
        const ids = out.map((f) => f.id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(out.length).toBeLessThanOrEqual(MAX_FRESH)
        for (let i = 1; i < out.length; i++) expect(out[i - 1]!.createTimestamp).toBeGreaterThanOrEqual(out[i]!.createTimestamp)
        expect(new Set(ids)).toEqual(new Set([...a, ...b].map((f) => f.id)))
      }),
    )
  })
})
