import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Schema from 'effect/Schema'
import { AnswerSubmission, type Question, type RiskResult } from '../api/attestation'
import {
  advance,
  answerLabel,
  isComplete,
  isRiskResultValid,
  openingStep,
  recordAnswer,
  STEPS,
  toSubmission,
  type AdvanceFacts,
  type Step,
} from './attestation-rules'

const NOW = 1_700_000_000_000
const valid: RiskResult = { evaluationType: 'C3', description: '稳健型', expireTimestamp: NOW / 1000 + 86_400, id: 42 }
const expired: RiskResult = { ...valid, expireTimestamp: NOW / 1000 - 1, id: 41 }

const facts = (f: Partial<AdvanceFacts>): AdvanceFacts => ({
  certified: false,
  realNameStatus: null,
  riskResult: null,
  nowMs: NOW,
  ...f,
})

describe('isRiskResultValid (spec 001 §4: now before expireTimestamp×1000)', () => {
  it('is valid up to the millisecond before expiry, not at it', () => {
    const r = { ...valid, expireTimestamp: 1_000 }
    expect(isRiskResultValid(r, 999_999)).toBe(true)
    expect(isRiskResultValid(r, 1_000_000)).toBe(false)
    expect(isRiskResultValid(null, 0)).toBe(false)
  })
  it('holds for all times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), fc.integer({ min: 0, max: 4_000_000_000_000 }), (exp, now) => {
        expect(isRiskResultValid({ ...valid, expireTimestamp: exp }, now)).toBe(now < exp * 1000)
      }),
    )
  })
})

describe('advance (spec 001 §4 advance logic)', () => {
  it('certified or real-name status 1 with a valid result: go to 4 with it', () => {
    for (const f of [facts({ certified: true, riskResult: valid }), facts({ realNameStatus: 1, riskResult: valid })]) {
      for (const step of [0, 1, 2, 3] as Step[]) {
        expect(advance(step, f)).toEqual({ kind: 'step', step: 4, riskResult: valid })
      }
    }
  })
  it('certified without a valid result: from 2 to 3, else to 2', () => {
    const f = facts({ certified: true, riskResult: expired })
    expect(advance(2, f)).toEqual({ kind: 'step', step: 3 })
    expect(advance(0, f)).toEqual({ kind: 'step', step: 2 })
    expect(advance(1, f)).toEqual({ kind: 'step', step: 2 })
    expect(advance(3, facts({ realNameStatus: 1 }))).toEqual({ kind: 'step', step: 2 })
  })
  it('not certified: from 0 with real-name status 2 to 5', () => {
    expect(advance(0, facts({ realNameStatus: 2 }))).toEqual({ kind: 'step', step: 5 })
    expect(advance(0, facts({ realNameStatus: 2, riskResult: valid }))).toEqual({ kind: 'step', step: 5 })
  })
  it('not certified: from 2 with a valid result jump to 4; otherwise step+1', () => {
    expect(advance(2, facts({ riskResult: valid }))).toEqual({ kind: 'step', step: 4, riskResult: valid })
    expect(advance(2, facts({ riskResult: expired }))).toEqual({ kind: 'step', step: 3 })
    expect(advance(0, facts({ riskResult: valid }))).toEqual({ kind: 'step', step: 1 })
    expect(advance(0, facts({ realNameStatus: 0 }))).toEqual({ kind: 'step', step: 1 })
    expect(advance(1, facts({}))).toEqual({ kind: 'step', step: 2 })
    expect(advance(3, facts({}))).toEqual({ kind: 'step', step: 4 })
  })
  it('from 4 emits success with the result id, certified or not', () => {
    expect(advance(4, facts({ riskResult: valid }))).toEqual({ kind: 'success', resultId: 42 })
    expect(advance(4, facts({ certified: true, riskResult: valid }))).toEqual({ kind: 'success', resultId: 42 })
  })
  it('step 5 stays', () => {
    expect(advance(5, facts({ certified: true, riskResult: valid }))).toEqual({ kind: 'step', step: 5 })
  })

  const arbFacts = fc.record({
    certified: fc.boolean(),
    realNameStatus: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    riskResult: fc.option(fc.constantFrom(valid, expired), { nil: null }),
    nowMs: fc.constant(NOW),
  })
  const arbStep = fc.constantFrom(...STEPS)

  it('always lands on a step 0–5, and step 4 always carries a valid result', () => {
    fc.assert(
      fc.property(arbStep, arbFacts, (step, f) => {
        const next = advance(step, f)
        if (next.kind === 'success') {
          expect(step).toBe(4)
          return
        }
        expect(STEPS).toContain(next.step)
        if (next.step === 4 && step !== 3) expect(isRiskResultValid(next.riskResult, NOW)).toBe(true)
      }),
    )
  })
  it('a certified user never returns to the real-name steps 1 and 5 (from 0–3)', () => {
    fc.assert(
      fc.property(fc.constantFrom<Step>(0, 1, 2, 3), arbFacts, (step, f) => {
        const next = advance(step, { ...f, certified: true })
        expect(next.kind === 'step' && (next.step === 1 || next.step === 5)).toBe(false)
      }),
    )
  })
  it('a valid result always skips the questionnaire (never 3)', () => {
    fc.assert(
      fc.property(arbStep, arbFacts, (step, f) => {
        const next = advance(step, { ...f, riskResult: valid })
        expect(next.kind === 'step' && next.step === 3).toBe(false)
      }),
    )
  })
})

