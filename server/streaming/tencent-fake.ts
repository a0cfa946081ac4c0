// A local stand-in for Tencent Cloud CSS's API 3.0 (live.tencentcloudapi.com, version 2018-08-01), a small
// Hono app the Tencent adapter's tests serve over HTTP. It checks requests the way the service documents:
//  - POST / with Content-Type application/json; X-TC-Action, X-TC-Version 2018-08-01, X-TC-Region and
//    X-TC-Timestamp; Authorization 'TC3-HMAC-SHA256 Credential=…' recomputed here from the secret key
//    (AuthFailure.SecretIdNotFound, AuthFailure.SignatureFailure; AuthFailure.SignatureExpire when the
//    timestamp is more than 5 minutes from the fake's clock);
//  - CreateLivePullStreamTask: SourceType one of PullLivePushLive / PullVodPushLive / PullPicPushLive,
//    exactly one SourceUrl for a live source (rtmp/rtmps/http/https/rtsp/srt), DomainName the account's push
//    domain, AppName, StreamName, StartTime < EndTime (ISO 8601 UTC) at most 7 days apart and EndTime in
//    the future, Operator → { TaskId };
//  - DeleteLivePullStreamTask: TaskId of a task that exists (InvalidParameter.TaskNotExist), Operator;
//  - ForbidLiveStream / ResumeLiveStream: AppName, DomainName (the push domain), StreamName;
//  - anything else: InvalidAction.
// Every answer is HTTP 200 with { Response: { …, RequestId } }, or { Response: { Error: { Code, Message }, RequestId } }.
// It also writes the recording callback (event_type 100) the way CSS sends it, signed with the callback key.
import { randomBytes, randomInt } from 'node:crypto'
import { Hono } from 'hono'
import { tc3Authorization } from '../accounts/adapters/tencent-sms'
import { callbackSign, RECORDING_EVENT, TENCENT_LIVE_SERVICE, TENCENT_LIVE_VERSION } from './tencent'

export interface FakeTencentAccount {
  secretId: string
  secretKey: string
  pushDomain: string
}

export interface FakeTencentLive {
  readonly app: Hono
  /** pull tasks by TaskId */
  readonly tasks: Map<string, { sourceUrl: string; streamName: string; startTime: string; endTime: string }>
  /** streams forbidden (ForbidLiveStream, not resumed since) */
  readonly forbidden: Set<string>
  /** every action asked, in order, and whether it was accepted */
  readonly calls: { action: string; params: Record<string, unknown>; error?: string }[]
  /** makes the next call of `action` fail with `code` (a service outage, a quota) */
  failNext(action: string, code: string): void
}

const SKEW_SECONDS = 300
const PULL_PROTOCOLS = /^(rtmps?|https?|rtsp|srt):\/\/[^\s/]+/i
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

class Refused extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}
const need = (params: Record<string, unknown>, ...names: string[]) => {
  for (const n of names) if (typeof params[n] !== 'string' || (params[n] as string) === '') throw new Refused(`MissingParameter`)
}

