// Every money path on the real app (issue 13): orders once per idempotency key, a tampered sign and a
// price changed by the client refused, a coupon used twice refused, gurucoin that never goes negative
// (1,000 concurrent purchases against a balance for 100), the WeChat sandbox's QR page, its signed
// callback (replayed, forged, for an expired QR), status polling, recharge, qualification and the
// renew-blocked account.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { GENEROUS_WRITE_LIMITS } from '../testing/test-app'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { authHeaders, forgetSessions, signInForTest } from '../accounts/session'
import { LOOPBACK, socketEnv } from '../testing/socket-env'
import { signInput } from '../../core/payment/sign'
import { sandboxPayOf } from './routes'
import { ORDER_MESSAGES, processRefunds, QR_VALIDITY_SECONDS } from './orders'
import { PURCHASE_MESSAGES } from './goods'
import { ADDRESS_MESSAGES } from './address'
import { coinMismatches, creditCoin, orderMismatches } from './ledger'
import { DEMO_ACCOUNTS, DEMO_MEMBER_COIN_CENTS, seedDemoAccounts } from './seed'
import { TOOLTIP_AGREEMENT } from '../../core/order/order-dialog.machine'
import { ARTICLE_GOODS_BASE, VIP_ARTICLE_PRICE_CENTS } from '../../fixtures/membership/goods'
import { jsonCalls } from '../testing/json-calls'

let t: TestDb
let app: Hono
let nowMs = TEST_NOW * 1000
let nextUser = 0
let users: number[] = []

/** A JSON answer, read loosely: the assertions check its fields (the contract decode is tested by the fuzz and route tests). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely, fields checked by the assertions
type Json = any

const { call, ok } = jsonCalls(() => app, LOOPBACK)

/** A valid resident identity number (GB 11643 check character). */
function idNumber(seed: number): string {
  const base = `11010119900101${String(seed % 1000).padStart(3, '0')}`
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = w.reduce((a, x, i) => a + x * Number(base[i]), 0)
  return base + '10X98765432'[sum % 11]
}

/**
 * A fresh reader with a session; qualified (real name passed, questionnaire 2 answered) and with every
 * agreement signed (as the dialog signs them before paying) unless told. Coin is given through the
 * ledger, as every coin movement is.
 */
