import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, setup } from 'xstate'
import { createTestModel, getPathsFromEvents, getShortestPaths } from 'xstate/graph'
import { expectFullCoverage, expectToBeIn, getCoveragePaths, measureCoverage } from './model-coverage'

type PayStatus = 'success' | 'pending'

/** Guards, an `after` delay, an invoked promise with onDone/onError, nested + parallel + final. */
const payMachine = setup({
  types: {} as {
    context: { tries: number }
    events: { type: 'pay.start' } | { type: 'pay.cancel' } | { type: 'coupon.toggle' } | { type: 'retry' }
  },
  actors: {
    pollPayment: fromPromise<PayStatus, { orderId: string }>(() => {
      throw new Error('provide pollPayment')
    }),
  },
  delays: { pollInterval: 5_000 },
  guards: {
    isPaid: ({ event }) => (event as unknown as { output?: PayStatus }).output === 'success',
    canRetry: ({ context }) => context.tries < 1,
  },
}).createMachine({
  id: 'pay',
  initial: 'idle',
  context: { tries: 0 },
  states: {
    idle: { on: { 'pay.start': 'checkout' } },
    checkout: {
      type: 'parallel',
      on: { 'pay.cancel': '#pay.cancelled' },
      states: {
        coupon: {
          initial: 'none',
          states: {
            none: { on: { 'coupon.toggle': 'chosen' } },
            chosen: { on: { 'coupon.toggle': 'none' } },
          },
        },
        payment: {
          initial: 'waiting',
          states: {
            waiting: { after: { pollInterval: 'polling' } },
            polling: {
              invoke: {
                id: 'pollPayment',
                src: 'pollPayment',
                input: { orderId: 'o1' },
                onDone: [{ guard: 'isPaid', target: 'paid' }, { target: 'waiting' }],
                onError: 'failed',
              },
            },
            failed: {
              always: { guard: 'canRetry', target: 'waiting', actions: assign({ tries: ({ context }) => context.tries + 1 }) },
              on: { retry: 'waiting' },
            },
            paid: { type: 'final' },
          },
        },
      },
    },
    cancelled: { type: 'final' },
  },
})

const payEvents = [
  { type: 'xstate.done.actor.pollPayment', output: 'success' },
  { type: 'xstate.done.actor.pollPayment', output: 'pending' },
  { type: 'xstate.error.actor.pollPayment', error: new Error('network') },
] as never[]

const silent = { log: () => {} }

