// Pieces the console's course pages share: the picker of the course a page manages (kept in the address
// as ?courseId=, so a link opens it) and the paths. The table, toolbar, form grid and pager are the
// console's (ui/circle-admin/live/parts.tsx); the review badge is the circle pages' (a course is a circle).
import type { ReactNode } from 'react'
import { css } from '@linaria/core'
import { useLocation, useSearch } from 'wouter'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import { parseRouteId } from '../../../core/validation/route-id'
import { useRead } from '../../common/use-read'
import { Failed, Loading } from '../../common/status'
import { t } from '../../i18n/i18n'
import { field } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { useCourseAdminApi } from './api'
import '../../i18n/texts/circleAdminCourse'

const picker = css`
  display: flex;
  gap: 10px;
  align-items: center;
  margin-bottom: 16px;
  font-size: 13px;
  color: ${tokens.textSecondary};
  select {
    min-width: 240px;
  }
`

/** The ?courseId= of the address (0: none chosen). */
export function useCourseParam(): number {
  return parseRouteId(new URLSearchParams(useSearch()).get('courseId') ?? undefined) ?? 0
}

/** The course a page manages: a picker of the reader's courses; the body renders for the chosen one (the first when none is chosen). */
export function CoursePicker({ children }: { children: (course: AdminCircle) => ReactNode }) {
  const api = useCourseAdminApi()
  const [path, navigate] = useLocation()
  const chosen = useCourseParam()
  const all = useRead(api.allCourses())
  if (all.status === 'loading') return <Loading rows={3} />
  if (all.status === 'failed') return <Failed message={all.message} onRetry={all.reload} />
  const list = all.data.list
  if (list.length === 0) return <p data-testid="course-picker-none">{t('circleAdminCourse.content.noCourses')}</p>
  const course = list.find((c) => c.id === chosen) ?? list[0]!
  return (
    <>
      <label className={picker}>
        {t('circleAdminCourse.content.course')}
        <select className={field} value={course.id} data-testid="course-picker" onChange={(e) => navigate(`${path}?courseId=${e.target.value}`, { replace: true })}>
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {children(course)}
    </>
  )
}
