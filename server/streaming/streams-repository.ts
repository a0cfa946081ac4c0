// The live_streams table (029_live_streams.sql): one row per stream the streaming port issued for a
// live room — its name, start mode, pull source, live time, end and recording. Times are milliseconds.
import type { Db } from '../db/db'
import type { LiveStreamsTable } from '../db/schema'
import type { StartMode } from '../../core/live/limits'

export interface StreamRow {
  streamName: string
  roomId: number
  mode: StartMode
  sourceUrl: string | null
  pullTaskId: string | null
  startedAt: number
  /** live time before the current run */
  liveMs: number
  /** null while paused or ended */
  runStartedAt: number | null
  endedAt: number | null
  playbackUrl: string | null
  playbackSeconds: number | null
}

type Raw = { [K in keyof LiveStreamsTable]: LiveStreamsTable[K] extends { __select__: infer S } ? S : LiveStreamsTable[K] }
const num = (v: string | number | null): number | null => (v === null ? null : Number(v))
const toRow = (r: Raw): StreamRow => ({
  streamName: r.stream_name,
  roomId: r.room_id,
  mode: r.mode,
  sourceUrl: r.source_url,
  pullTaskId: r.pull_task_id,
  startedAt: Number(r.started_at),
  liveMs: Number(r.live_ms),
  runStartedAt: num(r.run_started_at),
  endedAt: num(r.ended_at),
  playbackUrl: r.playback_url,
  playbackSeconds: r.playback_seconds,
})

/** Whether an insert failed on live_streams_open (the room already has a stream that has not ended). */
const isOpenConflict = (error: unknown) => /live_streams_open|duplicate key|unique/i.test(String((error as Error)?.message ?? error))

export const streamsRepository = (db: Db) => {
  const k = db.kysely
  const repository = {
    /** The room's stream that has not ended, else its latest. */
    async latest(roomId: number): Promise<StreamRow | undefined> {
      const r = await k
        .selectFrom('live_streams')
        .selectAll()
        .where('room_id', '=', roomId)
        // the open stream, if any, is the newest: a start inserts only when none is open
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst()
      return r && toRow(r)
    },
    async byName(streamName: string): Promise<StreamRow | undefined> {
      const r = await k.selectFrom('live_streams').selectAll().where('stream_name', '=', streamName).executeTakeFirst()
      return r && toRow(r)
    },
    /** A new live stream; false when the room already has one that has not ended (another start won). */
    async insert(s: { streamName: string; roomId: number; mode: StartMode; sourceUrl: string | null; now: number }): Promise<boolean> {
      try {
        await k
          .insertInto('live_streams')
          .values({ stream_name: s.streamName, room_id: s.roomId, mode: s.mode, source_url: s.sourceUrl, pull_task_id: null, started_at: s.now, run_started_at: s.now, playback_url: null, playback_seconds: null })
          .execute()
        return true
      } catch (error) {
        if (isOpenConflict(error)) return false
        throw error
      }
    },
    /** Takes back a stream whose start the service refused. */
    async remove(streamName: string): Promise<void> {
      await k.deleteFrom('live_streams').where('stream_name', '=', streamName).execute()
    },
    async setPullTask(streamName: string, taskId: string): Promise<void> {
      await k.updateTable('live_streams').set({ pull_task_id: taskId }).where('stream_name', '=', streamName).execute()
    },
    // pause and end add the current run to live_ms: read, then compare-and-set on the run's start, so
    // of two at once only one adds it
    /** live → paused: the run's time is added to live_ms; false unless it was live. */
    async pause(streamName: string, now: number): Promise<boolean> {
      const r = await repository.byName(streamName)
      if (!r || r.endedAt !== null || r.runStartedAt === null) return false
      const done = await k
        .updateTable('live_streams')
        .set({ live_ms: r.liveMs + Math.max(0, now - r.runStartedAt), run_started_at: null })
        .where('stream_name', '=', streamName)
        .where('ended_at', 'is', null)
        .where('run_started_at', '=', r.runStartedAt)
        .executeTakeFirst()
      return Number(done.numUpdatedRows) === 1
    },
    /** paused → live; false unless it was paused. */
    async resume(streamName: string, now: number): Promise<boolean> {
      const done = await k
        .updateTable('live_streams')
        .set({ run_started_at: now })
        .where('stream_name', '=', streamName)
        .where('ended_at', 'is', null)
        .where('run_started_at', 'is', null)
        .executeTakeFirst()
      return Number(done.numUpdatedRows) === 1
    },
    /** live or paused → ended (a running run's time is added); false when it had already ended. */
    async end(streamName: string, now: number): Promise<boolean> {
      const r = await repository.byName(streamName)
      if (!r || r.endedAt !== null) return false
      const done = await k
        .updateTable('live_streams')
        .set({ live_ms: r.liveMs + (r.runStartedAt === null ? 0 : Math.max(0, now - r.runStartedAt)), run_started_at: null, ended_at: now })
        .where('stream_name', '=', streamName)
        .where('ended_at', 'is', null)
        .where((eb) => (r.runStartedAt === null ? eb('run_started_at', 'is', null) : eb('run_started_at', '=', r.runStartedAt)))
        .executeTakeFirst()
      return Number(done.numUpdatedRows) === 1
    },
    /** Records the recording; a longer one replaces a shorter (a service may send a stream's files one by one; a retry of the same changes nothing). */
    async setPlayback(streamName: string, url: string, seconds: number): Promise<boolean> {
      const done = await k
        .updateTable('live_streams')
        .set({ playback_url: url, playback_seconds: seconds })
        .where('stream_name', '=', streamName)
        .where((eb) => eb.or([eb('playback_seconds', 'is', null), eb('playback_seconds', '<', seconds)]))
        .executeTakeFirst()
      return Number(done.numUpdatedRows) === 1
    },
  }
  return repository
}
export type StreamsRepository = ReturnType<typeof streamsRepository>
