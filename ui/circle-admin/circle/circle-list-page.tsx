// circle/circle-list (spec 001 §2; issue 29): the circles the reader owns or administers — all four
// types, filtered by type, searched by name, in numbered pages — with each one's review status (and a
// rejection's reason), price, members and admins, and the ways into its edit, users, rights and sort.
import { useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { CIRCLE_TYPES, ADMIN_CIRCLES_PAGE, yuanText, type CircleType } from '../../../core/circle-admin/circles'
import { formatDate } from '../../../core/format/date-time'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { ChoiceFilter, ListTable, SearchBox, TitleCell, useListQuery } from '../parts'
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
  const { page, setPage, keyword, search } = useListQuery()
  const [type, setType] = useState<CircleType | undefined>(undefined)
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
      <ChoiceFilter
        name="circle-type"
        className={types}
        options={CIRCLE_TYPES}
        value={type}
        onChange={(ty) => {
          setType(ty)
          setPage(1)
        }}
        label={(ty) => t(`circleAdminCircles.types.${ty ?? 'all'}`)}
        testId="circle-type-filter"
      />
      <SearchBox placeholder={t('circleAdminCircles.list.search')} onSearch={search} testId="circle-search" />
      <ListTable state={list} none={t('circleAdminCircles.list.none')} page={page} count={ADMIN_CIRCLES_PAGE} onPage={setPage} className={columns} testId="circle-table" head={[t('circleAdminCircles.list.name'), t('circleAdminCircles.list.type'), t('circleAdminCircles.list.status'), t('circleAdminCircles.list.price'), t('circleAdminCircles.list.members'), t('circleAdminCircles.list.admins'), t('circleAdminCircles.list.created'), t('circleAdminCircles.list.actions')]}>
        {(c) => (
          <tr key={c.id} data-testid="circle-row">
            <td>
              <TitleCell image={c.avatar} name={c.name} note={t('circleAdminCircles.list.yourRole', { role: t(`circleAdminCircles.roles.${c.role}`) })} />
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
        )}
      </ListTable>
    </ConsoleFrame>
  )
}
