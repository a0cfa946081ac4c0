// live/live-user-admin (spec 001 §2; issue 29): the people who watched the rooms of the reader's live
// columns signed in, with their membership of the column (member, expired, none), the rooms they watched,
// their comments and when they were last seen; by column, membership and nick, in numbered pages
// (GET /api/circle-admin/live/users/page/v1).
import { formatDate, formatDateTime } from '../../../core/format/date-time'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { ConsoleFrame } from '../console-frame'
import { useLiveAdminApi } from './api'
import { ListTable, SearchBox, SelectFilter, useListFilters } from '../parts'
import { ColumnFilter } from './parts'
import '../../i18n/texts/circleAdminLive'

type Membership = 'member' | 'expired' | 'none'
const MEMBERSHIPS: readonly Membership[] = ['member', 'expired', 'none']

export function LiveViewersPage() {
  const api = useLiveAdminApi()
  const { page, setPage, filters, filter } = useListFilters<{ liveColumnId?: number | undefined; keyword?: string | undefined; membership?: Membership | undefined }>({})
  const columns = useRead(api.allColumns())
  const list = useRead(api.viewers(page, filters))
  return (
    <ConsoleFrame title={t('circleAdminLive.viewers.title')}>
      <SearchBox placeholder={t('circleAdminLive.viewers.search')} onSearch={(keyword) => filter({ keyword })} testId="live-viewers-search">
        <ColumnFilter columns={columns} value={filters.liveColumnId} onChange={(liveColumnId) => filter({ liveColumnId })} testId="live-viewers-column" />
        <SelectFilter
          label={t('circleAdminLive.viewers.allMemberships')}
          all={t('circleAdminLive.viewers.allMemberships')}
          value={filters.membership}
          options={MEMBERSHIPS.map((m) => ({ value: m, label: t(`circleAdminLive.viewers.membership.${m}`) }))}
          onChange={(membership) => filter({ membership })}
          testId="live-viewers-membership"
        />
      </SearchBox>
      <ListTable state={list} none={t('circleAdminLive.viewers.none')} page={page} count={10} onPage={setPage} testId="live-viewers-table" head={[t('circleAdminLive.viewers.user'), t('circleAdminLive.viewers.column'), t('circleAdminLive.viewers.state'), t('circleAdminLive.viewers.rooms'), t('circleAdminLive.viewers.comments'), t('circleAdminLive.viewers.lastSeen')]}>
        {(v) => (
          <tr key={`${v.user.id}-${v.liveColumnId}`} data-testid="live-viewer-row" data-membership={v.membership}>
            <td>
              <strong>{v.user.nick}</strong> <span className="muted">ID {v.user.id}</span>
            </td>
            <td>{v.liveColumnName}</td>
            <td>
              {t(`circleAdminLive.viewers.membership.${v.membership}`)}
              {v.membership !== 'none' ? (
                <div className="muted">
                  {t('circleAdminLive.viewers.expires')} {v.expireTimestamp === null ? t('circleAdminLive.viewers.forever') : formatDate(v.expireTimestamp)}
                </div>
              ) : null}
            </td>
            <td>{v.roomCount}</td>
            <td>{v.commentCount}</td>
            <td>{formatDateTime(v.lastSeenTimestamp)}</td>
          </tr>
        )}
      </ListTable>
    </ConsoleFrame>
  )
}
