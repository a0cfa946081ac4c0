// The mailing address (spec 001 §3 'Address payload', §5 'Address form') and agreement signing
// (spec 001 §3 'Agreement' signing: orderId, agreementIds).
import { sql, type Kysely } from 'kysely'
import type { AddressPayload } from '../../core/api/order'
import type { Database } from '../db/schema'
import { ApiError } from '../http/api-error'

type K = Kysely<Database>

export const ADDRESS_MESSAGES = {
  // spec 001 §5
  name: '请填写正确的姓名格式（不能为空且小于20字符）',
  phone: '请填写正确的手机号码（大陆11位，香港澳门8位）',
  area: '请选择所在地区',
  address: '请填写准确的详细地址',
  orderNotFound: '抱歉，订单号不存在，无法完成付款',
  agreementNotFound: '协议不存在',
} as const

export async function getAddress(k: K, userId: number): Promise<AddressPayload | null> {
  const r = (await sql<{ name: string; country_code: string; phone_num: string; country: string; state: string; city: string; address: string }>`
    SELECT name, country_code, phone_num, country, state, city, address FROM user_addresses WHERE user_id = ${userId}`.execute(k)).rows[0]
  return r ? { name: r.name, countryCode: r.country_code, phoneNum: r.phone_num, country: r.country, state: r.state, city: r.city, address: r.address } : null
}

export async function saveAddress(k: K, userId: number, a: AddressPayload): Promise<null> {
  if (a.name.trim() === '') throw new ApiError(400, ADDRESS_MESSAGES.name)
  // spec 001 §5: 11 digits in the mainland (86), 8 in Hong Kong (852) and Macau (853)
  const digits = a.countryCode === '86' ? 11 : 8
  if (a.phoneNum.length !== digits) throw new ApiError(400, ADDRESS_MESSAGES.phone)
  if (!a.state.trim() || !a.city.trim()) throw new ApiError(400, ADDRESS_MESSAGES.area)
  if (!a.address.trim()) throw new ApiError(400, ADDRESS_MESSAGES.address)
  await sql`INSERT INTO user_addresses (user_id, name, country_code, phone_num, country, state, city, address)
    VALUES (${userId}, ${a.name.trim()}, ${a.countryCode}, ${a.phoneNum}, ${a.country}, ${a.state}, ${a.city}, ${a.address.trim()})
    ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, country_code = EXCLUDED.country_code, phone_num = EXCLUDED.phone_num,
      country = EXCLUDED.country, state = EXCLUDED.state, city = EXCLUDED.city, address = EXCLUDED.address`.execute(k)
  return null
}

/** Signs the agreements of the order's good (only those of its route); signing again changes nothing. */
export async function signAgreements(k: K, userId: number, orderId: string, agreementIds: readonly number[], nowSeconds: number): Promise<null> {
  const o = (await sql<{ route: number | null }>`SELECT g.agreement_route_id AS route FROM orders o JOIN goods_specs s ON s.id = o.specs_id JOIN goods g ON g.id = s.goods_id
    WHERE o.id = ${orderId} AND o.user_id = ${userId}`.execute(k)).rows[0]
  if (!o) throw new ApiError(400, ADDRESS_MESSAGES.orderNotFound)
  const allowed = o.route === null ? [] : (await sql<{ id: number }>`SELECT id FROM agreements WHERE route_id = ${o.route}`.execute(k)).rows.map((r) => Number(r.id))
  if (agreementIds.some((id) => !allowed.includes(id))) throw new ApiError(400, ADDRESS_MESSAGES.agreementNotFound)
  for (const id of new Set(agreementIds)) {
    await sql`INSERT INTO agreement_signatures (user_id, order_id, agreement_id, signed_at) VALUES (${userId}, ${orderId}, ${id}, ${nowSeconds}) ON CONFLICT DO NOTHING`.execute(k)
  }
  return null
}
