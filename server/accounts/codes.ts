// Phone and e-mail codes (spec 000 §5, §9: six digits, one per minute; core/accounts/limits.ts for
// the rest) and the local slider captcha behind statusCode 2000 (gt-init, challenge/validate/seccode).
import { createHash, randomBytes, randomInt } from 'node:crypto'
import {
  ACCOUNT_MESSAGES,
  CAPTCHA_TTL_MS,
  CODE_DIGITS,
  CODE_TTL_MS,
  codeCheck,
  codeRequestDecision,
  dayStart,
  phoneKey,
} from '../../core/accounts/limits'
import { STATUS_NEEDS_CAPTCHA } from '../../core/auth/auth-types'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { isValidPhone } from '../../core/validation/phone-number'
import { isKnownCallingCode } from './country-codes'
import { CodedAnswer, lookupLimit } from './http'
import type { AccountsDeps, CaptchaAnswer } from './ports'
import { userByEmail, userByPhone } from './users'
import { accountsDb } from './tables'
import { sliderPicture } from './captcha-png'

export type CodeChannel = 'sms' | 'email'
/** Codes for login and sign-up are one kind; reset and bind codes are their own. */
export type CodeKind = 'login' | 'reset' | 'bind'

const hashCode = (target: string, code: string) => createHash('sha256').update(`${target}\0${code}`).digest('hex')

export type { CaptchaAnswer }

/** The seccode the local slider gives for a validate (real services sign it; ours is derived). */
export const seccodeOf = (validate: string) => `${validate}|jordan`

/** Uses a solved slider for this target; false when there is none or it does not check out. */
async function useCaptcha(db: Db, target: string, answer: CaptchaAnswer, now: number): Promise<boolean> {
  if (!answer.challenge || !answer.validate || !answer.seccode) return false
  const k = accountsDb(db)
  const row = await k.selectFrom('captcha_challenges').selectAll().where('challenge', '=', answer.challenge).executeTakeFirst()
  if (!row || row.used || row.target !== target || !row.validate || now - row.created_at > CAPTCHA_TTL_MS) return false
  if (row.validate !== answer.validate || answer.seccode !== seccodeOf(row.validate)) return false
  await k.updateTable('captcha_challenges').set({ used: true }).where('challenge', '=', row.challenge).execute()
  return true
}

/**
 * Sends a code to `target` if the limits allow; throws 429 (too frequent, daily caps) or
 * CodedAnswer 2000 (human verification first). Answers the code (callers hand it to a port).
 */
