// Topping up gurucoin (格隆贝) by WeChat QR (issue 25; spec 001 §7 recharge/v2 and recharge-status): the
// amounts of the 格隆贝 goods are loaded and the one that covers what the purchase lacks is offered first;
// the reader chooses, a recharge order is made, its QR code is paid exactly as the order dialog's is
// (the qr-payment machine: 300 s, polled every 5 s, refresh on timeout), then the balance is read
// again and shown. The server credits the coin once, when the pay service says it was paid; this
// machine only reads it.
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate'
import { errorMessage } from '../api/api-error'
import type { PurchaseInfo } from '../api/order'
import type { CreatedOrder, OrderRequest } from '../api/payment'
import { qrPaymentMachine, type QrPaymentInput } from './qr-payment.machine'
import { suggestedOption } from './recharge'

/** Shown when the amounts cannot be loaded and the server said nothing (ours). */
export const RECHARGE_OPTIONS_FAILED = '获取充值金额失败'
/** Shown when the recharge order cannot be made and the server said nothing (ours). */
export const RECHARGE_FAILED = '充值下单失败，请重试'
/** Shown when the balance cannot be read after the payment (ours). */
export const BALANCE_FAILED = '余额查询失败，请重试'

export interface RechargeInput {
  /** the balance, cents */
  readonly coin: number
  /** what the purchase that sent the reader here lacks, cents (0 when none) */
  readonly lacking: number
}

/** A recharge order as made: the order, and the request a QR refresh sends again (its sign's fields). */
export interface RechargeOrder {
  readonly order: CreatedOrder
  readonly request: OrderRequest
}

export interface RechargeContext {
  readonly coin: number
  readonly lacking: number
  /** the 格隆贝 goods' specs: the amounts */
  readonly options: ReadonlyArray<PurchaseInfo>
  readonly specsId: number | null
  readonly recharge: RechargeOrder | null
  readonly error: string | null
}

export type RechargeEvent =
  | { type: 'recharge.choose'; specsId: number }
  | { type: 'recharge.submit' }
  /** from the QR code back to the amounts (another amount) */
  | { type: 'recharge.back' }
  | { type: 'recharge.retry' }
  /** the credited balance seen: back to what the reader was doing */
  | { type: 'recharge.done' }

export interface RechargeOutput {
  /** the balance after the top-up, cents */
  readonly coin: number
}

const outputOf = <T>(event: unknown): T => (event as DoneActorEvent<T>).output
const errorOf = (event: unknown): unknown => (event as ErrorActorEvent).error

export const rechargeMachine = setup({
  types: {} as { context: RechargeContext; events: RechargeEvent; input: RechargeInput; output: RechargeOutput },
  actors: {
    /** the 格隆贝 goods' specs (GET /api/purchase/goods-list/v7?specsId=RECHARGE_SPECS_ID) */
    loadOptions: fromPromise<ReadonlyArray<PurchaseInfo>, void>(() => {
      throw new Error('provide loadOptions')
    }),
    /** the quote's sign, then POST /transaction/api/recharge/v2 (channel wx_pub_qr) */
    createRecharge: fromPromise<RechargeOrder, { specsId: number }>(() => {
      throw new Error('provide createRecharge')
    }),
    /** the QR page; provide qrPaymentMachine.provide({ actors }) polling recharge-status, refreshing by recharge/v2 */
    qrPayment: qrPaymentMachine,
    /** the balance after the payment: POST /transaction/api/recharge-status/{orderId} (coin) */
    loadBalance: fromPromise<number, { orderId: string }>(() => {
      throw new Error('provide loadBalance')
    }),
  },
  guards: {
    hasChoice: ({ context }) => context.specsId !== null && context.options.some((o) => o.specsId === context.specsId),
    isOption: ({ context, event }) => event.type === 'recharge.choose' && context.options.some((o) => o.specsId === event.specsId),
  },
  actions: {
    takeOptions: assign(({ context, event }) => {
      const options = outputOf<ReadonlyArray<PurchaseInfo>>(event)
      return { options, specsId: suggestedOption(options, context.lacking), error: null }
    }),
    choose: assign(({ event }) => (event.type === 'recharge.choose' ? { specsId: event.specsId, error: null } : {})),
    takeOrder: assign(({ event }) => ({ recharge: outputOf<RechargeOrder>(event), error: null })),
    dropOrder: assign({ recharge: null }),
    takeBalance: assign(({ event }) => ({ coin: outputOf<number>(event), error: null })),
    rememberOptionsError: assign(({ event }) => ({ error: errorMessage(errorOf(event), RECHARGE_OPTIONS_FAILED) })),
    rememberRechargeError: assign(({ event }) => ({ error: errorMessage(errorOf(event), RECHARGE_FAILED) })),
    rememberBalanceError: assign(({ event }) => ({ error: errorMessage(errorOf(event), BALANCE_FAILED) })),
  },
}).createMachine({
  id: 'recharge',
  description: 'Topping up 格隆贝: choose an amount, pay its WeChat QR, see the credited balance.',
  context: ({ input }) => ({ coin: input.coin, lacking: input.lacking, options: [], specsId: null, recharge: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the amounts (the 格隆贝 goods); the one that covers the purchase is chosen.',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: { target: 'choosing', actions: 'takeOptions' },
        onError: { target: 'failed', actions: 'rememberOptionsError' },
      },
    },
    failed: {
      description: 'The amounts could not be loaded: the message and a retry.',
      on: { 'recharge.retry': { target: 'loading' } },
    },
    choosing: {
      description: 'The balance, what the purchase lacks and the amounts; 确认充值 makes the order.',
      on: {
        'recharge.choose': { guard: 'isOption', description: 'The reader picks one of the offered amounts.', actions: 'choose' },
        'recharge.submit': { guard: 'hasChoice', description: 'An amount is chosen: its top-up order is created.', target: 'creating' },
      },
    },
    creating: {
      description: 'Making the recharge order (the quote, its sign, recharge/v2).',
      invoke: {
        id: 'createRecharge',
        src: 'createRecharge',
        input: ({ context }) => ({ specsId: context.specsId ?? 0 }),
        onDone: { target: 'paying', actions: 'takeOrder' },
        onError: { target: 'choosing', actions: 'rememberRechargeError' },
      },
    },
    paying: {
      description: 'The WeChat QR code of the recharge order: 300 s, recharge-status polled every 5 s.',
      invoke: {
        id: 'qrPayment',
        src: 'qrPayment',
        input: ({ context }): QrPaymentInput => ({ order: context.recharge!.order, request: context.recharge!.request }),
        onDone: { target: 'confirming' },
      },
      on: { 'recharge.back': { target: 'choosing', actions: 'dropOrder' } },
    },
    confirming: {
      description: 'Paid: reading the credited balance.',
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        input: ({ context }) => ({ orderId: context.recharge?.order.id ?? '' }),
        onDone: { target: 'credited', actions: 'takeBalance' },
        onError: { target: 'balanceFailed', actions: 'rememberBalanceError' },
      },
    },
    balanceFailed: {
      description: 'Paid, but the balance could not be read: the message and a retry.',
      on: { 'recharge.retry': { target: 'confirming' } },
    },
    credited: {
      description: '充值成功 and the new balance; the reader goes back to the purchase.',
      on: { 'recharge.done': { target: 'done' } },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ coin: context.coin }),
})
