// Home (/ and /tag/{type}): channel tabs, the channel's article feed with paging, and the live
// flashes side list. spec 000 §2, §7 'Home and content'.
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { Channel } from '../../core/api/content'
import { usePages, useRead } from '../common/use-read'
import { ArticleList, Paged } from '../content/article-list'
import { LiveList } from '../content/live-list'
import { Failed, Loading } from '../common/status'
import { panel, panelTitle, tabs, twoColumns } from '../content/panel'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { usePagesApi } from './api'
import { ChannelHead, HomeFlow, HomeMarket, HomeReminds } from './home-side'
import { css } from '@linaria/core'

const side = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`

/**
 * `extras`: what goes below the fold of the side column (the app passes reading/docs' lazily loaded
 * home extras; a feature does not import another's parts).
 */
export function HomePage({ type, extras }: { type?: string; extras?: ReactNode }) {
  const api = usePagesApi()
  const channel = type ?? 'home'
  const channels: readonly Channel[] = useRead(api.channels()).data ?? []
  const current = channel === 'home' ? undefined : channels.find((c) => c.type === channel)
  usePageTitle(null)

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
  const feed = usePages(api.feed(channel))
  return <Paged list={feed}>{(rows) => <ArticleList items={rows} label={t('home.feedLabel')} />}</Paged>
}

function LiveSide() {
  const api = usePagesApi()
  const flashes = useRead(api.sideLives())
  if (flashes.status === 'failed') return <Failed message={flashes.message} onRetry={flashes.reload} />
  if (flashes.status === 'loading') return <Loading rows={3} />
  return <LiveList items={flashes.data} compact />
}
