// Topping up 格隆贝 (issue 25; spec 001 §7: POST /transaction/api/recharge/v2, POST
// /transaction/api/recharge-status/{orderId}) on the real app and the WeChat Pay sandbox: the amounts the
// dialog offers, a guest, the reader who made the order and another reader; the coin credited exactly
// once however often the phone pays, the status is polled or the pay service calls back (in turn and
// at once); a late payment refunded, not credited; then the topped-up coin buys an article; and the
// ledger sums to every balance and fits every order afterwards.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { GENEROUS_WRITE_LIMITS } from '../testing/test-app'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { authHeaders, signInForTest } from '../accounts/session'
import { LOOPBACK } from '../testing/socket-env'
import { signInput } from '../../core/payment/sign'
import { RECHARGE_SPECS_ID } from '../../core/payment/recharge'
import { sandboxPayOf } from './routes'
import { ORDER_MESSAGES, QR_VALIDITY_SECONDS } from './orders'
import { PURCHASE_MESSAGES } from './goods'
import { coinMismatches, orderMismatches } from './ledger'
import { ARTICLE_GOODS_BASE, VIP_ARTICLE_PRICE_CENTS } from '../../fixtures/membership/goods'
import { jsonCalls, type Answer } from '../testing/json-calls'

let t: TestDb
let app: Hono
let nowMs = TEST_NOW * 1000
let users: number[] = []
let nextUser = 0

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely, fields checked by the assertions
type Json = any
const { call, ok } = jsonCalls(() => app, LOOPBACK)

/** A reader with a session (and, for buying, qualified with every agreement signed, as orders.test.ts makes them). */
async function reader(opts: { qualified?: boolean } = {}): Promise<{ id: number; h: Record<string, string> }> {
  const id = users[nextUser++]!
  const h = authHeaders(await signInForTest(t.db, id))
  if (opts.qualified) {
    await sql`INSERT INTO agreement_signatures (user_id, order_id, agreement_id, signed_at) SELECT ${id}, 'test-setup', id, ${TEST_NOW} FROM agreements`.execute(t.db.kysely)
    const base = `11010119900101${String(id % 1000).padStart(3, '0')}`
    const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    const full = base + '10X98765432'[w.reduce((a, x, i) => a + x * Number(base[i]), 0) % 11]
    expect(
      await ok('POST', '/api/real-name/authentication/v1', h, {
        realName: '张三', identityType: 'IDENTITY_CARD', idNumber: full.slice(-4), phone: '13800138000', countryCode: '86',
        highestEducation: '本科', career: '其他', location: '广东省/深圳市/南山区', address: '科技园 1 号', fullIdNumber: full,
      }),
    ).toBe('passed')
    const q = await ok('GET', '/api/questionnaire/2/v1', h)
    await ok('POST', '/api/questionnaire/2/answers/v1', h, q.questions.map((x: Json) => ({ questionId: x.id, optionIds: [x.options[x.options.length - 2]?.id ?? x.options[0].id] })))
  }
  return { id, h }
}
/** A guest: a CSRF cookie and its header (so the CSRF check passes), no session. */
const guest = authHeaders('csrf_token=guest-csrf-token-0001')

const sha = (s: string) => createHash('sha256').update(s).digest('hex')
/** The quote's sign as the dialog's client makes it (spec 001 §7), and the price. */
async function signFor(h: Record<string, string>, specsId: number, channel: 'wx_pub_qr' | 'guru_pay'): Promise<{ sign: string; total: number }> {
  const info = await ok('GET', `/api/purchase/commodity/payment/v2?specsIds=${specsId}&noNeedCoupon=true`, h)
  return { sign: sha(signInput(specsId, channel, info.publicKey, info.userToken)), total: info.payInfo.total }
}
/** A recharge order of a 格隆贝 spec, as the web's top-up sends it. */
async function rechargeOrder(h: Record<string, string>, specsId: number, clientKey: string): Promise<Json> {
  const { sign, total } = await signFor(h, specsId, 'wx_pub_qr')
  return ok('POST', '/transaction/api/recharge/v2', h, { goodsId: specsId, currency: 'CNY', amount: total, channel: 'wx_pub_qr', sign, clientKey })
}
const tokenOf = (codeUrl: string) => new URL(codeUrl).pathname.split('/').pop()!
/** The sandbox's pay page answered by the phone that scanned the code. */
const payOnPhone = (codeUrl: string) =>
  app.request(`/sandbox/pay/${tokenOf(codeUrl)}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body: 'action=pay' }, LOOPBACK)
const coinOf = async (id: number) => Number((await sql<{ coin: number }>`SELECT coin FROM users WHERE id = ${id}`.execute(t.db.kysely)).rows[0]!.coin)
const creditsOf = async (orderId: string) =>
  (await sql<{ n: number; total: number }>`SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::int AS total FROM ledger WHERE order_id = ${orderId} AND account = 'coin'`.execute(t.db.kysely)).rows[0]!
const status = (h: Record<string, string>, orderId: string) => call('POST', `/transaction/api/recharge-status/${orderId}`, h)

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: GENEROUS_WRITE_LIMITS })
  users = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL AND coin = 0 ORDER BY id LIMIT 20`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
}, 120_000)
afterAll(() => t.close())

