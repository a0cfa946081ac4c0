// The chat_friends table (015_chat.sql): friends made through the chat (add-friend); both directions are rows.
import { k, type Queryable } from '../db/queryable'

export async function areFriends(d: Queryable, userId: number, friendId: number): Promise<boolean> {
  const r = await k(d).selectFrom('chat_friends').select('user_id').where('user_id', '=', userId).where('friend_id', '=', friendId).executeTakeFirst()
  return r !== undefined
}

export async function befriend(d: Queryable, a: number, b: number, now: number): Promise<void> {
  await k(d)
    .insertInto('chat_friends')
    .values([
      { user_id: a, friend_id: b, created_at: now },
      { user_id: b, friend_id: a, created_at: now },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** A user's friends whose nick contains `like` (an ILIKE pattern), newest friendship first, at most `limit`. */
export async function friendIdsNamed(d: Queryable, userId: number, like: string, limit: number): Promise<number[]> {
  const rows = await k(d)
    .selectFrom('chat_friends as f')
    .innerJoin('users as u', 'u.id', 'f.friend_id')
    .select('f.friend_id')
    .where('f.user_id', '=', userId)
    .where('u.nick', 'ilike', like)
    .orderBy('f.created_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => Number(r.friend_id))
}
