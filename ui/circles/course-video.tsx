// A chapter's video (issue 27): the browser's own player on the course video URL, which the server answers
// with byte ranges so the reader can seek anywhere without loading the whole file. It opens at the
// reader's saved place and tells the progress machine (core/courses/course-progress.machine.ts) where it
// is, when it pauses and when it ends; the machine decides when to save.
import type { ActorRefFrom } from 'xstate'
import { css } from '@linaria/core'
import type { CourseChapter } from '../../core/api/circle-extras'
import type { courseProgressMachine } from '../../core/courses/course-progress.machine'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import '../i18n/texts/course'

const player = css`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  border-radius: 8px;
  background: ${tokens.text};
`

export function CourseVideo({ chapter, progress }: { chapter: CourseChapter; progress: ActorRefFrom<typeof courseProgressMachine> }) {
  if (!chapter.video) return null
  const resumeAt = chapter.progress && !chapter.progress.completed ? chapter.progress.positionSeconds : 0
  const saved = chapter.progress ? { chapterId: chapter.id, positionSeconds: chapter.progress.positionSeconds, completed: chapter.progress.completed } : null
  // the machine follows the chapter that plays (opening it saves the place in the one left)
  const ensureOpen = () => {
    if (progress.getSnapshot().context.chapterId !== chapter.id) progress.send({ type: 'chapter.open', chapterId: chapter.id, saved })
  }
  return (
    <video
      key={chapter.id}
      className={player}
      src={chapter.video.url}
      controls
      preload="metadata"
      playsInline
      aria-label={t('course.video', { title: chapter.title })}
      data-testid="course-video"
      onLoadedMetadata={(e) => {
        if (resumeAt > 0 && resumeAt < e.currentTarget.duration) e.currentTarget.currentTime = resumeAt
      }}
      onPlay={ensureOpen}
      onSeeked={(e) => {
        ensureOpen()
        progress.send({ type: 'video.time', seconds: e.currentTarget.currentTime })
      }}
      onTimeUpdate={(e) => {
        if (progress.getSnapshot().context.chapterId === chapter.id) progress.send({ type: 'video.time', seconds: e.currentTarget.currentTime })
      }}
      onPause={() => progress.send({ type: 'video.pause' })}
      onEnded={(e) => {
        progress.send({ type: 'video.time', seconds: e.currentTarget.duration })
        progress.send({ type: 'video.ended' })
      }}
    />
  )
}
