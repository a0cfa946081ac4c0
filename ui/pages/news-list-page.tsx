// /news: the news list with its label filters (spec 000 §7 'News': /api/news/type/filterLabel, /api/news/list/v2).
import { useState } from 'react'
import type { ArticleSummary } from '../../core/api/content'
import { usePagesApi } from './api'
import { usePages, useRead } from '../common/use-read'
import { ArticleCard, ListFooter, list } from '../content/article-list'
import { WindowList } from '../content/window-list'
import { panel, panelTitle, tabs } from '../content/panel'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { Tabs } from '../common/tabs'

/** a card with a 112 px cover and 18 px padding above and below */
const NEWS_ROW_ESTIMATE = 149

export function NewsListPage() {
  const api = usePagesApi()
  const labels: readonly { type: string; name: string }[] = useRead(api.newsLabels()).data ?? []
  const [type, setType] = useState('all')
  usePageTitle(t('news.title'))
  const news = usePages(api.newsPages(type))
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('news.title')}</h1>
      <Tabs className={tabs} label={t('news.title')} items={(labels.length ? labels : [{ type: 'all', name: t('news.all') }]).map((l) => ({ key: l.type, label: l.name }))} value={type} onChange={setType} />
      {news.items.length ? (
        // thousands of news after many pages: window-virtualised, rows measured after render
        <WindowList<ArticleSummary>
          rows={news.items}
          rowKey={(a) => a.id}
          estimateSize={() => NEWS_ROW_ESTIMATE}
          renderRow={(a) => (
            <ul className={list}>
              <ArticleCard article={a} />
            </ul>
          )}
        />
      ) : null}
      <ListFooter list={news} />
    </section>
  )
}
