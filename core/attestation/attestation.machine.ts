// Qualified-investor certification (spec 001 §2 'Attestation screens', §4 'Attestation steps'):
// real-name verification, then the risk assessment, then the result with asset-allocation advice.
// The advance decision is the pure `advance()` of ./attestation-rules; each step's `step.next`
// lists the places it can lead to, guarded by `advancesTo`, so the diagram shows them all.
import { assign, emit, fromPromise, setup } from 'xstate'
import { errorMessage } from '../api/api-error'
import {
  QUESTIONNAIRE_ID,
  type AnswerSubmission,
  type QuestionSet,
  type RealNameBody,
  type RealNameOutcome,
  type RiskResult,
} from '../api/attestation'
import {
  advance,
  openingStep,
  recordAnswer,
  toSubmission,
  type AdvanceFacts,
  type Answers,
  type Step,
} from './attestation-rules'

/** spec 001 §8: 'Real-name not passed: dialog titled 温馨提示 with server message'. */
export const REAL_NAME_DIALOG_TITLE = '温馨提示'
/** Fallbacks when the server gives no message. */
export const REAL_NAME_FAILED = '实名认证未通过，请核对信息后重试'
export const LOAD_FAILED = '加载失败，请重试'
export const SUBMIT_FAILED = '提交失败，请重试'

export interface Kyc {
  readonly certification: boolean
  readonly svipInvestor: boolean
}

export interface AttestationInput {
  /** spec 001 §2: the attestation value to open at (default 0, the intro). */
  readonly step?: Step
  readonly kyc: Kyc
  /** Now, from the clock port (ms): whether a standing risk result is still valid is judged against it. */
  readonly nowMs: number
}

export interface AttestationStatus {
  /** GET /api/real-name/authentication/v1 → status */
  readonly realNameStatus: number | null
  /** the user's standing risk result (GET /api/questionnaire/2/info/v1), null when none */
  readonly riskResult: RiskResult | null
}

export interface AttestationContext {
  readonly requestedStep: Step
  /** the clock port's time the flow was opened with (ms); guards never read the clock themselves */
  readonly nowMs: number
  /** the step on screen, for the view (mirrors the state) */
  readonly step: Step
  readonly kyc: Kyc
  readonly realNameStatus: number | null
  readonly riskResult: RiskResult | null
  readonly questionSet: QuestionSet | null
  /** index of the question on screen */
  readonly index: number
  readonly answers: Answers
  /** the 温馨提示 dialog of a real-name submission that did not pass */
  readonly dialog: { readonly title: string; readonly message: string } | null
  readonly error: string | null
}

export type AttestationEvent =
  /** the step's main button: go-certify (0), next (2), asset-allocation advice (4) */
  | { type: 'step.next' }
  | { type: 'realName.submit'; form: RealNameBody; agree: boolean }
  | { type: 'dialog.dismiss' }
  | { type: 'answer.choose'; optionId: number }
  | { type: 'question.previous' }
  | { type: 'result.retake' }
  | { type: 'attestation.retry' }

export type AttestationEmitted = { type: 'attestation.success'; resultId: number }

export interface AttestationOutput {
  readonly resultId: number
  readonly kyc: Kyc
}

const STEP_STATE: Record<Step, string> = {
  0: 'intro',
  1: 'realName',
  2: 'notice',
  3: 'questions',
  4: 'result',
  5: 'submitted',
}

const factsOf = (context: AttestationContext): AdvanceFacts => ({
  certified: context.kyc.certification,
  realNameStatus: context.realNameStatus,
  riskResult: context.riskResult,
  nowMs: context.nowMs,
})

/** Why the spec's advance (attestation-rules.ts) leads from one step to another, in words. */
const ADVANCE_WORDS: Record<string, string> = {
  '0>4': 'Real-name is done and a risk result is still valid: straight to the result.',
  '0>2': 'Real-name is done but there is no valid risk result: on to the notice before the risk test.',
  '0>5': 'Real-name was submitted and awaits the phone call: the waiting screen.',
  '0>1': 'Not certified yet: the real-name form.',
  '1>4': 'A risk result is still valid: straight to the result.',
  '1>2': 'No valid risk result: on to the notice before the risk test.',
  '2>4': 'A risk result is still valid: back to the result.',
  '2>3': 'On to the questions.',
  '4>success': 'The reader asks for the asset-allocation advice: certification is complete.',
}

