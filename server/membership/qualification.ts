// Qualification (issue 13; spec 001 §3 'Real-name form', 'Question set', 'Risk result'; §4 'Attestation
// steps'; §6: buying requires kyc.certification and kyc.svipInvestor): real-name authentication through
// an identity-check port, questionnaire 2 with risk results that expire, the pre-purchase risk match.
import { sql, type Kysely } from 'kysely'
import type { PrePurchaseConfirmation } from '../../core/api/order'
import type { AnswerSubmission, QuestionSet, RealNameBody, RiskResult } from '../../core/api/attestation'
import { QUESTIONNAIRE_ID } from '../../core/api/attestation'
import { REAL_NAME_PASSED, REAL_NAME_PROCESSING } from '../../core/attestation/attestation-rules'
import { validateRealNameForm, REAL_NAME_FIELD_ORDER } from '../../core/validation/real-name-form'
import type { Database } from '../db/schema'
import { ApiError, notFound } from '../http/api-error'
import { requireSpec, specTitle } from './goods'
import { assetAllocationFor } from '../market/core-asset'
import type { AssetAllocation } from '../../core/api/attestation'
import { CORE_ASSET_MESSAGES } from '../../core/api/market'

type K = Kysely<Database>

export const QUALIFICATION_MESSAGES = {
  questionnaireNotFound: '问卷不存在',
  answersIncomplete: '请回答全部题目，每题选择一个选项',
  idNumberMismatch: '证件号码与尾号不一致',
  identityRejected: '身份信息核验未通过，请核对姓名与证件号码',
  alreadyPassed: '您已完成实名认证',
} as const

/** How long a risk result stays valid (ours: one year; the spec shows expiry, not its length). */
export const RISK_RESULT_DAYS = 365

// --- identity check port -------------------------------------------------------------------------

export type IdentityVerdict = 'passed' | 'processing' | 'rejected'
export interface IdentityCheckPort {
  check(input: { realName: string; identityType: string; fullIdNumber: string; phone: string }): Promise<IdentityVerdict>
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'
/** GB 11643: an 18-character resident identity number with its check character. */
export function isResidentIdNumber(id: string): boolean {
  if (!/^\d{17}[\dX]$/i.test(id)) return false
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(id[i]), 0)
  return ID_CHECK[sum % 11] === id[17]!.toUpperCase()
}

/**
 * The local identity check: a mainland identity card with a valid check character passes at once;
 * other documents go to staff, who phone to verify (spec 001 §4 step 5: 'processing'); an identity card
 * number that fails its check is rejected. The real port calls a licensed identity-verification service.
 */
export const localIdentityCheck: IdentityCheckPort = {
  async check({ identityType, fullIdNumber }) {
    if (identityType !== 'IDENTITY_CARD') return 'processing'
    return isResidentIdNumber(fullIdNumber) ? 'passed' : 'rejected'
  },
}

export async function realNameStatus(k: K, userId: number): Promise<{ status: number }> {
  const row = (await sql<{ status: number }>`SELECT status FROM real_names WHERE user_id = ${userId}`.execute(k)).rows[0]
  return { status: row ? Number(row.status) : 0 }
}

