// The streaming port (issue 28; spec 001 §3 start modes LIVE_PC, LIVE_MOBILE, OBS_PUSH, FORWARD_PULL):
// what the live rooms ask of a live-streaming service. Two adapters, chosen by the environment in
// select-streaming.ts (as server/storage/select-storage.ts chooses storage):
//  - local (default): no service at all. A short segmented fixture (fixtures/streaming/) is served
//    as a live HLS playlist under /stream/… whose media sequence advances with the server's clock
//    and loops the segments; the recording is a fixture MP4 served with byte ranges (local.ts, routes.ts).
//  - tencent: Tencent Cloud CSS/LVB — signed, expiring push URLs (txSecret/txTime), the play domain's
//    HLS/FLV/WebRTC URLs, pull tasks for FORWARD_PULL, and the recording callback (tencent.ts).
// Which stream a room has, its state and its recording are kept in one table (live_streams,
// streams-repository.ts), so several server processes agree.
//
// Usage (the live rooms, server/live/):
//   const streaming = deps.streaming                          // one port per app (server/app.ts passes it)
//   streaming.onRecording(async (r) => { … room r.roomId: BACK_GENERATION → PLAYBACK … })  // once, at register
//   const s = await streaming.start({ roomId, mode: 'OBS_PUSH' })           // room goes LIVE
//   const s = await streaming.start({ roomId, mode: 'FORWARD_PULL', sourceUrl })
//   s.play.hls   → give to every reader allowed to watch (the room page plays it)
//   s.push       → ONLY to the room's owner (server + key for OBS, or the full URL): it is a credential
//   await streaming.current(roomId)  → the same, or null when the room has no stream (push re-signed)
//   await streaming.pause(roomId) / resume(roomId)          // PAUSE ↔ LIVE: the playlist stops advancing
//   await streaming.stop(roomId)                             // ended: the playlist gets EXT-X-ENDLIST
//   await streaming.playback(roomId) → { videoUrl, durationSeconds } once recorded, else null
// The recording arrives later (Tencent's callback; the local default records at stop, at once) and is
// announced through the onRecording listener. Bad input (a FORWARD_PULL without a usable source URL,
// pausing a room with no stream…) throws ApiError with a Chinese message; a service that refuses or
// cannot be reached throws ApiError 502 — never a 500.

import type { StartMode } from '../../core/live/limits'

/** spec 001 §3: how an adviser starts a live room (core/live/limits.ts START_MODES). */
export type { StartMode }

/** Where the adviser's encoder sends the stream (not for FORWARD_PULL, where the service pulls). */
export interface PushDetails {
  /** the whole push URL: rtmp://… for OBS_PUSH and LIVE_MOBILE, webrtc://… for LIVE_PC (a browser pusher) */
  readonly url: string
  /** OBS's 'Server' field, e.g. rtmp://push.example.com/live/ */
  readonly server: string
  /** OBS's 'Stream key' field: the stream name with its signature, e.g. gmh_12_ab…?txSecret=…&txTime=… */
  readonly streamKey: string
  /** seconds since the epoch after which the service refuses this key */
  readonly expiresAt: number
}

/** What a viewer's player opens; hls always, the others when the service has them. */
export interface PlayUrls {
  /** an HLS playlist (.m3u8): native in Safari, hls.js elsewhere */
  readonly hls: string
  /** HTTP-FLV (flv.js-style players), when the service gives it */
  readonly flv?: string
  /** WebRTC (Tencent's LEB), when the service gives it */
  readonly webrtc?: string
}

export type StreamState = 'live' | 'paused' | 'ended'

export interface LiveStream {
  readonly roomId: number
  readonly mode: StartMode
  /** the service's stream name (fresh for every start: it cannot be guessed from the room id) */
  readonly streamName: string
  readonly state: StreamState
  readonly play: PlayUrls
  /** the owner's push details (LIVE_PC, LIVE_MOBILE, OBS_PUSH); null for FORWARD_PULL */
  readonly push: PushDetails | null
  /** FORWARD_PULL: the source the service pulls; null otherwise */
  readonly sourceUrl: string | null
  /** seconds since the epoch */
  readonly startedAt: number
  readonly endedAt: number | null
}

/** A finished stream's recording. */
export interface Playback {
  readonly roomId: number
  /** the video the room page plays (our /stream/… MP4 locally, the service's VOD URL in production) */
  readonly videoUrl: string
  readonly durationSeconds: number
}

export type RecordingListener = (playback: Playback) => Promise<void> | void

export interface StartRequest {
  /** our live room's id (a positive integer) */
  readonly roomId: number
  readonly mode: StartMode
  /** FORWARD_PULL only: the source to pull (rtmp://, http(s)://…flv or .m3u8) */
  readonly sourceUrl?: string
}

export interface StreamingPort {
  readonly kind: 'local' | 'tencent'
  /**
   * Issues the room's stream and answers it live. A room whose stream has not ended gets that same
   * stream back (push details re-signed); after an end, a new stream with a new name.
   */
  start(request: StartRequest): Promise<LiveStream>
  /** The room's latest stream (push details re-signed), or null when the port never issued one. */
  current(roomId: number): Promise<LiveStream | null>
  /** live → paused; ApiError 409 unless live. */
  pause(roomId: number): Promise<LiveStream>
  /** paused → live; ApiError 409 unless paused. */
  resume(roomId: number): Promise<LiveStream>
  /** live or paused → ended (idempotent on an ended stream); ApiError 404 when there is no stream. */
  stop(roomId: number): Promise<LiveStream>
  /** The latest stream's recording, or null until it arrived (or when there is none). */
  playback(roomId: number): Promise<Playback | null>
  /** The one listener told when a recording arrives (the live rooms move the room to PLAYBACK). */
  onRecording(listener: RecordingListener): void
}
