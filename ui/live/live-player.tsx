// The room's player (issue 28): the browser's own <video> on the room's source (ui/live/attach-source.ts:
// HLS natively or through hls.js loaded on demand; a recording with byte ranges, so the reader seeks).
// A live stream starts muted (browsers let only a muted video start by itself); the reader unmutes it with
// the player's controls. `overlay` lays a banner over the picture (paused, kicked out).
import { useCallback, useState, type ReactNode } from 'react'
import { css } from '@linaria/core'
import type { VideoSource } from '../../core/api/live'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { attachSource } from './attach-source'
import '../i18n/texts/liveRoom'

export const screen = css`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: ${tokens.radius};
  background: ${tokens.blackGoldBg};
  color: ${tokens.onBrand};
  video {
    display: block;
    width: 100%;
    height: 100%;
    background: ${tokens.blackGoldBg};
  }
`
export const overlay = css`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 24px;
  background: ${tokens.scrim};
  color: ${tokens.onBrand};
  text-align: center;
  font-size: 16px;
  p {
    margin: 0;
  }
`

export function LivePlayer({ source, title, children }: { source: VideoSource; title: string; children?: ReactNode }) {
  const [unplayable, setUnplayable] = useState(false)
  const { url, contentType, live } = source
  // React 19: the callback's return value detaches the source when the element goes or the source changes
  const attach = useCallback(
    (video: HTMLVideoElement | null) => (video ? attachSource(video, { url, contentType, live, durationSeconds: null }, () => setUnplayable(true)) : undefined),
    [url, contentType, live],
  )
  return (
    <div className={screen} data-testid="live-screen">
      <video
        ref={attach}
        controls
        playsInline
        autoPlay={live}
        muted={live}
        preload="metadata"
        aria-label={t('liveRoom.player', { title })}
        data-testid="live-video"
        data-live={live}
      />
      {unplayable ? (
        <div className={overlay} role="alert">
          <p>{t('liveRoom.banner.noStream')}</p>
        </div>
      ) : (
        children
      )}
    </div>
  )
}
