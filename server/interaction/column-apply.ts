// Column-author application (spec 000 §3 'Column-author application'; §7 'Author application'):
// personal or enterprise, one per reader; the phone proven by an SMS code (POST
// /api/over-sea-sms/message-code with purpose 'bind', as for binding a phone); editable until approved.
import { sql } from 'kysely'
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import type { ColumnApplication } from '../../core/api/interaction'
import { isValidLinkAddress, LINK_MESSAGES } from '../../core/validation/link'
import { isAcceptedImageUrl } from '../../core/posting/rich-text'
import { consumeCode, phoneTarget } from '../accounts/codes'

export const APPLY_MESSAGES = {
  name: '请填写姓名',
  email: '请填写正确的邮箱',
  enterpriseName: '请填写企业名称',
  businessLicenseNum: '请填写营业执照号码',
  businessLicensePicture: '请上传营业执照',
  picture: '图片地址不合规',
  exists: '您已提交过申请，请勿重复提交',
  notFound: '申请不存在',
  approved: '申请已通过，无需修改',
  idCard: '身份证号码不正确',
} as const

export interface ApplyInput {
  type: 'personal' | 'enterprise'
  name: string
  idCard: string
  articleLinks: readonly string[]
  countryCode: string
  phone: string
  verificationCode: string
  email: string
  enterpriseName?: string | undefined
  businessLicenseNum?: string | undefined
  businessLicensePicture?: string | undefined
  internetServiceLicensePicture?: string | undefined
}

/** GB 11643 check digit of an 18-character mainland ID number. */
export function isIdCard(id: string): boolean {
  if (!/^[0-9]{17}[0-9Xx]$/.test(id)) return false
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = weights.reduce((s, w, i) => s + w * Number(id[i]), 0)
  return '10X98765432'[sum % 11] === id[17]!.toUpperCase()
}

/** First 3 and last 4 kept (spec 000 §5 masking rule). */
const mask = (s: string) => (s.length <= 7 ? s : `${s.slice(0, 3)}${'*'.repeat(s.length - 7)}${s.slice(-4)}`)

interface Row {
  id: number
  type: 'personal' | 'enterprise'
  name: string
  id_card: string
  article_links: string[]
  country_code: string
  phone: string
  email: string
  enterprise_name: string
  business_license_num: string
  business_license_picture: string
  internet_service_license_picture: string
  status: ColumnApplication['status']
  reason: string
  update_timestamp: number
}
const toApplication = (r: Row): ColumnApplication => ({
  id: Number(r.id),
  type: r.type,
  name: r.name,
  idCard: mask(r.id_card),
  articleLinks: r.article_links,
  countryCode: r.country_code,
  phone: mask(r.phone),
  email: r.email,
  enterpriseName: r.enterprise_name,
  businessLicenseNum: r.business_license_num,
  businessLicensePicture: r.business_license_picture,
  internetServiceLicensePicture: r.internet_service_license_picture,
  status: r.status,
  reason: r.reason,
  updateTimestamp: Number(r.update_timestamp),
})

async function checked(db: Db, input: ApplyInput, nowMs: number) {
  const name = input.name.trim()
  if (name === '') throw new ApiError(400, APPLY_MESSAGES.name)
  if (!isIdCard(input.idCard)) throw new ApiError(400, APPLY_MESSAGES.idCard)
  const email = input.email.trim()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ApiError(400, APPLY_MESSAGES.email)
  const links = input.articleLinks.map((l) => l.trim()).filter((l) => l !== '')
  if (!links.every(isValidLinkAddress)) throw new ApiError(400, LINK_MESSAGES.invalid)
  const pictures = [input.businessLicensePicture, input.internetServiceLicensePicture].map((p) => (p ?? '').trim())
  if (pictures.some((p) => p !== '' && !isAcceptedImageUrl(p))) throw new ApiError(400, APPLY_MESSAGES.picture)
  const enterprise = input.type === 'enterprise'
  if (enterprise && !input.enterpriseName?.trim()) throw new ApiError(400, APPLY_MESSAGES.enterpriseName)
  if (enterprise && !input.businessLicenseNum?.trim()) throw new ApiError(400, APPLY_MESSAGES.businessLicenseNum)
  if (enterprise && !pictures[0]) throw new ApiError(400, APPLY_MESSAGES.businessLicensePicture)
  const { code, target } = phoneTarget(input.countryCode, input.phone)
  await consumeCode(db, { channel: 'sms', target, kind: 'bind', code: input.verificationCode }, nowMs)
  return {
    type: input.type,
    name,
    id_card: input.idCard.toUpperCase(),
    article_links: links,
    country_code: code,
    phone: input.phone,
    email,
    enterprise_name: enterprise ? input.enterpriseName!.trim() : '',
    business_license_num: enterprise ? input.businessLicenseNum!.trim() : '',
    business_license_picture: enterprise ? pictures[0]! : '',
    internet_service_license_picture: enterprise ? pictures[1]! : '',
  }
}

