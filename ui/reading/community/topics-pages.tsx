// /topics/popular (spec 000 §7 /api/hot/topic/list/v1, /api/community/topic-list) and
// /community/topics/{id}: a topic with its posts, newest first.
import { css } from '@linaria/core'
import { formatBigNumber } from '../../../core/format/big-number'
import { useServices } from '../../services'
import { useCommunityApi } from './api'
import { ListFooter, Paged } from '../../content/article-list'
import { panel, panelTitle, sticky, twoColumns } from '../../content/panel'
import { Empty, Failed, Loading } from '../../common/status'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { TopicRanking } from './topic-ranking'
import { HotTopicsPanel } from './hotpost-page'
import { VirtualPostList } from './post-list'
import '../../i18n/texts/community'
import { NOT_FOUND } from '../../../core/query/query-cache'
import { usePages, useRead } from '../../common/use-read'

const head = css`
  margin-bottom: 16px;
  h1 { margin: 0 0 8px; font-size: 24px; color: ${tokens.brand}; }
  p { margin: 0 0 8px; color: ${tokens.textSecondary}; }
  small { color: ${tokens.textMuted}; }
`

export function PopularTopicsPage() {
  const api = useCommunityApi()
  usePageTitle(t('community.allTopics'))
  const topics = usePages(api.topics())
  return (
    <div className={twoColumns}>
      <section className={panel}>
        <h1 className={panelTitle}>{t('community.allTopics')}</h1>
        {topics.items.length ? <TopicRanking topics={topics.items} onRetry={() => undefined} withBrief /> : null}
        <ListFooter list={topics} />
      </section>
      <aside className={sticky}>
        <HotTopicsPanel />
      </aside>
    </div>
  )
}

export function TopicPage({ id }: { id: number }) {
  const api = useCommunityApi()
  const { lang } = useServices()
  const detail = useRead(api.topic(id))
  const topic = detail.data
  usePageTitle(topic ? `#${topic.topicName}#` : t('community.hotTopics'))
  if (detail.status === 'loading') return <section className={panel}><Loading /></section>
  if ((detail.status === 'failed' && detail.statusCode === NOT_FOUND)) return <section className={panel}><Empty text={t('community.topicNotFound')} /></section>
  if (detail.status === 'failed' || !topic) return <section className={panel}><Failed message={detail.message ?? null} onRetry={detail.reload} /></section>
  return (
    <div className={twoColumns}>
      <section className={panel}>
        <header className={head}>
          <h1>#{topic.topicName}#</h1>
          <p>{topic.brief}</p>
          <small>
            {t('community.topicReads', { n: formatBigNumber(topic.readCount, lang) })} · {t('community.topicPosts', { n: topic.postCount })}
          </small>
        </header>
        <h2 className={panelTitle}>{t('community.topicPostsTitle')}</h2>
        <TopicPosts key={topic.topicId} id={topic.topicId} />
      </section>
      <aside className={sticky}>
        <HotTopicsPanel />
      </aside>
    </div>
  )
}

function TopicPosts({ id }: { id: number }) {
  const api = useCommunityApi()
  const posts = usePages(api.topicPosts(id))
  return <Paged list={posts}>{(rows) => <VirtualPostList items={rows} label={t('community.postsLabel')} />}</Paged>
}

