// course/list/add and course/list/edit/{id?} (spec 001 §2; issue 29): a course's form — name, brief,
// intro, cover (uploaded through the uploads port), free or a price per period. A course is a circle of
// type COURSE: this is the console's circle form (circle/circle-form-page.tsx, its machine
// core/circle-admin/circle-form.machine.ts, its rules and messages core/circle-admin/circles.ts in a
// course's words) with the type fixed. A new course is submitted for review, like every new circle.
import { CircleFormPage, type FormKind } from '../circle/circle-form-page'
import { COURSE_LIST_PATH } from './paths'
import '../../i18n/texts/circleAdminCourse'

const COURSE_FORM: FormKind = { texts: 'circleAdminCourse.form', testId: 'course-form', active: 'courseList', listPath: COURSE_LIST_PATH, fixedType: 'COURSE' }

export function CourseFormPage({ id }: { id: number | null }) {
  return <CircleFormPage id={id} kind={COURSE_FORM} />
}
