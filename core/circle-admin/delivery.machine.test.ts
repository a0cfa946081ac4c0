import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { replayPaths } from '../testing/path-replay'
import { orderDeliveryMachine } from './delivery.machine'

type Move = 'delivery.ship' | 'delivery.deliver' | 'order.refund' | 'order.delete'

/** Sends each move in turn and checks the state after it. */
function walk(steps: readonly (readonly [Move, string])[]) {
  const a = createActor(orderDeliveryMachine).start()
  expectToBeIn(a, 'inProcess')
  for (const [type, state] of steps) {
    a.send({ type })
    expectToBeIn(a, state)
  }
  return a
}

describe('orderDeliveryMachine — model', () => {
  it('reaches every state and takes every transition; a real actor follows every path step by step', async () => {
    const paths = getCoveragePaths(orderDeliveryMachine)
    expectFullCoverage(orderDeliveryMachine, paths)
    const steps = await replayPaths(orderDeliveryMachine, paths, { deferredActors: [], advanceTime: () => Promise.resolve() })
    expect(steps).toBeGreaterThan(paths.length)
  })
})

describe('orderDeliveryMachine — the flow', () => {
  it('in process → in delivery → delivered → refunded → deleted; moves out of turn change nothing', () => {
    const a = walk([
      ['delivery.deliver', 'inProcess'],
      ['order.delete', 'inProcess'],
      ['delivery.ship', 'inDelivery'],
      ['delivery.ship', 'inDelivery'],
      ['delivery.deliver', 'delivered'],
      ['delivery.ship', 'delivered'],
      ['order.refund', 'refunded'],
      ['order.refund', 'refunded'],
      ['delivery.ship', 'refunded'],
      ['order.delete', 'deleted'],
    ])
    expect(a.getSnapshot().status).toBe('done')
  })

  it('a refund from in process or in delivery', () => {
    walk([['order.refund', 'refunded']])
    walk([
      ['delivery.ship', 'inDelivery'],
      ['order.refund', 'refunded'],
    ])
  })
})
