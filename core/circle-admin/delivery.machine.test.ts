import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { orderDeliveryMachine } from './delivery.machine'

describe('orderDeliveryMachine — model', () => {
  it('reaches every state and takes every transition', () => {
    const paths = getCoveragePaths(orderDeliveryMachine)
    expectFullCoverage(orderDeliveryMachine, paths)
    // every path replays on a real actor to the state the model says it ends in
    for (const path of paths) {
      const actor = createActor(orderDeliveryMachine).start()
      for (const step of path.steps) if (step.event.type !== 'xstate.init' && actor.getSnapshot().status === 'active') actor.send(step.event as never)
      expect(actor.getSnapshot().value).toEqual(path.state.value)
      actor.stop()
    }
  })
})

describe('orderDeliveryMachine — the flow', () => {
  it('in process → in delivery → delivered → refunded → deleted; moves out of turn change nothing', () => {
    const a = createActor(orderDeliveryMachine).start()
    expectToBeIn(a, 'inProcess')
    a.send({ type: 'delivery.deliver' })
    expectToBeIn(a, 'inProcess')
    a.send({ type: 'order.delete' })
    expectToBeIn(a, 'inProcess')
    a.send({ type: 'delivery.ship' })
    expectToBeIn(a, 'inDelivery')
    a.send({ type: 'delivery.ship' })
    expectToBeIn(a, 'inDelivery')
    a.send({ type: 'delivery.deliver' })
    expectToBeIn(a, 'delivered')
    a.send({ type: 'delivery.ship' })
    expectToBeIn(a, 'delivered')
    a.send({ type: 'order.refund' })
    expectToBeIn(a, 'refunded')
    a.send({ type: 'order.refund' })
    a.send({ type: 'delivery.ship' })
    expectToBeIn(a, 'refunded')
    a.send({ type: 'order.delete' })
    expectToBeIn(a, 'deleted')
    expect(a.getSnapshot().status).toBe('done')
  })

  it('a refund from in process or in delivery', () => {
    const a = createActor(orderDeliveryMachine).start()
    a.send({ type: 'order.refund' })
    expectToBeIn(a, 'refunded')
    const b = createActor(orderDeliveryMachine).start()
    b.send({ type: 'delivery.ship' })
    b.send({ type: 'order.refund' })
    expectToBeIn(b, 'refunded')
  })
})
