import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lastSegment, LIVE_WINDOW, livePlaylist } from './hls'

const playlist = (liveMs: number, ended = false) => livePlaylist({ liveMs, ended, segmentSeconds: 2, segmentCount: 3, segmentUrl: (n) => `${n}.ts` })
const tag = (text: string, name: string) => Number(new RegExp(`#${name}:(\\d+)`).exec(text)?.[1])
const uris = (text: string) => text.split('\n').filter((l) => l !== '' && !l.startsWith('#'))

describe('the local live playlist', () => {
  it('starts with one segment ready, then slides a window of three as the live time passes', () => {
    expect(playlist(0)).toBe('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-DISCONTINUITY-SEQUENCE:0\n#EXTINF:2.000,\n0.ts\n')
    expect(uris(playlist(1999))).toEqual(['0.ts'])
    expect(uris(playlist(2000))).toEqual(['0.ts', '1.ts'])
    expect(uris(playlist(4000))).toEqual(['0.ts', '1.ts', '2.ts'])
    const later = playlist(6000)
    expect(uris(later)).toEqual(['1.ts', '2.ts', '3.ts'])
    expect(tag(later, 'EXT-X-MEDIA-SEQUENCE')).toBe(1)
  })

  it('marks each loop back to the first fixture segment with a discontinuity, and counts those that left', () => {
    const text = playlist(6000)
    expect(text).toContain('2.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:2.000,\n3.ts')
    expect(tag(text, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe(0)
    // segments 3, 4, 5: the discontinuity before 3 is at the window's head: it left, counted
    const next = playlist(10_000)
    expect(uris(next)).toEqual(['3.ts', '4.ts', '5.ts'])
    expect(next).not.toContain('#EXT-X-DISCONTINUITY\n')
    expect(tag(next, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe(1)
  })

  it('ends with EXT-X-ENDLIST once ended, and only then', () => {
    expect(playlist(8000, true).trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true)
    expect(playlist(8000)).not.toContain('ENDLIST')
  })

  it('for any live time: the window ends at the live edge, is at most three long, and its sequence is its first segment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 10 }), (ms) => {
        const text = playlist(ms)
        const listed = uris(text).map((u) => Number(u.slice(0, -3)))
        const last = lastSegment(ms, 2)
        expect(listed.at(-1)).toBe(last)
        expect(listed.length).toBe(Math.min(LIVE_WINDOW, last + 1))
        expect(tag(text, 'EXT-X-MEDIA-SEQUENCE')).toBe(listed[0])
        expect(tag(text, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe(Math.floor(listed[0]! / 3))
        // one discontinuity per loop boundary inside the window (not at its head)
        expect(text.split('#EXT-X-DISCONTINUITY\n').length - 1).toBe(listed.slice(1).filter((n) => n % 3 === 0).length)
      }),
    )
  })
})
