// The console's course pages' API module (design.md 'App state and the API layer'; issue 29): the reads
// for the one read helper, the writes, and the machines' actors, from the HTTP port. A course is a circle
// of type COURSE: its list, form and users are the console's circle calls (ui/circle-admin/circle/api.ts
// builds the form machine); its chapters and videos are core/api/circle-admin-courses.ts. Views take it
// through useCourseAdminApi() and never touch the port.
import { fromCallback, fromPromise } from 'xstate'
import type { HttpPort } from '../../../core/api/http-port'
import { normaliseError } from '../../../core/api/api-error'
import * as circles from '../../../core/api/circle-admin-circles'
import * as api from '../../../core/api/circle-admin-courses'
import { ADMIN_CIRCLES_PAGE, CIRCLE_USERS_PAGE } from '../../../core/circle-admin/circles'
import { chapterEditorMachine, type Saved } from '../../../core/circle-admin/chapter-editor.machine'
import { courseUploadMachine, type CourseUploadEvent, type UploadKind } from '../../../core/circle-admin/course-upload.machine'
import type { ChapterValues } from '../../../core/circle-admin/course-form'
import { useApi } from '../../common/use-api'
import { endpointRead } from '../../common/use-read'
import { circleAdminApi } from '../circle/api'

/** What useInvalidate() takes after a write: every read of the console (circles and chapters). */
export const COURSE_ADMIN_READS = 'circleAdmin.'
/** the chapters a page of the content list shows (ours) */
export const CHAPTERS_PAGE = 20

const keyword = (k: string | undefined) => (k && k.trim() ? k.trim() : undefined)

/** How long the browser says a picked video is (seconds, whole); 0 when it cannot tell within 5 s. */
export function videoSeconds(file: Blob): Promise<number> {
  return new Promise((resolve) => {
    if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return resolve(0)
    const url = URL.createObjectURL(file)
    const video = document.createElement('video')
    const done = (seconds: number) => {
      clearTimeout(timer)
      URL.revokeObjectURL(url)
      resolve(Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0)
    }
    const timer = setTimeout(() => done(0), 5_000)
    video.preload = 'metadata'
    video.onloadedmetadata = () => done(video.duration)
    video.onerror = () => done(0)
    video.src = url
  })
}

export function courseAdminApi(http: HttpPort) {
  const circleApi = circleAdminApi(http)
  return {
    /** course/list: one numbered page of the reader's courses */
    courses: (f: { page: number; keyword?: string | undefined }) =>
      endpointRead(http, circles.adminCircleList, { query: { page: f.page, count: ADMIN_CIRCLES_PAGE, type: 'COURSE', keyword: keyword(f.keyword) } }),
    /** every course the reader runs (the pickers of the content and users pages) */
    allCourses: () => endpointRead(http, circles.adminCircleList, { query: { page: 1, count: 100, type: 'COURSE' } }),
    chapters: (courseId: number, f: { page: number; keyword?: string | undefined }) =>
      endpointRead(http, api.adminChapterList, { params: { id: courseId }, query: { page: f.page, count: CHAPTERS_PAGE, keyword: keyword(f.keyword) } }),
    chapter: (chapterId: number) => endpointRead(http, api.adminChapterDetail, { params: { chapterId } }),
    users: (courseId: number, f: { page: number; role?: 'member' | 'expired' | undefined; keyword?: string | undefined }) =>
      endpointRead(http, circles.adminCircleUsers, { params: { id: courseId }, query: { page: f.page, count: CIRCLE_USERS_PAGE, role: f.role, keyword: keyword(f.keyword) } }),
    removeChapter: (chapterId: number) => http.call(api.adminChapterDelete, { params: { chapterId } }),

    /** the course form: the console's circle form machine (type COURSE) */
    courseForm: () => circleApi.form(),

    /** the chapter form: saves a new chapter of `courseId`, or edits `chapterId` */
    chapterEditor: (target: { courseId: number; chapterId: number | null }) =>
      chapterEditorMachine.provide({
        actors: {
          save: fromPromise<Saved, ChapterValues>(async ({ input }) => {
            const body = { title: input.title, sort: input.sort, free: input.free, content: input.content, video: input.video }
            return target.chapterId === null
              ? http.call(api.adminChapterCreate, { params: { id: target.courseId }, body })
              : http.call(api.adminChapterEdit, { params: { chapterId: target.chapterId }, body })
          }),
        },
      }),

    /**
     * The chapter's video: POST /api/circle-admin/course/video/v1?courseId= with progress, its length read
     * by the browser meanwhile; stopping the actor aborts the request.
     */
    videoUpload: (courseId: number) =>
      courseUploadMachine.provide({
        actors: {
          upload: fromCallback<{ type: 'never' }, { kind: UploadKind; file: unknown }>(({ input, sendBack }) => {
            const controller = new AbortController()
            const report = (e: CourseUploadEvent) => {
              if (!controller.signal.aborted) sendBack(e)
            }
            // the machine keeps the picked File opaque (core knows no DOM)
            const file = input.file instanceof Blob ? input.file : new Blob([])
            const name = (input.file as { name?: unknown } | null)?.name
            const fileName = typeof name === 'string' && name ? name : 'video.mp4'
            Promise.all([
              http.upload(api.adminCourseVideoUpload, { query: { courseId }, form: [['file', file, fileName]] }, { signal: controller.signal, onProgress: (p) => report({ type: 'upload.progress', ...p }) }),
              videoSeconds(file),
            ]).then(
              ([r, seconds]) => report({ type: 'upload.done', stored: { value: r.key, name: r.name, durationSeconds: seconds } }),
              (e: unknown) => report({ type: 'upload.failed', message: normaliseError(e).message }),
            )
            return () => controller.abort()
          }),
        },
      }),
  }
}

export const useCourseAdminApi = () => useApi(courseAdminApi)
