import { describe, expect, it, vi } from 'vitest'
import { assign, createActor, fromPromise, sendTo, setup } from 'xstate'
import { createInspector, stateTextOf } from './inspector'

const pay = setup({
  actors: { poll: fromPromise<string>(() => new Promise(() => undefined)) },
}).createMachine({
  id: 'qrPayment',
  initial: 'waiting',
  states: { waiting: { invoke: { id: 'poll', src: 'poll' }, on: { 'qr.refresh': 'waiting' } } },
})

const order = setup({ actors: { qrPayment: pay } }).createMachine({
  id: 'orderDialog',
  initial: 'closed',
  context: { n: 0 },
  states: {
    closed: { on: { 'dialog.open': { target: 'open', actions: assign({ n: ({ context }) => context.n + 1 }) } } },
    open: {
      initial: 'pay',
      states: { pay: { invoke: { id: 'qrPayment', src: 'qrPayment' }, on: { 'qr.refresh': { actions: sendTo('qrPayment', { type: 'qr.refresh' }) } } } },
      on: { 'dialog.close': 'closed' },
    },
  },
})

describe('the inspector', () => {
  it('sees a top-level actor and its children by readable names, and drops them when they stop', () => {
    const hub = createInspector(() => true)
    const actor = createActor(order, { inspect: hub.inspect }).start()
    expect(hub.actors().map((a) => a.name)).toEqual(['orderDialog'])
    actor.send({ type: 'dialog.open' })
    expect(hub.actors().map((a) => [a.name, a.machineId])).toEqual([
      ['orderDialog', 'orderDialog'],
      ['orderDialog › qrPayment', 'qrPayment'],
      ['orderDialog › qrPayment › poll', undefined],
    ])
    expect(hub.actors().every((a) => !/x:\d/.test(a.name))).toBe(true)
    actor.send({ type: 'dialog.close' })
    expect(hub.actors().map((a) => a.name)).toEqual(['orderDialog'])
    actor.stop()
    expect(hub.actors()).toEqual([])
  })

  it('numbers several actors of one machine, ignores one never started', () => {
    const hub = createInspector(() => true)
    createActor(pay, { inspect: hub.inspect }) // created, never started (React strict mode does this)
    const a = createActor(pay, { inspect: hub.inspect }).start()
    const b = createActor(pay, { inspect: hub.inspect }).start()
    expect(hub.actors().filter((x) => x.parent === undefined).map((x) => x.name)).toEqual(['qrPayment', 'qrPayment 2'])
    a.stop()
    b.stop()
  })

  it('logs events with sender and the state they led to, bounded', () => {
    const hub = createInspector(() => true)
    let changes = 0
    const unsubscribe = hub.subscribe(() => changes++)
    const actor = createActor(order, { inspect: hub.inspect }).start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'qr.refresh' })
    const log = hub.log().map((e) => [e.actor, e.from, e.type, e.state])
    expect(log).toContainEqual(['orderDialog', '', 'dialog.open', 'open.pay'])
    // the parent forwarded it: the child's row names the sender
    expect(log).toContainEqual(['orderDialog › qrPayment', 'orderDialog', 'qr.refresh', 'waiting'])
    expect(changes).toBeGreaterThan(0)
    for (let i = 0; i < 400; i++) actor.send({ type: 'qr.refresh' })
    expect(hub.log().length).toBeLessThanOrEqual(300)
    unsubscribe()
    actor.stop()
  })

  it('keeps nothing when the dev tools are off', () => {
    const hub = createInspector(() => false)
    const actor = createActor(order, { inspect: hub.inspect }).start()
    actor.send({ type: 'dialog.open' })
    expect(hub.actors()).toEqual([])
    expect(hub.log()).toEqual([])
    actor.stop()
  })

  it('writes a state as text', () => {
    expect(stateTextOf({ value: 'closed', status: 'active' })).toBe('closed')
    expect(stateTextOf({ value: { open: { pay: 'waiting' } }, status: 'active' })).toBe('open.pay.waiting')
    expect(stateTextOf({ value: { a: 'x', b: 'y' }, status: 'done' })).toBe('a.x + b.y (done)')
    expect(stateTextOf({ status: 'active' })).toBe('active')
  })
})

describe('the inspector never breaks an actor', () => {
  it('an inspection event it cannot read is dropped with a warning, and the actor goes on', () => {
    const hub = createInspector(() => true)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const actor = createActor(order, { inspect: hub.inspect }).start()
    // a report without its parts (no event inside): reading it throws inside the inspector
    hub.inspect({ type: '@xstate.event', actorRef: actor, sourceRef: undefined } as never)
    expect(warn).toHaveBeenCalled()
    actor.send({ type: 'dialog.open' })
    expect(actor.getSnapshot().value).toEqual({ open: 'pay' })
    actor.stop()
  })
})
