import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createActor, fromPromise } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { errorMessage, TOGGLE_FAILED, toggleMachine, type SaveInput, type SaveOutput } from './toggle.machine'

describe('toggleMachine — model', () => {
  for (const on of [false, true]) {
    it(`starting ${on ? 'on' : 'off'}: reaches every state and takes every transition`, () => {
      const input = { on }
      const paths = getCoveragePaths(toggleMachine, {
        input,
        events: [
          { type: 'toggle.sync', on: true },
          { type: 'toggle.sync', on: false },
          { type: 'xstate.done.actor.requireLogin', output: true },
          { type: 'xstate.done.actor.requireLogin', output: false },
          { type: 'xstate.error.actor.requireLogin', error: new Error('x') },
          { type: 'xstate.done.actor.save', output: { on: true } },
          { type: 'xstate.done.actor.save', output: { on: false } },
          { type: 'xstate.error.actor.save', error: new Error('请求过于频繁') },
        ] as never,
      })
      expectFullCoverage(toggleMachine, paths, { input })
    })
  }
})

interface Deferred<T> {
  resolve: (v: T) => void
  reject: (e: unknown) => void
}

function harness(initial: boolean, signedIn: () => boolean | Promise<boolean> = () => true) {
  const saves: Array<Deferred<SaveOutput> & { input: SaveInput }> = []
  const reported: boolean[] = []
  let inFlight = 0
  let maxInFlight = 0
  const actor = createActor(
    toggleMachine.provide({
      actors: {
        requireLogin: fromPromise(async () => signedIn()),
        save: fromPromise<SaveOutput, SaveInput>(
          ({ input }) =>
            new Promise<SaveOutput>((resolve, reject) => {
              inFlight++
              maxInFlight = Math.max(maxInFlight, inFlight)
              const done = () => inFlight--
              saves.push({ input, resolve: (v) => (done(), resolve(v)), reject: (e) => (done(), reject(e)) })
            }),
        ),
      },
      actions: { reportSaved: (_, params) => void reported.push(params.on) },
    }),
    { input: { on: initial } },
  ).start()
  return { actor, saves, reported, maxInFlight: () => maxInFlight }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('toggleMachine — behaviour', () => {
  it('a click shows the new state at once, saves it, and reports it when the server confirms', async () => {
    const h = harness(false)
    h.actor.send({ type: 'toggle.click' })
    await tick()
    expectToBeIn(h.actor, 'saving')
    expect(h.actor.getSnapshot().context.on).toBe(true)
    expect(h.saves.map((s) => s.input)).toEqual([{ on: true }])
    h.saves[0]!.resolve({ on: true })
    await tick()
    expectToBeIn(h.actor, 'on')
    expect(h.reported).toEqual([true])
  })

  it('a failed save rolls back and shows the server message; the next click clears it', async () => {
    const h = harness(true)
    h.actor.send({ type: 'toggle.click' })
    await tick()
    expect(h.actor.getSnapshot().context.on).toBe(false)
    h.saves[0]!.reject({ statusCode: 429, message: '操作太频繁' })
    await tick()
    expectToBeIn(h.actor, 'on')
    expect(h.actor.getSnapshot().context).toMatchObject({ on: true, confirmed: true, error: '操作太频繁' })
    expect(h.reported).toEqual([])
    h.actor.send({ type: 'toggle.click' })
    expect(h.actor.getSnapshot().context.error).toBeNull()
  })

  it('a guest who closes the login dialog saves nothing', async () => {
    const h = harness(false, () => false)
    h.actor.send({ type: 'toggle.click' })
    expectToBeIn(h.actor, 'needsLogin')
    await tick()
    expectToBeIn(h.actor, 'off')
    expect(h.saves).toEqual([])
  })

  it('clicks while saving are ignored; sync while saving does not override the save', async () => {
    const h = harness(false)
    h.actor.send({ type: 'toggle.click' })
    await tick()
    h.actor.send({ type: 'toggle.click' })
    h.actor.send({ type: 'toggle.sync', on: false })
    await tick()
    expect(h.saves).toHaveLength(1)
    h.saves[0]!.resolve({ on: true })
    await tick()
    expectToBeIn(h.actor, 'on')
  })

  it('the server may answer a different state (a stock already watched): that is what shows', async () => {
    const h = harness(true)
    h.actor.send({ type: 'toggle.click' })
    await tick()
    h.saves[0]!.resolve({ on: true })
    await tick()
    expect(h.actor.getSnapshot().context.on).toBe(true)
  })

  it('errorMessage takes the message, else a Chinese fallback', () => {
    expect(errorMessage(new Error('网络异常'))).toBe('网络异常')
    expect(errorMessage({})).toBe(TOGGLE_FAILED)
    expect(errorMessage({ message: '  ' })).toBe(TOGGLE_FAILED)
    // the one rule (core/api/api-error.ts): a thrown string is its own message
    expect(errorMessage('x')).toBe('x')
    expect(errorMessage('')).toBe(TOGGLE_FAILED)
  })
})

describe('toggleMachine — any sequence of clicks and server outcomes', () => {
  type Step = { kind: 'click' } | { kind: 'answer'; ok: boolean } | { kind: 'login'; yes: boolean }
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.constant<Step>({ kind: 'click' }),
    fc.boolean().map<Step>((ok) => ({ kind: 'answer', ok })),
    fc.boolean().map<Step>((yes) => ({ kind: 'login', yes })),
  )

  it('never has two saves in flight, and once all answers are in, shows the last state the server confirmed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(step, { maxLength: 25 }), async (initial, steps) => {
        let server = initial
        let loginAnswer = true
        const h = harness(initial, () => loginAnswer)
        let answered = 0
        const answer = (ok: boolean) => {
          const s = h.saves[answered++]!
          if (ok) {
            server = s.input.on
            s.resolve({ on: server })
          } else s.reject(new Error('服务器繁忙'))
        }
        for (const st of steps) {
          if (st.kind === 'click') h.actor.send({ type: 'toggle.click' })
          else if (st.kind === 'login') loginAnswer = st.yes
          else if (answered < h.saves.length) answer(st.ok)
          await tick()
          // while nothing is pending the button shows exactly what the server holds
          if (answered === h.saves.length && !h.actor.getSnapshot().matches('saving')) expect(h.actor.getSnapshot().context.on).toBe(server)
        }
        while (answered < h.saves.length) {
          answer(false)
          await tick()
        }
        expect(h.maxInFlight()).toBeLessThanOrEqual(1)
        expect(h.actor.getSnapshot().matches('saving')).toBe(false)
        expect(h.actor.getSnapshot().context.on).toBe(server)
        expect(h.actor.getSnapshot().context.confirmed).toBe(server)
      }),
      { numRuns: 150 },
    )
  })
})
