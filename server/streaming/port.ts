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
//   app.ts: const streaming = streamingFromEnv(process.env, { db, clock })   // one per app
//           registerStreaming(app, { ...deps, streaming })                    // /stream/… media, the callback
//           registerLive(app, { ...deps, streaming: streaming.port })         // the rooms get this port
//   port.onRecording(async (p) => { … room p.roomId: BACK_GENERATION → PLAYBACK … })  // once, at register
//   const s = await port.start({ roomId, mode: 'OBS_PUSH' })            // room goes LIVE (LIVE_PC, LIVE_MOBILE alike)
//   const s = await port.start({ roomId, mode: 'FORWARD_PULL', sourceUrl })   // 400 '请填写拉流地址' / '拉流地址格式不正确'
//   s.play.hls   → every reader allowed to watch (the room page plays it: a same-origin /stream/… path
//                  locally, https://<play domain>/… in production; flv and webrtc only in production)
//   s.push       → ONLY the room's owner (OBS: server + streamKey; the phone: url; LIVE_PC: a webrtc:// url):
//                  it is a credential, signed until push.expiresAt (seconds); null for FORWARD_PULL
//   await port.current(roomId)  → the room's latest stream (also when ended) with push re-signed, or null
//   await port.pause(roomId) / port.resume(roomId)    // LIVE ⇄ PAUSE: the playlist stops advancing; 409 from the wrong state
//   await port.stop(roomId)                            // ended (idempotent): the playlist gets EXT-X-ENDLIST
//   await port.playback(roomId) → { roomId, videoUrl, durationSeconds } once recorded, else null
// The recording arrives later (Tencent's callback; the local default records at stop, at once: the
// listener runs inside stop()) and is announced once the stream has ended. Bad input throws ApiError
// with a Chinese message (core/live/limits.ts LIVE_MESSAGES); a service that refuses or cannot be
// reached throws ApiError 502 and changes nothing — never a 500. Room ids are positive int4.

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
