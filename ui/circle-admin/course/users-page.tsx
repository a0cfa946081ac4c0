// course/user-list (spec 001 §2; issue 29): one course's learners — who bought it (or joined a free one),
// when, and until when — filtered by valid or expired and searched by nick or id, in numbered pages. A
// course is a circle of type COURSE: its people are the console's circle users call, members only.
import { useState } from 'react'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import { CIRCLE_USERS_PAGE } from '../../../core/circle-admin/circles'
import { formatDateTime } from '../../../core/format/date-time'
import { Empty, Failed, Loading } from '../../common/status'
import { Img } from '../../common/img'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill } from '../../styles/buttons'
import { choiceGroup, field } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { Pager, table, toolbar } from '../parts'
import { useCourseAdminApi } from './api'
import { CoursePicker } from './parts'
import '../../i18n/texts/circleAdminCourse'

type Status = 'member' | 'expired' | undefined
const STATUSES: readonly Status[] = [undefined, 'member', 'expired']

export function CourseUsersPage() {
  return (
    <ConsoleFrame title={t('circleAdminCourse.users.title')} active="courseUsers">
      <CoursePicker>{(course) => <Learners key={course.id} course={course} />}</CoursePicker>
    </ConsoleFrame>
  )
}

function Learners({ course }: { course: AdminCircle }) {
  const api = useCourseAdminApi()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<Status>(undefined)
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  const list = useRead(api.users(course.id, { page, role: status, keyword }))
  // the owner and the admins run the course; the list is of its learners
  const learners = list.status === 'ready' ? list.data.list.filter((u) => u.role === 'member' || u.role === 'expired') : []
  return (
    <>
      <div className={toolbar}>
        <fieldset className={choiceGroup} style={{ margin: 0 }} data-testid="course-user-status">
          {STATUSES.map((s) => (
            <label key={s ?? 'all'}>
              <input
                type="radio"
                name="course-user-status"
                checked={status === s}
                onChange={() => {
                  setStatus(s)
                  setPage(1)
                }}
              />
              {t(`circleAdminCourse.users.${s ?? 'all'}`)}
            </label>
          ))}
        </fieldset>
        <form
          role="search"
          style={{ display: 'flex', gap: 10 }}
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
            placeholder={t('circleAdminCourse.users.search')}
            aria-label={t('circleAdminCourse.users.search')}
            data-testid="course-user-search"
          />
          <button type="submit" className={pill}>
            {t('circleAdminCourse.users.searchButton')}
          </button>
        </form>
      </div>
      {list.status === 'loading' ? <Loading rows={3} /> : null}
      {list.status === 'failed' ? <Failed message={list.message} onRetry={list.reload} /> : null}
      {list.status === 'ready' && learners.length === 0 ? <Empty text={t('circleAdminCourse.users.none')} /> : null}
      {list.status === 'ready' && learners.length > 0 ? (
        <table className={table} data-testid="course-user-table">
          <thead>
            <tr>
              <th>{t('circleAdminCourse.users.user')}</th>
              <th>{t('circleAdminCourse.users.status')}</th>
              <th>{t('circleAdminCourse.users.joined')}</th>
              <th>{t('circleAdminCourse.users.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {learners.map((u) => (
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
            ))}
          </tbody>
        </table>
      ) : null}
      {list.status === 'ready' ? <Pager page={page} total={list.data.total ?? 0} count={CIRCLE_USERS_PAGE} onPage={setPage} /> : null}
    </>
  )
}