export async function issueCode(
  db: Db,
  req: { channel: CodeChannel; target: string; kind: CodeKind; ip: string; captcha: CaptchaAnswer },
  now: number,
  /** the captcha port's check (GeeTest); the local slider's when absent */
  verifyCaptcha: (target: string, answer: CaptchaAnswer, now: number) => Promise<boolean> = (t, a, n) => useCaptcha(db, t, a, n),
): Promise<string> {
  const k = accountsDb(db)
  const since = dayStart(now)
  const [last, phoneToday, ipToday] = await Promise.all([
    k.selectFrom('verification_codes').select('created_at').where('channel', '=', req.channel).where('target', '=', req.target).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
    k.selectFrom('verification_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('channel', '=', req.channel).where('target', '=', req.target).where('created_at', '>=', since).executeTakeFirst(),
    k.selectFrom('verification_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('ip', '=', req.ip).where('created_at', '>=', since).executeTakeFirst(),
  ])
  const facts = { lastSentAt: last?.created_at ?? null, phoneToday: Number(phoneToday?.n ?? 0), ipToday: Number(ipToday?.n ?? 0), now }
  // the slider is only spent when it is the one thing standing between the request and a code
  let decision = codeRequestDecision({ ...facts, captchaSolved: false })
  if (decision === 'needsCaptcha' && (await verifyCaptcha(req.target, req.captcha, now))) decision = codeRequestDecision({ ...facts, captchaSolved: true })
  switch (decision) {
    case 'tooFrequent':
      throw new ApiError(429, ACCOUNT_MESSAGES.codeTooFrequent)
    case 'phoneDailyCap':
      throw new ApiError(429, ACCOUNT_MESSAGES.phoneDailyCap)
    case 'ipDailyCap':
      throw new ApiError(429, ACCOUNT_MESSAGES.ipDailyCap)
    case 'needsCaptcha':
      throw new CodedAnswer(STATUS_NEEDS_CAPTCHA, ACCOUNT_MESSAGES.needsCaptcha)
    case 'send':
      break
  }
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0')
  await k
    .insertInto('verification_codes')
    .values({ channel: req.channel, target: req.target, purpose: req.kind, code_hash: hashCode(req.target, code), ip: req.ip, created_at: now, expires_at: now + CODE_TTL_MS })
    .execute()
  return code
}

/** Checks a typed code against the latest one sent to `target` for `kind` and spends it; throws 400 with the reason. */
export async function consumeCode(db: Db, req: { channel: CodeChannel; target: string; kind: CodeKind; code: string }, now: number): Promise<void> {
  return checkCode(db, req, now, true)
}

/** Like consumeCode, but a right code stays usable (a wrong one still counts towards its 3 tries). */
export async function checkCode(db: Db, req: { channel: CodeChannel; target: string; kind: CodeKind; code: string }, now: number, spend = false): Promise<void> {
  const k = accountsDb(db)
  const row = await k
    .selectFrom('verification_codes')
    .selectAll()
    .where('channel', '=', req.channel)
    .where('target', '=', req.target)
    .where('purpose', '=', req.kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const stored = row ? { expiresAt: row.expires_at, wrongTries: row.wrong_tries, used: row.used } : null
  const verdict = codeCheck(stored, !!row && row.code_hash === hashCode(req.target, req.code), now)
  if (verdict === 'ok') {
    if (!spend) return
    // one use only, and conditional so two simultaneous uses cannot both pass
    const done = await k.updateTable('verification_codes').set({ used: true }).where('id', '=', row!.id).where('used', '=', false).executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) throw new ApiError(400, ACCOUNT_MESSAGES.codeExpired)
    return
  }
  if (verdict === 'wrong') {
    await k.updateTable('verification_codes').set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) })).where('id', '=', row!.id).execute()
    throw new ApiError(400, ACCOUNT_MESSAGES.codeWrong)
  }
  throw new ApiError(400, verdict === 'dead' ? ACCOUNT_MESSAGES.codeDead : ACCOUNT_MESSAGES.codeExpired)
}

// --- the services behind the code routes -------------------------------------------------------

/** A calling code without its '+'. */
export const callingCode = (code: string): string => code.replace(/^\+/, '')

/** A phone the contract accepts: a known calling code and a valid number; 400 otherwise. Answers the bare calling code. */
export function checkTarget(countryCode: string, phone: string): string {
  const code = callingCode(countryCode)
  if (!isKnownCallingCode(code) || !isValidPhone(code, phone)) throw new ApiError(400, ACCOUNT_MESSAGES.phoneInvalid)
  return code
}

/** A checked phone and its key in the codes table. */
export function phoneTarget(countryCode: string, phone: string): { code: string; target: string } {
  const code = checkTarget(countryCode, phone)
  return { code, target: phoneKey(code, phone) }
}

export type SmsCodeRequest = { phone: string; countryCode: string } & CaptchaAnswer

/**
 * Sends an SMS code of `kind`. A reset code is issued (same limits, same answer) for any phone but
 * sent only to an account's, so the answer never tells whether the phone has one.
 */
export async function sendSmsCode({ db, clock, ports }: AccountsDeps, ip: string, req: SmsCodeRequest, kind: CodeKind): Promise<true> {
  const { code, target } = phoneTarget(req.countryCode, req.phone)
  if (kind === 'reset') await lookupLimit(db, 'reset-code', ip, target, clock())
  const verify = ports.captcha ? ports.captcha.verify.bind(ports.captcha) : undefined
  const sent = await issueCode(db, { channel: 'sms', target, kind, ip, captcha: req }, clock(), verify)
  if (kind === 'reset' && !(await userByPhone(db, code, req.phone))) return true
  await ports.sms.send({ countryCode: code, phone: req.phone }, `【港美汇】您的验证码是${sent}，5分钟内有效，请勿泄露给他人。`, [sent, '5'])
  return true
}

