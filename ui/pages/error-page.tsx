import { css } from '@linaria/core'
import { Link } from 'wouter'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'

export const centered = css`
  max-width: 560px;
  margin: 60px auto;
  padding: 40px 32px;
  background: ${tokens.card};
  border-radius: ${tokens.radius};
  text-align: center;
  h1 {
    margin: 12px 0 8px;
    font-size: 22px;
  }
  p {
    color: ${tokens.textSecondary};
  }
  ul {
    display: inline-block;
    margin: 0 0 16px;
    padding-left: 20px;
    text-align: left;
    color: ${tokens.textSecondary};
  }
`
export const code = css`
  font-size: 64px;
  font-weight: 800;
  line-height: 1;
  color: ${tokens.brand};
  opacity: 0.85;
`
export const actionButton = css`
  display: inline-block;
  padding: 8px 24px;
  border: 0;
  border-radius: 18px;
  background: ${tokens.brand};
  color: ${tokens.onBrand};
  cursor: pointer;
  &:hover {
    background: ${tokens.brandDark};
    color: ${tokens.onBrand};
  }
`

/**
 * spec 000 §2: an error with a title (and description) shows them; a message meant for readers (a
 * string, or an API error's message) shows as is; a program error (TypeError…) shows the generic
 * text, never its developer message.
 */
function describe(error: unknown): { title?: string; description?: string; message?: string } {
  if (typeof error === 'string') return { message: error }
  if (error && typeof error === 'object') {
    const e = error as { title?: unknown; description?: unknown; message?: unknown; statusCode?: unknown }
    if (typeof e.title === 'string') return { title: e.title, description: typeof e.description === 'string' ? e.description : undefined }
    if (typeof e.statusCode === 'number' && typeof e.message === 'string' && e.message) return { message: e.message }
  }
  return {}
}

/** spec 000 §2: title and description, or just a message string, plus 请刷新重试. */
export function ErrorPage({ error, onRefresh }: { error: unknown; onRefresh: () => void }) {
  const d = describe(error)
  return (
    <div className={centered} role="alert">
      <div className={code}>!</div>
      <h1>{d.title ?? t('errors.errorTitle')}</h1>
      <p>{d.description ?? d.message ?? t('errors.errorText')}</p>
      <button type="button" className={actionButton} onClick={onRefresh}>
        {t('errors.refresh')}
      </button>
      <p>
        <Link href="/">{t('common.backHome')}</Link>
      </p>
    </div>
  )
}
