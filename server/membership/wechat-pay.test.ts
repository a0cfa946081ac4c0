// The real WeChat Pay adapter (issue 13, production path) against a local fake of WeChat Pay API v3 (a
// real HTTP server on loopback) that checks the merchant's signature as WeChat does and hands out
// code_urls; its notifications are signed with the fake's own key and encrypted with the API v3 key as
// WeChat's are. A recharge is ordered, its QR code asked once, paid by a notification (a replay changes
// nothing), and every forged, stale, tampered or mismatched notification is refused.
import { createHash, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInput } from '../../core/payment/sign'
import { authHeaders, signInForTest } from '../accounts/session'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { ORDER_MESSAGES } from './orders'
import { localIdentityCheck } from './qualification'
import { registerMembershipWith } from './routes'
import { encryptResource, WECHAT_NOTIFY_PATH, WECHAT_PAY_FAILED, WechatPayV3 } from './wechat-pay'

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
const platform = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
const CONFIG = { mchId: '1900000109', appId: 'wxd678efh567hg6787', apiV3Key: 'a'.repeat(16) + 'B'.repeat(16), certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000' }

/** WeChat Pay's Native order, as the fake of it: the merchant's signature checked, a code_url made. */
function fakeWechatPay() {
  const orders = new Map<string, { total: number; description: string; notifyUrl: string }>()
  /** refunds by out_refund_no: WeChat keeps one per number, so asking again returns the money once */
  const refunds = new Map<string, { outTradeNo: string; refund: number; total: number; reason: string }>()
  let calls = 0
  let failNext = false
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')))
    req.on('end', () => {
      calls++
      const answer = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
      const apis = ['/v3/pay/transactions/native', '/v3/refund/domestic/refunds']
      if (req.method !== 'POST' || !apis.includes(req.url ?? '')) return answer(404, { code: 'NOT_FOUND', message: 'no such api' })
      if (failNext) {
        failNext = false
        return answer(500, { code: 'SYSTEM_ERROR', message: '系统错误' })
      }
      const m = /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(req.headers.authorization ?? '')
      if (!m || m[1] !== CONFIG.mchId || m[5] !== CONFIG.certSerial) return answer(401, { code: 'SIGN_ERROR', message: 'bad authorization' })
      const signed = createVerify('RSA-SHA256').update(`POST\n${req.url}\n${m[4]}\n${m[2]}\n${raw}\n`).verify(merchant.publicKey, m[3]!, 'base64')
      if (!signed) return answer(401, { code: 'SIGN_ERROR', message: 'signature mismatch' })
      if (req.url === '/v3/refund/domestic/refunds') {
        // WeChat's 申请退款: the order must be one of ours, the refund at most its total, in CNY
        const r = JSON.parse(raw) as { out_trade_no: string; out_refund_no: string; reason?: string; amount: { refund: number; total: number; currency: string } }
        const o = orders.get(r.out_trade_no)
        if (!o) return answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' })
        if (r.amount.currency !== 'CNY' || r.amount.total !== o.total || !(r.amount.refund > 0 && r.amount.refund <= o.total)) return answer(400, { code: 'PARAM_ERROR', message: '退款金额不正确' })
        if (!refunds.has(r.out_refund_no)) refunds.set(r.out_refund_no, { outTradeNo: r.out_trade_no, refund: r.amount.refund, total: r.amount.total, reason: r.reason ?? '' })
        return answer(200, { refund_id: '50000000' + r.out_refund_no.slice(-8), out_refund_no: r.out_refund_no, status: 'PROCESSING', amount: r.amount })
      }
      const body = JSON.parse(raw) as { appid: string; mchid: string; out_trade_no: string; description: string; notify_url: string; amount: { total: number; currency: string } }
      if (body.appid !== CONFIG.appId || body.mchid !== CONFIG.mchId || body.amount.currency !== 'CNY' || !(body.amount.total > 0)) return answer(400, { code: 'PARAM_ERROR', message: 'bad order' })
      orders.set(body.out_trade_no, { total: body.amount.total, description: body.description, notifyUrl: body.notify_url })
      return answer(200, { code_url: `weixin://wxpay/bizpayurl?pr=${createHash('sha256').update(body.out_trade_no).digest('hex').slice(0, 12)}` })
    })
  })
  return {
    orders,
    refunds,
    calls: () => calls,
    failNext: () => void (failNext = true),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const fake = fakeWechatPay()
let t: TestDb
let app: Hono
const nowMs = TEST_NOW * 1000
let h: Record<string, string>
let userId: number

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely; the assertions name the fields
type Json = any
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await app.request(path, { method, headers: { ...h, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: res.status, body: await res.json() }
}

/** A recharge of 500 格隆贝 ordered as the site's client orders it (the quote's sign). */
async function rechargeOrder(clientKey: string): Promise<{ status: number; body: Json }> {
  const quote = (await call('GET', '/api/purchase/commodity/payment/v2?specsIds=402&noNeedCoupon=true')).body.result
  const sign = createHash('sha256').update(signInput(402, 'wx_pub_qr', quote.publicKey, quote.userToken)).digest('hex')
  return call('POST', '/transaction/api/recharge/v2', { goodsId: 402, channel: 'wx_pub_qr', sign, amount: 50_000, clientKey })
}

/** A notification as WeChat sends one: the transaction encrypted with the API v3 key, the whole signed. */
function notification(tx: Record<string, unknown>, opts: { key?: string; serial?: string; timestamp?: number; tamper?: boolean } = {}) {
  const nonce = randomBytes(6).toString('hex')
  const aad = 'transaction'
  let ciphertext = encryptResource(CONFIG.apiV3Key, nonce, aad, JSON.stringify({ mchid: CONFIG.mchId, appid: CONFIG.appId, transaction_id: '4200000000' + randomBytes(4).toString('hex'), ...tx }))
  if (opts.tamper) ciphertext = (ciphertext[0] === 'A' ? 'B' : 'A') + ciphertext.slice(1)
  const body = JSON.stringify({ id: randomBytes(12).toString('hex'), create_time: '2026-11-25T16:00:00+08:00', resource_type: 'encrypt-resource', event_type: 'TRANSACTION.SUCCESS', resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: aad, original_type: 'transaction' } })
  const timestamp = String(opts.timestamp ?? Math.floor(nowMs / 1000))
  const headerNonce = randomBytes(16).toString('hex')
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`).sign(opts.key ?? platform.privateKey, 'base64')
  return { body, headers: { 'Content-Type': 'application/json', 'Wechatpay-Timestamp': timestamp, 'Wechatpay-Nonce': headerNonce, 'Wechatpay-Signature': signature, 'Wechatpay-Serial': opts.serial ?? CONFIG.publicKeyId } }
}
const notify = (n: ReturnType<typeof notification>) => app.request(WECHAT_NOTIFY_PATH, { method: 'POST', headers: n.headers, body: n.body })
const coin = async () => Number((await sql<{ coin: number }>`SELECT coin FROM users WHERE id = ${userId}`.execute(t.db.kysely)).rows[0]!.coin)
const statusOf = async (id: string) => (await sql<{ status: string }>`SELECT status FROM orders WHERE id = ${id}`.execute(t.db.kysely)).rows[0]!.status

beforeAll(async () => {
  const base = await fake.start()
  t = await createTestDb()
  app = new Hono()
  const pay = new WechatPayV3({ ...CONFIG, privateKey: merchant.privateKey, publicKey: platform.publicKey, notifyUrl: `https://pay.example.com${WECHAT_NOTIFY_PATH}`, baseUrl: base, now: () => nowMs })
  registerMembershipWith({ pay, identity: localIdentityCheck })(app, { db: t.db, clock: () => nowMs, env: {} })
  userId = Number((await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!.id)
  h = authHeaders(await signInForTest(t.db, userId))
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fake.stop()
})

describe('WeChat Pay API v3 (a local fake of it)', () => {
  let orderId = ''

  it('an order asks WeChat for its code_url once, signed by the merchant; the same order answered again shows the same code', async () => {
    const first = await rechargeOrder('wechat-key-1')
    expect(first.status).toBe(200)
    orderId = first.body.result.id
    expect(first.body.result.data.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/)
    expect(fake.orders.get(orderId)).toEqual({ total: 50_000, description: expect.stringContaining('格隆贝'), notifyUrl: `https://pay.example.com${WECHAT_NOTIFY_PATH}` })
    const calls = fake.calls()
    const again = await rechargeOrder('wechat-key-1')
    expect(again.body.result).toEqual(first.body.result)
    expect(fake.calls()).toBe(calls)
  })

  it('WeChat paying it: the notification is checked and decrypted, the order paid and the coins credited once; a replay changes nothing', async () => {
    const before = await coin()
    const n = notification({ out_trade_no: orderId, trade_state: 'SUCCESS', amount: { total: 50_000 } })
    expect((await notify(n)).status).toBe(204)
    expect(await statusOf(orderId)).toBe('paid')
    expect(await coin()).toBe(before + 50_000)
    expect((await notify(n)).status).toBe(204)
    expect(await coin()).toBe(before + 50_000)
    expect((await call('POST', `/transaction/api/recharge-status/${orderId}`, {})).body.result).toEqual({ payStatus: 'success', coin: before + 50_000 })
  })

  it('refuses a notification signed by another key, named by another key id, too old, or with a tampered cipher; the order stays unpaid', async () => {
    const o = (await rechargeOrder('wechat-key-2')).body.result.id as string
    const tx = { out_trade_no: o, trade_state: 'SUCCESS', amount: { total: 50_000 } }
    for (const bad of [notification(tx, { key: stranger.privateKey }), notification(tx, { serial: 'PUB_KEY_ID_OTHER' }), notification(tx, { timestamp: Math.floor(nowMs / 1000) - 301 }), notification(tx, { tamper: true })]) {
      const res = await notify(bad)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ code: 'FAIL', message: ORDER_MESSAGES.badSignature })
    }
    expect(await statusOf(o)).toBe('pending')
    // a signed body that is not JSON, or not WeChat's shape, is refused the same way
    for (const body of ['not json', JSON.stringify({ id: 'x', resource: {} })]) {
      const n = notification(tx)
      const headerNonce = randomBytes(16).toString('hex')
      const signature = createSign('RSA-SHA256').update(`${n.headers['Wechatpay-Timestamp']}\n${headerNonce}\n${body}\n`).sign(platform.privateKey, 'base64')
      const res = await app.request(WECHAT_NOTIFY_PATH, { method: 'POST', headers: { ...n.headers, 'Wechatpay-Nonce': headerNonce, 'Wechatpay-Signature': signature }, body })
      expect(res.status).toBe(401)
    }
    // an amount that is not the order's is WeChat's to retry, and pays nothing
    const wrong = await notify(notification({ ...tx, amount: { total: 1 } }))
    expect(wrong.status).toBe(400)
    expect(await statusOf(o)).toBe('pending')
    // not final yet (the payer is paying): received, nothing changes
    expect((await notify(notification({ ...tx, trade_state: 'USERPAYING' }))).status).toBe(204)
    expect(await statusOf(o)).toBe('pending')
    // closed by WeChat: the order fails, and the QR page's poll says closed
    expect((await notify(notification({ ...tx, trade_state: 'CLOSED' }))).status).toBe(204)
    expect(await statusOf(o)).toBe('failed')
  })

  it('money WeChat takes for an order already closed is refunded through WeChat (申请退款), once, and the ledger nets to 0', async () => {
    const o = (await rechargeOrder('wechat-key-4')).body.result.id as string
    const tx = { out_trade_no: o, trade_state: 'SUCCESS', amount: { total: 50_000 } }
    const before = await coin()
    expect((await notify(notification({ ...tx, trade_state: 'CLOSED' }))).status).toBe(204)
    // the payer paid anyway (WeChat's success arrives after the close): not kept, not granted
    expect((await notify(notification(tx))).status).toBe(204)
    expect(await statusOf(o)).toBe('refunded')
    expect(await coin()).toBe(before)
    expect([...fake.refunds.values()].filter((r) => r.outTradeNo === o)).toEqual([{ outTradeNo: o, refund: 50_000, total: 50_000, reason: expect.stringContaining('退回') }])
    const net = (await sql<{ n: number }>`SELECT coalesce(sum(amount_cents), 0)::int AS n FROM ledger WHERE order_id = ${o}`.execute(t.db.kysely)).rows[0]!.n
    expect(net).toBe(0)
    // another success notification for it changes nothing and asks no second refund
    expect((await notify(notification(tx))).status).toBe(204)
    expect([...fake.refunds.values()].filter((r) => r.outTradeNo === o)).toHaveLength(1)
  })

  it('when WeChat refuses the order the reader gets 502 in Chinese, and a later try asks again', async () => {
    fake.failNext()
    const refused = await rechargeOrder('wechat-key-3')
    expect(refused.status).toBe(502)
    expect(refused.body.message).toBe(WECHAT_PAY_FAILED)
    const retried = await rechargeOrder('wechat-key-3')
    expect(retried.status).toBe(200)
    expect(retried.body.result.data.codeUrl).toMatch(/^weixin:\/\//)
  })
})
