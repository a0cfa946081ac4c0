// The account calls the auth machines make, as AuthAnswer envelopes: the HTTP port rejects any
// statusCode other than 200 with an ApiError carrying code, message and result (2000, 1012, 417…),
// and the machines branch on those codes.
import { fromPromise } from 'xstate'
import * as api from '../../core/api/accounts'
import { normaliseError } from '../../core/api/api-error'
import type { HttpPort } from '../../core/api/http-port'
import type { AuthAnswer, CaptchaParams, MergeUsers } from '../../core/auth/auth-types'
import { sendCodeMachine, type SendCodeInput } from '../../core/auth/send-code.machine'
import { bindMergeMachine, type BindPhoneInput, type MergeInput } from '../../core/auth/bind-merge.machine'

export async function answer<R>(p: Promise<R>): Promise<AuthAnswer<R>> {
  try {
    return { statusCode: 200, message: '', result: await p }
  } catch (e) {
    const err = normaliseError(e)
    return { statusCode: err.statusCode, message: err.message, result: (err.result ?? null) as R | null }
  }
}

export function codeSenderFor(http: HttpPort) {
  return sendCodeMachine.provide({
    actors: {
      sendCode: fromPromise<AuthAnswer, SendCodeInput>(({ input }) =>
        answer(
          http.call(api.sendMessageCode, {
            body: { phone: input.phone, countryCode: input.countryCode, purpose: input.purpose, ...(input.captcha ?? {}) },
          }),
        ),
      ),
      captchaInit: fromPromise<CaptchaParams, { phone: string; countryCode: string }>(({ input }) => http.call(api.gtInit, { body: input })),
    },
  })
}

export function bindMergeFor(http: HttpPort) {
  return bindMergeMachine.provide({
    actors: {
      codeSender: codeSenderFor(http),
      bindPhone: fromPromise<AuthAnswer<MergeUsers | null>, BindPhoneInput>(({ input }) =>
        answer(http.call(api.bindPhone, { body: input })) as Promise<AuthAnswer<MergeUsers | null>>,
      ),
      mergeAccounts: fromPromise<AuthAnswer, MergeInput>(({ input }) => answer(http.call(api.mergeAccounts, { body: input }))),
    },
  })
}
