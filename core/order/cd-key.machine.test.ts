import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { ApiError } from '../api/api-error'
import type { Coupon } from '../api/order'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { edgePaths, ownEvents, replayPaths } from '../testing/path-replay'
import { CD_KEY_MESSAGES } from './cd-key'
import { cdKeyMachine, type CdKeyContext } from './cd-key.machine'

const coupon: Coupon = { couponId: 3, couponName: '兑换券·立减20元', startTimestamp: 0, endTimestamp: 4_000_000_000, description: '兑换码兑换，全场通用', amount: 2_000, isAvailable: true }

describe('cdKeyMachine — model', () => {
  const events = ownEvents([
    { type: 'cdKey.change', value: 'GMH2026' },
    { type: 'cdKey.change', value: 'GMH-2026' },
    { type: 'xstate.done.actor.exchange', output: coupon },
    { type: 'xstate.error.actor.exchange', error: new ApiError({ statusCode: 400, message: '兑换码无效或已过期' }) },
    { type: 'xstate.error.actor.exchange', error: {} },
  ])
  // the count of exchanges grows without end: the graph's key is what the guards and the view read
  const serializeState = (s: AnyMachineSnapshot) => {
    const c = s.context as CdKeyContext
    return JSON.stringify([s.value, c.draft, c.error, c.coupon !== null, Math.min(c.exchanged, 1)])
  }
  const paths = edgePaths(cdKeyMachine, { events, serializeState })

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(cdKeyMachine, paths)
  })

  it('a real actor follows every path', async () => {
    vi.useFakeTimers()
    try {
      await replayPaths(cdKeyMachine, paths, { deferredActors: ['exchange'], project: serializeState, advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms) })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('cdKeyMachine — behaviour', () => {
  function start(exchange: (cdKey: string) => Promise<Coupon>) {
    const calls: string[] = []
    const actor = createActor(
      cdKeyMachine.provide({
        actors: {
          exchange: fromPromise(({ input }: { input: { cdKey: string } }) => {
            calls.push(input.cdKey)
            return exchange(input.cdKey)
          }),
        },
      }),
    ).start()
    return { actor, calls }
  }
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('an empty or malformed key is not sent; the rule’s message shows until the box changes', () => {
    const { actor, calls } = start(async () => coupon)
    actor.send({ type: 'cdKey.submit' })
    expect(actor.getSnapshot().context.error).toBe(CD_KEY_MESSAGES.empty)
    actor.send({ type: 'cdKey.change', value: 'GMH 2026' })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'cdKey.submit' })
    expect(actor.getSnapshot().context.error).toBe(CD_KEY_MESSAGES.format)
    expect(calls).toEqual([])
  })

  it('a key is sent trimmed; its coupon shows, the box empties and the count rises', async () => {
    const { actor, calls } = start(async () => coupon)
    actor.send({ type: 'cdKey.change', value: ' GMH2026 ' })
    actor.send({ type: 'cdKey.submit' })
    expectToBeIn(actor, 'exchanging')
    await settle()
    expect(calls).toEqual(['GMH2026'])
    expectToBeIn(actor, 'editing')
    expect(actor.getSnapshot().context).toEqual({ draft: '', error: null, coupon, exchanged: 1 })
  })

  it('a refusal shows the server’s message, or ours when it said nothing; the key stays to correct', async () => {
    const { actor } = start(async (key) => {
      throw key === 'USED' ? new ApiError({ statusCode: 400, message: '您已兑换过该兑换码' }) : new Error('')
    })
    actor.send({ type: 'cdKey.change', value: 'USED' })
    actor.send({ type: 'cdKey.submit' })
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'USED', error: '您已兑换过该兑换码', exchanged: 0 })
    actor.send({ type: 'cdKey.change', value: 'OTHER' })
    actor.send({ type: 'cdKey.submit' })
    await settle()
    expect(actor.getSnapshot().context.error).toBe(CD_KEY_MESSAGES.failed)
  })
})
