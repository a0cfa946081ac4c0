import { describe, expect, it } from 'vitest'
import { assign, fromPromise, setup, type EventObject } from 'xstate'
import { loadEntries } from './machine-entries'
import { machineModules } from './machine-modules'
import { simFixtures } from './simulate-fixtures'
import { back, contextJson, currentSnapshot, enabledEvents, reset, startSimulation, stateText, step } from './simulate'

const machine = setup({
  types: {} as { context: { tries: number; name: string }; events: { type: 'go' } | { type: 'form.edit'; name: string } | { type: 'retry' }; input: { name: string } },
  actors: { load: fromPromise<{ ok: boolean }>(() => { throw new Error('provide load') }) },
  delays: { wait: 5_000 },
  guards: { hasName: ({ context }) => context.name.length > 0, loaded: ({ event }) => (event as unknown as { output: { ok: boolean } }).output.ok },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  context: ({ input }) => ({ tries: 0, name: input.name }),
  states: {
    idle: {
      on: {
        go: { target: 'loading', guard: 'hasName' },
        'form.edit': { actions: assign({ name: ({ event }) => event.name }) },
        'form.*': {},
      },
    },
    loading: {
      invoke: { id: 'load', src: 'load', onDone: [{ target: 'done', guard: 'loaded' }, { target: 'failed' }], onError: 'failed' },
    },
    failed: {
      after: { wait: 'loading' },
      on: { retry: { target: 'loading', actions: assign({ tries: ({ context }) => context.tries + 1 }) } },
    },
    done: { type: 'final' },
  },
})

const types = (sim: ReturnType<typeof startSimulation>) => enabledEvents(currentSnapshot(sim)).map((e) => [e.event.type, e.enabled])

