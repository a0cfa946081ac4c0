// /chiefCircle (spec 001 §2 'Financial circles'; issue 27): the recommended circles, the reader's joined
// circles grouped by type with their unread counts (99+ cap, core/format), and the recommended advisers.
// A guest sees the recommendations (server-rendered) and a login prompt where the joined circles go.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { JoinedCircle, JoinedGroup } from '../../core/api/circles'
import { formatBadge } from '../../core/format/big-number'
import { formatDate } from '../../core/format/date-time'
import { Img } from '../common/img'
import { useSession } from '../common/session'
import { Empty, Failed, Loading } from '../common/status'
import { usePageTitle } from '../common/page-title'
import { forReader, usePages, useRead } from '../common/use-read'
import { ListFooter } from '../content/article-list'
import { panel, panelTitle, sticky, twoColumns } from '../content/panel'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import { CircleList, plainList, typeBadge, VipItem } from './circle-card'
import '../i18n/texts/circle'
import { frameLook } from '../styles/looks'

const stack = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`
const head = css`
  display: flex;
  align-items: center;
  gap: 12px;
  h1 {
    margin: 0;
    font-size: 22px;
    color: ${tokens.brand};
  }
  nav {
    margin-left: auto;
    display: flex;
    gap: 8px;
  }
  nav a {
    display: inline-flex;
    align-items: center;
  }
`
const groupList = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  h3 {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0 0 6px;
    font-size: 14px;
    color: ${tokens.textSecondary};
  }
`
const joinedGrid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 10px;
  li a {
    position: relative;
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 10px 12px;
    ${frameLook}
    color: ${tokens.text};
  }
  li a:hover {
    border-color: ${tokens.brand};
  }
  img,
  [role='img'] {
    flex: none;
    width: 36px;
    height: 36px;
    border-radius: 8px;
  }
  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 600;
  }
  small {
    display: block;
    color: ${tokens.textMuted};
    font-size: 12px;
    font-weight: 400;
  }
  small[data-expired='true'] {
    color: ${tokens.warn};
  }
`
export const badge = css`
  flex: none;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${tokens.brand};
  color: ${tokens.onBrand};
  font-size: 12px;
  line-height: 18px;
  text-align: center;
  box-sizing: border-box;
`
const guestBox = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 14px 16px;
  border-radius: ${tokens.radius};
  background: ${tokens.bg};
  color: ${tokens.textSecondary};
`

export function CircleHomePage() {
  usePageTitle(t('circle.title'))
  return (
    <div className={twoColumns}>
      <div className={stack}>
        <section className={panel}>
          <header className={head}>
            <h1>{t('circle.title')}</h1>
            <nav aria-label={t('circle.title')}>
              <Link className={pill} href="/chiefCircle/search">
                {t('circle.home.search')}
              </Link>
              <Link className={pill} href="/chiefCircle/recommendation">
                {t('circle.recommendation.title')}
              </Link>
            </nav>
          </header>
        </section>
        <JoinedPanel />
        <RecommendedPanel />
      </div>
      <aside className={sticky}>
        <VipsPanel />
      </aside>
    </div>
  )
}

function JoinedPanel() {
  const session = useSession()
  return (
    <section className={panel} aria-labelledby="circle-joined">
      <h2 id="circle-joined" className={panelTitle}>
        {t('circle.home.joined')}
      </h2>
      {session.user ? (
        <Joined key={session.user.id} userId={session.user.id} />
      ) : (
        <div className={guestBox}>
          <span>{t('circle.home.guestJoined')}</span>
          <button type="button" className={`${pill} ${primary}`} onClick={() => void session.openLogin()}>
            {t('circle.home.login')}
          </button>
        </div>
      )}
    </section>
  )
}

function Joined({ userId }: { userId: number }) {
  const api = useCirclesApi()
  const joined = useRead(forReader(api.joined(), userId))
  if (joined.status === 'loading') return <Loading rows={1} />
  if (joined.status === 'failed') return <Failed message={joined.message} onRetry={joined.reload} />
  const groups = joined.data.list.filter((g) => g.list.length > 0)
  if (!groups.length) return <Empty text={t('circle.home.joinedEmpty')} />
  return (
    <div className={groupList} data-testid="joined-circles">
      {groups.map((g) => (
        <JoinedGroupView key={g.type} group={g} />
      ))}
    </div>
  )
}

function JoinedGroupView({ group }: { group: JoinedGroup }) {
  const id = `joined-${group.type}`
  return (
    <div>
      <h3 id={id}>
        <span className={typeBadge}>{t(`circle.types.${group.type}`)}</span>
        {group.unreadCount > 0 ? <span className={badge}>{formatBadge(group.unreadCount)}</span> : null}
      </h3>
      <ul className={`${plainList} ${joinedGrid}`} aria-labelledby={id}>
        {group.list.map((c) => (
          <JoinedItem key={c.id} circle={c} />
        ))}
      </ul>
    </div>
  )
}

function JoinedItem({ circle }: { circle: JoinedCircle }) {
  const unread = formatBadge(circle.unreadCount)
  const expired = circle.role === 'expired'
  return (
    <li data-testid="joined-circle">
      <Link href={circle.route} aria-label={circle.unreadCount > 0 ? t('circle.home.unreadLabel', { name: circle.name, n: unread }) : undefined}>
        <Img src={circle.avatar} alt="" width={36} height={36} />
        <span className="name">
          {circle.name}
          {expired ? (
            <small data-expired="true">{t('circle.home.expired')}</small>
          ) : circle.expireTimestamp !== null ? (
            <small>{t('circle.home.expires', { date: formatDate(circle.expireTimestamp) })}</small>
          ) : null}
        </span>
        {circle.unreadCount > 0 ? (
          <span className={badge} aria-hidden="true" data-testid="unread-badge">
            {unread}
          </span>
        ) : null}
      </Link>
    </li>
  )
}

function RecommendedPanel() {
  const api = useCirclesApi()
  const list = usePages(api.recommendedCircles())
  return (
    <section className={panel} aria-labelledby="circle-recommended">
      <h2 id="circle-recommended" className={panelTitle}>
        {t('circle.home.recommended')}
        <Link href="/chiefCircle/recommendation">{t('circle.home.more')}</Link>
      </h2>
      {list.items.length ? <CircleList circles={list.items} label={t('circle.home.recommended')} /> : null}
      {list.status === 'ready' || list.status === 'more' ? null : <ListFooter list={list} />}
    </section>
  )
}

function VipsPanel() {
  const api = useCirclesApi()
  const vips = useRead(api.recommendedVips())
  return (
    <section className={panel} aria-labelledby="circle-vips">
      <h2 id="circle-vips" className={panelTitle}>
        {t('circle.home.vips')}
        <Link href="/chiefCircle/recommendation/users">{t('circle.home.more')}</Link>
      </h2>
      {vips.status === 'loading' ? (
        <Loading rows={3} />
      ) : vips.status === 'failed' ? (
        <Failed message={vips.message} onRetry={vips.reload} />
      ) : vips.data.length === 0 ? (
        <Empty />
      ) : (
        <ul className={plainList} aria-label={t('circle.home.vips')}>
          {vips.data.map((u) => (
            <VipItem key={u.id} user={u} />
          ))}
        </ul>
      )}
    </section>
  )
}
