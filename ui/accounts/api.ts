// The accounts feature's API module: every call the accounts views and machines make, built from
// the HTTP port (design.md 'App state and the API layer'). Views take these through
// useAccountsApi(); the session machine's actors come from sessionFor().
import { createActor, fromPromise } from 'xstate'
import * as api from '../../core/api/accounts'
import { listUserStocksV2 } from '../../core/api/market'
import { isApiError } from '../../core/api/api-error'
import type { CallInput, HttpPort, UploadInput, UploadOptions } from '../../core/api/http-port'
import type { Endpoint, ResultOf } from '../../core/api/endpoint'
import type { AuthAnswer, SignIn, WechatSession } from '../../core/auth/auth-types'
import type { CodeLoginInput, PasswordLoginInput, ResetInput } from '../../core/auth/login-dialog.machine'
import { sessionMachine } from '../../core/session/session.machine'
import type { SessionActor } from '../common/session'
import { useApi } from '../common/use-api'
import { followUser } from '../common/follow-user'
import { answer, bindMergeFor, codeSenderFor } from './auth-calls'

/** spec 000 §9: followings page size 500 */
const FOLLOWINGS_PAGE = '500'

/** The session machine with its side effects provided from the port. */
export function sessionFor(http: HttpPort) {
  return sessionMachine.provide({
    actors: {
      loadLoginInfo: fromPromise(() => http.call(api.getUser)),
      loadFollows: fromPromise<readonly number[]>(async () => (await http.call(api.followings, { query: { page: '1', count: FOLLOWINGS_PAGE } })).list.map((u) => u.id)),
      loadStockFollows: fromPromise<readonly string[]>(async () => (await http.call(listUserStocksV2)).map((s) => s.id)),
      logout: fromPromise<unknown>(() => http.call(api.logout)),
    },
  })
}

/**
 * The HTTP port the app uses: a call answered 401 (the server no longer knows the session)
 * tells the session, which ends it (a guest ignores it).
 */
export function withSessionExpiry(http: HttpPort, session: () => SessionActor | null): HttpPort {
  return {
    call<E extends Endpoint>(endpoint: E, input?: CallInput<E>, options?: Parameters<HttpPort['call']>[2]): Promise<ResultOf<E>> {
      return http.call(endpoint, input, options).catch((e: unknown) => {
        if (isApiError(e) && e.statusCode === 401) session()?.send({ type: 'session.expired' })
        throw e
      })
    },
    upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>, options?: UploadOptions): Promise<ResultOf<E>> {
      return http.upload(endpoint, input, options).catch((e: unknown) => {
        if (isApiError(e) && e.statusCode === 401) session()?.send({ type: 'session.expired' })
        throw e
      })
    },
  }
}

/**
 * Started once at the app root. `hinted`: the server's `gmh_login` cookie says there is a
 * session — checked after first paint (the machine's `firstPaint` delay).
 */
export function startSession(http: HttpPort, { hinted }: { hinted: boolean }): SessionActor {
  const actor = createActor(sessionFor(http)).start()
  if (hinted) actor.send({ type: 'session.check' })
  return actor
}

/** For a host rendered without the root's actor (view tests): starts one on this port. */
export const sessionStarter = (http: HttpPort) => (hinted: boolean) => startSession(http, { hinted })

export function accountsApi(http: HttpPort) {
  return {
    codeSender: codeSenderFor(http),
    bindMerge: bindMergeFor(http),
    loginByCode: fromPromise<AuthAnswer<SignIn>, CodeLoginInput>(({ input }) => answer(http.call(api.fastLogin, { body: input }))),
    loginByPassword: fromPromise<AuthAnswer<SignIn>, PasswordLoginInput>(({ input }) =>
      answer(http.call(api.passwordLogin, { body: { userName: input.account, password: input.password } })),
    ),
    resetPassword: fromPromise<AuthAnswer, ResetInput>(({ input }) => answer(http.call(api.resetByPhone, { body: input }))),
    exchangeWechatCode: fromPromise<AuthAnswer<WechatSession>, { code: string }>(({ input }) =>
      answer(http.call(api.wechatSession, { query: { code: input.code, timestamp: String(Math.floor(Date.now() / 1000)) } })),
    ),
    acceptAgreement: () => http.call(api.acceptAgreement).then(() => undefined, () => undefined),
    countryCodes: () => http.call(api.countryCodes),
    captchaChallenge: (challenge: string) => http.call(api.captchaChallenge, { params: { challenge } }),
    captchaVerify: (challenge: string, offset: number) => http.call(api.captchaVerify, { body: { challenge, offset } }),
    wechatQr: (redirect: string) => http.call(api.wechatQr, { query: { redirect } }),
    wechatQrStatus: (state: string) => http.call(api.wechatQrStatus, { query: { state } }),
    updateInfo: (body: NonNullable<CallInput<typeof api.updateInfo>['body']>) => http.call(api.updateInfo, { body }),
    uploadAvatar: (dataUrl: string) => http.call(api.uploadAvatar, { body: { dataUrl } }),
    updatePassword: (body: NonNullable<CallInput<typeof api.updatePassword>['body']>) => http.call(api.updatePassword, { body }),
    friends: (side: 'followers' | 'followings') => http.call(side === 'followers' ? api.followers : api.followings, { query: { page: '1', count: '50' } }),
    followUser: followUser(http),
    userDetail: (userId: number) => http.call(api.getUserDetail, { query: { userId: String(userId) } }),
  }
}

export type AccountsApi = ReturnType<typeof accountsApi>

export const useAccountsApi = (): AccountsApi => useApi(accountsApi)
