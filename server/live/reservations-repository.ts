// The live_reservations table (030_live.sql): who asked to be reminded of a booked room.
import { k, type Queryable } from '../db/queryable'

/** Reserves (once: a second reservation changes nothing). */
export async function reserve(d: Queryable, roomId: number, userId: number, nowSeconds: number): Promise<void> {
  await k(d).insertInto('live_reservations').values({ room_id: roomId, user_id: userId, create_timestamp: nowSeconds }).onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing()).execute()
}

export async function hasReserved(d: Queryable, roomId: number, userId: number): Promise<boolean> {
  return (await k(d).selectFrom('live_reservations').select('room_id').where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst()) !== undefined
}

export async function reservationCount(d: Queryable, roomId: number): Promise<number> {
  const r = await k(d).selectFrom('live_reservations').select((eb) => eb.fn.countAll<string | number>().as('n')).where('room_id', '=', roomId).executeTakeFirstOrThrow()
  return Number(r.n)
}
