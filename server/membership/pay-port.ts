// WeChat Pay behind a port (issue 13). The local default is a sandbox that behaves like the service: it
// issues a QR code URL (a page of this server a phone or another tab opens to pay or refuse) and sends
// the order's signed notification, as WeChat Pay calls back its merchant. It answers only in local mode
// and on a loopback socket (server/mode.ts); production refuses to start without the real settings
// (PAY_ENV) — the real adapter (WeChat Pay API v3: Native order, AES-GCM notification) is not written yet,
// so with them the WeChat QR answers 503 until it is.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Env } from '../mode'

/** What production needs for WeChat Pay (server/main.ts refuses to start without them). */
export const PAY_ENV: Readonly<Record<string, readonly string[]>> = {
  wechatPay: ['WECHATPAY_MCH_ID', 'WECHATPAY_APP_ID', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_CERT_SERIAL', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_NOTIFY_URL'],
}

export interface PayNotification {
  notifyId: string
  orderId: string
  result: 'success' | 'failed'
  amount: number
  timestamp: number
}

export interface PayPort {
  readonly kind: 'sandbox' | 'wechat'
  /** the QR code's URL for an order (the sandbox: its page on this server) */
  codeUrl(origin: string, qrToken: string): string
  /** whether a notification really comes from the pay service */
  verify(n: PayNotification, signature: string): boolean
}

const canonical = (n: PayNotification) => [n.notifyId, n.orderId, n.result, n.amount, n.timestamp].join('|')

/** The local WeChat Pay: its key lives in this process only. */
export class SandboxPay implements PayPort {
  readonly kind = 'sandbox' as const
  private readonly key = randomBytes(32)

  codeUrl(origin: string, qrToken: string): string {
    return `${origin}/sandbox/pay/${qrToken}`
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

export function payPortFor(env: Env): PayPort | null {
  return env.NODE_ENV === 'production' ? null : new SandboxPay()
}
