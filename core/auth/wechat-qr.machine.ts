// The WeChat login QR of the login dialog (spec 000 §2 'weixin (QR)', §4 'WeChat login'): the
// dialog asks the server for a login code (GET /api/we-chat/qr), shows it as a QR, and asks every
// 1.5 s whether the person confirmed on the phone (GET /api/we-chat/qr/status). Confirmed: the page
// comes back with ?wxcode= like WeChat's own widget, and wechat-return.machine.ts signs in. The code
// lives 5 minutes (WECHAT_QR_TTL_MS, the server's rule too); expired, a link asks for a new one.
// With the real WeChat (server adapter wechat-open) the server answers WeChat's own QR page, and the
// dialog goes there instead of drawing a code.
//
// Shape copied from core/payment/qr-payment.machine.ts: named delays for the expiry and the polling,
// named actors the caller provides from the HTTP port (ui/accounts/auth-calls.ts), typed params at
// the transitions (no casts).
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage } from '../api/api-error'
import { WECHAT_QR_TTL_MS } from '../accounts/limits'

/** Our choice: the status is asked every 1.5 s while the code is shown. */
export const WECHAT_QR_POLL_MS = 1_500
/** Our choice: after a failed status call, ask again in 3 s. */
export const WECHAT_QR_RETRY_MS = 3_000
/** Shown when asking for a code fails and the server said nothing. */
export const WECHAT_QR_FAILED = '获取微信二维码失败，请重试'
/** WeChat's own QR page (the real adapter): the dialog goes there rather than drawing a code. */
export const WECHAT_OPEN_PAGE = 'https://open.weixin.qq.com/'

/** GET /api/we-chat/qr: the login grant's state and the URL the QR encodes. */
export interface WechatQrCode {
  readonly state: string
  readonly url: string
  readonly expireSeconds: number
}

/** GET /api/we-chat/qr/status */
export interface WechatQrStatus {
  readonly status: 'waiting' | 'confirmed' | 'expired'
  readonly code: string | null
}

export interface WechatQrContext {
  /** the code being shown; null before the first answer */
  readonly qr: WechatQrCode | null
  /** the QR drawn as an image (a data URL); null until drawn, or when drawing failed (the link still works) */
  readonly image: string | null
  /** why there is no code (asking for one failed); null otherwise */
  readonly error: string | null
}

export type WechatQrEvent =
  /** the link shown once the code expired: ask for a new code */
  { type: 'qr.refresh' }

/** The real WeChat answers its own QR page: go there instead of drawing a code. */
export const isWechatOpenPage = (url: string): boolean => url.startsWith(WECHAT_OPEN_PAGE)

export const wechatQrMachine = setup({
  types: {} as { context: WechatQrContext; events: WechatQrEvent },
  actors: {
    /** GET /api/we-chat/qr (redirect: the page to come back to) */
    createQr: fromPromise<WechatQrCode>(() => {
      throw new Error('provide createQr')
    }),
    /** The code's URL drawn as a QR image (the view's QR library). */
    drawQr: fromPromise<string, { url: string }>(() => {
      throw new Error('provide drawQr')
    }),
    /** GET /api/we-chat/qr/status (state) */
    checkStatus: fromPromise<WechatQrStatus, { state: string }>(() => {
      throw new Error('provide checkStatus')
    }),
  },
  delays: {
    /** WECHAT_QR_TTL_MS: the server forgets the code after 5 minutes, so the dialog stops asking. */
    expiry: WECHAT_QR_TTL_MS,
    pollInterval: WECHAT_QR_POLL_MS,
    retryInterval: WECHAT_QR_RETRY_MS,
  },
  guards: {
    isWechatPage: (_, params: { url: string }) => isWechatOpenPage(params.url),
    isConfirmed: (_, params: { status: WechatQrStatus }) => params.status.status === 'confirmed' && !!params.status.code,
    isExpired: (_, params: { status: WechatQrStatus }) => params.status.status === 'expired',
  },
  actions: {
    /** Leaves for WeChat's own QR page (provided by the view: location.assign). */
    goToWechat: (_, _params: { url: string }) => {
      throw new Error('provide goToWechat')
    },
    /** Comes back to this page with ?wxcode= (provided by the view), as WeChat's widget does. */
    returnWithCode: (_, _params: { code: string }) => {
      throw new Error('provide returnWithCode')
    },
    storeCode: assign((_, params: { qr: WechatQrCode }) => ({ qr: params.qr, image: null, error: null })),
    storeImage: assign((_, params: { image: string }) => ({ image: params.image })),
    rememberError: assign((_, params: { error: unknown }) => ({ qr: null, image: null, error: errorMessage(params.error, WECHAT_QR_FAILED) })),
  },
}).createMachine({
  id: 'wechatQr',
  description: 'The WeChat login code in the login dialog: shown for 5 minutes, asked about every 1.5 s until the person confirms on the phone.',
  context: { qr: null, image: null, error: null },
  initial: 'creating',
  states: {
    creating: {
      description: 'Asking the server for a new login code.',
      invoke: {
        id: 'createQr',
        src: 'createQr',
        onDone: [
          {
            guard: { type: 'isWechatPage', params: ({ event }) => ({ url: event.output.url }) },
            description: "With the real WeChat the answer is WeChat's own QR page: the reader goes there.",
            target: 'leaving',
            actions: { type: 'goToWechat', params: ({ event }) => ({ url: event.output.url }) },
          },
          { target: 'showing', actions: { type: 'storeCode', params: ({ event }) => ({ qr: event.output }) } },
        ],
        onError: { target: 'expired', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showing: {
      description: 'The code is on screen; after 5 minutes it expires.',
      initial: 'drawing',
      after: { expiry: 'expired' },
      states: {
        drawing: {
          description: 'Drawing the code as a QR image.',
          invoke: {
            id: 'drawQr',
            src: 'drawQr',
            input: ({ context }) => ({ url: context.qr?.url ?? '' }),
            onDone: { target: 'waiting', actions: { type: 'storeImage', params: ({ event }) => ({ image: event.output }) } },
            // no image: the link under it still opens the code's page
            onError: 'waiting',
          },
        },
        waiting: {
          description: 'Waiting a moment before asking whether the code was scanned.',
          after: { pollInterval: 'checking' },
        },
        checking: {
          description: 'Asking the server whether the person confirmed on the phone.',
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            input: ({ context }) => ({ state: context.qr?.state ?? '' }),
            onDone: [
              {
                guard: { type: 'isConfirmed', params: ({ event }) => ({ status: event.output }) },
                description: 'Confirmed on the phone: the page comes back with the login code and signs in.',
                target: '#wechatQr.confirmed',
                actions: { type: 'returnWithCode', params: ({ event }) => ({ code: event.output.code ?? '' }) },
              },
              {
                guard: { type: 'isExpired', params: ({ event }) => ({ status: event.output }) },
                description: 'The server no longer knows the code: it has expired.',
                target: '#wechatQr.expired',
              },
              { target: 'waiting' },
            ],
            onError: 'retrying',
          },
        },
        retrying: {
          description: 'Asking failed (network): ask again a little later.',
          after: { retryInterval: 'checking' },
        },
      },
    },
    expired: {
      description: 'The code expired or could not be had: a link asks for a new one.',
      on: { 'qr.refresh': 'creating' },
    },
    leaving: {
      description: "The reader has gone to WeChat's own QR page.",
      type: 'final',
    },
    confirmed: {
      description: 'The page is coming back with the login code.',
      type: 'final',
    },
  },
})
