// spec 001 §3 'Order goods', 'Purchase info', 'Order info', 'Coupon', 'Address', 'Success page data',
// 'Pre-purchase confirmation result', 'Agreement' and §7 'Membership and purchase': the calls of
// the order dialog. Field names are the spec's; money in integer cents (spec 001 §9: amount / 100).
import * as Schema from 'effect/Schema'
import { BoolFromString, Id, IdFromString, isIdList, Seconds, Text } from './common'
import { get, post, SHORT_TIMEOUT_MS } from './endpoint'
import { CD_KEY_PATTERN } from '../order/cd-key'
import { GOODS_TYPES } from '../order/goods-types'

/** spec 001 §1: what can be bought. */
export const GoodsType = Schema.Literals(GOODS_TYPES)
export type GoodsType = typeof GoodsType.Type

/**
 * spec 001 §3 'Coupon': couponId, couponName, startTimestamp, endTimestamp, description, amount or
 * discount (shown as 'n 折'), isAvailable. `amount` is in cents; `discount` is the share of the price
 * that is paid, 0 < discount < 1 (0.85 shows '8.5 折', core/format/money formatDiscount).
 */
export const Coupon = Schema.Struct({
  couponId: Schema.Number,
  couponName: Schema.String,
  startTimestamp: Seconds,
  endTimestamp: Seconds,
  description: Schema.String,
  amount: Schema.optional(Schema.Number),
  discount: Schema.optional(Schema.Number),
  isAvailable: Schema.Boolean,
})
export type Coupon = typeof Coupon.Type

/** spec 001 §3 'Purchase info' vipDiscount: specsId, tip, summary, button, icon — the membership add-on. */
export const VipDiscount = Schema.Struct({
  specsId: Schema.Number,
  tip: Schema.String,
  summary: Schema.String,
  button: Schema.String,
  icon: Schema.String,
})
export type VipDiscount = typeof VipDiscount.Type

/**
 * spec 001 §3 'Agreement': id, title, paramMap (the values filled into the agreement's {{keys}}). The
 * one agreement shape of the contract: purchase info and order info carry it, and the agreements of a
 * purchase route (core/api/reading-docs.ts routeAgreements) extend it with the filled document.
 */
export const Agreement = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  paramMap: Schema.optional(Schema.Record(Schema.String, Schema.String)),
})
export type Agreement = typeof Agreement.Type

/**
 * spec 001 §3 'Purchase info': specsId, name, price, originalPriceText, vipPriceText,
 * currentPriceText, period, tag, badge, displayUnit, displayButtonText, coupons, vipDiscount,
 * agreements, relevances (title, validTime). The display texts are optional.
 */
export const PurchaseInfo = Schema.Struct({
  specsId: Schema.Number,
  name: Schema.String,
  price: Schema.Number,
  originalPriceText: Schema.optional(Schema.String),
  vipPriceText: Schema.optional(Schema.String),
  currentPriceText: Schema.optional(Schema.String),
  period: Schema.optional(Schema.String),
  tag: Schema.optional(Schema.String),
  badge: Schema.optional(Schema.String),
  displayUnit: Schema.optional(Schema.String),
  displayButtonText: Schema.optional(Schema.String),
  coupons: Schema.Array(Coupon),
  vipDiscount: Schema.optional(Schema.NullOr(VipDiscount)),
  agreements: Schema.optional(Schema.Array(Agreement)),
  relevances: Schema.optional(Schema.Array(Schema.Struct({ title: Schema.String, validTime: Schema.String }))),
})
export type PurchaseInfo = typeof PurchaseInfo.Type

/** spec 001 §3 'Order goods by type': title, name, link, purchaseInfos. */
export const OrderGoods = Schema.Struct({
  title: Schema.String,
  name: Schema.String,
  link: Schema.String,
  purchaseInfos: Schema.Array(PurchaseInfo),
})
export type OrderGoods = typeof OrderGoods.Type

/** The goods list answers the goods keyed by their type. */
export const GoodsByType = Schema.Struct(
  Object.fromEntries(GoodsType.literals.map((t) => [t, Schema.optional(OrderGoods)])) as {
    [K in GoodsType]: Schema.optional<typeof OrderGoods>
  },
)
export type GoodsByType = typeof GoodsByType.Type

