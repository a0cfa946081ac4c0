// Routes of membership and purchase (issue 13; spec 001 §7 'Membership and purchase', 'Qualification'),
// registered by server/app.ts. Thin: sign-in, then one service call. CSRF is the app-wide check
// (accounts/http.ts, which covers /transaction/api/ too). The WeChat Pay sandbox's page and the pay
// notification live here as well (pay-port.ts).
import { randomBytes } from 'node:crypto'
import type { Context, Hono } from 'hono'
import * as order from '../../core/api/order'
import * as payment from '../../core/api/payment'
import * as attestation from '../../core/api/attestation'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { ApiError, failure } from '../http/api-error'
import { requireUser, currentUser } from '../accounts/session'
import { sandboxAllowed } from '../mode'
import { originOf } from '../seo/feeds'
import { couponsOf, exchangeCdKey, goodsList, orderInfo, requireSpec, specTitle } from './goods'
import { applyNotification, applyVerifiedNotification, createOrder, guruPay, ORDER_MESSAGES, orderByQr, paymentStatus, processRefunds, purchase, purchasedOf, recharge, rechargeStatus, type OrderCtx } from './orders'
import { payPortFor, SandboxPay, type PayPort } from './pay-port'
import { WECHAT_NOTIFY_PATH, WechatPayV3 } from './wechat-pay'
import { allocationForResult, localIdentityCheck, prePurchase, questionnaireOf, realNameStatus, riskResultOf, submitAnswers, submitRealName, type IdentityCheckPort } from './qualification'
import { getAddress, saveAddress, signAgreements } from './address'
import { sandboxPayPage } from './sandbox-page'
import * as memberArea from '../../core/api/member-area'
import { EQUITY_ARTICLES_PAGE, MEMBER_ARTICLES_PAGE, SHOP_COLUMNS_DEFAULT } from '../../core/membership/member-content'
import { viewerOf } from './paywall'
import { albumAllContent, albumOf, albumTrialContent, articleEquities, industryRevival, memberArticlesCursor, memberArticlesPage, requireEquity, shopColumns, trialArticles, VIP_EQUITIES, vipExpiration, vipTiers, vipWebHome } from './member-content'
import { errorMessage } from '../../core/api/api-error'

export interface MembershipPorts {
  pay: PayPort | null
  identity: IdentityCheckPort
}

/** The customer-service link (spec 001 §7 online customer; ours: the contact page). */
const ONLINE_CUSTOMER = { url: '/terms/contact' }
/** The member assistant's WeChat QR shown on the success page (spec 001 §3 'Success page data'). */
const ASSISTANT_QR = '/favicon.svg'

