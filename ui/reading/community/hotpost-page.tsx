// /hotpost and /hotpost/{type}: the posts chart (spec 000 §7 /api/posts/chart (type, page, limit=10)),
// with hot topics beside it.
import { Link } from 'wouter'
import { CHART_TYPES, type ChartType, type Topic } from '../../../core/api/reading-community'
import { useCommunityApi } from './api'
import { Paged } from '../../content/article-list'
import { panel, panelTitle, sticky, tabs, twoColumns } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { VirtualPostList } from './post-list'
import { TopicRanking } from './topic-ranking'
import { Empty, Failed, Loading } from '../../common/status'
import { useSession } from '../../common/session'
import { Img } from '../../common/img'
import { css } from '@linaria/core'
import { tokens } from '../../styles/tokens'
import { FollowButton } from '../../common/follow-button'
import '../../i18n/texts/community'
import { forReader, usePages, useRead } from '../../common/use-read'
import { plainListLook } from '../../styles/looks'

const isChart = (x: string | undefined): x is ChartType => (CHART_TYPES as readonly string[]).includes(x ?? '')

/** /hotpost/latest: every post, newest first (issue 25: spec 000 §7 /api/post) beside the charts. */
const LATEST = 'latest'

export function HotpostPage({ type }: { type?: string | undefined }) {
  const latest = type === LATEST
  const chart: ChartType = isChart(type) ? type : 'day'
  usePageTitle(t('community.hotpost'))
  if (type !== undefined && !isChart(type) && !latest) return <Empty />
  return (
    <div className={twoColumns}>
      <section className={panel}>
        <h1 className={panelTitle}>{t('community.hotpost')}</h1>
        <nav className={tabs} aria-label={t('community.hotpost')}>
          {CHART_TYPES.map((c) => (
            <Link key={c} href={`/hotpost/${c}`} aria-current={!latest && c === chart ? 'page' : undefined}>
              {t(`community.chart.${c}`)}
            </Link>
          ))}
          <Link href={`/hotpost/${LATEST}`} aria-current={latest ? 'page' : undefined}>
            {t('community.latest')}
          </Link>
        </nav>
        {latest ? <LatestPosts /> : <Chart key={chart} chart={chart} />}
      </section>
      <aside className={`${sticky} ${asideColumn}`}>
        <HotTopicsPanel />
        <SuggestedPanel />
      </aside>
    </div>
  )
}

function Chart({ chart }: { chart: ChartType }) {
  const api = useCommunityApi()
  const posts = usePages(api.chart(chart))
  return <Paged list={posts}>{(rows) => <VirtualPostList items={rows} label={t('community.postsLabel')} />}</Paged>
}

function LatestPosts() {
  const api = useCommunityApi()
  const posts = usePages(api.latestPosts())
  return <Paged list={posts}>{(rows) => <VirtualPostList items={rows} label={t('community.postsLabel')} />}</Paged>
}

/** 推荐关注 for a signed-in reader (spec 000 §7 /api/follows/suggested/v1); nothing for a guest. */
function SuggestedPanel() {
  const userId = useSession().user?.id ?? null
  if (userId === null) return null
  return <Suggested userId={userId} />
}

const SUGGESTED_SHOWN = 5

function Suggested({ userId }: { userId: number }) {
  const api = useCommunityApi()
  const load = useRead(forReader(api.suggested(SUGGESTED_SHOWN), userId))
  if (load.status === 'ready' && load.data.length === 0) return null
  return (
    <section className={panel} aria-labelledby="suggested-title">
      <h2 className={panelTitle} id="suggested-title">
        {t('community.suggested.title')}
        <Link href="/recommend-users">{t('community.suggested.more')}</Link>
      </h2>
      {load.status === 'loading' ? (
        <Loading rows={3} />
      ) : load.status === 'failed' ? (
        <Failed message={load.message} onRetry={load.reload} />
      ) : (
        <ul className={suggestedList}>
          {load.data.map((u) => (
            <li key={u.id}>
              <Img src={u.avatar} alt="" width={36} height={36} />
              <div>
                <Link href={`/user/${u.id}`}>{u.nick}</Link>
                <small>{t(`community.suggested.reasons.${u.reason}`)}</small>
              </div>
              <FollowButton userId={u.id} initial={u.isFollow} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const asideColumn = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`
const suggestedList = css`
  ${plainListLook}
  li {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 8px 0;
  }
  img {
    flex: none;
    width: 36px;
    height: 36px;
    border-radius: 50%;
  }
  div {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  a {
    color: ${tokens.text};
    font-weight: 600;
    font-size: 14px;
  }
  small {
    color: ${tokens.textMuted};
    font-size: 12px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`

export function HotTopicsPanel() {
  const api = useCommunityApi()
  const read = useRead(api.hotTopics())
  const topics: readonly Topic[] | null | 'failed' = read.status === 'ready' ? read.data : read.status === 'failed' ? 'failed' : null
  return (
    <section className={panel}>
      <h2 className={panelTitle}>
        {t('community.hotTopics')}
        <Link href="/topics/popular">{t('community.allTopics')}</Link>
      </h2>
      <TopicRanking topics={topics} onRetry={read.reload} />
    </section>
  )
}
