// course/content (spec 001 §2; issue 29): one course's chapters in their order — searched by title, in
// numbered pages — with whether each is a free preview and has a video, and the ways to add, edit and
// remove one. The course is chosen in the picker (?courseId=).
import { useState } from 'react'
import { Link } from 'wouter'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import { normaliseError } from '../../../core/api/api-error'
import { formatDuration } from '../../../core/courses/duration'
import { formatDate } from '../../../core/format/date-time'
import { useInvalidate, useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { ConsoleFrame } from '../console-frame'
import { ConfirmButton, ListTable, message, SearchBox, useListQuery } from '../parts'
import { CHAPTERS_PAGE, COURSE_ADMIN_READS, useCourseAdminApi } from './api'
import { CoursePicker } from './parts'
import { COURSE_CONTENT_PATH } from './paths'
import '../../i18n/texts/circleAdminCourse'

export function ContentPage() {
  return (
    <ConsoleFrame title={t('circleAdminCourse.content.title')} active="courseContent">
      <CoursePicker>{(course) => <Chapters key={course.id} course={course} />}</CoursePicker>
    </ConsoleFrame>
  )
}

function Chapters({ course }: { course: AdminCircle }) {
  const api = useCourseAdminApi()
  const invalidate = useInvalidate()
  const { page, setPage, keyword, search } = useListQuery()
  const [failure, setFailure] = useState<string | null>(null)
  const list = useRead(api.chapters(course.id, { page, keyword }))
  const remove = (chapterId: number) => {
    setFailure(null)
    api.removeChapter(chapterId).then(
      () => invalidate(COURSE_ADMIN_READS),
      (e: unknown) => setFailure(normaliseError(e).message),
    )
  }
  return (
    <>
      <SearchBox
        placeholder={t('circleAdminCourse.content.search')}
        onSearch={search}
        testId="chapter-search"
        actions={
          <>
            <Link href={`/chiefCircle/detail/${course.id}`} className={pill}>
              {t('circleAdminCourse.content.view')}
            </Link>
            <Link href={`${COURSE_CONTENT_PATH}/add?courseId=${course.id}`} className={`${pill} ${primary}`} data-testid="chapter-add">
              {t('circleAdminCourse.content.add')}
            </Link>
          </>
        }
      />
      {failure ? (
        <p className={message} role="alert">
          {failure}
        </p>
      ) : null}
      <ListTable state={list} none={t('circleAdminCourse.content.none')} page={page} count={CHAPTERS_PAGE} onPage={setPage} testId="chapter-table" head={[t('circleAdminCourse.content.order'), t('circleAdminCourse.content.chapter'), t('circleAdminCourse.content.free'), t('circleAdminCourse.content.video'), t('circleAdminCourse.content.created'), t('circleAdminCourse.content.actions')]}>
        {(c) => (
          <tr key={c.id} data-testid="chapter-row">
            <td>{c.sort}</td>
            <td>{c.title}</td>
            <td>{c.free ? t('circleAdminCourse.content.free') : ''}</td>
            <td className="muted">{c.video ? formatDuration(c.video.durationSeconds) : t('circleAdminCourse.content.noVideo')}</td>
            <td className="muted">{formatDate(c.createTimestamp)}</td>
            <td className="actions">
              <Link href={`${COURSE_CONTENT_PATH}/edit/${c.id}`} data-testid="chapter-edit">
                {t('circleAdminCourse.content.edit')}
              </Link>
              <ConfirmButton
                label={t('circleAdminCourse.content.remove')}
                question={t('circleAdminCourse.content.removeQuestion', { title: c.title })}
                onConfirm={() => remove(c.id)}
                testId="chapter-remove"
                tone="danger"
              />
            </td>
          </tr>
        )}
      </ListTable>
    </>
  )
}
