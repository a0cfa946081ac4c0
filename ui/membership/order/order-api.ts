// The order dialog's calls (issue 13; spec 001 §7 'Membership and purchase'): the actors of the order-dialog
// and QR-payment machines built from the HTTP port. Only the lazy dialog imports this module, so its
// contracts (Effect Schema) stay out of the entry chunk.
import { fromPromise } from 'xstate'
import type { HttpPort } from '../../../core/api/http-port'
import * as order from '../../../core/api/order'
import * as payment from '../../../core/api/payment'
import type { AssetAllocation } from '../../../core/api/attestation'
import { attestationInDialog, PRICE_FAILED, type PaymentQuery } from '../../../core/order/order-dialog.machine'
import { qrPaymentMachine } from '../../../core/payment/qr-payment.machine'
import { rechargeMachine, type RechargeOrder } from '../../../core/payment/recharge.machine'
import { RECHARGE_CURRENCY, RECHARGE_SPECS_ID } from '../../../core/payment/recharge'
import { signInput } from '../../../core/payment/sign'
import { attestationActors, goodsOfSpec } from '../api'

const attestationContract = () => import('../../../core/api/attestation')

/** A fresh idempotency key (core/api/order.ts ClientKey: 8–64 of [A-Za-z0-9_-]); ours: 22 random characters. */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** spec 001 §7 sign: SHA-256 (hex) of package id, channel, 'web', public key, user token — Web Crypto here. */
export async function signOf(request: payment.OrderRequest): Promise<string> {
  const data = new TextEncoder().encode(signInput(request.goodsId, request.channel, request.publicKey, request.userToken))
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data))
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export interface OrderCalls {
  /** the goods of a spec (its siblings included); null when nothing is on sale */
  goodsOf(specsId: number): Promise<order.OrderGoods | null>
  createOrder(request: payment.OrderRequest, clientKey: string): Promise<payment.CreatedOrder>
}

export function orderCalls(http: HttpPort): OrderCalls {
  return {
    goodsOf: (specsId) => goodsOfSpec(http, specsId),
    createOrder: async (request, clientKey) =>
      http.call(payment.createOrder, {
        body: {
          goodsId: request.goodsId,
          channel: request.channel,
          sign: await signOf(request),
          ...(request.couponId !== undefined ? { couponId: request.couponId } : {}),
          // spec 001 §7: preCreatedPaymentOrder false for guru_pay
          ...(request.channel === 'guru_pay' ? { preCreatedPaymentOrder: false } : {}),
          clientKey,
        },
      }),
  }
}

/** The server's recharge-status as the QR page's poll reads it (as paymentStatus: waiting is the spec's failed, failed is closed). */
const asPaymentResult = (s: { payStatus: 'success' | 'failed' | 'waiting' }): payment.PaymentResult => ({
  payStatus: s.payStatus === 'success' ? 'success' : s.payStatus === 'failed' ? 'closed' : 'failed',
})

/**
 * The 格隆贝 top-up's actors (core/payment/recharge.machine.ts; spec 001 §7 recharge/v2, recharge-status):
 * the amounts are the 格隆贝 goods' specs; an order is the quote's sign sent to recharge/v2 with the
 * quote's amount and a fresh key; the QR page polls recharge-status, and its refresh is a new recharge
 * order with the same request.
 */
export function rechargeActors(http: HttpPort) {
  const placeRecharge = async (request: payment.OrderRequest, amount?: number): Promise<payment.CreatedOrder> =>
    http.call(payment.recharge, {
      body: {
        goodsId: request.goodsId,
        currency: RECHARGE_CURRENCY,
        ...(amount !== undefined ? { amount } : {}),
        channel: 'wx_pub_qr',
        sign: await signOf(request),
        clientKey: newClientKey(),
      },
    })
  return {
    loadOptions: fromPromise<ReadonlyArray<order.PurchaseInfo>, void>(async () => {
      const goods = await goodsOfSpec(http, RECHARGE_SPECS_ID)
      if (!goods) throw new Error(PRICE_FAILED)
      return goods.purchaseInfos
    }),
    createRecharge: fromPromise<RechargeOrder, { specsId: number }>(async ({ input }) => {
      const info = await http.call(order.commodityPayment, { query: { specsIds: String(input.specsId), noNeedCoupon: true } })
      if (info === null) throw new Error(PRICE_FAILED)
      const request: payment.OrderRequest = { goodsId: info.payInfo.packageSpecsId, channel: 'wx_pub_qr', publicKey: info.publicKey, userToken: info.userToken }
      return { order: await placeRecharge(request, info.payInfo.total), request }
    }),
    qrPayment: qrPaymentMachine.provide({
      actors: {
        pollPayment: fromPromise<payment.PaymentResult, { orderId: string }>(async ({ input }) =>
          asPaymentResult(await http.call(payment.rechargeStatus, { params: { orderId: input.orderId } })),
        ),
        createQrOrder: fromPromise<payment.CreatedOrder, payment.OrderRequest>(({ input }) => placeRecharge(input)),
      },
    }),
    loadBalance: fromPromise<number, { orderId: string }>(async ({ input }) => (await http.call(payment.rechargeStatus, { params: { orderId: input.orderId } })).coin),
  }
}

