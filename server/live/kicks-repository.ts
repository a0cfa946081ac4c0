// The live_kicks table (033_circle_admin_live.sql): viewers kicked out of a room by its owner or an
// admin (the console's userManage tab); server/live/service.ts refuses them the room.
import { k, type Queryable } from '../db/queryable'

export interface KickRow {
  user_id: number
  nick: string
  avatar: string
  operator_id: number
  operator_nick: string
  operator_avatar: string
  create_timestamp: number
}

/** Kicks out (once: a second kick keeps the first one's time and operator). */
export async function kick(d: Queryable, roomId: number, userId: number, operatorId: number, nowSeconds: number): Promise<void> {
  await k(d)
    .insertInto('live_kicks')
    .values({ room_id: roomId, user_id: userId, operator_id: operatorId, create_timestamp: nowSeconds })
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
    .execute()
}

/** Lets them back in; whether they were kicked out. */
export async function unkick(d: Queryable, roomId: number, userId: number): Promise<boolean> {
  const r = await k(d).deleteFrom('live_kicks').where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

export async function isKicked(d: Queryable, roomId: number, userId: number): Promise<boolean> {
  return (await k(d).selectFrom('live_kicks').select('user_id').where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst()) !== undefined
}

const kicks = (d: Queryable, roomId: number) =>
  k(d)
    .selectFrom('live_kicks as x')
    .innerJoin('users as u', 'u.id', 'x.user_id')
    .innerJoin('users as o', 'o.id', 'x.operator_id')
    .where('x.room_id', '=', roomId)

const normal = (r: KickRow): KickRow => ({ ...r, user_id: Number(r.user_id), operator_id: Number(r.operator_id), create_timestamp: Number(r.create_timestamp) })

export async function kickOf(d: Queryable, roomId: number, userId: number): Promise<KickRow | undefined> {
  const r = await kicks(d, roomId)
    .select(['x.user_id', 'u.nick', 'u.avatar', 'x.operator_id', 'o.nick as operator_nick', 'o.avatar as operator_avatar', 'x.create_timestamp'])
    .where('x.user_id', '=', userId)
    .executeTakeFirst()
  return r && normal(r)
}

/** The room's kicked-out viewers, newest first. */
export async function kicksPage(d: Queryable, roomId: number, at: { page: number; count: number }): Promise<{ rows: KickRow[]; total: number }> {
  const rows = await kicks(d, roomId)
    .select(['x.user_id', 'u.nick', 'u.avatar', 'x.operator_id', 'o.nick as operator_nick', 'o.avatar as operator_avatar', 'x.create_timestamp'])
    .orderBy('x.create_timestamp', 'desc')
    .orderBy('x.user_id', 'desc')
    .limit(at.count)
    .offset((at.page - 1) * at.count)
    .execute()
  const total = await k(d).selectFrom('live_kicks').select((eb) => eb.fn.countAll<string | number>().as('n')).where('room_id', '=', roomId).executeTakeFirstOrThrow()
  return { rows: rows.map(normal), total: Number(total.n) }
}
