// /live: 7×24 flashes with the all / important filter (spec 000 §7 /api/live-channels/all/lives, §9),
// and the live channels (issue 25: /api/live-channels/{channel}/lives/v4 with category all or important).
import { useState } from 'react'
import { usePagesApi } from './api'
import { usePages } from '../common/use-read'
import { ListFooter } from '../content/article-list'
import { LiveTimeline } from '../content/live-timeline'
import { panel, panelTitle, tabs } from '../content/panel'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { Tabs } from '../common/tabs'
import { ALL_LIVE_CHANNEL, LIVE_CHANNELS, POLL_INTERVAL_MS } from '../../core/content/live-channels'
import { css } from '@linaria/core'
import { chipTabs } from '../styles/buttons'

/** A live channel's name in the reader's script (every slug of LIVE_CHANNELS has one: live-list-page.test.tsx). */
export const channelName = (slug: string) => t(`live.channelNames.${slug}` as 'live.channelNames.hk')

/** The live channels as segmented pills under the all / important tabs. */
const pills = css`
  padding-top: 12px;
`

type Category = 'all' | 'important'

export function LiveListPage() {
  const api = usePagesApi()
  usePageTitle(t('live.title'))
  const [channel, setChannel] = useState(ALL_LIVE_CHANNEL)
  const [category, setCategory] = useState<Category>('all')
  // a live list: every channel is the all/lives call the server inlines, one channel is v4; newer
  // flashes load by themselves every 30 s while the page is open (poll with `timestamp`)
  const flashes = usePages(api.lives(channel, category), { pollMs: POLL_INTERVAL_MS })
  const filter = `${channel}|${category}`
  return (
    <section className={panel} style={{ maxWidth: 860, margin: '0 auto' }}>
      <h1 className={panelTitle}>{t('live.title')}</h1>
      <Tabs
        className={tabs}
        label={t('live.title')}
        items={(['all', 'important'] as const).map((f) => ({ key: f, label: t(f === 'all' ? 'live.all' : 'live.important') }))}
        value={category}
        onChange={setCategory}
      />
      <Tabs
        className={`${chipTabs} ${pills}`}
        label={t('live.channels')}
        items={[{ key: ALL_LIVE_CHANNEL, label: t('live.allChannels') }, ...LIVE_CHANNELS.map((c) => ({ key: c.channel, label: channelName(c.channel) }))]}
        value={channel}
        onChange={setChannel}
      />
      <div style={{ paddingTop: 12 }}>{flashes.items.length ? <LiveTimeline key={filter} items={flashes.items} /> : null}</div>
      <ListFooter list={flashes} />
    </section>
  )
}
