// course/user-list (spec 001 §2; issue 29): one course's learners — who bought it (or joined a free one),
// when, and until when — filtered by valid or expired and searched by nick or id, in numbered pages. A
// course is a circle of type COURSE: its people are the console's circle users call, members only.
import { useState } from 'react'
import { css } from '@linaria/core'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import { CIRCLE_USERS_PAGE } from '../../../core/circle-admin/circles'
import { formatDateTime } from '../../../core/format/date-time'
import { Img } from '../../common/img'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { ConsoleFrame } from '../console-frame'
import { ChoiceFilter, ListTable, SearchBox, useListQuery } from '../parts'
import { useCourseAdminApi } from './api'
import { CoursePicker } from './parts'
import '../../i18n/texts/circleAdminCourse'

type Status = 'member' | 'expired' | undefined
const STATUSES = ['member', 'expired'] as const

export function CourseUsersPage() {
  return (
    <ConsoleFrame title={t('circleAdminCourse.users.title')} active="courseUsers">
      <CoursePicker>{(course) => <Learners key={course.id} course={course} />}</CoursePicker>
    </ConsoleFrame>
  )
}

const statusFilter = css`
  margin: 0;
`

function Learners({ course }: { course: AdminCircle }) {
  const api = useCourseAdminApi()
  const { page, setPage, keyword, search } = useListQuery()
  const [status, setStatus] = useState<Status>(undefined)
  const list = useRead(api.users(course.id, { page, role: status, keyword }))
  return (
    <>
      <SearchBox placeholder={t('circleAdminCourse.users.search')} onSearch={search} testId="course-user-search">
        <ChoiceFilter
          name="course-user-status"
          className={statusFilter}
          options={STATUSES}
          value={status}
          onChange={(s) => {
            setStatus(s)
            setPage(1)
          }}
          label={(s) => t(`circleAdminCourse.users.${s ?? 'all'}`)}
          testId="course-user-status"
        />
      </SearchBox>
      {/* the owner and the admins run the course; the list is of its learners */}
      <ListTable state={list} none={t('circleAdminCourse.users.none')} page={page} count={CIRCLE_USERS_PAGE} onPage={setPage} rows={(all) => all.filter((u) => u.role === 'member' || u.role === 'expired')} testId="course-user-table" head={[t('circleAdminCourse.users.user'), t('circleAdminCourse.users.status'), t('circleAdminCourse.users.joined'), t('circleAdminCourse.users.expires')]}>
        {(u) => (
          <tr key={u.user.id} data-testid="course-user-row">
            <td>
              <div className="title">
                <Img src={u.user.avatar} alt="" width={28} height={28} />
                <span>{u.user.nick}</span>
              </div>
            </td>
            <td>{t(`circleAdminCourse.users.${u.role === 'expired' ? 'expired' : 'member'}`)}</td>
            <td className="muted">{formatDateTime(u.joinTimestamp)}</td>
            <td className="muted">{u.expireTimestamp === null ? t('circleAdminCourse.users.forever') : formatDateTime(u.expireTimestamp)}</td>
          </tr>
        )}
      </ListTable>
    </>
  )
}
