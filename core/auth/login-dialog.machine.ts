// The login dialog (spec 000 §2 'Login dialog pages', §4 'Login dialog', §5 'Login', §8;
// spec 001 §7 'Account calls used in this flow').
// Pages: base (tabs phone code, password, forget), pageSuccess (forget, bind), weixin (QR: the child
// `wechatQr`, wechat-qr.machine.ts),
// bindphone. The send-code button is the child `codeSender` (send-code.machine.ts); the
// bindphone page is the child `bindMerge` (bind-merge.machine.ts): the view sends that page's
// events to `snapshot.children.bindMerge`.
import { assign, forwardTo, fromPromise, sendTo, setup, type DoneActorEvent } from 'xstate'
import { errorMessage } from '../api/api-error'
import {
  checkPhone,
  LOGIN_MESSAGES,
  validatePasswordLogin,
  validatePhoneCodeLogin,
  validatePhoneReset,
  validateWechatLogin,
  type FieldError,
} from '../validation/login'
import { STATUS_OK, type AuthAnswer, type BindInfo, type CaptchaResult, type SignIn } from './auth-types'
import { bindMergeMachine, type BindMergeOutcome } from './bind-merge.machine'
import { codeRequest, typedField } from './phone-form'
import { sendCodeMachine } from './send-code.machine'
import { wechatQrMachine } from './wechat-qr.machine'

/** A failed login call without a message (the spec names no text). */
export const LOGIN_FAILED_TEXT = '登录失败，请稍后重试'

export type LoginTab = 'phoneCode' | 'password' | 'forget'
export type LoginField = 'countryCode' | 'phone' | 'code' | 'account' | 'password' | 'passwordConfirm'
export type LoginErrorField = 'phone' | 'code' | 'account' | 'password' | 'passwordConfirm' | 'agreement'

export interface LoginForm {
  countryCode: string
  phone: string
  code: string
  account: string
  password: string
  passwordConfirm: string
}

export interface LoginDialogContext {
  form: LoginForm
  /** the user-agreement tick */
  agreed: boolean
  /** messages under the fields; field 'agreement' is the tooltip asking for the tick */
  errors: readonly FieldError<LoginErrorField>[]
  /** the server's message under the form */
  message: string | null
  /** WeChat nick and avatar for the bindphone page */
  bindInfo: BindInfo | null
}

export type LoginDialogEvent =
  | { type: 'dialog.open'; tab?: LoginTab; page?: 'base' | 'bindphone'; bindInfo?: BindInfo }
  | { type: 'dialog.close' }
  | { type: 'tab.choose'; tab: LoginTab }
  | { type: 'input.change'; field: LoginField; value: string }
  | { type: 'agreement.toggle' }
  | { type: 'code.send' }
  | ({ type: 'captcha.solve' } & CaptchaResult)
  | { type: 'captcha.cancel' }
  | { type: 'form.submit' }
  | { type: 'weixin.open' }
  | { type: 'weixin.back' }
  /** the OK button of a success page */
  | { type: 'success.confirm' }

/** POST /api/v2/user/session/v2 (fast login: phone, phoneCode, countryCode) */
export interface CodeLoginInput {
  phone: string
  phoneCode: string
  countryCode: string
}
/** POST /api/user/login/v2 (account, password) */
export interface PasswordLoginInput {
  account: string
  password: string
}
/** Password reset by phone (phone, phoneCode, password, passwordConfirm, countryCode) */
export interface ResetInput extends CodeLoginInput {
  password: string
  passwordConfirm: string
}

const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output
const signInOf = (event: unknown): SignIn | null => output<AuthAnswer<SignIn>>(event).result ?? null

/** A login answered 200, by code or by password: keep the login info and load what the session holds. */
const SIGNED_IN = {
  guard: 'isOk',
  description: 'The server signed the reader in: the dialog closes and the session keeps the login info.',
  target: '#loginDialog.signedIn',
  actions: [{ type: 'storeSignIn', params: ({ event }: { event: unknown }) => ({ signIn: signInOf(event) }) }, 'fetchMembership', 'fetchFollows', 'fetchStockFollows'],
} as const

