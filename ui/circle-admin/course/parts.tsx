// Pieces the console's course pages share: the picker of the course a page manages (kept in the address
// as ?courseId=, so a link opens it) and the paths. The table, toolbar, form grid and pager are the
// console's (ui/circle-admin/parts.tsx); the review badge is the circle pages' (a course is a circle).
import type { ReactNode } from 'react'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { ManagedPicker } from '../parts'
import { useCourseAdminApi } from './api'
import '../../i18n/texts/circleAdminCourse'

/** The course a page manages: a picker of the reader's courses; the body renders for the chosen one (the first when none is chosen). */
export function CoursePicker({ children }: { children: (course: AdminCircle) => ReactNode }) {
  const all = useRead(useCourseAdminApi().allCourses())
  return (
    <ManagedPicker state={all} param="courseId" label={t('circleAdminCourse.content.course')} none={t('circleAdminCourse.content.noCourses')} testId="course-picker">
      {children}
    </ManagedPicker>
  )
}
