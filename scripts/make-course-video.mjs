// Makes fixtures/circle-extras/course-video.webm, the seeded courses' video (issue 27): ten seconds at
// two frames a second, 160×90, each frame a coloured card with its second written large, so a journey
// can see that seeking to the middle shows 5. Nothing is downloaded: Debian's Chromium (the one the e2e
// journeys drive) encodes the frames with WebCodecs' VP8 encoder, every frame a key frame, and this
// script writes the WebM around them itself (EBML: header, SeekHead, Info with the duration, Tracks,
// one Cluster per second, Cues pointing at each) so a browser can seek without reading the whole file.
/* global VideoEncoder, OffscreenCanvas, VideoFrame -- they run in the page Chromium opens, not in Node */
// Run once by hand: node scripts/make-course-video.mjs (the fixture is kept in git, ~10 KB).
import { createServer } from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'

const OUT = new URL('../fixtures/circle-extras/course-video.webm', import.meta.url)
const WIDTH = 160
const HEIGHT = 90
const FPS = 2
const SECONDS = 10

// --- the frames, encoded by Chromium --------------------------------------------------------------

async function encodeFrames() {
  // WebCodecs needs a secure context: a page on 127.0.0.1
  const server = createServer((_, res) => res.end('<!doctype html><title>encode</title>'))
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${server.address().port}/`)
    return await page.evaluate(
      async ({ WIDTH, HEIGHT, FPS, SECONDS }) => {
        const chunks = []
        const encoder = new VideoEncoder({
          output: (chunk) => {
            const data = new Uint8Array(chunk.byteLength)
            chunk.copyTo(data)
            chunks.push({ timestamp: chunk.timestamp, key: chunk.type === 'key', data: Array.from(data) })
          },
          error: (e) => {
            throw e
          },
        })
        encoder.configure({ codec: 'vp8', width: WIDTH, height: HEIGHT, bitrate: 200_000, framerate: FPS })
        const canvas = new OffscreenCanvas(WIDTH, HEIGHT)
        const g = canvas.getContext('2d')
        for (let i = 0; i < FPS * SECONDS; i++) {
          const second = Math.floor(i / FPS)
          g.fillStyle = `hsl(${(second * 36) % 360}, 55%, 42%)`
          g.fillRect(0, 0, WIDTH, HEIGHT)
          g.fillStyle = '#fff'
          g.font = 'bold 56px sans-serif'
          g.textAlign = 'center'
          g.textBaseline = 'middle'
          g.fillText(String(second), WIDTH / 2, HEIGHT / 2 + 2)
          g.fillRect(8, HEIGHT - 10, ((WIDTH - 16) * (i + 1)) / (FPS * SECONDS), 4)
          const frame = new VideoFrame(canvas, { timestamp: (i * 1_000_000) / FPS, duration: 1_000_000 / FPS })
          encoder.encode(frame, { keyFrame: true })
          frame.close()
        }
        await encoder.flush()
        return chunks
      },
      { WIDTH, HEIGHT, FPS, SECONDS },
    )
  } finally {
    await browser.close()
    server.close()
  }
}

// --- EBML ----------------------------------------------------------------------------------------

const idBytes = (id) => {
  const out = []
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff)
  return Buffer.from(out)
}
/** sizes as 8-byte vints: every size fits and the layout is known before the values are */
const size8 = (n) => {
  const b = Buffer.alloc(8)
  b.writeBigUInt64BE(BigInt(n))
  b[0] = 0x01
  return b
}
const el = (id, ...children) => {
  const body = Buffer.concat(children)
  return Buffer.concat([idBytes(id), size8(body.length), body])
}
const uint = (id, n, bytes = 0) => {
  let len = bytes
  if (!len) for (len = 1; len < 8 && n >= 2 ** (8 * len); len++);
  const b = Buffer.alloc(len)
  b.writeUIntBE(n, 0, Math.min(len, 6))
  return el(id, len > 6 ? Buffer.concat([Buffer.alloc(len - 6), b.subarray(0, 6)]) : b)
}
const uint8 = (id, n) => {
  const b = Buffer.alloc(8)
  b.writeBigUInt64BE(BigInt(n))
  return el(id, b)
}
const str = (id, s) => el(id, Buffer.from(s, 'utf8'))
const float = (id, x) => {
  const b = Buffer.alloc(8)
  b.writeDoubleBE(x)
  return el(id, b)
}

const ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  Tracks: 0x1654ae6b,
  Cluster: 0x1f43b675,
  Cues: 0x1c53bb6b,
}

function webm(chunks) {
  const header = el(ID.EBML, uint(0x4286, 1), uint(0x42f7, 1), uint(0x42f2, 4), uint(0x42f3, 8), str(0x4282, 'webm'), uint(0x4287, 2), uint(0x4285, 2))
  const durationMs = (SECONDS * 1000)
  const info = el(ID.Info, uint(0x2ad7b1, 1_000_000), float(0x4489, durationMs), str(0x4d80, 'gmh make-course-video'), str(0x5741, 'gmh make-course-video'))
  const video = el(0xe0, uint(0xb0, WIDTH), uint(0xba, HEIGHT))
  const tracks = el(ID.Tracks, el(0xae, uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 1), uint(0x9c, 0), str(0x86, 'V_VP8'), uint(0x23e383, Math.round(1e9 / FPS)), video))
  // one cluster per second
  const clusters = []
  for (let s = 0; s < SECONDS; s++) {
    const clusterMs = s * 1000
    const blocks = chunks
      .filter((c) => Math.floor(c.timestamp / 1_000_000) === s)
      .map((c) => {
        const rel = Buffer.alloc(2)
        rel.writeInt16BE(Math.round(c.timestamp / 1000) - clusterMs)
        return el(0xa3, Buffer.from([0x81]), rel, Buffer.from([c.key ? 0x80 : 0x00]), Buffer.from(c.data))
      })
    clusters.push({ ms: clusterMs, bytes: el(ID.Cluster, uint(0xe7, clusterMs), ...blocks) })
  }
  // layout inside the Segment: SeekHead, Info, Tracks, Clusters, Cues (positions from the Segment's data start)
  const seekEntry = (id, pos) => el(ID.Seek, el(ID.SeekID, idBytes(id)), uint8(ID.SeekPosition, pos))
  const seekHeadLength = el(ID.SeekHead, seekEntry(ID.Info, 0), seekEntry(ID.Tracks, 0), seekEntry(ID.Cues, 0)).length
  const infoAt = seekHeadLength
  const tracksAt = infoAt + info.length
  let at = tracksAt + tracks.length
  const cuePoints = []
  for (const c of clusters) {
    cuePoints.push(el(0xbb, uint(0xb3, c.ms), el(0xb7, uint(0xf7, 1), uint8(0xf1, at))))
    at += c.bytes.length
  }
  const cuesAt = at
  const cues = el(ID.Cues, ...cuePoints)
  const seekHead = el(ID.SeekHead, seekEntry(ID.Info, infoAt), seekEntry(ID.Tracks, tracksAt), seekEntry(ID.Cues, cuesAt))
  if (seekHead.length !== seekHeadLength) throw new Error('SeekHead length moved')
  const segment = el(ID.Segment, seekHead, info, tracks, ...clusters.map((c) => c.bytes), cues)
  return Buffer.concat([header, segment])
}

const chunks = await encodeFrames()
if (chunks.length !== FPS * SECONDS || !chunks.every((c) => c.key)) throw new Error(`expected ${FPS * SECONDS} key frames, got ${chunks.length}`)
const bytes = webm(chunks)
mkdirSync(new URL('.', OUT), { recursive: true })
writeFileSync(OUT, bytes)
console.log(`wrote ${OUT.pathname}: ${bytes.length} bytes, ${chunks.length} frames, ${SECONDS} s`)
