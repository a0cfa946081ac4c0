// live/live-user-admin (spec 001 §2; issue 29): the people who watched the rooms of the reader's live
// columns signed in, with their membership of the column (member, expired, none), the rooms they watched,
// their comments and when they were last seen; by column, membership and nick, in numbered pages
// (GET /api/circle-admin/live/users/page/v1).
import { useState } from 'react'
import { formatDate, formatDateTime } from '../../../core/format/date-time'
import { Empty, Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill } from '../../styles/buttons'
import { field } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { useLiveAdminApi } from './api'
import { Pager, table, toolbar } from '../parts'
import '../../i18n/texts/circleAdminLive'

type Membership = 'member' | 'expired' | 'none'
const MEMBERSHIPS: readonly Membership[] = ['member', 'expired', 'none']

export function LiveViewersPage() {
  const api = useLiveAdminApi()
  const [page, setPage] = useState(1)
  const [typed, setTyped] = useState('')
  const [filters, setFilters] = useState<{ liveColumnId?: number | undefined; keyword?: string | undefined; membership?: Membership | undefined }>({})
  const columns = useRead(api.allColumns())
  const list = useRead(api.viewers(page, filters))
  const filter = (patch: Partial<typeof filters>) => {
    setPage(1)
    setFilters((f) => ({ ...f, ...patch }))
  }
  return (
    <ConsoleFrame title={t('circleAdminLive.viewers.title')}>
      <form
        className={toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          filter({ keyword: typed })
        }}
      >
        <select className={field} aria-label={t('circleAdminLive.rooms.column')} value={filters.liveColumnId ?? ''} onChange={(e) => filter({ liveColumnId: e.target.value ? Number(e.target.value) : undefined })} data-testid="live-viewers-column">
          <option value="">{t('circleAdminLive.rooms.allColumns')}</option>
          {columns.status === 'ready'
            ? columns.data.list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))
            : null}
        </select>
        <select className={field} aria-label={t('circleAdminLive.viewers.allMemberships')} value={filters.membership ?? ''} onChange={(e) => filter({ membership: (e.target.value || undefined) as Membership | undefined })} data-testid="live-viewers-membership">
          <option value="">{t('circleAdminLive.viewers.allMemberships')}</option>
          {MEMBERSHIPS.map((m) => (
            <option key={m} value={m}>
              {t(`circleAdminLive.viewers.membership.${m}`)}
            </option>
          ))}
        </select>
        <input type="search" className={field} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('circleAdminLive.viewers.search')} aria-label={t('circleAdminLive.viewers.search')} data-testid="live-viewers-search" />
        <button type="submit" className={pill}>
          {t('circleAdminLive.users.search')}
        </button>
      </form>
      {list.status === 'loading' ? <Loading rows={3} /> : null}
      {list.status === 'failed' ? <Failed message={list.message} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.data.list.length === 0 ? <Empty text={t('circleAdminLive.viewers.none')} /> : null}
      {list.status === 'ready' && list.data.list.length > 0 ? (
        <>
          <table className={table} data-testid="live-viewers-table">
            <thead>
              <tr>
                <th>{t('circleAdminLive.viewers.user')}</th>
                <th>{t('circleAdminLive.viewers.column')}</th>
                <th>{t('circleAdminLive.viewers.state')}</th>
                <th>{t('circleAdminLive.viewers.rooms')}</th>
                <th>{t('circleAdminLive.viewers.comments')}</th>
                <th>{t('circleAdminLive.viewers.lastSeen')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((v) => (
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
              ))}
            </tbody>
          </table>
          <Pager page={page} total={list.data.total ?? 0} count={10} onPage={setPage} />
        </>
      ) : null}
    </ConsoleFrame>
  )
}
