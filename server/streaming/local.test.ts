// The streaming port's local default, through the real app: what the port issues is what /stream/…
// serves; the playlist advances with the app's clock (the clock sandbox's controllable clock, pinned and
// moved here), loops the fixture, stands still while paused and ends after stop; the recording is the
// fixture MP4 with byte ranges. Nothing else answers.
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createHash } from 'node:crypto'
import { createApp } from '../app'
import { controllableClock, type ClockControl } from '../clock-sandbox'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { LOOPBACK, socketEnv } from '../testing/socket-env'
import { FIXTURE_PLAYBACK, FIXTURE_PLAYBACK_SECONDS, FIXTURE_SEGMENTS, fixtureBytes } from './fixture'
import { LOCAL_PUSH, livePlaylistPath, playbackPath } from './local'
import type { Playback } from './port'
import { streamingFromEnv } from './select-streaming'
import type { Streaming } from './streaming'

let t: TestDb
let app: Hono
let clock: ClockControl
let port: Streaming
const announced: Playback[] = []
let room = 1_000_000_100
const nextRoom = () => ++room

beforeAll(async () => {
  t = await createTestDb()
  clock = controllableClock(() => TEST_NOW * 1000)
  app = createApp({ db: t.db, clock: clock.now, staticDir: '/nonexistent-static-dir' })
  // a second port over the same table, as another process would be: the app's routes serve what it issues
  port = streamingFromEnv({}, { db: t.db, clock: clock.now }).port
  port.onRecording((p) => void announced.push(p))
})
afterAll(async () => {
  await t.close()
})

const get = (path: string, headers: Record<string, string> = {}, env: object = LOOPBACK) => app.request(path, { headers }, env)
const segmentsOf = (text: string) => text.split('\n').filter((l) => l !== '' && !l.startsWith('#'))
const sequenceOf = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1])
const md5 = (s: string) => createHash('md5').update(s).digest('hex')

describe('local streaming: starting a room', () => {
  it('OBS_PUSH issues a fresh stream: our HLS URL to play, and push details signed as Tencent signs them, expiring in a day', async () => {
    const roomId = nextRoom()
    const s = await port.start({ roomId, mode: 'OBS_PUSH' })
    expect(port.kind).toBe('local')
    expect(s).toMatchObject({ roomId, mode: 'OBS_PUSH', state: 'live', sourceUrl: null, startedAt: TEST_NOW, endedAt: null })
    expect(s.streamName).toMatch(new RegExp(`^gmh_${roomId}_[0-9a-f]{16}$`))
    expect(s.play).toEqual({ hls: livePlaylistPath(s.streamName) })
    const expiry = TEST_NOW + 86_400
    const txTime = expiry.toString(16).toUpperCase()
    expect(s.push).toEqual({
      server: 'rtmp://127.0.0.1:1935/live/',
      streamKey: `${s.streamName}?txSecret=${md5(LOCAL_PUSH.pushKey + s.streamName + txTime)}&txTime=${txTime}`,
      url: `rtmp://127.0.0.1:1935/live/${s.streamName}?txSecret=${md5(LOCAL_PUSH.pushKey + s.streamName + txTime)}&txTime=${txTime}`,
      expiresAt: expiry,
    })
    // asked again: the same stream, push re-signed from now
    clock.advance(60_000)
    const again = await port.current(roomId)
    expect(again?.streamName).toBe(s.streamName)
    expect(again?.push?.expiresAt).toBe(expiry + 60)
    expect((await port.start({ roomId, mode: 'OBS_PUSH' })).streamName).toBe(s.streamName)
  })

  it('LIVE_PC pushes over WebRTC from the browser; FORWARD_PULL has no push, keeps its source', async () => {
    const pc = await port.start({ roomId: nextRoom(), mode: 'LIVE_PC' })
    expect(pc.push?.url).toMatch(/^webrtc:\/\/127\.0\.0\.1:1935\/live\/gmh_\d+_[0-9a-f]{16}\?txSecret=[0-9a-f]{32}&txTime=[0-9A-F]+$/)
    const mobile = await port.start({ roomId: nextRoom(), mode: 'LIVE_MOBILE' })
    expect(mobile.push?.url.startsWith('rtmp://')).toBe(true)
    const pull = await port.start({ roomId: nextRoom(), mode: 'FORWARD_PULL', sourceUrl: ' https://live.example.com/app/stream.flv ' })
    expect(pull.push).toBeNull()
    expect(pull.sourceUrl).toBe('https://live.example.com/app/stream.flv')
  })

  it('FORWARD_PULL without a usable public source is refused in Chinese, and nothing is issued', async () => {
    const roomId = nextRoom()
    await expect(port.start({ roomId, mode: 'FORWARD_PULL' })).rejects.toMatchObject({ status: 400, message: '请填写拉流地址' })
    for (const bad of ['not a url', 'ftp://example.com/a', 'rtmp://127.0.0.1/live/a', 'http://10.0.0.8/a.flv', 'http://192.168.1.2/a.m3u8', 'http://[::1]/a', 'http://localhost/a', 'http://intranet/a', 'http://u:p@example.com/a', `https://example.com/${'a'.repeat(1000)}`]) {
      await expect(port.start({ roomId, mode: 'FORWARD_PULL', sourceUrl: bad }), bad).rejects.toMatchObject({ status: 400, message: '拉流地址格式不正确' })
    }
    expect(await port.current(roomId)).toBeNull()
  })

  it('two starts at once issue one stream', async () => {
    const roomId = nextRoom()
    const [a, b] = await Promise.all([port.start({ roomId, mode: 'OBS_PUSH' }), port.start({ roomId, mode: 'OBS_PUSH' })])
    expect(a.streamName).toBe(b.streamName)
  })

  it('pause, resume and stop without a stream, or from the wrong state, are refused (404, 409), never a 500', async () => {
    const roomId = nextRoom()
    await expect(port.pause(roomId)).rejects.toMatchObject({ status: 404 })
    await expect(port.stop(roomId)).rejects.toMatchObject({ status: 404 })
    expect(await port.playback(roomId)).toBeNull()
    await port.start({ roomId, mode: 'OBS_PUSH' })
    await expect(port.resume(roomId)).rejects.toMatchObject({ status: 409, message: '当前直播状态不能进行该操作' })
    await port.pause(roomId)
    await expect(port.pause(roomId)).rejects.toMatchObject({ status: 409 })
    await port.stop(roomId)
    await expect(port.resume(roomId)).rejects.toMatchObject({ status: 409 })
    expect((await port.stop(roomId)).state).toBe('ended') // idempotent
  })
})

