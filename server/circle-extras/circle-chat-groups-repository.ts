// The circle_chat_groups table (027_circle_extras.sql): which chat group is a circle's chatroom. The one
// place its SQL lives; the group itself is server/chat's.
import { k, type Queryable } from '../db/queryable'

export async function chatGroupOfCircle(d: Queryable, circleId: number): Promise<string | undefined> {
  return (await k(d).selectFrom('circle_chat_groups').select('group_id').where('circle_id', '=', circleId).executeTakeFirst())?.group_id
}

/** Records the circle's group; false when another request recorded one first (the caller uses that one). */
export async function recordChatGroup(d: Queryable, circleId: number, groupId: string, now: number): Promise<boolean> {
  const r = await k(d)
    .insertInto('circle_chat_groups')
    .values({ circle_id: circleId, group_id: groupId, create_timestamp: now })
    .onConflict((oc) => oc.column('circle_id').doNothing())
    .executeTakeFirst()
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0
}

