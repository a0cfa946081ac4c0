// course/content (spec 001 §2; issue 29): one course's chapters in their order — searched by title, in
// numbered pages — with whether each is a free preview and has a video, and the ways to add, edit and
// remove one. The course is chosen in the picker (?courseId=).
import { useState } from 'react'
import { Link } from 'wouter'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import { normaliseError } from '../../../core/api/api-error'
import { formatDuration } from '../../../core/courses/duration'
import { formatDate } from '../../../core/format/date-time'
import { Empty, Failed, Loading } from '../../common/status'
import { useInvalidate, useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { ConfirmButton, message, Pager, table, toolbar } from '../parts'
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
  const [page, setPage] = useState(1)
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
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
      <div className={toolbar}>
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
            placeholder={t('circleAdminCourse.content.search')}
            aria-label={t('circleAdminCourse.content.search')}
            data-testid="chapter-search"
          />
          <button type="submit" className={pill}>
            {t('circleAdminCourse.content.searchButton')}
          </button>
        </form>
        <span style={{ flex: 1 }} />
        <Link href={`/chiefCircle/detail/${course.id}`} className={pill}>
          {t('circleAdminCourse.content.view')}
        </Link>
        <Link href={`${COURSE_CONTENT_PATH}/add?courseId=${course.id}`} className={`${pill} ${primary}`} data-testid="chapter-add">
          {t('circleAdminCourse.content.add')}
        </Link>
      </div>
      {failure ? (
        <p className={message} role="alert">
          {failure}
        </p>
      ) : null}
      {list.status === 'loading' ? <Loading rows={3} /> : null}
      {list.status === 'failed' ? <Failed message={list.message} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.data.list.length === 0 ? <Empty text={t('circleAdminCourse.content.none')} /> : null}
      {list.status === 'ready' && list.data.list.length > 0 ? (
        <>
          <table className={table} data-testid="chapter-table">
            <thead>
              <tr>
                <th>{t('circleAdminCourse.content.order')}</th>
                <th>{t('circleAdminCourse.content.chapter')}</th>
                <th>{t('circleAdminCourse.content.free')}</th>
                <th>{t('circleAdminCourse.content.video')}</th>
                <th>{t('circleAdminCourse.content.created')}</th>
                <th>{t('circleAdminCourse.content.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((c) => (
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
              ))}
            </tbody>
          </table>
          <Pager page={page} total={list.data.total ?? 0} count={CHAPTERS_PAGE} onPage={setPage} />
        </>
      ) : null}
    </>
  )
}