/**
 * The order-dialog machine's actors. `attemptKey` is the idempotency key of the dialog's current purchase
 * attempt (new on every opening): signing and creating the order send the same request with the same
 * key, so the server answers one order. A QR refresh is a new order, so it takes a new key.
 */
export function orderDialogActors(http: HttpPort, attemptKey: () => string) {
  const calls = orderCalls(http)
  return {
    fetchPayment: fromPromise<order.OrderInfo, PaymentQuery>(async ({ input }) => {
      const info = await http.call(order.commodityPayment, {
        query: {
          specsIds: input.specsIds.join(','),
          ...(input.couponId !== undefined ? { couponId: input.couponId } : {}),
          ...(input.noNeedCoupon ? { noNeedCoupon: true } : {}),
        },
      })
      if (info === null) throw new Error(PRICE_FAILED)
      return info
    }),
    fetchGoods: fromPromise<order.OrderGoods, { specsId: number | null }>(async ({ input }) => {
      const goods = input.specsId === null ? null : await calls.goodsOf(input.specsId)
      if (!goods) throw new Error(PRICE_FAILED)
      return goods
    }),
    fetchCoupons: fromPromise<order.Coupon[], { specsId: number }>(async ({ input }) => [
      ...(await http.call(order.goodsCoupons, { params: { x: input.specsId }, query: { isAvailable: true } })),
    ]),
    fetchConfirmation: fromPromise<order.PrePurchaseConfirmation, { specsId: number }>(({ input }) =>
      http.call(order.prePurchaseConfirmation, { query: { specsId: input.specsId } }),
    ),
    signAgreements: fromPromise<unknown, { specsId: number; agreementIds: number[]; request: payment.OrderRequest }>(async ({ input }) => {
      const created = await calls.createOrder(input.request, attemptKey())
      return http.call(order.signAgreements, { body: { orderId: created.id, agreementIds: input.agreementIds } })
    }),
    createOrder: fromPromise<payment.CreatedOrder, payment.OrderRequest>(({ input }) => calls.createOrder(input, attemptKey())),
    guruPay: fromPromise<unknown, { orderId: string }>(async ({ input }) => {
      const result = await http.call(payment.guruPay, { body: { orderId: input.orderId } })
      if (result.payStatus !== 'success') throw new Error('')
      return result
    }),
    qrPayment: qrPaymentMachine.provide({
      actors: {
        // 'waiting' is not paid yet: the machine waits for the next 5 s mark
        // the server's waiting is the spec's failed (not paid yet); its failed is a closed order
        pollPayment: fromPromise<payment.PaymentResult, { orderId: string }>(async ({ input }) =>
          asPaymentResult(await http.call(payment.paymentStatus, { params: { orderId: input.orderId } })),
        ),
        createQrOrder: fromPromise<payment.CreatedOrder, payment.OrderRequest>(({ input }) => calls.createOrder(input, newClientKey())),
      },
    }),
    // the dialog sends the reader to the attestation page (ui/membership/attestation); should the machine run
    // its attestation child, it has the same actors as that page
    attestation: attestationInDialog.provide({ actors: attestationActors(http) }),
    loadAssetAllocation: fromPromise<AssetAllocation, { id: number }>(async ({ input }) =>
      http.call((await attestationContract()).assetAllocation, { params: { id: input.id } }),
    ),
    loadSuccessInfo: fromPromise<order.SuccessInfo, { specsId: number }>(({ input }) =>
      http.call(order.purchaseAssistant, { query: { specsId: input.specsId } }),
    ),
    saveAddress: fromPromise<unknown, order.AddressPayload>(({ input }) => http.call(order.saveUserAddress, { body: input })),
    recharge: rechargeMachine.provide({ actors: rechargeActors(http) }),
  }
}

/** What the dialog host gets (ui/common/use-api.ts): the goods of a spec and the machine's actors. */
export function orderApi(http: HttpPort) {
  return {
    goodsOf: orderCalls(http).goodsOf,
    actors: (attemptKey: () => string) => orderDialogActors(http, attemptKey),
  }
}