describe('measureCoverage / expectFullCoverage', () => {
  it('counts every state node except the root, and every transition', () => {
    const report = measureCoverage(payMachine, [])
    // idle, checkout, coupon, none, chosen, payment, waiting, polling, failed, paid, cancelled
    expect(report.states.total).toBe(11)
    // pay.start, pay.cancel, 2× coupon.toggle, after, onDone×2, onError, always, retry
    expect(report.transitions.total).toBe(10)
    expect(report.states.reached).toEqual([])
  })

  it('passes for full coverage of guards, delays, invoked actors, nested and parallel states', () => {
    const paths = getCoveragePaths(payMachine, { events: payEvents })
    const lines: string[] = []
    const report = expectFullCoverage(payMachine, paths, { log: (l) => lines.push(l) })
    expect(lines).toEqual(['coverage pay: states 11/11, transitions 10/10'])
    expect(report.transitions.missed).toEqual([])
  })

  it('plain getShortestPaths reaches every state but not every transition; getCoveragePaths takes them all', () => {
    const variants = (snapshot: { _nodes: unknown[] }) => {
      void snapshot
      return payEvents
    }
    // one path per state: the transitions back into already-reached states are missing
    const plain = measureCoverage(
      payMachine,
      getShortestPaths(payMachine, {
        events: (s) =>
          [...new Set(s._nodes.flatMap((n) => n.ownEvents))].flatMap((type) => {
            const v = variants(s).filter((e: { type: string }) => e.type === type)
            return v.length ? v : [{ type }]
          }) as never,
      }),
    )
    expect(plain.states.missed).toEqual([])
    expect(plain.transitions.missed.map((t) => t.label)).toContain(
      'pay.checkout.coupon.chosen --coupon.toggle--> pay.checkout.coupon.none',
    )
    const full = measureCoverage(payMachine, getCoveragePaths(payMachine, { events: variants }))
    expect(full.transitions.missed).toEqual([])
  })

  it('accepts createTestModel paths (machines without invoke/after)', () => {
    const m = setup({}).createMachine({
      id: 'toggle',
      initial: 'off',
      states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } },
    })
    expect(() => expectFullCoverage(m, createTestModel(m).getShortestPaths(), silent)).not.toThrow()
  })

  it('tells guarded alternatives apart: without a success payload isPaid is never taken', () => {
    const paths = getCoveragePaths(payMachine, {
      events: [
        { type: 'xstate.done.actor.pollPayment', output: 'pending' },
        { type: 'xstate.error.actor.pollPayment', error: new Error('x') },
      ] as never[],
    })
    const report = measureCoverage(payMachine, paths)
    expect(report.states.missed).toEqual(['pay.checkout.payment.paid'])
    expect(report.transitions.missed.map((t) => t.label)).toEqual([
      'pay.checkout.payment.polling --xstate.done.actor.pollPayment [isPaid]--> pay.checkout.payment.paid',
    ])
    expect(() => expectFullCoverage(payMachine, paths, silent)).toThrow(
      /states 10\/11, transitions 9\/10[\s\S]*pay\.checkout\.payment\.paid[\s\S]*\[isPaid\]/,
    )
  })

  it('counts an `always` transition and its transient source only when taken', () => {
    // With canRetry false from the start, failed → waiting via always is never taken.
    const noRetry = payMachine.provide({ guards: { canRetry: () => false } })
    const paths = getCoveragePaths(noRetry, { events: payEvents })
    const report = measureCoverage(payMachine, paths)
    expect(report.transitions.missed.map((t) => t.event)).toEqual(['always'])
    expect(report.states.missed).toEqual([])
  })

  it('counts a transient state that `always` leaves at once as reached', () => {
    const m = setup({ guards: { ok: () => true } }).createMachine({
      id: 'transient',
      initial: 'check',
      states: {
        check: { always: [{ guard: 'ok', target: 'yes' }, { target: 'no' }] },
        yes: { on: { back: 'check' } },
        no: {},
      },
    })
    const report = measureCoverage(m, getCoveragePaths(m))
    expect(report.states.missed).toEqual(['transient.no'])
    expect(report.transitions.missed.map((t) => t.label)).toEqual(['transient.check --always--> transient.no'])
    expect(report.states.reached).toContain('transient.check')
  })

  it('fails on an unreachable state and says which', () => {
    const m = setup({}).createMachine({
      id: 'island',
      initial: 'a',
      states: {
        a: { on: { go: 'b' } },
        b: { type: 'final' },
        orphan: { on: { go: 'a' } },
      },
    })
    const paths = createTestModel(m).getShortestPaths()
    expect(() => expectFullCoverage(m, paths, silent)).toThrow(
      /coverage island: states 2\/3, transitions 1\/2[\s\S]*States never reached:\n {2}- island\.orphan[\s\S]*island\.orphan --go--> island\.a/,
    )
  })

  it('fails on a transition the paths never take (paths from a fixed event list)', () => {
    const m = setup({}).createMachine({
      id: 'toggle',
      initial: 'off',
      states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off', reset: 'off' } } },
    })
    const partial = getPathsFromEvents(m, [{ type: 'flip' }, { type: 'flip' }])
    const report = measureCoverage(m, partial)
    expect(report.states.missed).toEqual([])
    expect(report.transitions.missed.map((t) => t.label)).toEqual(['toggle.on --reset--> toggle.off'])
    expect(() => expectFullCoverage(m, partial, silent)).toThrow(/transitions 2\/3/)
    expect(() => expectFullCoverage(m, getCoveragePaths(m), silent)).not.toThrow()
  })

  it('replays `always` transitions taken at start using the given input', () => {
    const m = setup({
      types: {} as { input: { vip: boolean }; context: { vip: boolean } },
      guards: { isVip: ({ context }) => context.vip },
    }).createMachine({
      id: 'entry',
      context: ({ input }) => ({ vip: input.vip }),
      initial: 'route',
      states: { route: { always: [{ guard: 'isVip', target: 'vip' }, { target: 'plain' }] }, vip: {}, plain: {} },
    })
    const vipReport = measureCoverage(m, getCoveragePaths(m, { input: { vip: true } }), { input: { vip: true } })
    expect(vipReport.transitions.taken.map((t) => t.guard)).toEqual(['isVip'])
    expect(vipReport.states.missed).toEqual(['entry.plain'])
  })

  it('counts a forbidden transition not at all, and root transitions like any other', () => {
    const m = setup({}).createMachine({
      id: 'root',
      on: { reset: '.a' },
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: { on: { reset: undefined } } },
    })
    const report = measureCoverage(m, getCoveragePaths(m))
    expect(report.transitions.total).toBe(2)
    expect(report.transitions.missed).toEqual([])
  })
})

describe('paths without the xstate.init step', () => {
  it('replays their first step from the initial snapshot', () => {
    const m = setup({}).createMachine({
      id: 'toggle',
      initial: 'off',
      states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } },
    })
    const [first] = getPathsFromEvents(m, [{ type: 'flip' }, { type: 'flip' }])
    const withoutInit = { state: first!.state, steps: first!.steps.slice(1) }
    expect(withoutInit.steps.map((s) => s.event.type)).toEqual(['flip', 'flip'])
    expect(measureCoverage(m, [withoutInit]).transitions.missed).toEqual([])
    const onlyFirst = { state: first!.steps[1]!.state, steps: first!.steps.slice(1, 2) }
    expect(measureCoverage(m, [onlyFirst]).transitions.missed.map((t) => t.label)).toEqual(['toggle.on --flip--> toggle.off'])
  })
})

describe('expectToBeIn', () => {
  it('passes for the active state, its ancestors and #ids; fails readably otherwise', async () => {
    const actor = createActor(
      payMachine.provide({ actors: { pollPayment: fromPromise<PayStatus, { orderId: string }>(async () => 'success') } }),
    ).start()
    expectToBeIn(actor, 'idle')
    actor.send({ type: 'pay.start' })
    expectToBeIn(actor, 'checkout.payment.waiting')
    expectToBeIn(actor.getSnapshot(), 'checkout')
    expectToBeIn(actor, '#pay.checkout.coupon.none')
    expect(() => expectToBeIn(actor, 'checkout.payment.paid')).toThrow(
      'Expected machine "pay" to be in "checkout.payment.paid" but it is in "checkout.coupon.none", "checkout.payment.waiting" (status active)',
    )
    expect(() => expectToBeIn(actor, '#nope')).toThrow(/has no state "#nope"/)
    // the note's recipe: a delay and an actor completion sent as events
    actor.send({ type: 'xstate.after.pollInterval.pay.checkout.payment.waiting' } as never)
    expectToBeIn(actor, 'checkout.payment.polling')
    await new Promise((r) => setTimeout(r, 0))
    expectToBeIn(actor, 'checkout.payment.paid')
    actor.stop()
  })
})
