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

/** spec 000 §2: a page needing login gives a 403 screen titled 'please log in first', listing possible causes. */
export function ForbiddenPage() {
  usePageTitle(t('errors.forbiddenTitle'))
  return (
    <div className={centered}>
      <div className={code}>403</div>
      <h1>{t('errors.forbiddenTitle')}</h1>
      <p>{t('errors.forbiddenText')}</p>
      <ul>
        <li>{t('errors.forbiddenReasons.busy')}</li>
        <li>{t('errors.forbiddenReasons.network')}</li>
        <li>{t('errors.forbiddenReasons.notLoggedIn')}</li>
      </ul>
      <div>
        <Link href="/" className={actionButton}>
          {t('common.backHome')}
        </Link>
      </div>
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
