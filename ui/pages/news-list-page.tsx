// /news: the news list with its label filters (spec 000 §7 'News': /api/news/type/filterLabel, /api/news/list/v2).
import { useEffect, useState } from 'react'
import type { ArticleSummary } from '../../core/api/content'
import { firstCalls } from '../../core/api/first-screen'
import { useFirstAnswer } from '../common/first-screen'
import { usePagesApi } from './api'
import { usePagedList } from '../content/use-paged-list'
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
  const inlinedLabels = useFirstAnswer<readonly { type: string; name: string }[]>(firstCalls.newsLabels())
  const [labels, setLabels] = useState<readonly { type: string; name: string }[]>(inlinedLabels ?? [])
  const [type, setType] = useState('all')
  usePageTitle(t('news.title'))
  useEffect(() => {
    if (inlinedLabels) return
    api.newsLabels().then(setLabels, () => setLabels([]))
  }, [api, inlinedLabels])
  const news = usePagedList<ArticleSummary, string>(
    ({ page, filter }) => api.newsPage(page, filter),
    'all',
    (a) => a.id,
    useFirstAnswer<{ list: readonly ArticleSummary[]; hasMore: boolean }>(firstCalls.newsPage(1, 'all')),
  )
  const choose = (next: string) => {
    setType(next)
    news.actor.send({ type: 'list.filter', filter: next })
  }
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('news.title')}</h1>
      <Tabs className={tabs} label={t('news.title')} items={(labels.length ? labels : [{ type: 'all', name: t('news.all') }]).map((l) => ({ key: l.type, label: l.name }))} value={type} onChange={choose} />
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
      <ListFooter
        status={news.status}
        hasMore={news.hasMore}
        error={news.error}
        onMore={() => news.actor.send({ type: 'list.more' })}
        onRetry={() => news.actor.send({ type: 'list.retry' })}
      />
    </section>
  )
}