async function reader(opts: { qualified?: boolean; coin?: number; agreed?: boolean } = {}): Promise<{ id: number; h: Record<string, string> }> {
  const id = users[nextUser++]!
  const h = authHeaders(await signInForTest(t.db, id))
  if (opts.coin !== undefined) await creditCoin(t.db.kysely, id, opts.coin, null, TEST_NOW, 'opening')
  if (opts.agreed !== false) await sql`INSERT INTO agreement_signatures (user_id, order_id, agreement_id, signed_at) SELECT ${id}, 'test-setup', id, ${TEST_NOW} FROM agreements`.execute(t.db.kysely)
  if (opts.qualified !== false) {
    const full = idNumber(id)
    const r = await ok('POST', '/api/real-name/authentication/v1', h, {
      realName: '张三', identityType: 'IDENTITY_CARD', idNumber: full.slice(-4), phone: '13800138000', countryCode: '86',
      highestEducation: '本科', career: '其他', location: '广东省/深圳市/南山区', address: '科技园 1 号', fullIdNumber: full,
    })
    expect(r).toBe('passed')
    const q = await ok('GET', '/api/questionnaire/2/v1', h)
    // the last option of each question: the highest risk level (C5), which matches every product
    const answers = q.questions.map((x: Json) => ({ questionId: x.id, optionIds: [x.options[x.options.length - 2]?.id ?? x.options[0].id] }))
    await ok('POST', '/api/questionnaire/2/answers/v1', h, answers)
  }
  return { id, h }
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex')
/** The dialog's quote and the sign the client computes from it (spec 001 §7). */
async function signFor(h: Record<string, string>, specsId: number, channel: 'wx_pub_qr' | 'guru_pay', couponId?: number): Promise<{ sign: string; total: number }> {
  const q = `/api/purchase/commodity/payment/v2?specsIds=${specsId}` + (couponId === undefined ? '&noNeedCoupon=true' : `&couponId=${couponId}`)
  const info = await ok('GET', q, h)
  return { sign: sha(signInput(specsId, channel, info.publicKey, info.userToken)), total: info.payInfo.total }
}
const coinOf = async (id: number) => Number((await sql<{ coin: number }>`SELECT coin FROM users WHERE id = ${id}`.execute(t.db.kysely)).rows[0]!.coin)
const goldExpiry = async (id: number) => (await sql<{ e: number }>`SELECT expire_timestamp AS e FROM memberships WHERE user_id = ${id} AND tier = 'gold'`.execute(t.db.kysely)).rows[0]?.e

const GOLD_MONTH = 101
const GOLD_PRICE = 9_900

beforeAll(async () => {
  t = await createTestDb()
  // 1,000 orders from one reader (and every reader from one address): not about limits (server/http/write-limit.test.ts is)
  app = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: GENEROUS_WRITE_LIMITS })
  users = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 60`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
}, 120_000)
afterAll(() => t.close())

describe('gurucoin: one transaction that never lets a balance go negative', () => {
  it('1,000 concurrent purchases against a balance for 100: exactly 100 succeed, balance 0, no duplicate orders', async () => {
    const r = await reader({ coin: 100 * GOLD_PRICE })
    const { sign } = await signFor(r.h, GOLD_MONTH, 'guru_pay')
    const before = await goldExpiry(r.id)
    expect(before).toBeUndefined()
    const attempts = Array.from({ length: 1000 }, async (_, i) => {
      const created = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'guru_pay', sign, preCreatedPaymentOrder: false, clientKey: `load-${String(i).padStart(4, '0')}` })
      if (created.status !== 200) return { created, paid: null }
      const paid = await call('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: created.body.result.id })
      return { created, paid }
    })
    const results = await Promise.all(attempts)
    expect(results.every((x) => x.created.status === 200)).toBe(true)
    const ids = results.map((x) => x.created.body.result.id as string)
    expect(new Set(ids).size).toBe(1000)
    const succeeded = results.filter((x) => x.paid?.status === 200)
    expect(succeeded).toHaveLength(100)
    const refused = results.filter((x) => x.paid?.status !== 200)
    expect(new Set(refused.map((x) => x.paid?.body.message))).toEqual(new Set([ORDER_MESSAGES.insufficient]))
    expect(await coinOf(r.id)).toBe(0)
    const counts = (await sql<{ status: string; n: number }>`SELECT status, count(*)::int AS n FROM orders WHERE user_id = ${r.id} GROUP BY status`.execute(t.db.kysely)).rows
    expect(Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]))).toEqual({ paid: 100, pending: 900 })
    // 100 gold months granted, one per paid order
    const expiry = await goldExpiry(r.id)
    const months = (Number(expiry) - TEST_NOW) / 86_400 / 30.44
    expect(Math.round(months)).toBe(100)
  }, 600_000)

  it('paying a paid order again answers success and debits nothing', async () => {
    const r = await reader({ coin: 2 * GOLD_PRICE })
    const { sign } = await signFor(r.h, GOLD_MONTH, 'guru_pay')
    const o = await ok('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'guru_pay', sign, clientKey: 'again-0001' })
    expect(await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: o.id })).toEqual({ payStatus: 'success' })
    expect(await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: o.id })).toEqual({ payStatus: 'success' })
    expect(await coinOf(r.id)).toBe(GOLD_PRICE)
  })

  it('another reader’s order or an unknown number: 抱歉，订单号不存在，无法完成付款', async () => {
    const a = await reader({ coin: GOLD_PRICE })
    const b = await reader({ coin: GOLD_PRICE })
    const { sign } = await signFor(a.h, GOLD_MONTH, 'guru_pay')
    const o = await ok('POST', '/transaction/api/order/v1', a.h, { goodsId: GOLD_MONTH, channel: 'guru_pay', sign, clientKey: 'other-0001' })
    for (const orderId of [o.id, 'GMH000000']) {
      const r = await call('POST', '/transaction/api/guru-pay/v1', b.h, { orderId })
      expect(r.status).toBe(400)
      expect(r.body.message).toBe(ORDER_MESSAGES.orderNotFound)
    }
    expect(await coinOf(b.id)).toBe(GOLD_PRICE)
  })
})

describe('orders: once per idempotency key, from the server’s price only', () => {
  it('the same sign and client key sent 50 times at once make one order', async () => {
    const r = await reader()
    const { sign } = await signFor(r.h, GOLD_MONTH, 'wx_pub_qr')
    const answers = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'wx_pub_qr', sign, clientKey: 'same-key-01' })))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(new Set(answers.map((a) => a.body.result.id)).size).toBe(1)
    const n = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE user_id = ${r.id}`.execute(t.db.kysely)).rows[0]!.n
    expect(Number(n)).toBe(1)
  })

  it('/api/purchase/v3 with one client key twice: one order', async () => {
    const r = await reader()
    const a = await ok('POST', '/api/purchase/v3', r.h, { specsId: GOLD_MONTH, clientKey: 'purchase-01' })
    const b = await ok('POST', '/api/purchase/v3', r.h, { specsId: GOLD_MONTH, clientKey: 'purchase-01' })
    expect(b.id).toBe(a.id)
    expect(a.amount).toBe(GOLD_PRICE)
  })

  it('a tampered sign is refused, and so is a sign made for another good', async () => {
    const r = await reader({ coin: 1_000_000 })
    const { sign } = await signFor(r.h, GOLD_MONTH, 'guru_pay')
    const tampered = (sign[0] === 'a' ? 'b' : 'a') + sign.slice(1)
    const bad = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'guru_pay', sign: tampered })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(PURCHASE_MESSAGES.signMismatch)
    // the gold month's sign on the gold year (a cheaper price for a dearer good)
    const swapped = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: 103, channel: 'guru_pay', sign })
    expect(swapped.status).toBe(400)
    expect(swapped.body.message).toBe(PURCHASE_MESSAGES.signMismatch)
    // the WeChat sign for a gurucoin order
    const { sign: wx } = await signFor(r.h, GOLD_MONTH, 'wx_pub_qr')
    expect((await call('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'guru_pay', sign: wx })).status).toBe(400)
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE user_id = ${r.id}`.execute(t.db.kysely)).rows[0]!.n).toBe(0)
  })

  it('a price changed by the client is refused (recharge amount), and a quote older than a price change too', async () => {
    const r = await reader()
    const { sign } = await signFor(r.h, 401, 'wx_pub_qr')
    const cheap = await call('POST', '/transaction/api/recharge/v2', r.h, { goodsId: 401, amount: 1, currency: 'CNY', channel: 'wx_pub_qr', sign })
    expect(cheap.status).toBe(400)
    expect(cheap.body.message).toBe(PURCHASE_MESSAGES.priceChanged)
    const fair = await ok('POST', '/transaction/api/recharge/v2', r.h, { goodsId: 401, amount: 10_000, currency: 'CNY', channel: 'wx_pub_qr', sign })
    expect(fair.amount).toBe(10_000)
    // the server's price moves after the dialog was quoted: the old sign no longer makes an order
    const { sign: old } = await signFor(r.h, 102, 'wx_pub_qr')
    await sql`UPDATE goods_specs SET price_cents = price_cents + 100 WHERE id = 102`.execute(t.db.kysely)
    try {
      const stale = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: 102, channel: 'wx_pub_qr', sign: old })
      expect(stale.status).toBe(400)
      expect(stale.body.message).toBe(PURCHASE_MESSAGES.signMismatch)
    } finally {
      await sql`UPDATE goods_specs SET price_cents = price_cents - 100 WHERE id = 102`.execute(t.db.kysely)
    }
  })

  it('a coupon used twice: the second order is refused, and of two pending orders with it only one is paid', async () => {
    const r = await reader({ coin: 10 * GOLD_PRICE })
    const { sign, total } = await signFor(r.h, GOLD_MONTH, 'guru_pay', 1)
    expect(total).toBe(GOLD_PRICE - 1_000) // 新人立减10元
    const a = await ok('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'guru_pay', sign, couponId: 1, clientKey: 'coupon-a-01' })
    const b = await ok('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'guru_pay', sign, couponId: 1, clientKey: 'coupon-b-01' })
    expect(a.id).not.toBe(b.id)
    await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: a.id })
    const coin = await coinOf(r.id)
    const second = await call('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: b.id })
    expect(second.status).toBe(400)
    expect(second.body.message).toBe(PURCHASE_MESSAGES.couponUnavailable)
    expect(await coinOf(r.id)).toBe(coin)
    // a new order with the used coupon: refused at the quote
    const again = await call('GET', `/api/purchase/commodity/payment/v2?specsIds=${GOLD_MONTH}&couponId=1`, r.h)
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(PURCHASE_MESSAGES.couponUnavailable)
    const list = await ok('GET', '/api/user-coupons', r.h)
    expect(list.find((c: Json) => c.couponId === 1).isAvailable).toBe(false)
  })

  it('buying needs real-name and qualified-investor certification (spec 001 §6)', async () => {
    const r = await reader({ qualified: false })
    const q = await ok('GET', `/api/purchase/commodity/payment/v2?specsIds=${GOLD_MONTH}&noNeedCoupon=true`, r.h)
    const sign = sha(signInput(GOLD_MONTH, 'wx_pub_qr', q.publicKey, q.userToken))
    const a = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'wx_pub_qr', sign })
    expect(a.status).toBe(403)
    expect(a.body.message).toBe(PURCHASE_MESSAGES.needQualification)
  })

  it('an account that cannot renew on the website gets the renew-blocked message', async () => {
    const r = await reader()
    await sql`INSERT INTO renew_blocked_users (user_id) VALUES (${r.id})`.execute(t.db.kysely)
    const { sign } = await signFor(r.h, GOLD_MONTH, 'wx_pub_qr')
    const a = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'wx_pub_qr', sign })
    expect(a.status).toBe(403)
    expect(a.body.message).toBe(PURCHASE_MESSAGES.renewBlocked)
  })

  it('a guest is asked to log in', async () => {
    const guest = { Cookie: 'csrf_token=g', 'X-CSRF-Token': 'g' }
    const a = await call('POST', '/transaction/api/order/v1', guest, { goodsId: GOLD_MONTH, channel: 'wx_pub_qr', sign: '0'.repeat(64) })
    expect(a.status).toBe(401)
    expect(a.body.message).toBe('请先登录')
  })
})

describe('WeChat pay through the local sandbox', () => {
  async function wxOrder(h: Record<string, string>, key: string, specsId = GOLD_MONTH) {
    const { sign } = await signFor(h, specsId, 'wx_pub_qr')
    return ok('POST', '/transaction/api/order/v1', h, { goodsId: specsId, channel: 'wx_pub_qr', sign, clientKey: key })
  }
  const tokenOf = (codeUrl: string) => new URL(codeUrl).pathname.split('/').pop()!
  const page = (path: string, init: RequestInit = {}, env: unknown = LOOPBACK) => app.request(path, init, env)
  const answer = (token: string, action: 'pay' | 'refuse') =>
    page(`/sandbox/pay/${token}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body: `action=${action}` })

  it('the QR URL opens the sandbox page (loopback only); paying there marks the order paid and grants gold', async () => {
    const r = await reader()
    const o = await wxOrder(r.h, 'wx-pay-0001')
    expect(o.data.codeUrl).toMatch(/^http:\/\/localhost\/sandbox\/pay\/[A-Za-z0-9_-]{32}$/)
    const token = tokenOf(o.data.codeUrl)
    expect((await page(`/sandbox/pay/${token}`, {}, socketEnv('203.0.113.5'))).status).toBe(404)
    const shown = await page(`/sandbox/pay/${token}`)
    expect(shown.status).toBe(200)
    expect(await shown.text()).toContain('¥99.00')
    expect(await ok('GET', `/transaction/api/order/${o.id}/status/v1`, r.h)).toEqual({ payStatus: 'waiting' })
    const paid = await answer(token, 'pay')
    expect(paid.status).toBe(200)
    expect(await paid.text()).toContain('支付成功')
    expect(await ok('GET', `/transaction/api/order/${o.id}/status/v1`, r.h)).toEqual({ payStatus: 'success' })
    expect(await goldExpiry(r.id)).toBeGreaterThan(TEST_NOW)
    const user = await ok('GET', '/api/user/get/v2', r.h)
    expect(user.membership.type).toBe('gold')
    expect(user.kyc).toEqual({ certification: true, svipInvestor: true })
    const purchased = await ok('GET', '/api/user-purchased/v1', r.h)
    expect(purchased.map((p: Json) => p.orderId)).toEqual([o.id])
    // named as the dialog names it: the goods once
    expect(purchased[0].name).toBe('黄金会员·月卡')
  })

  it('refusing on the phone fails the order', async () => {
    const r = await reader()
    const o = await wxOrder(r.h, 'wx-refuse-01')
    await answer(tokenOf(o.data.codeUrl), 'refuse')
    expect(await ok('GET', `/transaction/api/order/${o.id}/status/v1`, r.h)).toEqual({ payStatus: 'failed' })
    expect(await goldExpiry(r.id)).toBeUndefined()
  })

  it('a replayed callback changes nothing the second time', async () => {
    const r = await reader()
    const o = await wxOrder(r.h, 'wx-replay-01')
    const pay = sandboxPayOf(t.db)!
    const n = { notifyId: 'replay-notify-0001', orderId: o.id, result: 'success' as const, amount: o.amount, timestamp: TEST_NOW }
    const body = { ...n, signature: pay.sign(n) }
    expect((await call('POST', '/transaction/notify/v1', {}, body)).status).toBe(200)
    const expiry = await goldExpiry(r.id)
    for (let i = 0; i < 3; i++) expect((await call('POST', '/transaction/notify/v1', {}, body)).body.result).toEqual({ code: 'SUCCESS' })
    expect(await goldExpiry(r.id)).toBe(expiry)
    // a second genuine notification for the settled order grants nothing either
    const n2 = { ...n, notifyId: 'replay-notify-0002' }
    await call('POST', '/transaction/notify/v1', {}, { ...n2, signature: pay.sign(n2) })
    expect(await goldExpiry(r.id)).toBe(expiry)
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pay_notifications WHERE order_id = ${o.id}`.execute(t.db.kysely)).rows[0]!.n).toBe(2)
  })

  it('a forged callback signature is refused and the order stays unpaid', async () => {
    const r = await reader()
    const o = await wxOrder(r.h, 'wx-forged-01')
    const n = { notifyId: 'forged-notify-0001', orderId: o.id, result: 'success', amount: o.amount, timestamp: TEST_NOW }
    const forged = await call('POST', '/transaction/notify/v1', {}, { ...n, signature: sha('made up') })
    expect(forged.status).toBe(401)
    expect(forged.body.message).toBe(ORDER_MESSAGES.badSignature)
    // a genuine signature over other fields (a cheaper amount) does not fit this notification either
    const pay = sandboxPayOf(t.db)!
    const cheap = { ...n, amount: 1 } as const
    const moved = await call('POST', '/transaction/notify/v1', {}, { ...n, signature: pay.sign(cheap as never) })
    expect(moved.status).toBe(401)
    expect(await ok('GET', `/transaction/api/order/${o.id}/status/v1`, r.h)).toEqual({ payStatus: 'waiting' })
  })

  it('an expired QR is refused: the page says so and a late callback pays nothing', async () => {
    const r = await reader()
    const o = await wxOrder(r.h, 'wx-expired-1')
    const token = tokenOf(o.data.codeUrl)
    nowMs += (QR_VALIDITY_SECONDS + 1) * 1000
    try {
      expect(await (await page(`/sandbox/pay/${token}`)).text()).toContain('二维码已过期')
      const late = await answer(token, 'pay')
      expect(late.status).toBe(400)
      expect(await late.text()).toContain(ORDER_MESSAGES.qrExpired)
      expect(await ok('GET', `/transaction/api/order/${o.id}/status/v1`, r.h)).toEqual({ payStatus: 'waiting' })
      expect(await goldExpiry(r.id)).toBeUndefined()
      // refreshing the QR (spec 001 §4) is a new order with a new client key
      const fresh = await wxOrder(r.h, 'wx-expired-2')
      expect(fresh.id).not.toBe(o.id)
    } finally {
      nowMs = TEST_NOW * 1000
    }
  })

  it('a recharge paid in the sandbox credits gurucoin (recharge-status)', async () => {
    const r = await reader({ coin: 0 })
    const { sign } = await signFor(r.h, 401, 'wx_pub_qr')
    const o = await ok('POST', '/transaction/api/recharge/v2', r.h, { goodsId: 401, channel: 'wx_pub_qr', sign, clientKey: 'recharge-001' })
    await answer(tokenOf(o.data.codeUrl), 'pay')
    expect(await ok('POST', `/transaction/api/recharge-status/${o.id}`, r.h)).toEqual({ payStatus: 'success', coin: 10_000 })
  })
})

describe('money decided in one place (issue 23: core/order/settlement.ts at order, at gurucoin payment and at WeChat settlement)', () => {
  const tokenOf = (codeUrl: string) => new URL(codeUrl).pathname.split('/').pop()!
  const payOnPhone = (token: string) =>
    app.request(`/sandbox/pay/${token}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body: 'action=pay' }, LOOPBACK)
  const vipArticleSpec = async (nth: number) =>
    Number((await sql<{ id: number }>`SELECT id FROM goods_specs WHERE id > ${ARTICLE_GOODS_BASE} ORDER BY id OFFSET ${nth} LIMIT 1`.execute(t.db.kysely)).rows[0]!.id)
  const order = async (h: Record<string, string>, specsId: number, channel: 'wx_pub_qr' | 'guru_pay', clientKey: string, couponId?: number) => {
    const { sign } = await signFor(h, specsId, channel, couponId)
    return ok('POST', '/transaction/api/order/v1', h, { goodsId: specsId, channel, sign, clientKey, ...(couponId === undefined ? {} : { couponId }) })
  }
  const statusOf = async (id: string) => (await sql<{ status: string }>`SELECT status FROM orders WHERE id = ${id}`.execute(t.db.kysely)).rows[0]!.status

  it('two gurucoin orders for one 9.90 article paid at once: one is paid, the other refused (您已购买过该商品), 990 taken once', async () => {
    const r = await reader({ coin: 10_000 })
    const spec = await vipArticleSpec(0)
    const a = await order(r.h, spec, 'guru_pay', 'twice-aaaa')
    const b = await order(r.h, spec, 'guru_pay', 'twice-bbbb')
    const paid = await Promise.all([a, b].map((o) => call('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: o.id })))
    expect(paid.map((p) => p.status).sort()).toEqual([200, 400])
    expect(paid.find((p) => p.status === 400)!.body.message).toBe(PURCHASE_MESSAGES.alreadyOwned)
    expect(await coinOf(r.id)).toBe(10_000 - VIP_ARTICLE_PRICE_CENTS)
  })

  it('two WeChat QR orders for one article both paid on the phone: the first is granted, the second refunded through the pay port', async () => {
    const r = await reader()
    const spec = await vipArticleSpec(1)
    const a = await order(r.h, spec, 'wx_pub_qr', 'wx-twice-a')
    const b = await order(r.h, spec, 'wx_pub_qr', 'wx-twice-b')
    const pages = await Promise.all([a, b].map((o) => payOnPhone(tokenOf(o.data.codeUrl))))
    expect(pages.map((p) => p.status)).toEqual([200, 200])
    const states = [await statusOf(a.id), await statusOf(b.id)].sort()
    expect(states).toEqual(['paid', 'refunded'])
    const refunded = (await statusOf(a.id)) === 'refunded' ? a : b
    expect([...sandboxPayOf(t.db)!.refunds.values()].filter((x) => x.orderId === a.id || x.orderId === b.id)).toEqual([
      expect.objectContaining({ amountCents: VIP_ARTICLE_PRICE_CENTS, reason: expect.stringContaining('已购买过') }),
    ])
    // the reader's poll of the refunded one says closed, not waiting
    expect(await ok('GET', `/transaction/api/order/${refunded.id}/status/v1`, r.h)).toEqual({ payStatus: 'failed' })
    expect((await ok('GET', '/api/user-purchased/v1', r.h)).map((p: Json) => p.amount)).toEqual([VIP_ARTICLE_PRICE_CENTS])
  })

  it('two WeChat orders with one welcome coupon both paid: the second is refunded, not left waiting', async () => {
    const r = await reader()
    const a = await order(r.h, GOLD_MONTH, 'wx_pub_qr', 'coupon-wx-a', 1)
    const b = await order(r.h, GOLD_MONTH, 'wx_pub_qr', 'coupon-wx-b', 1)
    for (const o of [a, b]) expect((await payOnPhone(tokenOf(o.data.codeUrl))).status).toBe(200)
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['paid', 'refunded'])
    expect(sandboxPayOf(t.db)!.refunds.get(`RF${b.id}`)).toMatchObject({ amountCents: GOLD_PRICE - 1_000, reason: expect.stringContaining('优惠券') })
  })

  it('a yearly column ends at its end: open after buying, locked 370 days later, renewable in its last 30 days from the old end', async () => {
    const r = await reader({ coin: 100_000 })
    const column = (await sql<{ spec: number; article: number; columnId: number }>`
      SELECT s.id AS spec, a.id AS article, g.ref_id AS "columnId" FROM goods_specs s JOIN goods g ON g.id = s.goods_id
      JOIN articles a ON a.column_id = g.ref_id WHERE g.ref_kind = 'column' AND NOT a.is_vip ORDER BY s.id, a.id LIMIT 1`.execute(t.db.kysely)).rows[0]!
    const lockedFor = async () => (await ok('GET', `/api/news/${column.article}/v3`, r.h)).locked === true
    expect(await lockedFor()).toBe(true)
    const o = await order(r.h, column.spec, 'guru_pay', 'year-0001')
    await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: o.id })
    expect(await lockedFor()).toBe(false)
    const end = Number((await sql<{ e: number }>`SELECT expire_timestamp AS e FROM entitlements WHERE user_id = ${r.id} AND ref_kind = 'column'`.execute(t.db.kysely)).rows[0]!.e)
    expect(Math.round((end - TEST_NOW) / 86_400)).toBeGreaterThanOrEqual(365)
    // bought again while most of the year is left: refused at the order
    const { sign } = await signFor(r.h, column.spec, 'guru_pay')
    const early = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: column.spec, channel: 'guru_pay', sign, clientKey: 'year-0002' })
    expect(early.body.message).toBe(PURCHASE_MESSAGES.alreadyOwned)
    // the session outlives the time travel below (sessions last 30 days)
    await sql`UPDATE sessions SET expires_at = expires_at + ${10 * 365 * 86_400_000} WHERE user_id = ${r.id}`.execute(t.db.kysely)
    forgetSessions(t.db)
    try {
      nowMs = (end - 10 * 86_400) * 1000 // ten days left: a renewal adds a year from the old end
      const renewed = await order(r.h, column.spec, 'guru_pay', 'year-0003')
      await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: renewed.id })
      const next = Number((await sql<{ e: number }>`SELECT expire_timestamp AS e FROM entitlements WHERE user_id = ${r.id} AND ref_kind = 'column'`.execute(t.db.kysely)).rows[0]!.e)
      expect(Math.round((next - end) / 86_400)).toBeGreaterThanOrEqual(365)
      nowMs = (next + 5 * 86_400) * 1000 // past the renewed end
      expect(await lockedFor()).toBe(true)
      nowMs = (TEST_NOW + 370 * 86_400) * 1000 // inside the renewed year
      expect(await lockedFor()).toBe(false)
    } finally {
      nowMs = TEST_NOW * 1000
    }
  })

  it('a gold membership with agreements is paid only after they are signed: gurucoin refused, and no WeChat QR before signing', async () => {
    const r = await reader({ coin: 10 * GOLD_PRICE, agreed: false })
    const o = await order(r.h, GOLD_MONTH, 'guru_pay', 'agree-0001')
    const refused = await call('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: o.id })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe(TOOLTIP_AGREEMENT)
    expect(await coinOf(r.id)).toBe(10 * GOLD_PRICE)
    const wx = await order(r.h, GOLD_MONTH, 'wx_pub_qr', 'agree-0002')
    expect(wx.data.codeUrl).toBe('')
    // the dialog signs against the order, then asks for the same order again: now with its QR
    const route = (await sql<{ id: number }>`SELECT a.id FROM agreements a JOIN goods g ON g.agreement_route_id = a.route_id JOIN goods_specs s ON s.goods_id = g.id WHERE s.id = ${GOLD_MONTH}`.execute(t.db.kysely)).rows.map((x) => Number(x.id))
    expect(route.length).toBeGreaterThan(0)
    await ok('POST', '/api/agreement/v1', r.h, { orderId: wx.id, agreementIds: route })
    const again = await order(r.h, GOLD_MONTH, 'wx_pub_qr', 'agree-0002')
    expect(again.id).toBe(wx.id)
    expect(again.data.codeUrl).toMatch(/\/sandbox\/pay\//)
    expect(await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: o.id })).toEqual({ payStatus: 'success' })
  })

  it('a payment that arrives after the QR expired is refunded, not kept; the sweep returns a refund the pay service refused at first', async () => {
    const r = await reader()
    const o = await order(r.h, GOLD_MONTH, 'wx_pub_qr', 'late-pay')
    const pay = sandboxPayOf(t.db)!
    const real = pay.refund.bind(pay)
    let fail = true
    pay.refund = async (x) => {
      if (fail) throw new Error('pay service unavailable')
      return real(x)
    }
    try {
      nowMs += (QR_VALIDITY_SECONDS + 5) * 1000
      const n = { notifyId: 'late-notify-0001', orderId: o.id, result: 'success' as const, amount: o.amount, timestamp: Math.floor(nowMs / 1000) }
      expect((await call('POST', '/transaction/notify/v1', {}, { ...n, signature: pay.sign(n) })).status).toBe(200)
      expect(await statusOf(o.id)).toBe('refunding')
      expect(await goldExpiry(r.id)).toBeUndefined()
      fail = false
      nowMs += 61_000 // the claim of the failed try has lapsed
      expect(await processRefunds({ db: t.db, secret: Buffer.alloc(32), nowMs, pay })).toBe(1)
      expect(await statusOf(o.id)).toBe('refunded')
      expect(await processRefunds({ db: t.db, secret: Buffer.alloc(32), nowMs, pay })).toBe(0)
    } finally {
      pay.refund = real
      nowMs = TEST_NOW * 1000
    }
  })
})

