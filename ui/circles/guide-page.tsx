// /chiefCircle/guide/{id} (spec 001 §2; §7 GET /api/moment/dynamic/summary/show-tags and /dynamic/summary):
// the circle's guide. Everyone reads the intro (server-rendered for a guest) and, outside, the buy or join
// button; a reader of the circle also sees its tags with how many moments each holds and the pinned and
// essence moments as short summaries, by tag.
import { Link, useLocation, useSearch } from 'wouter'
import { css } from '@linaria/core'
import type { CircleIntro } from '../../core/api/circles'
import { formatDateTime } from '../../core/format/date-time'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Empty, Failed, Loading } from '../common/status'
import { Tabs } from '../common/tabs'
import { forReader, useRead } from '../common/use-read'
import { panel, panelTitle, tabs as tabsStyle } from '../content/panel'
import { PendingPanel } from '../content/detail-status'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import { plainList } from './circle-card'
import { entryList, narrowColumn } from './styles'
import { CircleHead, JoinButton, useReloadAsReader } from './detail-page'
import '../i18n/texts/circle'

const introText = css`
  margin: 0;
  white-space: pre-wrap;
  line-height: 1.8;
`
/** the brand button inside a panel title (whose links are otherwise small and grey) */
const enter = css`
  && {
    display: inline-flex;
    align-items: center;
    color: ${tokens.onBrand};
    font-size: 14px;
  }
`

export function GuidePage({ id }: { id: number }) {
  const api = useCirclesApi()
  const userId = useSession().user?.id ?? null
  const read = useRead(forReader(api.intro(id), userId))
  useReloadAsReader(read, userId)
  usePageTitle(read.data ? `${t('circle.guide.title')} · ${read.data.name}` : t('circle.guide.title'))
  if (read.status !== 'ready') return <PendingPanel read={read} notFound={t('circle.detail.notFound')} />
  const circle = read.data
  return (
    <div className={narrowColumn}>
      <CircleHead circle={circle} />
      <section className={panel} aria-labelledby="guide-intro">
        <h2 id="guide-intro" className={panelTitle}>
          {t('circle.guide.title')}
        </h2>
        <p className={introText}>{circle.intro || circle.brief}</p>
      </section>
      {circle.access.canRead ? (
        <Essentials circle={circle} />
      ) : (
        <section className={panel}>
          <JoinButton circle={circle} />
        </section>
      )}
    </div>
  )
}

function Essentials({ circle }: { circle: CircleIntro }) {
  const api = useCirclesApi()
  const [, navigate] = useLocation()
  const q = new URLSearchParams(useSearch()).get('tag')
  const tagId = q && /^[1-9]\d{0,9}$/.test(q) ? Number(q) : null
  const tags = useRead(api.showTags(circle.id))
  const list = useRead(api.summary(circle.id, tagId))
  return (
    <section className={panel} aria-labelledby="guide-essentials">
      <h2 id="guide-essentials" className={panelTitle}>
        {t('circle.guide.essentials')}
        <Link className={`${pill} ${primary} ${enter}`} href={`/chiefCircle/detail/${circle.id}`}>
          {t('circle.guide.enter')}
        </Link>
      </h2>
      {tags.status === 'ready' && tags.data.length ? (
        <Tabs
          className={tabsStyle}
          label={t('circle.guide.tags')}
          items={[{ key: 0, label: t('circle.detail.allTags') }, ...tags.data.map((tg) => ({ key: tg.tagId, label: `${tg.tagName} ${t('circle.guide.tagCount', { n: tg.count })}` }))]}
          value={tagId ?? 0}
          onChange={(k) => navigate(`/chiefCircle/guide/${circle.id}${k === 0 ? '' : `?tag=${k}`}`, { replace: true })}
        />
      ) : null}
      {list.status === 'loading' ? (
        <Loading rows={2} />
      ) : list.status === 'failed' ? (
        <Failed message={list.message} onRetry={list.reload} />
      ) : list.data.length === 0 ? (
        <Empty text={t('circle.guide.none')} />
      ) : (
        <ul className={`${plainList} ${entryList}`} data-testid="guide-summaries">
          {list.data.map((s) => (
            <li key={s.dynamicId}>
              {s.title ? <strong>{s.title}</strong> : null}
              <p>{s.excerpt}</p>
              <time>{formatDateTime(s.createTimestamp)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
