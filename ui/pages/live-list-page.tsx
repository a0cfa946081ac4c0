// /live: 7×24 flashes with the all / important filter (spec 000 §7 /api/live-channels/all/lives, §9).
import { allLives, type LiveFlash } from '../../core/api/content'
import { useServices } from '../services'
import { usePagedList } from '../content/use-paged-list'
import { ListFooter } from '../content/article-list'
import { LiveList } from '../content/live-list'
import { panel, panelTitle, tabs } from '../content/panel'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'

type Filter = 'all' | 'important'

export function LiveListPage() {
  const { http } = useServices()
  usePageTitle(t('live.title'))
  const flashes = usePagedList<LiveFlash, Filter>(
    ({ last, filter }) =>
      http.call(allLives, {
        query: { limit: 20, ...(filter === 'important' ? { onlyShowImportant: true } : {}), ...(last ? { liveId: last.id } : {}) },
      }),
    'all',
    (f) => f.id,
  )
  const filter = flashes.filter
  return (
    <section className={panel} style={{ maxWidth: 860, margin: '0 auto' }}>
      <h1 className={panelTitle}>{t('live.title')}</h1>
      <div className={tabs} role="toolbar" aria-label={t('live.title')}>
        {(['all', 'important'] as const).map((f) => (
          <button key={f} type="button" aria-pressed={filter === f} onClick={() => flashes.actor.send({ type: 'list.filter', filter: f })}>
            {t(f === 'all' ? 'live.all' : 'live.important')}
          </button>
        ))}
      </div>
      <div style={{ paddingTop: 12 }}>{flashes.items.length ? <LiveList items={flashes.items} /> : null}</div>
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