describe('the membership add-on (spec 001 §3 vipDiscount, §4: offered to non-members buying a single item)', () => {
  const COLUMN_PRICE = 19_900
  const columnSpecs = async () => (await sql<{ id: number }>`SELECT id FROM goods_specs WHERE id >= 10000 AND id < 20000 ORDER BY id`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
  const quoteOf = (h: Record<string, string>, specsIds: number[]) => ok('GET', `/api/purchase/commodity/payment/v2?specsIds=${specsIds.join(',')}&noNeedCoupon=true`, h)

  it('a non-member buying a column is offered gold; with it the column is 9 折 and the month is added; one order grants both', async () => {
    const r = await reader({ coin: 100_000 })
    const [spec] = await columnSpecs()
    const plain = await quoteOf(r.h, [spec!])
    expect(plain.vipDiscount).toMatchObject({ specsId: GOLD_MONTH, button: expect.any(String), tip: expect.stringContaining('9折') })
    expect(plain.payInfo).toMatchObject({ total: COLUMN_PRICE, packageSpecsId: spec })
    const both = await quoteOf(r.h, [spec!, GOLD_MONTH])
    const total = Math.round(COLUMN_PRICE * 0.9) + GOLD_PRICE
    expect(both.payInfo.total).toBe(total)
    expect(both.payInfo.goods).toHaveLength(2)
    const pkg = both.payInfo.packageSpecsId
    expect(pkg).not.toBe(spec)
    // the order is made from the package: the sign covers it, the server prices it again
    const sign = sha(signInput(pkg, 'guru_pay', both.publicKey, both.userToken))
    const created = await ok('POST', '/transaction/api/order/v1', r.h, { goodsId: pkg, channel: 'guru_pay', sign, clientKey: 'addon-key-1' })
    expect(created.amount).toBe(total)
    expect(await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: created.id })).toEqual({ payStatus: 'success' })
    expect(await coinOf(r.id)).toBe(100_000 - total)
    expect(Number(await goldExpiry(r.id))).toBeGreaterThan(TEST_NOW)
    const owned = (await sql`SELECT 1 FROM entitlements WHERE user_id = ${r.id} AND ref_kind = 'column'`.execute(t.db.kysely)).rows
    expect(owned).toHaveLength(1)
    // /my/purchase names both
    const [bought] = await ok('GET', '/api/user-purchased/v1', r.h)
    expect(bought).toMatchObject({ orderId: created.id, amount: total, name: expect.stringMatching(/全年订阅 \+ 黄金会员·月卡$/) })
    // a member now: the next column comes without the offer, and asking for the add-on is refused
    const [, next] = await columnSpecs()
    expect((await quoteOf(r.h, [next!])).vipDiscount).toBeNull()
    const refused = await call('GET', `/api/purchase/commodity/payment/v2?specsIds=${next},${GOLD_MONTH}&noNeedCoupon=true`, r.h)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe(PURCHASE_MESSAGES.addonUnavailable)
  })

  it('no offer on membership goods; a package signed for one good does not buy another; a package is refused to a member', async () => {
    const r = await reader({ coin: 100_000 })
    expect((await quoteOf(r.h, [GOLD_MONTH])).vipDiscount).toBeNull()
    const [a, b] = await columnSpecs()
    const both = await quoteOf(r.h, [a!, GOLD_MONTH])
    const other = (await quoteOf(r.h, [b!, GOLD_MONTH])).payInfo.packageSpecsId
    const sign = sha(signInput(both.payInfo.packageSpecsId, 'guru_pay', both.publicKey, both.userToken))
    const tampered = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: other, channel: 'guru_pay', sign, clientKey: 'addon-key-2' })
    expect(tampered.status).toBe(400)
    expect(tampered.body.message).toBe(PURCHASE_MESSAGES.signMismatch)
    // gold bought on its own first: the package of the column is no longer sold to this reader
    const gold = await signFor(r.h, GOLD_MONTH, 'guru_pay')
    const o = await ok('POST', '/transaction/api/order/v1', r.h, { goodsId: GOLD_MONTH, channel: 'guru_pay', sign: gold.sign, clientKey: 'gold-key-1' })
    await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: o.id })
    const late = await call('POST', '/transaction/api/order/v1', r.h, { goodsId: both.payInfo.packageSpecsId, channel: 'guru_pay', sign, clientKey: 'addon-key-3' })
    expect(late.status).toBe(400)
    expect(late.body.message).toBe(PURCHASE_MESSAGES.addonUnavailable)
  })
})

