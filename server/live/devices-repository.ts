// The live_devices table (030_live.sql): the device each reader watches a room on (the kick-out notification).
import { k, type Queryable } from '../db/queryable'

export async function setDevice(d: Queryable, roomId: number, userId: number, deviceId: string, nowSeconds: number): Promise<void> {
  await k(d)
    .insertInto('live_devices')
    .values({ room_id: roomId, user_id: userId, device_id: deviceId, update_timestamp: nowSeconds })
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doUpdateSet({ device_id: deviceId, update_timestamp: nowSeconds }))
    .execute()
}

export async function deviceOf(d: Queryable, roomId: number, userId: number): Promise<string | null> {
  return (await k(d).selectFrom('live_devices').select('device_id').where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst())?.device_id ?? null
}
