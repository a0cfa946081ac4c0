import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate'
import { expectFullCoverage, getCoveragePaths } from '../testing/model-coverage'
import { detailMachine } from './detail.machine'

describe('detailMachine', () => {
  it('reaches every state and takes every transition', () => {
    const input = { id: 7 }
    const paths = getCoveragePaths(detailMachine, {
      input,
      events: [
        { type: 'xstate.done.actor.loadDetail', output: { title: 'x' } },
        { type: 'xstate.error.actor.loadDetail', error: { statusCode: 404, message: '文章不存在' } },
        { type: 'xstate.error.actor.loadDetail', error: new Error('网络异常') },
        { type: 'detail.retry' },
        { type: 'detail.open', id: 8 },
      ] as EventObject[],
    })
    expectFullCoverage(detailMachine, paths, { input })
  })

  const withLoader = (load: (id: number) => Promise<unknown>) =>
    createActor(detailMachine.provide({ actors: { loadDetail: fromPromise(({ input }: { input: { id: number } }) => load(input.id)) } }), {
      input: { id: 5 },
    }).start()

  it('loads the record', async () => {
    const actor = withLoader(async (id) => ({ id }))
    const s = await waitFor(actor, (x) => x.matches('loaded'))
    expect(s.context.data).toEqual({ id: 5 })
  })

  it('tells not-found apart from other failures', async () => {
    const nf = withLoader(async () => Promise.reject(Object.assign(new Error('文章不存在'), { statusCode: 404 })))
    await waitFor(nf, (x) => x.matches('notFound'))
    let tries = 0
    const other = withLoader(async (id) => {
      if (tries++ === 0) throw Object.assign(new Error('服务器繁忙'), { statusCode: 500 })
      return { id }
    })
    const failed = await waitFor(other, (x) => x.matches('failed'))
    expect(failed.context.error).toBe('服务器繁忙')
    other.send({ type: 'detail.retry' })
    await waitFor(other, (x) => x.matches('loaded'))
  })
})
