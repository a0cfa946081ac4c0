import { useEffect } from 'react'
import { t } from '../i18n/i18n'

/** Sets the document title: '<title> - 港美汇', or the site title for null. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? t('news.pageTitle', { title }) : t('site.title')
  }, [title])
}
