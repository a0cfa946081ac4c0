// The pure rules of the attestation flow (spec 001 §4 'Attestation steps', §9).
import type { AnswerSubmission, Question, RiskResult } from '../api/attestation'

/**
 * spec 001 §4: steps 0 intro, 1 real-name form, 2 notice before assessment, 3 question list,
 * 4 result, 5 'real-name submitted, staff will phone to verify'.
 */
export type Step = 0 | 1 | 2 | 3 | 4 | 5
export const STEPS: readonly Step[] = [0, 1, 2, 3, 4, 5]

/** spec 001 §4: real-name status 1 counts like certification; 2 means submitted and awaiting the call. */
export const REAL_NAME_PASSED = 1
export const REAL_NAME_PROCESSING = 2

/** What the advance decision looks at. */
export interface AdvanceFacts {
  /** kyc.certification */
  readonly certified: boolean
  /** the real-name status result, null when unknown */
  readonly realNameStatus: number | null
  /** the user's standing risk result, null when none */
  readonly riskResult: RiskResult | null
  readonly nowMs: number
}

export type Advance =
  | { readonly kind: 'step'; readonly step: Step; readonly riskResult?: RiskResult }
  /** spec 001 §4: 'emit attestationSuccess with the result id' */
  | { readonly kind: 'success'; readonly resultId: number }

/** spec 001 §4: a risk result is valid while now is before expireTimestamp×1000. */
export function isRiskResultValid(result: RiskResult | null | undefined, nowMs: number): result is RiskResult {
  return result != null && nowMs < result.expireTimestamp * 1000
}

/**
 * spec 001 §4 'Advance logic', in the spec's order:
 * - certified (kyc.certification) or real-name status 1: with a valid unexpired risk result go to 4
 *   with it; otherwise from 2 go to 3, else to 2.
 * - not certified: from 0 with real-name status 2 go to 5; from 4 emit attestationSuccess with the
 *   result id; from 2 with a valid unexpired result jump to 4; otherwise step+1.
 *
 * One reading is ours: advancing FROM the result screen (4) always emits success. The spec's result
 * screen 'offers asset-allocation advice (advances)'; taken literally, a certified user there would
 * be sent back to 4 by the first branch and could never reach the advice — and every user who has
 * finished the questionnaire is certified (passing real-name marks kyc.certification).
 * Step 5 has nothing to advance to (the user waits for the phone call); it stays.
 */
export function advance(step: Step, facts: AdvanceFacts): Advance {
  const valid = isRiskResultValid(facts.riskResult, facts.nowMs)
  if (step === 4) {
    return facts.riskResult ? { kind: 'success', resultId: facts.riskResult.id } : { kind: 'step', step: 2 }
  }
  if (step === 5) return { kind: 'step', step: 5 }
  if (facts.certified || facts.realNameStatus === REAL_NAME_PASSED) {
    if (valid) return { kind: 'step', step: 4, riskResult: facts.riskResult as RiskResult }
    return { kind: 'step', step: step === 2 ? 3 : 2 }
  }
  if (step === 0 && facts.realNameStatus === REAL_NAME_PROCESSING) return { kind: 'step', step: 5 }
  if (step === 2 && valid) return { kind: 'step', step: 4, riskResult: facts.riskResult as RiskResult }
  return { kind: 'step', step: (step + 1) as Step }
}

/**
 * The step the attestation view opens at (spec 001 §2: the dialog's attestation value — 0 overall,
 * 1 or 5 real-name, 2 and 3 risk test, 4 result). Opening the result needs a valid result to show;
 * without one the flow starts from the intro.
 */
export function openingStep(requested: Step, riskResult: RiskResult | null, nowMs: number): Step {
  if (requested === 4 && !isRiskResultValid(riskResult, nowMs)) return 0
  return requested
}

/** spec 001 §9: answer labels A-F. */
export const ANSWER_LABELS = ['A', 'B', 'C', 'D', 'E', 'F'] as const
export function answerLabel(index: number): string {
  return ANSWER_LABELS[index] ?? ''
}

/** Chosen option per question id (one option each: spec 001 §3 'optionIds[one]'). */
export type Answers = Readonly<Record<number, number>>

export function recordAnswer(answers: Answers, questionId: number, optionId: number): Answers {
  return { ...answers, [questionId]: optionId }
}

/** spec 001 §3 'Answer submission': list of {questionId, optionIds[one]}, in question order. */
export function toSubmission(questions: ReadonlyArray<Question>, answers: Answers): AnswerSubmission {
  return questions.flatMap((q) => {
    const optionId = answers[q.id]
    return optionId === undefined ? [] : [{ questionId: q.id, optionIds: [optionId] }]
  })
}

/** Every question has an answer that is one of its options. */
export function isComplete(questions: ReadonlyArray<Question>, answers: Answers): boolean {
  return questions.every((q) => q.options.some((o) => o.id === answers[q.id]))
}
// The expiry is shown YYYY-MM-DD (spec 001 §9) with core/format/date-time's formatDate.
