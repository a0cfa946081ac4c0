// The circle-admin console's course content (issue 29; spec 001 §2 'Circle admin /circle-admin':
// course/content (add, edit/{id?}); §3 circle type COURSE): a course's chapters and their videos. A course
// itself is a circle of type COURSE: course/list, its add and edit and course/user-list use the console's
// circle calls (core/api/circle-admin-circles.ts with type COURSE), one way for every circle type. The
// spec names the routes but not the admin calls: these are ours, in the spec's style
// (`/api/circle-admin/...`, the same envelope, numbered pages). Every call is for the course's owner and
// the admins of THAT course (core/circle-admin/access.ts; server/circle-admin/guard.ts). The chapter
// form's rules are core/circle-admin/course-form.ts, which the server applies again with the same
// Chinese messages; the schemas below only bound what may be sent at all.
import * as Schema from 'effect/Schema'
import { del, get, post, put } from './endpoint'
import { IdFromString, Int, Ok, Seconds, Text } from './common'
import { Page, PageQuery } from './page'
import { COURSE_VIDEO_TYPES, MAX_VIDEO_BYTES } from '../circle-admin/course-form'
import { CHAPTER_TITLE_MAX } from '../courses/limits'

const PathId = IdFromString

// --- chapters ------------------------------------------------------------------------------------

export const CourseVideoType = Schema.Literals(COURSE_VIDEO_TYPES)

/** A chapter's video as the console shows it: its storage key (sent back on save) and where it plays. */
export const AdminChapterVideo = Schema.Struct({
  key: Schema.String,
  /** /media/course-video/{chapterId} (the owner and admins may watch every chapter) */
  url: Schema.String,
  contentType: CourseVideoType,
  durationSeconds: Schema.Number,
})

export const AdminChapter = Schema.Struct({
  id: Schema.Number,
  courseId: Schema.Number,
  title: Schema.String,
  /** the order the course page lists it in (smaller first) */
  sort: Schema.Number,
  /** 试看: open to every reader */
  free: Schema.Boolean,
  content: Schema.String,
  pictureUrls: Schema.Array(Schema.String),
  video: Schema.NullOr(AdminChapterVideo),
  createTimestamp: Seconds,
})
export type AdminChapter = typeof AdminChapter.Type

/** GET /api/circle-admin/course/{id}/chapters/v1: a course's chapters in their order (a keyword: titles holding it). */
export const adminChapterList = get('circleAdmin.chapterList', '/api/circle-admin/course/{id}/chapters/v1', {
  params: Schema.Struct({ id: PathId }),
  query: Schema.Struct({ ...PageQuery.fields, keyword: Schema.optional(Text(CHAPTER_TITLE_MAX)) }),
  result: Page(AdminChapter),
})

/** GET /api/circle-admin/course/chapter/{chapterId}/v1: one chapter for its form. */
export const adminChapterDetail = get('circleAdmin.chapterDetail', '/api/circle-admin/course/chapter/{chapterId}/v1', {
  params: Schema.Struct({ chapterId: PathId }),
  result: AdminChapter,
})

/** The chapter's video: a key this course's video upload answered, and its length as the browser read it. */
export const ChapterVideoBody = Schema.Struct({
  key: Text(200),
  durationSeconds: Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: 0, maximum: 86_400 })),
})

/** What the chapter form sends (create and edit). */
export const ChapterBody = Schema.Struct({
  title: Text(200),
  sort: Int,
  free: Schema.Boolean,
  content: Text(40_000),
  /** null: no video (an edit removes it) */
  video: Schema.NullOr(ChapterVideoBody),
})
export type ChapterBody = typeof ChapterBody.Type

/** POST /api/circle-admin/course/{id}/chapter/v1: a new chapter of the course. */
export const adminChapterCreate = post('circleAdmin.chapterCreate', '/api/circle-admin/course/{id}/chapter/v1', {
  params: Schema.Struct({ id: PathId }),
  body: ChapterBody,
  result: AdminChapter,
})

/** PUT /api/circle-admin/course/chapter/{chapterId}/v1: edits a chapter. */
export const adminChapterEdit = put('circleAdmin.chapterEdit', '/api/circle-admin/course/chapter/{chapterId}/v1', {
  params: Schema.Struct({ chapterId: PathId }),
  body: ChapterBody,
  result: AdminChapter,
})

/** DELETE /api/circle-admin/course/chapter/{chapterId}/v1: removes a chapter (and its readers' progress in it). */
export const adminChapterDelete = del('circleAdmin.chapterDelete', '/api/circle-admin/course/chapter/{chapterId}/v1', {
  params: Schema.Struct({ chapterId: PathId }),
  result: Ok,
})

/** What the video upload answers: the key the chapter form sends back. */
export const CourseVideoUpload = Schema.Struct({
  key: Schema.String,
  contentType: CourseVideoType,
  size: Schema.Number,
  name: Schema.String,
})
export type CourseVideoUpload = typeof CourseVideoUpload.Type

/**
 * POST /api/circle-admin/course/video/v1?courseId= (multipart, one part `file`, with progress): a course
 * video (mp4 or webm by content, at most MAX_VIDEO_BYTES) into the storage port, kept private: it is served
 * only through a chapter (/media/course-video/{chapterId}), never at /file/. The course is in the query:
 * a body limit of its own is looked up by a path without parameters (server/http/route.ts).
 */
export const adminCourseVideoUpload = post('circleAdmin.courseVideo', '/api/circle-admin/course/video/v1', {
  query: Schema.Struct({ courseId: PathId }),
  timeoutMs: 24_000_000, // spec 001 §9: file upload timeout 24,000,000 ms
  body: Schema.Struct({}),
  result: CourseVideoUpload,
  maxBodyBytes: MAX_VIDEO_BYTES + 64 * 1024,
})