describe('the amounts (GET /api/purchase/goods-list/v7?specsId=RECHARGE_SPECS_ID)', () => {
  it('lists the 格隆贝 specs, each crediting its price, with no coupon and no 券后 price', async () => {
    const r = await reader()
    const list = await ok('GET', `/api/purchase/goods-list/v7?specsId=${RECHARGE_SPECS_ID}`, r.h)
    expect(Object.keys(list)).toEqual(['pack'])
    expect(list.pack.purchaseInfos.map((p: Json) => [p.specsId, p.name, p.price, p.currentPriceText, p.coupons.length, p.badge])).toEqual([
      [401, '100 格隆贝', 10_000, '¥100.00', 0, undefined],
      [402, '500 格隆贝', 50_000, '¥500.00', 0, undefined],
    ])
    const specs = (await sql<{ id: number; price_cents: number; coin_cents: number }>`
      SELECT s.id, s.price_cents, s.coin_cents FROM goods_specs s JOIN goods g ON g.id = s.goods_id WHERE g.ref_kind = 'coin' ORDER BY s.id`.execute(t.db.kysely)).rows
    expect(specs.every((s) => Number(s.coin_cents) === Number(s.price_cents))).toBe(true)
  })
})

describe('recharge/v2 and recharge-status: guest, reader, another reader', () => {
  it('a guest can neither order a recharge nor read a status (请先登录, 401)', async () => {
    const r = await reader()
    const o = await rechargeOrder(r.h, 401, 'guest-case-01')
    const create = await call('POST', '/transaction/api/recharge/v2', guest, { goodsId: 401, channel: 'wx_pub_qr', sign: 'a'.repeat(64) })
    expect(create.status).toBe(401)
    expect(create.body.message).toMatch(/登录/)
    const s = await status(guest, o.id)
    expect(s.status).toBe(401)
  })

  it('the reader’s order: the server’s price, the sandbox QR, one order per key; waiting until paid, the balance unchanged', async () => {
    const r = await reader()
    const a = await rechargeOrder(r.h, 402, 'reader-case-1')
    expect(a).toMatchObject({ amount: 50_000, subject: '500 格隆贝' })
    expect(a.data.codeUrl).toMatch(/\/sandbox\/pay\/[A-Za-z0-9_-]{32}$/)
    expect((await rechargeOrder(r.h, 402, 'reader-case-1')).id).toBe(a.id)
    expect((await status(r.h, a.id)).body.result).toEqual({ payStatus: 'waiting', coin: 0 })
    expect(await coinOf(r.id)).toBe(0)
  })

  it('bad input is refused with a clear message: another amount, a tampered sign, a good that is not 格隆贝, a malformed body', async () => {
    const r = await reader()
    const { sign } = await signFor(r.h, 401, 'wx_pub_qr')
    const cases: [Json, number, string][] = [
      [{ goodsId: 401, amount: 1, channel: 'wx_pub_qr', sign }, 400, PURCHASE_MESSAGES.priceChanged],
      [{ goodsId: 401, channel: 'wx_pub_qr', sign: (sign[0] === 'a' ? 'b' : 'a') + sign.slice(1) }, 400, PURCHASE_MESSAGES.signMismatch],
      [{ goodsId: 402, channel: 'wx_pub_qr', sign }, 400, PURCHASE_MESSAGES.signMismatch],
      [{ goodsId: 101, channel: 'wx_pub_qr', sign }, 400, PURCHASE_MESSAGES.notRecharge],
      [{ goodsId: 999_999, channel: 'wx_pub_qr', sign }, 404, PURCHASE_MESSAGES.specNotFound],
    ]
    for (const [body, code, message] of cases) {
      const a = await call('POST', '/transaction/api/recharge/v2', r.h, body)
      expect({ body, status: a.status, message: a.body.message }).toEqual({ body, status: code, message })
    }
    for (const body of [{ goodsId: 401, channel: 'guru_pay', sign }, { goodsId: 401, channel: 'wx_pub_qr', sign: 'x' }, { goodsId: 401, currency: 'USD', channel: 'wx_pub_qr', sign }, {}]) {
      const a = await call('POST', '/transaction/api/recharge/v2', r.h, body)
      expect(a.status).toBe(400)
      expect(a.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE user_id = ${r.id}`.execute(t.db.kysely)).rows[0]!.n).toBe(0)
  })

  it('another reader cannot read the order (抱歉，订单号不存在，无法完成付款), nor a goods order pass for a recharge', async () => {
    const a = await reader({ qualified: true })
    const b = await reader()
    const o = await rechargeOrder(a.h, 401, 'other-case-1')
    const theirs = await status(b.h, o.id)
    expect(theirs.status).toBe(404)
    expect(theirs.body.message).toBe(ORDER_MESSAGES.orderNotFound)
    expect((await status(b.h, 'GMH000000')).status).toBe(404)
    const { sign } = await signFor(a.h, 101, 'wx_pub_qr')
    const goods = await ok('POST', '/transaction/api/order/v1', a.h, { goodsId: 101, channel: 'wx_pub_qr', sign, clientKey: 'goods-not-recharge' })
    expect((await status(a.h, goods.id)).status).toBe(404)
  })
})

describe('credited exactly once', () => {
  it('paid on the phone twice and polled twice: one credit of 500 格隆贝', async () => {
    const r = await reader()
    const o = await rechargeOrder(r.h, 402, 'twice-pay-01')
    expect((await payOnPhone(o.data.codeUrl)).status).toBe(200)
    const again = await payOnPhone(o.data.codeUrl)
    expect(await again.text()).toContain('支付成功')
    for (let i = 0; i < 2; i++) expect((await status(r.h, o.id)).body.result).toEqual({ payStatus: 'success', coin: 50_000 })
    expect(await coinOf(r.id)).toBe(50_000)
    expect(await creditsOf(o.id)).toEqual({ n: 1, total: 50_000 })
  })

  it('the pay service calling back many times, in turn and at once, with one notification and with several: one credit', async () => {
    const r = await reader()
    const o = await rechargeOrder(r.h, 401, 'callbacks-01')
    const pay = sandboxPayOf(t.db)!
    const notification = (notifyId: string) => {
      const n = { notifyId, orderId: o.id, result: 'success' as const, amount: o.amount, timestamp: TEST_NOW }
      return { ...n, signature: pay.sign(n) }
    }
    const same = notification('recharge-notify-0000')
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => call('POST', '/transaction/notify/v1', {}, same)),
      ...Array.from({ length: 5 }, (_, i) => call('POST', '/transaction/notify/v1', {}, notification(`recharge-notify-000${i + 1}`))),
      (async (): Promise<Answer> => {
        const res = await payOnPhone(o.data.codeUrl)
        return { status: res.status, body: { statusCode: res.status, message: '', result: { code: 'SUCCESS' } }, headers: res.headers }
      })(),
    ])
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 11 }, () => 200))
    expect(answers.every((a) => a.body.result.code === 'SUCCESS')).toBe(true)
    expect(await coinOf(r.id)).toBe(10_000)
    expect(await creditsOf(o.id)).toEqual({ n: 1, total: 10_000 })
    // and once more, later
    await call('POST', '/transaction/notify/v1', {}, notification('recharge-notify-0009'))
    expect(await coinOf(r.id)).toBe(10_000)
  })

  it('two recharge orders paid: each credited once (they add up)', async () => {
    const r = await reader()
    const a = await rechargeOrder(r.h, 401, 'two-orders-a')
    const b = await rechargeOrder(r.h, 401, 'two-orders-b')
    expect(a.id).not.toBe(b.id)
    await Promise.all([payOnPhone(a.data.codeUrl), payOnPhone(b.data.codeUrl)])
    expect(await coinOf(r.id)).toBe(20_000)
    expect((await status(r.h, b.id)).body.result).toEqual({ payStatus: 'success', coin: 20_000 })
  })

  it('refused on the phone: failed, nothing credited', async () => {
    const r = await reader()
    const o = await rechargeOrder(r.h, 401, 'refused-01')
    await app.request(`/sandbox/pay/${tokenOf(o.data.codeUrl)}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body: 'action=refuse' }, LOOPBACK)
    expect((await status(r.h, o.id)).body.result).toEqual({ payStatus: 'failed', coin: 0 })
    expect(await creditsOf(o.id)).toEqual({ n: 0, total: 0 })
  })

  it('money that arrives after the QR expired is refunded through the pay port, not credited', async () => {
    const r = await reader()
    const o = await rechargeOrder(r.h, 401, 'late-pay-01')
    nowMs += (QR_VALIDITY_SECONDS + 1) * 1000
    try {
      const pay = sandboxPayOf(t.db)!
      const n = { notifyId: 'late-recharge-0001', orderId: o.id, result: 'success' as const, amount: o.amount, timestamp: Math.floor(nowMs / 1000) }
      expect((await call('POST', '/transaction/notify/v1', {}, { ...n, signature: pay.sign(n) })).status).toBe(200)
      expect(await coinOf(r.id)).toBe(0)
      expect(pay.refunds.get(`RF${o.id}`)).toMatchObject({ amountCents: 10_000, reason: expect.stringContaining('超时') })
      expect((await status(r.h, o.id)).body.result).toEqual({ payStatus: 'failed', coin: 0 })
    } finally {
      nowMs = TEST_NOW * 1000
    }
  })
})

