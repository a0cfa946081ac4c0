// Home (/ and /tag/{type}): channel tabs, the channel's article feed with paging, and the live
// flashes side list. spec 000 §2, §7 'Home and content'.
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import type { Channel, ArticleSummary, LiveFlash } from '../../core/api/content'
import { firstCalls } from '../../core/api/first-screen'
import { usePagedList } from '../content/use-paged-list'
import { ArticleList, ListFooter } from '../content/article-list'
import { LiveList } from '../content/live-list'
import { Failed, Loading } from '../common/status'
import { panel, panelTitle, tabs, twoColumns } from '../content/panel'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { useFirstAnswer } from '../common/first-screen'
import { usePagesApi } from './api'
import { ChannelHead, HomeFlow, HomeMarket, HomeReminds } from './home-side'
import { css } from '@linaria/core'

const side = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`

type Page<T> = { list: readonly T[]; hasMore: boolean }

/**
 * `extras`: what goes below the fold of the side column (the app passes reading/docs' lazily loaded
 * home extras; a feature does not import another's parts).
 */
export function HomePage({ type, extras }: { type?: string; extras?: ReactNode }) {
  const api = usePagesApi()
  const channel = type ?? 'home'
  const inlinedChannels = useFirstAnswer<readonly Channel[]>(firstCalls.channels())
  const [channels, setChannels] = useState<readonly Channel[]>(inlinedChannels ?? [])
  const current = channel === 'home' ? undefined : channels.find((c) => c.type === channel)
  usePageTitle(null)
  useEffect(() => {
    if (channels.length) return
    api.channels().then(setChannels, () => setChannels([]))
  }, [api, channels.length])

  return (
    <div className={twoColumns}>
      <section className={panel}>
        <nav className={tabs} aria-label={t('home.feedLabel')}>
          <Link href="/" aria-current={channel === 'home' ? 'page' : undefined}>
            {t('home.recommend')}
          </Link>
          {channels.map((c) => (
            <Link key={c.id} href={`/tag/${c.type}`} aria-current={channel === c.type ? 'page' : undefined}>
              {c.name}
            </Link>
          ))}
        </nav>
        {current ? <ChannelHead key={current.id} id={current.id} /> : null}
        <Feed key={channel} channel={channel} />
      </section>
      <aside className={side}>
        <HomeMarket />
        <section className={panel}>
          <h2 className={panelTitle}>
            {t('home.liveTitle')}
            <Link href="/live">{t('home.moreLive')}</Link>
          </h2>
          <LiveSide />
        </section>
        <HomeFlow />
        <HomeReminds />
        {/* below the fold: loaded when scrolled to */}
        {extras}
      </aside>
    </div>
  )
}

function Feed({ channel }: { channel: string }) {
  const api = usePagesApi()
  const feed = usePagedList<ArticleSummary, string>(
    ({ last, loaded, filter }) => api.feedPage(filter, last, loaded),
    channel,
    (a) => a.id,
    useFirstAnswer<Page<ArticleSummary>>(firstCalls.homeFeed(channel)),
  )
  return (
    <>
      {feed.items.length ? <ArticleList items={feed.items} label={t('home.feedLabel')} /> : null}
      <ListFooter
        status={feed.status}
        hasMore={feed.hasMore}
        error={feed.error}
        onMore={() => feed.actor.send({ type: 'list.more' })}
        onRetry={() => feed.actor.send({ type: 'list.retry' })}
      />
    </>
  )
}

function LiveSide() {
  const api = usePagesApi()
  const inlined = useFirstAnswer<Page<LiveFlash>>(firstCalls.sideLives())
  const flashes = usePagedList<LiveFlash, null>(() => api.sideLives(), null, (f) => f.id, inlined ? { list: inlined.list, hasMore: false } : undefined)
  if (flashes.status === 'failed') return <Failed message={flashes.error} onRetry={() => flashes.actor.send({ type: 'list.retry' })} />
  if (flashes.status === 'loading') return <Loading rows={3} />
  return <LiveList items={flashes.items} compact />
}
