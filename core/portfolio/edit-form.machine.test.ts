import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { editFormMachine, formProblem, type LoadedConfig, type Preview, type SaveInput } from './edit-form.machine'
import { PORTFOLIO_MESSAGES as M } from './rules'

const EVENTS = [
  { type: 'name.change', name: '港股科技' },
  { type: 'name.change', name: '' },
  { type: 'market.choose', market: 'us' },
  { type: 'stock.add', stockId: 'hk00700', name: '腾讯控股' },
  { type: 'stock.remove', stockId: 'hk00700' },
  { type: 'weight.change', stockId: 'hk00700', weight: 50 },
  { type: 'weight.change', stockId: 'hk00700', weight: 120 },
  { type: 'xstate.done.actor.loadConfig', output: { name: '组合', market: 'hk', rows: [{ stockId: 'hk00700', name: '腾讯控股', weight: 40 }] } },
  { type: 'xstate.error.actor.loadConfig', error: new Error('组合不存在') },
  { type: 'xstate.done.actor.loadPreview', output: { items: [], cashWeight: 50 } },
  { type: 'xstate.error.actor.loadPreview', error: new Error('仓位合计不能超过 100%') },
  { type: 'xstate.done.actor.save', output: { portfolioCode: '81' } },
  { type: 'xstate.error.actor.save', error: new Error('组合已关闭') },
] as never

describe('portfolio edit form — model', () => {
  it('reaches every state and takes every transition', () => {
    const input = { mode: 'create' as const }
    const paths = getCoveragePaths(editFormMachine, { input, events: EVENTS })
    expectFullCoverage(editFormMachine, paths, { input })
  })
})

describe('portfolio edit form — rules shown live', () => {
  it('names, weights over 100 %, a stock once, an empty create', () => {
    expect(formProblem({ mode: 'create', name: '', rows: [] })).toBe(M.nameEmpty)
    expect(formProblem({ mode: 'create', name: '科技', rows: [] })).toBe(M.emptyAllocation)
    expect(formProblem({ mode: 'create', name: '科技', rows: [{ stockId: 'a', name: 'A', weight: 60 }, { stockId: 'b', name: 'B', weight: 41 }] })).toBe(M.weightsOver)
    expect(formProblem({ mode: 'create', name: '科技', rows: [{ stockId: 'a', name: 'A', weight: Number.NaN }] })).toBe(M.weightRange)
    expect(formProblem({ mode: 'edit', name: '', rows: [] })).toBeNull() // an adjustment to all cash
  })
})

function harness(mode: 'create' | 'edit', calls: { preview?: (i: SaveInput) => Promise<Preview>; save?: (i: SaveInput) => Promise<{ portfolioCode: string }> } = {}) {
  const saved: SaveInput[] = []
  const actor = createActor(
    editFormMachine.provide({
      actors: {
        loadConfig: fromPromise<LoadedConfig, { mode: 'create' | 'edit'; portfolioCode: string | null }>(async () =>
          mode === 'edit' ? { name: '组合', market: 'hk', rows: [{ stockId: 'hk00700', name: '腾讯控股', weight: 40 }] } : { name: '', market: 'hk', rows: [] }),
        loadPreview: fromPromise<Preview, SaveInput>(({ input }) => (calls.preview ? calls.preview(input) : Promise.resolve({ items: [], cashWeight: 0 }))),
        save: fromPromise<{ portfolioCode: string }, SaveInput>(({ input }) => {
          saved.push(input)
          return calls.save ? calls.save(input) : Promise.resolve({ portfolioCode: input.portfolioCode ?? '81' })
        }),
      },
    }),
    { input: mode === 'edit' ? { mode, portfolioCode: '80' } : { mode } },
  ).start()
  return { actor, saved }
}

describe('portfolio edit form — behaviour', () => {
  it('create: a problem blocks the preview; once valid, preview then confirm saves what was previewed', async () => {
    const h = harness('create')
    await waitFor(h.actor, (s) => s.matches('editing'))
    h.actor.send({ type: 'name.change', name: '港股科技' })
    h.actor.send({ type: 'stock.add', stockId: 'hk00700', name: '腾讯控股' })
    h.actor.send({ type: 'form.preview' })
    expectToBeIn(h.actor, 'editing') // weight 0 everywhere: nothing to buy
    expect(h.actor.getSnapshot().context.problem).toBe(M.emptyAllocation)
    h.actor.send({ type: 'weight.change', stockId: 'hk00700', weight: 101 })
    expect(h.actor.getSnapshot().context.problem).toBe(M.weightRange)
    h.actor.send({ type: 'weight.change', stockId: 'hk00700', weight: 60 })
    expect(h.actor.getSnapshot().context.problem).toBeNull()
    h.actor.send({ type: 'form.preview' })
    await waitFor(h.actor, (s) => s.matches('reviewing'))
    h.actor.send({ type: 'form.confirm' })
    await waitFor(h.actor, (s) => s.matches('saved'))
    expect(h.saved).toEqual([{ mode: 'create', portfolioCode: null, name: '港股科技', market: 'hk', rows: [{ stockId: 'hk00700', name: '腾讯控股', weight: 60 }] }])
    expect(h.actor.getSnapshot().context.savedCode).toBe('81')
  })

  it('another market empties the stock list; a stock is added once', async () => {
    const h = harness('create')
    await waitFor(h.actor, (s) => s.matches('editing'))
    h.actor.send({ type: 'stock.add', stockId: 'hk00700', name: '腾讯控股' })
    h.actor.send({ type: 'stock.add', stockId: 'hk00700', name: '腾讯控股' })
    expect(h.actor.getSnapshot().context.rows).toHaveLength(1)
    h.actor.send({ type: 'market.choose', market: 'us' })
    expect(h.actor.getSnapshot().context.rows).toEqual([])
  })

  it('edit: starts from the loaded allocation; a refused save goes back to the preview with the message', async () => {
    const h = harness('edit', { save: () => Promise.reject({ statusCode: 400, message: M.closed }) })
    await waitFor(h.actor, (s) => s.matches('editing'))
    expect(h.actor.getSnapshot().context.rows.map((r) => r.weight)).toEqual([40])
    h.actor.send({ type: 'market.choose', market: 'us' })
    expect(h.actor.getSnapshot().context.market).toBe('hk') // an existing portfolio keeps its market
    h.actor.send({ type: 'form.preview' })
    await waitFor(h.actor, (s) => s.matches('reviewing'))
    h.actor.send({ type: 'form.confirm' })
    await waitFor(h.actor, (s) => s.matches('reviewing') && s.context.error !== null)
    expect(h.actor.getSnapshot().context.error).toBe(M.closed)
  })
})
