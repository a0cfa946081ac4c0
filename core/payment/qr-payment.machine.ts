// The WeChat QR payment page of the order dialog (spec 001 §2 'pay', §4 'Order flow'):
// a 300 s countdown, the payment status polled every 5 s, success moves on, at zero a timeout with a
// refresh link that creates a new QR order and restarts the countdown.
//
// One clock drives both: a `tick` every second counts down, and every 5th tick raises `qr.poll`.
// Two independent timers would drift apart in tests and in diagrams tell a story the view never
// sees; one clock keeps "poll every 5 s within 300 s" exact (a poll at 5, 10, … 295 s).
import { assign, fromPromise, raise, setup } from 'xstate'
import { errorMessage } from '../api/api-error'
import type { CreatedOrder, OrderRequest, PaymentResult } from '../api/payment'

/** spec 001 §4, §9: QR validity 300 s. */
export const QR_VALIDITY_SECONDS = 300
/** spec 001 §4, §9: status polled every 5 s. */
export const POLL_EVERY_SECONDS = 5
/** spec 001 §8: 'QR timeout: 对不起，支付超时！ with 请刷新二维码支付'. */
export const QR_TIMEOUT_TITLE = '对不起，支付超时！'
export const QR_TIMEOUT_HINT = '请刷新二维码支付'
/**
 * Ours (spec 001 shows only success and failed, 'failed' meaning not paid yet): the pay service closed
 * the order — the payer refused on the phone — so its code can never be paid; the same refresh link.
 */
export const QR_CLOSED_TITLE = '支付未完成，订单已关闭'
/** Shown when the refresh itself fails and the server said nothing. */
export const QR_REFRESH_FAILED = '二维码刷新失败，请重试'

export interface QrPaymentInput {
  readonly order: CreatedOrder
  /** What the refresh sends to create a new QR order (channel wx_pub_qr). */
  readonly request: OrderRequest
  /** Defaults to the spec's 300 s; tests pass a few seconds to keep the model small. */
  readonly validitySeconds?: number
}

export interface QrPaymentContext {
  readonly order: CreatedOrder
  readonly request: OrderRequest
  readonly validitySeconds: number
  /** Seconds left on the QR code, for the view's countdown. */
  readonly remaining: number
  /** Message of a failed refresh, else null. */
  readonly error: string | null
  /** The shown order was closed by the pay service (a refresh that fails returns to that screen). */
  readonly closed: boolean
}

export type QrPaymentEvent =
  /** The refresh link on the timeout screen. */
  | { type: 'qr.refresh' }
  /** Raised by the countdown every 5th second. */
  | { type: 'qr.poll' }

export interface QrPaymentOutput {
  readonly order: CreatedOrder
}

/** Elapsed seconds since the code was shown, given the seconds left. */
export const elapsedSeconds = (validitySeconds: number, remaining: number): number => validitySeconds - remaining

/** spec 001 §4: a poll is due every 5 s of the countdown. `remainingAfterTick` is the new count. */
export const isPollDue = (validitySeconds: number, remainingAfterTick: number): boolean =>
  remainingAfterTick > 0 && elapsedSeconds(validitySeconds, remainingAfterTick) % POLL_EVERY_SECONDS === 0

