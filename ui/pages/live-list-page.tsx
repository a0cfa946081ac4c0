// /live: 7×24 flashes with the all / important filter (spec 000 §7 /api/live-channels/all/lives, §9).
import { useEffect } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { LiveFlash } from '../../core/api/content'
import { firstCalls } from '../../core/api/first-screen'
import { useFirstAnswer } from '../common/first-screen'
import { usePagesApi } from './api'
import { livePollMachine, type Fresh } from '../../core/reading/live-poll.machine'
import { useRegisteredActor } from '../dev/actor-registry'
import { usePagedList } from '../content/use-paged-list'
import { ListFooter } from '../content/article-list'
import { LiveTimeline } from '../content/live-timeline'
import { panel, panelTitle, tabs } from '../content/panel'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { Tabs } from '../common/tabs'

type Filter = 'all' | 'important'

export function LiveListPage() {
  const api = usePagesApi()
  usePageTitle(t('live.title'))
  const flashes = usePagedList<LiveFlash, Filter>(
    ({ last, filter }) => api.lives(filter === 'important', last),
    'all',
    (f) => f.id,
    useFirstAnswer<{ list: readonly LiveFlash[]; hasMore: boolean }>(firstCalls.lives(false)),
  )
  const filter = flashes.filter
  // new flashes load by themselves while the page is open (poll with `timestamp`)
  const poll = useActorRef(
    livePollMachine.provide({
      actors: {
        fetchNewer: fromPromise<readonly Fresh[], { since: number }>(({ input }) => api.livesSince(filter === 'important', input.since)),
      },
    }),
  )
  useRegisteredActor(poll)
  const fresh = useSelector(poll, (s) => s.context.fresh) as unknown as LiveFlash[]
  const newest = flashes.items.reduce((m, f) => Math.max(m, f.createTimestamp), 0)
  useEffect(() => {
    poll.send({ type: 'poll.reset' })
  }, [poll, filter])
  useEffect(() => {
    if (newest > 0) poll.send({ type: 'poll.since', timestamp: newest })
  }, [poll, newest, filter])
  const shown = fresh.length ? [...fresh, ...flashes.items.filter((f) => !fresh.some((x) => x.id === f.id))] : flashes.items
  return (
    <section className={panel} style={{ maxWidth: 860, margin: '0 auto' }}>
      <h1 className={panelTitle}>{t('live.title')}</h1>
      <Tabs
        className={tabs}
        label={t('live.title')}
        items={(['all', 'important'] as const).map((f) => ({ key: f, label: t(f === 'all' ? 'live.all' : 'live.important') }))}
        value={filter}
        onChange={(f) => flashes.actor.send({ type: 'list.filter', filter: f })}
      />
      <div style={{ paddingTop: 12 }}>{shown.length ? <LiveTimeline key={String(filter)} items={shown} /> : null}</div>
      <ListFooter
        status={flashes.status}
        hasMore={flashes.hasMore}
        error={flashes.error}
        onMore={() => flashes.actor.send({ type: 'list.more' })}
        onRetry={() => flashes.actor.send({ type: 'list.retry' })}
      />
    </section>
  )
}
