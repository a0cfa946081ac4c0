// Small RGB PNG pictures the journeys upload (the server recognises images by their content), drawn
// pixel by pixel so a screenshot shows something one can see. Node's zlib does the deflate and CRC.
import { crc32, deflateSync } from 'node:zlib'

export type Rgb = readonly [number, number, number]

export function rgbPng(w: number, h: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const head = Buffer.alloc(13)
  head.writeUInt32BE(w, 0)
  head.writeUInt32BE(h, 4)
  head.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const rows: number[] = []
  for (let y = 0; y < h; y++) {
    rows.push(0) // filter: none
    for (let x = 0; x < w; x++) rows.push(...pixel(x, y))
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', head), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))])
}

export const BRAND_RED: Rgb = [200, 16, 46]
export const LIGHT_GROUND: Rgb = [245, 246, 248]
