// The send-code button of the login dialog and of phone binding (spec 001 §7 'Account calls
// used in this flow'): send the phone code; statusCode 2000 asks for human verification
// (gt-init, then the slider gives challenge/validate/seccode) and the code is sent again with
// it; 200 starts a 60 s countdown with the button disabled (spec 000 §4, §5: one code per
// minute; §9: resend after 60 seconds); anything else shows the server message.
// The phone is validated by the form that sends `code.send`.
import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate'
import { errorMessage } from '../api/api-error'
import { LOGIN_MESSAGES, CODE_RESEND_SECONDS } from '../validation/login'
import {
  STATUS_NEEDS_CAPTCHA,
  STATUS_OK,
  type AuthAnswer,
  type CaptchaParams,
  type CaptchaResult,
  type CodeRequest,
} from './auth-types'

/** Shown when the code call fails without a message (the spec names no text). */
export const SEND_CODE_FAILED_TEXT = '验证码发送失败，请稍后重试'

export interface SendCodeContext {
  request: CodeRequest | null
  /** the solved slider, sent with the repeated request */
  solved: CaptchaResult | null
  /** what gt-init answered, for the slider widget */
  captcha: CaptchaParams | null
  /** seconds until the button is enabled again */
  remaining: number
  /** the message under the form (server message or 'too frequent') */
  message: string | null
}

export type SendCodeEvent =
  | ({ type: 'code.send' } & CodeRequest)
  | ({ type: 'captcha.solve' } & CaptchaResult)
  | { type: 'captcha.cancel' }

export interface SendCodeInput extends CodeRequest {
  captcha?: CaptchaResult
}

const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output

export const sendCodeMachine = setup({
  types: {} as { context: SendCodeContext; events: SendCodeEvent },
  actors: {
    /** POST the phone code request; answers the envelope */
    sendCode: fromPromise<AuthAnswer, SendCodeInput>(() => {
      throw new Error('provide sendCode')
    }),
    /** POST /api/over-sea-sms/gt-init {phone, countryCode} (spec 001 §7) */
    captchaInit: fromPromise<CaptchaParams, { phone: string; countryCode: string }>(() => {
      throw new Error('provide captchaInit')
    }),
  },
  delays: { second: 1_000 },
  guards: {
    isOk: ({ event }) => output<AuthAnswer>(event).statusCode === STATUS_OK,
    needsCaptcha: ({ event }) => output<AuthAnswer>(event).statusCode === STATUS_NEEDS_CAPTCHA,
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  actions: {
    takeRequest: assign(({ event }) =>
      event.type === 'code.send'
        ? { request: { phone: event.phone, countryCode: event.countryCode, purpose: event.purpose }, solved: null, message: null }
        : {},
    ),
    startCountdown: assign({ remaining: CODE_RESEND_SECONDS, solved: null, captcha: null, message: null }),
    tick: assign({ remaining: ({ context }) => context.remaining - 1 }),
    endCountdown: assign({ remaining: 0 }),
    showAnswerMessage: assign(({ event }) => ({
      message: output<AuthAnswer>(event).message || SEND_CODE_FAILED_TEXT,
      solved: null,
      captcha: null,
    })),
    showError: assign((_, params: { error: unknown }) => ({
      message: errorMessage(params.error, SEND_CODE_FAILED_TEXT),
      solved: null,
      captcha: null,
    })),
    storeCaptcha: assign({ captcha: ({ event }) => output<CaptchaParams>(event) }),
    storeSolved: assign(({ event }) =>
      event.type === 'captcha.solve'
        ? { solved: { challenge: event.challenge, validate: event.validate, seccode: event.seccode } }
        : {},
    ),
    dropCaptcha: assign({ captcha: null, solved: null }),
    // spec 000 §8: code sent too often ('too frequent, only one code per minute')
    showTooFrequent: assign({ message: LOGIN_MESSAGES.codeTooFrequent }),
  },
}).createMachine({
  id: 'sendCode',
  description: 'The send-code button: the reader asks for a phone code, passes a slider check when the server wants one, and waits 60 s before asking again.',
  context: { request: null, solved: null, captcha: null, remaining: 0, message: null },
  initial: 'ready',
  states: {
    ready: {
      description: 'The send-code button is enabled.',
      on: { 'code.send': { target: 'sending', actions: 'takeRequest' } },
    },
    sending: {
      description: 'The code request is on its way (with the solved slider when there is one).',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({
          phone: context.request?.phone ?? '',
          countryCode: context.request?.countryCode ?? '',
          purpose: context.request?.purpose ?? 'login',
          ...(context.solved ? { captcha: context.solved } : {}),
        }),
        onDone: [
          { guard: 'isOk', description: 'The code was sent: the button counts down.', target: 'counting', actions: 'startCountdown' },
          // spec 001 §7: statusCode 2000 = human verification needed
          { guard: 'needsCaptcha', description: 'The server wants a human check first: the slider opens.', target: 'captcha' },
          { target: 'ready', actions: 'showAnswerMessage' },
        ],
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    captcha: {
      description: 'Human verification before the code is sent again.',
      initial: 'loading',
      on: { 'captcha.cancel': { target: 'ready', actions: 'dropCaptcha' } },
      states: {
        loading: {
          description: 'gt-init: fetching the slider parameters for this phone.',
          invoke: {
            id: 'captchaInit',
            src: 'captchaInit',
            input: ({ context }) => ({ phone: context.request?.phone ?? '', countryCode: context.request?.countryCode ?? '' }),
            onDone: { target: 'challenge', actions: 'storeCaptcha' },
            onError: { target: '#sendCode.ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        challenge: {
          description: 'The slider is shown; solving it sends the code again.',
          on: { 'captcha.solve': { target: '#sendCode.sending', actions: 'storeSolved' } },
        },
      },
    },
    counting: {
      description: 'Code sent: the button is disabled and counts down 60 s.',
      on: { 'code.send': { actions: 'showTooFrequent' } },
      after: {
        second: [
          { guard: 'isLastSecond', description: 'The 60 s are up: the button can send again.', target: 'ready', actions: 'endCountdown' },
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
})
