// spec 001 §3 'Created order', 'Payment result' and §7 'Membership and purchase': the payment calls.
// Field names are the spec's. Money travels in integer cents (spec 001 §3: amount in cents).
import * as Schema from 'effect/Schema'
import { endpoint } from './endpoint'

/** spec 001 §7: create-order channel — WeChat QR or gurucoin (格隆贝). */
export const PayChannel = Schema.Literals(['wx_pub_qr', 'guru_pay'])
export type PayChannel = typeof PayChannel.Type

/** spec 001 §3 'Created order': id (order number), amount (in cents), data.codeUrl, subject. */
export const CreatedOrder = Schema.Struct({
  id: Schema.String,
  amount: Schema.Number.check(Schema.isInt()),
  data: Schema.Struct({ codeUrl: Schema.String }),
  subject: Schema.String,
})
export type CreatedOrder = typeof CreatedOrder.Type

/** spec 001 §3 'Payment result': payStatus success or failed. */
export const PayStatus = Schema.Literals(['success', 'failed'])
export type PayStatus = typeof PayStatus.Type
export const PaymentResult = Schema.Struct({ payStatus: PayStatus })
export type PaymentResult = typeof PaymentResult.Type

/**
 * spec 001 §7: create order payload — goodsId, channel (wx_pub_qr or guru_pay), sign (hash of package
 * id, channel, 'web', public key, user token), couponId, preCreatedPaymentOrder false for guru_pay.
 */
export const CreateOrderBody = Schema.Struct({
  goodsId: Schema.Number,
  channel: PayChannel,
  sign: Schema.String,
  couponId: Schema.optional(Schema.Number),
  preCreatedPaymentOrder: Schema.optional(Schema.Boolean),
})
export type CreateOrderBody = typeof CreateOrderBody.Type

/**
 * What the machines hand to the create-order port: everything of the payload but the sign, which
 * the adapter computes from these fields (spec 001 §7: hash of package id, channel, 'web', public
 * key, user token — the hash function is not shown, so it stays out of core).
 */
export interface OrderRequest {
  /** payInfo.packageSpecsId */
  readonly goodsId: number
  readonly channel: PayChannel
  readonly couponId?: number
  readonly publicKey: string
  readonly userToken: string
}

/** spec 001 §7: POST /transaction/api/order/v1 — creates the order. statusCode 1012 = bind flow (§8). */
export const createOrder = endpoint({
  name: 'transaction.createOrder',
  method: 'POST',
  path: '/transaction/api/order/v1',
  body: CreateOrderBody,
  result: CreatedOrder,
})

/** spec 001 §7: POST /transaction/api/guru-pay/v1 (orderId) — pays an order with gurucoin. */
export const guruPay = endpoint({
  name: 'transaction.guruPay',
  method: 'POST',
  path: '/transaction/api/guru-pay/v1',
  body: Schema.Struct({ orderId: Schema.String }),
  result: Schema.Unknown,
})

/** spec 001 §7: recharge/payment fields goodsId, currency, amount, channel, sign, couponId, orderId. */
export const RechargeBody = Schema.Struct({
  goodsId: Schema.Number,
  currency: Schema.optional(Schema.String),
  amount: Schema.optional(Schema.Number),
  channel: PayChannel,
  sign: Schema.String,
  couponId: Schema.optional(Schema.Number),
  orderId: Schema.optional(Schema.String),
})

/** spec 001 §7: POST /transaction/api/recharge/v2. The result shape is not shown. */
export const recharge = endpoint({
  name: 'transaction.recharge',
  method: 'POST',
  path: '/transaction/api/recharge/v2',
  body: RechargeBody,
  result: Schema.Unknown,
})

/** spec 001 §7: POST /transaction/api/recharge-status/{orderId}. The result shape is not shown. */
export const rechargeStatus = endpoint({
  name: 'transaction.rechargeStatus',
  method: 'POST',
  path: '/transaction/api/recharge-status/{orderId}',
  params: Schema.Struct({ orderId: Schema.String }),
  result: Schema.Unknown,
})
// The payment-result (poll) path is "not shown" (spec 001 §7): the pollPayment port answers a
// PaymentResult and its adapter owns the path.