/** The e-mail reset code: the same answer whether the address has an account; only an account's address gets the mail. */
export async function sendEmailResetCode({ db, clock, ports }: AccountsDeps, ip: string, email: string): Promise<true> {
  const address = email.trim()
  const target = address.toLowerCase()
  await lookupLimit(db, 'reset-code', ip, target, clock())
  const code = await issueCode(db, { channel: 'email', target, kind: 'reset', ip, captcha: {} }, clock())
  if (await userByEmail(db, address)) await ports.email.send(address, '港美汇 重置密码', `您的验证码是${code}，5分钟内有效。`)
  return true
}

/**
 * gt-init: the captcha port's challenge, or the local slider's — a sandbox, so only when the route
 * says `sliderAllowed` (local mode, loopback); 404 otherwise.
 */
export async function captchaParams({ db, clock, ports }: AccountsDeps, ip: string, req: { phone: string; countryCode: string }, sliderAllowed: boolean) {
  const { target } = phoneTarget(req.countryCode, req.phone)
  if (ports.captcha) return ports.captcha.init(target, ip, clock())
  if (!sliderAllowed) throw new ApiError(404, ACCOUNT_MESSAGES.dailyOnly)
  return captchaInit(db, target, clock())
}

// --- the local slider ---------------------------------------------------------------------------

/** The slider's track: the piece must be dragged to within 6 px of the gap. */
export const SLIDER = { width: 300, height: 130, piece: 44, tolerance: 6 } as const
export const LOCAL_GT = 'gmh-local-slider'

export async function captchaInit(db: Db, target: string, now: number) {
  const challenge = randomBytes(16).toString('hex')
  const answer = randomInt(80, SLIDER.width - SLIDER.piece)
  await accountsDb(db).insertInto('captcha_challenges').values({ challenge, target, answer, created_at: now, validate: null }).execute()
  return { gt: LOCAL_GT, challenge, success: 1, new_captcha: true }
}

export async function captchaPicture(db: Db, challenge: string, now: number) {
  const row = await accountsDb(db).selectFrom('captcha_challenges').selectAll().where('challenge', '=', challenge).executeTakeFirst()
  if (!row || row.used || now - row.created_at > CAPTCHA_TTL_MS) throw new ApiError(404, ACCOUNT_MESSAGES.captchaFailed)
  // the gap's height comes from the challenge, not the answer (answer % 60 told a script most of x)
  const gapY = 20 + (createHash('sha256').update(row.challenge).digest()[0]! % 60)
  // a raster with noise: no number in the markup (issue 9); the person finds the gap by eye
  const png = sliderPicture({ width: SLIDER.width, height: SLIDER.height, piece: SLIDER.piece }, { x: row.answer, y: gapY })
  return { width: SLIDER.width, piece: SLIDER.piece, gapY, image: `data:image/png;base64,${png.toString('base64')}` }
}

export async function captchaSolve(db: Db, challenge: string, offset: number, now: number) {
  const k = accountsDb(db)
  const row = await k.selectFrom('captcha_challenges').selectAll().where('challenge', '=', challenge).executeTakeFirst()
  if (!row || row.used || row.validate || now - row.created_at > CAPTCHA_TTL_MS) throw new ApiError(400, ACCOUNT_MESSAGES.captchaFailed)
  if (Math.abs(offset - row.answer) > SLIDER.tolerance) {
    // one try per challenge: a wrong drag burns it
    await k.updateTable('captcha_challenges').set({ used: true }).where('challenge', '=', challenge).execute()
    throw new ApiError(400, ACCOUNT_MESSAGES.captchaFailed)
  }
  const validate = randomBytes(16).toString('hex')
  await k.updateTable('captcha_challenges').set({ validate }).where('challenge', '=', challenge).execute()
  return { challenge, validate, seccode: seccodeOf(validate) }
}