const codeLoginForm = (c: LoginDialogContext) => ({ countryCode: c.form.countryCode, phone: c.form.phone, code: c.form.code, agreed: c.agreed })
const passwordLoginForm = (c: LoginDialogContext) => ({ account: c.form.account, password: c.form.password, agreed: c.agreed })
const resetForm = (c: LoginDialogContext) => ({
  countryCode: c.form.countryCode,
  phone: c.form.phone,
  code: c.form.code,
  password: c.form.password,
  passwordConfirm: c.form.passwordConfirm,
})

export const loginDialogMachine = setup({
  types: {} as { context: LoginDialogContext; events: LoginDialogEvent },
  actors: {
    codeSender: sendCodeMachine,
    bindMerge: bindMergeMachine,
    wechatQr: wechatQrMachine,
    loginByCode: fromPromise<AuthAnswer<SignIn>, CodeLoginInput>(() => {
      throw new Error('provide loginByCode')
    }),
    loginByPassword: fromPromise<AuthAnswer<SignIn>, PasswordLoginInput>(() => {
      throw new Error('provide loginByPassword')
    }),
    resetPassword: fromPromise<AuthAnswer, ResetInput>(() => {
      throw new Error('provide resetPassword')
    }),
  },
  guards: {
    opensBindPhone: ({ event }) => event.type === 'dialog.open' && event.page === 'bindphone',
    opensPassword: ({ event }) => event.type === 'dialog.open' && event.tab === 'password',
    opensForget: ({ event }) => event.type === 'dialog.open' && event.tab === 'forget',
    choosesPhoneCode: ({ event }) => event.type === 'tab.choose' && event.tab === 'phoneCode',
    choosesPassword: ({ event }) => event.type === 'tab.choose' && event.tab === 'password',
    choosesForget: ({ event }) => event.type === 'tab.choose' && event.tab === 'forget',
    phoneValid: ({ context }) => checkPhone(context.form.countryCode, context.form.phone) === null,
    codeLoginValid: ({ context }) => validatePhoneCodeLogin(codeLoginForm(context)).length === 0,
    passwordLoginValid: ({ context }) => validatePasswordLogin(passwordLoginForm(context)).length === 0,
    resetValid: ({ context }) => validatePhoneReset(resetForm(context)).length === 0,
    // spec 000 §5: the agreement must be ticked for WeChat login
    agreed: ({ context }) => validateWechatLogin({ agreed: context.agreed }).length === 0,
    isOk: ({ event }) => output<AuthAnswer>(event).statusCode === STATUS_OK,
    // spec 000 §4: accept the agreement after login if the account has not accepted it yet
    needsAgreement: ({ event }) => signInOf(event)?.agreeUserAgreement !== true,
    isBound: ({ event }) => output<{ outcome: BindMergeOutcome }>(event).outcome === 'bound',
  },
  actions: {
    // spec 000 §4: opening locks page scroll; closing restores it and removes the wxcode parameter
    lockScroll: () => {
      throw new Error('provide lockScroll')
    },
    restoreScroll: () => {
      throw new Error('provide restoreScroll')
    },
    removeWxcode: () => {
      throw new Error('provide removeWxcode')
    },
    // spec 000 §4: after login success store the sign-in and membership, fetch follows and stock follows
    storeSignIn: (_, _params: { signIn: SignIn | null }) => {
      throw new Error('provide storeSignIn')
    },
    fetchMembership: () => {
      throw new Error('provide fetchMembership')
    },
    fetchFollows: () => {
      throw new Error('provide fetchFollows')
    },
    fetchStockFollows: () => {
      throw new Error('provide fetchStockFollows')
    },
    /** PUT /api/user/agreement/v1 (no payload; errors ignored: spec 001 §7) */
    acceptAgreement: () => {
      throw new Error('provide acceptAgreement')
    },
    clearErrors: assign({ errors: [], message: null }),
    storeBindInfo: assign({
      bindInfo: ({ context, event }) => (event.type === 'dialog.open' ? (event.bindInfo ?? null) : context.bindInfo),
    }),
    setField: assign(({ context, event }) => (event.type === 'input.change' ? typedField(context, event) : {})),
    toggleAgreement: assign(({ context }) => ({
      agreed: !context.agreed,
      errors: context.errors.filter((e) => e.field !== 'agreement'),
    })),
    showPhoneError: assign(({ context }) => ({
      errors: [{ field: 'phone' as const, message: checkPhone(context.form.countryCode, context.form.phone) ?? LOGIN_MESSAGES.phoneRequired }],
      message: null,
    })),
    showCodeLoginErrors: assign(({ context }) => ({ errors: validatePhoneCodeLogin(codeLoginForm(context)), message: null })),
    showPasswordLoginErrors: assign(({ context }) => ({ errors: validatePasswordLogin(passwordLoginForm(context)), message: null })),
    showResetErrors: assign(({ context }) => ({ errors: validatePhoneReset(resetForm(context)), message: null })),
    askForAgreement: assign({ errors: [{ field: 'agreement' as const, message: LOGIN_MESSAGES.agreementRequired }] }),
    showAnswerMessage: assign(({ event }) => ({ message: output<AuthAnswer>(event).message || LOGIN_FAILED_TEXT })),
    showError: assign((_, params: { error: unknown }) => ({ message: errorMessage(params.error, LOGIN_FAILED_TEXT) })),
    requestLoginCode: sendTo('codeSender', ({ context }) => codeRequest(context.form, 'login')),
    requestResetCode: sendTo('codeSender', ({ context }) => codeRequest(context.form, 'reset')),
    forwardCaptcha: forwardTo('codeSender'),
  },
}).createMachine({
  id: 'loginDialog',
  description: 'The login dialog: the reader signs in with a phone code, a password or WeChat, resets a forgotten password, or binds a phone to a new WeChat account.',
  context: {
    // spec 000 §9: default country code 86
    form: { countryCode: '86', phone: '', code: '', account: '', password: '', passwordConfirm: '' },
    agreed: false,
    errors: [],
    message: null,
    bindInfo: null,
  },
  initial: 'closed',
  states: {
    closed: {
      description: 'The dialog is not shown.',
      on: {
        'dialog.open': [
          {
            guard: 'opensBindPhone',
            description: 'Opened after a WeChat sign-in that needs a phone: the phone-binding page.',
            target: 'open.bindphone',
            actions: ['clearErrors', 'storeBindInfo'],
          },
          { guard: 'opensPassword', description: 'Opened on the password tab.', target: 'open.base.password', actions: 'clearErrors' },
          { guard: 'opensForget', description: 'Opened on the forgotten-password tab.', target: 'open.base.forget', actions: 'clearErrors' },
          { target: 'open.base', actions: 'clearErrors' },
        ],
      },
    },
    signedIn: {
      description: 'Login succeeded: the dialog has closed; the agreement is accepted if the account has not yet.',
      // spec 000 §4: after login: store, fetch follows, close the dialog, accept the agreement if needed
      always: [
        { guard: 'needsAgreement', description: 'The account had not accepted the user agreement: it is accepted now.', target: 'closed', actions: 'acceptAgreement' },
        { target: 'closed' },
      ],
    },
    open: {
      description: 'The dialog is shown and the page behind does not scroll.',
      entry: 'lockScroll',
      exit: ['restoreScroll', 'removeWxcode'],
      invoke: { id: 'codeSender', src: 'codeSender' },
      initial: 'base',
      on: {
        'dialog.close': 'closed',
        'input.change': { actions: 'setField' },
        'agreement.toggle': { actions: 'toggleAgreement' },
        'captcha.solve': { actions: 'forwardCaptcha' },
        'captcha.cancel': { actions: 'forwardCaptcha' },
      },
      states: {
        base: {
          description: 'Tabs: phone code, password, forget.',
          initial: 'phoneCode',
          on: {
            'tab.choose': [
              { guard: 'choosesPhoneCode', description: 'The reader picks the phone-code tab.', target: '.phoneCode', actions: 'clearErrors' },
              { guard: 'choosesPassword', description: 'The reader picks the password tab.', target: '.password', actions: 'clearErrors' },
              { guard: 'choosesForget', description: 'The reader picks the forgotten-password tab.', target: '.forget', actions: 'clearErrors' },
            ],
            'weixin.open': [
              { guard: 'agreed', description: 'The user agreement is ticked: the WeChat code is shown.', target: 'weixin', actions: 'clearErrors' },
              { actions: 'askForAgreement' },
            ],
          },
          states: {
            phoneCode: {
              description: 'Phone and code login (registers a new phone).',
              initial: 'editing',
              states: {
                editing: {
                  description: 'The reader types a phone number and the code sent to it.',
                  on: {
                    'code.send': [
                      { guard: 'phoneValid', description: 'A valid phone number: the code is sent to it.', actions: 'requestLoginCode' },
                      { actions: 'showPhoneError' },
                    ],
                    'form.submit': [
                      { guard: 'codeLoginValid', description: 'Phone, code and the agreement tick are all there: the login is sent.', target: 'submitting' },
                      { actions: 'showCodeLoginErrors' },
                    ],
                  },
                },
                submitting: {
                  description: 'Signing in with the phone code; a refusal shows the server\'s message.',
                  invoke: {
                    id: 'loginByCode',
                    src: 'loginByCode',
                    input: ({ context }) => ({
                      phone: context.form.phone.trim(),
                      phoneCode: context.form.code.trim(),
                      countryCode: context.form.countryCode,
                    }),
                    onDone: [SIGNED_IN, { target: 'editing', actions: 'showAnswerMessage' }],
                    onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
              },
            },
            password: {
              description: 'Account and password login.',
              initial: 'editing',
              states: {
                editing: {
                  description: 'The reader types an account and a password.',
                  on: {
                    'form.submit': [
                      { guard: 'passwordLoginValid', description: 'Account, password and the agreement tick are all there: the login is sent.', target: 'submitting' },
                      { actions: 'showPasswordLoginErrors' },
                    ],
                  },
                },
                submitting: {
                  description: 'Signing in with the password; a refusal shows the server\'s message.',
                  invoke: {
                    id: 'loginByPassword',
                    src: 'loginByPassword',
                    input: ({ context }) => ({ account: context.form.account.trim(), password: context.form.password }),
                    onDone: [SIGNED_IN, { target: 'editing', actions: 'showAnswerMessage' }],
                    onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
              },
            },
            forget: {
              description: 'Password reset by phone; no agreement tick needed (spec 000 §5).',
              initial: 'editing',
              states: {
                editing: {
                  description: 'The reader types the phone, its code and the new password twice.',
                  on: {
                    'code.send': [
                      { guard: 'phoneValid', description: 'A valid phone number: the code is sent to it.', actions: 'requestResetCode' },
                      { actions: 'showPhoneError' },
                    ],
                    'form.submit': [
                      { guard: 'resetValid', description: 'Everything is filled in and the two passwords match: the reset is sent.', target: 'submitting' },
                      { actions: 'showResetErrors' },
                    ],
                  },
                },
                submitting: {
                  description: 'Resetting the password; a refusal shows the server\'s message.',
                  invoke: {
                    id: 'resetPassword',
                    src: 'resetPassword',
                    input: ({ context }) => ({
                      phone: context.form.phone.trim(),
                      phoneCode: context.form.code.trim(),
                      password: context.form.password,
                      passwordConfirm: context.form.passwordConfirm,
                      countryCode: context.form.countryCode,
                    }),
                    onDone: [
                      { guard: 'isOk', description: 'The password was changed: the success notice.', target: '#loginDialog.open.pageSuccess.forget' },
                      { target: 'editing', actions: 'showAnswerMessage' },
                    ],
                    onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
              },
            },
          },
        },
        pageSuccess: {
          description: 'A success notice with an OK button.',
          initial: 'forget',
          states: {
            forget: {
              description: 'The password was reset; OK goes to the password tab.',
              on: { 'success.confirm': '#loginDialog.open.base.password' },
            },
            bind: {
              description: 'The phone was bound; OK closes the dialog.',
              on: { 'success.confirm': '#loginDialog.closed' },
            },
          },
        },
        weixin: {
          description: 'The WeChat QR code; scanning returns to the site with wxcode (wechat-return.machine.ts).',
          // the code, its expiry and the asking: the child wechatQr (wechat-qr.machine.ts)
          invoke: { id: 'wechatQr', src: 'wechatQr' },
          on: { 'weixin.back': 'base' },
        },
        bindphone: {
          description: 'Binding a phone to the WeChat account, and merging accounts if needed.',
          invoke: {
            id: 'bindMerge',
            src: 'bindMerge',
            input: ({ context }) => ({ bindInfo: context.bindInfo, countryCode: context.form.countryCode }),
            onDone: [
              { guard: 'isBound', description: 'The phone was bound without a merge: the success notice.', target: 'pageSuccess.bind' },
              { target: '#loginDialog.closed' },
            ],
          },
        },
      },
    },
  },
})
