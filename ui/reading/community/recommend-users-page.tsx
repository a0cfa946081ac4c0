// /recommend-users: users worth following (spec 000 §7 /api/community/recommend/list/v1), each with a
// follow button on the accounts friendships endpoints (POST /api/friendships/follow and unfollow).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { RecommendedUser } from '../../../core/api/reading-community'
import { useCommunityApi } from './api'
import { formatFans } from '../../../core/format/big-number'
import { useSession } from '../../common/session'
import { Img } from '../../common/img'
import { Empty, Failed, Loading } from '../../common/status'
import { panel, panelTitle } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { pill, primary } from '../../styles/buttons'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { forReader, useRead } from '../../common/use-read'
import { FollowButton } from '../../common/follow-button'
import { formatDate } from '../../../core/format/date-time'
import '../../i18n/texts/community'
import { clampLines } from '../../styles/looks'

const grid = css`
  display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 16px; margin: 0; padding: 0; list-style: none;
  li { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 20px 16px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; text-align: center; }
  img { width: 64px; height: 64px; border-radius: 50%; }
  a.nick { font-weight: 600; font-size: 16px; }
  p { margin: 0; min-height: 38px; color: ${tokens.textSecondary}; font-size: 13px; ${clampLines(2)} }
  small { color: ${tokens.textMuted}; }
`

export function RecommendUsersPage() {
  const calls = useCommunityApi()
  const session = useSession()
  usePageTitle(t('community.recommendUsers'))
  // keyed by the reader: follow states change when the reader signs in or out
  const read = useRead(forReader(calls.recommendUsers(), session.user?.id ?? null))
  const users: readonly RecommendedUser[] | null | 'failed' = read.status === 'ready' ? read.data : read.status === 'failed' ? 'failed' : null
  const load = read.reload
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('community.recommendUsers')}</h1>
      {session.user ? <LeaderCard key={session.user.id} /> : null}
      {users === null ? <Loading /> : users === 'failed' ? <Failed message={null} onRetry={load} /> : users.length === 0 ? <Empty /> : (
        <ul className={grid} aria-label={t('community.recommendUsers')}>
          {users.map((u) => (
            <li key={u.id} data-testid="recommended-user">
              <Img src={u.avatar} alt="" width={64} height={64} />
              <Link className="nick" href={`/user/${u.id}`}>{u.nick}</Link>
              <p>{u.brief}</p>
              <small>{t('community.fans', { n: formatFans(u.fans) })} · {t('community.postCount', { n: u.postCount })}</small>
              <FollowButton key={`${u.id}-${String(u.isFollow)}`} userId={u.id} initial={u.isFollow} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The reader's industry-leader certification (spec 001 §7 /api/industry-leader/check/v1): a certified
 * adviser is led to the circle admin, anyone else to the application (/audit, spec 001 §2).
 */
function LeaderCard() {
  const calls = useCommunityApi()
  const userId = useSession().user?.id ?? null
  const load = useRead(forReader(calls.industryLeader(), userId))
  if (load.status !== 'ready') return null
  const { isIndustryLeader, since } = load.data
  return (
    <div className={leaderCard} data-leader={isIndustryLeader} role="note" aria-label={t('community.leader.title')}>
      <strong>{t('community.leader.title')}</strong>
      <span>{isIndustryLeader && since !== null ? t('community.leader.yes', { date: formatDate(since) }) : t('community.leader.no')}</span>
      <Link className={`${pill} ${isIndustryLeader ? '' : primary}`} href={isIndustryLeader ? '/circle-admin' : '/audit'}>
        {isIndustryLeader ? t('community.leader.manage') : t('community.leader.apply')}
      </Link>
    </div>
  )
}

const leaderCard = css`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  padding: 12px 16px;
  border-radius: ${tokens.radius};
  background: ${tokens.bg};
  font-size: 14px;
  span {
    flex: 1;
    color: ${tokens.textSecondary};
  }
  a {
    display: inline-flex;
    align-items: center;
  }
  &[data-leader='true'] {
    background: ${tokens.upBg};
  }
  &[data-leader='true'] strong {
    color: ${tokens.brand};
  }
`