/** POST /api/real-name/authentication/v1: 'passed' or 'processing'; anything else is an error with its message. */
export async function submitRealName(k: K, port: IdentityCheckPort, userId: number, body: RealNameBody, nowSeconds: number): Promise<'passed' | 'processing'> {
  const errors = validateRealNameForm({
    realName: body.realName,
    identityType: body.identityType,
    otherIdentityType: body.otherIdentityType ?? '',
    idNumber: body.idNumber,
    highestEducation: body.highestEducation,
    career: body.career,
    location: body.location.split('/'),
    address: body.address,
    agree: true,
  })
  const first = REAL_NAME_FIELD_ORDER.find((f) => errors[f] !== undefined)
  if (first) throw new ApiError(400, errors[first]!)
  // spec 001 §7: idNumber carries the last 4 digits, fullIdNumber the whole number
  if (!body.fullIdNumber.toUpperCase().endsWith(body.idNumber.toUpperCase().slice(-4))) throw new ApiError(400, QUALIFICATION_MESSAGES.idNumberMismatch)
  const current = await realNameStatus(k, userId)
  if (current.status === REAL_NAME_PASSED) throw new ApiError(400, QUALIFICATION_MESSAGES.alreadyPassed)
  const verdict = await port.check({ realName: body.realName.trim(), identityType: body.identityType, fullIdNumber: body.fullIdNumber, phone: body.phone })
  if (verdict === 'rejected') throw new ApiError(400, QUALIFICATION_MESSAGES.identityRejected)
  const status = verdict === 'passed' ? REAL_NAME_PASSED : REAL_NAME_PROCESSING
  // never the full number: its last 4 only
  const details = { highestEducation: body.highestEducation, career: body.career, location: body.location, address: body.address, otherIdentityType: body.otherIdentityType ?? '', email: body.email ?? '', company: body.company ?? '', position: body.position ?? '' }
  await sql`INSERT INTO real_names (user_id, status, real_name, identity_type, id_last4, details, create_timestamp)
    VALUES (${userId}, ${status}, ${body.realName.trim()}, ${body.identityType}, ${body.fullIdNumber.slice(-4)}, ${JSON.stringify(details)}::jsonb, ${nowSeconds})
    ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, real_name = EXCLUDED.real_name, identity_type = EXCLUDED.identity_type,
      id_last4 = EXCLUDED.id_last4, details = EXCLUDED.details, create_timestamp = EXCLUDED.create_timestamp`.execute(k)
  return verdict
}

// --- questionnaire 2 -------------------------------------------------------------------------------

interface FixtureQuestion {
  id: number
  title: string
  options: { id: number; description: string; score: number }[]
}

/** spec 001 §9: the attestation questionnaire (id 2). Options scored 1–5; answer labels A–F are the client's. */
const QUESTIONS: FixtureQuestion[] = [
  { id: 201, title: '您的年龄段是？', options: [{ id: 1, description: '18–30 岁', score: 4 }, { id: 2, description: '31–50 岁', score: 5 }, { id: 3, description: '51–65 岁', score: 3 }, { id: 4, description: '65 岁以上', score: 1 }] },
  { id: 202, title: '您的家庭年收入（人民币）约为？', options: [{ id: 5, description: '10 万元以下', score: 1 }, { id: 6, description: '10–50 万元', score: 3 }, { id: 7, description: '50–100 万元', score: 4 }, { id: 8, description: '100 万元以上', score: 5 }] },
  { id: 203, title: '您有多少年股票、基金等投资经验？', options: [{ id: 9, description: '没有经验', score: 1 }, { id: 10, description: '1–3 年', score: 2 }, { id: 11, description: '3–5 年', score: 3 }, { id: 12, description: '5–10 年', score: 4 }, { id: 13, description: '10 年以上', score: 5 }] },
  { id: 204, title: '您计划的投资期限是？', options: [{ id: 14, description: '1 年以内', score: 1 }, { id: 15, description: '1–3 年', score: 3 }, { id: 16, description: '3 年以上', score: 5 }] },
  { id: 205, title: '您能承受的最大投资亏损是？', options: [{ id: 17, description: '不能承受亏损', score: 1 }, { id: 18, description: '10% 以内', score: 2 }, { id: 19, description: '10%–30%', score: 3 }, { id: 20, description: '30%–50%', score: 4 }, { id: 21, description: '50% 以上', score: 5 }] },
  { id: 206, title: '以下哪项最符合您的投资目标？', options: [{ id: 22, description: '保本为主', score: 1 }, { id: 23, description: '稳健增值', score: 2 }, { id: 24, description: '平衡收益与风险', score: 3 }, { id: 25, description: '追求较高收益', score: 4 }, { id: 26, description: '追求高收益，愿承担高风险', score: 5 }, { id: 27, description: '其他', score: 1 }] },
]

