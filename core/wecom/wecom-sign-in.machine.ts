// Signing in with enterprise WeChat (WeCom) on the WeCom pages (spec 000 §7 /api/wxwork/sso and
// /oauth2; spec 001 /wecom/mine). 企业微信登录 asks the server where WeCom's page is — the SSO QR page
// in a browser, the OAuth2 authorisation inside WeCom's own app (wecomLoginKind) — and the browser
// goes there. WeCom sends it back through the server's callback to the page with ?wwcode=; the page
// starts this machine with that code, which is spent once (POST /api/wxwork/session): a guest is signed
// in, a signed-in reader has the member bound to their account. Then the session is checked again and
// the page shows the address book.
import { assign, fromPromise, setup } from 'xstate'
import type { WecomMember } from '../api/wecom'
import { errorMessage } from '../toggle/toggle.machine'

export type WecomSignInAction = 'signedIn' | 'registered' | 'bound'

export interface WecomSignInContext {
  readonly code: string | null
  readonly kind: 'sso' | 'oauth2'
  /** the server's message when a step failed */
  readonly error: string | null
  readonly done: { action: WecomSignInAction; member: WecomMember } | null
}

export type WecomSignInEvent = { type: 'signIn.start' }

export const wecomSignInMachine = setup({
  types: {} as { context: WecomSignInContext; events: WecomSignInEvent; input: { code: string | null; kind: 'sso' | 'oauth2' } },
  actors: {
    // GET /api/wxwork/sso or /api/wxwork/oauth2 → where WeCom's page is
    startSignIn: fromPromise<{ url: string }, { kind: 'sso' | 'oauth2' }>(() => {
      throw new Error('provide startSignIn')
    }),
    // POST /api/wxwork/session { code }
    spendCode: fromPromise<{ action: WecomSignInAction; member: WecomMember }, { code: string }>(() => {
      throw new Error('provide spendCode')
    }),
  },
  guards: {
    hasCode: ({ context }) => context.code !== null,
  },
  actions: {
    /** the browser leaves for WeCom's page */
    goTo: (_, _params: { url: string }) => {
      throw new Error('provide goTo')
    },
    /** the session is checked again and the page drops ?wwcode */
    signedIn: () => {
      throw new Error('provide signedIn')
    },
    storeDone: assign((_, params: { done: { action: WecomSignInAction; member: WecomMember } }) => ({ done: params.done, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
  },
}).createMachine({
  id: 'wecomSignIn',
  description: 'Signing in with enterprise WeChat on the WeCom pages: to WeCom’s page and back with a code that is spent once.',
  context: ({ input }) => ({ code: input.code, kind: input.kind, error: null, done: null }),
  initial: 'arriving',
  states: {
    arriving: {
      description: 'The page has just loaded: did WeCom send the reader back with a code?',
      always: [
        { guard: 'hasCode', target: 'spendingCode', description: 'WeCom sent the reader back with a code: it is spent at once.' },
        { target: 'idle', description: 'No code: the page waits for 企业微信登录.' },
      ],
    },
    idle: {
      description: 'The 企业微信登录 button is shown.',
      on: { 'signIn.start': { target: 'starting', description: 'The reader presses 企业微信登录.' } },
    },
    starting: {
      description: 'Asking the server where WeCom’s login page is (a QR page in a browser, the in-app authorisation inside WeCom).',
      invoke: {
        id: 'startSignIn',
        src: 'startSignIn',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'leaving', actions: { type: 'goTo', params: ({ event }) => ({ url: event.output.url }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    leaving: {
      type: 'final',
      description: 'The browser goes to WeCom’s page; WeCom sends it back here with a code.',
    },
    spendingCode: {
      description: 'The code is spent: a guest is signed in (a new member gets an account), a signed-in reader has the member bound.',
      invoke: {
        id: 'spendCode',
        src: 'spendCode',
        input: ({ context }) => ({ code: context.code ?? '' }),
        onDone: { target: 'signedIn', actions: { type: 'storeDone', params: ({ event }) => ({ done: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in (or bound): the session is checked again and the address book shows.',
      entry: 'signedIn',
    },
    failed: {
      description: 'A step failed; the server’s message is shown with 企业微信登录 to try again.',
      on: { 'signIn.start': { target: 'starting', description: 'The reader tries again.' } },
    },
  },
})
