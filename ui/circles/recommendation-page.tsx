// /chiefCircle/recommendation with its two children financial-circles and users (spec 001 §2, §7 GET
// /api/vips/recommend/financial-circle/v1 and /recommend/user/v1 (page)). The circles tab is the default.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { usePageTitle } from '../common/page-title'
import { usePages } from '../common/use-read'
import { Img } from '../common/img'
import { ListFooter, Paged } from '../content/article-list'
import { panel, panelTitle, tabs } from '../content/panel'
import { formatFans } from '../../core/format/big-number'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import { CircleCard, circleGrid, CircleList, plainList } from './circle-card'
import '../i18n/texts/circle'

import type { RecommendationTab } from './tabs'

const userRow = css`
  padding: 16px 0;
  border-bottom: 1px solid ${tokens.border};
  &:last-child {
    border-bottom: 0;
  }
  .who {
    display: flex;
    align-items: center;
    gap: 12px;
    margin-bottom: 10px;
  }
  .who img,
  .who [role='img'] {
    width: 48px;
    height: 48px;
    border-radius: 50%;
  }
  .who a {
    font-size: 16px;
    font-weight: 600;
    color: ${tokens.text};
  }
  .who p {
    margin: 2px 0 0;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  .who small {
    margin-left: auto;
    color: ${tokens.textMuted};
  }
`

export function RecommendationPage({ tab }: { tab: RecommendationTab }) {
  usePageTitle(t('circle.recommendation.title'))
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('circle.recommendation.title')}</h1>
      <nav className={tabs} aria-label={t('circle.recommendation.tabs')}>
        <Link href="/chiefCircle/recommendation/financial-circles" aria-current={tab === 'financial-circles' ? 'page' : undefined}>
          {t('circle.recommendation.circles')}
        </Link>
        <Link href="/chiefCircle/recommendation/users" aria-current={tab === 'users' ? 'page' : undefined}>
          {t('circle.recommendation.users')}
        </Link>
      </nav>
      <div style={{ marginTop: 16 }}>{tab === 'users' ? <Users /> : <Circles />}</div>
    </section>
  )
}

function Circles() {
  const api = useCirclesApi()
  const list = usePages(api.recommendedCircles())
  return <Paged list={list}>{(rows) => <CircleList circles={rows} label={t('circle.recommendation.circles')} />}</Paged>
}

function Users() {
  const api = useCirclesApi()
  const list = usePages(api.recommendedUsers())
  return (
    <>
      {list.items.length ? (
        <ul className={plainList} aria-label={t('circle.recommendation.users')}>
          {list.items.map((u) => (
            <li key={u.id} className={userRow} data-testid="recommended-adviser">
              <div className="who">
                <Img src={u.avatar} alt="" width={48} height={48} />
                <div>
                  <Link href={`/user/${u.id}`}>{u.nick}</Link>
                  <p>{u.brief}</p>
                </div>
                <small>
                  {t('circle.card.circleCount', { n: u.circleCount })} · {t('circle.card.members', { n: formatFans(u.memberCount) })}
                </small>
              </div>
              {u.circles.length ? (
                <ul className={circleGrid} aria-label={t('circle.recommendation.userCircles')}>
                  {u.circles.map((c) => (
                    <CircleCard key={c.id} circle={c} />
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ListFooter list={list} />
    </>
  )
}
