// Binding a phone to a WeChat login, and merging accounts when that phone already has one
// (spec 001 §4 'Login-related states tied to purchase', §7 'Account calls used in this flow',
// §8). Runs inside the login dialog's bindphone page; its tabs are the spec's merge-dialog tabs:
// bind, merge-account (choose the account to keep, default phoneUser), merge-check
// (irreversible confirmation), merge-res (success or fail).
import { assign, forwardTo, fromPromise, sendTo, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate'
import { errorMessage } from '../api/api-error'
import { checkPhone, validateBindPhone, type FieldError } from '../validation/login'
import {
  STATUS_MERGE_NEEDED,
  STATUS_MERGE_REFUSED,
  STATUS_OK,
  type AuthAnswer,
  type BindInfo,
  type CaptchaResult,
  type MergeUsers,
} from './auth-types'
import { codeRequest, typedField } from './phone-form'
import { sendCodeMachine } from './send-code.machine'

/** spec 001 §8: merge success text */
export const MERGE_SUCCESS_TEXT = '合并成功，如有疑问，扫码添加官方客服微信号'
/** spec 001 §8: other non-200 merge answers (shown with the customer-service QR and WeChat id) */
export const MERGE_FAILED_TEXT = '合并失败'
/** A failed bind call without a message (the spec names no text). */
export const BIND_FAILED_TEXT = '绑定失败，请稍后重试'

export type BindField = 'countryCode' | 'phone' | 'code'
export type MergeAccount = keyof MergeUsers
export type BindMergeOutcome = 'bound' | 'merged' | 'mergeFailed'

export interface BindMergeContext {
  bindInfo: BindInfo | null
  form: { countryCode: string; phone: string; code: string }
  errors: readonly FieldError<'phone' | 'code'>[]
  /** the server's message under the form */
  message: string | null
  users: MergeUsers | null
  /** the account to keep (spec 001 §4: default phoneUser) */
  selected: MergeAccount
  /** spec 001 §7: merge 417 shows its message in the confirm step */
  confirmMessage: string | null
  outcome: BindMergeOutcome | null
}

export type BindMergeEvent =
  | { type: 'input.change'; field: BindField; value: string }
  | { type: 'code.send' }
  | ({ type: 'captcha.solve' } & CaptchaResult)
  | { type: 'captcha.cancel' }
  | { type: 'form.submit' }
  | { type: 'account.choose'; account: MergeAccount }
  | { type: 'merge.next' }
  | { type: 'merge.back' }
  | { type: 'merge.confirm' }
  | { type: 'merge.finish' }

export interface BindPhoneInput {
  countryCode: string
  phone: string
  verificationCode: string
}
export interface MergeInput {
  selectedAccount: number
  deprecatedAccount: number
}

const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output
const errorOf = (event: unknown) => (event as ErrorActorEvent).error

/** spec 001 §4: bind 200 with phoneUser and loginUser, or 1012 with users in result, means merge needed. */
export function needsMerge(answer: AuthAnswer<MergeUsers | null>): boolean {
  const r = answer.result
  return (answer.statusCode === STATUS_OK || answer.statusCode === STATUS_MERGE_NEEDED) && !!r?.phoneUser && !!r.loginUser
}

/** The merge call's accounts: the chosen one is kept, the other deprecated. */
export function mergeInputOf(users: MergeUsers, selected: MergeAccount): MergeInput {
  const other: MergeAccount = selected === 'phoneUser' ? 'loginUser' : 'phoneUser'
  return { selectedAccount: users[selected].id, deprecatedAccount: users[other].id }
}

export const bindMergeMachine = setup({
  types: {} as {
    context: BindMergeContext
    events: BindMergeEvent
    input: { bindInfo: BindInfo | null; countryCode?: string }
    output: { outcome: BindMergeOutcome }
  },
  actors: {
    codeSender: sendCodeMachine,
    /** POST /api/user/bind/phone/v2 (countryCode, phone, verificationCode) */
    bindPhone: fromPromise<AuthAnswer<MergeUsers | null>, BindPhoneInput>(() => {
      throw new Error('provide bindPhone')
    }),
    /** POST /api/user/merge/v1 (selectedAccount, deprecatedAccount) */
    mergeAccounts: fromPromise<AuthAnswer, MergeInput>(() => {
      throw new Error('provide mergeAccounts')
    }),
  },
  guards: {
    phoneValid: ({ context }) => checkPhone(context.form.countryCode, context.form.phone) === null,
    formValid: ({ context }) => validateBindPhone(context.form).length === 0,
    needsMerge: ({ event }) => needsMerge(output<AuthAnswer<MergeUsers | null>>(event)),
    isOk: ({ event }) => output<AuthAnswer>(event).statusCode === STATUS_OK,
    isRefused: ({ event }) => output<AuthAnswer>(event).statusCode === STATUS_MERGE_REFUSED,
  },
  actions: {
    setField: assign(({ context, event }) => (event.type === 'input.change' ? typedField(context, event) : {})),
    showPhoneError: assign(({ context }) => ({
      errors: [{ field: 'phone' as const, message: checkPhone(context.form.countryCode, context.form.phone) ?? '' }],
    })),
    showFormErrors: assign(({ context }) => ({ errors: validateBindPhone(context.form), message: null })),
    requestCode: sendTo('codeSender', ({ context }) => codeRequest(context.form, 'bind')),
    forwardCaptcha: forwardTo('codeSender'),
    showAnswerMessage: assign(({ event }) => ({ message: output<AuthAnswer>(event).message || BIND_FAILED_TEXT })),
    showError: assign(({ event }) => ({ message: errorMessage(errorOf(event), BIND_FAILED_TEXT) })),
    storeUsers: assign(({ event }) => ({ users: output<AuthAnswer<MergeUsers>>(event).result ?? null, selected: 'phoneUser' as const })),
    chooseAccount: assign(({ event }) => (event.type === 'account.choose' ? { selected: event.account } : {})),
    showRefusal: assign(({ event }) => ({ confirmMessage: output<AuthAnswer>(event).message || MERGE_FAILED_TEXT })),
    clearRefusal: assign({ confirmMessage: null }),
    markBound: assign({ outcome: 'bound' as const }),
    markMerged: assign({ outcome: 'merged' as const }),
    markMergeFailed: assign({ outcome: 'mergeFailed' as const }),
  },
}).createMachine({
  id: 'bindMerge',
  description: 'A new WeChat account binds a phone; when the phone already has an account, the reader chooses which one to keep and the two are merged.',
  context: ({ input }) => ({
    bindInfo: input.bindInfo,
    form: { countryCode: input.countryCode ?? '86', phone: '', code: '' }, // spec 000 §9: default country code 86
    errors: [],
    message: null,
    users: null,
    selected: 'phoneUser',
    confirmMessage: null,
    outcome: null,
  }),
  initial: 'bind',
  output: ({ context }) => ({ outcome: context.outcome ?? 'bound' }),
  states: {
    bind: {
      description: 'Tab bind: the WeChat nick and avatar, and a phone and code form.',
      initial: 'editing',
      invoke: { id: 'codeSender', src: 'codeSender' },
      on: {
        'input.change': { actions: 'setField' },
        'captcha.solve': { actions: 'forwardCaptcha' },
        'captcha.cancel': { actions: 'forwardCaptcha' },
      },
      states: {
        editing: {
          description: 'The reader types a phone number and the code sent to it.',
          on: {
            'code.send': [
              { guard: 'phoneValid', description: 'A valid phone number: the code is sent.', actions: 'requestCode' },
              { actions: 'showPhoneError' },
            ],
            'form.submit': [
              { guard: 'formValid', description: 'Phone and code are filled in correctly: the phone is bound.', target: 'submitting' },
              { actions: 'showFormErrors' },
            ],
          },
        },
        submitting: {
          description: 'Binding the phone.',
          invoke: {
            id: 'bindPhone',
            src: 'bindPhone',
            input: ({ context }) => ({
              countryCode: context.form.countryCode,
              phone: context.form.phone.trim(),
              verificationCode: context.form.code.trim(),
            }),
            onDone: [
              // spec 001 §7: bind 200/1012 with both users → merge
              {
                guard: 'needsMerge',
                description: 'The phone already belongs to another account: the reader chooses which account to keep.',
                target: '#bindMerge.mergeAccount',
                actions: 'storeUsers',
              },
              { guard: 'isOk', description: 'The phone is bound to this WeChat account.', target: '#bindMerge.bound', actions: 'markBound' },
              { target: 'editing', actions: 'showAnswerMessage' },
            ],
            onError: { target: 'editing', actions: 'showError' },
          },
        },
      },
    },
    mergeAccount: {
      description: 'Tab merge-account: the phone already has an account; choose the one to keep (default phoneUser).',
      on: {
        'account.choose': { actions: 'chooseAccount' },
        'merge.next': 'mergeCheck',
      },
    },
    mergeCheck: {
      description: 'Tab merge-check: the merge cannot be undone; confirm it.',
      initial: 'confirming',
      states: {
        confirming: {
          description: 'The reader is told the merge cannot be undone and confirms it or goes back.',
          on: {
            'merge.confirm': { target: 'merging', actions: 'clearRefusal' },
            'merge.back': { target: '#bindMerge.mergeAccount', actions: 'clearRefusal' },
          },
        },
        merging: {
          description: 'Merging the accounts.',
          invoke: {
            id: 'mergeAccounts',
            src: 'mergeAccounts',
            input: ({ context }) => (context.users ? mergeInputOf(context.users, context.selected) : { selectedAccount: 0, deprecatedAccount: 0 }),
            onDone: [
              { guard: 'isOk', description: 'The accounts are merged.', target: '#bindMerge.mergeRes.success', actions: 'markMerged' },
              // spec 001 §7: merge 417 → message in the confirm step
              { guard: 'isRefused', description: "The server refused this merge: its reason is shown and the reader may choose again.", target: 'confirming', actions: 'showRefusal' },
              { target: '#bindMerge.mergeRes.failed', actions: 'markMergeFailed' },
            ],
            onError: { target: '#bindMerge.mergeRes.failed', actions: 'markMergeFailed' },
          },
        },
      },
    },
    mergeRes: {
      description: 'Tab merge-res: the result of the merge.',
      initial: 'success', // always entered through an explicit child
      on: { 'merge.finish': 'done' },
      states: {
        success: { description: `Shows ${MERGE_SUCCESS_TEXT}` },
        failed: { description: `Shows ${MERGE_FAILED_TEXT} with the customer-service QR code and WeChat id.` },
      },
    },
    bound: { type: 'final', description: 'The phone is bound (no merge needed).' },
    done: { type: 'final', description: 'The merge result was acknowledged.' },
  },
})
