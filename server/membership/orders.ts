// Orders and payment (issue 13; spec 001 §3 'Created order', 'Payment result'; §4 'Order flow'; §7;
// §8). Every order is made from the server's quote (goods.ts): the client never names a price. One
// order per idempotency key — the sign plus the client's key — by a unique index; gurucoin is debited in
// the same transaction that turns the order paid, by a conditional update that cannot go below zero; a
// pay notification is applied once (pay_notifications), only with the pay service's signature, and
// never for an expired QR.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { CreatedOrder, PayChannel, PaymentResult } from '../../core/api/payment'
import type { PurchasedItem } from '../../core/api/order'
import type { Database } from '../db/schema'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { addCalendarMonths } from '../../core/membership/membership'
import { expectedSign, packagedSpecOf, PURCHASE_MESSAGES as M, quote, requireSpec, specTitle, type SpecRow } from './goods'
import { grantEntitlement, grantMembership } from './grants'
import { circleHolding, grantCircle } from '../circles/service'
import { creditCoin, debitCoin, recordReceived, recordRefunded } from './ledger'
import { requireQualified } from './qualification'
import type { PayNotification, PayPort } from './pay-port'
import { decideSettlement, settlementItemOf, type RefusalReason, type Settlement } from '../../core/order/settlement'
import { TOOLTIP_AGREEMENT } from '../../core/order/order-dialog.machine'
import { QR_VALIDITY_SECONDS } from '../../core/payment/qr-payment.machine'
import { errorMessage } from '../../core/api/api-error'
import { lockUser } from '../accounts/users-repository'
import {
  claimDueRefunds,
  couponPaidElsewhere,
  insertOrderOnce,
  insertRefund,
  lockOrder,
  markOrderPaid,
  markRefundDone,
  orderByQrToken,
  orderOf,
  purchasedRows,
  rechargeOrderStatus,
  recordNotification,
  setCodeUrl,
  setOrderStatus,
  type OrderRow,
} from './orders-repository'
import { isRenewBlocked } from './memberships-repository'

type K = Kysely<Database>

// spec 001 §9: QR validity 300 s — core's rule, the same the QR-payment machine counts down (issue 26)
export { QR_VALIDITY_SECONDS }

export const ORDER_MESSAGES = {
  // spec 001 §8
  orderNotFound: '抱歉，订单号不存在，无法完成付款',
  insufficient: '抱歉，格隆贝余额不足，无法完成付款',
  qrExpired: '对不起，支付超时！请刷新二维码支付',
  notGuruOrder: '该订单不是格隆贝支付订单',
  orderClosed: '订单已关闭，请重新下单',
  wechatUnavailable: '微信支付暂不可用，请使用格隆贝支付',
  badSignature: '支付通知签名校验失败',
  amountMismatch: '支付通知金额与订单不符',
} as const

export interface OrderCtx {
  db: Db
  secret: Buffer
  nowMs: number
  pay: PayPort | null
}
const nowS = (ctx: OrderCtx) => Math.floor(ctx.nowMs / 1000)

