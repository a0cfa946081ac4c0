import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type EventObject } from 'xstate'
import { getCoveragePaths, measureCoverage } from '../testing/model-coverage'
import { pagedListMachine, type PageAnswer, type PageRequest } from './paged-list.machine'

type Item = { id: number }
const keyOf = (item: unknown) => (item as Item).id

describe('pagedListMachine', () => {
  it('reaches every state and takes every transition', () => {
    const input = { filter: 'all', keyOf }
    const events = [
      { type: 'xstate.done.actor.loadPage', output: { list: [{ id: 1 }], hasMore: true } },
      { type: 'xstate.done.actor.loadPage', output: { list: [], hasMore: false } },
      { type: 'xstate.error.actor.loadPage', error: new Error('网络异常') },
      { type: 'list.filter', filter: 'important' },
    ] as (EventObject & Record<string, unknown>)[]
    // items grow without bound: states that differ only in how many items are loaded are one state
    const serialize = (s: AnyMachineSnapshot) =>
      `${JSON.stringify(s.value)}|${s.context.hasMore}|${s.context.items.length > 0}|${s.context.error !== null}|${String(s.context.filter)}`
    const paths = getCoveragePaths(pagedListMachine, {
      input,
      events,
      serializeSnapshot: serialize,
    })
    const withFirst = { filter: 'all', keyOf, initial: { list: [{ id: 9 }], hasMore: true } }
    const inlined = getCoveragePaths(pagedListMachine, { input: withFirst, events, serializeSnapshot: serialize })
    // a start without and a start with a first page inlined by the server: together every transition
    const a = measureCoverage(pagedListMachine, paths, { input })
    const b = measureCoverage(pagedListMachine, inlined, { input: withFirst })
    const taken = new Set([...a.transitions.taken, ...b.transitions.taken].map((t) => t.key))
    const reached = new Set([...a.states.reached, ...b.states.reached])
    console.log(`coverage pagedList: states ${reached.size}/${a.states.total}, transitions ${taken.size}/${a.transitions.total}`)
    expect(reached.size).toBe(a.states.total)
    expect(taken.size).toBe(a.transitions.total)
  })

  it('starts idle with a first page inlined by the server, and pages on from it', async () => {
    const requests: PageRequest[] = []
    const actor = createActor(
      pagedListMachine.provide({
        actors: { loadPage: fromPromise<PageAnswer<unknown>, PageRequest>(async ({ input }) => (requests.push(input), { list: [{ id: 3 }], hasMore: false })) },
      }),
      { input: { filter: 'all', keyOf, initial: { list: [{ id: 1 }, { id: 2 }], hasMore: true } } },
    ).start()
    expect(actor.getSnapshot().value).toBe('idle')
    expect(requests).toEqual([])
    actor.send({ type: 'list.more' })
    await waitFor(actor, (s) => s.matches('idle') && !s.context.hasMore)
    expect(requests[0]).toMatchObject({ page: 2, last: { id: 2 }, loaded: 2 })
    expect(actor.getSnapshot().context.items).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
  })

  function run(pages: PageAnswer<Item>[], failFirst = false) {
    const requests: PageRequest[] = []
    let calls = 0
    const actor = createActor(
      pagedListMachine.provide({
        actors: {
          loadPage: fromPromise<PageAnswer<unknown>, PageRequest>(async ({ input }) => {
            requests.push(input)
            calls++
            if (failFirst && calls === 1) throw new Error('网络异常，请检查网络后重试')
            const page = pages[input.page - 1]
            if (!page) throw new Error('no such page')
            return page
          }),
        },
      }),
      { input: { filter: 'all', keyOf } },
    ).start()
    return { actor, requests }
  }

  it('appends pages, passes the cursor and stops when there is no more', async () => {
    const { actor, requests } = run([
      { list: [{ id: 1 }, { id: 2 }], hasMore: true },
      { list: [{ id: 2 }, { id: 3 }], hasMore: false },
    ])
    await waitFor(actor, (s) => s.matches('idle'))
    actor.send({ type: 'list.more' })
    await waitFor(actor, (s) => s.matches('idle') && s.context.page === 2)
    // the duplicate id 2 that a moving feed sends twice is dropped
    expect(actor.getSnapshot().context.items).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
    expect(requests[1]).toMatchObject({ page: 2, last: { id: 2 }, loaded: 2 })
    actor.send({ type: 'list.more' })
    expect(actor.getSnapshot().matches('idle')).toBe(true)
    expect(requests).toHaveLength(2)
  })

  it('shows the empty state for an empty first page', async () => {
    const { actor } = run([{ list: [], hasMore: false }])
    await waitFor(actor, (s) => s.matches('empty'))
  })

  it('keeps the error and retries', async () => {
    const { actor } = run([{ list: [{ id: 1 }], hasMore: false }], true)
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.error).toBe('网络异常，请检查网络后重试')
    actor.send({ type: 'list.retry' })
    const done = await waitFor(actor, (s) => s.matches('idle'))
    expect(done.context.items).toEqual([{ id: 1 }])
    expect(done.context.error).toBeNull()
  })

  it('a new filter starts over from page 1', async () => {
    const { actor, requests } = run([{ list: [{ id: 1 }], hasMore: true }])
    await waitFor(actor, (s) => s.matches('idle'))
    actor.send({ type: 'list.filter', filter: 'important' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(requests[1]).toMatchObject({ page: 1, last: null, loaded: 0, filter: 'important' })
    expect(actor.getSnapshot().context.items).toEqual([{ id: 1 }])
  })
})
