// WeChat Pay behind a port (issue 13). The local default is a sandbox that behaves like the service: it
// issues a QR code URL (a page of this server a phone or another tab opens to pay or refuse) and sends
// the order's signed notification, as WeChat Pay calls back its merchant. It answers only in local mode
// and on a loopback socket (server/mode.ts); production refuses to start without the real settings
// (PAY_ENV) and then uses the real adapter (wechat-pay.ts: WeChat Pay API v3, Native order, signed and
// AES-GCM-encrypted notifications).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Env } from '../mode'
import { WechatPayV3 } from './wechat-pay'

/** What production needs for WeChat Pay (server/main.ts refuses to start without them). */
export const PAY_ENV: Readonly<Record<string, readonly string[]>> = {
  wechatPay: ['WECHATPAY_MCH_ID', 'WECHATPAY_APP_ID', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_CERT_SERIAL', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_NOTIFY_URL', 'WECHATPAY_PUBLIC_KEY', 'WECHATPAY_PUBLIC_KEY_ID'],
}

export interface PayNotification {
  notifyId: string
  orderId: string
  result: 'success' | 'failed'
  amount: number
  timestamp: number
}

/** What the pay service needs to make an order's QR code. */
export interface QrOrder {
  readonly id: string
  readonly amountCents: number
  readonly subject: string
  /** seconds */
  readonly expireTimestamp: number
  /** our token of the order's sandbox page */
  readonly qrToken: string
}

/** Money to return for an order (WeChat Pay v3 domestic refunds: out_refund_no, out_trade_no, amount). */
export interface RefundRequest {
  /** ours, unique per refund: asking twice returns the money once */
  readonly refundId: string
  readonly orderId: string
  readonly amountCents: number
  /** the order's whole amount */
  readonly totalCents: number
  readonly reason: string
}

export interface PayPort {
  readonly kind: 'sandbox' | 'wechat'
  /** returns an order's money to the payer; throws when the pay service refuses (asked again later) */
  refund(r: RefundRequest): Promise<void>
  /** the QR code's URL for an order (the sandbox: its page on this server; WeChat: its weixin:// code_url) */
  qrCodeUrl(order: QrOrder, origin: string): Promise<string>
  /** whether a notification really comes from the pay service */
  verify(n: PayNotification, signature: string): boolean
}

const canonical = (n: PayNotification) => [n.notifyId, n.orderId, n.result, n.amount, n.timestamp].join('|')

/** The local WeChat Pay: its key lives in this process only. */
export class SandboxPay implements PayPort {
  readonly kind = 'sandbox' as const
  private readonly key = randomBytes(32)
  /** the refunds the sandbox returned, once each by refundId (as WeChat keeps one per out_refund_no) */
  readonly refunds = new Map<string, RefundRequest>()

  async refund(r: RefundRequest): Promise<void> {
    if (!this.refunds.has(r.refundId)) this.refunds.set(r.refundId, r)
  }

  async qrCodeUrl(order: QrOrder, origin: string): Promise<string> {
    return `${origin}/sandbox/pay/${order.qrToken}`
  }

  sign(n: PayNotification): string {
    return createHmac('sha256', this.key).update(canonical(n)).digest('hex')
  }

  verify(n: PayNotification, signature: string): boolean {
    const a = Buffer.from(this.sign(n), 'hex')
    const b = Buffer.from(signature, 'hex')
    return a.length === b.length && timingSafeEqual(a, b)
  }
}

/** Local mode: the sandbox. Production: WeChat Pay with every PAY_ENV setting (main.ts refuses to start without them). */
export function payPortFor(env: Env): PayPort | null {
  if (env.NODE_ENV !== 'production') return new SandboxPay()
  const need = PAY_ENV.wechatPay!
  if (need.some((k) => !env[k])) return null
  // keys may come with their line breaks written as \n (one-line environment variables)
  const pem = (v: string) => v.replace(/\\n/g, '\n')
  return new WechatPayV3({
    mchId: env.WECHATPAY_MCH_ID!,
    appId: env.WECHATPAY_APP_ID!,
    apiV3Key: env.WECHATPAY_API_V3_KEY!,
    certSerial: env.WECHATPAY_CERT_SERIAL!,
    privateKey: pem(env.WECHATPAY_PRIVATE_KEY!),
    notifyUrl: env.WECHATPAY_NOTIFY_URL!,
    publicKey: pem(env.WECHATPAY_PUBLIC_KEY!),
    publicKeyId: env.WECHATPAY_PUBLIC_KEY_ID!,
    ...(env.WECHATPAY_API_URL ? { baseUrl: env.WECHATPAY_API_URL } : {}),
  })
}
