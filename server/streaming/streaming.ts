// The streaming port's lifecycle, one for both adapters: which stream a room has and its state live in
// live_streams (streams-repository.ts); what differs per service — the URLs, the signatures, the calls a
// start, pause, resume or stop makes, and when the recording arrives — is a StreamService (local.ts,
// tencent.ts). Every state change is one conditional UPDATE, so two processes (or two clicks) cannot
// both pause, and a room has at most one open stream (a unique index).
import { randomBytes } from 'node:crypto'
import { ApiError } from '../http/api-error'
import type { Db } from '../db/db'
import { LIVE_MESSAGES, type StartMode } from '../../core/live/limits'
import type { LiveStream, Playback, PlayUrls, PushDetails, RecordingListener, StartRequest, StreamingPort } from './port'
import { streamsRepository, type StreamRow, type StreamsRepository } from './streams-repository'

export interface StreamService {
  readonly kind: StreamingPort['kind']
  /** the viewers' URLs of a stream (signed with an expiry when the service wants it) */
  play(streamName: string, nowMs: number): PlayUrls
  /** the owner's push details, signed until now + the push life; null for FORWARD_PULL */
  push(streamName: string, mode: StartMode, nowMs: number): PushDetails | null
  /** after the stream was claimed: FORWARD_PULL registers its pull and answers the task's id */
  started(row: StreamRow, nowMs: number): Promise<{ pullTaskId?: string }>
  /** before a live stream pauses (Tencent: ForbidLiveStream); throwing leaves it live */
  pausing(row: StreamRow): Promise<void>
  /** before a paused stream goes live again (Tencent: ResumeLiveStream) */
  resuming(row: StreamRow): Promise<void>
  /** before a stream ends (Tencent: the pull task deleted, pushing forbidden); throwing leaves it as it was */
  stopping(row: StreamRow): Promise<void>
  /** after the stream ended: the recording, when the service has it at once (the local default); else null */
  recordsAtStop(row: StreamRow): { url: string; seconds: number } | null
}

/** A stream name: ours, fresh per start, allowed by every service ([A-Za-z0-9_-]). */
export const newStreamName = (roomId: number): string => `gmh_${roomId}_${randomBytes(8).toString('hex')}`
export const STREAM_NAME = /^gmh_[1-9][0-9]{0,9}_[0-9a-f]{16}$/

const PULL_PROTOCOLS = new Set(['rtmp:', 'rtmps:', 'http:', 'https:', 'rtsp:', 'srt:'])
export const PULL_URL_MAX = 1000

/**
 * A FORWARD_PULL source: an absolute rtmp(s)/http(s)/rtsp/srt URL of at most 1000 characters on a public
 * host. Loopback, private and link-local addresses and bare host names are refused: the service would
 * pull from its own network (Tencent's CreateLivePullStreamTask refuses them and may block the account).
 */
export function checkPullUrl(raw: string | undefined): string {
  const text = (raw ?? '').trim()
  if (text === '') throw new ApiError(400, LIVE_MESSAGES.pullUrlRequired)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ApiError(400, LIVE_MESSAGES.pullUrlInvalid)
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (text.length > PULL_URL_MAX || !PULL_PROTOCOLS.has(url.protocol) || url.username || url.password || !isPublicHost(host)) throw new ApiError(400, LIVE_MESSAGES.pullUrlInvalid)
  return url.href
}

