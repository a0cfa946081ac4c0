// /hotpost and /hotpost/{type}: the posts chart (spec 000 §7 /api/posts/chart (type, page, limit=10)),
// with hot topics beside it.
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { CHART_TYPES, type ChartType, type PostSummary, type Topic } from '../../../core/api/reading-community'
import { firstCalls } from '../../../core/api/first-screen'
import { useFirstAnswer } from '../../common/first-screen'
import { useCommunityApi } from './api'
import { usePagedList } from '../../content/use-paged-list'
import { ListFooter } from '../../content/article-list'
import { panel, panelTitle, sticky, tabs, twoColumns } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { VirtualPostList } from './post-list'
import { TopicRanking } from './topic-ranking'
import { Empty } from '../../common/status'
import '../../i18n/texts/community'

const isChart = (x: string | undefined): x is ChartType => (CHART_TYPES as readonly string[]).includes(x ?? '')

export function HotpostPage({ type }: { type?: string | undefined }) {
  const chart: ChartType = isChart(type) ? type : 'day'
  usePageTitle(t('community.hotpost'))
  if (type !== undefined && !isChart(type)) return <Empty />
  return (
    <div className={twoColumns}>
      <section className={panel}>
        <h1 className={panelTitle}>{t('community.hotpost')}</h1>
        <nav className={tabs} aria-label={t('community.hotpost')}>
          {CHART_TYPES.map((c) => (
            <Link key={c} href={`/hotpost/${c}`} aria-current={c === chart ? 'page' : undefined}>
              {t(`community.chart.${c}`)}
            </Link>
          ))}
        </nav>
        <Chart key={chart} chart={chart} />
      </section>
      <aside className={sticky}>
        <HotTopicsPanel />
      </aside>
    </div>
  )
}

function Chart({ chart }: { chart: ChartType }) {
  const api = useCommunityApi()
  const posts = usePagedList<PostSummary, ChartType>(
    ({ page, filter }) => api.chart(filter, page),
    chart,
    (p) => p.id,
    useFirstAnswer<{ list: readonly PostSummary[]; hasMore: boolean }>(firstCalls.hotpostChart(chart, 1)),
  )
  return (
    <>
      {posts.items.length ? <VirtualPostList items={posts.items} label={t('community.postsLabel')} /> : null}
      <ListFooter
        status={posts.status}
        hasMore={posts.hasMore}
        error={posts.error}
        onMore={() => posts.actor.send({ type: 'list.more' })}
        onRetry={() => posts.actor.send({ type: 'list.retry' })}
      />
    </>
  )
}

export function HotTopicsPanel() {
  const api = useCommunityApi()
  const inlined = useFirstAnswer<readonly Topic[]>(firstCalls.hotTopics())
  const [topics, setTopics] = useState<readonly Topic[] | null | 'failed'>(inlined ?? null)
  useEffect(() => {
    if (inlined) return
    api.hotTopics().then(setTopics, () => setTopics('failed'))
  }, [api, inlined])
  return (
    <section className={panel}>
      <h2 className={panelTitle}>
        {t('community.hotTopics')}
        <Link href="/topics/popular">{t('community.allTopics')}</Link>
      </h2>
      <TopicRanking topics={topics} onRetry={() => api.hotTopics().then(setTopics, () => setTopics('failed'))} />
    </section>
  )
}
