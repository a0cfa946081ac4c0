// The return from the WeChat QR login (spec 000 §4 'WeChat return flow'): the page loads with a
// wxcode query parameter. Logged in → log out. Otherwise exchange the code
// (GET /api/we-chat/session/v2: timestamp, code, sign), accept the user agreement automatically
// if not yet accepted, then either open the login dialog's phone-binding page or reload the
// same URL without wxcode.
import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate'
import { errorMessage } from '../api/api-error'
import { STATUS_OK, type AuthAnswer, type BindInfo, type WechatSession } from './auth-types'

/** A failed exchange without a message (the spec names no text). */
export const WECHAT_LOGIN_FAILED_TEXT = '微信登录失败，请重试'

export type WechatReturnOutcome = 'noCode' | 'loggedOut' | 'bindPhone' | 'reloaded' | 'failed'

export interface WechatReturnContext {
  wxcode: string | null
  isLoggedIn: boolean
  session: WechatSession | null
  message: string | null
  outcome: WechatReturnOutcome | null
}

export interface WechatReturnInput {
  /** the wxcode query parameter, null when absent */
  wxcode: string | null
  isLoggedIn: boolean
}

const output = <T>(event: unknown) => (event as DoneActorEvent<T>).output

export const wechatReturnMachine = setup({
  types: {} as {
    context: WechatReturnContext
    input: WechatReturnInput
    output: { outcome: WechatReturnOutcome; message: string | null }
  },
  actors: {
    /** GET /api/user/logout */
    logout: fromPromise<void, void>(() => {
      throw new Error('provide logout')
    }),
    /** GET /api/we-chat/session/v2 (timestamp, code, sign) */
    exchangeCode: fromPromise<AuthAnswer<WechatSession>, { code: string }>(() => {
      throw new Error('provide exchangeCode')
    }),
    /** PUT /api/user/agreement/v1 (no payload; errors ignored: spec 001 §7) */
    acceptAgreement: fromPromise<void, void>(() => {
      throw new Error('provide acceptAgreement')
    }),
  },
  guards: {
    hasNoCode: ({ context }) => !context.wxcode,
    isLoggedIn: ({ context }) => context.isLoggedIn,
    isOk: ({ event }) => {
      const answer = output<AuthAnswer<WechatSession>>(event)
      return answer.statusCode === STATUS_OK && !!answer.result
    },
    needsAgreement: ({ context }) => context.session?.agreeUserAgreement !== true,
    needsBindPhone: ({ context }) => context.session?.needBindPhone === true,
  },
  actions: {
    storeSession: assign({ session: ({ event }) => output<AuthAnswer<WechatSession>>(event).result ?? null }),
    showAnswerMessage: assign({
      message: ({ event }) => output<AuthAnswer>(event).message || WECHAT_LOGIN_FAILED_TEXT,
    }),
    showError: assign({
      message: (_, params: { error: unknown }) => errorMessage(params.error, WECHAT_LOGIN_FAILED_TEXT),
    }),
    ignoreError: () => {},
    setOutcome: assign((_, params: { outcome: WechatReturnOutcome }) => ({ outcome: params.outcome })),
    /** opens the login dialog on its bindphone page with the WeChat nick and avatar */
    openBindPhone: (_, _params: { bindInfo: BindInfo }) => {
      throw new Error('provide openBindPhone')
    },
    /** reloads the same URL without the wxcode parameter */
    reloadWithoutWxcode: () => {
      throw new Error('provide reloadWithoutWxcode')
    },
  },
}).createMachine({
  id: 'wechatReturn',
  description: 'A page WeChat sent back with a login code: the code is exchanged for a sign-in; a new WeChat account binds a phone, the others see the page again signed in.',
  context: ({ input }) => ({ wxcode: input.wxcode, isLoggedIn: input.isLoggedIn, session: null, message: null, outcome: null }),
  initial: 'checking',
  output: ({ context }) => ({ outcome: context.outcome ?? 'noCode', message: context.message }),
  states: {
    checking: {
      description: 'Reads the wxcode parameter and the login state.',
      always: [
        { guard: 'hasNoCode', description: 'The page came without a WeChat code: nothing to do.', target: 'noCode' },
        { guard: 'isLoggedIn', description: 'Someone is already signed in: they are logged out first (spec 000 §4).', target: 'loggingOut' },
        { target: 'exchanging' },
      ],
    },
    noCode: {
      type: 'final',
      description: 'No wxcode: nothing to do.',
      entry: { type: 'setOutcome', params: { outcome: 'noCode' } },
    },
    loggingOut: {
      description: 'wxcode while logged in: log out.',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'loggedOut',
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loggedOut: { type: 'final', description: 'Logged out.', entry: { type: 'setOutcome', params: { outcome: 'loggedOut' } } },
    exchanging: {
      description: 'Exchanging the WeChat code for a session.',
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.wxcode ?? '' }),
        onDone: [
          { guard: 'isOk', description: 'WeChat vouched for the reader: they are signed in.', target: 'agreeing', actions: 'storeSession' },
          { target: 'failed', actions: 'showAnswerMessage' },
        ],
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    agreeing: {
      description: 'Has this account accepted the user agreement yet?',
      always: [{ guard: 'needsAgreement', description: 'Not yet: it is accepted for them now.', target: 'accepting' }, { target: 'routing' }],
    },
    accepting: {
      description: 'Accepting the user agreement automatically (errors ignored).',
      invoke: {
        id: 'acceptAgreement',
        src: 'acceptAgreement',
        onDone: 'routing',
        onError: { target: 'routing', actions: 'ignoreError' },
      },
    },
    routing: {
      description: 'Does this WeChat account still need a phone number?',
      always: [{ guard: 'needsBindPhone', description: 'Yes: the login dialog asks for one.', target: 'bindingPhone' }, { target: 'reloading' }],
    },
    bindingPhone: {
      type: 'final',
      description: 'The login dialog opens on its phone-binding page.',
      entry: [
        { type: 'setOutcome', params: { outcome: 'bindPhone' } },
        {
          type: 'openBindPhone',
          params: ({ context }) => ({ bindInfo: { nick: context.session?.nick ?? '', avatar: context.session?.avatar ?? '' } }),
        },
      ],
    },
    reloading: {
      type: 'final',
      description: 'The same URL reloads without wxcode.',
      entry: [{ type: 'setOutcome', params: { outcome: 'reloaded' } }, 'reloadWithoutWxcode'],
    },
    failed: {
      type: 'final',
      description: 'The exchange or logout failed; the message is shown.',
      entry: { type: 'setOutcome', params: { outcome: 'failed' } },
    },
  },
})
