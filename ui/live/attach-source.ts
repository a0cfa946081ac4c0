// Puts a room's video on a <video> element (issue 28; design.md 'video': native <video>, hls.js where HLS
// is not native, loaded only on the room page). A recording (MP4, WebM) is the element's own src: the
// server answers byte ranges, so the reader seeks anywhere. A live HLS stream plays through hls.js's light
// build wherever Media Source Extensions exist (imported here, on demand, so no other page's bundle
// carries it), and natively where they do not (iOS Safari).
import type { VideoSource } from '../../core/api/live'

export const HLS_TYPE = 'application/vnd.apple.mpegurl'

/** Whether the browser has Media Source Extensions, which hls.js plays through. */
const hasMediaSource = (): boolean => typeof MediaSource !== 'undefined' || 'ManagedMediaSource' in globalThis

/**
 * Whether this browser is left to play HLS itself (then hls.js is never loaded): only where it says it
 * can and has no Media Source Extensions (iOS Safari). Elsewhere hls.js plays it, as its own docs order
 * the check: a "maybe" from canPlayType is no promise — Debian's Chromium 156 answers "maybe" and its
 * video then stays at 0:00 (found by the live journey).
 */
export const playsHlsNatively = (video: Pick<HTMLVideoElement, 'canPlayType'>, mse = hasMediaSource()): boolean => video.canPlayType(HLS_TYPE) !== '' && !mse

/**
 * Attaches `source` to `video`; answers the detach. `onFatal` hears a stream that cannot be played (hls.js
 * gave up, or the browser has neither native HLS nor Media Source Extensions).
 */
export function attachSource(video: HTMLVideoElement, source: VideoSource, onFatal: () => void): () => void {
  // a live stream starts by itself, muted (browsers refuse to start one with sound); the controls unmute it
  const start = () => {
    if (!source.live) return
    video.muted = true
    // play() rejects when the browser still refuses; the controls remain
    Promise.resolve()
      .then(() => video.play())
      .catch(() => {})
  }
  if (source.contentType !== HLS_TYPE || playsHlsNatively(video)) {
    video.src = source.url
    start()
    return () => {
      video.removeAttribute('src')
      video.load()
    }
  }
  let detached = false
  let destroy = () => {}
  void import('hls.js/light').then(({ default: Hls }) => {
    if (detached) return
    if (!Hls.isSupported()) return onFatal()
    // a live stream: start near the live edge and keep up with it
    const hls = new Hls({ lowLatencyMode: false, liveSyncDurationCount: 3, backBufferLength: 30 })
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return
      // a network hiccup or a decode error is recovered once; anything else stops the player
      if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad()
      else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError()
      else onFatal()
    })
    hls.loadSource(source.url)
    hls.attachMedia(video)
    start()
    destroy = () => hls.destroy()
  }, onFatal)
  return () => {
    detached = true
    destroy()
  }
}
