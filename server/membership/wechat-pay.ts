// The real WeChat Pay adapter (issue 13, production path): WeChat Pay API v3, Native payment.
//  - An order's QR: POST {base}/v3/pay/transactions/native with the merchant's signature in the
//    Authorization header (WECHATPAY2-SHA256-RSA2048: RSA-SHA256 over "METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n"
//    with the merchant's private key, named by its certificate serial); WeChat answers { code_url }.
//  - The notification: WeChat POSTs to WECHATPAY_NOTIFY_URL (our /transaction/notify/wechat/v3) with
//    Wechatpay-Timestamp, -Nonce, -Signature and -Serial headers. The signature (RSA-SHA256 over
//    "TIMESTAMP\nNONCE\nBODY\n") is checked with WeChat Pay's public key (the "微信支付公钥" mode, named by
//    its id), the timestamp must be within 5 minutes, and the resource is decrypted with the API v3 key
//    (AEAD_AES_256_GCM: the key's 32 bytes, the resource's nonce, its associated_data; the last 16
//    bytes of the ciphertext are the tag). Its transaction becomes our PayNotification.
// Written by hand on node:crypto: the well-kept SDKs (wechatpay-node-v3 and others) add an HTTP client
// and certificate download we do not need, and the protocol is these two signatures and one cipher.
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto'
import * as Schema from 'effect/Schema'
import * as Result from 'effect/Result'
import { ApiError } from '../http/api-error'
import type { PayNotification, PayPort, QrOrder, RefundRequest } from './pay-port'
import { errorMessage } from '../../core/api/api-error'

export const WECHAT_PAY_URL = 'https://api.mch.weixin.qq.com'
export const WECHAT_NOTIFY_PATH = '/transaction/notify/wechat/v3'
/** Our choice: WeChat's order call taking longer than this fails (the reader's request waits on it). */
const TIMEOUT_MS = 8_000
/** A notification older or newer than this is refused (a replay of an old signed one). */
export const NOTIFY_MAX_SKEW_SECONDS = 300
export const WECHAT_PAY_FAILED = '微信支付下单失败，请稍后重试'

export interface WechatPayConfig {
  readonly mchId: string
  readonly appId: string
  /** the API v3 key: 32 characters */
  readonly apiV3Key: string
  /** the merchant certificate's serial number */
  readonly certSerial: string
  /** the merchant's private key (PEM) */
  readonly privateKey: string
  readonly notifyUrl: string
  /** WeChat Pay's public key (PEM) and its id (PUB_KEY_ID_…), for the notifications' signatures */
  readonly publicKey: string
  readonly publicKeyId: string
  readonly baseUrl?: string
  readonly fetch?: typeof fetch
  readonly now?: () => number
}

/** The notification envelope (WeChat Pay API v3 "支付通知"). */
const Envelope = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,64}$/)),
  event_type: Schema.String,
  resource: Schema.Struct({
    algorithm: Schema.Literal('AEAD_AES_256_GCM'),
    ciphertext: Schema.String.check(Schema.isMaxLength(16_384)),
    nonce: Schema.String.check(Schema.isMaxLength(64)),
    associated_data: Schema.optional(Schema.String.check(Schema.isMaxLength(256))),
  }),
})
/** The decrypted transaction: what we use of it. */
const Transaction = Schema.Struct({
  mchid: Schema.String,
  appid: Schema.String,
  out_trade_no: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{6,32}$/)),
  trade_state: Schema.String,
  amount: Schema.Struct({ total: Schema.Number.check(Schema.isInt()) }),
})
// JSON text straight to its schema (as adapters/http/quote-stream.ts does): text that is not JSON fails like a wrong shape
const decodeEnvelope = Schema.decodeUnknownResult(Schema.fromJsonString(Envelope))
const decodeTransaction = Schema.decodeUnknownResult(Schema.fromJsonString(Transaction))

/** trade_state values that end an order unpaid (WeChat's docs); others (NOTPAY, USERPAYING) change nothing. */
const ENDED_UNPAID = new Set(['CLOSED', 'REVOKED', 'PAYERROR'])

