// /live: 7×24 flashes with the all / important filter (spec 000 §7 /api/live-channels/all/lives, §9),
// and the live channels (issue 25: /api/live-channels/{channel}/lives/v4 with category all or important).
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
import { ALL_LIVE_CHANNEL, LIVE_CHANNELS } from '../../core/content/live-channels'
import { css } from '@linaria/core'
import { tokens } from '../styles/tokens'

/** A live channel's name in the reader's script (every slug of LIVE_CHANNELS has one: live-list-page.test.tsx). */
export const channelName = (slug: string) => t(`live.channelNames.${slug}` as 'live.channelNames.hk')

/** The live channels as segmented pills under the all / important tabs. */
const pills = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding-top: 12px;
  button {
    padding: 4px 14px;
    border: 1px solid ${tokens.border};
    border-radius: 14px;
    background: ${tokens.card};
    color: ${tokens.textSecondary};
    font-size: 13px;
    cursor: pointer;
  }
  [aria-selected='true'] {
    border-color: ${tokens.brand};
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
`

type Category = 'all' | 'important'
/** The list's filter: a live channel's slug (or `all`) and the category, as `channel|category`. */
type Filter = `${string}|${Category}`
const filterOf = (channel: string, category: Category): Filter => `${channel}|${category}`
const partsOf = (f: Filter): { channel: string; category: Category } => {
  const [channel = ALL_LIVE_CHANNEL, category] = f.split('|')
  return { channel, category: category === 'important' ? 'important' : 'all' }
}

export function LiveListPage() {
  const api = usePagesApi()
  usePageTitle(t('live.title'))
  const flashes = usePagedList<LiveFlash, Filter>(
    ({ last, filter }) => {
      const { channel, category } = partsOf(filter)
      // every channel: the all/lives call the server inlines; one channel: v4
      return channel === ALL_LIVE_CHANNEL ? api.lives(category === 'important', last) : api.channelLives(channel, category, { last })
    },
    filterOf(ALL_LIVE_CHANNEL, 'all'),
    (f) => f.id,
    useFirstAnswer<{ list: readonly LiveFlash[]; hasMore: boolean }>(firstCalls.lives(false)),
  )
  const filter = flashes.filter
  const { channel, category } = partsOf(filter)
  // new flashes load by themselves while the page is open (poll with `timestamp`)
  const poll = useActorRef(
    livePollMachine.provide({
      actors: {
        fetchNewer: fromPromise<readonly Fresh[], { since: number }>(async ({ input }) =>
          channel === ALL_LIVE_CHANNEL ? api.livesSince(category === 'important', input.since) : (await api.channelLives(channel, category, { since: input.since })).list,
        ),
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
        value={category}
        onChange={(f) => flashes.actor.send({ type: 'list.filter', filter: filterOf(channel, f) })}
      />
      <Tabs
        className={pills}
        label={t('live.channels')}
        items={[{ key: ALL_LIVE_CHANNEL, label: t('live.allChannels') }, ...LIVE_CHANNELS.map((c) => ({ key: c.channel, label: channelName(c.channel) }))]}
        value={channel}
        onChange={(c) => flashes.actor.send({ type: 'list.filter', filter: filterOf(c, category) })}
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