export function registerMembershipWith(ports: MembershipPorts): RegisterFeature {
  return (app, { db, clock, env }) => {
    // the quote's user token is an HMAC with this key (goods.ts); PAY_SIGN_SECRET keeps it across restarts
    const secret = env.PAY_SIGN_SECRET ? Buffer.from(env.PAY_SIGN_SECRET) : randomBytes(32)
    const ctx = (): OrderCtx => ({ db, secret, nowMs: clock(), pay: ports.pay })
    refundContexts.set(db, ctx)
    const k = db.kysely
    const now = () => Math.floor(clock() / 1000)
    const uid = async (c: Context) => (await requireUser(c, db)).id

    // --- goods, coupons, the dialog's order info -------------------------------------------------
    route(app, order.goodsList, async ({ query, c }) => goodsList(k, (await currentUser(c, db))?.id ?? null, query.onlyVip ? undefined : query.specsId, now()))
    route(app, order.commodityPayment, async ({ query, c }) => {
      const user = await uid(c)
      return orderInfo(k, secret, user, query.specsIds.split(',').map(Number), query.couponId, query.noNeedCoupon ?? false, now())
    })
    route(app, order.goodsCoupons, async ({ params, query, c }) => {
      const user = await uid(c)
      const spec = await requireSpec(k, params.x)
      const list = await couponsOf(k, user, spec.type, now())
      return query.isAvailable === undefined ? list : list.filter((x) => x.isAvailable === query.isAvailable)
    })
    route(app, order.userCoupons, async ({ query, c }) => {
      const list = await couponsOf(k, await uid(c), null, now())
      return query.isAvailable === undefined ? list : list.filter((x) => x.isAvailable === query.isAvailable)
    })
    route(app, order.exchangeCoupon, async ({ query, c }) => exchangeCdKey(k, await uid(c), query.cdKey, now()))
    route(app, order.prePurchaseConfirmation, async ({ query, c }) => prePurchase(k, await uid(c), query.specsId, now()))
    route(app, order.signAgreements, async ({ body, c }) => signAgreements(k, await uid(c), body.orderId, body.agreementIds, now()))
    route(app, order.userAddress, async ({ c }) => getAddress(k, await uid(c)))
    route(app, order.saveUserAddress, async ({ body, c }) => saveAddress(k, await uid(c), body))
    route(app, order.purchaseAssistant, async ({ query, c }) => {
      await uid(c)
      const spec = await requireSpec(k, query.specsId)
      return { assistantQrCodeUrl: ASSISTANT_QR, name: specTitle(spec), returnRoute: spec.link }
    })
    route(app, order.onlineCustomer, () => ONLINE_CUSTOMER)
    route(app, order.userPurchased, async ({ c }) => purchasedOf(k, await uid(c)))

    // --- the member area's reads (core/api/member-area.ts) ----------------------------------------------
    const viewer = (c: Context) => viewerOf(c, db, clock())
    const numbered = (q: { page?: number | undefined; count?: number | undefined }, count = MEMBER_ARTICLES_PAGE) => ({ page: q.page ?? 1, count: q.count ?? count })
    route(app, memberArea.vips, () => vipTiers(db))
    route(app, memberArea.vipsWeb, async ({ c, lang }) => vipWebHome(db, await viewer(c), lang))
    route(app, memberArea.vipsEquity, () => VIP_EQUITIES)
    route(app, memberArea.vipArticles, async ({ query, c, lang }) => memberArticlesPage(db, await viewer(c), { channel: query.channel }, numbered(query), lang))
    route(app, memberArea.vipArticlesV2, async ({ query, c, lang }) => memberArticlesCursor(db, await viewer(c), { olderThan: query.timestamp }, query.count ?? MEMBER_ARTICLES_PAGE, lang))
    route(app, memberArea.vipExpiration, async ({ c }) => vipExpiration(db, await uid(c), now()))
    route(app, memberArea.vipTrialArticles, async ({ query, c, lang }) => trialArticles(db, await viewer(c), numbered(query), lang))
    route(app, memberArea.articleEquities, () => articleEquities(db))
    route(app, memberArea.equityArticles, async ({ params, query, c, lang }) => memberArticlesPage(db, await viewer(c), { equity: requireEquity(params.id) }, numbered(query), lang))
    route(app, memberArea.equityArticlesV2, async ({ params, query, c, lang }) =>
      memberArticlesCursor(db, await viewer(c), { equity: requireEquity(params.id), olderThan: query.timestamp }, query.count ?? MEMBER_ARTICLES_PAGE, lang))
    route(app, memberArea.allEquityArticles, async ({ query, c, lang }) => memberArticlesCursor(db, await viewer(c), { olderThan: query.timestamp }, query.loaded ?? EQUITY_ARTICLES_PAGE, lang))
    route(app, memberArea.album, async ({ params, c }) => albumOf(db, await viewer(c), params.id))
    route(app, memberArea.albumAllContent, async ({ params, query, c }) => albumAllContent(db, await viewer(c), params.id, numbered(query, 20)))
    route(app, memberArea.albumTrialContent, ({ params }) => albumTrialContent(db, now(), params.id))
    route(app, memberArea.shopColumns, ({ query }) => shopColumns(db, query.limit ?? SHOP_COLUMNS_DEFAULT))
    route(app, memberArea.industryRevival, async ({ c }) => industryRevival(db, await viewer(c)))
    const goodsOf = async ({ query, c }: { query: { specsId?: number | undefined; onlyVip?: boolean | undefined }; c: Context }) =>
      goodsList(k, (await currentUser(c, db))?.id ?? null, query.onlyVip ? undefined : query.specsId, now())
    route(app, memberArea.goodsListV1, goodsOf)
    route(app, memberArea.webGoodsList, goodsOf)

    // --- orders and payment -------------------------------------------------------------------------
    route(app, order.purchase, async ({ body, c }) => purchase(ctx(), await uid(c), body))
    route(app, payment.createOrder, async ({ body, c }) => createOrder(ctx(), await uid(c), body, originOf(c)))
    route(app, payment.guruPay, async ({ body, c }) => guruPay(ctx(), await uid(c), body.orderId))
    route(app, payment.recharge, async ({ body, c }) => recharge(ctx(), await uid(c), body, originOf(c)))
    route(app, payment.rechargeStatus, async ({ params, c }) => rechargeStatus(k, await uid(c), params.orderId))
    route(app, payment.paymentStatus, async ({ params, c }) => paymentStatus(k, await uid(c), params.orderId))
    // the pay service calls back: no session, no CSRF cookie — its signature is the proof; a browser's
    // cross-site request is refused like everywhere else
    app.use(payment.payNotify.path, async (c, next) => {
      if (c.req.header('sec-fetch-site') === 'cross-site') return c.json(failure(403, '非法请求'), 403)
      await next()
    })
    route(app, payment.payNotify, async ({ body }) => {
      const { signature, ...n } = body
      return applyNotification(ctx(), n, signature)
    })

    // --- qualification -----------------------------------------------------------------------------
    route(app, attestation.realNameStatus, async ({ c }) => realNameStatus(k, await uid(c)))
    route(app, attestation.submitRealName, async ({ body, c }) => submitRealName(k, ports.identity, await uid(c), body, now()))
    route(app, attestation.questionnaireInfo, async ({ params, c }) => riskResultOf(k, await uid(c), params.id))
    route(app, attestation.questionnaire, ({ params }) => questionnaireOf(params.id))
    route(app, attestation.submitAnswers, async ({ params, body, c }) => submitAnswers(k, await uid(c), params.id, body, now()))
    route(app, attestation.assetAllocation, async ({ params, c }) => allocationForResult(k, await uid(c), params.id))

    // --- the WeChat Pay sandbox: local mode, loopback only ----------------------------------------
    if (ports.pay instanceof SandboxPay) registerSandbox(app, ports.pay, ctx, (c) => sandboxAllowed(c, env))
    // --- WeChat Pay's own notifications (production): its signature and cipher are the proof -------
    if (ports.pay instanceof WechatPayV3) registerWechatNotify(app, ports.pay, ctx)
  }
}

