// Binding a phone to a WeChat account and merging two accounts (spec 001 §4, §7, §8): bind answers
// 200, or 1012 with phoneUser and loginUser when the phone already has an account; the merge keeps
// the chosen account and moves follows, stocks, posts (every row that references users) from the
// other; 417 when the merge cannot be done.
import { sql } from 'kysely'
import type { MergeUsers as MergeUsersSchema } from '../../core/api/accounts'
import { ACCOUNT_MESSAGES, LOOKUP_LIMIT_IP } from '../../core/accounts/limits'
import { STATUS_MERGE_NEEDED, STATUS_MERGE_REFUSED } from '../../core/auth/auth-types'
import { maskPhone } from '../../core/validation/phone-mask'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { checkCode, consumeCode, phoneTarget } from './codes'
import { CodedAnswer, lookupLimit, rateLimit } from './http'
import type { AccountsDeps } from './ports'
import { forgetSessions } from './session'
import { accountsDb } from './tables'
import { userById, userByPhone, userCounts } from './users'
import { updateUser } from './users-repository'
import { deleteSessionsOf } from './sessions-repository'

/** A bind that found an account on the phone allows a merge of exactly these two for 10 minutes. */
export const MERGE_WINDOW_MS = 10 * 60_000
const mergeKey = (loginUser: number, phoneUser: number) => `merge:${loginUser}:${phoneUser}`

async function candidate(db: Db, id: number, nowMs: number) {
  const u = await userById(db, id)
  if (!u) throw new ApiError(404, ACCOUNT_MESSAGES.userNotFound)
  const counts = await userCounts(db, id)
  return {
    id: u.id,
    nick: u.nick,
    avatar: u.avatar,
    createDate: u.create_timestamp,
    phone: u.phone ? maskPhone(u.phone, () => undefined) : '',
    binds: u.wechat_openid ? (['WEI_XIN'] as const) : ([] as const),
    svip: u.membership_expire !== null && u.membership_expire * 1000 > nowMs,
    userCount: { follow: counts.follow, fans: counts.fans, optionalStock: counts.optionalStock, createPortfolios: 0 },
  }
}

/** Binds the phone to the signed-in account, or throws 1012 with both accounts when it has one. */
export async function bindPhoneTo(db: Db, userId: number, countryCode: string, phone: string, nowMs: number): Promise<null> {
  const me = await userById(db, userId)
  if (!me) throw new ApiError(404, ACCOUNT_MESSAGES.userNotFound)
  if (me.phone) throw new ApiError(400, ACCOUNT_MESSAGES.phoneAlreadyBound)
  const owner = await userByPhone(db, countryCode, phone)
  if (owner && owner.id !== userId) {
    await accountsDb(db).insertInto('rate_events').values({ key: mergeKey(userId, owner.id), at: nowMs }).execute()
    const users: typeof MergeUsersSchema.Type = { phoneUser: await candidate(db, owner.id, nowMs), loginUser: await candidate(db, userId, nowMs) }
    throw new CodedAnswer(STATUS_MERGE_NEEDED, '该手机号已有账号，请选择要保留的账号', users)
  }
  await updateUser(db, userId, { phone, country_code: countryCode })
  return null
}

/** Tables (other than ours) whose columns reference users(id): their rows move to the kept account. */
async function referencingColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const r = await sql<{ tbl: string; col: string }>`
    SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`.execute(db.kysely)
  const ours = new Set(['sessions', 'friendships', 'users', 'avatars'])
  return r.rows.filter((x) => !ours.has(x.tbl.replace(/^.*\./, ''))).map((x) => ({ table: x.tbl, column: x.col }))
}

