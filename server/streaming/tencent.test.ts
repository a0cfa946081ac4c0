// The Tencent Cloud CSS adapter: its signatures against values computed by the documented formulas, and
// its calls against the local fake of CSS's API 3.0 (tencent-fake.ts, served over HTTP) through the real
// app configured by the TENCENT_LIVE_* settings — including the recording callback's route.
import { serve, type ServerType } from '@hono/node-server'
import type { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { contentSecurityPolicy, createApp } from '../app'
import { controllableClock, type ClockControl } from '../clock-sandbox'
import { productionRefusal } from '../mode'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import type { Playback } from './port'
import { TENCENT_CALLBACK_PATH } from './routes'
import { STREAMING_PRODUCTION_NEEDS, streamingFromEnv, streamingKind, streamingRefusal, TENCENT_LIVE_ENV } from './select-streaming'
import type { Streaming } from './streaming'
import { callbackGenuine, callbackSign, PULL_OPERATOR, signedQuery, tencentPlay, tencentPush, txSecret, txTime } from './tencent'
import { fakeTencentLive, recordingCallback, type FakeTencentLive } from './tencent-fake'

describe('Tencent CSS signatures (txSecret = MD5(key + StreamName + txTime), txTime = hex(expiry))', () => {
  // the vectors were computed outside this code: printf '%X' 1469762325; printf 'txrtmp11212122579ACB15' | md5sum
  it('txTime is the expiry in upper-case hex', () => {
    expect(txTime(1469762325)).toBe('579ACB15')
    expect(txTime(1546272000)).toBe('5C2A3D00')
  })
  it('txSecret is the lower-case MD5 of key, stream name and txTime', () => {
    expect(txSecret('txrtmp', '11212122', '579ACB15')).toBe('2133c689c452f0bf81b1a88261f1d9a6')
    expect(txSecret('push-key', 'gmh_1000000001_0011223344556677', '5C2ACC2F')).toBe('9d9f53b380c9a7e606341c820e88d95e')
    expect(signedQuery('txrtmp', '11212122', 1469762325)).toBe('txSecret=2133c689c452f0bf81b1a88261f1d9a6&txTime=579ACB15')
  })
  it('push details per start mode: OBS server and key, RTMP for the phone, WebRTC for the browser, none for a pull', () => {
    const cfg = { pushDomain: 'push.example.com', pushKey: 'txrtmp', appName: 'live', signSeconds: 3600 }
    const now = (1469762325 - 3600) * 1000
    const q = 'txSecret=2133c689c452f0bf81b1a88261f1d9a6&txTime=579ACB15'
    expect(tencentPush(cfg, '11212122', 'OBS_PUSH', now)).toEqual({
      server: 'rtmp://push.example.com/live/',
      streamKey: `11212122?${q}`,
      url: `rtmp://push.example.com/live/11212122?${q}`,
      expiresAt: 1469762325,
    })
    expect(tencentPush(cfg, '11212122', 'LIVE_MOBILE', now)?.url).toBe(`rtmp://push.example.com/live/11212122?${q}`)
    expect(tencentPush(cfg, '11212122', 'LIVE_PC', now)?.url).toBe(`webrtc://push.example.com/live/11212122?${q}`)
    expect(tencentPush(cfg, '11212122', 'FORWARD_PULL', now)).toBeNull()
  })
  it('play URLs on the play domain: HLS, FLV and WebRTC; signed with the play key when there is one', () => {
    const cfg = { playDomain: 'play.example.com', appName: 'live', signSeconds: 3600 }
    expect(tencentPlay(cfg, 's1', 0)).toEqual({ hls: 'https://play.example.com/live/s1.m3u8', flv: 'https://play.example.com/live/s1.flv', webrtc: 'webrtc://play.example.com/live/s1' })
    const signed = tencentPlay({ ...cfg, playKey: 'txrtmp' }, '11212122', (1469762325 - 3600) * 1000)
    expect(signed.hls).toBe('https://play.example.com/live/11212122.m3u8?txSecret=2133c689c452f0bf81b1a88261f1d9a6&txTime=579ACB15')
  })
  it("the recording callback's sign = MD5(callback key + t) is accepted until t, and nothing else is", () => {
    // printf 'callback-key1546272600' | md5sum
    expect(callbackSign('callback-key', 1546272600)).toBe('71ec62d7dd3169abebb140b3705ed39e')
    const now = 1546272000
    const body = { t: 1546272600, sign: '71ec62d7dd3169abebb140b3705ed39e' }
    expect(callbackGenuine(body, 'callback-key', now)).toBe(true)
    expect(callbackGenuine({ ...body, t: '1546272600' }, 'callback-key', now)).toBe(true)
    expect(callbackGenuine({ ...body, sign: body.sign.toUpperCase() }, 'callback-key', now)).toBe(true)
    expect(callbackGenuine(body, 'callback-key', 1546272601)).toBe(false) // t passed
    expect(callbackGenuine(body, 'other-key', now)).toBe(false)
    expect(callbackGenuine({ ...body, sign: '0'.repeat(32) }, 'callback-key', now)).toBe(false)
    expect(callbackGenuine({ ...body, t: 1546272601 }, 'callback-key', now)).toBe(false) // t is signed
    expect(callbackGenuine({ t: body.t }, 'callback-key', now)).toBe(false)
    expect(callbackGenuine({ sign: body.sign }, 'callback-key', now)).toBe(false)
    expect(callbackGenuine({ ...body, t: '1546272600abc' }, 'callback-key', now)).toBe(false)
  })
})

describe('which adapter runs, and production without Tencent', () => {
  const all = Object.fromEntries(TENCENT_LIVE_ENV.map((n) => [n, 'set']))
  it('none set: the local default; all set: Tencent; some set: a start-up error naming the missing ones', () => {
    expect(streamingKind({})).toBe('local')
    expect(streamingKind(all)).toBe('tencent')
    expect(() => streamingKind({ ...all, TENCENT_LIVE_PUSH_KEY: ' ' })).toThrow('live streaming: half configured; missing TENCENT_LIVE_PUSH_KEY')
  })
  it('production refuses to start without every Tencent setting, naming them in one line', () => {
    expect(streamingRefusal({ NODE_ENV: 'production' })).toBe(`production mode needs the live-streaming service (Tencent Cloud CSS); missing: ${TENCENT_LIVE_ENV.join(', ')}`)
    expect(streamingRefusal({ NODE_ENV: 'production', ...all })).toBeNull()
    expect(streamingRefusal({})).toBeNull() // the local mode runs the local default
    const line = productionRefusal(STREAMING_PRODUCTION_NEEDS, { TENCENT_LIVE_PUSH_DOMAIN: 'push.example.com' })!
    expect(line).toBe(`production mode needs real adapters; missing: ${TENCENT_LIVE_ENV.filter((n) => n !== 'TENCENT_LIVE_PUSH_DOMAIN').join(', ')}`)
    expect(productionRefusal(STREAMING_PRODUCTION_NEEDS, all)).toBeNull()
  })
  it("the pages may play the play domain's media and Tencent VOD's recordings; hls.js's blob: media everywhere", () => {
    expect(contentSecurityPolicy({})).toContain("media-src 'self' blob:;")
    const csp = contentSecurityPolicy({ TENCENT_LIVE_PLAY_DOMAIN: 'play.example.com' })
    expect(csp).toContain("connect-src 'self' https://play.example.com https://*.vod2.myqcloud.com;")
    expect(csp).toContain("media-src 'self' blob: https://play.example.com https://*.vod2.myqcloud.com;")
    expect(contentSecurityPolicy({ TENCENT_LIVE_PLAY_DOMAIN: "x; script-src 'unsafe-inline'" })).not.toContain('unsafe-inline;')
  })
})

describe('the Tencent adapter against the fake CSS API, through the real app', () => {
  const account = { secretId: 'AKIDfake0000000000000000000000000000', secretKey: 'fake-secret-key', pushDomain: 'push.example.com' }
  const CALLBACK_KEY = 'callback-key'
  let t: TestDb
  let clock: ClockControl
  let fake: FakeTencentLive
  let server: ServerType
  let app: Hono
  let port: Streaming
  let env: Record<string, string>
  const announced: Playback[] = []
  let room = 1_000_000_500
  const nextRoom = () => ++room

  beforeAll(async () => {
    t = await createTestDb()
    clock = controllableClock(() => TEST_NOW * 1000)
    fake = fakeTencentLive(account, clock.now)
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: fake.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s))
    })
    env = {
      TENCENT_LIVE_PUSH_DOMAIN: account.pushDomain,
      TENCENT_LIVE_PUSH_KEY: 'push-key',
      TENCENT_LIVE_PLAY_DOMAIN: 'play.example.com',
      TENCENT_LIVE_CALLBACK_KEY: CALLBACK_KEY,
      TENCENT_LIVE_SECRET_ID: account.secretId,
      TENCENT_LIVE_SECRET_KEY: account.secretKey,
      TENCENT_LIVE_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    }
    for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
    app = createApp({ db: t.db, clock: clock.now, staticDir: '/nonexistent-static-dir' })
    vi.unstubAllEnvs()
    port = streamingFromEnv(env, { db: t.db, clock: clock.now }).port
    port.onRecording((p) => void announced.push(p))
  })
  afterAll(async () => {
    server.close()
    await t.close()
  })
  const lastCalls = (n: number) => fake.calls.slice(-n).map((c) => [c.action, c.error ?? 'ok'])

  it('OBS_PUSH needs no call: push details on the push domain, play URLs on the play domain', async () => {
    const before = fake.calls.length
    const s = await port.start({ roomId: nextRoom(), mode: 'OBS_PUSH' })
    expect(port.kind).toBe('tencent')
    expect(fake.calls.length).toBe(before)
    expect(s.push?.server).toBe('rtmp://push.example.com/live/')
    expect(s.push?.streamKey).toBe(`${s.streamName}?${signedQuery('push-key', s.streamName, TEST_NOW + 86_400)}`)
    expect(s.play).toEqual({ hls: `https://play.example.com/live/${s.streamName}.m3u8`, flv: `https://play.example.com/live/${s.streamName}.flv`, webrtc: `webrtc://play.example.com/live/${s.streamName}` })
  })

  it('FORWARD_PULL registers a pull task; pause forbids the stream, resume lifts it, stop deletes the task and forbids it', async () => {
    const roomId = nextRoom()
    const s = await port.start({ roomId, mode: 'FORWARD_PULL', sourceUrl: 'rtmp://source.example.org/live/feed' })
    const create = fake.calls.at(-1)!
    expect(create).toMatchObject({
      action: 'CreateLivePullStreamTask',
      params: { SourceType: 'PullLivePushLive', SourceUrls: ['rtmp://source.example.org/live/feed'], DomainName: 'push.example.com', AppName: 'live', StreamName: s.streamName, Operator: PULL_OPERATOR },
    })
    expect(create.error).toBeUndefined()
    expect([...fake.tasks.values()].map((task) => task.streamName)).toContain(`live/${s.streamName}`)
    expect((await port.pause(roomId)).state).toBe('paused')
    expect(fake.forbidden.has(`live/${s.streamName}`)).toBe(true)
    expect((await port.resume(roomId)).state).toBe('live')
    expect(fake.forbidden.has(`live/${s.streamName}`)).toBe(false)
    await port.stop(roomId)
    expect(lastCalls(2)).toEqual([
      ['DeleteLivePullStreamTask', 'ok'],
      ['ForbidLiveStream', 'ok'],
    ])
    expect([...fake.tasks.values()].some((task) => task.streamName === `live/${s.streamName}`)).toBe(false)
    expect(fake.forbidden.has(`live/${s.streamName}`)).toBe(true)
  })

  it("a refusal is a 502 with a Chinese message, and changes nothing: the room may try again", async () => {
    const roomId = nextRoom()
    fake.failNext('CreateLivePullStreamTask', 'LimitExceeded')
    await expect(port.start({ roomId, mode: 'FORWARD_PULL', sourceUrl: 'https://source.example.org/a.flv' })).rejects.toMatchObject({ status: 502, message: '直播流暂不可用，请稍后再试' })
    expect(await port.current(roomId)).toBeNull()
    expect((await port.start({ roomId, mode: 'FORWARD_PULL', sourceUrl: 'https://source.example.org/a.flv' })).state).toBe('live')
    fake.failNext('ForbidLiveStream', 'InternalError')
    await expect(port.pause(roomId)).rejects.toMatchObject({ status: 502 })
    expect((await port.current(roomId))?.state).toBe('live')
  })

  it('the fake checks the TC3 signature and its time as the service does: a wrong key or a stale clock is refused', async () => {
    const wrongKey = streamingFromEnv({ ...env, TENCENT_LIVE_SECRET_KEY: 'not-the-key' }, { db: t.db, clock: clock.now }).port
    await expect(wrongKey.start({ roomId: nextRoom(), mode: 'FORWARD_PULL', sourceUrl: 'https://source.example.org/b.flv' })).rejects.toMatchObject({ status: 502 })
    expect(lastCalls(1)).toEqual([['CreateLivePullStreamTask', 'AuthFailure.SignatureFailure']])
    const stale = streamingFromEnv(env, { db: t.db, clock: () => clock.now() - 10 * 60_000 }).port
    await expect(stale.start({ roomId: nextRoom(), mode: 'FORWARD_PULL', sourceUrl: 'https://source.example.org/c.flv' })).rejects.toMatchObject({ status: 502 })
    expect(lastCalls(1)).toEqual([['CreateLivePullStreamTask', 'AuthFailure.SignatureExpire']])
    const down = streamingFromEnv({ ...env, TENCENT_LIVE_API_URL: 'http://127.0.0.1:9' }, { db: t.db, clock: clock.now }).port
    await expect(down.start({ roomId: nextRoom(), mode: 'FORWARD_PULL', sourceUrl: 'https://source.example.org/d.flv' })).rejects.toMatchObject({ status: 502 })
  })

  describe('the recording callback (POST /stream/callback/tencent)', () => {
    const post = (body: unknown) => app.request(TENCENT_CALLBACK_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
    const notice = (streamName: string, o: { t?: number; key?: string; duration?: number } = {}) =>
      recordingCallback({ callbackKey: o.key ?? CALLBACK_KEY, streamName, videoUrl: `https://1250000000.vod2.myqcloud.com/abc/${streamName}/playlist.m3u8`, duration: o.duration ?? 1234, t: o.t ?? TEST_NOW + 600 })

    // the app's own port (live-server's listener) announces what its route stores; this file's port, over
    // the same table as another process would be, announces what it ends
    it('a genuine event 100 for an ended stream stores its recording; no CSRF token needed; a retry or a shorter part changes nothing', async () => {
      const roomId = nextRoom()
      const s = await port.start({ roomId, mode: 'OBS_PUSH' })
      await port.stop(roomId)
      expect(await port.playback(roomId)).toBeNull() // Tencent records after the end
      const res = await post(notice(s.streamName))
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ code: 0 })
      const playback = { roomId, videoUrl: `https://1250000000.vod2.myqcloud.com/abc/${s.streamName}/playlist.m3u8`, durationSeconds: 1234 }
      expect(await port.playback(roomId)).toEqual(playback)
      expect((await post(notice(s.streamName))).status).toBe(200)
      expect((await post(notice(s.streamName, { duration: 10 }))).status).toBe(200)
      expect(await port.playback(roomId)).toEqual(playback)
    })

    it('a recording of an ended stream is announced to the listener once', async () => {
      const roomId = nextRoom()
      const s = await port.start({ roomId, mode: 'OBS_PUSH' })
      await port.stop(roomId)
      const before = announced.length
      const playback = await port.recorded(s.streamName, 'https://1250000000.vod2.myqcloud.com/abc/x/playlist.m3u8', 99.6)
      expect(playback).toEqual({ roomId, videoUrl: 'https://1250000000.vod2.myqcloud.com/abc/x/playlist.m3u8', durationSeconds: 100 })
      expect(announced.slice(before)).toEqual([playback])
      expect(await port.recorded(s.streamName, 'https://1250000000.vod2.myqcloud.com/abc/y/playlist.m3u8', 5)).toBeNull() // shorter: kept the first
      expect(announced.length).toBe(before + 1)
    })

    it('a recording that came while the stream was paused is announced when it ends', async () => {
      const roomId = nextRoom()
      const s = await port.start({ roomId, mode: 'OBS_PUSH' })
      await port.pause(roomId)
      const before = announced.length
      expect((await post(notice(s.streamName, { duration: 60 }))).status).toBe(200)
      expect(announced.length).toBe(before)
      await port.stop(roomId)
      expect(announced.slice(before)).toEqual([{ roomId, videoUrl: expect.stringContaining(s.streamName) as string, durationSeconds: 60 }])
    })

    it('a wrong sign or a past t is refused (403); other events, unknown streams and bad recordings are acknowledged and ignored', async () => {
      const roomId = nextRoom()
      const s = await port.start({ roomId, mode: 'OBS_PUSH' })
      await port.stop(roomId)
      expect((await post(notice(s.streamName, { key: 'forged' }))).status).toBe(403)
      expect((await post(notice(s.streamName, { t: TEST_NOW - 1 }))).status).toBe(403)
      expect((await post({ ...notice(s.streamName), sign: undefined })).status).toBe(403)
      const crossSite = await app.request(TENCENT_CALLBACK_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' }, body: JSON.stringify(notice(s.streamName)) })
      expect(crossSite.status).toBe(403)
      expect((await post('not json')).status).toBe(400)
      expect((await post([1, 2])).status).toBe(400)
      for (const body of [
        { ...notice(s.streamName), event_type: 1 },
        notice('gmh_1_0123456789abcdef'),
        notice('../../etc'),
        { ...notice(s.streamName), video_url: 'javascript:alert(1)' },
        { ...notice(s.streamName), duration: -5 },
        { ...notice(s.streamName), duration: 'long' },
      ]) {
        const res = await post(body)
        expect(res.status, JSON.stringify(body)).toBe(200)
      }
      expect(await port.playback(roomId)).toBeNull()
    })
  })
})
