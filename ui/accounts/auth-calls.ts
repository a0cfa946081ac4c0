// The account calls the auth machines make, as AuthAnswer envelopes: the HTTP port rejects any
// statusCode other than 200 with an ApiError carrying code, message and result (2000, 1012, 417…),
// and the machines branch on those codes.
import { fromPromise } from 'xstate'
import QRCode from 'qrcode'
import * as api from '../../core/api/accounts'
import { normaliseError } from '../../core/api/api-error'
import type { HttpPort } from '../../core/api/http-port'
import type { AuthAnswer, CaptchaParams, MergeUsers } from '../../core/auth/auth-types'
import { sendCodeMachine, type SendCodeInput } from '../../core/auth/send-code.machine'
import { bindMergeMachine, type BindPhoneInput, type MergeInput } from '../../core/auth/bind-merge.machine'
import { wechatQrMachine, type WechatQrCode, type WechatQrStatus } from '../../core/auth/wechat-qr.machine'

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

/**
 * The login dialog's WeChat QR (core/auth/wechat-qr.machine.ts) on the HTTP port: the code for this
 * page, drawn with qrcode; confirmed, the page comes back with ?wxcode= like WeChat's widget; the
 * real WeChat's own QR page is opened instead.
 */
export function wechatQrFor(http: HttpPort) {
  return wechatQrMachine.provide({
    actors: {
      createQr: fromPromise<WechatQrCode>(() => http.call(api.wechatQr, { query: { redirect: location.pathname + location.search } })),
      drawQr: fromPromise<string, { url: string }>(({ input }) => QRCode.toDataURL(input.url, { margin: 1, width: 180 })),
      checkStatus: fromPromise<WechatQrStatus, { state: string }>(({ input }) => http.call(api.wechatQrStatus, { query: { state: input.state } })),
    },
    actions: {
      goToWechat: (_, params) => location.assign(params.url),
      returnWithCode: (_, params) => {
        const url = new URL(location.href)
        url.searchParams.set('wxcode', params.code)
        location.assign(url.toString())
      },
    },
  })
}
