// Home (/ and /tag/{type}): channel tabs, the channel's article feed with paging, and the live
// flashes side list. spec 000 §2, §7 'Home and content'.
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { Channel, ArticleSummary, LiveFlash } from '../../core/api/content'
import type { HomeInitialData } from '../../core/api/initial-data'
import { useServices } from '../services'
import { usePagedList } from '../content/use-paged-list'
import { ArticleList, ListFooter } from '../content/article-list'
import { LiveList } from '../content/live-list'
import { Failed, Loading } from '../common/status'
import { panel, panelTitle, tabs, twoColumns } from '../content/panel'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { HomeExtrasSlot } from './home-extras-slot'

const homeData = () => import('./home-data')

/** The inlined first screen, used once: for the channel the HTML was served for. */
function useInitial(channel: string): HomeInitialData | undefined {
  const { initial } = useServices()
  const [home] = useState(() => {
    const h = initial.home
    initial.home = undefined
    return h
  })
  return home?.channel === channel ? home : undefined
}

export function HomePage({ type }: { type?: string }) {
  const { http } = useServices()
  const channel = type ?? 'home'
  const initial = useInitial(channel)
  const [channels, setChannels] = useState<readonly Channel[]>(initial?.channels ?? [])
  const [sideLives] = useState(() => (initial ? { list: initial.lives, hasMore: false } : undefined))
  usePageTitle(null)
  useEffect(() => {
    if (channels.length) return
    homeData()
      .then((m) => m.loadChannels(http))
      .then(setChannels, () => setChannels([]))
  }, [http, channels.length])

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
        <Feed key={channel} channel={channel} initial={initial?.feed} />
      </section>
      <aside>
        <section className={panel}>
          <h2 className={panelTitle}>
            {t('home.liveTitle')}
            <Link href="/live">{t('home.moreLive')}</Link>
          </h2>
          <LiveSide initial={sideLives} />
        </section>
        {/* below the fold: loaded when scrolled to */}
        <HomeExtrasSlot />
      </aside>
    </div>
  )
}

function Feed({ channel, initial }: { channel: string; initial: HomeInitialData['feed'] | undefined }) {
  const { http } = useServices()
  const feed = usePagedList<ArticleSummary, string>(
    ({ last, loaded, filter }) => homeData().then((m) => m.loadFeedPage(http, filter, last, loaded)),
    channel,
    (a) => a.id,
    initial,
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

function LiveSide({ initial }: { initial: { list: readonly LiveFlash[]; hasMore: boolean } | undefined }) {
  const { http } = useServices()
  const flashes = usePagedList<LiveFlash, null>(
    () => homeData().then((m) => m.loadSideLives(http).then((r) => ({ list: r.list, hasMore: false }))),
    null,
    (f) => f.id,
    initial,
  )
  if (flashes.status === 'failed') return <Failed message={flashes.error} onRetry={() => flashes.actor.send({ type: 'list.retry' })} />
  if (flashes.status === 'loading') return <Loading rows={3} />
  return <LiveList items={flashes.items} compact />
}
