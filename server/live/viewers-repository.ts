// The live_viewers table (033_circle_admin_live.sql): who watched a room signed in, first and last seen
// (the heartbeat records it, server/live/service.ts) — the console's live/live-user-admin lists them by
// live column with their membership of it and the comments they wrote there.
import { k, type Queryable } from '../db/queryable'

/** A heartbeat of a signed-in viewer. */
export async function seen(d: Queryable, roomId: number, userId: number, nowSeconds: number): Promise<void> {
  await k(d)
    .insertInto('live_viewers')
    .values({ room_id: roomId, user_id: userId, first_seen: nowSeconds, last_seen: nowSeconds })
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doUpdateSet({ last_seen: nowSeconds }))
    .execute()
}

export type ViewerMembership = 'member' | 'expired' | 'none'

export interface ViewerRow {
  user_id: number
  nick: string
  avatar: string
  circle_id: number
  room_count: number
  comment_count: number
  first_seen: number
  last_seen: number
  /** null: no membership row; else its expiry (null inside: a free join for good) */
  member: { expire_timestamp: number | null } | null
}

/**
 * The viewers of the given columns' rooms, one row per viewer and column, last seen first; by nick
 * (a keyword) and by membership at `nowSeconds` (member: a valid one; expired; none).
 */
export async function viewersPage(
  d: Queryable,
  circleIds: readonly number[],
  at: { keyword?: string | undefined; membership?: ViewerMembership | undefined; nowSeconds: number; page: number; count: number },
): Promise<{ rows: ViewerRow[]; total: number }> {
  if (circleIds.length === 0) return { rows: [], total: 0 }
  let base = k(d)
    .selectFrom('live_viewers as v')
    .innerJoin('live_rooms as r', 'r.id', 'v.room_id')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .leftJoin('circle_members as m', (j) => j.onRef('m.circle_id', '=', 'r.circle_id').onRef('m.user_id', '=', 'v.user_id'))
    .where('r.circle_id', 'in', [...circleIds])
  if (at.keyword) base = base.where('u.nick', 'ilike', `%${at.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  if (at.membership === 'none') base = base.where('m.user_id', 'is', null)
  if (at.membership === 'member') base = base.where('m.user_id', 'is not', null).where((eb) => eb.or([eb('m.expire_timestamp', 'is', null), eb('m.expire_timestamp', '>=', at.nowSeconds)]))
  if (at.membership === 'expired') base = base.where('m.expire_timestamp', '<', at.nowSeconds)
  const grouped = base.groupBy(['v.user_id', 'r.circle_id', 'u.nick', 'u.avatar', 'm.user_id', 'm.expire_timestamp'])
  const rows = await grouped
    .select((eb) => [
      'v.user_id',
      'u.nick',
      'u.avatar',
      'r.circle_id',
      'm.user_id as member_id',
      'm.expire_timestamp',
      eb.fn.count<string | number>('v.room_id').distinct().as('room_count'),
      eb.fn.min<string | number>('v.first_seen').as('first_seen'),
      eb.fn.max<string | number>('v.last_seen').as('last_seen'),
      eb
        .selectFrom('live_comments as c')
        .innerJoin('live_rooms as cr', 'cr.id', 'c.room_id')
        .whereRef('cr.circle_id', '=', 'r.circle_id')
        .whereRef('c.user_id', '=', 'v.user_id')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .as('comment_count'),
    ])
    .orderBy('last_seen', 'desc')
    .orderBy('v.user_id', 'desc')
    .limit(at.count)
    .offset((at.page - 1) * at.count)
    .execute()
  const total = await k(d)
    .selectFrom(grouped.select(['v.user_id', 'r.circle_id']).as('g'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return {
    rows: rows.map((r) => ({
      user_id: Number(r.user_id),
      nick: r.nick,
      avatar: r.avatar,
      circle_id: Number(r.circle_id),
      room_count: Number(r.room_count),
      comment_count: Number(r.comment_count ?? 0),
      first_seen: Number(r.first_seen),
      last_seen: Number(r.last_seen),
      member: r.member_id === null ? null : { expire_timestamp: r.expire_timestamp === null ? null : Number(r.expire_timestamp) },
    })),
    total: Number(total.n),
  }
}