/** Each database's order context, for the refund sweep (server/main.ts). */
const refundContexts = new WeakMap<object, () => OrderCtx>()

/** The order context of a database's app (its pay port): the circle-admin console's refund returns money through it. */
export const orderContextOf = (db: object): OrderCtx | undefined => refundContexts.get(db)?.()

/** Ours: how often refunds still owed (the pay service failed or the process died) are asked again. */
export const REFUND_SWEEP_MS = 60_000

/**
 * Asks again, every REFUND_SWEEP_MS, for every refund still owed on this database (orders.ts
 * processRefunds); answers a function that stops it. Several processes may sweep: each refund is claimed.
 */
export function startRefundSweep(db: object): () => void {
  const ctx = refundContexts.get(db)
  if (!ctx) return () => {}
  const timer = setInterval(() => {
    processRefunds(ctx()).catch((error: unknown) => console.error(`refund sweep: ${errorMessage(error, 'error').slice(0, 200)}`))
  }, REFUND_SWEEP_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/** The sandbox of each database's app: tests sign notifications with it (a replay, a forged one). */
const sandboxes = new WeakMap<object, SandboxPay>()
export const sandboxPayOf = (db: object): SandboxPay | undefined => sandboxes.get(db)

function registerSandbox(app: Hono, pay: SandboxPay, ctx: () => OrderCtx, allowed: (c: Context) => boolean): void {
  sandboxes.set(ctx().db, pay)
  const notFoundText = (c: Context) => c.text('Not Found', 404)
  app.get('/sandbox/pay/:token{[A-Za-z0-9_-]{32}}', async (c) => {
    if (!allowed(c)) return notFoundText(c)
    const o = await orderByQr(ctx().db.kysely, c.req.param('token'))
    if (!o) return notFoundText(c)
    return c.html(sandboxPayPage(o, ctx().nowMs, null))
  })
  // the phone's answer: pay or refuse. The sandbox signs the notification and sends it to the notify
  // route, as WeChat Pay calls its merchant back.
  app.post('/sandbox/pay/:token{[A-Za-z0-9_-]{32}}', async (c) => {
    if (!allowed(c)) return notFoundText(c)
    if (c.req.header('sec-fetch-site') === 'cross-site') return c.text('Forbidden', 403)
    const o = await orderByQr(ctx().db.kysely, c.req.param('token'))
    if (!o) return notFoundText(c)
    const form = await c.req.parseBody()
    const result = form.action === 'pay' ? 'success' : 'failed'
    // like WeChat Pay: a closed or paid order takes no money, and neither does one past its time_expire
    if (o.status !== 'pending') return c.html(sandboxPayPage(o, ctx().nowMs, null))
    if (ctx().nowMs / 1000 > Number(o.expire_timestamp)) return c.html(sandboxPayPage(o, ctx().nowMs, ORDER_MESSAGES.qrExpired), 400)
    const n = { notifyId: randomBytes(16).toString('hex'), orderId: o.id, result, amount: Number(o.amount_cents), timestamp: Math.floor(ctx().nowMs / 1000) } as const
    const res = await app.request(payment.payNotify.path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...n, signature: pay.sign(n) }) })
    const answer = (await res.json()) as { statusCode: number; message: string }
    const after = (await orderByQr(ctx().db.kysely, c.req.param('token')))!
    return c.html(sandboxPayPage(after, ctx().nowMs, answer.statusCode === 200 ? null : answer.message), answer.statusCode === 200 ? 200 : 400)
  })
}

