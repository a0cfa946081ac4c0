// A course (issue 27; a circle of type COURSE, shown at /chiefCircle/detail/{id}): GET
// /api/financial-circle/course/{id}/v1 read through the one read helper. The chapter list (free ones marked
// 试看, the reader's place and finished ones marked), the open chapter's video (seekable: the server answers
// byte ranges), its text (plain text, shown as text) and pictures; a chapter the reader may not open shows
// why and the buy (paid), renew (expired) or join (free) button. A member's place is saved by the progress
// machine (core/courses/course-progress.machine.ts) as they watch.
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from '@linaria/core'
import type { Course, CourseChapter } from '../../core/api/circle-extras'
import { NOT_FOUND } from '../../core/query/query-cache'
import { courseProgressMachine } from '../../core/courses/course-progress.machine'
import { formatDuration } from '../../core/courses/duration'
import { formatDate } from '../../core/format/date-time'
import { useJoin } from './use-join'
import { Img } from '../common/img'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Empty, Failed, Loading } from '../common/status'
import { useRead } from '../common/use-read'
import { panel, panelTitle } from '../content/panel'
import { headCard } from './styles'
import { inspect } from '../dev/inspector'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCourseApi } from './course-api'
import { CourseVideo } from './course-video'
import '../i18n/texts/course'
import { plainListLook, tagLook } from '../styles/looks'

const layout = css`
  display: grid;
  grid-template-columns: 320px minmax(0, 1fr);
  gap: 16px;
  align-items: start;
`
const page = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`
const chapterList = css`
  ${plainListLook}
  li + li {
    border-top: 1px solid ${tokens.border};
  }
