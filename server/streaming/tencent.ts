// The production adapter: Tencent Cloud CSS/LVB (云直播), configured by select-streaming.ts.
//  - Push and play URLs (CSS 'Splicing Live Streaming URLs', 'Hotlink Protection URL Calculation'):
//      rtmp://{pushDomain}/{app}/{stream}?txSecret=MD5(key + stream + txTime)&txTime=hex(expiry)
//    with txTime the expiry's Unix seconds in upper-case hex; OBS takes 'rtmp://{pushDomain}/{app}/' as
//    its server and '{stream}?txSecret=…&txTime=…' as its key; LIVE_PC pushes from the browser over
//    WebRTC (webrtc://{pushDomain}/…, same signature). Viewers play https://{playDomain}/{app}/{stream}.m3u8
//    (HLS), .flv (HTTP-FLV) or webrtc://{playDomain}/{app}/{stream} (LEB), signed the same way with the
//    play key when play authentication is on.
//  - API 3.0 (live.tencentcloudapi.com, version 2018-08-01, TC3-HMAC-SHA256 as the SMS adapter signs):
//    CreateLivePullStreamTask (FORWARD_PULL: SourceType PullLivePushLive, one SourceUrl, pushed to our push
//    domain under the stream's name; at most 7 days), DeleteLivePullStreamTask at the end,
//    ForbidLiveStream to pause and to end (the encoder is cut off and its key refused), ResumeLiveStream.
//    An answer with Response.Error (or no answer) is a 502 with a Chinese message, never a 500.
//  - The recording callback (event_type 100, 'Recording callback'): POSTed as JSON to the URL set in the
//    CSS console (ours: /stream/callback/tencent), signed sign = MD5(callback key + t), where t is the
//    notification's expiry in Unix seconds (10 minutes after it was sent): a wrong sign or a past t is
//    refused. stream_id names our stream; video_url and duration are the recording.
import { createHash, timingSafeEqual } from 'node:crypto'
import { tc3Authorization } from '../accounts/adapters/tencent-sms'
import { errorMessage } from '../../core/api/api-error'
import { LIVE_MESSAGES, type StartMode } from '../../core/live/limits'
import { ApiError } from '../http/api-error'
import type { PlayUrls, PushDetails } from './port'
import type { StreamService } from './streaming'
import type { StreamRow } from './streams-repository'

export const TENCENT_LIVE_API_URL = 'https://live.tencentcloudapi.com'
export const TENCENT_LIVE_SERVICE = 'live'
export const TENCENT_LIVE_VERSION = '2018-08-01'
/** our choice: an API call the owner waits on fails after this */
export const TENCENT_LIVE_TIMEOUT_MS = 5_000
/** Tencent: a pull task lasts at most 7 days; ours ends a minute before that */
export const PULL_TASK_MS = 7 * 24 * 3600 * 1000 - 60_000
/** the Operator recorded on our pull tasks */
export const PULL_OPERATOR = 'gmh-live'
/** where Tencent VOD serves recordings (the callback's video_url), for the pages' CSP */
export const TENCENT_VOD_ORIGINS = 'https://*.vod2.myqcloud.com'
/** the recording callback's event_type */
export const RECORDING_EVENT = 100

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex')

/** txTime: the expiry's Unix seconds in upper-case hex. */
export const txTime = (expirySeconds: number): string => Math.floor(expirySeconds).toString(16).toUpperCase()
/** txSecret = MD5(key + streamName + txTime), lower-case hex. */
export const txSecret = (key: string, streamName: string, txTimeHex: string): string => md5(key + streamName + txTimeHex)
/** The query that signs `streamName` until `expirySeconds`. */
export function signedQuery(key: string, streamName: string, expirySeconds: number): string {
  const t = txTime(expirySeconds)
  return `txSecret=${txSecret(key, streamName, t)}&txTime=${t}`
}

/** The callback's sign: MD5(callback key + t). */
export const callbackSign = (key: string, t: number | string): string => md5(key + String(t))

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** Whether a callback body is Tencent's: its sign matches and its t (the expiry) has not passed. */
export function callbackGenuine(body: { sign?: unknown; t?: unknown }, key: string, nowSeconds: number): boolean {
  const t = typeof body.t === 'number' ? body.t : typeof body.t === 'string' && /^\d{1,12}$/.test(body.t) ? Number(body.t) : NaN
  if (!Number.isInteger(t) || t < nowSeconds || typeof body.sign !== 'string') return false
  return sameText(body.sign.toLowerCase(), callbackSign(key, body.t as number | string))
}

export interface TencentLiveConfig {
  pushDomain: string
  pushKey: string
  playDomain: string
  /** play authentication's key; unsigned play URLs without it */
  playKey?: string
  callbackKey: string
  secretId: string
  secretKey: string
  /** default 'live' */
  appName: string
  /** default https://live.tencentcloudapi.com (a test's fake elsewhere) */
  apiUrl: string
  region: string
  /** how long a push or play signature lives */
  signSeconds: number
}

