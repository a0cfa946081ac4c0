// Which streaming adapter runs, from the environment (as select-storage.ts does for storage):
//  - every TENCENT_LIVE_* setting of TENCENT_LIVE_ENV set → Tencent Cloud CSS/LVB (tencent.ts):
//      TENCENT_LIVE_PUSH_DOMAIN    the push domain (rtmp://<it>/<app>/<stream>)
//      TENCENT_LIVE_PUSH_KEY       the push domain's authentication key (txSecret)
//      TENCENT_LIVE_PLAY_DOMAIN    the play domain (https://<it>/<app>/<stream>.m3u8)
//      TENCENT_LIVE_CALLBACK_KEY   the callback key the recording callback signs with
//      TENCENT_LIVE_SECRET_ID, TENCENT_LIVE_SECRET_KEY  the API 3.0 credentials (pull tasks, stop)
//    optional: TENCENT_LIVE_PLAY_KEY (the play domain's key, when play authentication is on),
//    TENCENT_LIVE_APP_NAME (default 'live'), TENCENT_LIVE_API_URL (default https://live.tencentcloudapi.com),
//    TENCENT_LIVE_REGION (default ap-guangzhou), TENCENT_LIVE_PUSH_TTL_SECONDS (how long push and
//    play signatures live; default 86400);
//  - none set → the local default (local.ts: a looped HLS fixture under /stream/…);
//  - some set → a start-up error naming the missing ones (never a silent local default).
// Production (server/main.ts) refuses to start without the Tencent settings: live rooms are on.
import type { Db } from '../db/db'
import { modeOf, type Env } from '../mode'
import { localService } from './local'
import { streamingOver, type Streaming } from './streaming'
import { TENCENT_LIVE_API_URL, tencentService, type TencentLiveConfig } from './tencent'

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

export interface SelectedStreaming {
  port: Streaming
  /** Tencent's callback key (routes.ts checks the recording callback with it); null for the local default */
  callbackKey: string | null
}

const trimmed = (env: Env, name: string) => env[name]!.trim()
const positive = (raw: string | undefined, fallback: number, name: string) => {
  if (raw === undefined || raw.trim() === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 60 || n > 30 * 86_400) throw new Error(`${name} must be whole seconds between 60 and 2592000, got ${raw}`)
  return n
}

/** The configured Tencent settings (streamingKind 'tencent'). */
export function tencentLiveConfig(env: Env): TencentLiveConfig {
  return {
    pushDomain: trimmed(env, 'TENCENT_LIVE_PUSH_DOMAIN'),
    pushKey: trimmed(env, 'TENCENT_LIVE_PUSH_KEY'),
    playDomain: trimmed(env, 'TENCENT_LIVE_PLAY_DOMAIN'),
    playKey: env.TENCENT_LIVE_PLAY_KEY?.trim() || undefined,
    callbackKey: trimmed(env, 'TENCENT_LIVE_CALLBACK_KEY'),
    secretId: trimmed(env, 'TENCENT_LIVE_SECRET_ID'),
    secretKey: trimmed(env, 'TENCENT_LIVE_SECRET_KEY'),
    appName: env.TENCENT_LIVE_APP_NAME?.trim() || 'live',
    apiUrl: env.TENCENT_LIVE_API_URL?.trim() || TENCENT_LIVE_API_URL,
    region: env.TENCENT_LIVE_REGION?.trim() || 'ap-guangzhou',
    signSeconds: positive(env.TENCENT_LIVE_PUSH_TTL_SECONDS, 86_400, 'TENCENT_LIVE_PUSH_TTL_SECONDS'),
  }
}

export function streamingFromEnv(env: Env, deps: { db: Db; clock: () => number; fetch?: typeof fetch }): SelectedStreaming {
  if (streamingKind(env) === 'tencent') {
    const cfg = tencentLiveConfig(env)
    return { port: streamingOver(tencentService(cfg, { fetch: deps.fetch ?? fetch, now: deps.clock }), deps.db, deps.clock), callbackKey: cfg.callbackKey }
  }
  return { port: streamingOver(localService(), deps.db, deps.clock), callbackKey: null }
}
