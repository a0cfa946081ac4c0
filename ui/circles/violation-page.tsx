// /violation/{id} (spec 001 §7 GET /api/violation/{id}/v1; issue 27): why the reader's content was taken
// down — what it was (its start, as text), the reason, when, the appeal's state — with a link back to it
// where it still has a page. Only its author reads it: anyone else (and a guest) is told it does not exist.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { Violation } from '../../core/api/interaction'
import { formatDateTime } from '../../core/format/date-time'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Empty, Failed, Loading } from '../common/status'
import { forReader, useRead } from '../common/use-read'
import { panel, panelTitle } from '../content/panel'
import { t } from '../i18n/i18n'
import { pill } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import '../i18n/texts/circle'

const page = css`
  max-width: 720px;
  margin: 0 auto;
  .lead {
    margin: 0 0 16px;
    padding: 12px 14px;
    border-radius: 6px;
    background: ${tokens.warnBg};
    color: ${tokens.warn};
    font-size: 14px;
  }
  dl {
    display: grid;
    grid-template-columns: 96px 1fr;
    gap: 12px 16px;
    margin: 0;
    font-size: 14px;
  }
  dt {
    color: ${tokens.textSecondary};
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    word-break: break-word;
    line-height: 1.7;
  }
  .actions {
    margin-top: 20px;
  }
  .actions a {
    display: inline-flex;
    align-items: center;
    text-decoration: none;
  }
`

/** Where the content still has a page (a comment's page is its moment's, which the violation does not name). */
const linkOf = (v: Violation): string | null => (v.source === 'post' ? `/p/${v.refId}` : v.source === 'circleDynamic' ? `/chiefCircle/comment/${v.refId}` : null)

export function ViolationPage({ id }: { id: number }) {
  const api = useCirclesApi()
  const userId = useSession().user?.id ?? null
  const read = useRead(forReader(api.violation(id), userId))
  usePageTitle(t('circle.violation.title'))
  return (
    <section className={`${panel} ${page}`} aria-labelledby="violation-title" data-testid="violation-page">
      <h1 id="violation-title" className={panelTitle}>
        {t('circle.violation.title')}
      </h1>
      {read.status === 'loading' ? (
        <Loading rows={3} />
      ) : read.status === 'failed' ? (
        read.statusCode === 404 || read.statusCode === 401 ? <Empty text={read.statusCode === 404 ? read.message : t('circle.violation.notFound')} /> : <Failed message={read.message} onRetry={read.reload} />
      ) : (
        <ViolationView v={read.data} />
      )}
    </section>
  )
}

function ViolationView({ v }: { v: Violation }) {
  const link = linkOf(v)
  return (
    <>
      <p className="lead">{t('circle.violation.lead')}</p>
      <dl>
        <dt>{t('circle.violation.kind')}</dt>
        <dd>{t(`circle.violation.kinds.${v.source}`)}</dd>
        <dt>{t('circle.violation.subject')}</dt>
        <dd data-testid="violation-subject">{v.subject}</dd>
        <dt>{t('circle.violation.reason')}</dt>
        <dd data-testid="violation-reason">{v.reason}</dd>
        <dt>{t('circle.violation.time')}</dt>
        <dd>
          <time dateTime={new Date(v.createTimestamp * 1000).toISOString()}>{formatDateTime(v.createTimestamp)}</time>
        </dd>
        <dt>{t('circle.violation.appeal')}</dt>
        <dd>{t(`circle.violation.appealStatus.${v.appealStatus}`)}</dd>
      </dl>
      {link ? (
        <div className="actions">
          <Link className={pill} href={link}>
            {t('circle.violation.view')}
          </Link>
        </div>
      ) : null}
    </>
  )
}
