// The reader's session, the app state every feature reads (design.md 'App state and the API
// layer'): guest, checking (a hinted session's login info on its way), signed in. Its context holds
// the login info (kyc, membership, coin balance come with it, spec 000 §3 'Login info'), the follow
// sets (users, subjects) and the stock follows, and the login dialog the app was asked to show.
// What a flow learns about the reader (attestation passed, a top-up) comes back as an event
// (kyc.changed, coin.changed): views never spread a new login info together themselves.
// Started once at the app root (ui/main.tsx); the HTTP calls are actors provided by
// ui/accounts/api.ts. Views read it with useSelector and send its events.
import { assign, fromPromise, setup } from 'xstate'
import type { LoginInfo } from '../api/accounts'

/** spec 000 §3 'Login info' kyc: real-name certification and the questionnaire's svipInvestor. */
export type Kyc = LoginInfo['kyc']
import type { BindInfo } from '../auth/auth-types'

/** What the login dialog is opened with (spec 000 §2 'Login dialog pages'). */
export interface LoginRequest {
  readonly tab?: 'phoneCode' | 'password' | 'forget'
  readonly page?: 'base' | 'bindphone'
  readonly bindInfo?: BindInfo
}

/** The follow sets a toggle keeps in sync: users (friendships), subjects, stocks ('HK00700'). */
export type FollowSet = 'users' | 'subjects' | 'stocks'

export interface SessionContext {
  readonly info: LoginInfo | null
  readonly userIds: readonly number[]
  readonly subjectIds: readonly number[]
  readonly stockIds: readonly string[]
  /** the login dialog the app was asked to show; null when closed */
  readonly login: LoginRequest | null
}

export type SessionEvent =
  | { type: 'login.open'; request?: LoginRequest }
  | { type: 'login.close' }
  /** a login (code, password, WeChat) answered with the login info */
  | { type: 'login.done'; info: LoginInfo }
  /** read the login info again (after binding a phone, or a WeChat return) */
  | { type: 'session.check' }
  | { type: 'session.logout' }
  /** a call answered 401: the server no longer knows the session */
  | { type: 'session.expired' }
  /** the profile was edited: the new login info */
  | { type: 'info.update'; info: LoginInfo }
  /** a flow learned the reader's kyc (attestation passed, questionnaire done: spec 001 §4) */
  | { type: 'kyc.changed'; kyc: Partial<Kyc> }
  /** a top-up credited the reader's 格隆贝 (spec 001 §3 account.coin): the new balance */
  | { type: 'coin.changed'; coin: number }
  | { type: 'follow.change'; set: 'users' | 'subjects'; id: number; on: boolean }
  | { type: 'follow.change'; set: 'stocks'; id: string; on: boolean }

const EMPTY: Pick<SessionContext, 'info' | 'userIds' | 'subjectIds' | 'stockIds'> = { info: null, userIds: [], subjectIds: [], stockIds: [] }

