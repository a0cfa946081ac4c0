import { useState } from 'react'
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'
import { t } from '../i18n/i18n'

const failedBox = css`
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${tokens.bg};
  color: ${tokens.textMuted};
  font-size: 12px;
`

/**
 * An image that loads lazily and shows 加载失败 when it cannot be loaded. `priority` is for an image in
 * the first screen (the first covers of a list, an article's cover): loaded at once and first, since a
 * lazy image waits for layout and is often the page's largest paint (Lighthouse's LCP on home).
 */
export function Img({ src, alt, className, width, height, priority = false }: { src: string; alt: string; className?: string; width: number; height: number; priority?: boolean }) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <span role="img" aria-label={alt} className={`${failedBox} ${className ?? ''}`} style={{ aspectRatio: `${width} / ${height}` }}>
        {t('common.loadFailed')}
      </span>
    )
  }
  return priority ? (
    <img src={src} alt={alt} className={className} width={width} height={height} fetchPriority="high" onError={() => setFailed(true)} />
  ) : (
    <img src={src} alt={alt} className={className} width={width} height={height} loading="lazy" decoding="async" onError={() => setFailed(true)} />
  )
}