describe('local streaming: the live playlist and segments', () => {
  it('advances with the clock, loops the fixture segments with the right types and caching, and stops at the live edge', async () => {
    const roomId = nextRoom()
    const s = await port.start({ roomId, mode: 'OBS_PUSH' })
    const first = await get(s.play.hls)
    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toBe('application/vnd.apple.mpegurl')
    expect(first.headers.get('Cache-Control')).toBe('no-cache')
    expect(first.headers.get('X-Stream-State')).toBe('live')
    expect(segmentsOf(await first.text())).toEqual(['0.ts'])

    clock.advance(6_500) // 6.5 s live: segments 0…3 produced, the window is 1, 2, 3
    const text = await (await get(s.play.hls)).text()
    expect(sequenceOf(text)).toBe(1)
    expect(segmentsOf(text)).toEqual(['1.ts', '2.ts', '3.ts'])
    expect(text).toContain('#EXT-X-DISCONTINUITY\n#EXTINF:2.000,\n3.ts')

    const base = s.play.hls.replace(/index\.m3u8$/, '')
    const seg3 = await get(`${base}3.ts`)
    expect(seg3.status).toBe(200)
    expect(seg3.headers.get('Content-Type')).toBe('video/mp2t')
    expect(seg3.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    // stream segment 3 is the fixture's first again (3 mod 3)
    expect(Buffer.from(await seg3.arrayBuffer()).equals(fixtureBytes().get(FIXTURE_SEGMENTS[0])!)).toBe(true)
    const seg2 = Buffer.from(await (await get(`${base}2.ts`)).arrayBuffer())
    expect(seg2.equals(fixtureBytes().get(FIXTURE_SEGMENTS[2])!)).toBe(true)
    // past the live edge: not produced yet
    expect((await get(`${base}4.ts`)).status).toBe(404)
    clock.advance(1_500)
    expect((await get(`${base}4.ts`)).status).toBe(200)
  })

  it('stands still while paused, goes on from where it stopped after resume, and ends with EXT-X-ENDLIST after stop', async () => {
    const roomId = nextRoom()
    const s = await port.start({ roomId, mode: 'OBS_PUSH' })
    clock.advance(4_000)
    expect((await port.pause(roomId)).state).toBe('paused')
    const atPause = await (await get(s.play.hls)).text()
    clock.advance(60_000)
    const paused = await get(s.play.hls)
    expect(paused.headers.get('X-Stream-State')).toBe('paused')
    expect(await paused.text()).toBe(atPause)
    expect(atPause).not.toContain('ENDLIST')

    expect((await port.resume(roomId)).state).toBe('live')
    clock.advance(2_000) // 6 s live in all, not 66
    expect(sequenceOf(await (await get(s.play.hls)).text())).toBe(1)

    const ended = await port.stop(roomId)
    expect(ended).toMatchObject({ state: 'ended', endedAt: Math.floor(clock.now() / 1000) })
    clock.advance(30_000)
    const last = await get(s.play.hls)
    expect(last.status).toBe(200)
    expect(last.headers.get('X-Stream-State')).toBe('ended')
    const text = await last.text()
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true)
    expect(sequenceOf(text)).toBe(1) // frozen at the end
  })

  it('answers only what the port issued, only on loopback, only in the local mode', async () => {
    const s = await port.start({ roomId: nextRoom(), mode: 'OBS_PUSH' })
    expect((await get('/stream/live/gmh_1_0123456789abcdef/index.m3u8')).status).toBe(404)
    expect((await get('/stream/live/..%2F..%2Fpackage.json/index.m3u8')).status).toBe(404)
    expect((await get(s.play.hls.replace('index.m3u8', '99999999999.ts'))).status).toBe(404)
    expect((await get(s.play.hls, {}, socketEnv('203.0.113.9'))).status).toBe(404)
    vi.stubEnv('NODE_ENV', 'production')
    try {
      expect((await get(s.play.hls)).status).toBe(404)
    } finally {
      vi.unstubAllEnvs()
    }
    expect((await get(s.play.hls)).status).toBe(200)
  })
})

