// A WeChat Pay notification delivered to the process that did not create the order (issue 30): the
// order is made through process A, WeChat calls back process B — and, as it retries, A and B again at
// the same moment. The order is paid once, the coins credited once, the ledger holds one receipt and one
// credit. The two processes are two apps with the real WeChat Pay adapter and the same merchant settings
// (PAY_SIGN_SECRET shared, as scripts/cluster.mjs and docs/deploy.md set it); on PostgreSQL
// (TEST_DATABASE_URL) B has a pool of its own, as a second process has.
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInput } from '../../core/payment/sign'
import { authHeaders, signInForTest } from '../accounts/session'
import { type Db } from '../db/db'
import { createTestDb, TEST_NOW, type TestDb, secondPool } from '../testing/test-db'
import { localIdentityCheck } from '../membership/qualification'
import { registerMembershipWith } from '../membership/routes'
import { encryptResource, WECHAT_NOTIFY_PATH, WechatPayV3 } from '../membership/wechat-pay'

const keys = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })
const merchant = keys()
const platform = keys()
const CONFIG = { mchId: '1900000109', appId: 'wxd678efh567hg6787', apiV3Key: 'c'.repeat(16) + 'D'.repeat(16), certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000' }
const env = { PAY_SIGN_SECRET: 'one secret for every process' }
const nowMs = TEST_NOW * 1000

// WeChat Pay's Native order call, answered with a code_url (server/membership/wechat-pay.test.ts checks the signatures)
const wechat: Server = createServer((req, res) => {
  req.resume()
  req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('hex')}` })))
})

let t: TestDb
let secondDb: Db
let a: Hono
let b: Hono
let userId: number
let h: Record<string, string>

function processApp(db: Db, base: string): Hono {
  const app = new Hono()
  const pay = new WechatPayV3({ ...CONFIG, privateKey: merchant.privateKey, publicKey: platform.publicKey, notifyUrl: `https://pay.example.com${WECHAT_NOTIFY_PATH}`, baseUrl: base, now: () => nowMs })
  registerMembershipWith({ pay, identity: localIdentityCheck })(app, { db, clock: () => nowMs, env })
  return app
}

/** The notification WeChat sends when the reader paid: the transaction encrypted with the API v3 key, the whole signed. */
function notification(orderId: string, total: number) {
  const nonce = randomBytes(6).toString('hex')
  const ciphertext = encryptResource(CONFIG.apiV3Key, nonce, 'transaction', JSON.stringify({ mchid: CONFIG.mchId, appid: CONFIG.appId, transaction_id: '4200000000' + randomBytes(4).toString('hex'), out_trade_no: orderId, trade_state: 'SUCCESS', amount: { total } }))
  const body = JSON.stringify({ id: randomBytes(12).toString('hex'), create_time: '2026-11-25T16:00:00+08:00', resource_type: 'encrypt-resource', event_type: 'TRANSACTION.SUCCESS', resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: 'transaction', original_type: 'transaction' } })
  const timestamp = String(Math.floor(nowMs / 1000))
  const headerNonce = randomBytes(16).toString('hex')
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`).sign(platform.privateKey, 'base64')
  return { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'Wechatpay-Timestamp': timestamp, 'Wechatpay-Nonce': headerNonce, 'Wechatpay-Signature': signature, 'Wechatpay-Serial': CONFIG.publicKeyId } }
}

beforeAll(async () => {
  const base = await new Promise<string>((resolve) => wechat.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(wechat.address() as AddressInfo).port}`)))
  t = await createTestDb()
  secondDb = await secondPool(t)
  a = processApp(t.db, base)
  b = processApp(secondDb, base)
  userId = Number((await t.db.kysely.selectFrom('users').select('id').where('merged_into', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow()).id)
  h = authHeaders(await signInForTest(t.db, userId))
}, 120_000)
afterAll(async () => {
  if (secondDb && secondDb !== t.db) await secondDb.close()
  await t?.close()
  await new Promise((r) => wechat.close(r))
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely; the assertions name the fields
type Json = any
const call = async (app: Hono, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
  const res = await app.request(path, { method, headers: { ...h, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: res.status, body: await res.json() }
}

describe('a WeChat Pay notification reaching another process than the order', () => {
  it('the quote read on B, the order made on A, WeChat calling back B, then A and B at once: paid once, credited once, one ledger row each', async () => {
    const coin = async () => Number((await t.db.kysely.selectFrom('users').select('coin').where('id', '=', userId).executeTakeFirstOrThrow()).coin)
    const before = await coin()
    // the balancer sent the quote to B and the order to A: the quote's token checks on A (PAY_SIGN_SECRET shared)
    const quote = (await call(b, 'GET', '/api/purchase/commodity/payment/v2?specsIds=402&noNeedCoupon=true')).body.result
    const sign = createHash('sha256').update(signInput(402, 'wx_pub_qr', quote.publicKey, quote.userToken)).digest('hex')
    const order = await call(a, 'POST', '/transaction/api/recharge/v2', { goodsId: 402, channel: 'wx_pub_qr', sign, amount: 50_000, clientKey: 'cluster-pay-1' })
    expect(order.status).toBe(200)
    const orderId: string = order.body.result.id
    const n = notification(orderId, 50_000)
    expect((await b.request(WECHAT_NOTIFY_PATH, n)).status).toBe(204)
    const retries = await Promise.all([a.request(WECHAT_NOTIFY_PATH, n), b.request(WECHAT_NOTIFY_PATH, n), a.request(WECHAT_NOTIFY_PATH, notification(orderId, 50_000))])
    expect(retries.map((r) => r.status)).toEqual([204, 204, 204])
    expect((await t.db.kysely.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('paid')
    expect(await coin()).toBe(before + 50_000)
    const ledger = await t.db.kysely.withTables<{ ledger: { order_id: string | null; account: string; kind: string; amount_cents: number } }>().selectFrom('ledger').select(['account', 'kind', 'amount_cents']).where('order_id', '=', orderId).orderBy('account').execute()
    expect(ledger).toEqual([
      { account: 'coin', kind: 'credit', amount_cents: 50_000 },
      { account: 'wechat', kind: 'received', amount_cents: 50_000 },
    ])
    // both processes answer the reader the same
    for (const app of [a, b]) expect((await call(app, 'POST', `/transaction/api/recharge-status/${orderId}`, {})).body.result).toEqual({ payStatus: 'success', coin: before + 50_000 })
  })
})