/** spec 001 §3 'Order info' payInfo: total, totalText, goods (name, currentPriceText), packageSpecsId. */
export const PayInfo = Schema.Struct({
  total: Schema.Number,
  totalText: Schema.String,
  goods: Schema.Array(Schema.Struct({ name: Schema.String, currentPriceText: Schema.String })),
  packageSpecsId: Schema.Number,
})
export type PayInfo = typeof PayInfo.Type

/**
 * spec 001 §3 'Order info' — what the payment call answers: memberPrice, couponList, chooseCoupon,
 * vipDiscount, vipGoodId, agreements, payInfo, publicKey, userToken, rightDescription (title,
 * rightDescriptionList), userCoin. (paymethod, memberSpecsId and address are the dialog's own.)
 */
export const OrderInfo = Schema.Struct({
  memberPrice: Schema.optional(Schema.Number),
  couponList: Schema.Array(Coupon),
  chooseCoupon: Schema.optional(Schema.NullOr(Coupon)),
  vipDiscount: Schema.optional(Schema.NullOr(VipDiscount)),
  vipGoodId: Schema.optional(Schema.Number),
  agreements: Schema.Array(Agreement),
  payInfo: PayInfo,
  publicKey: Schema.String,
  userToken: Schema.String,
  rightDescription: Schema.optional(
    Schema.Struct({ title: Schema.String, rightDescriptionList: Schema.Array(Schema.String) }),
  ),
  userCoin: Schema.optional(Schema.Number),
})
export type OrderInfo = typeof OrderInfo.Type

/** spec 001 §3 'Pre-purchase confirmation result'. */
export const PrePurchaseConfirmation = Schema.Struct({
  userInfo: Schema.Struct({ realName: Schema.String }),
  commodity: Schema.Struct({ name: Schema.String }),
  riskVO: Schema.Struct({ result: Schema.String, productRiskLevel: Schema.String, isMatch: Schema.Boolean }),
  companyInfo: Schema.Struct({ companyName: Schema.String }),
  agreements: Schema.Array(Schema.Struct({ id: Schema.Number, title: Schema.String })),
})
export type PrePurchaseConfirmation = typeof PrePurchaseConfirmation.Type

/** spec 001 §3 'Address payload': name, countryCode, phoneNum, country, state, city, address. */
export const AddressPayload = Schema.Struct({
  name: Text(20),
  countryCode: Schema.String.check(Schema.isPattern(/^\d{1,4}$/)),
  phoneNum: Schema.String.check(Schema.isPattern(/^\d{8}$|^\d{11}$/)),
  country: Text(40),
  state: Text(40),
  city: Text(40),
  address: Text(200),
})
export type AddressPayload = typeof AddressPayload.Type

/** spec 001 §3 'Success page data': assistantQrCodeUrl, name, returnRoute (online customer link: its own call). */
export const SuccessInfo = Schema.Struct({
  assistantQrCodeUrl: Schema.String,
  name: Schema.String,
  returnRoute: Schema.String,
})
export type SuccessInfo = typeof SuccessInfo.Type

// --- endpoints (spec 001 §7 'Membership and purchase') -----------------------------------------

const SpecsIdQuery = Schema.Struct({ specsId: IdFromString })

export const goodsList = get('purchase.goodsList', '/api/purchase/goods-list/v7', {
  query: Schema.Struct({ specsId: Schema.optional(IdFromString), onlyVip: Schema.optional(BoolFromString) }),
  result: GoodsByType,
})

/** specsIds travel comma-joined (core/api/endpoint buildQuery joins arrays). */
export const commodityPayment = get('purchase.commodityPayment', '/api/purchase/commodity/payment/v2', {
  query: Schema.Struct({
    specsIds: Schema.String.check(Schema.isPattern(/^\d{1,10}(,\d{1,10}){0,4}$/), isIdList),
    couponId: Schema.optional(IdFromString),
    noNeedCoupon: Schema.optional(BoolFromString),
  }),
  result: Schema.NullOr(OrderInfo),
})