describe('topped up, then bought with 格隆贝', () => {
  it('500 格隆贝 by the sandbox, then a 9.90 article paid by guru_pay: 49,010 cents left', async () => {
    const r = await reader({ qualified: true })
    const o = await rechargeOrder(r.h, 402, 'then-buy-01')
    await payOnPhone(o.data.codeUrl)
    const spec = Number((await sql<{ id: number }>`SELECT id FROM goods_specs WHERE id > ${ARTICLE_GOODS_BASE} ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!.id)
    const info = await ok('GET', `/api/purchase/commodity/payment/v2?specsIds=${spec}&noNeedCoupon=true`, r.h)
    // the dialog's price reload carries the new balance
    expect(info.userCoin).toBe(50_000)
    const sign = sha(signInput(spec, 'guru_pay', info.publicKey, info.userToken))
    const bought = await ok('POST', '/transaction/api/order/v1', r.h, { goodsId: spec, channel: 'guru_pay', sign, preCreatedPaymentOrder: false, clientKey: 'then-buy-article' })
    expect(await ok('POST', '/transaction/api/guru-pay/v1', r.h, { orderId: bought.id })).toEqual({ payStatus: 'success' })
    expect(await coinOf(r.id)).toBe(50_000 - VIP_ARTICLE_PRICE_CENTS)
    // /my/purchase lists both: the top-up by WeChat and the article by 格隆贝
    const purchased = (await ok('GET', '/api/user-purchased/v1', r.h)).map((p: Json) => [p.channel, p.amount, p.name])
    expect(purchased).toHaveLength(2)
    expect(purchased).toEqual(expect.arrayContaining([['wx_pub_qr', 50_000, '500 格隆贝'], ['guru_pay', VIP_ARTICLE_PRICE_CENTS, expect.any(String)]]))
  })
})

describe('the ledger balances (issue 23) after every recharge above', () => {
  it('each reader’s coin is the sum of their ledger rows, and each order’s money fits its state', async () => {
    expect(await coinMismatches(t.db.kysely)).toEqual([])
    expect(await orderMismatches(t.db.kysely)).toEqual([])
    const credits = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger l JOIN orders o ON o.id = l.order_id WHERE o.kind = 'recharge' AND l.kind = 'credit'`.execute(t.db.kysely)).rows[0]!.n
    // paid twice on the phone (1), eleven callbacks (1), two orders (2), then-buy (1)
    expect(credits).toBe(5)
  })
})
