// /column: recommended and hot columns, selected column articles (spec 000 §7 'Columns').
import { useState } from 'react'
import { Link } from 'wouter'
import { useColumnsApi } from './api'
import { ArticleList, ListFooter } from '../../content/article-list'
import { panel, panelTitle, tabs } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { ColumnCard, grid } from './parts'
import { Tabs } from '../../common/tabs'
import '../../i18n/texts/columns'
import { usePages } from '../../common/use-read'

type Tab = 'recommend' | 'hot' | 'selected'
const TABS: readonly Tab[] = ['recommend', 'hot', 'selected']

export default function ColumnHomePage() {
  const api = useColumnsApi()
  const [tab, setTab] = useState<Tab>('recommend')
  usePageTitle(t('columns.title'))
  const columns = usePages(api.columns(tab === 'hot' ? 'hot' : 'recommend'))
  const selected = usePages(api.selectedArticles())
  const current = tab === 'selected' ? selected : columns
  return (
    <section className={panel}>
      <h1 className={panelTitle}>
        {t('columns.title')}
        <Link href="/column/columnist">{t('columns.allColumnists')}</Link>
      </h1>
      <Tabs className={tabs} label={t('columns.title')} items={TABS.map((k) => ({ key: k, label: t(`columns.tabs.${k}`) }))} value={tab} onChange={setTab} />
      {tab === 'selected' ? (
        selected.items.length ? <ArticleList items={selected.items} label={t('columns.tabs.selected')} /> : null
      ) : columns.items.length ? (
        <ul className={grid} aria-label={t(`columns.tabs.${tab}`)}>
          {columns.items.map((c) => (
            <ColumnCard key={c.id} column={c} />
          ))}
        </ul>
      ) : null}
      <ListFooter list={current} />
    </section>
  )
}
