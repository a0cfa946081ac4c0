// circle/circle-list (spec 001 §2; issue 29): the circles the reader owns or administers — all four
// types, filtered by type, searched by name, in numbered pages — with each one's review status (and a
// rejection's reason), price, members and admins, and the ways into its edit, users, rights and sort.
import { useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { CIRCLE_TYPES, ADMIN_CIRCLES_PAGE, yuanText, type CircleType } from '../../../core/circle-admin/circles'
import { formatDate } from '../../../core/format/date-time'
import { Empty, Failed, Loading } from '../../common/status'
import { Img } from '../../common/img'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { choiceGroup, field } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { Pager, table, toolbar } from '../parts'
import { useCircleAdminApi } from './api'
import { ReviewBadge } from './parts'
import '../../i18n/texts/circleAdminCircles'

export const CIRCLE_LIST_PATH = '/circle-admin/circle/circle-list'

const types = css`
  margin: 0 0 12px;
  && label {
    height: 30px;
    padding: 0 14px;
    font-size: 13px;
  }
`
/** the table's short columns stay on one line; the name takes the room left, a reject reason wraps within its own */
const columns = css`
  td:nth-child(n + 2),
  th {
    white-space: nowrap;
  }
  td:first-child {
    min-width: 220px;
  }
  td:nth-child(3) {
    white-space: normal;
    max-width: 220px;
  }
`
const reason = css`
  margin-top: 4px;
  color: ${tokens.important};
  font-size: 12px;
`

export function CircleListPage() {
  const api = useCircleAdminApi()
  const [page, setPage] = useState(1)
  const [type, setType] = useState<CircleType | undefined>(undefined)
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  const list = useRead(api.circles({ page, type, keyword }))
  return (
    <ConsoleFrame
      title={t('circleAdminCircles.list.title')}
      actions={
        <Link href={`${CIRCLE_LIST_PATH}/circle-create`} className={`${pill} ${primary}`} data-testid="circle-create">
          {t('circleAdminCircles.list.create')}
        </Link>
      }
    >
      <fieldset className={`${choiceGroup} ${types}`} data-testid="circle-type-filter">
        {[undefined, ...CIRCLE_TYPES].map((ty) => (
          <label key={ty ?? 'all'}>
            <input
              type="radio"
              name="circle-type"
              checked={type === ty}
              onChange={() => {
                setType(ty)
                setPage(1)
              }}
            />
            {t(`circleAdminCircles.types.${ty ?? 'all'}`)}
          </label>
        ))}
      </fieldset>
      <form
        className={toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setKeyword(typed)
        }}
      >
        <input
          type="search"
          className={field}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('circleAdminCircles.list.search')}
          aria-label={t('circleAdminCircles.list.search')}
          data-testid="circle-search"
        />
        <button type="submit" className={pill}>
          {t('circleAdminCircles.list.searchButton')}
        </button>
      </form>
      {list.status === 'loading' ? <Loading rows={3} /> : null}
      {list.status === 'failed' ? <Failed message={list.message} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.data.list.length === 0 ? <Empty text={t('circleAdminCircles.list.none')} /> : null}
      {list.status === 'ready' && list.data.list.length > 0 ? (
        <>
          <table className={`${table} ${columns}`} data-testid="circle-table">
            <thead>
              <tr>
                <th>{t('circleAdminCircles.list.name')}</th>
                <th>{t('circleAdminCircles.list.type')}</th>
                <th>{t('circleAdminCircles.list.status')}</th>
                <th>{t('circleAdminCircles.list.price')}</th>
                <th>{t('circleAdminCircles.list.members')}</th>
                <th>{t('circleAdminCircles.list.admins')}</th>
                <th>{t('circleAdminCircles.list.created')}</th>
                <th>{t('circleAdminCircles.list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((c) => (
                <tr key={c.id} data-testid="circle-row">
                  <td>
                    <div className="title">
                      <Img src={c.avatar} alt="" width={64} height={36} />
                      <div>
                        <div>{c.name}</div>
                        <div className="muted">{t('circleAdminCircles.list.yourRole', { role: t(`circleAdminCircles.roles.${c.role}`) })}</div>
                      </div>
                    </div>
                  </td>
                  <td>{t(`circleAdminCircles.types.${c.type}`)}</td>
                  <td>
                    <ReviewBadge status={c.reviewStatus} />
                    {c.rejectReason ? <div className={reason}>{t('circleAdminCircles.list.rejectReason', { reason: c.rejectReason })}</div> : null}
                  </td>
                  <td>{c.minPrice === null ? t('circleAdminCircles.list.free') : t('circleAdminCircles.list.priceFrom', { price: `¥${yuanText(c.minPrice)}` })}</td>
                  <td>{c.memberCount}</td>
                  <td>{c.adminCount}</td>
                  <td className="muted">{formatDate(c.createTimestamp)}</td>
                  <td className="actions">
                    <Link href={`${CIRCLE_LIST_PATH}/circle-edit/${c.id}`} data-testid="circle-edit">
                      {t('circleAdminCircles.list.edit')}
                    </Link>
                    <Link href={`/circle-admin/circle/circle-user-admin?circleId=${c.id}`}>{t('circleAdminCircles.list.users')}</Link>
                    <Link href={`/circle-admin/operate/rights?circleId=${c.id}`}>{t('circleAdminCircles.list.rights')}</Link>
                    <Link href={`/circle-admin/operate/sort/${c.id}`}>{t('circleAdminCircles.list.sort')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={list.data.total ?? 0} count={ADMIN_CIRCLES_PAGE} onPage={setPage} />
        </>
      ) : null}
    </ConsoleFrame>
  )
}
