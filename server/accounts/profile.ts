// The signed-in person's own profile (spec 000 §7 'Account'): info, agreement, avatar and
// passwords. The service owns the users/avatars/sessions writes; the routes
// (server/accounts/routes.ts) only find the reader and call these.
import { sql } from 'kysely'
import { unreadTotal } from '../messages/messages'
import { ACCOUNT_MESSAGES } from '../../core/accounts/limits'
import { checkNewPassword, LOGIN_MESSAGES } from '../../core/validation/login'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { consumeCode, phoneTarget, type CodeChannel } from './codes'
import { lookupLimit } from './http'
import { hashPassword, verifyPassword } from './passwords'
import { forgetSessions, nowOf } from './session'
import { accountsDb } from './tables'
import type { AccountsDeps } from './ports'
import { userByEmail, userById, userByPhone } from './users'
import { updateUser } from './users-repository'
import { deleteSessionsOf } from './sessions-repository'

/** A new password's rules (core/validation/login), and its confirmation when one is sent. */
export function checkPasswords(password: string, confirm?: string): void {
  const m = checkNewPassword(password)
  if (m) throw new ApiError(400, m)
  if (confirm !== undefined && confirm !== password) throw new ApiError(400, LOGIN_MESSAGES.passwordMismatch)
}

/** id, nick and avatar of a live account; 404 for a missing or merged-away one. */
export async function userCard(db: Db, id: number): Promise<{ id: number; nick: string; avatar: string }> {
  const u = await userById(db, id)
  if (!u || u.merged_into !== null) throw new ApiError(404, ACCOUNT_MESSAGES.userNotFound)
  return { id: u.id, nick: u.nick, avatar: u.avatar }
}

export async function advisoryCertification(db: Db, me: number): Promise<{ createTime: number } | null> {
  const u = await userById(db, me)
  return u?.advisory_cert_time != null ? { createTime: u.advisory_cert_time } : null
}

export async function unreadCount(db: Db, me: number): Promise<number> {
  // the bell's unread messages (server/messages: what is shown, unread)
  return unreadTotal(db, me, Math.floor(nowOf(db) / 1000))
}

/** Updates the fields sent (trimmed); one user can never change another's profile. */
export async function updateInfo(
  db: Db,
  me: number,
  body: {
    userId: number
    nick?: string | undefined
    sex?: number | undefined
    country?: string | undefined
    state?: string | undefined
    city?: string | undefined
    userBrief?: string | undefined
    professions?: readonly string[] | undefined
  },
): Promise<void> {
  if (body.userId !== me) throw new ApiError(403, ACCOUNT_MESSAGES.notYourProfile)
  const nick = body.nick?.trim()
  if (body.nick !== undefined && !nick) throw new ApiError(400, ACCOUNT_MESSAGES.nickEmpty)
  await updateUser(db, me, {
    ...(nick !== undefined ? { nick } : {}),
    ...(body.sex !== undefined ? { sex: body.sex } : {}),
    ...(body.country !== undefined ? { country: body.country.trim() } : {}),
    ...(body.state !== undefined ? { state: body.state.trim() } : {}),
    ...(body.city !== undefined ? { city: body.city.trim() } : {}),
    ...(body.userBrief !== undefined ? { brief: body.userBrief.trim() } : {}),
    ...(body.professions !== undefined ? { professions: body.professions.map((p) => p.trim()).filter(Boolean) } : {}),
  })
}

export async function acceptAgreement(db: Db, me: number): Promise<void> {
  await updateUser(db, me, { agree_user_agreement: true })
}

function matchesMagic(mime: string, data: Buffer): boolean {
  if (mime === 'image/png') return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  if (mime === 'image/jpeg') return data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff
  return data.subarray(0, 4).toString('latin1') === 'GIF8'
}