/** Merges `deprecated` into `selected`. The signed-in account must be one of the two just offered by bind. */
export async function mergeAccounts(db: Db, signedIn: number, selected: number, deprecated: number, nowMs: number): Promise<number> {
  const refuse = (message: string): never => {
    throw new CodedAnswer(STATUS_MERGE_REFUSED, message)
  }
  if (selected === deprecated || (signedIn !== selected && signedIn !== deprecated)) refuse(ACCOUNT_MESSAGES.mergeRefused)
  const other = signedIn === selected ? deprecated : selected
  const offered = await accountsDb(db)
    .selectFrom('rate_events')
    .select('id')
    .where('key', '=', mergeKey(signedIn, other))
    .where('at', '>', nowMs - MERGE_WINDOW_MS)
    .executeTakeFirst()
  if (!offered) refuse(ACCOUNT_MESSAGES.mergeRefused)
  const keep = await userById(db, selected)
  const drop = await userById(db, deprecated)
  if (!keep || !drop || keep.merged_into !== null || drop.merged_into !== null) return refuse(ACCOUNT_MESSAGES.mergeRefused)
  if (keep.wechat_openid && drop.wechat_openid) refuse(ACCOUNT_MESSAGES.mergeBothWechat)

  const refs = await referencingColumns(db)
  await db.kysely.transaction().execute(async (trx) => {
    const k = trx as unknown as ReturnType<typeof accountsDb>
    // follows: move edges, without self-follows or duplicates
    await sql`INSERT INTO friendships (follower_id, followee_id, create_timestamp)
      SELECT ${keep.id}, followee_id, create_timestamp FROM friendships WHERE follower_id = ${drop.id} AND followee_id <> ${keep.id}
      ON CONFLICT DO NOTHING`.execute(trx)
    await sql`INSERT INTO friendships (follower_id, followee_id, create_timestamp)
      SELECT follower_id, ${keep.id}, create_timestamp FROM friendships WHERE followee_id = ${drop.id} AND follower_id <> ${keep.id}
      ON CONFLICT DO NOTHING`.execute(trx)
    await k.deleteFrom('friendships').where((eb) => eb.or([eb('follower_id', '=', drop.id), eb('followee_id', '=', drop.id)])).execute()
    // every other row that references the dropped account (watchlist, posts, articles…); a row that
    // would duplicate one the kept account already has stays behind (savepoint)
    for (const { table, column } of refs) {
      await sql`SAVEPOINT move_rows`.execute(trx)
      try {
        await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${keep.id} WHERE ${sql.ref(column)} = ${drop.id}`.execute(trx)
        await sql`RELEASE SAVEPOINT move_rows`.execute(trx)
      } catch {
        await sql`ROLLBACK TO SAVEPOINT move_rows`.execute(trx)
      }
    }
    // sign-in means move to the kept account where it has none
    await updateUser(trx, drop.id, { merged_into: keep.id, phone: null, wechat_openid: null, email: null })
    await updateUser(trx, keep.id, {
      phone: keep.phone ?? drop.phone,
      country_code: keep.phone ? keep.country_code : drop.country_code,
      wechat_openid: keep.wechat_openid ?? drop.wechat_openid,
      email: keep.email ?? drop.email,
      password_hash: keep.password_hash ?? drop.password_hash,
      agree_user_agreement: keep.agree_user_agreement || drop.agree_user_agreement,
    })
    await deleteSessionsOf(trx, drop.id)
    forgetSessions(db)
    await k.deleteFrom('rate_events').where('key', '=', mergeKey(signedIn, other)).execute()
  })
  return keep.id
}

type PhoneWithCode = { countryCode: string; phone: string; verificationCode: string }

/** bind-phone: spends the phone's bind code, then binds (or 1012, see bindPhoneTo). */
export async function bindPhoneWithCode({ db, clock }: AccountsDeps, me: number, req: PhoneWithCode): Promise<null> {
  const { code, target } = phoneTarget(req.countryCode, req.phone)
  await consumeCode(db, { channel: 'sms', target, kind: 'bind', code: req.verificationCode }, clock())
  return bindPhoneTo(db, me, code, req.phone, clock())
}

/** Whether a phone is free for `me` to bind: told only to whoever holds that phone's bind code (checked, not spent). */
export async function phoneFreeToBind({ db, clock }: AccountsDeps, ip: string, me: number, req: PhoneWithCode): Promise<boolean> {
  const { code, target } = phoneTarget(req.countryCode, req.phone)
  await lookupLimit(db, 'bind-verify', ip, target, clock())
  await checkCode(db, { channel: 'sms', target, kind: 'bind', code: req.verificationCode }, clock())
  const owner = await userByPhone(db, code, req.phone)
  return !owner || owner.id === me
}

/**
 * Whether a phone has an account: this endpoint's whole job (spec 000 §7), so signed-in users only,
 * limited per IP, per phone and per user.
 */
export async function phoneHasAccount({ db, clock }: AccountsDeps, ip: string, me: number, req: { countryCode: string; phone: string }): Promise<{ exists: boolean }> {
  const { code, target } = phoneTarget(req.countryCode, req.phone)
  await lookupLimit(db, 'byphone', ip, target, clock())
  await rateLimit(db, `byphone:user:${me}`, LOOKUP_LIMIT_IP, clock(), ACCOUNT_MESSAGES.tooMany)
  return { exists: !!(await userByPhone(db, code, req.phone)) }
}
