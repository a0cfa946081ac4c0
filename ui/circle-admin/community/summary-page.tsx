// community-admin/community-summary and community-admin/user-admin (spec 001 §2; issue 29): the counts
// of the reader's communities (all, or one) with new members, posts and comments per day of the last
// SUMMARY_DAYS days on uPlot; the members of the reader's communities, searched, filtered and paged.
import { useMemo, useState } from 'react'
import { css } from '@linaria/core'
import type { CommunitySummary } from '../../../core/api/circle-admin-communities'
import { CONSOLE_PAGE_SIZE, SUMMARY_DAYS } from '../../../core/circle-admin/communities'
import { formatDate } from '../../../core/format/date-time'
import { SeriesChart, type SeriesChartSpec } from '../../common/series-chart'
import { Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { ListTable, SearchBox, SelectFilter, StatBoxes, toolbar, useListQuery } from '../parts'
import { useCommunityAdminApi } from './api'
import { MemberMarks, UserCell } from './parts'
import '../../i18n/texts/circleAdminCommunity'

const chartTitle = css`
  font-size: 15px;
  margin: 0 0 8px;
`

/** Which community a page is about: all of the reader's, or one (a select of them). */
function CommunityPicker({ value, onChange, testId }: { value: number | undefined; onChange: (momentId: number | undefined) => void; testId: string }) {
  const all = useRead(useCommunityAdminApi().all())
  const options = all.status === 'ready' ? all.data.list.map((c) => ({ value: c.momentId, label: c.name })) : []
  return <SelectFilter label={t('circleAdminCommunity.summary.community')} all={t('circleAdminCommunity.summary.all')} value={value} options={options} onChange={onChange} testId={testId} />
}

/** New members, posts and comments per day (ui/common/series-chart.tsx). */
export function SummaryChart({ days }: { days: CommunitySummary['days'] }) {
  const spec = useMemo<SeriesChartSpec>(
    () => ({
      x: days.map((d) => d.day),
      lines: [
        { label: t('circleAdminCommunity.summary.newMembers'), values: days.map((d) => d.members), colour: tokens.brand, fill: tokens.brandTint },
        { label: t('circleAdminCommunity.summary.newPosts'), values: days.map((d) => d.posts), colour: tokens.link, width: 1.5 },
        { label: t('circleAdminCommunity.summary.newComments'), values: days.map((d) => d.comments), colour: tokens.success, width: 1.5 },
      ],
      xName: t('circleAdminCommunity.summary.day'),
      xTick: (x) => formatDate(x).slice(5),
      xValue: formatDate,
      ySize: 40,
    }),
    [days],
  )
  return <SeriesChart spec={spec} label={t('circleAdminCommunity.summary.chart', { days: SUMMARY_DAYS })} testId="community-summary-chart" />
}

export function CommunitySummaryPage() {
  const api = useCommunityAdminApi()
  const [momentId, setMomentId] = useState<number | undefined>(undefined)
  const summary = useRead(api.summary(momentId))
  return (
    <ConsoleFrame title={t('circleAdminCommunity.summary.title')}>
      <div className={toolbar}>
        <CommunityPicker value={momentId} onChange={setMomentId} testId="community-summary-scope" />
      </div>
      {summary.status === 'loading' ? <Loading rows={3} /> : null}
      {summary.status === 'failed' ? <Failed message={summary.message} onRetry={summary.reload} /> : null}
      {summary.status === 'ready' ? <SummaryView summary={summary.data} /> : null}
    </ConsoleFrame>
  )
}

export function SummaryView({ summary: s }: { summary: CommunitySummary }) {
  const stats: [string, number][] = [
    [t('circleAdminCommunity.summary.communities'), s.communityCount],
    [t('circleAdminCommunity.summary.members'), s.memberCount],
    [t('circleAdminCommunity.summary.posts'), s.postCount],
    [t('circleAdminCommunity.summary.questions'), s.questionCount],
    [t('circleAdminCommunity.summary.answered'), s.answeredCount],
    [t('circleAdminCommunity.summary.unanswered'), s.unansweredCount],
    [t('circleAdminCommunity.summary.comments'), s.commentCount],
  ]
  return (
    <>
      <StatBoxes stats={stats} testId="community-summary-stats" />
      <h2 className={chartTitle}>{t('circleAdminCommunity.summary.chart', { days: SUMMARY_DAYS })}</h2>
      <SummaryChart days={s.days} />
    </>
  )
}

export function CommunityUsersPage() {
  const api = useCommunityAdminApi()
  const [momentId, setMomentId] = useState<number | undefined>(undefined)
  const { page, setPage, keyword, search } = useListQuery()
  const list = useRead(api.users(page, { keyword, momentId }))
  return (
    <ConsoleFrame title={t('circleAdminCommunity.users.title')}>
      <SearchBox
        placeholder={t('circleAdminCommunity.users.search')}
        onSearch={search}
        testId="community-users-search"
      >
        <CommunityPicker
          value={momentId}
          onChange={(id) => {
            setPage(1)
            setMomentId(id)
          }}
          testId="community-users-scope"
        />
      </SearchBox>
      <ListTable state={list} none={t('circleAdminCommunity.users.none')} page={page} count={CONSOLE_PAGE_SIZE} onPage={setPage} testId="community-users-table" head={[t('circleAdminCommunity.users.user'), t('circleAdminCommunity.users.community'), t('circleAdminCommunity.users.role'), t('circleAdminCommunity.users.joined'), t('circleAdminCommunity.users.expires')]}>
        {(m) => (
          <tr key={`${m.momentId}-${m.user.id}`} data-testid="community-users-row">
            <td>
              <UserCell user={m.user} />
            </td>
            <td>{m.communityName}</td>
            <td>
              <MemberMarks member={m} />
            </td>
            <td>{formatDate(m.joinTimestamp)}</td>
            <td>{m.expireTimestamp === null ? t('circleAdminCommunity.users.forever') : formatDate(m.expireTimestamp)}</td>
          </tr>
        )}
      </ListTable>
    </ConsoleFrame>
  )
}