/** `GMH` + UTC+8 date + 12 random characters. */
function newOrderId(nowMs: number): string {
  const d = new Date(nowMs + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '')
  return `GMH${d}${randomBytes(9).toString('base64url').replace(/[-_]/g, '0')}`
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** The order as the dialog gets it, with its QR code's URL (asked of WeChat once, then kept). */
async function toCreated(o: OrderRow, ctx: OrderCtx, origin: string): Promise<CreatedOrder> {
  let codeUrl = ''
  // spec 001 §4: sign agreements → create order → pay. Signing names an order, so the order exists first;
  // its QR (what lets WeChat take money) is asked for only once its agreements are signed — the dialog
  // asks for the same order again after signing (ui/membership/order/order-api.ts) and gets it then
  if (o.channel === 'wx_pub_qr' && o.qr_token && ctx.pay && o.status === 'pending' && (await agreementsSigned(ctx.db.kysely, o.user_id, o.specs_id))) {
    codeUrl =
      o.code_url ??
      (await ctx.pay.qrCodeUrl({ id: o.id, amountCents: Number(o.amount_cents), subject: o.subject, expireTimestamp: Number(o.expire_timestamp), qrToken: o.qr_token }, origin))
    if (ctx.pay.kind === 'wechat' && o.code_url === null) await setCodeUrl(ctx.db, o.id, codeUrl)
  }
  return { id: o.id, amount: Number(o.amount_cents), data: { codeUrl }, subject: o.subject }
}

/** The reader has signed every agreement of the good (an agreement signed once, for any order, stays signed); true when it has none. */
async function agreementsSigned(k: K, userId: number, specsId: number): Promise<boolean> {
  const r = (await sql<{ missing: number }>`
    SELECT count(*)::int AS missing FROM agreements a
    JOIN goods g ON g.agreement_route_id = a.route_id JOIN goods_specs s ON s.goods_id = g.id
    WHERE s.id = ${specsId} AND NOT EXISTS (SELECT 1 FROM agreement_signatures sig WHERE sig.user_id = ${userId} AND sig.agreement_id = a.id)`.execute(k)).rows[0]
  return Number(r?.missing ?? 0) === 0
}

/**
 * The settlement rule's input for an order of `spec` (core/order/settlement.ts), read inside the caller's
 * transaction: what the reader holds of it, whether the coupon went to another paid order, the
 * agreements, the renew block. At order creation agreements are not asked (they are signed after).
 */
async function decide(k: K, o: { id: string | null; user_id: number; coupon_id: number | null }, spec: SpecRow, nowSeconds: number, atCreation: boolean): Promise<Settlement> {
  const single = spec.ref_kind === 'article' || spec.ref_kind === 'column' || spec.ref_kind === 'report'
  const held = single
    ? (await sql<{ e: number | null }>`SELECT expire_timestamp AS e FROM entitlements WHERE user_id = ${o.user_id} AND ref_kind = ${spec.ref_kind} AND ref_id = ${spec.ref_id}`.execute(k)).rows[0]
    : spec.ref_kind === 'circle' && spec.ref_id !== null
      ? await circleHeld(k, spec.ref_id, o.user_id)
      : undefined
  const couponSpent = o.coupon_id !== null && (await couponPaidElsewhere(k, o.user_id, o.coupon_id, o.id))
  const blocked = spec.ref_kind === 'membership' && (await isRenewBlocked(k, o.user_id))
  return decideSettlement({
    item: settlementItemOf(spec.ref_kind, spec.months),
    holding: held ? { expireTimestamp: held.e === null ? null : Number(held.e) } : null,
    couponSpentElsewhere: couponSpent,
    agreementsSigned: atCreation || (await agreementsSigned(k, o.user_id, spec.id)),
    renewBlocked: blocked,
    nowSeconds,
  })
}

/** A paid circle's holding as the settlement rule reads it ({e}: its end, null for good). */
async function circleHeld(k: K, circleId: number, userId: number): Promise<{ e: number | null } | undefined> {
  const h = await circleHolding(k, circleId, userId)
  return h ? { e: h.expireTimestamp } : undefined
}

const REFUSAL: Record<RefusalReason, ApiError> = {
  alreadyOwned: new ApiError(400, M.alreadyOwned),
  couponSpent: new ApiError(400, M.couponUnavailable),
  agreementsUnsigned: new ApiError(400, TOOLTIP_AGREEMENT),
  renewBlocked: new ApiError(403, M.renewBlocked),
}
const refusal = (reason: RefusalReason) => new ApiError(REFUSAL[reason].status, REFUSAL[reason].message)

async function checkCanBuy(k: K, userId: number, spec: SpecRow, nowSeconds: number, couponId: number | null = null): Promise<void> {
  const d = await decide(k, { id: null, user_id: userId, coupon_id: couponId }, spec, nowSeconds, true)
  if (d.kind === 'refuse') throw refusal(d.reason)
  // spec 001 §6: buying requires kyc.certification and kyc.svipInvestor
  await requireQualified(k, userId, nowSeconds)
}

/** Inserts the order once per (reader, key); a repeated key answers the order already made. */
async function insertOnce(ctx: OrderCtx, row: Pick<OrderRow, 'user_id' | 'kind' | 'specs_id' | 'coupon_id' | 'amount_cents' | 'channel' | 'subject'> & { idemKey: string; addonSpecsId?: number | null }): Promise<OrderRow> {
  const qr = row.channel === 'wx_pub_qr' ? randomBytes(24).toString('base64url') : null
  return insertOrderOnce(ctx.db, {
    id: newOrderId(ctx.nowMs),
    user_id: row.user_id,
    kind: row.kind,
    specs_id: row.specs_id,
    addon_specs_id: row.addonSpecsId ?? null,
    coupon_id: row.coupon_id,
    amount_cents: row.amount_cents,
    channel: row.channel,
    status: 'pending',
    idem_key: row.idemKey,
    subject: row.subject,
    qr_token: qr,
    create_timestamp: nowS(ctx),
    expire_timestamp: nowS(ctx) + QR_VALIDITY_SECONDS,
  })
}

const subjectOf = (spec: SpecRow) => specTitle(spec).slice(0, 200)

/**
 * POST /transaction/api/order/v1: goodsId (the quote's packageSpecsId), channel, sign, couponId. The sign
 * must be the one of the server's current quote for this reader — a tampered sign, another good or a
 * price that changed since the quote is refused.
 */
export async function createOrder(
  ctx: OrderCtx,
  userId: number,
  body: { goodsId: number; channel: PayChannel; sign: string; couponId?: number | undefined; clientKey?: string | undefined },
  origin: string,
): Promise<CreatedOrder> {
  const k = ctx.db.kysely
  // goodsId is the quote's packageSpecsId: a spec, or a spec with the membership add-on (goods.ts MEMBER_ADDON)
  const packaged = packagedSpecOf(body.goodsId)
  const spec = await requireSpec(k, packaged ?? body.goodsId)
  if (spec.ref_kind === 'coin') throw new ApiError(400, M.rechargeOnly)
  await checkCanBuy(k, userId, spec, nowS(ctx))
  const q = await quote(k, ctx.secret, userId, spec.id, body.couponId, body.couponId === undefined, nowS(ctx), packaged !== null)
  if (!sameHex(body.sign, expectedSign(q.packageId, body.channel, q.userToken))) throw new ApiError(400, M.signMismatch)
  if (body.channel === 'wx_pub_qr' && !ctx.pay) throw new ApiError(503, ORDER_MESSAGES.wechatUnavailable)
  const order = await insertOnce(ctx, {
    user_id: userId,
    kind: 'goods',
    specs_id: spec.id,
    addonSpecsId: q.addon?.id ?? null,
    coupon_id: q.coupon?.couponId ?? null,
    amount_cents: q.total,
    channel: body.channel,
    subject: q.addon ? `${subjectOf(spec)} + ${specTitle(q.addon)}`.slice(0, 200) : subjectOf(spec),
    idemKey: `${body.sign}:${body.clientKey ?? ''}`,
  })
  return toCreated(order, ctx, origin)
}

/** POST /api/purchase/v3 (specsId, couponId): a WeChat order at the server's price, once per client key. */
export async function purchase(ctx: OrderCtx, userId: number, body: { specsId: number; couponId?: number | undefined; clientKey?: string | undefined }): Promise<{ id: string; amount: number; subject: string }> {
  const k = ctx.db.kysely
  const spec = await requireSpec(k, body.specsId)
  if (spec.ref_kind === 'coin') throw new ApiError(400, M.rechargeOnly)
  await checkCanBuy(k, userId, spec, nowS(ctx))
  const q = await quote(k, ctx.secret, userId, spec.id, body.couponId, body.couponId === undefined, nowS(ctx))
  if (!ctx.pay) throw new ApiError(503, ORDER_MESSAGES.wechatUnavailable)
  const key = body.clientKey ? `purchase:${body.clientKey}` : `purchase:${q.userToken}:${Math.floor(nowS(ctx) / QR_VALIDITY_SECONDS)}`
  const o = await insertOnce(ctx, { user_id: userId, kind: 'goods', specs_id: spec.id, coupon_id: q.coupon?.couponId ?? null, amount_cents: q.total, channel: 'wx_pub_qr', subject: subjectOf(spec), idemKey: key })
  return { id: o.id, amount: Number(o.amount_cents), subject: o.subject }
}

/** POST /transaction/api/recharge/v2: a WeChat order for gurucoin; an amount that is not the price is refused. */
export async function recharge(
  ctx: OrderCtx,
  userId: number,
  body: { goodsId: number; amount?: number | undefined; sign: string; clientKey?: string | undefined },
  origin: string,
): Promise<CreatedOrder> {
  const k = ctx.db.kysely
  const spec = await requireSpec(k, body.goodsId)
  if (spec.ref_kind !== 'coin') throw new ApiError(400, M.notRecharge)
  if (body.amount !== undefined && body.amount !== spec.price_cents) throw new ApiError(400, M.priceChanged)
  const q = await quote(k, ctx.secret, userId, spec.id, undefined, true, nowS(ctx))
  if (!sameHex(body.sign, expectedSign(spec.id, 'wx_pub_qr', q.userToken))) throw new ApiError(400, M.signMismatch)
  if (!ctx.pay) throw new ApiError(503, ORDER_MESSAGES.wechatUnavailable)
  const o = await insertOnce(ctx, { user_id: userId, kind: 'recharge', specs_id: spec.id, coupon_id: null, amount_cents: q.total, channel: 'wx_pub_qr', subject: subjectOf(spec), idemKey: `${body.sign}:${body.clientKey ?? ''}` })
  return toCreated(o, ctx, origin)
}

/** What a paid order gives; runs in the paying transaction, after the settlement rule said grant. */
async function fulfil(k: K, o: OrderRow, nowMs: number, periodFrom: number): Promise<void> {
  await grantSpec(k, o, o.specs_id, nowMs, periodFrom)
  if (o.addon_specs_id !== null) await grantSpec(k, o, o.addon_specs_id, nowMs, Math.floor(nowMs / 1000))
}

async function grantSpec(k: K, o: OrderRow, specsId: number, nowMs: number, periodFrom: number): Promise<void> {
  const spec = await requireSpec(k, specsId)
  const seconds = Math.floor(nowMs / 1000)
  if (spec.ref_kind === 'membership' && spec.tier && spec.months) await grantMembership(k, o.user_id, spec.tier, spec.months, nowMs)
  else if (spec.ref_kind === 'coin' && spec.coin_cents) await creditCoin(k, o.user_id, spec.coin_cents, o.id, seconds)
  else if ((spec.ref_kind === 'article' || spec.ref_kind === 'column' || spec.ref_kind === 'report') && spec.ref_id !== null) {
    // a period (a column's year) ends: calendar months from its start (an early renewal starts at the old end)
    const expire = spec.months ? Math.floor(addCalendarMonths(periodFrom * 1000, spec.months) / 1000) : null
    await grantEntitlement(k, o.user_id, spec.ref_kind, spec.ref_id, o.id, seconds, expire)
  } else if (spec.ref_kind === 'circle' && spec.ref_id !== null && spec.months) {
    // a paid circle (goods type financialCircle): a membership with an expiry, like a column's period
    await grantCircle(k, spec.ref_id, o.user_id, o.id, seconds, Math.floor(addCalendarMonths(periodFrom * 1000, spec.months) / 1000))
  }
}

/** Locks the reader's row: one settlement per reader at a time, so two orders for one thing cannot both pass the rule. */
const lockReader = (k: K, userId: number) => lockUser(k, userId)

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (e: unknown) => (e as { code?: unknown })?.code === UNIQUE_VIOLATION

/**
 * POST /transaction/api/guru-pay/v1 (orderId): one transaction — lock the order, debit the balance only
 * where it covers the amount (`coin >= amount`: never negative), mark paid, grant. A paid order answers
 * success again without a second debit.
 */
export async function guruPay(ctx: OrderCtx, userId: number, orderId: string): Promise<PaymentResult> {
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const o = await lockOrder(trx, orderId, userId)
      if (!o) throw new ApiError(400, ORDER_MESSAGES.orderNotFound)
      if (o.status === 'paid') return { payStatus: 'success' as const }
      if (o.channel !== 'guru_pay') throw new ApiError(400, ORDER_MESSAGES.notGuruOrder)
      if (o.status !== 'pending') throw new ApiError(400, ORDER_MESSAGES.orderClosed)
      await lockReader(trx, userId)
      // the one rule, asked again now that nothing else of this reader's can settle: refused, nothing is taken
      const d = await decide(trx, o, await requireSpec(trx, o.specs_id), nowS(ctx), false)
      if (d.kind === 'refuse') throw refusal(d.reason)
      if (!(await debitCoin(trx, userId, Number(o.amount_cents), o.id, nowS(ctx)))) throw new ApiError(400, ORDER_MESSAGES.insufficient)
      await markOrderPaid(trx, o.id, nowS(ctx), true)
      await fulfil(trx, o, ctx.nowMs, d.kind === 'grant' ? d.periodFrom : nowS(ctx))
      return { payStatus: 'success' as const }
    })
  } catch (error) {
    // orders_coupon_paid_idx: the coupon already paid for another order
    if (isUniqueViolation(error)) throw new ApiError(400, M.couponUnavailable)
    throw error
  }
}