describe('the membership-card mailing address (spec 001 §3 Address payload, §5)', () => {
  const good = { name: '张三', countryCode: '86', phoneNum: '13800138000', country: '中国', state: '广东省', city: '深圳市', address: '南山区科技园 1 号' }
  it('a reader saves it, reads it back, changes it; a guest and another reader see nothing of it', async () => {
    const r = await reader({ qualified: false })
    expect(await ok('GET', '/api/user-address/v1', r.h)).toBeNull()
    expect(await ok('POST', '/api/user-address/v1', r.h, good)).toBeNull()
    expect(await ok('GET', '/api/user-address/v1', r.h)).toEqual(good)
    await ok('POST', '/api/user-address/v1', r.h, { ...good, countryCode: '852', phoneNum: '91234567', address: '  中环皇后大道中 1 号  ' })
    expect(await ok('GET', '/api/user-address/v1', r.h)).toEqual({ ...good, countryCode: '852', phoneNum: '91234567', address: '中环皇后大道中 1 号' })
    const other = await reader({ qualified: false })
    expect(await ok('GET', '/api/user-address/v1', other.h)).toBeNull()
    expect((await call('GET', '/api/user-address/v1', {})).status).toBe(401)
  })

  it('each rule of the form answers its own message; nothing is saved', async () => {
    const r = await reader({ qualified: false })
    const cases: [Record<string, string>, string][] = [
      [{ name: '  ' }, ADDRESS_MESSAGES.name],
      [{ phoneNum: '91234567' }, ADDRESS_MESSAGES.phone],
      [{ countryCode: '852', phoneNum: '13800138000' }, ADDRESS_MESSAGES.phone],
      [{ city: ' ' }, ADDRESS_MESSAGES.area],
      [{ address: '   ' }, ADDRESS_MESSAGES.address],
    ]
    for (const [change, message] of cases) {
      const a = await call('POST', '/api/user-address/v1', r.h, { ...good, ...change })
      expect({ change, status: a.status, message: a.body.message }).toEqual({ change, status: 400, message })
    }
    // bounded at the contract: a name over 20 characters never reaches the database
    const long = await call('POST', '/api/user-address/v1', r.h, { ...good, name: '张'.repeat(21) })
    expect(long.status).toBe(400)
    expect(long.body.message).toMatch(/[\u4e00-\u9fff]/)
    expect(await ok('GET', '/api/user-address/v1', r.h)).toBeNull()
  })
})

