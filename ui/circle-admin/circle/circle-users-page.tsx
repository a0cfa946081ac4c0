// circle/circle-user-admin (spec 001 §2; issue 29): one circle's people with their roles — the owner,
// the admins, the members with their join time and expiry — filtered by role and searched by nick or
// id, in numbered pages; the owner appoints admins (found by id or nickname) and removes them. Only the
// owner may change admins (core/circle-admin/access.ts): an admin sees the list without those buttons.
import { useState } from 'react'
import { css } from '@linaria/core'
import type { AdminCircle, CircleUserRole, UserHit } from '../../../core/api/circle-admin-circles'
import { CIRCLE_USER_ROLES } from '../../../core/api/circle-admin-circles'
import { normaliseError } from '../../../core/api/api-error'
import { ADMINS_MAX, CIRCLE_USERS_PAGE } from '../../../core/circle-admin/circles'
import { formatDate } from '../../../core/format/date-time'
import { useInvalidate, useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill } from '../../styles/buttons'
import { field, smallButton } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { hint, ListTable, message, toolbar } from '../parts'
import { CIRCLE_ADMIN_READS, useCircleAdminApi } from './api'
import { CirclePicker } from './parts'
import '../../i18n/texts/circleAdminCircles'

const appoint = css`
  margin: 0 0 20px;
  padding: 14px 16px;
  border-radius: 8px;
  background: ${tokens.bg};
  h2 {
    margin: 0 0 10px;
    font-size: 14px;
  }
  ul {
    list-style: none;
    margin: 10px 0 0;
    padding: 0;
    display: grid;
    gap: 6px;
  }
  li {
    display: flex;
    gap: 10px;
    align-items: center;
    font-size: 13px;
  }
  .muted {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`

export function CircleUsersPage() {
  return (
    <ConsoleFrame title={t('circleAdminCircles.users.title')}>
      <CirclePicker>{(circle) => <CircleUsers key={circle.id} circle={circle} />}</CirclePicker>
    </ConsoleFrame>
  )
}

function CircleUsers({ circle }: { circle: AdminCircle }) {
  const api = useCircleAdminApi()
  const invalidate = useInvalidate()
  const [page, setPage] = useState(1)
  const [role, setRole] = useState<CircleUserRole | undefined>(undefined)
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const list = useRead(api.users(circle.id, { page, role, keyword }))
  const isOwner = circle.role === 'owner'
  const remove = (userId: number) => {
    setFailure(null)
    api.removeAdmin(circle.id, userId).then(
      () => invalidate(CIRCLE_ADMIN_READS),
      (e: unknown) => setFailure(normaliseError(e).message),
    )
  }
  return (
    <>
      {isOwner ? <AppointAdmin circle={circle} /> : <p className={hint}>{t('circleAdminCircles.users.ownerOnly')}</p>}
      <form
        className={toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setKeyword(typed)
        }}
      >
        <select
          className={field}
          value={role ?? ''}
          aria-label={t('circleAdminCircles.users.role')}
          onChange={(e) => {
            setRole(e.target.value === '' ? undefined : (e.target.value as CircleUserRole))
            setPage(1)
          }}
          data-testid="circle-users-role"
        >
          <option value="">{t('circleAdminCircles.users.allRoles')}</option>
          {CIRCLE_USER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`circleAdminCircles.roles.${r}`)}
            </option>
          ))}
        </select>
        <input type="search" className={field} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('circleAdminCircles.users.search')} aria-label={t('circleAdminCircles.users.search')} data-testid="circle-users-search" />
        <button type="submit" className={pill}>
          {t('circleAdminCircles.users.searchButton')}
        </button>
      </form>
      {failure ? (
        <p className={message} role="alert">
          {failure}
        </p>
      ) : null}
      <ListTable
        state={list}
        none={t('circleAdminCircles.users.none')}
        page={page}
        count={CIRCLE_USERS_PAGE}
        onPage={setPage}
        testId="circle-users-table"
        head={[t('circleAdminCircles.users.user'), t('circleAdminCircles.users.role'), t('circleAdminCircles.users.joined'), t('circleAdminCircles.users.expire'), ...(isOwner ? [t('circleAdminCircles.users.actions')] : [])]}
      >
        {(u) => (
          <tr key={u.user.id} data-testid="circle-user-row" data-role={u.role}>
            <td>
              {u.user.nick} <span className="muted">ID {u.user.id}</span>
            </td>
            <td>{t(`circleAdminCircles.roles.${u.role}`)}</td>
            <td className="muted">{formatDate(u.joinTimestamp)}</td>
            <td className="muted">{u.expireTimestamp === null ? t('circleAdminCircles.users.forever') : formatDate(u.expireTimestamp)}</td>
            {isOwner ? (
              <td className="actions">
                {u.role === 'admin' ? (
                  <button type="button" className={smallButton} data-tone="danger" onClick={() => remove(u.user.id)} data-testid="circle-admin-remove">
                    {t('circleAdminCircles.users.removeAdmin')}
                  </button>
                ) : null}
              </td>
            ) : null}
          </tr>
        )}
      </ListTable>
    </>
  )
}

/** The owner's box: find a user by id or nickname and make them an admin. */
function AppointAdmin({ circle }: { circle: AdminCircle }) {
  const api = useCircleAdminApi()
  const invalidate = useInvalidate()
  const [typed, setTyped] = useState('')
  const [hits, setHits] = useState<readonly UserHit[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const find = () => {
    setFailure(null)
    if (!typed.trim()) return
    api.searchUsers(circle.id, typed).then(
      (r) => setHits(r.list),
      (e: unknown) => setFailure(normaliseError(e).message),
    )
  }
  const add = (userId: number) => {
    setFailure(null)
    api.addAdmin(circle.id, userId).then(
      () => {
        setHits((h) => h?.map((u) => (u.id === userId ? { ...u, isAdmin: true } : u)) ?? null)
        invalidate(CIRCLE_ADMIN_READS)
      },
      (e: unknown) => setFailure(normaliseError(e).message),
    )
  }
  return (
    <section className={appoint} data-testid="circle-appoint">
      <h2>
        {t('circleAdminCircles.users.addAdmin')} <span className="muted">{t('circleAdminCircles.users.admins', { count: circle.adminCount, max: ADMINS_MAX })}</span>
      </h2>
      <form
        className={toolbar}
        style={{ margin: 0 }}
        onSubmit={(e) => {
          e.preventDefault()
          find()
        }}
      >
        <input type="search" className={field} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('circleAdminCircles.users.addSearch')} aria-label={t('circleAdminCircles.users.addSearch')} data-testid="circle-appoint-search" />
        <button type="submit" className={pill}>
          {t('circleAdminCircles.users.find')}
        </button>
      </form>
      {failure ? (
        <p className={message} role="alert" data-testid="circle-appoint-message">
          {failure}
        </p>
      ) : null}
      {hits && hits.length === 0 ? <p className="muted">{t('circleAdminCircles.users.noHits')}</p> : null}
      {hits && hits.length > 0 ? (
        <ul>
          {hits.map((u) => (
            <li key={u.id} data-testid="circle-appoint-hit">
              <span>{u.nick}</span>
              <span className="muted">ID {u.id}</span>
              {u.isOwner ? (
                <span className="muted">{t('circleAdminCircles.users.isOwner')}</span>
              ) : u.isAdmin ? (
                <span className="muted">{t('circleAdminCircles.users.isAdmin')}</span>
              ) : (
                <button type="button" className={`${smallButton}`} onClick={() => add(u.id)} data-testid="circle-appoint-add">
                  {t('circleAdminCircles.users.appoint')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