/** Risk levels C1–C5 by total score (6–30). */
const LEVELS = [
  { level: 1, max: 10, type: 'C1 保守型', description: '您的风险承受能力较低，适合低风险、保本类产品。' },
  { level: 2, max: 15, type: 'C2 谨慎型', description: '您偏好稳定收益，可承受较小波动，适合中低风险产品。' },
  { level: 3, max: 20, type: 'C3 稳健型', description: '您能承受一定波动以换取收益，适合中等风险产品。' },
  { level: 4, max: 25, type: 'C4 积极型', description: '您追求较高收益并能承受较大波动，适合中高风险产品。' },
  { level: 5, max: 30, type: 'C5 激进型', description: '您追求高收益并能承受高波动，适合高风险产品。' },
] as const

export function questionnaireOf(id: number): QuestionSet {
  if (id !== QUESTIONNAIRE_ID) throw notFound(QUALIFICATION_MESSAGES.questionnaireNotFound)
  return {
    id,
    description: '投资者风险承受能力评估问卷。请根据您的实际情况如实作答，本平台不对因虚假作答产生的后果承担责任。',
    questions: QUESTIONS.map((q) => ({ id: q.id, title: q.title, options: q.options.map((o) => ({ id: o.id, description: o.description })) })),
  }
}

interface RiskRow {
  id: number
  level: number
  expire_timestamp: number
}
const toRisk = (r: RiskRow): RiskResult => {
  const l = LEVELS[Number(r.level) - 1]!
  return { id: Number(r.id), evaluationType: l.type, description: l.description, expireTimestamp: Number(r.expire_timestamp) }
}

async function latestRisk(k: K, userId: number, questionnaireId: number): Promise<RiskRow | undefined> {
  return (await sql<RiskRow>`SELECT id, level, expire_timestamp FROM risk_results WHERE user_id = ${userId} AND questionnaire_id = ${questionnaireId}
    ORDER BY id DESC LIMIT 1`.execute(k)).rows[0]
}

/** GET /api/questionnaire/{id}/info/v1: the reader's latest result (expired ones too: the client checks expiry). */
export async function riskResultOf(k: K, userId: number, questionnaireId: number): Promise<RiskResult | null> {
  questionnaireOf(questionnaireId)
  const row = await latestRisk(k, userId, questionnaireId)
  return row ? toRisk(row) : null
}

/** Submits answers: one option per question, every question; the score gives the level. */
export async function submitAnswers(k: K, userId: number, questionnaireId: number, answers: AnswerSubmission, nowSeconds: number): Promise<RiskResult> {
  questionnaireOf(questionnaireId)
  const chosen = new Map(answers.map((a) => [a.questionId, a.optionIds[0]]))
  if (chosen.size !== answers.length || chosen.size !== QUESTIONS.length) throw new ApiError(400, QUALIFICATION_MESSAGES.answersIncomplete)
  let score = 0
  for (const q of QUESTIONS) {
    const option = q.options.find((o) => o.id === chosen.get(q.id))
    if (!option) throw new ApiError(400, QUALIFICATION_MESSAGES.answersIncomplete)
    score += option.score
  }
  const level = LEVELS.find((l) => score <= l.max)!.level
  const expire = nowSeconds + RISK_RESULT_DAYS * 86_400
  const row = (await sql<RiskRow>`INSERT INTO risk_results (user_id, questionnaire_id, level, score, answers, create_timestamp, expire_timestamp)
    VALUES (${userId}, ${questionnaireId}, ${level}, ${score}, ${JSON.stringify(answers)}::jsonb, ${nowSeconds}, ${expire})
    RETURNING id, level, expire_timestamp`.execute(k)).rows[0]!
  return toRisk(row)
}

/**
 * GET /api/asset-allocation/{id}/v1: the advice for one of the reader's own risk results (spec 001 §4:
 * attestationSuccess carries the result id, and the advice is asked with it), by the result's level.
 * Someone else's result, or none, is 404: a result's level is the reader's business.
 */
