// course/content/add and course/content/edit/{id?} (spec 001 §2; issue 29): a chapter's form — title,
// order, free preview, text — and its video uploaded through the object-storage port with its progress
// (core/circle-admin/course-upload.machine.ts: a percentage, then stored, or failed with a retry). The
// form is the chapter editor machine (core/circle-admin/chapter-editor.machine.ts); the view renders
// both machines and sends them what the adviser does; nothing is decided here.
import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { css } from '@linaria/core'
import { useActorRef, useSelector } from '@xstate/react'
import type { AdminChapter } from '../../../core/api/circle-admin-courses'
import type { AdminCircle } from '../../../core/api/circle-admin-circles'
import { CHAPTER_TEXT_MAX, CHAPTER_TITLE_MAX } from '../../../core/courses/limits'
import { formatDuration } from '../../../core/courses/duration'
import type { ChapterEditorActor } from '../../../core/circle-admin/chapter-editor.machine'
import { uploadPercent, uploadSlot, type CourseUploadActor } from '../../../core/circle-admin/course-upload.machine'
import type { ChapterForm } from '../../../core/circle-admin/course-form'
import { Failed, Loading } from '../../common/status'
import { inspect } from '../../dev/inspector'
import { useInvalidate, useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field, fileButton, smallButton } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { ConsoleForm, message, Row } from '../parts'
import { COURSE_ADMIN_READS, useCourseAdminApi } from './api'
import { CoursePicker } from './parts'
import { COURSE_CONTENT_PATH } from './paths'
import '../../i18n/texts/circleAdminCourse'

const EMPTY: ChapterForm = { title: '', sortText: '1', free: false, content: '' }

const videoBox = css`
  display: grid;
  gap: 8px;
  .bar {
    height: 8px;
    border-radius: 4px;
    background: ${tokens.bg};
    overflow: hidden;
  }
  .bar > span {
    display: block;
    height: 100%;
    background: ${tokens.brand};
    transition: width 0.2s;
  }
  .line {
    display: flex;
    gap: 10px;
    align-items: center;
    font-size: 13px;
    color: ${tokens.textSecondary};
  }
  video {
    width: 320px;
    max-width: 100%;
    border-radius: 6px;
    background: ${tokens.text}; /* the player's letterbox, as the course page's (ui/circles/course-video.tsx) */
  }
`
const check = css`
  display: inline-flex;
  gap: 8px;
  align-items: center;
  padding-top: 6px;
  font-size: 13px;
  input {
    width: 16px;
    height: 16px;
    accent-color: ${tokens.brand};
  }
`

/** course/content/add?courseId=: a new chapter of the chosen course. */
export function ChapterAddPage() {
  return (
    <ConsoleFrame title={t('circleAdminCourse.chapter.createTitle')} active="courseContent">
      <CoursePicker>{(course) => <ChapterEditor key={course.id} course={course} chapter={null} />}</CoursePicker>
    </ConsoleFrame>
  )
}

/** course/content/edit/{id}: the chapter as it is. */
export function ChapterEditPage({ id }: { id: number }) {
  const api = useCourseAdminApi()
  const chapter = useRead(api.chapter(id))
  return (
    <ConsoleFrame title={t('circleAdminCourse.chapter.editTitle')} active="courseContent">
      {chapter.status === 'loading' ? <Loading rows={3} /> : null}
      {chapter.status === 'failed' ? <Failed message={chapter.message} onRetry={chapter.reload} /> : null}
      {chapter.status === 'ready' ? <ChapterEditor key={chapter.data.id} course={null} chapter={chapter.data} /> : null}
    </ConsoleFrame>
  )
}

function ChapterEditor({ course, chapter }: { course: AdminCircle | null; chapter: AdminChapter | null }) {
  const api = useCourseAdminApi()
  const courseId = chapter?.courseId ?? course?.id ?? 0
  const form: ChapterForm = chapter ? { title: chapter.title, sortText: String(chapter.sort), free: chapter.free, content: chapter.content } : EMPTY
  const editor = useActorRef(api.chapterEditor({ courseId, chapterId: chapter?.id ?? null }), { input: { form }, inspect })
  const video = useActorRef(api.videoUpload(courseId), {
    input: { kind: 'video', stored: chapter?.video ? { value: chapter.video.key, name: '', durationSeconds: chapter.video.durationSeconds } : null },
    inspect,
  })
  return <ChapterFormView editor={editor} video={video} courseId={courseId} current={chapter?.video ?? null} />
}

