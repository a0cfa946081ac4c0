// The chat_removals table (015_chat.sql; spec 001 §7 removal records): who removed whom from which
// group, and when. One row type (RemovalRow, with the nicks of the removed and the remover joined).
import { k, type Queryable } from '../db/queryable'

export interface RemovalRow {
  group_id: string
  group_name: string
  user_id: number
  nick: string | null
  oper_nick: string | null
  at: number
}

export async function insertRemovals(d: Queryable, r: { groupId: string; groupName: string; userIds: readonly number[]; operatorId: number; at: number }): Promise<void> {
  if (r.userIds.length === 0) return
  await k(d)
    .insertInto('chat_removals')
    .values(r.userIds.map((u) => ({ group_id: r.groupId, group_name: r.groupName, user_id: u, oper_id: r.operatorId, at: r.at })))
    .execute()
}

/** The removal records a reader may read: those they made, and those their Admins made in the groups they own; newest first. */
export async function removalsSeenBy(d: Queryable, userId: number, at: { page: number; count: number }): Promise<{ rows: RemovalRow[]; total: number }> {
  const seen = k(d)
    .selectFrom('chat_removals as r')
    .where((eb) => eb.or([eb('r.oper_id', '=', userId), eb('r.group_id', 'in', eb.selectFrom('chat_groups').select('group_id').where('owner_id', '=', userId))]))
  const total = await seen.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
  const rows = await seen
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as o', 'o.id', 'r.oper_id')
    .select(['r.group_id', 'r.group_name', 'r.user_id', 'u.nick', 'o.nick as oper_nick', 'r.at'])
    .orderBy('r.id', 'desc')
    .limit(at.count)
    .offset((at.page - 1) * at.count)
    .execute()
  return { rows: rows.map((r) => ({ ...r, user_id: Number(r.user_id), at: Number(r.at) })), total: Number(total.n) }
}