describe('openingStep', () => {
  it('opens the requested value; the result only with a valid result', () => {
    expect(openingStep(3, null, NOW)).toBe(3)
    expect(openingStep(4, valid, NOW)).toBe(4)
    expect(openingStep(4, expired, NOW)).toBe(0)
    expect(openingStep(4, null, NOW)).toBe(0)
  })
})

describe('answers', () => {
  const questions: Question[] = [
    { id: 7, title: '年龄', options: [{ id: 70, description: '18-30' }, { id: 71, description: '31-50' }] },
    { id: 8, title: '经验', options: [{ id: 80, description: '无' }, { id: 81, description: '5年以上' }] },
  ]
  it('labels answers A-F (spec 001 §9)', () => {
    expect([0, 1, 2, 3, 4, 5].map(answerLabel)).toEqual(['A', 'B', 'C', 'D', 'E', 'F'])
    expect(answerLabel(6)).toBe('')
  })
  it('submits one option per question, in question order, and the later choice wins', () => {
    let a = recordAnswer({}, 8, 80)
    a = recordAnswer(a, 7, 70)
    a = recordAnswer(a, 7, 71)
    expect(toSubmission(questions, a)).toEqual([
      { questionId: 7, optionIds: [71] },
      { questionId: 8, optionIds: [80] },
    ])
    expect(isComplete(questions, a)).toBe(true)
    expect(isComplete(questions, recordAnswer({}, 7, 70))).toBe(false)
    expect(isComplete(questions, recordAnswer(recordAnswer({}, 7, 70), 8, 99))).toBe(false)
  })
  it('any sequence of choices gives a submission the schema accepts, with the last choice per question', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(0, 1), fc.constantFrom(0, 1))), (choices) => {
        let a = {}
        const last = new Map<number, number>()
        for (const [qi, oi] of choices) {
          const q = questions[qi]!
          const o = q.options[oi]!
          a = recordAnswer(a, q.id, o.id)
          last.set(q.id, o.id)
        }
        const sub = toSubmission(questions, a)
        expect(Schema.decodeUnknownSync(AnswerSubmission)(sub)).toEqual(sub)
        expect(sub.map((s) => s.questionId)).toEqual(questions.filter((q) => last.has(q.id)).map((q) => q.id))
        for (const s of sub) expect(s.optionIds).toEqual([last.get(s.questionId)])
      }),
    )
  })
})
