// Users of the accounts feature: lookups, sign-up, and the login info the client stores.
import { sql } from 'kysely'
import { unreadTotalSql } from '../messages/messages'
import { MUTED_ROLE } from '../posting/permissions'
import { nowOf } from './session'
import type { LoginInfo, PublicUser } from '../../core/api/accounts'
import { maskPhone } from '../../core/validation/phone-mask'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { ACCOUNT_MESSAGES } from '../../core/accounts/limits'
import { accountsDb } from './tables'
import { userById, type UserRow } from './users-repository'
import { kycColumns, kycFrom, type KycColumns } from '../membership/qualification'

export { createUser, userByEmail, userById, userByPhone } from './users-repository'

/**
 * A user's counts in one statement: on the embedded database every statement costs a round trip
 * through PGlite's single thread, and the login info is asked on every signed-in page (seven
 * statements here made GET /api/user/get/v2 the slowest signed-in read under load).
 */
const countColumns = (userId: number) => sql`(SELECT count(*)::int FROM friendships WHERE followee_id = ${userId}) AS fans,
      -- fans without a row (migration 010, fixtures/follow-graph.ts)
      (SELECT coalesce(audience_fans, 0)::int FROM users WHERE id = ${userId}) AS audience,
      (SELECT count(*)::int FROM friendships WHERE follower_id = ${userId}) AS follow,
      (SELECT count(*)::int FROM articles WHERE author_id = ${userId}) AS articles,
      -- community posts are written by user_id; only approved ones are shown, so only they count
      (SELECT count(*)::int FROM posts WHERE user_id = ${userId} AND status = 'approved') AS posts,
      (SELECT count(*)::int FROM favorites WHERE user_id = ${userId}) AS favorite,
      (SELECT count(*)::int FROM user_stocks WHERE user_id = ${userId}) AS stocks`
type CountColumns = { fans: number; audience: number; follow: number; articles: number; posts: number; favorite: number; stocks: number }

export async function userCounts(db: Db, userId: number) {
  return countsFrom((await sql<CountColumns>`SELECT ${countColumns(userId)}`.execute(db.kysely)).rows[0])
}

function countsFrom(row: CountColumns | undefined) {
  const n = (v: number | undefined) => Number(v ?? 0)
  return {
    fans: n(row?.fans) + n(row?.audience),
    follow: n(row?.follow),
    favorite: n(row?.favorite),
    post: n(row?.articles) + n(row?.posts),
    optionalStock: n(row?.stocks),
  }
}

const membershipOf = (u: UserRow) =>
  u.membership_type && u.membership_expire !== null
    ? { type: u.membership_type, expireTimestamp: u.membership_expire, icon: u.membership_icon }
    : null

const rolesOf = (u: UserRow) => [...u.roles, ...(u.is_columnist ? ['COLUMNIST'] : [])].map((type) => ({ type }))

export async function loginInfo(db: Db, userId: number): Promise<LoginInfo> {
  const now = Math.floor(nowOf(db) / 1000)
  // one statement: the user, the counts, the qualification (server/membership/qualification.ts) and the
  // unread total (server/messages/messages.ts). Asked on every signed-in page; five statements made
  // it the slowest signed-in read under load, each a round trip (issue 11).
  const u = (
    await sql<UserRow & CountColumns & KycColumns & { un_check: number }>`SELECT u.*, ${countColumns(userId)}, ${kycColumns(userId)},
      ${unreadTotalSql(userId, now)} AS un_check FROM users u WHERE u.id = ${userId}`.execute(db.kysely)
  ).rows[0]
  if (!u) throw new ApiError(404, ACCOUNT_MESSAGES.userNotFound)
  const userCount = countsFrom(u)
  const { certification, svipInvestor } = kycFrom(u, now)
  const unCheck = Number(u.un_check)
  return {
    id: u.id,
    nick: u.nick,
    avatar: u.avatar,
    brief: u.brief,
    sex: u.sex,
    country: u.country,
    state: u.state,
    city: u.city,
    professions: u.professions,
    phone: u.phone ? maskPhone(u.phone, () => undefined) : '',
    countryCode: u.country_code,
    email: u.email ?? '',
    hasPassword: !!u.password_hash,
    wechatBound: !!u.wechat_openid,
    roles: rolesOf(u),
    kyc: { certification, svipInvestor },
    membership: membershipOf(u),
    userCount,
    account: { coin: u.coin },
    level: { currentLevel: u.level },
    // spec 000 §6: momentPublishable; a muted account may read but not publish (server/posting/permissions.ts)
    momentPublishable: !u.roles.includes(MUTED_ROLE),
    message: { unCheck },
    advisoryCertification: u.advisory_cert_time !== null ? { createTime: u.advisory_cert_time } : null,
    agreeUserAgreement: u.agree_user_agreement,
    createDate: u.create_timestamp,
  }
}

export async function publicUser(db: Db, userId: number, viewerId: number | null): Promise<PublicUser> {
  const u = await userById(db, userId)
  if (!u || u.merged_into !== null) throw new ApiError(404, ACCOUNT_MESSAGES.userNotFound)
  const isFollow =
    viewerId !== null &&
    !!(await accountsDb(db)
      .selectFrom('friendships')
      .select('follower_id')
      .where('follower_id', '=', viewerId)
      .where('followee_id', '=', userId)
      .executeTakeFirst())
  return {
    id: u.id,
    nick: u.nick,
    avatar: u.avatar,
    brief: u.brief,
    roles: rolesOf(u),
    membership: membershipOf(u),
    level: { currentLevel: u.level },
    userCount: await userCounts(db, userId),
    isFollow,
  }
}