export async function allocationForResult(k: K, userId: number, resultId: number): Promise<AssetAllocation> {
  const row = (await sql<{ level: number }>`SELECT level FROM risk_results WHERE id = ${resultId} AND user_id = ${userId}`.execute(k)).rows[0]
  if (!row) throw notFound(CORE_ASSET_MESSAGES.unknownAllocation)
  return assetAllocationFor(Number(row.level))
}

/** spec 001 §6: kyc.certification (real name passed) and kyc.svipInvestor (an unexpired risk result). */
/**
 * What kycOf reads, as columns of a statement about user `userId`: the login info reads them in its
 * one statement (each statement is a round trip, and the login info is asked on every signed-in page).
 */
export const kycColumns = (userId: number) =>
  sql`(SELECT status FROM real_names WHERE user_id = ${userId}) AS kyc_name_status,
    (SELECT level FROM risk_results WHERE user_id = ${userId} AND questionnaire_id = ${QUESTIONNAIRE_ID} ORDER BY id DESC LIMIT 1) AS kyc_risk_level,
    (SELECT expire_timestamp FROM risk_results WHERE user_id = ${userId} AND questionnaire_id = ${QUESTIONNAIRE_ID} ORDER BY id DESC LIMIT 1) AS kyc_risk_expire`
export interface KycColumns {
  kyc_name_status: number | null
  kyc_risk_level: number | null
  kyc_risk_expire: number | null
}
export type Kyc = { certification: boolean; svipInvestor: boolean; riskLevel: number | null }

/** spec 001 §6: real name passed, and an unexpired risk result of the questionnaire. */
export function kycFrom(row: KycColumns, nowSeconds: number): Kyc {
  const valid = row.kyc_risk_expire !== null && Number(row.kyc_risk_expire) > nowSeconds
  return { certification: Number(row.kyc_name_status ?? 0) === REAL_NAME_PASSED, svipInvestor: valid, riskLevel: valid ? Number(row.kyc_risk_level) : null }
}

export async function kycOf(k: K, userId: number, nowSeconds: number): Promise<Kyc> {
  const row = (await sql<KycColumns>`SELECT ${kycColumns(userId)}`.execute(k)).rows[0]!
  return kycFrom(row, nowSeconds)
}

export async function requireQualified(k: K, userId: number, nowSeconds: number): Promise<void> {
  const kyc = await kycOf(k, userId, nowSeconds)
  if (!kyc.certification || !kyc.svipInvestor) throw new ApiError(403, '请完成实名认证及合格投资者认证')
}

const COMPANY = '港美汇信息科技（深圳）有限公司'

/** GET /api/pre-purchase/confirmation/v1 (specsId): the risk match before a purchase (spec 001 §3). */
export async function prePurchase(k: K, userId: number, specsId: number, nowSeconds: number): Promise<PrePurchaseConfirmation> {
  const spec = await requireSpec(k, specsId)
  const kyc = await kycOf(k, userId, nowSeconds)
  const name = (await sql<{ real_name: string }>`SELECT real_name FROM real_names WHERE user_id = ${userId}`.execute(k)).rows[0]?.real_name ?? ''
  const productLevel = spec.risk_level ?? 1
  const agreements = spec.agreement_route_id === null ? [] : (await sql<{ id: number; title: string }>`SELECT id, title FROM agreements WHERE route_id = ${spec.agreement_route_id} ORDER BY sort, id`.execute(k)).rows
  return {
    userInfo: { realName: name },
    commodity: { name: specTitle(spec) },
    riskVO: {
      result: kyc.riskLevel === null ? '未测评' : LEVELS[kyc.riskLevel - 1]!.type,
      productRiskLevel: `R${productLevel}`,
      isMatch: kyc.riskLevel !== null && kyc.riskLevel >= productLevel,
    },
    companyInfo: { companyName: COMPANY },
    agreements: agreements.map((a) => ({ id: Number(a.id), title: a.title })),
  }
}
