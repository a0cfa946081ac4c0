// The local default (no service): every stream plays the looped fixture as live HLS under this server's
// /stream/… routes (routes.ts), and a stream's recording is the fixture MP4, ready the moment the stream
// ends (the local default's recording callback is the stop itself). Push details are made and signed as
// Tencent's are (txSecret/txTime, tencent.ts) so the owner's page shows what production shows, but no
// ingest listens: whatever an encoder pushes, viewers see the fixture.
import type { StartMode } from '../../core/live/limits'
import { FIXTURE_PLAYBACK_SECONDS } from './fixture'
import type { PlayUrls, PushDetails } from './port'
import type { StreamService } from './streaming'
import { tencentPush } from './tencent'

export const STREAM_PREFIX = '/stream'
export const livePlaylistPath = (streamName: string): string => `${STREAM_PREFIX}/live/${streamName}/index.m3u8`
/** relative to the playlist */
export const liveSegmentName = (n: number): string => `${n}.ts`
export const playbackPath = (streamName: string): string => `${STREAM_PREFIX}/playback/${streamName}/video.mp4`

/** the local push 'domain' and key: nothing listens there, nothing secret is signed */
export const LOCAL_PUSH = { pushDomain: '127.0.0.1:1935', pushKey: 'local-push-key', appName: 'live', signSeconds: 86_400 } as const

export function localService(): StreamService {
  return {
    kind: 'local',
    play: (name): PlayUrls => ({ hls: livePlaylistPath(name) }),
    push: (name: string, mode: StartMode, now: number): PushDetails | null => tencentPush(LOCAL_PUSH, name, mode, now),
    started: async () => ({}),
    pausing: async () => {},
    resuming: async () => {},
    stopping: async () => {},
    recordsAtStop: (row) => ({ url: playbackPath(row.streamName), seconds: FIXTURE_PLAYBACK_SECONDS }),
  }
}