/**
 * POST /transaction/notify/wechat/v3: WeChat Pay's notification, checked and decrypted by the port. WeChat
 * reads 200/204 as received and retries anything else (a 4xx/5xx with { code: 'FAIL', message }).
 */
function registerWechatNotify(app: Hono, pay: WechatPayV3, ctx: () => OrderCtx): void {
  app.post(WECHAT_NOTIFY_PATH, async (c) => {
    if (c.req.header('sec-fetch-site') === 'cross-site') return c.json({ code: 'FAIL', message: '非法请求' }, 403)
    const raw = await c.req.text()
    const parsed = pay.parseNotification(
      { timestamp: c.req.header('wechatpay-timestamp'), nonce: c.req.header('wechatpay-nonce'), signature: c.req.header('wechatpay-signature'), serial: c.req.header('wechatpay-serial') },
      raw,
    )
    if (!parsed) return c.json({ code: 'FAIL', message: ORDER_MESSAGES.badSignature }, 401)
    if (parsed.notification === null) return c.body(null, 204) // nothing final yet (NOTPAY, USERPAYING)
    try {
      await applyVerifiedNotification(ctx(), parsed.notification)
      return c.body(null, 204)
    } catch (error) {
      if (error instanceof ApiError) return c.json({ code: 'FAIL', message: error.message }, error.status >= 500 ? 500 : 400)
      throw error
    }
  })
}

export const registerMembership: RegisterFeature = (app, deps) =>
  registerMembershipWith({ pay: payPortFor(deps.env), identity: localIdentityCheck })(app, deps)
