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

/**
 * A heartbeat and the count it answers, in one statement: the upsert runs in a WITH, and the count reads
 * the statement's snapshot (which does not yet hold the upsert), so it counts the other fresh sessions
 * and adds this one. Exact, and one round trip instead of two on every beat.
 */
export async function beatAndCount(d: Queryable, b: Beat, sinceMs: number): Promise<number> {
  const r = await k(d)
    .with('up', (q) =>
      q
        .insertInto('live_online')
        .values({ video_id: b.videoId, service_type: b.serviceType, session_id: b.sessionId, user_id: b.userId, last_beat_ms: b.nowMs })
        .onConflict((oc) => oc.columns(['video_id', 'service_type', 'session_id']).doUpdateSet({ last_beat_ms: b.nowMs, user_id: b.userId }))
        .returning('session_id'),
    )
    .selectFrom('up')
    .select((eb) => [
      eb
        .selectFrom('live_online')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .where('video_id', '=', b.videoId)
        .where('service_type', '=', b.serviceType)
        .where('last_beat_ms', '>=', sinceMs)
        .where('session_id', '<>', b.sessionId)
        .as('others'),
    ])
    .executeTakeFirstOrThrow()
  return Number(r.others ?? 0) + 1
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
