import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { expectFullCoverage, getCoveragePaths } from '../testing/model-coverage'
import { langToggleMachine } from './lang-toggle.machine'

describe('langToggleMachine', () => {
  afterEach(() => vi.useRealTimers())

  it('reaches every state and takes every transition', () => {
    const input = { current: 'zh-cn' as const }
    expectFullCoverage(langToggleMachine, getCoveragePaths(langToggleMachine, { input }), { input })
  })

  function start() {
    vi.useFakeTimers()
    const switched: string[] = []
    const actor = createActor(
      langToggleMachine.provide({ actions: { persistAndReload: (_, p) => void switched.push(p.lang) } }),
      { input: { current: 'zh-cn' } },
    ).start()
    return { actor, switched }
  }

  it('switches 300 ms after the last click', () => {
    const { actor, switched } = start()
    actor.send({ type: 'lang.toggle' })
    vi.advanceTimersByTime(299)
    expect(switched).toEqual([])
    vi.advanceTimersByTime(1)
    expect(switched).toEqual(['zh-hk'])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('two quick clicks cancel out; three switch', () => {
    const a = start()
    a.actor.send({ type: 'lang.toggle' })
    vi.advanceTimersByTime(200)
    a.actor.send({ type: 'lang.toggle' })
    vi.advanceTimersByTime(1000)
    expect(a.switched).toEqual([])
    expect(a.actor.getSnapshot().value).toBe('idle')
    a.actor.send({ type: 'lang.toggle' })
    vi.advanceTimersByTime(100)
    a.actor.send({ type: 'lang.toggle' })
    vi.advanceTimersByTime(100)
    a.actor.send({ type: 'lang.toggle' })
    vi.advanceTimersByTime(299)
    expect(a.switched).toEqual([])
    vi.advanceTimersByTime(1)
    expect(a.switched).toEqual(['zh-hk'])
  })
})