function ChapterFormView({ editor, video, courseId, current }: { editor: ChapterEditorActor; video: CourseUploadActor; courseId: number; current: AdminChapter['video'] }) {
  const [, navigate] = useLocation()
  const invalidate = useInvalidate()
  const values = useSelector(editor, (s) => s.context.form)
  const errors = useSelector(editor, (s) => s.context.errors)
  const failure = useSelector(editor, (s) => s.context.message)
  const saving = useSelector(editor, (s) => s.matches('saving'))
  const saved = useSelector(editor, (s) => s.matches('saved'))
  useEffect(() => {
    if (!saved) return
    invalidate(COURSE_ADMIN_READS)
    navigate(`${COURSE_CONTENT_PATH}?courseId=${courseId}`)
  }, [saved, invalidate, navigate, courseId])
  const edit = (patch: Partial<ChapterForm>) => editor.send({ type: 'form.edit', patch })
  return (
    <ConsoleForm testId="chapter-form" onSubmit={() => editor.send({ type: 'form.submit', upload: uploadSlot(video.getSnapshot()) })}>
      <Row label={t('circleAdminCourse.chapter.title')} error={errors.title}>
        {(fid) => (
          <input
            id={fid}
            type="text"
            className={field}
            maxLength={CHAPTER_TITLE_MAX * 2}
            placeholder={t('circleAdminCourse.chapter.titlePlaceholder', { max: CHAPTER_TITLE_MAX })}
            value={values.title}
            onChange={(e) => edit({ title: e.target.value })}
            aria-invalid={errors.title ? true : undefined}
            data-testid="chapter-form-title"
          />
        )}
      </Row>
      <Row label={t('circleAdminCourse.chapter.sort')} error={errors.sort} hint={t('circleAdminCourse.chapter.sortHint')}>
        {(fid) => (
          <input
            id={fid}
            type="text"
            inputMode="numeric"
            className={field}
            style={{ width: 120 }}
            value={values.sortText}
            onChange={(e) => edit({ sortText: e.target.value })}
            aria-invalid={errors.sort ? true : undefined}
            data-testid="chapter-form-sort"
          />
        )}
      </Row>
      <Row label={t('circleAdminCourse.chapter.free')}>
        {(fid) => (
          <span className={check}>
            <input id={fid} type="checkbox" checked={values.free} onChange={(e) => edit({ free: e.target.checked })} data-testid="chapter-form-free" />
            {t('circleAdminCourse.chapter.freeLabel')}
          </span>
        )}
      </Row>
      <Row label={t('circleAdminCourse.chapter.content')} error={errors.content}>
        {(fid) => (
          <textarea
            id={fid}
            maxLength={CHAPTER_TEXT_MAX * 2}
            value={values.content}
            onChange={(e) => edit({ content: e.target.value })}
            aria-invalid={errors.content ? true : undefined}
            data-testid="chapter-form-content"
          />
        )}
      </Row>
      <Row label={t('circleAdminCourse.chapter.video')} error={errors.video} hint={t('circleAdminCourse.chapter.videoHint')}>
        {(fid) => <VideoUpload actor={video} inputId={fid} current={current} />}
      </Row>
      <div className="submit">
        <button type="submit" className={`${pill} ${primary}`} disabled={saving} data-testid="chapter-form-submit">
          {saving ? t('circleAdminCourse.chapter.saving') : t('circleAdminCourse.chapter.submit')}
        </button>
        <Link href={`${COURSE_CONTENT_PATH}?courseId=${courseId}`} className={pill}>
          {t('circleAdminCourse.chapter.back')}
        </Link>
        {failure ? (
          <p className={message} role="alert" data-testid="chapter-form-message">
            {failure}
          </p>
        ) : null}
      </div>
    </ConsoleForm>
  )
}

/** The video's upload: pick, the percentage while it goes up, then stored (replace, remove) or failed (retry). */
export function VideoUpload({ actor, inputId, current }: { actor: CourseUploadActor; inputId: string; current: AdminChapter['video'] }) {
  const uploading = useSelector(actor, (s) => s.matches('uploading'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const stored = useSelector(actor, (s) => (s.matches('done') ? s.context.stored : null))
  const percent = useSelector(actor, (s) => uploadPercent(s.context))
  const error = useSelector(actor, (s) => s.context.error)
  const pickedName = useSelector(actor, (s) => s.context.picked?.name ?? '')
  const isCurrent = stored !== null && current !== null && stored.value === current.key
  return (
    <div className={videoBox} data-testid="chapter-video">
      {uploading ? (
        <>
          <div className="line">
            <span data-testid="chapter-video-progress">{t('circleAdminCourse.chapter.uploading', { percent })}</span>
            <span>{pickedName}</span>
            <button type="button" className={smallButton} onClick={() => actor.send({ type: 'file.remove' })}>
              {t('circleAdminCourse.chapter.cancelUpload')}
            </button>
          </div>
          <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('circleAdminCourse.chapter.video')}>
            <span style={{ width: `${percent}%` }} />
          </div>
        </>
      ) : null}
      {stored ? (
        <>
          {isCurrent && current ? (
            <>
              <span className="line">{t('circleAdminCourse.chapter.current', { duration: formatDuration(current.durationSeconds) })}</span>
              <video src={current.url} controls preload="metadata" data-testid="chapter-video-player" />
            </>
          ) : (
            <span className="line" data-testid="chapter-video-done">
              {t('circleAdminCourse.chapter.uploaded', { name: stored.name || pickedName })}
              {stored.durationSeconds > 0 ? `（${formatDuration(stored.durationSeconds)}）` : ''}
            </span>
          )}
        </>
      ) : null}
      {failed ? (
        <div className="line">
          <button type="button" className={smallButton} onClick={() => actor.send({ type: 'upload.retry' })} data-testid="chapter-video-retry">
            {t('circleAdminCourse.chapter.retry')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" data-testid="chapter-video-error">
          {error}
        </p>
      ) : null}
      {!uploading ? (
        <div className="line">
          <label className={fileButton} htmlFor={inputId}>
            {stored ? t('circleAdminCourse.chapter.replace') : t('circleAdminCourse.chapter.pick')}
            <input
              id={inputId}
              type="file"
              accept=".mp4,.webm,video/mp4,video/webm"
              data-testid="chapter-form-video"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) actor.send({ type: 'file.pick', file: { name: file.name, size: file.size, type: file.type, file } })
                e.target.value = ''
              }}
            />
          </label>
          {stored || failed ? (
            <button type="button" className={smallButton} data-tone="danger" onClick={() => actor.send({ type: 'file.remove' })} data-testid="chapter-video-remove">
              {t('circleAdminCourse.chapter.remove')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