export function fakeTencentLive(account: FakeTencentAccount, clock: () => number): FakeTencentLive {
  const tasks: FakeTencentLive['tasks'] = new Map()
  const forbidden = new Set<string>()
  const calls: FakeTencentLive['calls'] = []
  const failing = new Map<string, string>()
  const app = new Hono()

  const stream = (p: Record<string, unknown>) => {
    need(p, 'AppName', 'DomainName', 'StreamName')
    if (p.DomainName !== account.pushDomain) throw new Refused('InvalidParameter.DomainNotExist')
    return `${p.AppName as string}/${p.StreamName as string}`
  }
  const actions: Record<string, (p: Record<string, unknown>) => Record<string, unknown>> = {
    CreateLivePullStreamTask(p) {
      need(p, 'SourceType', 'Operator', 'StartTime', 'EndTime')
      const name = stream(p)
      if (!['PullLivePushLive', 'PullVodPushLive', 'PullPicPushLive'].includes(p.SourceType as string)) throw new Refused('InvalidParameter')
      const urls = p.SourceUrls
      if (!Array.isArray(urls) || urls.length === 0 || (p.SourceType === 'PullLivePushLive' && urls.length !== 1)) throw new Refused('InvalidParameter')
      if (!urls.every((u) => typeof u === 'string' && PULL_PROTOCOLS.test(u))) throw new Refused('InvalidParameter.InvalidSourceUrl')
      const [start, end] = [p.StartTime as string, p.EndTime as string]
      if (!ISO.test(start) || !ISO.test(end)) throw new Refused('InvalidParameter.InvalidTime')
      const [s, e] = [Date.parse(start), Date.parse(end)]
      if (e <= s || e - s > 7 * 24 * 3600 * 1000 || e <= clock()) throw new Refused('InvalidParameter.InvalidTime')
      const taskId = String(randomInt(100_000_000, 999_999_999))
      tasks.set(taskId, { sourceUrl: urls[0] as string, streamName: name, startTime: start, endTime: end })
      return { TaskId: taskId }
    },
    DeleteLivePullStreamTask(p) {
      need(p, 'TaskId', 'Operator')
      if (!tasks.delete(p.TaskId as string)) throw new Refused('InvalidParameter.TaskNotExist')
      return {}
    },
    ForbidLiveStream(p) {
      forbidden.add(stream(p))
      return {}
    },
    ResumeLiveStream(p) {
      forbidden.delete(stream(p))
      return {}
    },
  }

  app.post('/', async (c) => {
    const requestId = randomBytes(16).toString('hex')
    const answer = (body: Record<string, unknown>) => c.json({ Response: { ...body, RequestId: requestId } })
    const refuse = (code: string, params: Record<string, unknown> = {}, action = c.req.header('X-TC-Action') ?? '') => {
      calls.push({ action, params, error: code })
      return answer({ Error: { Code: code, Message: `fake: ${code}` } })
    }
    const payload = await c.req.text()
    const action = c.req.header('X-TC-Action') ?? ''
    const timestamp = Number(c.req.header('X-TC-Timestamp'))
    if (!(c.req.header('Content-Type') ?? '').startsWith('application/json')) return refuse('InvalidParameter.ContentType')
    if (c.req.header('X-TC-Version') !== TENCENT_LIVE_VERSION) return refuse('NoSuchVersion')
    if (!c.req.header('X-TC-Region')) return refuse('MissingParameter')
    if (!Number.isInteger(timestamp) || Math.abs(timestamp - Math.floor(clock() / 1000)) > SKEW_SECONDS) return refuse('AuthFailure.SignatureExpire')
    const auth = c.req.header('Authorization') ?? ''
    const credential = /Credential=([^/]+)\//.exec(auth)?.[1]
    if (credential !== account.secretId) return refuse('AuthFailure.SecretIdNotFound')
    const host = c.req.header('Host') ?? ''
    const expected = tc3Authorization({ secretId: account.secretId, secretKey: account.secretKey, service: TENCENT_LIVE_SERVICE, host, action, payload, timestamp })
    if (auth !== expected) return refuse('AuthFailure.SignatureFailure')
    let params: Record<string, unknown>
    try {
      params = JSON.parse(payload) as Record<string, unknown>
    } catch {
      return refuse('InvalidParameter')
    }
    const handler = actions[action]
    if (!handler) return refuse('InvalidAction', params)
    const outage = failing.get(action)
    if (outage) {
      failing.delete(action)
      return refuse(outage, params)
    }
    try {
      const result = handler(params)
      calls.push({ action, params })
      return answer(result)
    } catch (error) {
      if (error instanceof Refused) return refuse(error.code, params)
      throw error
    }
  })

  return { app, tasks, forbidden, calls, failNext: (action, code) => void failing.set(action, code) }
}

/** The recording callback CSS POSTs when a stream's recording file is ready (event_type 100). */
export function recordingCallback(o: { callbackKey: string; streamName: string; videoUrl: string; duration: number; t: number }): Record<string, unknown> {
  return {
    event_type: RECORDING_EVENT,
    appid: 1250000000,
    app: 'push.example.com',
    appname: 'live',
    stream_id: o.streamName,
    channel_id: o.streamName,
    file_id: '5285890781234567890',
    file_format: 'hls',
    task_id: '1234567890',
    start_time: o.t - 600 - o.duration,
    end_time: o.t - 600,
    duration: o.duration,
    file_size: 1_048_576,
    stream_param: 'txSecret=abc&txTime=5C2ACC2F',
    video_url: o.videoUrl,
    t: o.t,
    sign: callbackSign(o.callbackKey, o.t),
  }
}