describe('coupons and cdKey', () => {
  it('exchanging a cdKey gives its coupon once', async () => {
    const r = await reader()
    const c = await ok('GET', '/api/user-coupons/exchange?cdKey=GMH2026', r.h)
    expect(c).toMatchObject({ couponId: 3, amount: 2_000, isAvailable: true })
    const again = await call('GET', '/api/user-coupons/exchange?cdKey=GMH2026', r.h)
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(PURCHASE_MESSAGES.cdKeyUsed)
    expect((await call('GET', '/api/user-coupons/exchange?cdKey=NOPE', r.h)).body.message).toBe(PURCHASE_MESSAGES.cdKeyInvalid)
  })

  it('the 折 coupon of members takes its share off (8.5 折 of 99.00 = 84.15), the expired one is unavailable', async () => {
    const r = await reader()
    const info = await ok('GET', `/api/purchase/commodity/payment/v2?specsIds=${GOLD_MONTH}&couponId=2`, r.h)
    expect(info.payInfo.total).toBe(8_415)
    expect(info.couponList.find((c: Json) => c.couponId === 4).isAvailable).toBe(false)
    expect(info.couponList.find((c: Json) => c.couponId === 2).discount).toBe(0.85)
  })
})

describe('demo accounts (local mode; README)', () => {
  it('the demo member is gold for a year with 1,000 格隆贝 given through the ledger, the reader is neither; seeding again changes nothing', async () => {
    await seedDemoAccounts(t.db, TEST_NOW)
    await seedDemoAccounts(t.db, TEST_NOW)
    const rows = (await sql<{ phone: string; coin: number; membership_type: string | null; n: number }>`
      SELECT phone, coin, membership_type, count(*) OVER (PARTITION BY phone)::int AS n FROM users WHERE phone IN (${DEMO_ACCOUNTS[0].phone}, ${DEMO_ACCOUNTS[1].phone}) ORDER BY phone`.execute(t.db.kysely)).rows
    expect(rows.map((r) => [r.phone, Number(r.coin), r.membership_type, r.n])).toEqual([
      [DEMO_ACCOUNTS[0].phone, 0, null, 1],
      [DEMO_ACCOUNTS[1].phone, DEMO_MEMBER_COIN_CENTS, 'gold', 1],
    ])
  })
})

describe('the ledger balances (issue 23)', () => {
  it('after every test above: each reader’s coin is the sum of their ledger rows, and each order’s money fits its state', async () => {
    expect(await coinMismatches(t.db.kysely)).toEqual([])
    expect(await orderMismatches(t.db.kysely)).toEqual([])
    const n = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger`.execute(t.db.kysely)).rows[0]!.n
    expect(n).toBeGreaterThan(100)
  })
})
