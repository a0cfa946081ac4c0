// /hotspot/{id}: a hotspot with its items (spec 000 §7: /api/hotspot/{id}/contents/v1) and the other popular
// hotspots (/api/hotspots/popular/v1) beside it.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { Hotspot } from '../../../core/api/reading-columns'
import { formatBigNumber } from '../../../core/format/big-number'
import { useServices } from '../../services'
import { useColumnsApi } from './api'
import { Paged } from '../../content/article-list'
import { panel, panelTitle, sticky, twoColumns } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { Empty } from '../../common/status'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { muted, ThemeItems } from './parts'
import '../../i18n/texts/columns'
import { NOT_FOUND } from '../../../core/query/query-cache'
import { usePages, useRead } from '../../common/use-read'
import { plainListLook } from '../../styles/looks'

const head = css`
  padding-bottom: 12px;
  border-bottom: 2px solid ${tokens.border};
  h1 {
    margin-bottom: 6px;
  }
  p {
    margin: 0 0 8px;
    color: ${tokens.textSecondary};
  }
`
const side = css`
  ${plainListLook}
  counter-reset: hot;
  li {
    display: flex;
    gap: 8px;
    padding: 8px 0;
    border-bottom: 1px solid ${tokens.border};
    counter-increment: hot;
    &::before {
      content: counter(hot);
      min-width: 18px;
      color: ${tokens.brand};
      font-weight: 700;
    }
  }
  [aria-current='page'] {
    color: ${tokens.brand};
    font-weight: 600;
  }
`

function Popular({ current }: { current: number }) {
  const api = useColumnsApi()
  const { lang } = useServices()
  const items: readonly Hotspot[] = useRead(api.popularHotspots()).data?.list ?? []
  return (
    <aside className={`${panel} ${sticky}`}>
      <h2 className={panelTitle}>{t('columns.hotspot.popular')}</h2>
      <ol className={side} aria-label={t('columns.hotspot.popular')}>
        {items.map((h) => (
          <li key={h.id}>
            <div>
              <Link href={`/hotspot/${h.id}`} aria-current={h.id === current ? 'page' : undefined}>
                {h.title}
              </Link>
              <div className={muted}>{t('columns.hotspot.heat', { n: formatBigNumber(h.heat, lang) })}</div>
            </div>
          </li>
        ))}
      </ol>
    </aside>
  )
}

export default function HotspotPage({ id }: { id: number }) {
  const api = useColumnsApi()
  const { lang } = useServices()
  // the first page's answer carries the hotspot itself
  const contents = usePages(api.hotspotContents(id))
  const hotspot = contents.first?.hotspot ?? null
  const missing = contents.status === 'failed' && contents.statusCode === NOT_FOUND
  usePageTitle(hotspot?.title ?? null)
  return (
    <div className={twoColumns}>
      <section className={panel}>
        {missing ? (
          <Empty text={t('columns.hotspot.notFound')} />
        ) : (
          <>
            {hotspot ? (
              <div className={head}>
                <h1 className={panelTitle}>{hotspot.title}</h1>
                <p>{hotspot.brief}</p>
                <div className={muted}>
                  <span>{t('columns.hotspot.heat', { n: formatBigNumber(hotspot.heat, lang) })}</span>
                  <span>{t('columns.subject.contentCount', { n: hotspot.contentCount })}</span>
                </div>
              </div>
            ) : null}
            <Paged list={contents}>{(rows) => <ThemeItems items={rows} label={hotspot?.title ?? t('columns.hotspot.title')} />}</Paged>
          </>
        )}
      </section>
      <Popular current={id} />
    </div>
  )
}
