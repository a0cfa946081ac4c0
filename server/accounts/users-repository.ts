// The users table (001_init.sql, 002_accounts.sql, 010_follow_graph.sql): every query on it that is
// about users themselves lives here (lookups, sign-up, roles, profile, coin, membership columns).
// Lists that show an author's nick and avatar join `users` inside their own table's query.
import { sql, type Selectable } from 'kysely'
import type { UsersTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type UserRow = Selectable<UsersTable>

const seconds = (ms: number) => Math.floor(ms / 1000)

export async function userById(d: Queryable, id: number): Promise<UserRow | undefined> {
  return k(d).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The live account on a phone (merged-away accounts never match). */
export async function userByPhone(d: Queryable, countryCode: string, phone: string): Promise<UserRow | undefined> {
  return k(d).selectFrom('users').selectAll().where('phone', '=', phone).where('country_code', '=', countryCode).where('merged_into', 'is', null).executeTakeFirst()
}

export async function userByEmail(d: Queryable, email: string): Promise<UserRow | undefined> {
  return (
    k(d)
      .selectFrom('users')
      .selectAll()
      // lower(email): e-mail addresses match whatever their case (kysely has no lower() helper on a column)
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('merged_into', 'is', null)
      .executeTakeFirst()
  )
}

/** The live account bound to a WeChat openid. */
export async function userIdByOpenid(d: Queryable, openid: string, liveOnly = true): Promise<number | undefined> {
  let q = k(d).selectFrom('users').select('id').where('wechat_openid', '=', openid)
  if (liveOnly) q = q.where('merged_into', 'is', null)
  return (await q.executeTakeFirst())?.id
}

export async function createUser(
  d: Queryable,
  fields: { nick?: string; phone?: string | null; countryCode?: string; passwordHash?: string | null; wechatOpenid?: string | null; avatar?: string },
  nowMs: number,
): Promise<number> {
  const nick = fields.nick?.trim() || (fields.phone ? `港美汇用户${fields.phone.slice(-4)}` : '微信用户')
  const row = await k(d)
    .insertInto('users')
    .values({
      nick,
      phone: fields.phone ?? null,
      country_code: fields.countryCode ?? '86',
      password_hash: fields.passwordHash ?? null,
      wechat_openid: fields.wechatOpenid ?? null,
      avatar: fields.avatar ?? '',
      create_timestamp: seconds(nowMs),
      email: null,
      membership_type: null,
      membership_expire: null,
      advisory_cert_time: null,
      merged_into: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The user's roles (users.roles: EDITOR, MUTED…); [] for an unknown id. */
export async function userRoles(d: Queryable, id: number): Promise<string[] | undefined> {
  return (await k(d).selectFrom('users').select('roles').where('id', '=', id).executeTakeFirst())?.roles
}

/** Which of `ids` are live accounts (not merged away). */
export async function liveUserIds(d: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await k(d).selectFrom('users').select('id').where('id', 'in', [...ids]).where('merged_into', 'is', null).execute()
  return rows.map((r) => Number(r.id))
}

/** The first `limit` accounts by id (live ones only with `liveOnly`): seeds and tests pick their people from these. */
export async function firstUsers(d: Queryable, limit: number, liveOnly = false): Promise<{ id: number; nick: string }[]> {
  return k(d)
    .selectFrom('users')
    .select(['id', 'nick'])
    .$if(liveOnly, (q) => q.where('merged_into', 'is', null))
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** The last `limit` live accounts by id whose phone is none of `phones` (the chat seed's removed readers). */
export async function lastLiveUsersBesides(d: Queryable, phones: readonly string[], limit: number): Promise<number[]> {
  const rows = await k(d)
    .selectFrom('users')
    .select('id')
    .where('merged_into', 'is', null)
    .where((eb) => eb.or([eb('phone', 'is', null), eb('phone', 'not in', [...phones])]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/** Whether an account (merged or not) holds this phone number, whatever its country code. */
export async function phoneTaken(d: Queryable, phone: string): Promise<boolean> {
  return (await k(d).selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()) !== undefined
}

export async function countColumnists(d: Queryable): Promise<number> {
  const row = await k(d).selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('is_columnist', '=', true).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Whether the account's own membership (users.membership_expire, seconds) lasts until `nowSeconds` or later. */
export async function accountMemberAt(d: Queryable, id: number, nowSeconds: number): Promise<boolean> {
  return (await k(d).selectFrom('users').select('id').where('id', '=', id).where('membership_expire', '>=', nowSeconds).executeTakeFirst()) !== undefined
}

/** A page of columnists, most column articles first: their column article count and fans (the audience, migration 010, plus follow rows). */
export async function columnistsPage(d: Queryable, limit: number, offset: number) {
  return k(d)
    .selectFrom('users as u')
    .where('u.is_columnist', '=', true)
    .select((eb) => [
      'u.id',
      'u.nick',
      'u.avatar',
      'u.brief',
      eb.selectFrom('articles as a').select((e) => e.fn.countAll<number>().as('n')).whereRef('a.author_id', '=', 'u.id').where('a.column_id', 'is not', null).as('article_count'),
      eb('u.audience_fans', '+', eb.selectFrom('friendships as f').select((e) => e.fn.countAll<number>().as('n')).whereRef('f.followee_id', '=', 'u.id')).as('fans'),
    ])
    .orderBy('article_count', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** The follow-graph seed's people: the fixtures' accounts (ids up to `maxId`). */
export async function fixtureUsers(d: Queryable, maxId: number): Promise<Pick<UserRow, 'id' | 'is_columnist' | 'create_timestamp'>[]> {
  return k(d).selectFrom('users').select(['id', 'is_columnist', 'create_timestamp']).where('id', '<=', maxId).orderBy('id').execute()
}

/** Accounts whose nick contains `needle` (lower case), the exact nick first, then shorter nicks; with the total. */
export async function searchUsersByNick(d: Queryable, needle: string, limit: number, offset: number): Promise<{ rows: Pick<UserRow, 'id' | 'nick' | 'avatar' | 'brief'>[]; total: number }> {
  const rows = await k(d)
    .selectFrom('users')
    .select((eb) => ['id', 'nick', 'avatar', 'brief', eb.fn.countAll<number>().over().as('total')])
    .where((eb) => eb(eb.fn('strpos', [eb.fn('lower', ['nick']), eb.val(needle)]), '>', 0))
    .orderBy((eb) => eb(eb.fn('lower', ['nick']), '=', needle), 'desc')
    .orderBy((eb) => eb.fn('length', ['nick']))
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()
  return { rows: rows.map(({ total: _t, ...u }) => u), total: Number(rows[0]?.total ?? 0) }
}

/** The advisory certification time of a live account; undefined when there is no such account. */
export async function advisoryCertOf(d: Queryable, id: number): Promise<{ advisory_cert_time: number | null } | undefined> {
  return k(d).selectFrom('users').select(['id', 'advisory_cert_time']).where('id', '=', id).where('merged_into', 'is', null).executeTakeFirst()
}

export async function coinOf(d: Queryable, id: number): Promise<number> {
  return Number((await k(d).selectFrom('users').select('coin').where('id', '=', id).executeTakeFirst())?.coin ?? 0)
}

/** Locks the user's row until the transaction `d` ends (orders serialise on the buyer). */
export async function lockUser(d: Queryable, id: number): Promise<void> {
  await k(d).selectFrom('users').select('id').where('id', '=', id).forUpdate().execute()
}

/** Adds coin (cents) to the balance. */
export async function addCoin(d: Queryable, id: number, cents: number): Promise<void> {
  await k(d)
    .updateTable('users')
    .set((eb) => ({ coin: eb('coin', '+', cents) }))
    .where('id', '=', id)
    .execute()
}

/** Takes coin when the balance covers it; false when it does not. */
export async function takeCoin(d: Queryable, id: number, cents: number): Promise<boolean> {
  const row = await k(d)
    .updateTable('users')
    .set((eb) => ({ coin: eb('coin', '-', cents) }))
    .where('id', '=', id)
    .where('coin', '>=', cents)
    .returning('coin')
    .executeTakeFirst()
  return row !== undefined
}

type UserUpdate = Partial<
  Pick<
    UserRow,
    | 'nick' | 'brief' | 'sex' | 'country' | 'state' | 'city' | 'professions' | 'avatar' | 'password_hash' | 'agree_user_agreement' | 'wechat_openid'
    | 'phone' | 'country_code' | 'email' | 'merged_into' | 'audience_fans' | 'membership_type' | 'membership_expire' | 'membership_icon' | 'advisory_cert_time'
  >
>

export async function updateUser(d: Queryable, id: number, set: UserUpdate): Promise<void> {
  await k(d).updateTable('users').set(set).where('id', '=', id).execute()
}

/** Live accounts by phone number (whatever their country code): the chat's join and remove by phone or spreadsheet. */
export async function liveUsersByPhones(d: Queryable, phones: readonly string[]): Promise<{ id: number; phone: string }[]> {
  if (phones.length === 0) return []
  const rows = await k(d).selectFrom('users').select(['id', 'phone']).where('phone', 'in', [...phones]).where('merged_into', 'is', null).execute()
  return rows.flatMap((r) => (r.phone === null ? [] : [{ id: Number(r.id), phone: r.phone }]))
}

/** The nick and avatar of each of `ids` that exists (merged-away accounts included: old messages still name them). */
export async function profilesOf(d: Queryable, ids: readonly number[]): Promise<{ id: number; nick: string; avatar: string }[]> {
  if (ids.length === 0) return []
  const rows = await k(d).selectFrom('users').select(['id', 'nick', 'avatar']).where('id', 'in', [...ids]).execute()
  return rows.map((r) => ({ id: Number(r.id), nick: r.nick, avatar: r.avatar }))
}

/**
 * Grants the advisory certification (spec 001 §6; the creator certification's approval,
 * server/certification/): sets its createTime (seconds) once — an account that holds it keeps its
 * first time. True when this call granted it.
 */
export async function grantAdvisoryCertification(d: Queryable, id: number, createTimeSeconds: number): Promise<boolean> {
  const rows = await k(d).updateTable('users').set({ advisory_cert_time: createTimeSeconds }).where('id', '=', id).where('advisory_cert_time', 'is', null).returning('id').execute()
  return rows.length > 0
}

/** Adds a role to users.roles (the certification reviewer's, seeded locally); nothing when held already. */
export async function addUserRole(d: Queryable, id: number, role: string): Promise<void> {
  const roles = await userRoles(d, id)
  if (!roles || roles.includes(role)) return
  await k(d).updateTable('users').set({ roles: [...roles, role] }).where('id', '=', id).execute()
}
