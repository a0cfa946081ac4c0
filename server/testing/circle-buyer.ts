// A reader who buys a paid circle on the real app, as the order dialog does (spec 001 §4 'Order flow'):
// real name passed, questionnaire 2 answered, every agreement signed, then an order of goods type
// financialCircle paid with gurucoin or through the WeChat Pay sandbox's signed notification.
import { createHash } from 'node:crypto'
import type { Db } from '../db/db'
import { signInput } from '../../core/payment/sign'
import { creditCoin } from '../membership/ledger'
import { sandboxPayOf } from '../membership/routes'
import type { JsonCalls } from './json-calls'

type Headers = Record<string, string>

/** A valid resident identity number (GB 11643 check character) for a reader. */
function idNumber(seed: number): string {
  const base = `11010119900101${String(seed % 1000).padStart(3, '0')}`
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  return base + '10X98765432'[w.reduce((a, x, i) => a + x * Number(base[i]), 0) % 11]
}

/** Real name passed, questionnaire 2 answered with the highest risk level, every agreement signed. */
export async function qualifyBuyer(calls: JsonCalls, db: Db, userId: number, h: Headers, at: number): Promise<void> {
  const agreements = await db.kysely.selectFrom('agreements').select('id').execute()
  const k = db.kysely.withTables<{ agreement_signatures: { user_id: number; order_id: string; agreement_id: number; signed_at: number } }>()
  if (agreements.length) await k.insertInto('agreement_signatures').values(agreements.map((a) => ({ user_id: userId, order_id: 'test-setup', agreement_id: Number(a.id), signed_at: at }))).execute()
  const full = idNumber(userId)
  await calls.ok('POST', '/api/real-name/authentication/v1', h, {
    realName: '张三', identityType: 'IDENTITY_CARD', idNumber: full.slice(-4), phone: '13800138000', countryCode: '86',
    highestEducation: '本科', career: '其他', location: '广东省/深圳市/南山区', address: '科技园 1 号', fullIdNumber: full,
  })
  const q = await calls.ok('GET', '/api/questionnaire/2/v1', h)
  const answers = q.questions.map((x: { id: number; options: { id: number }[] }) => ({ questionId: x.id, optionIds: [x.options[x.options.length - 2]?.id ?? x.options[0]!.id] }))
  await calls.ok('POST', '/api/questionnaire/2/answers/v1', h, answers)
}

/** Buys the circle good `specsId` (qualified first): answers the order's id. */
export async function buyCircle(calls: JsonCalls, db: Db, o: { userId: number; h: Headers; specsId: number; channel: 'guru_pay' | 'wx_pub_qr'; key: string; at: number }): Promise<string> {
  const info = await calls.ok('GET', `/api/purchase/commodity/payment/v2?specsIds=${o.specsId}&noNeedCoupon=true`, o.h)
  if (o.channel === 'guru_pay') await creditCoin(db.kysely, o.userId, info.payInfo.total, null, o.at, 'opening')
  const sign = createHash('sha256').update(signInput(o.specsId, o.channel, info.publicKey, info.userToken)).digest('hex')
  const order = await calls.ok('POST', '/transaction/api/order/v1', o.h, { goodsId: o.specsId, channel: o.channel, sign, preCreatedPaymentOrder: o.channel === 'wx_pub_qr', clientKey: o.key })
  if (o.channel === 'guru_pay') {
    await calls.ok('POST', '/transaction/api/guru-pay/v1', o.h, { orderId: order.id })
  } else {
    const pay = sandboxPayOf(db)!
    const n = { notifyId: `notify-${o.key}`, orderId: order.id as string, result: 'success' as const, amount: order.amount as number, timestamp: o.at }
    await calls.ok('POST', '/transaction/notify/v1', {}, { ...n, signature: pay.sign(n) })
  }
  return order.id as string
}
