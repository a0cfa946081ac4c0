import { Link } from 'wouter'
import { t } from '../i18n/i18n'
import { actionButton, centered, code } from '../common/not-found'

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
