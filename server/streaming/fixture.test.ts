// The committed streaming fixtures (fixtures/streaming/README.md) are what the local default says they
// are, read without ffmpeg: MPEG-TS segments 2 s apart, a faststart MP4 of 10 s, ~100 KB in all.
import { describe, expect, it } from 'vitest'
import { FIXTURE_PLAYBACK, FIXTURE_PLAYBACK_SECONDS, FIXTURE_SEGMENT_SECONDS, FIXTURE_SEGMENTS, fixtureBytes } from './fixture'

/** The first PES packet's presentation time (90 kHz) in an MPEG-TS file. */
function firstPts(ts: Buffer): number {
  for (let at = 0; at + 188 <= ts.length; at += 188) {
    const unitStart = (ts[at + 1]! & 0x40) !== 0
    const adaptation = (ts[at + 3]! >> 4) & 0x3
    let p = at + 4 + (adaptation & 0x2 ? ts[at + 4]! + 1 : 0)
    if (!unitStart || ts[p] !== 0 || ts[p + 1] !== 0 || ts[p + 2] !== 1 || (ts[p + 3]! & 0xf0) !== 0xe0) continue
    p += 9 // start code, stream id, length, flags, header length
    return (ts[p]! & 0x0e) * 2 ** 29 + ts[p + 1]! * 2 ** 22 + ((ts[p + 2]! & 0xfe) >> 1) * 2 ** 15 + ts[p + 3]! * 2 ** 7 + (ts[p + 4]! >> 1)
  }
  throw new Error('no video PES')
}

describe('streaming fixtures', () => {
  const files = fixtureBytes()

  it('are small: well under 300 KB together', () => {
    const total = [...files.values()].reduce((n, b) => n + b.length, 0)
    expect(total).toBeGreaterThan(10_000)
    expect(total).toBeLessThan(300 * 1024)
  })

  it('the segments are MPEG-TS (188-byte packets, each starting 0x47) whose video starts FIXTURE_SEGMENT_SECONDS apart', () => {
    const starts = FIXTURE_SEGMENTS.map((name) => {
      const ts = files.get(name)!
      expect(ts.length % 188, name).toBe(0)
      for (let at = 0; at < ts.length; at += 188) expect(ts[at], `${name} packet at ${at}`).toBe(0x47)
      return firstPts(ts) / 90_000
    })
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeCloseTo(FIXTURE_SEGMENT_SECONDS, 2)
  })

  it('the playback MP4 is faststart (moov before mdat) and lasts FIXTURE_PLAYBACK_SECONDS', () => {
    const mp4 = files.get(FIXTURE_PLAYBACK)!
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'))
    const mvhd = mp4.indexOf('mvhd') + 4
    expect(mp4[mvhd]).toBe(0) // version 0: 32-bit times
    const timescale = mp4.readUInt32BE(mvhd + 12)
    expect(mp4.readUInt32BE(mvhd + 16) / timescale).toBeCloseTo(FIXTURE_PLAYBACK_SECONDS, 1)
  })
})
