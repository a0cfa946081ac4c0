// spec 001 §3 'Created order', 'Payment result' and §7 'Membership and purchase': the payment calls.
// Field names are the spec's. Money travels in integer cents (spec 001 §3: amount in cents).
import * as Schema from 'effect/Schema'
import { get, post } from './endpoint'
import { Id, Int } from './common'
import { ClientKey } from './order'

/** An order number (ours: `GMH` + digits and letters). */
export const OrderId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9-]{1,40}$/))
/** The sign: a hex SHA-256 (core/payment/sign.ts). */
export const Sign = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/))

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
/**
 * What the QR page's poll learns: the spec's success or failed (not paid yet), plus ours, closed: the
 * pay service closed the order (the payer refused it), so polling it further is pointless.
 */
export const PaymentResult = Schema.Struct({ payStatus: Schema.Literals(['success', 'failed', 'closed']) })
export type PaymentResult = typeof PaymentResult.Type

/**
 * spec 001 §7: create order payload — goodsId, channel (wx_pub_qr or guru_pay), sign (hash of package
 * id, channel, 'web', public key, user token), couponId, preCreatedPaymentOrder false for guru_pay.
 */
export const CreateOrderBody = Schema.Struct({
  goodsId: Id,
  channel: PayChannel,
  sign: Sign,
  couponId: Schema.optional(Id),
  preCreatedPaymentOrder: Schema.optional(Schema.Boolean),
  /** ours: the client's idempotency key (core/api/order.ts ClientKey) */
  clientKey: Schema.optional(ClientKey),
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
export const createOrder = post('transaction.createOrder', '/transaction/api/order/v1', { body: CreateOrderBody, result: CreatedOrder })

/** spec 001 §7: POST /transaction/api/guru-pay/v1 (orderId) — pays an order with gurucoin. */
export const guruPay = post('transaction.guruPay', '/transaction/api/guru-pay/v1', {
  body: Schema.Struct({ orderId: OrderId }),
  result: PaymentResult,
})

/** spec 001 §7: recharge/payment fields goodsId, currency, amount, channel, sign, couponId, orderId. */
export const RechargeBody = Schema.Struct({
  goodsId: Id,
  currency: Schema.optional(Schema.Literals(['CNY'])),
  /** cents; when sent it must equal the server's price (a price changed by the client is refused) */
  amount: Schema.optional(Int),
  channel: Schema.Literal('wx_pub_qr'),
  sign: Sign,
  couponId: Schema.optional(Id),
  orderId: Schema.optional(OrderId),
  clientKey: Schema.optional(ClientKey),
})

/** spec 001 §7: POST /transaction/api/recharge/v2. The result shape is not shown. */
export const recharge = post('transaction.recharge', '/transaction/api/recharge/v2', { body: RechargeBody, result: CreatedOrder })

/** spec 001 §7: POST /transaction/api/recharge-status/{orderId}. The result shape is not shown. */
export const rechargeStatus = post('transaction.rechargeStatus', '/transaction/api/recharge-status/{orderId}', {
  params: Schema.Struct({ orderId: OrderId }),
  result: Schema.Struct({ payStatus: Schema.Literals(['success', 'failed', 'waiting']), coin: Schema.Number }),
})

/**
 * The payment-result poll (spec 001 §4: polled every 5 s; path not shown — ours). `waiting` until the
 * pay service reports; the pollPayment port maps it to "not yet".
 */
export const paymentStatus = get('transaction.paymentStatus', '/transaction/api/order/{orderId}/status/v1', {
  params: Schema.Struct({ orderId: OrderId }),
  result: Schema.Struct({ payStatus: Schema.Literals(['success', 'failed', 'waiting']) }),
})

/**
 * The pay service's signed notification (ours: WeChat Pay's callback, here from the local sandbox). The
 * signature is an HMAC-SHA256 of the other fields with the pay service's key; a notifyId is applied once.
 * Outside /transaction/api/: the pay service is not a browser with our CSRF cookie; the signature is the proof.
 */
export const payNotify = post('transaction.payNotify', '/transaction/notify/v1', {
  body: Schema.Struct({
    notifyId: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,64}$/)),
    orderId: OrderId,
    result: PayStatus,
    amount: Int,
    timestamp: Int,
    signature: Sign,
  }),
  result: Schema.Struct({ code: Schema.Literal('SUCCESS') }),
})
// The payment-result (poll) path is "not shown" (spec 001 §7): the pollPayment port answers a
// PaymentResult and its adapter owns the path.
