import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { renameMachine, type NameCheck } from './rename.machine'
import { PORTFOLIO_MESSAGES as M } from './rules'

const EVENTS = [
  { type: 'name.change', name: '港股科技二号' },
  { type: 'name.change', name: '港' },
  { type: 'xstate.done.actor.detectChars', output: { pass: true, message: '' } },
  { type: 'xstate.done.actor.detectChars', output: { pass: false, message: M.nameForbidden } },
  { type: 'xstate.error.actor.detectChars', error: new Error('请求超时，请稍后重试') },
  { type: 'xstate.done.actor.rename', output: true },
  { type: 'xstate.error.actor.rename', error: new Error(M.closed) },
] as never

const input = { portfolioCode: '81', name: '港股科技' }

describe('portfolio rename — model', () => {
  it('reaches every state and takes every transition', () => {
    const paths = getCoveragePaths(renameMachine, { input, events: EVENTS })
    expectFullCoverage(renameMachine, paths, { input })
  })
})

function harness(detect: (name: string) => Promise<NameCheck>, rename: (name: string) => Promise<boolean> = async () => true) {
  const checked: string[] = []
  const saved: string[] = []
  const actor = createActor(
    renameMachine.provide({
      actors: {
        detectChars: fromPromise<NameCheck, { portfolioCode: string; name: string }>(({ input }) => (checked.push(input.name), detect(input.name))),
        rename: fromPromise<boolean, { portfolioCode: string; name: string }>(({ input }) => (saved.push(input.name), rename(input.name))),
      },
    }),
    { input },
  ).start()
  return { actor, checked, saved }
}

describe('portfolio rename — behaviour', () => {
  it('the local rules show as the reader types; a broken or unchanged name is never sent', () => {
    const h = harness(async () => ({ pass: true, message: '' }))
    h.actor.send({ type: 'rename.open' })
    expectToBeIn(h.actor, 'editing')
    expect(h.actor.getSnapshot().context.draft).toBe('港股科技')
    h.actor.send({ type: 'name.change', name: '港' })
    expect(h.actor.getSnapshot().context.problem).toBe(M.nameLength)
    h.actor.send({ type: 'rename.submit' })
    expectToBeIn(h.actor, 'editing')
    h.actor.send({ type: 'name.change', name: ' 港股科技 ' })
    expect(h.actor.getSnapshot().context.problem).toBeNull()
    h.actor.send({ type: 'rename.submit' }) // the same name, trimmed: nothing to save
    expectToBeIn(h.actor, 'editing')
    h.actor.send({ type: 'name.change', name: 'x'.repeat(21) })
    expect(h.actor.getSnapshot().context.problem).toBe(M.nameLength)
    expect(h.checked).toEqual([])
  })

  it('the server checks the name (detect chars) before it is saved; a refusal shows its message and saves nothing', async () => {
    const h = harness(async (name) => (name.includes('稳赚') ? { pass: false, message: M.nameForbidden } : { pass: true, message: '' }))
    h.actor.send({ type: 'rename.open' })
    h.actor.send({ type: 'name.change', name: '稳赚不赔' })
    h.actor.send({ type: 'rename.submit' })
    await waitFor(h.actor, (s) => s.matches('editing') && s.context.problem !== null)
    expect(h.actor.getSnapshot().context.problem).toBe(M.nameForbidden)
    expect(h.saved).toEqual([])
    h.actor.send({ type: 'name.change', name: ' 港股科技二号 ' })
    expect(h.actor.getSnapshot().context.problem).toBeNull()
    h.actor.send({ type: 'rename.submit' })
    await waitFor(h.actor, (s) => s.matches('closed'))
    expect(h.checked).toEqual(['稳赚不赔', '港股科技二号'])
    expect(h.saved).toEqual(['港股科技二号'])
    expect(h.actor.getSnapshot().context).toMatchObject({ name: '港股科技二号', renamed: 1, error: null })
  })

  it('a failed save keeps the form open with the server\'s message; cancel drops the draft', async () => {
    const h = harness(async () => ({ pass: true, message: '' }), () => Promise.reject({ statusCode: 400, message: M.closed }))
    h.actor.send({ type: 'rename.open' })
    h.actor.send({ type: 'name.change', name: '港股科技二号' })
    h.actor.send({ type: 'rename.submit' })
    await waitFor(h.actor, (s) => s.matches('editing') && s.context.error !== null)
    expect(h.actor.getSnapshot().context.error).toBe(M.closed)
    h.actor.send({ type: 'rename.cancel' })
    expectToBeIn(h.actor, 'closed')
    expect(h.actor.getSnapshot().context).toMatchObject({ name: '港股科技', renamed: 0 })
    h.actor.send({ type: 'rename.open' })
    expect(h.actor.getSnapshot().context).toMatchObject({ draft: '港股科技', problem: null, error: null })
  })
})