/** The pay-status poll: success, failed, or waiting (spec 001 §4: polled every 5 s). */
export async function paymentStatus(k: K, userId: number, orderId: string): Promise<{ payStatus: 'success' | 'failed' | 'waiting' }> {
  const o = await orderOf(k, orderId, userId)
  if (!o) throw new ApiError(404, ORDER_MESSAGES.orderNotFound)
  // an order paid but refunded (it could no longer be granted) is closed, as a failed one
  return { payStatus: o.status === 'paid' ? 'success' : o.status === 'pending' ? 'waiting' : 'failed' }
}

/**
 * POST /transaction/api/recharge-status/{orderId}: the reader's own recharge order's status and their
 * balance. It only reads: the coin is credited once, when the pay service says the order was paid
 * (applyVerifiedNotification), so polling it any number of times changes nothing.
 */
export async function rechargeStatus(k: K, userId: number, orderId: string): Promise<{ payStatus: 'success' | 'failed' | 'waiting'; coin: number }> {
  const r = await rechargeOrderStatus(k, orderId, userId)
  if (!r) throw new ApiError(404, ORDER_MESSAGES.orderNotFound)
  return { payStatus: r.status === 'paid' ? 'success' : r.status === 'pending' ? 'waiting' : 'failed', coin: Number(r.coin) }
}

