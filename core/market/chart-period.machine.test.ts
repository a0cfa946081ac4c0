import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { chartPeriodMachine, type ChartLoaded, type ChartTick } from './chart-period.machine'
import type { ChartPeriod, RightsType } from './kline'

const tick = (status: ChartTick['status'] = 'trading'): ChartTick => ({ status, time: 1_763_089_200, price: 51_000, volume: 1_000, turnover: 510_000 })

describe('chartPeriodMachine', () => {
  it('reaches every state and takes every transition', () => {
    const input = {}
    const paths = getCoveragePaths(chartPeriodMachine, {
      input,
      events: [
        { type: 'xstate.done.actor.loadChart', output: { data: [1], backwardFactor: null } },
        { type: 'xstate.done.actor.loadChart', output: { data: [2], backwardFactor: 1.2 } },
        { type: 'xstate.error.actor.loadChart', error: new Error('网络异常') },
        { type: 'chart.period', period: 'daily' },
        { type: 'chart.period', period: 'minute' },
        { type: 'chart.period', period: 'hours' },
        { type: 'chart.rights', rights: 2 },
        { type: 'chart.rights', rights: 0 },
        { type: 'chart.retry' },
        { type: 'chart.tick', tick: tick() },
        { type: 'chart.tick', tick: tick('closed') },
      ] as EventObject[],
    })
    expectFullCoverage(chartPeriodMachine, paths, { input })
  })

  const start = (load: (p: { period: ChartPeriod; rights: RightsType }) => Promise<ChartLoaded>, applyTick = vi.fn()) => {
    const calls: { period: ChartPeriod; rights: RightsType }[] = []
    const actor = createActor(
      chartPeriodMachine.provide({
        actors: { loadChart: fromPromise(({ input }: { input: { period: ChartPeriod; rights: RightsType } }) => (calls.push(input), load(input))) },
        actions: { applyTick: ({ event }) => applyTick(event) },
      }),
      { input: {} },
    ).start()
    return { actor, calls, applyTick }
  }

  it('starts on 分时, loads raw prices, and is ready with the data', async () => {
    const { actor, calls } = start(async (p) => ({ data: p, backwardFactor: null }))
    expectToBeIn(actor, 'loading')
    const s = await waitFor(actor, (x) => x.matches('ready'))
    expect(calls).toEqual([{ period: 'minute', rights: 0 }])
    expect(s.context.data).toEqual({ period: 'minute', rights: 0 })
  })

  it('switching period reloads; a rights switch reloads only on day/week/month and only when it changes', async () => {
    const { actor, calls } = start(async () => ({ data: 1, backwardFactor: null }))
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'chart.rights', rights: 2 }) // 分时: no rights
    actor.send({ type: 'chart.period', period: 'minute' }) // same period
    expectToBeIn(actor, 'ready')
    actor.send({ type: 'chart.period', period: 'weekly' })
    expectToBeIn(actor, 'loading')
    expect(actor.getSnapshot().context.data).toBeNull()
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'chart.rights', rights: 1 }) // already 前复权
    expectToBeIn(actor, 'ready')
    actor.send({ type: 'chart.rights', rights: 0 })
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'chart.period', period: 'hours' })
    await waitFor(actor, (x) => x.matches('ready'))
    expect(calls).toEqual([
      { period: 'minute', rights: 0 },
      { period: 'weekly', rights: 1 },
      { period: 'weekly', rights: 0 },
      { period: 'hours', rights: 0 },
    ])
    expect(actor.getSnapshot().context.rights).toBe(0)
  })

  it('a failed load shows the message and retries', async () => {
    let n = 0
    const { actor, calls } = start(async () => {
      if (n++ === 0) throw new Error('服务器繁忙')
      return { data: 'ok', backwardFactor: null }
    })
    const failed = await waitFor(actor, (x) => x.matches('failed'))
    expect(failed.context.error).toBe('服务器繁忙')
    actor.send({ type: 'chart.tick', tick: tick() })
    actor.send({ type: 'chart.retry' })
    const ready = await waitFor(actor, (x) => x.matches('ready'))
    expect(ready.context.error).toBeNull()
    expect(calls).toHaveLength(2)
  })

  it('live ticks: only when ready and trading; 后复权 only with its factor', async () => {
    let factor: number | null = null
    const { actor, applyTick } = start(async () => ({ data: 1, backwardFactor: factor }))
    actor.send({ type: 'chart.tick', tick: tick() }) // still loading
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'chart.tick', tick: tick('lunchBreak') })
    actor.send({ type: 'chart.tick', tick: tick('closed') })
    expect(applyTick).not.toHaveBeenCalled()
    actor.send({ type: 'chart.tick', tick: tick() })
    expect(applyTick).toHaveBeenCalledTimes(1)
    actor.send({ type: 'chart.period', period: 'daily' })
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'chart.rights', rights: 2 })
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'chart.tick', tick: tick() }) // 后复权 without a factor: ignored
    expect(applyTick).toHaveBeenCalledTimes(1)
    factor = 1.25
    actor.send({ type: 'chart.rights', rights: 0 })
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'chart.rights', rights: 2 })
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'chart.tick', tick: tick() })
    expect(applyTick).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.backwardFactor).toBe(1.25)
  })

  it('a switch while loading drops the older answer', async () => {
    const pending: ((v: ChartLoaded) => void)[] = []
    const { actor, calls } = start(() => new Promise<ChartLoaded>((resolve) => pending.push(resolve)))
    actor.send({ type: 'chart.period', period: 'daily' })
    expect(calls.map((c) => c.period)).toEqual(['minute', 'daily'])
    pending[1]!({ data: 'daily', backwardFactor: null })
    pending[0]!({ data: 'minute', backwardFactor: null })
    const s = await waitFor(actor, (x) => x.matches('ready'))
    await Promise.resolve()
    expect(actor.getSnapshot().context.data).toBe('daily')
    expect(s.context.period).toBe('daily')
  })
})