/** Stores a PNG/JPEG/GIF data URL (3 MB at most, spec 000 §5) as `me`'s avatar; answers its path. */
export async function saveAvatar(db: Db, me: number, dataUrl: string, now: number): Promise<string> {
  const m = /^data:(image\/(?:png|jpeg|gif));base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl)
  if (!m) throw new ApiError(400, ACCOUNT_MESSAGES.avatarType)
  const data = Buffer.from(m[2]!, 'base64')
  if (data.length > 3_000_000) throw new ApiError(400, ACCOUNT_MESSAGES.avatarSize) // spec 000 §5
  if (!matchesMagic(m[1]!, data)) throw new ApiError(400, ACCOUNT_MESSAGES.avatarType)
  const k = accountsDb(db)
  const row = await k.insertInto('avatars').values({ user_id: me, mime: m[1]!, data, created_at: now }).returning('id').executeTakeFirstOrThrow()
  const avatar = `/u/avatar/${row.id}`
  await updateUser(k, me, { avatar })
  // the avatars this user replaced go, unless an account still shows one (a merge may have kept it)
  await k
    .deleteFrom('avatars')
    .where('user_id', '=', me)
    .where('id', '!=', row.id)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users').select('users.id').whereRef('users.avatar', '=', sql<string>`'/u/avatar/' || avatars.id`))))
    .execute()
  return avatar
}

export async function avatarFile(db: Db, id: number): Promise<{ mime: string; data: Uint8Array } | undefined> {
  return accountsDb(db).selectFrom('avatars').select(['mime', 'data']).where('id', '=', id).executeTakeFirst()
}

// --- passwords ------------------------------------------------------------------------------------

/** Sets a new password; every old session of the account ends. */
export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  const k = accountsDb(db)
  await updateUser(k, userId, { password_hash: await hashPassword(password) })
  await deleteSessionsOf(k, userId) // every old session ends
  forgetSessions(db)
}

/**
 * A reset answers by the code alone: a stranger's phone or address never got one, so it answers
 * like a wrong or expired code (never 'not registered'). `owner` finds the account after the code is spent.
 */
export async function resetPassword(
  db: Db,
  req: { channel: CodeChannel; target: string; code: string },
  owner: () => Promise<{ id: number } | undefined>,
  password: string,
  now: number,
): Promise<void> {
  await consumeCode(db, { ...req, kind: 'reset' }, now)
  const user = await owner()
  if (!user) throw new ApiError(400, ACCOUNT_MESSAGES.codeExpired)
  await setPassword(db, user.id, password)
}

type NewPassword = { password: string; passwordConfirm: string }

/** Reset by e-mail code; limited per IP and address, and answers by the code alone: never 'not registered'. */
export async function resetByEmail({ db, clock }: AccountsDeps, ip: string, req: NewPassword & { email: string; emailCode: string }): Promise<true> {
  checkPasswords(req.password, req.passwordConfirm)
  const address = req.email.trim()
  const target = address.toLowerCase()
  await lookupLimit(db, 'reset', ip, target, clock())
  await resetPassword(db, { channel: 'email', target, code: req.emailCode }, () => userByEmail(db, address), req.password, clock())
  return true
}

/** Reset by SMS code, like resetByEmail. */
export async function resetByPhone({ db, clock }: AccountsDeps, ip: string, req: NewPassword & { countryCode: string; phone: string; phoneCode: string }): Promise<true> {
  checkPasswords(req.password, req.passwordConfirm)
  const { code, target } = phoneTarget(req.countryCode, req.phone)
  await lookupLimit(db, 'reset', ip, target, clock())
  await resetPassword(db, { channel: 'sms', target, code: req.phoneCode }, () => userByPhone(db, code, req.phone), req.password, clock())
  return true
}

/** Changes `me`'s password; the old one is needed when the account has one. */
export async function changePassword(db: Db, me: number, oldPassword: string | undefined, password: string): Promise<void> {
  checkPasswords(password)
  const row = await userById(db, me)
  if (row?.password_hash) {
    if (!oldPassword) throw new ApiError(400, LOGIN_MESSAGES.oldPasswordRequired)
    if (!(await verifyPassword(oldPassword, row.password_hash))) throw new ApiError(400, ACCOUNT_MESSAGES.oldPasswordWrong)
  }
  await setPassword(db, me, password)
}