/**
 * The pay service's notification: verified signature, then in one transaction — the notifyId recorded
 * once (a replay changes nothing), the amount checked, the order paid (and granted) or failed. Money
 * WeChat took for an order that cannot be granted (already held, coupon spent, agreements unsigned,
 * expired or closed) is recorded and refunded — never kept. A pending order is settled at most once.
 */
export async function applyNotification(ctx: OrderCtx, n: PayNotification, signature: string): Promise<{ code: 'SUCCESS' }> {
  if (!ctx.pay || !ctx.pay.verify(n, signature)) throw new ApiError(401, ORDER_MESSAGES.badSignature)
  return applyVerifiedNotification(ctx, n)
}

/** Why a payment was returned (pay_refunds.reason; WeChat's refund reason text). */
const REFUND_REASONS: Record<RefusalReason | 'expired' | 'closed', string> = {
  alreadyOwned: '已购买过该商品，款项原路退回',
  couponSpent: '优惠券已使用，款项原路退回',
  agreementsUnsigned: '未签署协议，款项原路退回',
  renewBlocked: '账号不支持网站续费，款项原路退回',
  expired: '订单已超时，款项原路退回',
  closed: '订单已关闭，款项原路退回',
}

/** A notification whose origin the pay port has already proved (WeChat's signature: wechat-pay.ts). */
export async function applyVerifiedNotification(ctx: OrderCtx, n: PayNotification): Promise<{ code: 'SUCCESS' }> {
  const refundDue = await ctx.db.kysely.transaction().execute(async (trx) => {
    const o = await lockOrder(trx, n.orderId)
    if (!o || o.channel !== 'wx_pub_qr') throw new ApiError(404, ORDER_MESSAGES.orderNotFound)
    if (n.amount !== Number(o.amount_cents)) throw new ApiError(400, ORDER_MESSAGES.amountMismatch)
    if (!(await recordNotification(trx, n.notifyId, o.id, nowS(ctx)))) return false // a replay
    if (n.result === 'failed') {
      if (o.status === 'pending') await setOrderStatus(trx, o.id, 'failed')
      return false
    }
    // WeChat took the money: from here it is granted or owed back
    if (o.status === 'paid' || o.status === 'refunding' || o.status === 'refunded') return false // this payment is settled already
    await lockReader(trx, o.user_id)
    await recordReceived(trx, o, nowS(ctx))
    const d: Settlement | { kind: 'refuse'; reason: 'expired' | 'closed' } =
      o.status === 'failed' ? { kind: 'refuse', reason: 'closed' }
      : nowS(ctx) > Number(o.expire_timestamp) ? { kind: 'refuse', reason: 'expired' }
      : await decide(trx, o, await requireSpec(trx, o.specs_id), nowS(ctx), false)
    if (d.kind === 'refuse') {
      await setOrderStatus(trx, o.id, 'refunding')
      await insertRefund(trx, { id: `RF${o.id}`.slice(0, 64), order_id: o.id, user_id: o.user_id, amount_cents: o.amount_cents, reason: REFUND_REASONS[d.reason], created_at: nowS(ctx) })
      return true
    }
    await markOrderPaid(trx, o.id, nowS(ctx), false)
    await fulfil(trx, o, ctx.nowMs, d.periodFrom)
    return false
  })
  // the refund is asked of the pay service after the transaction; one that fails stays pending and is
  // asked again (processRefunds runs every minute: server/main.ts)
  if (refundDue) await processRefunds(ctx).catch((error: unknown) => console.error(`refund: ${errorMessage(error, 'error').slice(0, 200)}`))
  return { code: 'SUCCESS' }
}