/**
 * An idempotency key the client makes once per purchase attempt (ours: the spec shows none). The same
 * key — with the same sign on /transaction/api/order/v1 — answers the same order, never a second one.
 */
export const ClientKey = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,64}$/))

/** spec 001 §7: POST /api/purchase/v3 (specsId, couponId) — an order for one spec at the server's price. */
export const purchase = post('purchase.create', '/api/purchase/v3', {
  body: Schema.Struct({ specsId: Id, couponId: Schema.optional(Id), clientKey: Schema.optional(ClientKey) }),
  result: Schema.Struct({ id: Schema.String, amount: Schema.Number, subject: Schema.String }),
})

/** spec 001 §7: GET /api/user-coupons — the reader's coupons (/my/coupon). */
export const userCoupons = get('coupons.mine', '/api/user-coupons', {
  query: Schema.Struct({ isAvailable: Schema.optional(BoolFromString) }),
  result: Schema.Array(Coupon),
})

/**
 * spec 001 §7: GET /api/user-coupons/exchange (cdKey) — a GET of the spec that changes state
 * (changesState: CSRF-checked like a POST, server/accounts/http.ts STATE_CHANGING_GETS).
 */
export const exchangeCoupon = get('coupons.exchange', '/api/user-coupons/exchange', {
  changesState: true,
  query: Schema.Struct({ cdKey: Schema.String.check(Schema.isPattern(CD_KEY_PATTERN)) }),
  result: Coupon,
})

/** spec 001 §3 'Agreement' signing: orderId, agreementIds — POST /api/agreement/v1 (§7). */
export const signAgreements = post('agreements.sign', '/api/agreement/v1', {
  body: Schema.Struct({ orderId: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9-]{1,40}$/)), agreementIds: Schema.Array(Id).check(Schema.isMaxLength(20)) }),
  result: Schema.Null,
})

/** One purchase of /my/purchase (spec 000 §7 /api/user-purchased/v1; fields ours: the spec shows none). */
export const PurchasedItem = Schema.Struct({
  orderId: Schema.String,
  name: Schema.String,
  type: GoodsType,
  link: Schema.String,
  amount: Schema.Number,
  channel: Schema.String,
  payTimestamp: Seconds,
  /** memberships: the tier's expiry (seconds) */
  expireTimestamp: Schema.optional(Seconds),
  /** the money went back (a circle owner's refund, issue 29): the purchase holds nothing any more */
  refunded: Schema.optional(Schema.Boolean),
})
export type PurchasedItem = typeof PurchasedItem.Type

export const userPurchased = get('purchase.mine', '/api/user-purchased/v1', { result: Schema.Array(PurchasedItem) })

export const goodsCoupons = get('coupons.forGoods', '/api/user-coupons/{x}/coupons/v2', {
  params: Schema.Struct({ x: IdFromString }),
  query: Schema.Struct({ isAvailable: Schema.optional(BoolFromString) }),
  result: Schema.Array(Coupon),
})

export const prePurchaseConfirmation = get('prePurchase.confirmation', '/api/pre-purchase/confirmation/v1', {
  query: SpecsIdQuery,
  result: PrePurchaseConfirmation,
})

// GET /api/agreements/route/{id}/v1 (the agreements of a purchase route, a list): reading-docs.ts routeAgreements.

export const userAddress = get('userAddress.get', '/api/user-address/v1', { result: Schema.NullOr(AddressPayload) })
export const saveUserAddress = post('userAddress.save', '/api/user-address/v1', { body: AddressPayload, result: Schema.Unknown })

export const purchaseAssistant = get('purchase.assistant', '/api/purchase/assistant/v1', { query: SpecsIdQuery, result: SuccessInfo })

/** spec 001 §7: online customer link, 5 s timeout. */
export const onlineCustomer = get('onlineCustomer', '/api/online-customer/v1', { timeoutMs: SHORT_TIMEOUT_MS, result: Schema.Unknown })
// The sign-agreement path is not shown (spec 001 §7; signing payload orderId, agreementIds): the
// signAgreements port owns it.
