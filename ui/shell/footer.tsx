import { Link } from 'wouter'
import { css } from '@linaria/core'
import { DOCUMENT_NAMES, documentPath } from '../../core/reading/docs/document-names'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'

const foot = css`
  margin-top: 40px;
  background: ${tokens.footerBg};
  color: ${tokens.footerText};
  font-size: 13px;
`
const inner = css`
  max-width: ${tokens.pageWidth};
  margin: 0 auto;
  padding: 28px 16px;
  display: grid;
  gap: 10px;
  nav {
    display: flex;
    gap: 20px;
  }
  a:hover {
    color: ${tokens.onBrand};
  }
`

export function Footer() {
  return (
    <footer className={foot}>
      <div className={inner}>
        <nav aria-label={t('site.name')}>
          <Link href={documentPath(DOCUMENT_NAMES.about)}>{t('footer.about')}</Link>
          <Link href={documentPath(DOCUMENT_NAMES.contact)}>{t('footer.contact')}</Link>
          <Link href={documentPath(DOCUMENT_NAMES.userAgreement)}>{t('footer.terms')}</Link>
          <Link href={documentPath(DOCUMENT_NAMES.privacy)}>{t('footer.privacy')}</Link>
          <Link href={documentPath(DOCUMENT_NAMES.disclaimer)}>{t('footer.disclaimer')}</Link>
        </nav>
        <p style={{ margin: 0 }}>{t('footer.risk')}</p>
        <p style={{ margin: 0 }}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  )
}
