// /depthRss: deep research reports, free (numbered pages) and paid (createTimestamp cursor) — spec 000 §7.
import { useState } from 'react'
import { css } from '@linaria/core'
import type { ResearchReport } from '../../../core/api/reading-docs'
import { useDocsApi, type ReportKind } from './api'
import { ListFooter } from '../../content/article-list'
import { panel, panelTitle, tabs } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { ReportCard } from './report-card'
import { Tabs } from '../../common/tabs'
import '../../i18n/texts/docs'
import { usePages } from '../../common/use-read'
import { plainListLook } from '../../styles/looks'

type Kind = ReportKind
const list = css`
  ${plainListLook}
`

export function DepthRssPage() {
  const api = useDocsApi()
  const [kind, setKind] = useState<Kind>('free')
  usePageTitle(t('docs.depth.title'))
  const reports = usePages<ResearchReport>({
    key: { endpoint: kind === 'free' ? 'reports.free' : 'reports.pay' },
    loadPage: ({ page, last }) => api.reportsPage(kind, page, last),
    keyOf: (r) => r.id,
  })
  const choose = setKind
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
      <ListFooter list={reports} />
    </section>
  )
}
