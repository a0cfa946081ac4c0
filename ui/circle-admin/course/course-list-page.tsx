// course/list (spec 001 §2; issue 29): the courses the reader owns or administers (circles of type
// COURSE), searched by name, in numbered pages, with each one's review status, price and learners, and
// the ways into its edit, chapters and learners.
import { Link } from 'wouter'
import { ADMIN_CIRCLES_PAGE, yuanText } from '../../../core/circle-admin/circles'
import { formatDate } from '../../../core/format/date-time'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { ConsoleFrame } from '../console-frame'
import { ListTable, SearchBox, TitleCell, useListQuery } from '../parts'
import { ReviewBadge } from '../circle/parts'
import { useCourseAdminApi } from './api'
import { COURSE_CONTENT_PATH, COURSE_LIST_PATH, COURSE_USERS_PATH } from './paths'
import '../../i18n/texts/circleAdminCourse'

export function CourseListPage() {
  const api = useCourseAdminApi()
  const { page, setPage, keyword, search } = useListQuery()
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
      <SearchBox placeholder={t('circleAdminCourse.list.search')} onSearch={search} testId="course-search" />
      <ListTable state={list} none={t('circleAdminCourse.list.none')} page={page} count={ADMIN_CIRCLES_PAGE} onPage={setPage} testId="course-table" head={[t('circleAdminCourse.list.name'), t('circleAdminCourse.list.status'), t('circleAdminCourse.list.price'), t('circleAdminCourse.list.members'), t('circleAdminCourse.list.created'), t('circleAdminCourse.list.actions')]}>
        {(c) => (
          <tr key={c.id} data-testid="course-row">
            <td>
              <TitleCell image={c.avatar} name={c.name} note={t('circleAdminCourse.list.yourRole', { role: t(`circleAdminCourse.roles.${c.role}`) })} />
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
        )}
      </ListTable>
    </ConsoleFrame>
  )
}
