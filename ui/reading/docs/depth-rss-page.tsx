// /depthRss: deep research reports, free (numbered pages) and paid (createTimestamp cursor) — spec 000 §7.
import { useState } from 'react'
import { css } from '@linaria/core'
import type { ResearchReport } from '../../../core/api/reading-docs'
import { useDocsApi, type ReportKind } from './api'
import { usePagedList } from '../../content/use-paged-list'
import { ListFooter } from '../../content/article-list'
import { panel, panelTitle, tabs } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { ReportCard } from './report-card'
import { Tabs } from '../../common/tabs'
import '../../i18n/texts/docs'

type Kind = ReportKind
const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
`

export function DepthRssPage() {
  const api = useDocsApi()
  const [kind, setKind] = useState<Kind>('free')
  usePageTitle(t('docs.depth.title'))
  const reports = usePagedList<ResearchReport, Kind>(
    ({ page, filter, last }) => api.reportsPage(filter, page, last),
    'free',
    (r) => r.id,
  )
  const choose = (next: Kind) => {
    setKind(next)
    reports.actor.send({ type: 'list.filter', filter: next })
  }
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('docs.depth.title')}</h1>
      <Tabs className={tabs} label={t('docs.depth.title')} items={(['free', 'pay'] as const).map((k) => ({ key: k, label: t(k === 'free' ? 'docs.depth.free' : 'docs.depth.pay') }))} value={kind} onChange={choose} />
      {reports.items.length ? (
        <ul className={list} aria-label={t(kind === 'free' ? 'docs.depth.free' : 'docs.depth.pay')}>
          {reports.items.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </ul>
      ) : null}
      <ListFooter
        status={reports.status}
        hasMore={reports.hasMore}
        error={reports.error}
        onMore={() => reports.actor.send({ type: 'list.more' })}
        onRetry={() => reports.actor.send({ type: 'list.retry' })}
      />
    </section>
  )
}
