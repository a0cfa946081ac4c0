import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise, setup } from 'xstate'
import { getRegisteredActors, getRegistryVersion, machineIdOf, registerActor, subscribeToRegistry, unregisterActor } from './actor-registry'

const machine = setup({}).createMachine({ id: 'm', initial: 'a', states: { a: { on: { go: 'b' } }, b: { type: 'final' } } })
const loop = setup({}).createMachine({ id: 'loop', initial: 'a', states: { a: { on: { go: 'b' } }, b: { on: { go: 'a' } } } })

afterEach(() => {
  for (const a of getRegisteredActors()) unregisterActor(a)
})

describe('actor registry', () => {
  it('registers once, notifies on snapshots, unregisters', () => {
    const actor = createActor(machine).start()
    let calls = 0
    const stop = subscribeToRegistry(() => calls++)
    const v0 = getRegistryVersion()
    const unregister = registerActor(actor)
    registerActor(actor)
    expect(getRegisteredActors()).toEqual([actor])
    expect(calls).toBe(1)
    actor.send({ type: 'go' })
    expect(calls).toBeGreaterThanOrEqual(2)
    expect(getRegistryVersion()).toBeGreaterThan(v0)
    // a done actor stays visible in its final state
    expect(getRegisteredActors()).toEqual([actor])
    unregister()
    expect(getRegisteredActors()).toEqual([])
    stop()
  })

  it('stops listening to an actor once it is unregistered', () => {
    const actor = createActor(loop).start()
    let calls = 0
    const stop = subscribeToRegistry(() => calls++)
    registerActor(actor)
    actor.send({ type: 'go' })
    expect(calls).toBe(2) // registration + one snapshot
    unregisterActor(actor)
    expect(calls).toBe(3)
    actor.send({ type: 'go' })
    expect(calls).toBe(3)
    stop()
    actor.stop()
  })

  it('drops an actor when it is stopped', () => {
    const actor = createActor(machine).start()
    registerActor(actor)
    actor.stop()
    expect(getRegisteredActors()).toEqual([])
  })

  it('knows which machine an actor runs', () => {
    expect(machineIdOf(createActor(machine.provide({})))).toBe('m')
    expect(machineIdOf(createActor(fromPromise(async () => 1)))).toBeUndefined()
  })
})