/** Push details for a stream and start mode; null for FORWARD_PULL (the service pulls). */
export function tencentPush(cfg: Pick<TencentLiveConfig, 'pushDomain' | 'pushKey' | 'appName' | 'signSeconds'>, streamName: string, mode: StartMode, nowMs: number): PushDetails | null {
  if (mode === 'FORWARD_PULL') return null
  const expiresAt = Math.floor(nowMs / 1000) + cfg.signSeconds
  const key = `${streamName}?${signedQuery(cfg.pushKey, streamName, expiresAt)}`
  const server = `rtmp://${cfg.pushDomain}/${cfg.appName}/`
  const url = mode === 'LIVE_PC' ? `webrtc://${cfg.pushDomain}/${cfg.appName}/${key}` : `${server}${key}`
  return { url, server, streamKey: key, expiresAt }
}

export function tencentPlay(cfg: Pick<TencentLiveConfig, 'playDomain' | 'playKey' | 'appName' | 'signSeconds'>, streamName: string, nowMs: number): PlayUrls {
  const q = cfg.playKey ? `?${signedQuery(cfg.playKey, streamName, Math.floor(nowMs / 1000) + cfg.signSeconds)}` : ''
  const base = `${cfg.playDomain}/${cfg.appName}/${streamName}`
  return { hls: `https://${base}.m3u8${q}`, flv: `https://${base}.flv${q}`, webrtc: `webrtc://${base}${q}` }
}

interface ApiAnswer {
  Response?: { Error?: { Code?: string; Message?: string }; RequestId?: string; TaskId?: string }
}

/** One API 3.0 call, signed; the answer's Response, or ApiError 502. */
export async function callTencentLive(cfg: TencentLiveConfig, deps: { fetch: typeof fetch; now: () => number }, action: string, params: Record<string, unknown>): Promise<NonNullable<ApiAnswer['Response']>> {
  const payload = JSON.stringify(params)
  const url = new URL(cfg.apiUrl)
  const timestamp = Math.floor(deps.now() / 1000)
  const headers = {
    Authorization: tc3Authorization({ secretId: cfg.secretId, secretKey: cfg.secretKey, service: TENCENT_LIVE_SERVICE, host: url.host, action, payload, timestamp }),
    'Content-Type': 'application/json; charset=utf-8',
    Host: url.host,
    'X-TC-Action': action,
    'X-TC-Timestamp': String(timestamp),
    'X-TC-Version': TENCENT_LIVE_VERSION,
    'X-TC-Region': cfg.region,
  }
  let answer: ApiAnswer
  try {
    const res = await deps.fetch(new URL('/', url), { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(TENCENT_LIVE_TIMEOUT_MS) })
    answer = (await res.json()) as ApiAnswer
  } catch (error) {
    console.error(`tencent live ${action}: ${errorMessage(error)}`)
    throw new ApiError(502, LIVE_MESSAGES.noStream)
  }
  const err = answer.Response?.Error
  if (!answer.Response || err) {
    console.error(`tencent live ${action}: ${err?.Code ?? 'no Response'} ${err?.Message ?? ''} (${answer.Response?.RequestId ?? ''})`)
    throw new ApiError(502, LIVE_MESSAGES.noStream)
  }
  return answer.Response
}

/** ISO 8601 in UTC without milliseconds, as the pull task's StartTime and EndTime want. */
const utc = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

export function tencentService(cfg: TencentLiveConfig, deps: { fetch: typeof fetch; now: () => number }): StreamService {
  const call = (action: string, params: Record<string, unknown>) => callTencentLive(cfg, deps, action, params)
  const stream = (r: StreamRow) => ({ AppName: cfg.appName, DomainName: cfg.pushDomain, StreamName: r.streamName })
  return {
    kind: 'tencent',
    play: (name, now) => tencentPlay(cfg, name, now),
    push: (name, mode, now) => tencentPush(cfg, name, mode, now),
    async started(row, now) {
      if (row.mode !== 'FORWARD_PULL' || !row.sourceUrl) return {}
      const answer = await call('CreateLivePullStreamTask', {
        SourceType: 'PullLivePushLive',
        SourceUrls: [row.sourceUrl],
        ...stream(row),
        StartTime: utc(now),
        EndTime: utc(now + PULL_TASK_MS),
        Operator: PULL_OPERATOR,
      })
      if (typeof answer.TaskId !== 'string' || answer.TaskId === '') {
        console.error('tencent live CreateLivePullStreamTask: no TaskId')
        throw new ApiError(502, LIVE_MESSAGES.noStream)
      }
      return { pullTaskId: answer.TaskId }
    },
    pausing: async (row) => void (await call('ForbidLiveStream', { ...stream(row), Reason: 'paused' })),
    resuming: async (row) => void (await call('ResumeLiveStream', stream(row))),
    async stopping(row) {
      if (row.pullTaskId) await call('DeleteLivePullStreamTask', { TaskId: row.pullTaskId, Operator: PULL_OPERATOR })
      // a paused stream is forbidden already
      if (row.runStartedAt !== null) await call('ForbidLiveStream', { ...stream(row), Reason: 'ended' })
    },
    recordsAtStop: () => null, // the recording callback brings it
  }
}
