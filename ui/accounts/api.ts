// The accounts feature's API module: every call the accounts views and machines make, built from
// the HTTP port (design.md 'App state and the API layer'). Views take these through
// useAccountsApi(); the session machine's actors come from sessionFor() in session-api.ts.
import { fromPromise } from 'xstate'
import * as api from '../../core/api/accounts'
import type { CallInput, HttpPort } from '../../core/api/http-port'
import type { AuthAnswer, SignIn, WechatSession } from '../../core/auth/auth-types'
import type { CodeLoginInput, PasswordLoginInput, ResetInput } from '../../core/auth/login-dialog.machine'
import { useApi } from '../common/use-api'
import { endpointRead } from '../common/use-read'
import { numberedPages } from '../common/use-read'
import { answer, bindMergeFor, codeSenderFor, wechatQrFor } from './auth-calls'

export function accountsApi(http: HttpPort) {
  return {
    codeSender: codeSenderFor(http),
    bindMerge: bindMergeFor(http),
    wechatQr: wechatQrFor(http),
    loginByCode: fromPromise<AuthAnswer<SignIn>, CodeLoginInput>(({ input }) => answer(http.call(api.fastLogin, { body: input }))),
    loginByPassword: fromPromise<AuthAnswer<SignIn>, PasswordLoginInput>(({ input }) =>
      answer(http.call(api.passwordLogin, { body: { userName: input.account, password: input.password } })),
    ),
    resetPassword: fromPromise<AuthAnswer, ResetInput>(({ input }) => answer(http.call(api.resetByPhone, { body: input }))),
    exchangeWechatCode: fromPromise<AuthAnswer<WechatSession>, { code: string }>(({ input }) =>
      answer(http.call(api.wechatSession, { query: { code: input.code, timestamp: String(Math.floor(Date.now() / 1000)) } })),
    ),
    acceptAgreement: () => http.call(api.acceptAgreement).then(() => undefined, () => undefined),
    /** the calling codes of the phone field (one read, cached by the contract's name) */
    countryCodes: () => endpointRead(http, api.countryCodes),
    /** one challenge's picture: keyed by the challenge, which the server issues once (a new attempt is a new key) */
    captchaChallenge: (challenge: string) => endpointRead(http, api.captchaChallenge, { params: { challenge } }),
    captchaVerify: (challenge: string, offset: number) => http.call(api.captchaVerify, { body: { challenge, offset } }),
    updateInfo: (body: NonNullable<CallInput<typeof api.updateInfo>['body']>) => http.call(api.updateInfo, { body }),
    uploadAvatar: (dataUrl: string) => http.call(api.uploadAvatar, { body: { dataUrl } }),
    updatePassword: (body: NonNullable<CallInput<typeof api.updatePassword>['body']>) => http.call(api.updatePassword, { body }),
    /** the reader's followers or followings, 50 a numbered page (spec 000 §9) */
    friends: (side: 'followers' | 'followings') =>
      numberedPages(http, side === 'followers' ? api.followers : api.followings, (page) => ({ query: { page: String(page), count: '50' } }), (u: api.PublicUser) => u.id),
    /** spec 001 §7 GET /api/weChat/unbind, then the login info read again (its wechatBound) */
    unbindWechat: async () => {
      await http.call(api.wechatUnbind)
      return http.call(api.getUser)
    },
  }
}

export type AccountsApi = ReturnType<typeof accountsApi>

export const useAccountsApi = (): AccountsApi => useApi(accountsApi)