`
const chapterButton = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  width: 100%;
  padding: 12px 8px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${tokens.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${tokens.bg};
  }
  &[aria-current='true'] {
    background: ${tokens.brandTint};
    color: ${tokens.brand};
  }
  &:focus-visible {
    outline: 2px solid ${tokens.link};
    outline-offset: 1px;
  }
  .title {
    font-weight: 600;
    line-height: 1.5;
  }
  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
  .tag {
    ${tagLook(tokens.bg, tokens.textSecondary)}
  }
`
const chapterBody = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  h2 {
    margin: 0;
    font-size: 20px;
  }
  .text p {
    margin: 0 0 12px;
    line-height: 1.8;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .pictures {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
  }
  .pictures img,
  .pictures [role='img'] {
    width: 100%;
    max-width: 560px;
    height: auto;
    border-radius: 8px;
  }
`
const lockedBox = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 48px 16px;
  border-radius: 8px;
  background: ${tokens.bg};
  text-align: center;
  strong {
    font-size: 16px;
  }
  p {
    margin: 0;
    color: ${tokens.textSecondary};
  }
  [role='alert'] {
    color: ${tokens.important};
  }
`

export function CoursePage({ id }: { id: number }) {
  const api = useCourseApi()
  const course = useRead(api.course(id))
  usePageTitle(course.status === 'ready' ? t('course.pageTitle', { name: course.data.name }) : null)
  if (course.status === 'loading') return <Loading />
  if (course.status === 'failed') return course.statusCode === NOT_FOUND ? <Empty text={t('course.notFound')} /> : <Failed message={course.message} onRetry={course.reload} />
  return <CourseView course={course.data} />
}

/** The course once read; `key` on the course id and reader keeps one progress machine per course and reader. */
function CourseView({ course }: { course: Course }) {
  const api = useCourseApi()
  const session = useSession()
  const keeps = course.access.canRead && session.user !== null
  const progress = useActorRef(courseProgressMachine.provide({ actors: { saveProgress: api.saveProgress(keeps) } }), { input: { courseId: course.id }, inspect })
  const openId = useSelector(progress, (s) => s.context.chapterId) ?? course.resumeChapterId
  const savedNow = useSelector(progress, (s) => s.context.saved)
  const chapter = course.chapters.find((c) => c.id === openId) ?? course.chapters[0] ?? null
  const open = (c: CourseChapter) =>
    progress.send({ type: 'chapter.open', chapterId: c.id, saved: c.progress ? { chapterId: c.id, positionSeconds: c.progress.positionSeconds, completed: c.progress.completed } : null })
  const done = course.chapters.filter((c) => c.progress?.completed || (savedNow?.chapterId === c.id && savedNow.completed)).length
  return (
    <div className={page} data-testid="course-page">
      <section className={`${panel} ${headCard}`} aria-labelledby="course-name">
        {course.avatar ? <Img src={course.avatar} alt="" width={88} height={88} /> : null}
        <div className="body">
          <h1 id="course-name">{course.name}</h1>
          {course.brief ? <p className="brief">{course.brief}</p> : null}
          <div className="meta">
            <span>
              {t('course.lecturer')} {course.owner.nick}
            </span>
            <span>{t('course.chapterCount', { n: course.chapters.length })}</span>
            {keeps ? <span data-testid="course-progress">{t('course.progress', { done, total: course.chapters.length })}</span> : null}
            {course.access.canRead && course.access.expireTimestamp !== null ? <span>{t('course.validUntil', { date: formatDate(course.access.expireTimestamp) })}</span> : null}
          </div>
        </div>
      </section>
      {course.chapters.length === 0 ? (
        <Empty text={t('course.empty')} />
      ) : (
        <div className={layout}>
          <nav className={panel} aria-labelledby="course-chapters">
            <h2 id="course-chapters" className={panelTitle}>
              {t('course.chapters')}
            </h2>
            <ol className={chapterList}>
              {course.chapters.map((c) => (
                <li key={c.id}>
                  <button type="button" className={chapterButton} aria-current={chapter?.id === c.id} onClick={() => open(c)} data-testid="course-chapter">
                    <span className="title">{c.title}</span>
                    <span className="tags">
                      {c.free ? <span className="tag">{t('course.free')}</span> : null}
                      {!c.open ? <span className="tag">{t('course.locked')}</span> : null}
                      <span>{c.hasVideo ? formatDuration(c.durationSeconds) : t('course.textChapter')}</span>
                      <ChapterState chapter={c} savedNow={savedNow} />
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          {chapter ? <ChapterView key={chapter.id} course={course} chapter={chapter} progress={progress} keeps={keeps} /> : null}
        </div>
      )}
      {course.intro ? (
        <section className={panel} aria-labelledby="course-intro">
          <h2 id="course-intro" className={panelTitle}>
            {t('course.intro')}
          </h2>
          <Paragraphs text={course.intro} />
        </section>
      ) : null}
    </div>
  )
}

function ChapterState({ chapter, savedNow }: { chapter: CourseChapter; savedNow: { chapterId: number; positionSeconds: number; completed: boolean } | null }) {
  const now = savedNow?.chapterId === chapter.id ? savedNow : chapter.progress
  if (!now) return null
  if (now.completed) return <span>{t('course.completed')}</span>
  return now.positionSeconds > 0 ? <span>{t('course.watchedTo', { time: formatDuration(now.positionSeconds) })}</span> : null
}

/** Plain text with line breaks: one paragraph per line, as text (never HTML). */
function Paragraphs({ text }: { text: string }) {
  return (
    <div className="text">
      {text.split('\n').map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  )
}

function ChapterView({ course, chapter, progress, keeps }: { course: Course; chapter: CourseChapter; progress: ActorRefFrom<typeof courseProgressMachine>; keeps: boolean }) {
  const saved = useSelector(progress, (s) => (s.context.saved?.chapterId === chapter.id ? s.context.saved : null))
  const read = (saved ?? chapter.progress)?.completed === true
  return (
    <article className={`${panel} ${chapterBody}`} aria-labelledby="course-chapter-title" data-testid="course-chapter-body">
      <h2 id="course-chapter-title">{chapter.title}</h2>
      {chapter.open ? (
        <>
          <CourseVideo chapter={chapter} progress={progress} />
          {chapter.content ? <Paragraphs text={chapter.content} /> : null}
          {chapter.pictureUrls.length ? (
            <div className="pictures" role="group" aria-label={t('course.pictures', { title: chapter.title })}>
              {chapter.pictureUrls.map((url) => (
                <Img key={url} src={url} alt="" width={560} height={187} />
              ))}
            </div>
          ) : null}
          {keeps && !chapter.hasVideo ? (
            <div>
              <button
                type="button"
                className={`${pill} ${read ? '' : primary}`}
                disabled={read}
                onClick={() => {
                  if (progress.getSnapshot().context.chapterId !== chapter.id) progress.send({ type: 'chapter.open', chapterId: chapter.id, saved: null })
                  progress.send({ type: 'chapter.read' })
                }}
              >
                {read ? t('course.read') : t('course.markRead')}
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <Locked course={course} />
      )}
    </article>
  )
}

/** Why a chapter is closed, and the way in: buy or renew (paid: the order dialog), join (free), log in. */
function Locked({ course }: { course: Course }) {
  const api = useCourseApi()
  const { buy, joining, error, join } = useJoin(() => api.join(course.id), ['circle.course'])
  const { access, price } = course
  const expired = access.role === 'expired'
  return (
    <div className={lockedBox} data-testid="course-locked">
      <strong>{t('course.lockedTitle')}</strong>
      <p>{expired ? t('course.expiredNote') : t('course.lockedHint')}</p>
      {!access.canJoin ? null : price ? (
        <button type="button" className={`${pill} ${primary}`} onClick={() => buy?.(price.specsId)} data-testid="course-buy">
          {expired ? t('course.renew', { price: price.priceText }) : t('course.buy', { price: price.priceText })}
        </button>
      ) : (
        <button type="button" className={`${pill} ${primary}`} disabled={joining} onClick={() => void join()} data-testid="course-join">
          {joining ? t('course.joining') : t('course.join')}
        </button>
      )}
      {error ? <span role="alert">{error}</span> : null}
    </div>
  )
}
