// Courses (issue 27; spec 001 §7 GET /api/financial-circle/course/{id}/v1): a COURSE circle's chapters
// with text, pictures and a video in the storage port, open to the circle's readers (core/circles access,
// through circle-context.ts) and free chapters to everyone; each reader's progress (core/courses/progress.ts).
import type { ChapterProgress, Course, CourseChapter } from '../../core/api/circle-extras'
import { CIRCLE_MESSAGES } from '../../core/circles/limits'
import { COURSE_MESSAGES as M, courseVideoUrl } from '../../core/courses/limits'
import { chapterOpen, completedCount, nextProgress, resumeChapterId } from '../../core/courses/progress'
import type { Db } from '../db/db'
import { ApiError, notFound } from '../http/api-error'
import { circleContext, type CircleContext } from '../circle-extras/circle-context'
import { chapterById, chaptersOf, type ChapterRow } from './chapters-repository'
import { chapterProgressOf, progressOf, saveProgress, type ProgressRow } from './progress-repository'

async function courseOf(db: Db, id: number, userId: number | null, now: number): Promise<CircleContext> {
  const circle = await circleContext(db, id, userId, now)
  if (!circle || circle.type !== 'COURSE') throw notFound(M.courseNotFound)
  return circle
}

const toProgress = (p: ProgressRow): ChapterProgress => ({
  chapterId: p.chapter_id,
  positionSeconds: p.position_seconds,
  completed: p.completed,
  updateTimestamp: Number(p.update_timestamp),
})

function toChapter(row: ChapterRow, canRead: boolean, progress: ProgressRow | undefined): CourseChapter {
  const open = chapterOpen(canRead, row.free)
  return {
    id: row.id,
    title: row.title,
    free: row.free,
    open,
    content: open ? row.content : '',
    pictureUrls: open ? row.picture_urls : [],
    hasVideo: row.video_key !== null,
    durationSeconds: row.video_seconds,
    video: open && row.video_key !== null && row.video_type !== null ? { url: courseVideoUrl(row.id), contentType: row.video_type, durationSeconds: row.video_seconds } : null,
    progress: canRead && progress ? toProgress(progress) : null,
  }
}

export async function courseDetail(db: Db, id: number, userId: number | null, now: number): Promise<Course> {
  const course = await courseOf(db, id, userId, now)
  const canRead = course.access.canRead
  const [rows, progress] = await Promise.all([chaptersOf(db, id), canRead && userId !== null ? progressOf(db, userId, id) : Promise.resolve([])])
  const byChapter = new Map(progress.map((p) => [p.chapter_id, p]))
  const chapters = rows.map((r) => toChapter(r, canRead, byChapter.get(r.id)))
  const states = chapters.map((c) => ({ id: c.id, progress: c.progress }))
  return {
    id: course.id,
    name: course.name,
    avatar: course.avatar,
    brief: course.brief,
    intro: course.intro,
    owner: course.owner,
    price: course.price,
    access: course.access,
    chapters,
    completedCount: completedCount(states),
    resumeChapterId: resumeChapterId(chapters.filter((c) => c.open).map((c) => ({ id: c.id, progress: c.progress }))),
  }
}

/** The chapter of this course, or 404 (a chapter of another course is not this course's). */
async function chapterOf(db: Db, courseId: number, chapterId: number): Promise<ChapterRow> {
  const row = await chapterById(db, chapterId)
  if (!row || row.circle_id !== courseId) throw notFound(M.chapterNotFound)
  return row
}

/** PUT …/course/{id}/progress/v1: readers of the course only; the stored progress follows core's rule. */
export async function reportProgress(db: Db, courseId: number, userId: number, report: { chapterId: number; positionSeconds: number; completed?: boolean | undefined }, now: number): Promise<ChapterProgress> {
  const course = await courseOf(db, courseId, userId, now)
  if (!course.access.canRead) throw new ApiError(403, M.joinFirst)
  const chapter = await chapterOf(db, courseId, report.chapterId)
  const previous = await chapterProgressOf(db, userId, chapter.id)
  const next = nextProgress(previous ? { positionSeconds: previous.position_seconds, completed: previous.completed } : null, report, chapter.video_seconds)
  const row: ProgressRow = { user_id: userId, chapter_id: chapter.id, circle_id: courseId, position_seconds: next.positionSeconds, completed: next.completed, update_timestamp: now }
  await saveProgress(db, row)
  return toProgress(row)
}

/**
 * The video of a chapter for this reader: its storage key and type, or an ApiError (404 no such chapter
 * or no video; 401 a guest and 403 an outsider for a chapter that is not free).
 */
export async function chapterVideo(db: Db, chapterId: number, userId: number | null, now: number): Promise<{ key: string; contentType: string }> {
  const chapter = await chapterById(db, chapterId)
  if (!chapter) throw notFound(M.chapterNotFound)
  if (chapter.video_key === null || chapter.video_type === null) throw notFound(M.noVideo)
  if (!chapter.free) {
    const course = await courseOf(db, chapter.circle_id, userId, now)
    if (!course.access.canRead) throw new ApiError(userId === null ? 401 : 403, userId === null ? CIRCLE_MESSAGES.loginFirst : M.joinFirst)
  }
  return { key: chapter.video_key, contentType: chapter.video_type }
}