describe('simulate', () => {
  it('starts from the input without running anything, and lists the events of the current state with their guards checked', () => {
    const sim = startSimulation(machine, { name: '' })
    expect(stateText(currentSnapshot(sim))).toBe('idle')
    expect(types(sim)).toEqual([
      ['go', false],
      ['form.edit', true],
    ])
    expect(enabledEvents(currentSnapshot(sim))[0]!.reason).toMatch(/guard/)
    const named = startSimulation(machine, { name: 'a' })
    expect(types(named)).toEqual([
      ['go', true],
      ['form.edit', true],
    ])
  })

  it('offers delays and the outcomes of invoked actors as events, with payload variants', () => {
    let sim = step(startSimulation(machine, { name: 'a' }), { type: 'go' })
    expect(stateText(currentSnapshot(sim))).toBe('loading')
    // without a payload the `loaded` guard throws reading event.output: shown as not enabled, with why
    const bare = enabledEvents(currentSnapshot(sim))
    expect(bare.map((e) => [e.label, e.kind, e.enabled])).toEqual([
      ['load done', 'done', false],
      ['load failed', 'error', true],
    ])
    expect(bare[0]!.reason).toMatch(/needs more data/)
    const offered = enabledEvents(currentSnapshot(sim), {
      'xstate.done.actor.load': [
        { name: 'ok', event: { type: 'xstate.done.actor.load', output: { ok: true } } as EventObject },
        { name: 'not ok', event: { type: 'xstate.done.actor.load', output: { ok: false } } as EventObject },
      ],
    })
    expect(offered.map((e) => [e.label, e.enabled])).toEqual([
      ['load done (ok)', true],
      ['load done (not ok)', true],
      ['load failed', true],
    ])
    sim = step(sim, offered[1]!.event)
    expect(stateText(currentSnapshot(sim))).toBe('failed')
    const delay = enabledEvents(currentSnapshot(sim)).find((e) => e.kind === 'delay')!
    expect(delay).toMatchObject({ label: 'after 5s', enabled: true, sources: ['sample.failed'] })
    sim = step(sim, delay.event, delay.label)
    expect(stateText(currentSnapshot(sim))).toBe('loading')
    expect(sim.steps.map((s) => s.label)).toEqual(['go', 'xstate.done.actor.load', 'after 5s'])
    sim = step(sim, offered[0]!.event)
    expect(stateText(currentSnapshot(sim))).toBe('done (done)')
    expect(enabledEvents(currentSnapshot(sim))).toEqual([])
  })

  it('keeps the path, runs assigns for the context, steps back and resets', () => {
    const start = startSimulation(machine, { name: '' })
    const edited = step(start, { type: 'form.edit', name: 'zoe' } as never)
    expect(JSON.parse(contextJson(currentSnapshot(edited)))).toEqual({ tries: 0, name: 'zoe' })
    const sim = step(step(step(edited, { type: 'go' }), { type: 'xstate.error.actor.load' }), { type: 'retry' })
    expect(sim.steps.map((s) => [s.event.type, stateText(s.snapshot)])).toEqual([
      ['form.edit', 'idle'],
      ['go', 'loading'],
      ['xstate.error.actor.load', 'failed'],
      ['retry', 'loading'],
    ])
    expect(currentSnapshot(sim).context).toEqual({ tries: 1, name: 'zoe' })
    const b = back(sim)
    expect(stateText(currentSnapshot(b))).toBe('failed')
    expect(currentSnapshot(b).context.tries).toBe(0)
    expect(back(back(back(back(b))))).toEqual(start) // never past the start
    expect(reset(sim).steps).toEqual([])
    expect(currentSnapshot(reset(sim))).toBe(start.initial)
    // the simulation is a value: stepping never changed the one it came from
    expect(edited.steps).toHaveLength(1)
  })

  it('prints context with actors, functions and cycles readable', () => {
    const cyclic: Record<string, unknown> = { f: function named() {} }
    cyclic.self = cyclic
    const text = contextJson({ context: cyclic } as never)
    expect(JSON.parse(text)).toEqual({ f: '[function named]', self: '[cycle]' })
  })

  it('starts every machine of core/ from its fixture and offers at least one enabled event', async () => {
    const { entries } = await loadEntries(machineModules)
    expect(entries.length).toBeGreaterThan(10)
    for (const { machine: m } of entries) {
      const fixture = simFixtures[m.id]
      const sim = startSimulation(m, fixture?.input)
      const events = enabledEvents(currentSnapshot(sim), fixture?.variants)
      expect(events.filter((e) => e.enabled).length, `${m.id} in ${stateText(currentSnapshot(sim))}`).toBeGreaterThan(0)
    }
  })

  it('walks the attestation flow from its fixture: status loaded → intro → real name → notice → questions', async () => {
    const { entries } = await loadEntries(machineModules)
    const attestation = entries.find((e) => e.machine.id === 'attestation')!.machine
    const { input, variants } = simFixtures.attestation!
    let sim = startSimulation(attestation, input)
    const take = (label: string) => {
      const e = enabledEvents(currentSnapshot(sim), variants).find((x) => x.label === label)
      expect(e, `${label} in ${stateText(currentSnapshot(sim))}: ${enabledEvents(currentSnapshot(sim), variants).map((x) => x.label).join(', ')}`).toBeDefined()
      expect(e!.enabled, `${label}: ${e!.reason}`).toBe(true)
      sim = step(sim, e!.event)
      return stateText(currentSnapshot(sim))
    }
    const visited = [stateText(currentSnapshot(sim))]
    visited.push(take('loadStatus done (nothing done yet)'))
    visited.push(take('step.next'))
    expect(enabledEvents(currentSnapshot(sim), variants).find((e) => e.label === 'realName.submit (not agreed)')!.enabled).toBe(false)
    visited.push(take('realName.submit (agreed)'))
    visited.push(take('submitRealName done (passed)'))
    visited.push(take('step.next'))
    visited.push(take('loadQuestions done (two questions)'))
    expect(visited).toEqual(['loading', 'intro', 'realName.editing', 'realName.submitting', 'notice', 'questions.loading', 'questions.answering'])
    expect(sim.steps).toHaveLength(6)
  })
})
