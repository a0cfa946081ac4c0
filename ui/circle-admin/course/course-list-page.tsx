// course/list (spec 001 §2; issue 29): the courses the reader owns or administers (circles of type
// COURSE), searched by name, in numbered pages, with each one's review status, price and learners, and
// the ways into its edit, chapters and learners.
import { useState } from 'react'
import { Link } from 'wouter'
import { ADMIN_CIRCLES_PAGE, yuanText } from '../../../core/circle-admin/circles'
import { formatDate } from '../../../core/format/date-time'
import { Empty, Failed, Loading } from '../../common/status'
import { Img } from '../../common/img'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { Pager, table, toolbar } from '../parts'
import { ReviewBadge } from '../circle/parts'
import { useCourseAdminApi } from './api'
import { COURSE_CONTENT_PATH, COURSE_LIST_PATH, COURSE_USERS_PATH } from './paths'
import '../../i18n/texts/circleAdminCourse'

export function CourseListPage() {
  const api = useCourseAdminApi()
  const [page, setPage] = useState(1)
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  const list = useRead(api.courses({ page, keyword }))
  return (
    <ConsoleFrame
      title={t('circleAdminCourse.list.title')}
      actions={
        <Link href={`${COURSE_LIST_PATH}/add`} className={`${pill} ${primary}`} data-testid="course-create">
          {t('circleAdminCourse.list.create')}
        </Link>
      }
    >
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
          placeholder={t('circleAdminCourse.list.search')}
          aria-label={t('circleAdminCourse.list.search')}
          data-testid="course-search"
        />
        <button type="submit" className={pill}>
          {t('circleAdminCourse.list.searchButton')}
        </button>
      </form>
      {list.status === 'loading' ? <Loading rows={3} /> : null}
      {list.status === 'failed' ? <Failed message={list.message} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.data.list.length === 0 ? <Empty text={t('circleAdminCourse.list.none')} /> : null}
      {list.status === 'ready' && list.data.list.length > 0 ? (
        <>
          <table className={table} data-testid="course-table">
            <thead>
              <tr>
                <th>{t('circleAdminCourse.list.name')}</th>
                <th>{t('circleAdminCourse.list.status')}</th>
                <th>{t('circleAdminCourse.list.price')}</th>
                <th>{t('circleAdminCourse.list.members')}</th>
                <th>{t('circleAdminCourse.list.created')}</th>
                <th>{t('circleAdminCourse.list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((c) => (
                <tr key={c.id} data-testid="course-row">
                  <td>
                    <div className="title">
                      <Img src={c.avatar} alt="" width={64} height={36} />
                      <div>
                        <div>{c.name}</div>
                        <div className="muted">{t('circleAdminCourse.list.yourRole', { role: t(`circleAdminCourse.roles.${c.role}`) })}</div>
                      </div>
                    </div>
                  </td>
                  <td>
                    <ReviewBadge status={c.reviewStatus} />
                  </td>
                  <td>{c.minPrice === null ? t('circleAdminCourse.list.free') : t('circleAdminCourse.list.priceFrom', { price: `¥${yuanText(c.minPrice)}` })}</td>
                  <td>{c.memberCount}</td>
                  <td className="muted">{formatDate(c.createTimestamp)}</td>
                  <td className="actions">
                    <Link href={`${COURSE_LIST_PATH}/edit/${c.id}`} data-testid="course-edit">
                      {t('circleAdminCourse.list.edit')}
                    </Link>
                    <Link href={`${COURSE_CONTENT_PATH}?courseId=${c.id}`} data-testid="course-content">
                      {t('circleAdminCourse.list.content')}
                    </Link>
                    <Link href={`${COURSE_USERS_PATH}?courseId=${c.id}`} data-testid="course-users">
                      {t('circleAdminCourse.list.users')}
                    </Link>
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
