import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'
import { t } from '../i18n/i18n'
import { brandOutlineLook } from '../styles/looks'

const box = css`
  padding: 40px 16px;
  text-align: center;
  color: ${tokens.textMuted};
`
const retryButton = css`
  margin-left: 8px;
  padding: 4px 14px;
  ${brandOutlineLook('16px')}
  cursor: pointer;
`
const skeleton = css`
  display: grid;
  gap: 16px;
  padding: 16px 0;
  & > div {
    height: 96px;
    border-radius: ${tokens.radius};
    background: linear-gradient(90deg, ${tokens.skeleton} 25%, ${tokens.skeletonShine} 37%, ${tokens.skeleton} 63%);
    background-size: 400% 100%;
    animation: gmh-shimmer 1.4s ease infinite;
  }
  @keyframes gmh-shimmer {
    0% {
      background-position: 100% 50%;
    }
    100% {
      background-position: 0 50%;
    }
  }
`

export function Loading({ rows = 4 }: { rows?: number }) {
  return (
    <div className={skeleton} role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} />
      ))}
    </div>
  )
}

export function Empty({ text }: { text?: string }) {
  return <div className={box}>{text ?? t('common.empty')}</div>
}

export function Failed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div className={box} role="alert">
      {message ?? t('common.loadFailed')}
      <button type="button" className={retryButton} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  )
}

/** A write's failure beside its button (styled by the surrounding `.error` rule); nothing without one. */
export function ErrorText({ text }: { text: string | null | undefined }) {
  return text ? (
    <span className="error" role="alert">
      {text}
    </span>
  ) : null
}
