// Which streaming adapter runs, from the environment (as select-storage.ts does for storage):
//  - every TENCENT_LIVE_* setting of TENCENT_LIVE_ENV set → Tencent Cloud CSS/LVB (tencent.ts):
//      TENCENT_LIVE_PUSH_DOMAIN    the push domain (rtmp://<it>/<app>/<stream>)
//      TENCENT_LIVE_PUSH_KEY       the push domain's authentication key (txSecret)
//      TENCENT_LIVE_PLAY_DOMAIN    the play domain (https://<it>/<app>/<stream>.m3u8)
//      TENCENT_LIVE_CALLBACK_KEY   the callback key the recording callback signs with
//      TENCENT_LIVE_SECRET_ID, TENCENT_LIVE_SECRET_KEY  the API 3.0 credentials (pull tasks, stop)
//    optional: TENCENT_LIVE_PLAY_KEY (the play domain's key, when play authentication is on),
//    TENCENT_LIVE_APP_NAME (default 'live'), TENCENT_LIVE_API_HOST (default live.tencentcloudapi.com),
//    TENCENT_LIVE_REGION, TENCENT_LIVE_PUSH_TTL_SECONDS (default 86400);
//  - none set → the local default (local.ts: a looped HLS fixture under /stream/…);
//  - some set → a start-up error naming the missing ones (never a silent local default).
// Production (server/main.ts) refuses to start without the Tencent settings: live rooms are on.
import { modeOf, type Env } from '../mode'

export const TENCENT_LIVE_ENV = [
  'TENCENT_LIVE_PUSH_DOMAIN',
  'TENCENT_LIVE_PUSH_KEY',
  'TENCENT_LIVE_PLAY_DOMAIN',
  'TENCENT_LIVE_CALLBACK_KEY',
  'TENCENT_LIVE_SECRET_ID',
  'TENCENT_LIVE_SECRET_KEY',
] as const

/** For productionRefusal (server/mode.ts): the live-streaming service and its settings. */
export const STREAMING_PRODUCTION_NEEDS = { 'live streaming': TENCENT_LIVE_ENV } as const

const set = (env: Env, name: string) => (env[name] ?? '').trim() !== ''

/** 'tencent' with every setting, 'local' with none; throws on half a configuration. */
export function streamingKind(env: Env): 'tencent' | 'local' {
  const given = TENCENT_LIVE_ENV.filter((n) => set(env, n))
  if (given.length === 0) return 'local'
  if (given.length < TENCENT_LIVE_ENV.length) throw new Error(`live streaming: half configured; missing ${TENCENT_LIVE_ENV.filter((n) => !set(env, n)).join(', ')}`)
  return 'tencent'
}

/** null when this environment may start; else the line to print (production without the real service). */
export function streamingRefusal(env: Env): string | null {
  if (modeOf(env) !== 'production' || TENCENT_LIVE_ENV.every((n) => set(env, n))) return null
  return `production mode needs the live-streaming service (Tencent Cloud CSS); missing: ${TENCENT_LIVE_ENV.filter((n) => !set(env, n)).join(', ')}`
}
