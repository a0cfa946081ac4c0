// Follows between users (spec 000 §7 friendships): the service that owns the friendships queries.
// The routes (server/accounts/routes.ts) only find the reader and call these.
import { ACCOUNT_MESSAGES } from '../../core/accounts/limits'
import { onFollowed } from '../messages/events'
import type { PublicUser } from '../../core/api/accounts'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { accountsDb } from './tables'
import { publicUser, userById } from './users'

export type FollowSide = 'followings' | 'followers'

/** One page of the people `userId` follows (followings) or who follow them (followers), newest first. */
export async function friendPage(
  db: Db,
  userId: number,
  viewer: number | null,
  side: FollowSide,
  { page, count }: { page: number; count: number },
): Promise<{ list: PublicUser[]; hasMore: boolean; total: number }> {
  const k = accountsDb(db)
  const [mine, theirs] = side === 'followings' ? (['follower_id', 'followee_id'] as const) : (['followee_id', 'follower_id'] as const)
  const rows = await k
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', `friendships.${theirs}`)
    .select(['users.id'])
    .where(`friendships.${mine}`, '=', userId)
    .where('users.merged_into', 'is', null)
    .orderBy('friendships.create_timestamp', 'desc')
    .orderBy('users.id', 'desc')
    .offset((page - 1) * count)
    .limit(count + 1)
    .execute()
  const total = await k.selectFrom('friendships').select((eb) => eb.fn.countAll<number>().as('n')).where(mine, '=', userId).executeTakeFirst()
  const list = await Promise.all(rows.slice(0, count).map((r) => publicUser(db, r.id, viewer)))
  return { list, hasMore: rows.length > count, total: Number(total?.n ?? 0) }
}

/** `me` follows `destUserId` (twice is once); never oneself, never a missing or merged-away account. */
export async function follow(db: Db, me: number, destUserId: number, nowMs: number): Promise<void> {
  if (destUserId === me) throw new ApiError(400, ACCOUNT_MESSAGES.cannotFollowSelf)
  const dest = await userById(db, destUserId)
  if (!dest || dest.merged_into !== null) throw new ApiError(404, ACCOUNT_MESSAGES.userNotFound)
  const [added] = await accountsDb(db)
    .insertInto('friendships')
    .values({ follower_id: me, followee_id: dest.id, create_timestamp: Math.floor(nowMs / 1000) })
    .onConflict((oc) => oc.doNothing())
    .execute()
  // a new fan is an interaction message (server/messages); following again tells nothing
  if (Number(added?.numInsertedOrUpdatedRows ?? 0) > 0) await onFollowed(db, me, dest.id, Math.floor(nowMs / 1000))
}

export async function unfollow(db: Db, me: number, destUserId: number): Promise<void> {
  await accountsDb(db).deleteFrom('friendships').where('follower_id', '=', me).where('followee_id', '=', destUserId).execute()
}

/** Whether `me` (null: a guest, who follows no one) follows each of `ids`, in their order, once each. */
export async function followStates(db: Db, me: number | null, ids: readonly number[]): Promise<{ userId: number; isFollow: boolean }[]> {
  const unique = [...new Set(ids)]
  const followed =
    me !== null && unique.length
      ? new Set(
          (await accountsDb(db).selectFrom('friendships').select('followee_id').where('follower_id', '=', me).where('followee_id', 'in', unique).execute()).map(
            (r) => r.followee_id,
          ),
        )
      : new Set<number>()
  return unique.map((userId) => ({ userId, isFollow: followed.has(userId) }))
}