/** AEAD_AES_256_GCM as WeChat uses it (exported for the tests' fake of WeChat). */
export function encryptResource(apiV3Key: string, nonce: string, associatedData: string, plaintext: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64')
}
function decryptResource(apiV3Key: string, nonce: string, associatedData: string, ciphertext: string): string | null {
  try {
    const all = Buffer.from(ciphertext, 'base64')
    if (all.length <= 16) return null
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
    decipher.setAAD(Buffer.from(associatedData, 'utf8'))
    decipher.setAuthTag(all.subarray(all.length - 16))
    return Buffer.concat([decipher.update(all.subarray(0, all.length - 16)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

const rfc3339Beijing = (seconds: number): string => `${new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 19)}+08:00`

export class WechatPayV3 implements PayPort {
  readonly kind = 'wechat' as const
  private readonly base: string
  private readonly doFetch: typeof fetch
  private readonly now: () => number

  constructor(private readonly config: WechatPayConfig) {
    if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32) throw new Error('WECHATPAY_API_V3_KEY must be 32 characters')
    this.base = config.baseUrl ?? WECHAT_PAY_URL
    this.doFetch = config.fetch ?? fetch
    this.now = config.now ?? Date.now
  }

  /** The Authorization header of a request to WeChat Pay. */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.now() / 1000))
    const nonce = randomBytes(16).toString('hex')
    const signature = createSign('RSA-SHA256').update(`${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`).sign(this.config.privateKey, 'base64')
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.certSerial}"`
  }

  /** A signed POST to WeChat Pay: its status and JSON answer (read loosely; each caller checks what it uses). */
  private async post(path: string, body: string): Promise<{ status: number; answer: Record<string, unknown> }> {
    const res = await this.doFetch(new URL(path, this.base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: this.authorization('POST', path, body) },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    return { status: res.status, answer: (await res.json()) as Record<string, unknown> }
  }

  async qrCodeUrl(order: QrOrder): Promise<string> {
    const path = '/v3/pay/transactions/native'
    const body = JSON.stringify({
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: order.subject.slice(0, 127),
      out_trade_no: order.id,
      time_expire: rfc3339Beijing(order.expireTimestamp),
      notify_url: this.config.notifyUrl,
      amount: { total: order.amountCents, currency: 'CNY' },
    })
    let status: number
    let answer: { code_url?: unknown; code?: unknown; message?: unknown }
    try {
      ;({ status, answer } = await this.post(path, body))
    } catch (error) {
      console.error(`wechat pay native order: ${errorMessage(error)}`)
      throw new ApiError(502, WECHAT_PAY_FAILED)
    }
    // bounded as orders.code_url is (migration 018): the database never sees what it would reject
    if (status !== 200 || typeof answer.code_url !== 'string' || !/^weixin:\/\/[\x21-\x7e]{1,180}$/.test(answer.code_url)) {
      console.error(`wechat pay native order: ${status} ${String(answer.code)} ${String(answer.message)}`)
      throw new ApiError(502, WECHAT_PAY_FAILED)
    }
    return answer.code_url
  }

  /**
   * A refund (WeChat Pay API v3 "申请退款": POST /v3/refund/domestic/refunds). WeChat answers the refund's
   * status: SUCCESS or PROCESSING means the money is on its way back (out_refund_no makes a repeat
   * harmless); anything else throws, and the refund stays owed and is asked again.
   */
  async refund(r: RefundRequest): Promise<void> {
    const path = '/v3/refund/domestic/refunds'
    const body = JSON.stringify({
      out_trade_no: r.orderId,
      out_refund_no: r.refundId,
      reason: r.reason.slice(0, 80),
      amount: { refund: r.amountCents, total: r.totalCents, currency: 'CNY' },
    })
    let status: number
    let answer: { status?: unknown; code?: unknown; message?: unknown }
    try {
      ;({ status, answer } = await this.post(path, body))
    } catch (error) {
      throw new Error(`wechat pay refund ${r.refundId}: ${errorMessage(error)}`, { cause: error })
    }
    if (status !== 200 || (answer.status !== 'SUCCESS' && answer.status !== 'PROCESSING')) {
      throw new Error(`wechat pay refund ${r.refundId}: ${status} ${String(answer.status ?? answer.code)} ${String(answer.message ?? '')}`.slice(0, 300))
    }
  }

  /** Sandbox-style notifications are not WeChat's: never accepted from this port. */
  verify(): boolean {
    return false
  }

  /**
   * A notification WeChat sent, checked and decrypted; null when it is not WeChat's (signature, key id,
   * time, cipher, merchant) or says nothing final (an order not paid yet).
   */
  parseNotification(headers: { timestamp?: string | undefined; nonce?: string | undefined; signature?: string | undefined; serial?: string | undefined }, raw: string): { notification: PayNotification | null } | null {
    const { timestamp = '', nonce = '', signature = '', serial = '' } = headers
    if (serial !== this.config.publicKeyId || !/^\d{1,12}$/.test(timestamp) || nonce.length === 0 || nonce.length > 64) return null
    if (Math.abs(Math.floor(this.now() / 1000) - Number(timestamp)) > NOTIFY_MAX_SKEW_SECONDS) return null
    let signed: boolean
    try {
      signed = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${raw}\n`).verify(this.config.publicKey, signature, 'base64')
    } catch {
      signed = false
    }
    if (!signed) return null
    const envelope = decodeEnvelope(raw)
    if (Result.isFailure(envelope)) return null
    const r = envelope.success.resource
    const plain = decryptResource(this.config.apiV3Key, r.nonce, r.associated_data ?? '', r.ciphertext)
    if (plain === null) return null
    const tx = decodeTransaction(plain)
    if (Result.isFailure(tx) || tx.success.mchid !== this.config.mchId || tx.success.appid !== this.config.appId) return null
    const t = tx.success
    const result = t.trade_state === 'SUCCESS' ? 'success' : ENDED_UNPAID.has(t.trade_state) ? 'failed' : null
    if (result === null) return { notification: null }
    return { notification: { notifyId: envelope.success.id, orderId: t.out_trade_no, result, amount: t.amount.total, timestamp: Number(timestamp) } }
  }
}