/** `step.next` from `from`: one guarded transition per place the spec's advance can lead to. */
function nextFrom(from: Step, outcomes: ReadonlyArray<Step | 'success'>) {
  return outcomes.map((to) =>
    to === 'success'
      ? {
          guard: { type: 'advancesTo' as const, params: { from, to } },
          description: ADVANCE_WORDS[`${from}>${to}`],
          target: '#attestation.done',
          actions: 'emitSuccess' as const,
        }
      : {
          guard: { type: 'advancesTo' as const, params: { from, to } },
          description: ADVANCE_WORDS[`${from}>${to}`],
          target: `#attestation.${STEP_STATE[to]}`,
          actions: { type: 'enterStep' as const, params: { step: to } },
        },
  )
}

export const attestationMachine = setup({
  types: {} as {
    context: AttestationContext
    events: AttestationEvent
    input: AttestationInput
    output: AttestationOutput
    emitted: AttestationEmitted
  },
  actors: {
    /** real-name status and the standing risk result */
    loadStatus: fromPromise<AttestationStatus, void>(() => {
      throw new Error('provide loadStatus')
    }),
    /** POST /api/real-name/authentication/v1 */
    submitRealName: fromPromise<RealNameOutcome, RealNameBody>(() => {
      throw new Error('provide submitRealName')
    }),
    /** GET /api/questionnaire/{id}/v1 */
    loadQuestions: fromPromise<QuestionSet, { id: number }>(() => {
      throw new Error('provide loadQuestions')
    }),
    /** answers submission (path not shown in spec 001 §7) → the risk result */
    submitAnswers: fromPromise<RiskResult, { id: number; answers: AnswerSubmission }>(() => {
      throw new Error('provide submitAnswers')
    }),
  },
  guards: {
    opensAt: ({ context }, params: { step: Step }) =>
      openingStep(context.requestedStep, context.riskResult, context.nowMs) === params.step,
    advancesTo: ({ context }, params: { from: Step; to: Step | 'success' }) => {
      const next = advance(params.from, factsOf(context))
      return next.kind === 'success' ? params.to === 'success' : next.step === params.to
    },
    hasConsent: ({ event }) => event.type === 'realName.submit' && event.agree,
    isPassed: (_, params: { outcome: RealNameOutcome }) => params.outcome.result === 'passed',
    isProcessing: (_, params: { outcome: RealNameOutcome }) => params.outcome.result === 'processing',
    isLastQuestion: ({ context }) => context.index >= (context.questionSet?.questions.length ?? 0) - 1,
    hasPrevious: ({ context }) => context.index > 0,
    hasQuestions: (_, params: { questionSet: QuestionSet }) => params.questionSet.questions.length > 0,
  },
  actions: {
    /** The caller keeps the user's kyc (spec 001 §3 'KYC state') in step with ours. */
    reportKyc: (_, _params: { kyc: Kyc }) => {
      throw new Error('provide reportKyc')
    },
    takeStatus: assign((_, params: { status: AttestationStatus }) => ({
      realNameStatus: params.status.realNameStatus,
      riskResult: params.status.riskResult,
      error: null,
    })),
    enterStep: assign((_, params: { step: Step }) => ({ step: params.step, error: null })),
    /** spec 001 §4: 'Certification pass marks kyc.certification true'. */
    markCertification: assign(({ context }) => ({ kyc: { ...context.kyc, certification: true } })),
    /** spec 001 §4: 'After submit the user is marked svipInvestor in kyc'. */
    markSvipInvestor: assign(({ context }) => ({ kyc: { ...context.kyc, svipInvestor: true } })),
    /** 温馨提示 with the server's message (a refused outcome, or a failed call). */
    showNotPassed: assign((_, params: { error: unknown }) => ({
      dialog: { title: REAL_NAME_DIALOG_TITLE, message: errorMessage(params.error, REAL_NAME_FAILED) },
    })),
    dismissDialog: assign({ dialog: null }),
    rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, LOAD_FAILED) })),
    rememberSubmitError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, SUBMIT_FAILED) })),
    takeQuestions: assign((_, params: { questionSet: QuestionSet }) => ({
      questionSet: params.questionSet,
      index: 0,
      answers: {},
      error: null,
    })),
    recordAnswer: assign(({ context, event }) => {
      const question = context.questionSet?.questions[context.index]
      if (!question || event.type !== 'answer.choose') return {}
      return { answers: recordAnswer(context.answers, question.id, event.optionId), error: null }
    }),
    nextQuestion: assign(({ context }) => ({ index: context.index + 1 })),
    previousQuestion: assign(({ context }) => ({ index: Math.max(0, context.index - 1) })),
    /** spec 001 §4: 'go to 4 with its type, description, expiry and id' — the result after submit. */
    takeRiskResult: assign((_, params: { riskResult: RiskResult }) => ({
      riskResult: params.riskResult,
      step: 4 as Step,
      error: null,
    })),
    emitSuccess: emit(({ context }) => ({ type: 'attestation.success' as const, resultId: context.riskResult?.id ?? 0 })),
  },
}).createMachine({
  id: 'attestation',
  // spec 001 §4: qualified-investor certification, steps 0–5
  description: 'Qualified-investor certification: the reader confirms their real name, answers the risk questions, and sees their risk result with asset-allocation advice.',
  context: ({ input }) => ({
    requestedStep: input.step ?? 0,
    nowMs: input.nowMs,
    step: input.step ?? 0,
    kyc: input.kyc,
    realNameStatus: null,
    riskResult: null,
    questionSet: null,
    index: 0,
    answers: {},
    dialog: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the real-name status and the standing risk result.',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { target: 'opening', actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The status could not be loaded; a retry button is shown.',
      on: { 'attestation.retry': 'loading' },
    },
    opening: {
      description: 'Opens the requested step (spec 001 §2: 0 overall, 1 or 5 real-name, 2 and 3 risk test, 4 result).',
      always: [
        { guard: { type: 'opensAt', params: { step: 1 } }, description: 'Asked to open the real-name form.', target: 'realName', actions: { type: 'enterStep', params: { step: 1 } } },
        { guard: { type: 'opensAt', params: { step: 2 } }, description: 'Asked to open the notice before the risk test.', target: 'notice', actions: { type: 'enterStep', params: { step: 2 } } },
        { guard: { type: 'opensAt', params: { step: 3 } }, description: 'Asked to open the questions (a reassessment).', target: 'questions', actions: { type: 'enterStep', params: { step: 3 } } },
        {
          guard: { type: 'opensAt', params: { step: 4 } },
          description: 'Asked to open the result, and a result still valid today exists.',
          target: 'result',
          actions: { type: 'enterStep', params: { step: 4 } },
        },
        { guard: { type: 'opensAt', params: { step: 5 } }, description: 'Asked to open the waiting screen after real-name.', target: 'submitted', actions: { type: 'enterStep', params: { step: 5 } } },
        { target: 'intro', actions: { type: 'enterStep', params: { step: 0 } } },
      ],
    },
    intro: {
      description: 'Step 0: finish certification to keep viewing; the go-certify button advances.',
      on: { 'step.next': nextFrom(0, [4, 2, 5, 1]) },
    },
    realName: {
      description: 'Step 1: the real-name form; submit is possible once consent is ticked.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Filling in the form (validation: spec 001 §5).',
          on: {
            'realName.submit': { guard: 'hasConsent', description: 'The reader ticked the consent: the form is sent.', target: 'submitting' },
            'dialog.dismiss': { actions: 'dismissDialog' },
          },
        },
        submitting: {
          description: "Submitting; 'passed' marks certification and advances, 'processing' goes to step 5, anything else shows 温馨提示.",
          invoke: {
            id: 'submitRealName',
            src: 'submitRealName',
            input: ({ event }) => (event as Extract<AttestationEvent, { type: 'realName.submit' }>).form,
            onDone: [
              {
                guard: { type: 'isPassed', params: ({ event }) => ({ outcome: event.output }) },
                description: 'Real-name passed: the reader is certified.',
                target: 'passed',
                actions: ['markCertification', { type: 'reportKyc', params: ({ context }) => ({ kyc: context.kyc }) }],
              },
              {
                guard: { type: 'isProcessing', params: ({ event }) => ({ outcome: event.output }) },
                description: 'Staff must check by phone: the waiting screen.',
                target: '#attestation.submitted',
                actions: { type: 'enterStep', params: { step: 5 } },
              },
              { target: 'editing', actions: { type: 'showNotPassed', params: ({ event }) => ({ error: event.output }) } },
            ],
            onError: { target: 'editing', actions: { type: 'showNotPassed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        passed: {
          description: 'Real-name passed: advances as step 1 does (to the result when a valid one exists, else the notice).',
          always: nextFrom(1, [4, 2]),
        },
      },
    },
    notice: {
      description: 'Step 2: the notice before the risk assessment.',
      on: { 'step.next': nextFrom(2, [4, 3]) },
    },
    questions: {
      description: 'Step 3: the questionnaire, one question at a time.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Fetching the question set (spec 001 §9: question id 2).',
          invoke: {
            id: 'loadQuestions',
            src: 'loadQuestions',
            input: { id: QUESTIONNAIRE_ID },
            onDone: [
              {
                guard: { type: 'hasQuestions', params: ({ event }) => ({ questionSet: event.output }) },
                description: 'The questions came: the first is shown.',
                target: 'answering',
                actions: { type: 'takeQuestions', params: ({ event }) => ({ questionSet: event.output }) },
              },
              { target: 'failed', actions: assign({ error: LOAD_FAILED }) },
            ],
            onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: 'The questions could not be loaded; a retry button is shown.',
          on: { 'attestation.retry': 'loading' },
        },
        answering: {
          description: 'Choosing an option records it and moves on; the last one submits; a previous button after the first.',
          on: {
            'answer.choose': [
              { guard: 'isLastQuestion', description: 'That was the last question: the answers are sent.', target: 'submitting', actions: 'recordAnswer' },
              { target: 'answering', actions: ['recordAnswer', 'nextQuestion'] },
            ],
            'question.previous': { guard: 'hasPrevious', description: 'Past the first question: back one.', target: 'answering', actions: 'previousQuestion' },
          },
        },
        submitting: {
          description: 'Submitting the answers; the result marks the user svipInvestor and is shown.',
          invoke: {
            id: 'submitAnswers',
            src: 'submitAnswers',
            input: ({ context }) => ({
              id: context.questionSet?.id ?? QUESTIONNAIRE_ID,
              answers: toSubmission(context.questionSet?.questions ?? [], context.answers),
            }),
            onDone: {
              target: '#attestation.result',
              actions: [
                { type: 'takeRiskResult', params: ({ event }) => ({ riskResult: event.output }) },
                'markSvipInvestor',
                { type: 'reportKyc', params: ({ context }) => ({ kyc: context.kyc }) },
              ],
            },
            onError: { target: 'answering', actions: { type: 'rememberSubmitError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    result: {
      description: 'Step 4: the risk result (type, description, expiry YYYY-MM-DD); asset-allocation advice advances, retake goes back to 2.',
      on: {
        'step.next': nextFrom(4, ['success']),
        'result.retake': { target: 'notice', actions: { type: 'enterStep', params: { step: 2 } } },
      },
    },
    submitted: {
      description: 'Step 5: real-name submitted, staff will phone to verify.',
    },
    done: {
      description: 'attestationSuccess with the result id: the order dialog moves on to the asset-allocation advice.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ resultId: context.riskResult?.id ?? 0, kyc: context.kyc }),
})

