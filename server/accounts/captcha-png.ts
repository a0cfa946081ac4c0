// The local slider's picture as a PNG raster (issue 9: drawn as SVG, the gap's x was a number in the
// markup and a script solved 23 of 23). Pixels with noise carry no number; the answer stays on the
// server. A tiny encoder on node:zlib on purpose: one RGB image, no palette, no ancillary chunks —
// a PNG library (pngjs and the like) would add a dependency for ~30 lines. Local use only: production
// uses GeeTest (server/mode.ts refuses to start without it).
import { randomInt } from 'node:crypto'
import { deflateSync } from 'node:zlib'

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes, row by row). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // depth 8, colour type 2 (RGB), deflate, filter 0, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    rows[y * (width * 3 + 1)] = 0 // filter: none
    rows.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1)
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v)

/** A blue landscape with noise and a few light decoy patches; the gap is a darker square with a white rim. */
export function sliderPicture(size: { width: number; height: number; piece: number }, gap: { x: number; y: number }): Buffer {
  const { width, height, piece } = size
  const rgb = new Uint8Array(width * height * 3)
  const decoys = Array.from({ length: 3 }, () => ({ x: randomInt(0, width - piece), y: randomInt(0, height - piece), r: randomInt(12, 26) }))
  const phase = randomInt(0, 628) / 100
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2
      let r = 0x3a + (0x9b - 0x3a) * t
      let g = 0x6e + (0xc1 - 0x6e) * t
      let b = 0xa5 + (0xe8 - 0xa5) * t
      if (y > 88 + 14 * Math.sin(x / 40 + phase)) [r, g, b] = [r * 0.75, g * 0.8, b * 0.85] // hills
      const inGap = x >= gap.x && x < gap.x + piece && y >= gap.y && y < gap.y + piece
      if (!inGap) for (const d of decoys) if ((x - d.x) ** 2 + (y - d.y) ** 2 < d.r ** 2) [r, g, b] = [r + 30, g + 30, b + 25]
      if (inGap) {
        const rim = x < gap.x + 2 || x >= gap.x + piece - 2 || y < gap.y + 2 || y >= gap.y + piece - 2
        ;[r, g, b] = rim ? [245, 245, 245] : [r * 0.45, g * 0.45, b * 0.45]
      }
      const noise = Math.round(Math.random() * 36) - 18 // noise need not be unpredictable, only present
      const o = (y * width + x) * 3
      rgb[o] = clamp(Math.round(r + noise))
      rgb[o + 1] = clamp(Math.round(g + noise))
      rgb[o + 2] = clamp(Math.round(b + noise))
    }
  }
  return encodePng(width, height, rgb)
}
