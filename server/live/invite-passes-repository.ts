// The live_invite_passes table (030_live.sql): readers who entered a roadshow's right invite code.
import { k, type Queryable } from '../db/queryable'

export async function recordPass(d: Queryable, roomId: number, userId: number, nowSeconds: number): Promise<void> {
  await k(d).insertInto('live_invite_passes').values({ room_id: roomId, user_id: userId, create_timestamp: nowSeconds }).onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing()).execute()
}

export async function hasPassed(d: Queryable, roomId: number, userId: number): Promise<boolean> {
  return (await k(d).selectFrom('live_invite_passes').select('room_id').where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst()) !== undefined
}
