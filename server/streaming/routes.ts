// The streaming port's own routes (not the spec's API: media and the service's callback):
//  - local default only, local mode and loopback only (a sandbox, server/mode.ts):
//      GET /stream/live/{stream}/index.m3u8   the live playlist (hls.ts): application/vnd.apple.mpegurl,
//                                              no-cache; EXT-X-ENDLIST once the stream ended
//      GET /stream/live/{stream}/{n}.ts       stream segment n (the fixture's n mod 3): video/mp2t, cached
//                                              for a year (its bytes never change); 404 past the live edge
//      GET /stream/playback/{stream}/video.mp4 the recording (the fixture MP4), with byte ranges
//    A stream the port did not issue, or whose recording it has not made, is a 404.
//  - Tencent only: POST /stream/callback/tencent, CSS's recording callback (tencent.ts): a wrong sign
//    or a past t answers 403; event types other than 100 and streams we did not issue are acknowledged
//    and ignored (Tencent would retry anything but a 200); a recording is stored and announced.
// Outside /api/, so the CSRF check (which a service's POST cannot pass) does not apply; the callback's
// signature is its check, and a browser's cross-site request is refused outright (as WeChat Pay's notify).
import type { Context, Hono } from 'hono'
import { LIVE_MESSAGES } from '../../core/live/limits'
import type { FeatureDeps } from '../feature'
import { failure } from '../http/api-error'
import { messageFor } from '../http/route'
import { contentLang } from '../i18n/to-hk'
import { sandboxAllowed } from '../mode'
import { storedAnswer } from '../storage/serve-stored'
import { FIXTURE_PLAYBACK, FIXTURE_SEGMENTS, FIXTURE_SEGMENT_SECONDS, fixtureStorage } from './fixture'
import { lastSegment, livePlaylist } from './hls'
import { liveSegmentName, playbackPath, STREAM_PREFIX } from './local'
import type { SelectedStreaming } from './select-streaming'
import { STREAM_NAME, type Streaming } from './streaming'
import type { StreamRow } from './streams-repository'
import { callbackGenuine, RECORDING_EVENT } from './tencent'

export const TENCENT_CALLBACK_PATH = `${STREAM_PREFIX}/callback/tencent`

const MEDIA_POLICY = "default-src 'none'; sandbox"
const SEGMENT_CACHE = 'public, max-age=31536000, immutable'

/** Live time so far at `now`: the runs before plus the current one. */
export const liveMsOf = (r: StreamRow, now: number): number => r.liveMs + (r.runStartedAt === null ? 0 : Math.max(0, now - r.runStartedAt))

export function registerStreaming(app: Hono, deps: FeatureDeps & { streaming: SelectedStreaming }): void {
  const { clock, env } = deps
  const { port, callbackKey } = deps.streaming
  const notFound = (c: Context) => c.json(failure(404, messageFor(contentLang(c.req.header('Client-Lang')), LIVE_MESSAGES.noStream)), 404)
  /** the issued stream behind a local media request, or undefined (answered 404) */
  const issued = async (c: Context, name: string): Promise<StreamRow | undefined> => {
    if (port.kind !== 'local' || !sandboxAllowed(c, env) || !STREAM_NAME.test(name)) return undefined
    return port.repository.byName(name)
  }

  app.get(`${STREAM_PREFIX}/live/:stream/index.m3u8`, async (c) => {
    const r = await issued(c, c.req.param('stream'))
    if (!r) return notFound(c)
    const body = livePlaylist({
      liveMs: liveMsOf(r, clock()),
      ended: r.endedAt !== null,
      segmentSeconds: FIXTURE_SEGMENT_SECONDS,
      segmentCount: FIXTURE_SEGMENTS.length,
      segmentUrl: liveSegmentName,
    })
    const state = r.endedAt !== null ? 'ended' : r.runStartedAt === null ? 'paused' : 'live'
    return c.body(body, 200, { 'Content-Type': 'application/vnd.apple.mpegurl', 'Cache-Control': 'no-cache', 'X-Stream-State': state, 'Content-Security-Policy': MEDIA_POLICY })
  })

  app.get(`${STREAM_PREFIX}/live/:stream/:segment{[0-9]{1,9}\\.ts}`, async (c) => {
    const r = await issued(c, c.req.param('stream'))
    const n = Number(c.req.param('segment').slice(0, -3))
    if (!r || n > lastSegment(liveMsOf(r, clock()), FIXTURE_SEGMENT_SECONDS)) return notFound(c)
    const headers = { 'Content-Type': 'video/mp2t', 'Cache-Control': SEGMENT_CACHE, 'Content-Security-Policy': MEDIA_POLICY }
    return (await storedAnswer(fixtureStorage(), FIXTURE_SEGMENTS[n % FIXTURE_SEGMENTS.length]!, c.req.header('Range'), headers)) ?? notFound(c)
  })

  app.get(`${STREAM_PREFIX}/playback/:stream/video.mp4`, async (c) => {
    const name = c.req.param('stream')
    const r = await issued(c, name)
    if (!r || r.playbackUrl !== playbackPath(name)) return notFound(c)
    const headers = { 'Content-Type': 'video/mp4', 'Cache-Control': SEGMENT_CACHE, 'Content-Security-Policy': MEDIA_POLICY, 'Content-Disposition': 'inline' }
    return (await storedAnswer(fixtureStorage(), FIXTURE_PLAYBACK, c.req.header('Range'), headers)) ?? notFound(c)
  })

  if (callbackKey !== null) {
    app.post(TENCENT_CALLBACK_PATH, async (c) => {
      // a service's POST carries no Sec-Fetch-Site; a browser's cross-site one is never Tencent
      if (c.req.header('sec-fetch-site') === 'cross-site') return c.json({ code: 403, message: '非法请求' }, 403)
      let body: Record<string, unknown>
      try {
        const parsed: unknown = await c.req.json()
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object')
        body = parsed as Record<string, unknown>
      } catch {
        return c.json({ code: 400, message: '参数错误：请求体不是有效的 JSON' }, 400)
      }
      if (!callbackGenuine(body, callbackKey, Math.floor(clock() / 1000))) return c.json({ code: 403, message: '签名错误' }, 403)
      if (Number(body.event_type) === RECORDING_EVENT) await acceptRecording(port, body)
      return c.json({ code: 0 })
    })
  }
}

/** A genuine event_type 100: stored when it names a stream we issued and carries a usable recording. */
async function acceptRecording(port: Streaming, body: Record<string, unknown>): Promise<void> {
  const name = body.stream_id
  const url = body.video_url
  const duration = Number(body.duration)
  if (typeof name !== 'string' || !STREAM_NAME.test(name) || typeof url !== 'string' || url.length > 1000 || !/^https?:\/\/[^\s]+$/.test(url.trim())) return
  if (!Number.isFinite(duration) || duration < 0 || duration > 7 * 24 * 3600) return
  if (!(await port.repository.byName(name))) return
  await port.recorded(name, url.trim(), duration)
}
