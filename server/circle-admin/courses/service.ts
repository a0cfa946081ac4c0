// The console's course content (issue 29; core/api/circle-admin-courses.ts): a course's chapters, their
// add, edit and removal, and the videos uploaded for them. Every call asks the guard first (the course's
// owner or an admin of THIS course: server/circle-admin/guard.ts over core/circle-admin/access.ts), then
// the chapter form's rules (core/circle-admin/course-form.ts, the same messages the form shows). SQL only
// in the repositories (server/courses/chapters-repository.ts, videos-repository.ts). The member's course
// page reads the same rows (server/courses/courses.ts).
import type { AdminChapter, ChapterBody, CourseVideoUpload } from '../../../core/api/circle-admin-courses'
import { CONSOLE_MESSAGES } from '../../../core/circle-admin/access'
import { chapterProblems, COURSE_FORM_MESSAGES, COURSE_VIDEO_TYPES } from '../../../core/circle-admin/course-form'
import { COURSE_MESSAGES, courseVideoUrl } from '../../../core/courses/limits'
import { numberedPage, type NumberedPage } from '../../../core/api/page'
import type { Db } from '../../db/db'
import { ApiError, notFound } from '../../http/api-error'
import { chapterById, chapterPage, deleteChapter, insertChapter, updateChapter, type ChapterRow } from '../../courses/chapters-repository'
import { courseVideoOf, insertCourseVideo } from '../../courses/videos-repository'
import type { UploadRow } from '../../uploads/uploads-repository'
import { managedCircle } from '../guard'

export interface CourseAdminCtx {
  readonly db: Db
  /** ms */
  readonly now: () => number
}

/** the console's chapter list per page unless asked (ours) */
export const CHAPTERS_PAGE = 20

const seconds = (ctx: CourseAdminCtx) => Math.floor(ctx.now() / 1000)

export function toAdminChapter(r: ChapterRow): AdminChapter {
  return {
    id: r.id,
    courseId: r.circle_id,
    title: r.title,
    sort: r.sort,
    free: r.free,
    content: r.content,
    pictureUrls: r.picture_urls,
    video: r.video_key !== null && r.video_type !== null ? { key: r.video_key, url: courseVideoUrl(r.id), contentType: r.video_type, durationSeconds: r.video_seconds } : null,
    createTimestamp: Number(r.create_timestamp),
  }
}

/** The course if the caller administers it (a circle of another type is not a course: 404). */
const managedCourse = (ctx: CourseAdminCtx, courseId: number, userId: number | null) => managedCircle(ctx.db, courseId, userId, { type: 'COURSE' })

/** The chapter if the caller administers its course; a guest is asked to log in before anything is looked up. */
async function managedChapter(ctx: CourseAdminCtx, chapterId: number, userId: number | null): Promise<ChapterRow> {
  if (userId === null) throw new ApiError(401, CONSOLE_MESSAGES.loginFirst)
  const row = await chapterById(ctx.db, chapterId)
  if (!row) throw notFound(COURSE_MESSAGES.chapterNotFound)
  await managedCourse(ctx, row.circle_id, userId)
  return row
}

export async function chapterList(ctx: CourseAdminCtx, userId: number | null, courseId: number, q: { page?: number | undefined; count?: number | undefined; keyword?: string | undefined }): Promise<NumberedPage<AdminChapter>> {
  await managedCourse(ctx, courseId, userId)
  const page = q.page ?? 1
  const count = q.count ?? CHAPTERS_PAGE
  const keyword = q.keyword?.trim() || undefined
  const { rows, total } = await chapterPage(ctx.db, courseId, { keyword, offset: (page - 1) * count, limit: count })
  return numberedPage(rows.map(toAdminChapter), { page, count, total })
}

export async function chapterDetail(ctx: CourseAdminCtx, userId: number | null, chapterId: number): Promise<AdminChapter> {
  return toAdminChapter(await managedChapter(ctx, chapterId, userId))
}

/**
 * The chapter's columns from a checked body: the form's rules (400 with the field's message), and a video
 * that was uploaded for this course (or the one the chapter already has, such as a seeded chapter's).
 */
async function columnsOf(ctx: CourseAdminCtx, courseId: number, body: ChapterBody, before: ChapterRow | null) {
  const problem = Object.values(chapterProblems(body))[0]
  if (problem) throw new ApiError(400, problem)
  let video: { video_key: string; video_type: 'video/webm' | 'video/mp4'; video_seconds: number } | null = null
  if (body.video) {
    const seconds = Math.round(body.video.durationSeconds)
    if (before && before.video_key === body.video.key && before.video_type !== null) {
      video = { video_key: before.video_key, video_type: before.video_type, video_seconds: seconds || before.video_seconds }
    } else {
      const stored = await courseVideoOf(ctx.db, courseId, body.video.key)
      if (!stored) throw new ApiError(400, COURSE_FORM_MESSAGES.videoNotFound)
      video = { video_key: stored.storage_key, video_type: stored.content_type, video_seconds: seconds }
    }
  }
  return {
    title: body.title.trim(),
    sort: body.sort,
    free: body.free,
    content: body.content,
    video_key: video?.video_key ?? null,
    video_type: video?.video_type ?? null,
    video_seconds: video?.video_seconds ?? 0,
  }
}

export async function createChapter(ctx: CourseAdminCtx, userId: number | null, courseId: number, body: ChapterBody): Promise<AdminChapter> {
  await managedCourse(ctx, courseId, userId)
  const columns = await columnsOf(ctx, courseId, body, null)
  return toAdminChapter(await insertChapter(ctx.db, { ...columns, circle_id: courseId, create_timestamp: seconds(ctx) }))
}

export async function editChapter(ctx: CourseAdminCtx, userId: number | null, chapterId: number, body: ChapterBody): Promise<AdminChapter> {
  const before = await managedChapter(ctx, chapterId, userId)
  const columns = await columnsOf(ctx, before.circle_id, body, before)
  const row = await updateChapter(ctx.db, chapterId, columns)
  if (!row) throw notFound(COURSE_MESSAGES.chapterNotFound)
  return toAdminChapter(row)
}

/** Removes a chapter (its readers' progress goes with it); the stored video stays (another chapter may show it). */
export async function removeChapter(ctx: CourseAdminCtx, userId: number | null, chapterId: number): Promise<boolean> {
  await managedChapter(ctx, chapterId, userId)
  await deleteChapter(ctx.db, chapterId)
  return true
}

/** Before a video's bytes are read: the caller administers the course. Answers who they are. */
export async function assertMayUpload(ctx: CourseAdminCtx, userId: number | null, courseId: number): Promise<number> {
  if (userId === null) throw new ApiError(401, CONSOLE_MESSAGES.loginFirst)
  await managedCourse(ctx, courseId, userId)
  return userId
}

/** Records a received video as this course's (server/uploads/receive.ts hands over its row). */
export async function recordVideo(ctx: CourseAdminCtx, courseId: number, row: UploadRow): Promise<CourseVideoUpload> {
  const contentType = COURSE_VIDEO_TYPES.find((t) => t === row.content_type)
  if (!contentType) throw new ApiError(400, COURSE_FORM_MESSAGES.videoType)
  await insertCourseVideo(ctx.db, { storage_key: row.storage_key, circle_id: courseId, user_id: row.user_id, content_type: contentType, name: row.name, size: row.size, create_timestamp: row.create_timestamp })
  return { key: row.storage_key, contentType, size: row.size, name: row.name }
}
