import { Link } from 'wouter'
import { t } from '../i18n/i18n'
import { actionButton, centered, code } from './not-found'
import { usePageTitle } from './page-title'


export function NotFoundPage() {
  usePageTitle(t('errors.notFoundTitle'))
  return (
    <div className={centered}>
      <div className={code}>404</div>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundText')}</p>
      <Link href="/" className={actionButton}>
        {t('common.backHome')}
      </Link>
    </div>
  )
}

/** A route of the spec whose capability has its own issue still to come. */
export function ComingSoonPage({ name }: { name: string }) {
  usePageTitle(t('soon.title'))
  return (
    <div className={centered}>
      <h1>{t('soon.title')}</h1>
      <p>{t('soon.text', { name })}</p>
      <Link href="/" className={actionButton}>
        {t('common.backHome')}
      </Link>
    </div>
  )
}
