// Home (/ and /tag/{type}): channel tabs, the channel's article feed with paging, and the live
// flashes side list. spec 000 §2, §7 'Home and content'.
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { channelArticles, listChannels, allLives, type Channel, type ArticleSummary, type LiveFlash } from '../../core/api/content'
import { useServices } from '../services'
import { usePagedList } from '../content/use-paged-list'
import { ArticleList, ListFooter } from '../content/article-list'
import { LiveList } from '../content/live-list'
import { Failed, Loading } from '../common/status'
import { panel, panelTitle, sticky, tabs, twoColumns } from '../content/panel'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'

export function HomePage({ type }: { type?: string }) {
  const { http } = useServices()
  const channel = type ?? 'home'
  const [channels, setChannels] = useState<readonly Channel[]>([])
  usePageTitle(null)
  useEffect(() => {
    http.call(listChannels).then(setChannels, () => setChannels([]))
  }, [http])

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
        <Feed key={channel} channel={channel} />
      </section>
      <aside className={`${panel} ${sticky}`}>
        <h2 className={panelTitle}>
          {t('home.liveTitle')}
          <Link href="/live">{t('home.moreLive')}</Link>
        </h2>
        <LiveSide />
      </aside>
    </div>
  )
}

function Feed({ channel }: { channel: string }) {
  const { http } = useServices()
  const feed = usePagedList<ArticleSummary, string>(
    ({ last, loaded, filter }) =>
      http.call(channelArticles, {
        params: { type: filter },
        query: last ? { timestamp: last.createTimestamp, loaded, count: 20 } : { count: 20 },
      }),
    channel,
    (a) => a.id,
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
  const { http } = useServices()
  const flashes = usePagedList<LiveFlash, null>(() => http.call(allLives, { query: { limit: 12 } }).then((r) => ({ list: r.list, hasMore: false })), null, (f) => f.id)
  if (flashes.status === 'failed') return <Failed message={flashes.error} onRetry={() => flashes.actor.send({ type: 'list.retry' })} />
  if (flashes.status === 'loading') return <Loading rows={3} />
  return <LiveList items={flashes.items} compact />
}