/** Adds or removes one id, keeping the order of the others; no duplicates. */
export function withMember<T>(list: readonly T[], id: T, on: boolean): readonly T[] {
  const without = list.filter((x) => x !== id)
  return on ? [...without, id] : without
}

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    // GET /api/v2/user: the login info of the session the cookie names
    loadLoginInfo: fromPromise<LoginInfo>(() => {
      throw new Error('provide loadLoginInfo')
    }),
    // spec 000 §4 and §7: GET /api/friendships/followings/v2, page size 500
    loadFollows: fromPromise<readonly number[]>(() => {
      throw new Error('provide loadFollows')
    }),
    // spec 000 §4 'the follow, focus and stock lists': GET /api/subjects/-1/followed (the focus list)
    loadSubjectFollows: fromPromise<readonly number[]>(() => {
      throw new Error('provide loadSubjectFollows')
    }),
    // spec 000 §4: GET /api/userstock/v2
    loadStockFollows: fromPromise<readonly string[]>(() => {
      throw new Error('provide loadStockFollows')
    }),
    // GET /api/user/logout
    logout: fromPromise<unknown>(() => {
      throw new Error('provide logout')
    }),
  },
  delays: {
    // after first paint: the header shows the sign-in link until the answer comes
    firstPaint: 0,
  },
  actions: {
    openLogin: assign({ login: ({ event }) => (event.type === 'login.open' ? (event.request ?? {}) : null) }),
    closeLogin: assign({ login: null }),
    storeInfo: assign({ info: (_, params: { info: LoginInfo }) => params.info }),
    storeFollows: assign({ userIds: (_, params: { ids: readonly number[] }) => params.ids }),
    storeSubjectFollows: assign({ subjectIds: (_, params: { ids: readonly number[] }) => params.ids }),
    storeStockFollows: assign({ stockIds: (_, params: { ids: readonly string[] }) => params.ids }),
    changeKyc: assign({
      info: ({ context }, params: { kyc: Partial<Kyc> }) => (context.info ? { ...context.info, kyc: { ...context.info.kyc, ...params.kyc } } : null),
    }),
    changeCoin: assign({
      info: ({ context }, params: { coin: number }) => (context.info ? { ...context.info, account: { ...context.info.account, coin: params.coin } } : null),
    }),
    // spec 000 §4: a list that fails to load stays as it was
    keepList: () => undefined,
    // spec 000 §4: logout clears the login data and the follow, focus and stock lists
    clearSession: assign(EMPTY),
    changeFollow: assign(({ context, event }) => {
      if (event.type !== 'follow.change') return {}
      if (event.set === 'stocks') return { stockIds: withMember(context.stockIds, event.id, event.on) }
      if (event.set === 'users') return { userIds: withMember(context.userIds, event.id, event.on) }
      return { subjectIds: withMember(context.subjectIds, event.id, event.on) }
    }),
  },
}).createMachine({
  id: 'session',
  description: 'Who is reading: a guest, a reader whose sign-in is being checked, or a signed-in reader with their login info, the people, subjects and stocks they follow; logging out clears it all.',
  context: { ...EMPTY, login: null },
  // A page whose `gmh_login` hint cookie says there is a session sends session.check before its
  // first render, so guards wait in `checking` rather than bounce a signed-in reader.
  initial: 'guest',
  on: {
    'login.open': { actions: 'openLogin' },
    'login.close': { actions: 'closeLogin' },
    'login.done': { target: '.signedIn', reenter: true, actions: { type: 'storeInfo', params: ({ event }) => ({ info: event.info }) } },
    'session.check': '.checking',
    // from any state: a WeChat return may end a session the page never read (spec 000 §4)
    'session.logout': '.loggingOut',
  },
  states: {
    guest: { description: 'Nobody is signed in: the header shows the sign-in link.' },
    checking: {
      description: 'The page says there may be a sign-in: it is checked with the server before pages that need one decide.',
      initial: 'waiting',
      states: {
        waiting: { description: 'The page draws first; the check starts right after.', after: { firstPaint: 'loading' } },
        loading: {
          description: "Asking the server for the reader's login info; no answer means nobody is signed in.",
          invoke: {
            id: 'loadLoginInfo',
            src: 'loadLoginInfo',
            onDone: { target: '#session.signedIn', actions: { type: 'storeInfo', params: ({ event }) => ({ info: event.output }) } },
            onError: { target: '#session.guest', actions: 'clearSession' },
          },
        },
      },
    },
    signedIn: {
      description: 'Signed in: the follow, focus and stock lists load; the profile, kyc, balance and follows change as the reader acts; a call the server refuses as not signed in ends it.',
      invoke: [
        {
          id: 'loadFollows',
          src: 'loadFollows',
          onDone: { actions: { type: 'storeFollows', params: ({ event }) => ({ ids: event.output }) } },
          onError: { actions: 'keepList' },
        },
        {
          id: 'loadSubjectFollows',
          src: 'loadSubjectFollows',
          onDone: { actions: { type: 'storeSubjectFollows', params: ({ event }) => ({ ids: event.output }) } },
          onError: { actions: 'keepList' },
        },
        {
          id: 'loadStockFollows',
          src: 'loadStockFollows',
          onDone: { actions: { type: 'storeStockFollows', params: ({ event }) => ({ ids: event.output }) } },
          onError: { actions: 'keepList' },
        },
      ],
      on: {
        'info.update': { actions: { type: 'storeInfo', params: ({ event }) => ({ info: event.info }) } },
        'kyc.changed': { actions: { type: 'changeKyc', params: ({ event }) => ({ kyc: event.kyc }) } },
        'coin.changed': { actions: { type: 'changeCoin', params: ({ event }) => ({ coin: event.coin }) } },
        'follow.change': { actions: 'changeFollow' },
        'session.expired': { target: 'guest', actions: 'clearSession' },
      },
    },
    loggingOut: {
      description: 'Logging out: whatever the server answers, the login data and every list are cleared.',
      invoke: {
        id: 'logout',
        src: 'logout',
        // cleared whether or not the server answered: the reader asked to leave
        onDone: { target: 'guest', actions: 'clearSession' },
        onError: { target: 'guest', actions: 'clearSession' },
      },
    },
  },
})