export const qrPaymentMachine = setup({
  types: {} as {
    context: QrPaymentContext
    events: QrPaymentEvent
    input: QrPaymentInput
    output: QrPaymentOutput
  },
  actors: {
    /** Asks for the order's payment result (path not shown in spec 001 §7). */
    pollPayment: fromPromise<PaymentResult, { orderId: string }>(() => {
      throw new Error('provide pollPayment')
    }),
    /** Creates a new QR order (POST /transaction/api/order/v1, channel wx_pub_qr). */
    createQrOrder: fromPromise<CreatedOrder, OrderRequest>(() => {
      throw new Error('provide createQrOrder')
    }),
  },
  delays: {
    /** One second of the countdown (spec 001 §4: 300 s countdown, shown in seconds). */
    tick: 1_000,
  },
  guards: {
    isLastSecond: ({ context }) => context.remaining <= 1,
    isPollDue: ({ context }) => isPollDue(context.validitySeconds, context.remaining - 1),
    isPaid: (_, params: { result: PaymentResult }) => params.result.payStatus === 'success',
    isClosed: (_, params: { result: PaymentResult }) => params.result.payStatus === 'closed',
    wasClosed: ({ context }) => context.closed,
  },
  actions: {
    countDown: assign({ remaining: ({ context }) => Math.max(0, context.remaining - 1) }),
    requestPoll: raise({ type: 'qr.poll' }),
    takeNewOrder: assign(({ context }, params: { order: CreatedOrder }) => ({
      order: params.order,
      remaining: context.validitySeconds,
      error: null,
      closed: false,
    })),
    markClosed: assign({ closed: true }),
    clearError: assign({ error: null }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, QR_REFRESH_FAILED) }),
  },
}).createMachine({
  id: 'qrPayment',
  // spec 001 §4: WeChat QR payment — 300 s countdown, status polled every 5 s
  description: 'Paying by WeChat: the reader scans the QR code within 300 s; the payment is checked every 5 s, and a code that timed out or was refused can be refreshed.',
  context: ({ input }) => {
    const validitySeconds = input.validitySeconds ?? QR_VALIDITY_SECONDS
    return { order: input.order, request: input.request, validitySeconds, remaining: validitySeconds, error: null, closed: false }
  },
  initial: 'active',
  states: {
    active: {
      description: 'The QR code is shown with the seconds left; the payment status is polled every 5 s.',
      type: 'parallel',
      states: {
        countdown: {
          description: 'Counts the 300 s of validity down, one second at a time.',
          initial: 'ticking',
          states: {
            ticking: {
              description: 'One second passes.',
              after: {
                tick: [
                  { guard: 'isLastSecond', description: 'The 300 s are up: the code has timed out.', target: '#qrPayment.timedOut', actions: 'countDown' },
                  {
                    guard: 'isPollDue',
                    description: 'Another 5 s have passed: the payment is asked about.',
                    target: 'ticking',
                    reenter: true,
                    actions: ['countDown', 'requestPoll'],
                  },
                  { target: 'ticking', reenter: true, actions: 'countDown' },
                ],
              },
            },
          },
        },
        polling: {
          description: 'Asks for the payment result every 5 s.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Waiting for the next 5 s mark.',
              on: { 'qr.poll': 'checking' },
            },
            checking: {
              description: 'Asking the server for payStatus; success moves on, anything else waits for the next mark.',
              invoke: {
                id: 'pollPayment',
                src: 'pollPayment',
                input: ({ context }) => ({ orderId: context.order.id }),
                onDone: [
                  {
                    guard: { type: 'isPaid', params: ({ event }) => ({ result: event.output }) },
                    description: 'The reader has paid.',
                    target: '#qrPayment.paid',
                  },
                  {
                    guard: { type: 'isClosed', params: ({ event }) => ({ result: event.output }) },
                    description: 'The payer refused on the phone and the pay service closed the order.',
                    target: '#qrPayment.closed',
                    actions: 'markClosed',
                  },
                  { target: 'idle' },
                ],
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },
    timedOut: {
      description: '对不起，支付超时！ 请刷新二维码支付 — the countdown reached zero; a refresh link creates a new QR order.',
      on: { 'qr.refresh': { target: 'refreshing', actions: 'clearError' } },
    },
    closed: {
      description: '支付未完成，订单已关闭 请刷新二维码支付 — the pay service closed the order (the payer refused); no more polling; the refresh link creates a new QR order.',
      on: { 'qr.refresh': { target: 'refreshing', actions: 'clearError' } },
    },
    refreshing: {
      description: 'Creating a new QR order; on success the countdown restarts at 300 s.',
      invoke: {
        id: 'createQrOrder',
        src: 'createQrOrder',
        input: ({ context }) => context.request,
        onDone: { target: 'active', actions: { type: 'takeNewOrder', params: ({ event }) => ({ order: event.output }) } },
        onError: [
          {
            guard: 'wasClosed',
            description: 'A new code could not be had for a closed order: back to the closed screen with the reason.',
            target: 'closed',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'timedOut', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    paid: {
      description: 'payStatus success: the dialog moves on to the success page.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ order: context.order }),
})
