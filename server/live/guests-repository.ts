// The live_room_guests table (030_live.sql): a room's honoured guests (spec 001 §6 tag).
import { k, type Queryable } from '../db/queryable'

export async function guestIdsOf(d: Queryable, roomId: number): Promise<number[]> {
  return (await k(d).selectFrom('live_room_guests').select('user_id').where('room_id', '=', roomId).orderBy('user_id').execute()).map((r) => Number(r.user_id))
}

/** Replaces the room's guests (one transaction: the caller's). */
export async function setGuests(d: Queryable, roomId: number, userIds: readonly number[]): Promise<void> {
  await k(d).deleteFrom('live_room_guests').where('room_id', '=', roomId).execute()
  if (userIds.length) await k(d).insertInto('live_room_guests').values(userIds.map((user_id) => ({ room_id: roomId, user_id }))).execute()
}
