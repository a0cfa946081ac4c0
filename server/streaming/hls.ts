// The local default's live playlist (RFC 8216): a sliding window over an endless stream made of the
// fixture's segments looped. Segment n of the stream (n = 0, 1, 2…) is fixture segment n mod count;
// the stream has produced segments 0 … ⌊liveMs / segment⌋ (one is ready at once, as an encoder's first
// segment), and the playlist lists the last LIVE_WINDOW of them. The media sequence is the first one's
// n, so it advances with the live time (the server's clock, never Date.now()). Each loop back to the
// fixture's first segment restarts its timestamps: an EXT-X-DISCONTINUITY says so, and
// EXT-X-DISCONTINUITY-SEQUENCE counts those that left the window (⌊first / count⌋). A paused stream's
// live time stands still (the playlist stops advancing; players wait at the live edge); an ended one
// gets EXT-X-ENDLIST.

/** segments a live playlist lists (RFC 8216 §6.2.2: at least three target durations) */
export const LIVE_WINDOW = 3

export interface LivePlaylistInput {
  /** live time so far, pauses excluded */
  readonly liveMs: number
  readonly ended: boolean
  readonly segmentSeconds: number
  /** how many fixture segments loop */
  readonly segmentCount: number
  /** the URL of stream segment n (relative to the playlist is fine) */
  readonly segmentUrl: (n: number) => string
}

/** The newest segment the stream has produced after `liveMs`. */
export const lastSegment = (liveMs: number, segmentSeconds: number): number => Math.floor(Math.max(0, liveMs) / (segmentSeconds * 1000))

export function livePlaylist(p: LivePlaylistInput): string {
  const last = lastSegment(p.liveMs, p.segmentSeconds)
  const first = Math.max(0, last - LIVE_WINDOW + 1)
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(p.segmentSeconds)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / p.segmentCount)}`,
  ]
  for (let n = first; n <= last; n++) {
    if (n > first && n % p.segmentCount === 0) lines.push('#EXT-X-DISCONTINUITY')
    lines.push(`#EXTINF:${p.segmentSeconds.toFixed(3)},`, p.segmentUrl(n))
  }
  if (p.ended) lines.push('#EXT-X-ENDLIST')
  return lines.join('\n') + '\n'
}
