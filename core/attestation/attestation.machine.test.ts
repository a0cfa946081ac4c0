import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { edgePaths, ownEvents, replayPaths } from '../testing/path-replay'
import { notCertified, questionSet, realNameForm, riskExpired, riskValid } from '../testing/order-samples'
import type { AnswerSubmission, RealNameBody, RealNameOutcome, RiskResult } from '../api/attestation'
import type { Step } from './attestation-rules'
import {
  attestationMachine,
  REAL_NAME_DIALOG_TITLE,
  REAL_NAME_FAILED,
  type AttestationStatus,
  type Kyc,
} from './attestation.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

/** 2100-01-01: valid for the life of this test; 1970-01-12: long expired. */
const valid = riskValid
const expired = riskExpired
const form = realNameForm
/** The clock port's time the flow opens with (2026-11-27); the machine reads no other clock. */
const NOW_MS = Date.UTC(2026, 10, 27)

const status = (realNameStatus: number | null, riskResult: RiskResult | null): AttestationStatus => ({
  realNameStatus,
  riskResult,
})

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('attestationMachine — model', () => {
  const events = ownEvents([
    // intro → 4 (status 1, valid) | 2 (status 1, expired) | 5 (status 2) | 1 (nothing yet / valid but not certified)
    { type: 'xstate.done.actor.loadStatus', output: status(1, valid) },
    { type: 'xstate.done.actor.loadStatus', output: status(1, expired) },
    { type: 'xstate.done.actor.loadStatus', output: status(2, null) },
    { type: 'xstate.done.actor.loadStatus', output: status(0, null) },
    { type: 'xstate.done.actor.loadStatus', output: status(0, valid) },
    { type: 'xstate.error.actor.loadStatus', error: new Error('网络异常') },
    { type: 'realName.submit', form, agree: true },
    { type: 'realName.submit', form, agree: false },
    { type: 'xstate.done.actor.submitRealName', output: { result: 'passed', message: '' } },
    { type: 'xstate.done.actor.submitRealName', output: { result: 'processing', message: '' } },
    { type: 'xstate.done.actor.submitRealName', output: { result: 'failed', message: '身份信息不一致' } },
    { type: 'xstate.error.actor.submitRealName', error: new Error('服务繁忙') },
    { type: 'xstate.done.actor.loadQuestions', output: questionSet },
    { type: 'xstate.done.actor.loadQuestions', output: { ...questionSet, questions: [] } },
    { type: 'xstate.error.actor.loadQuestions', error: new Error('网络异常') },
    { type: 'answer.choose', optionId: 70 },
    { type: 'xstate.done.actor.submitAnswers', output: valid },
    { type: 'xstate.error.actor.submitAnswers', error: new Error('提交失败') },
  ])
  const inputs = ([0, 1, 2, 3, 4, 5] as Step[]).map((step) => ({ step, kyc: notCertified, nowMs: NOW_MS }))
  const all = inputs.map((input) => ({ input, paths: edgePaths(attestationMachine, { input, events }) }))

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(
      attestationMachine,
      all.flatMap((x) => x.paths),
      { input: inputs[0] },
    )
  })

  it('a real actor follows every path', async () => {
    for (const { input, paths } of all) {
      await replayPaths(attestationMachine, paths, {
        input,
        deferredActors: ['loadStatus', 'submitRealName', 'loadQuestions', 'submitAnswers'],
        advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
        prepare: (m) => m.provide({ actions: { reportKyc: () => {} } }),
      })
    }
  })
})

