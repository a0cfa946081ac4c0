// The live_online_peaks table (033_circle_admin_live.sql): the most sessions online in each minute of a
// room, recorded by the heartbeat (server/live/service.ts) — the console's dataAnalysis tab reads its
// peak and curve here, since live_online forgets the pages long gone.
import { k, type Queryable } from '../db/queryable'

/** Keeps `online` for the minute if it is more than what the minute holds. */
export async function recordPeak(d: Queryable, roomId: number, minute: number, online: number): Promise<void> {
  await k(d)
    .insertInto('live_online_peaks')
    .values({ room_id: roomId, minute, online })
    .onConflict((oc) => oc.columns(['room_id', 'minute']).doUpdateSet((eb) => ({ online: eb.fn('greatest', [eb.ref('live_online_peaks.online'), eb.ref('excluded.online')]) })))
    .execute()
}

/** A room's minutes at once (the seed's recorded hour). */
export async function insertPeaks(d: Queryable, roomId: number, minutes: readonly { minute: number; online: number }[]): Promise<void> {
  if (minutes.length === 0) return
  await k(d)
    .insertInto('live_online_peaks')
    .values(minutes.map((m) => ({ room_id: roomId, minute: m.minute, online: m.online })))
    .onConflict((oc) => oc.columns(['room_id', 'minute']).doNothing())
    .execute()
}

/** The room's minutes, oldest first. */
export async function peaksOf(d: Queryable, roomId: number): Promise<{ minute: number; online: number }[]> {
  const rows = await k(d).selectFrom('live_online_peaks').select(['minute', 'online']).where('room_id', '=', roomId).orderBy('minute').execute()
  return rows.map((r) => ({ minute: Number(r.minute), online: Number(r.online) }))
}