function isPublicHost(host: string): boolean {
  if (host === '' || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return false
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return !(a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224)
  }
  if (host.includes(':')) return !(host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:'))
  return host.includes('.') // a bare name resolves inside someone's network
}

const stateOf = (r: StreamRow): LiveStream['state'] => (r.endedAt !== null ? 'ended' : r.runStartedAt === null ? 'paused' : 'live')

/** The port with what only the streaming routes use: the table, and a recording's arrival. */
export interface Streaming extends StreamingPort {
  readonly repository: StreamsRepository
  /** A recording arrived for a stream we issued (the service's callback): stored, announced once ended. */
  recorded(streamName: string, url: string, seconds: number): Promise<Playback | null>
}

export function streamingOver(service: StreamService, db: Db, clock: () => number): Streaming {
  const repo = streamsRepository(db)
  let listener: RecordingListener | undefined
  const view = (r: StreamRow, now: number): LiveStream => ({
    roomId: r.roomId,
    mode: r.mode,
    streamName: r.streamName,
    state: stateOf(r),
    play: service.play(r.streamName, now),
    push: service.push(r.streamName, r.mode, now),
    sourceUrl: r.sourceUrl,
    startedAt: Math.floor(r.startedAt / 1000),
    endedAt: r.endedAt === null ? null : Math.floor(r.endedAt / 1000),
  })
  const must = async (roomId: number) => {
    const r = await repo.latest(roomId)
    if (!r) throw new ApiError(404, LIVE_MESSAGES.noStream)
    return r
  }
  const reread = async (name: string) => (await repo.byName(name))!
  const playbackOf = (r: StreamRow): Playback | null => (r.playbackUrl === null || r.playbackSeconds === null ? null : { roomId: r.roomId, videoUrl: r.playbackUrl, durationSeconds: r.playbackSeconds })

  const announce = async (r: StreamRow) => {
    const playback = playbackOf(r)
    if (playback && r.endedAt !== null && listener) await listener(playback)
  }

  const port: Streaming = {
    kind: service.kind,
    repository: repo,
    async start({ roomId, mode, sourceUrl }: StartRequest): Promise<LiveStream> {
      if (!Number.isInteger(roomId) || roomId <= 0 || roomId > 2_147_483_647) throw new ApiError(400, LIVE_MESSAGES.noStream)
      const source = mode === 'FORWARD_PULL' ? checkPullUrl(sourceUrl) : null
      for (;;) {
        const now = clock()
        const open = await repo.latest(roomId)
        if (open && open.endedAt === null) return view(open, now)
        const streamName = newStreamName(roomId)
        if (!(await repo.insert({ streamName, roomId, mode, sourceUrl: source, now }))) continue // another start won: answer its stream
        try {
          const { pullTaskId } = await service.started(await reread(streamName), now)
          if (pullTaskId) await repo.setPullTask(streamName, pullTaskId)
        } catch (error) {
          await repo.remove(streamName) // the service refused: the room may try again
          throw error
        }
        return view(await reread(streamName), now)
      }
    },
    async current(roomId: number): Promise<LiveStream | null> {
      const r = await repo.latest(roomId)
      return r ? view(r, clock()) : null
    },
    // the service is asked first (a refusal changes nothing and the owner may try again), then the
    // state moves with one conditional UPDATE (a second pause loses: 409)
    async pause(roomId: number): Promise<LiveStream> {
      const r = await must(roomId)
      if (stateOf(r) !== 'live') throw new ApiError(409, LIVE_MESSAGES.illegalMove)
      await service.pausing(r)
      if (!(await repo.pause(r.streamName, clock()))) throw new ApiError(409, LIVE_MESSAGES.illegalMove)
      return view(await reread(r.streamName), clock())
    },
    async resume(roomId: number): Promise<LiveStream> {
      const r = await must(roomId)
      if (stateOf(r) !== 'paused') throw new ApiError(409, LIVE_MESSAGES.illegalMove)
      await service.resuming(r)
      if (!(await repo.resume(r.streamName, clock()))) throw new ApiError(409, LIVE_MESSAGES.illegalMove)
      return view(await reread(r.streamName), clock())
    },
    async stop(roomId: number): Promise<LiveStream> {
      const r = await must(roomId)
      if (stateOf(r) !== 'ended') {
        await service.stopping(r)
        const now = clock()
        if (await repo.end(r.streamName, now)) {
          const ended = await reread(r.streamName)
          const recording = service.recordsAtStop(ended)
          if (recording) await port.recorded(r.streamName, recording.url, recording.seconds)
          else await announce(ended) // a recording that came before the end (Tencent, after a pause) is announced now
        }
      }
      return view(await reread(r.streamName), clock())
    },
    async playback(roomId: number): Promise<Playback | null> {
      const r = await repo.latest(roomId)
      return r ? playbackOf(r) : null
    },
    onRecording(l: RecordingListener): void {
      listener = l
    },
    /** A recording arrived for a stream we issued (the service's callback): stored, then announced. */
    // announced only once the stream has ended (a recording of a part before a pause waits for the end)
    async recorded(streamName: string, url: string, seconds: number): Promise<Playback | null> {
      if (!(await repo.setPlayback(streamName, url, Math.max(0, Math.round(seconds))))) return null
      const r = await reread(streamName)
      await announce(r)
      return playbackOf(r)
    },
  }
  return port
}