describe('attestationMachine — behaviour', () => {
  function start(
    opening: { step?: Step; kyc: Kyc; nowMs?: number },
    ports: {
      status: AttestationStatus
      realName?: (form: RealNameBody) => Promise<RealNameOutcome>
      answers?: RiskResult
    },
  ) {
    const reportKyc = vi.fn()
    const submitAnswers = vi.fn(async (_args: { input: { id: number; answers: AnswerSubmission } }) => ports.answers ?? valid)
    const actor = createActor(
      attestationMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => ports.status),
          submitRealName: fromPromise(({ input }: { input: RealNameBody }) =>
            (ports.realName ?? (async () => ({ result: 'passed', message: '' })))(input),
          ),
          loadQuestions: fromPromise(async () => questionSet),
          submitAnswers: fromPromise(submitAnswers),
        },
        actions: { reportKyc: (_, params) => reportKyc(params) },
      }),
      { input: { nowMs: NOW_MS, ...opening } },
    )
    const emitted: unknown[] = []
    actor.on('attestation.success', (e) => emitted.push(e))
    actor.start()
    return { actor, reportKyc, submitAnswers, emitted }
  }
  const flush = () => vi.advanceTimersByTimeAsync(0)

  it('a new user: intro → real-name → notice → questions → result → advice', async () => {
    const { actor, reportKyc, submitAnswers, emitted } = start({ kyc: notCertified }, { status: status(0, null) })
    await flush()
    expectToBeIn(actor, 'intro')
    actor.send({ type: 'step.next' })
    expectToBeIn(actor, 'realName.editing')
    actor.send({ type: 'realName.submit', form, agree: false })
    expectToBeIn(actor, 'realName.editing') // spec 001 §5: submit disabled until consent is ticked
    actor.send({ type: 'realName.submit', form, agree: true })
    await flush()
    expectToBeIn(actor, 'notice')
    expect(actor.getSnapshot().context.kyc.certification).toBe(true)
    expect(reportKyc).toHaveBeenLastCalledWith({ kyc: { certification: true, svipInvestor: false } })
    actor.send({ type: 'step.next' })
    await flush()
    expectToBeIn(actor, 'questions.answering')
    expect(actor.getSnapshot().context.step).toBe(3)
    // one question at a time; previous after the first
    actor.send({ type: 'question.previous' })
    expect(actor.getSnapshot().context.index).toBe(0)
    actor.send({ type: 'answer.choose', optionId: 70 })
    expect(actor.getSnapshot().context.index).toBe(1)
    actor.send({ type: 'question.previous' })
    expect(actor.getSnapshot().context.index).toBe(0)
    actor.send({ type: 'answer.choose', optionId: 71 })
    actor.send({ type: 'answer.choose', optionId: 81 })
    expectToBeIn(actor, 'questions.submitting')
    await flush()
    expect(submitAnswers.mock.calls[0]?.[0]).toMatchObject({
      input: {
        id: 2,
        answers: [
          { questionId: 7, optionIds: [71] },
          { questionId: 8, optionIds: [81] },
        ],
      },
    })
    expectToBeIn(actor, 'result')
    expect(actor.getSnapshot().context).toMatchObject({ step: 4, riskResult: valid, kyc: { certification: true, svipInvestor: true } })
    expect(reportKyc).toHaveBeenLastCalledWith({ kyc: { certification: true, svipInvestor: true } })
    actor.send({ type: 'step.next' })
    expect(emitted).toEqual([{ type: 'attestation.success', resultId: 42 }])
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toEqual({ resultId: 42, kyc: { certification: true, svipInvestor: true } })
  })

  it('real-name status 2 goes from the intro to step 5', async () => {
    const { actor } = start({ kyc: notCertified }, { status: status(2, null) })
    await flush()
    actor.send({ type: 'step.next' })
    expectToBeIn(actor, 'submitted')
    expect(actor.getSnapshot().context.step).toBe(5)
  })

  it("a certified user with an unexpired result goes straight to the result; retake goes back to 2", async () => {
    const { actor } = start({ kyc: { certification: true, svipInvestor: true } }, { status: status(1, valid) })
    await flush()
    actor.send({ type: 'step.next' })
    expectToBeIn(actor, 'result')
    actor.send({ type: 'result.retake' })
    expectToBeIn(actor, 'notice')
    // the result is still valid, so the notice leads back to it (spec: certified + valid → 4)
    actor.send({ type: 'step.next' })
    expectToBeIn(actor, 'result')
  })

  it('the result counts as expired from expireTimestamp×1000 on, judged at the time passed in (never the system clock)', async () => {
    const edge: RiskResult = { ...valid, expireTimestamp: 2_000_000_000 }
    // the system clock says long expired: the machine must not look at it
    vi.setSystemTime(edge.expireTimestamp * 1000 + 86_400_000)
    const a = start({ kyc: { certification: true, svipInvestor: false }, nowMs: edge.expireTimestamp * 1000 - 1 }, { status: status(1, edge) })
    await flush()
    a.actor.send({ type: 'step.next' })
    expectToBeIn(a.actor, 'result')
    vi.setSystemTime(0)
    const b = start({ kyc: { certification: true, svipInvestor: false }, nowMs: edge.expireTimestamp * 1000 }, { status: status(1, edge) })
    await flush()
    b.actor.send({ type: 'step.next' })
    expectToBeIn(b.actor, 'notice')
  })

  it("'processing' goes to step 5; a refusal shows 温馨提示 with the server message", async () => {
    const p = start({ step: 1, kyc: notCertified }, { status: status(0, null), realName: async () => ({ result: 'processing', message: '' }) })
    await flush()
    expectToBeIn(p.actor, 'realName.editing')
    p.actor.send({ type: 'realName.submit', form, agree: true })
    await flush()
    expectToBeIn(p.actor, 'submitted')

    const r = start({ step: 1, kyc: notCertified }, { status: status(0, null), realName: async () => ({ result: 'failed', message: '身份信息不一致' }) })
    await flush()
    r.actor.send({ type: 'realName.submit', form, agree: true })
    await flush()
    expectToBeIn(r.actor, 'realName.editing')
    expect(r.actor.getSnapshot().context.dialog).toEqual({ title: REAL_NAME_DIALOG_TITLE, message: '身份信息不一致' })
    r.actor.send({ type: 'dialog.dismiss' })
    expect(r.actor.getSnapshot().context.dialog).toBeNull()

    const e = start({ step: 1, kyc: notCertified }, { status: status(0, null), realName: () => Promise.reject({}) })
    await flush()
    e.actor.send({ type: 'realName.submit', form, agree: true })
    await flush()
    expect(e.actor.getSnapshot().context.dialog).toEqual({ title: REAL_NAME_DIALOG_TITLE, message: REAL_NAME_FAILED })
  })

  it('passing real-name with a valid result on file jumps to the result', async () => {
    const { actor } = start({ step: 1, kyc: notCertified }, { status: status(0, valid) })
    await flush()
    actor.send({ type: 'realName.submit', form, agree: true })
    await flush()
    expectToBeIn(actor, 'result')
  })

  it('opens at the requested attestation value (reassessment opens 3)', async () => {
    const { actor } = start({ step: 3, kyc: { certification: true, svipInvestor: true } }, { status: status(1, valid) })
    await flush()
    expectToBeIn(actor, 'questions.answering')
    const r = start({ step: 4, kyc: notCertified }, { status: status(0, expired) })
    await flush()
    expectToBeIn(r.actor, 'intro')
  })
})