export async function applyStatus(db: Db, readerId: number) {
  const r = (await sql<{ id: number; status: ColumnApplication['status']; reason: string }>`SELECT id, status, reason FROM column_applications WHERE user_id = ${readerId}`.execute(db.kysely)).rows[0]
  return r ? { status: r.status, id: Number(r.id), reason: r.reason } : { status: 'none' as const, id: null, reason: '' }
}

export async function myApplication(db: Db, readerId: number): Promise<ColumnApplication | null> {
  const r = (await sql<Row>`SELECT * FROM column_applications WHERE user_id = ${readerId}`.execute(db.kysely)).rows[0]
  return r ? toApplication(r) : null
}

export async function apply(db: Db, readerId: number, input: ApplyInput, nowMs: number): Promise<ColumnApplication> {
  if ((await sql`SELECT 1 FROM column_applications WHERE user_id = ${readerId}`.execute(db.kysely)).rows[0]) throw new ApiError(400, APPLY_MESSAGES.exists)
  const v = await checked(db, input, nowMs)
  const r = (
    await sql<Row>`INSERT INTO column_applications (user_id, type, name, id_card, article_links, country_code, phone, email, enterprise_name,
        business_license_num, business_license_picture, internet_service_license_picture, update_timestamp)
      VALUES (${readerId}, ${v.type}, ${v.name}, ${v.id_card}, ${v.article_links}, ${v.country_code}, ${v.phone}, ${v.email}, ${v.enterprise_name},
        ${v.business_license_num}, ${v.business_license_picture}, ${v.internet_service_license_picture}, ${Math.floor(nowMs / 1000)})
      ON CONFLICT (user_id) DO NOTHING RETURNING *`.execute(db.kysely)
  ).rows[0]
  if (!r) throw new ApiError(400, APPLY_MESSAGES.exists)
  return toApplication(r)
}

/** The reader edits their own application (others: 404) until it is approved; it goes back under review. */
export async function editApplication(db: Db, readerId: number, id: number, input: ApplyInput, nowMs: number): Promise<ColumnApplication> {
  const own = (await sql<{ status: string }>`SELECT status FROM column_applications WHERE id = ${id} AND user_id = ${readerId}`.execute(db.kysely)).rows[0]
  if (!own) throw notFound(APPLY_MESSAGES.notFound)
  if (own.status === 'approved') throw new ApiError(400, APPLY_MESSAGES.approved)
  const v = await checked(db, input, nowMs)
  const r = (
    await sql<Row>`UPDATE column_applications SET type = ${v.type}, name = ${v.name}, id_card = ${v.id_card}, article_links = ${v.article_links},
        country_code = ${v.country_code}, phone = ${v.phone}, email = ${v.email}, enterprise_name = ${v.enterprise_name},
        business_license_num = ${v.business_license_num}, business_license_picture = ${v.business_license_picture},
        internet_service_license_picture = ${v.internet_service_license_picture}, status = 'reviewing', reason = '', update_timestamp = ${Math.floor(nowMs / 1000)}
      WHERE id = ${id} AND user_id = ${readerId} RETURNING *`.execute(db.kysely)
  ).rows[0]!
  return toApplication(r)
}
