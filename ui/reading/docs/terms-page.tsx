// /terms/{page}: a named document (spec 000 §7 'Other'), in the protocol layout.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { formatDate } from '../../../core/format/date-time'
import { DOCUMENT_NAMES, documentPath, isDocumentName, termsDocumentName } from '../../../core/reading/docs/document-names'
import { useDocsApi } from './api'
import { useRead } from '../../common/use-read'
import { NOT_FOUND } from '../../../core/query/query-cache'
import { Failed, Loading } from '../../common/status'
import { panel } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { NotFoundContent } from '../../common/not-found'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { DocBlocks } from './doc-blocks'
import '../../i18n/texts/docs'

/** The footer's documents, in its order. */
export const TERMS_PAGES = [DOCUMENT_NAMES.about, DOCUMENT_NAMES.contact, DOCUMENT_NAMES.userAgreement, DOCUMENT_NAMES.privacy, DOCUMENT_NAMES.disclaimer] as const
const NAV: Record<(typeof TERMS_PAGES)[number], Parameters<typeof t>[0]> = {
  [DOCUMENT_NAMES.about]: 'footer.about',
  [DOCUMENT_NAMES.contact]: 'footer.contact',
  [DOCUMENT_NAMES.userAgreement]: 'footer.terms',
  [DOCUMENT_NAMES.privacy]: 'footer.privacy',
  [DOCUMENT_NAMES.disclaimer]: 'footer.disclaimer',
}

const layout = css`
  display: grid;
  grid-template-columns: 200px minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  max-width: 1000px;
  margin: 0 auto;
  @media (max-width: 750px) {
    grid-template-columns: 1fr;
    nav {
      display: none;
    }
  }
`
const side = css`
  display: grid;
  padding: 8px 0;
  a {
    padding: 10px 20px;
    color: ${tokens.textSecondary};
    border-left: 3px solid transparent;
  }
  a[aria-current='page'] {
    color: ${tokens.brand};
    border-left-color: ${tokens.brand};
    font-weight: 600;
  }
`
const doc = css`
  padding: 28px 40px 36px;
  h1 {
    margin: 0 0 6px;
    font-size: 26px;
  }
  @media (max-width: 750px) {
    padding: 20px 16px;
  }
`
const updated = css`
  margin: 0 0 20px;
  padding-bottom: 14px;
  border-bottom: 1px solid ${tokens.border};
  color: ${tokens.textMuted};
  font-size: 13px;
`

export function TermsPage({ page }: { page: string }) {
  return (
    <div className={layout}>
      <nav className={`${panel} ${side}`} aria-label={t('docs.terms.nav')}>
        {TERMS_PAGES.map((p) => (
          <Link key={p} href={documentPath(p)} aria-current={p === page ? 'page' : undefined}>
            {t(NAV[p])}
          </Link>
        ))}
      </nav>
      {/* a new page is a new document: remount so the detail actor starts fresh */}
      <TermsDocument key={page} page={page} />
    </div>
  )
}

function TermsDocument({ page: path }: { page: string }) {
  const page = termsDocumentName(path)
  const api = useDocsApi()
  const valid = isDocumentName(page)
  const detail = useRead(valid ? api.document(page) : null)
  usePageTitle(detail.data?.title ?? null)
  if (!valid || (detail.status === 'failed' && detail.statusCode === NOT_FOUND)) return <NotFoundContent text={t('docs.terms.notFound')} />
  if (detail.status === 'loading') return <div className={panel}><Loading rows={5} /></div>
  if (detail.status === 'failed') return <Failed message={detail.message} onRetry={detail.reload} />
  return (
    <article className={`${panel} ${doc}`}>
      <h1>{detail.data.title}</h1>
      <p className={updated}>{t('docs.terms.updated', { date: formatDate(detail.data.updateTimestamp) })}</p>
      <DocBlocks blocks={detail.data.blocks} />
    </article>
  )
}