/** A claim older than this is taken again (its process died, or the pay service did not answer). */
export const REFUND_CLAIM_SECONDS = 60

/**
 * Returns the money of every refund owed: each is claimed (so one process asks at a time), asked of the
 * pay port (WeChat Pay v3 refunds are idempotent by out_refund_no, so asking twice returns once), then
 * recorded in the ledger and the order marked refunded. Answers how many were returned.
 */
export async function processRefunds(ctx: OrderCtx): Promise<number> {
  if (!ctx.pay) return 0
  const k = ctx.db.kysely
  const now = nowS(ctx)
  const due = await claimDueRefunds(k, now, now - REFUND_CLAIM_SECONDS, 20)
  let returned = 0
  for (const r of due) {
    const amount = Number(r.amount_cents)
    await ctx.pay.refund({ refundId: r.id, orderId: r.order_id, amountCents: amount, totalCents: amount, reason: r.reason })
    await k.transaction().execute(async (trx) => {
      if (!(await markRefundDone(trx, r.id, nowS(ctx)))) return
      await recordRefunded(trx, { order_id: r.order_id, user_id: Number(r.user_id), amount_cents: amount }, nowS(ctx))
      await setOrderStatus(trx, r.order_id, 'refunded')
      returned++
    })
  }
  return returned
}

/** The order behind a QR token (the sandbox's page). */
export async function orderByQr(k: K, token: string): Promise<OrderRow | undefined> {
  return orderByQrToken(k, token)
}

/** GET /api/user-purchased/v1: the reader's paid orders (and refunded ones, marked), newest first. */
export async function purchasedOf(k: K, userId: number): Promise<PurchasedItem[]> {
  const rows = await purchasedRows(k, userId)
  return rows.map((r) => ({
    orderId: r.id,
    // the names as pages and orders show them (specTitle), with the membership add-on bought alongside
    name: specTitle(r) + (r.addon_name !== null && r.addon_goods_name !== null ? ` + ${specTitle({ goods_name: r.addon_goods_name, name: r.addon_name })}` : ''),
    type: r.type as PurchasedItem['type'],
    link: r.link,
    amount: Number(r.amount_cents),
    channel: r.channel,
    payTimestamp: Number(r.paid_timestamp),
    // a refunded order (the circle-admin console's refund) holds nothing any more
    ...(r.status !== 'paid' ? { refunded: true } : r.expire !== null && r.expire !== undefined ? { expireTimestamp: Number(r.expire) } : {}),
  }))
}