describe('local streaming: the recording', () => {
  it('is the fixture MP4, ready at stop and announced once; served with byte ranges', async () => {
    const roomId = nextRoom()
    const s = await port.start({ roomId, mode: 'OBS_PUSH' })
    expect(await port.playback(roomId)).toBeNull()
    expect((await get(playbackPath(s.streamName))).status).toBe(404) // not recorded yet
    const before = announced.length
    await port.stop(roomId)
    const playback = { roomId, videoUrl: playbackPath(s.streamName), durationSeconds: FIXTURE_PLAYBACK_SECONDS }
    expect(await port.playback(roomId)).toEqual(playback)
    expect(announced.slice(before)).toEqual([playback])
    await port.stop(roomId)
    expect(announced.length).toBe(before + 1)

    const mp4 = fixtureBytes().get(FIXTURE_PLAYBACK)!
    const whole = await get(playback.videoUrl)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('Content-Type')).toBe('video/mp4')
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes')
    expect(whole.headers.get('Content-Length')).toBe(String(mp4.length))
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp4)).toBe(true)

    const part = await get(playback.videoUrl, { Range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${mp4.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(mp4.subarray(100, 200))).toBe(true)
    const tail = await get(playback.videoUrl, { Range: 'bytes=-50' })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer()).equals(mp4.subarray(mp4.length - 50))).toBe(true)
    const past = await get(playback.videoUrl, { Range: `bytes=${mp4.length}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('Content-Range')).toBe(`bytes */${mp4.length}`)
  })

  it('a new start after the end issues a new stream; the old one keeps its recording and its ended playlist', async () => {
    const roomId = nextRoom()
    const old = await port.start({ roomId, mode: 'OBS_PUSH' })
    await port.stop(roomId)
    clock.advance(1_000)
    const fresh = await port.start({ roomId, mode: 'LIVE_MOBILE' })
    expect(fresh.streamName).not.toBe(old.streamName)
    expect(fresh.state).toBe('live')
    expect(await port.playback(roomId)).toBeNull() // the latest stream has none yet
    expect((await (await get(old.play.hls)).text()).includes('#EXT-X-ENDLIST')).toBe(true)
    expect((await get(playbackPath(old.streamName))).status).toBe(200)
  })
})
