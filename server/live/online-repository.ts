// The live_online table (030_live.sql): one row per watching page (video id, service type, session id)
// with its last heartbeat in milliseconds of the server's clock (the clock port, never Date.now()). A
// session counts while its beat is younger than the TTL; every process reads the same rows, so all agree.
import type { VideoServiceType } from '../../core/live/limits'
import { k, type Queryable } from '../db/queryable'

export interface Beat {
  videoId: number
  serviceType: VideoServiceType
  sessionId: string
  userId: number | null
  nowMs: number
}

/** Records a heartbeat (a new session, or a newer beat of a known one). */
export async function beat(d: Queryable, b: Beat): Promise<void> {
  await k(d)
    .insertInto('live_online')
    .values({ video_id: b.videoId, service_type: b.serviceType, session_id: b.sessionId, user_id: b.userId, last_beat_ms: b.nowMs })
    .onConflict((oc) => oc.columns(['video_id', 'service_type', 'session_id']).doUpdateSet({ last_beat_ms: b.nowMs, user_id: b.userId }))
    .execute()
}

/** Sessions whose last beat is at or after `sinceMs`. */
export async function onlineCount(d: Queryable, videoId: number, serviceType: VideoServiceType, sinceMs: number): Promise<number> {
  const r = await k(d)
    .selectFrom('live_online')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('video_id', '=', videoId)
    .where('service_type', '=', serviceType)
    .where('last_beat_ms', '>=', sinceMs)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

/** Forgets sessions silent since before `beforeMs` (they no longer count anyway). */
export async function forgetSilent(d: Queryable, videoId: number, serviceType: VideoServiceType, beforeMs: number): Promise<void> {
  await k(d).deleteFrom('live_online').where('video_id', '=', videoId).where('service_type', '=', serviceType).where('last_beat_ms', '<', beforeMs).execute()
}
