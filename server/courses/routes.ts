// Routes of courses (issue 27), registered by server/app.ts: the course, the reader's progress, and a
// chapter's video served from the storage port with byte ranges (server/storage/serve-stored.ts) so the
// player seeks. Thin: who the reader is, then one call of courses.ts.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as api from '../../core/api/circle-extras'
import { COURSE_MESSAGES, COURSE_VIDEO_PREFIX } from '../../core/courses/limits'
import { currentUser, requireUser } from '../accounts/session'
import type { RegisterFeature } from '../feature'
import { ApiError, failure } from '../http/api-error'
import { messageFor, route } from '../http/route'
import { contentLang } from '../i18n/to-hk'
import { storedAnswer } from '../storage/serve-stored'
import { storageFromEnv } from '../storage/select-storage'
import type { StoragePort } from '../storage/storage-port'
import { chapterVideo, courseDetail, reportProgress } from './courses'
import { ensureFixtureVideo } from './fixture-video'

export function registerCoursesWith(storage: StoragePort): RegisterFeature {
  return (app, { db, clock }) => {
    const now = () => Math.floor(clock() / 1000)
    route(app, api.courseDetail, async ({ params, c }) => courseDetail(db, params.id, (await currentUser(c, db))?.id ?? null, now()))
    route(app, api.courseProgress, async ({ params, body, c }) => reportProgress(db, params.id, (await requireUser(c, db)).id, body, now()))

    // GET /media/course-video/{chapterId}: the chapter's video for whoever may watch it; private (never a
    // shared cache), with ranges; the type is the one recorded with the chapter
    app.get(`${COURSE_VIDEO_PREFIX}:chapterId{[1-9][0-9]{0,9}}`, async (c: Context) => {
      const lang = contentLang(c.req.header('Client-Lang'))
      const fail = (status: number, message: string) => c.json(failure(status, messageFor(lang, message)), status as ContentfulStatusCode)
      const chapterId = Number(c.req.param('chapterId'))
      if (chapterId > 2_147_483_647) return fail(404, COURSE_MESSAGES.chapterNotFound)
      try {
        const video = await chapterVideo(db, chapterId, (await currentUser(c, db))?.id ?? null, now())
        await ensureFixtureVideo(storage, video.key)
        const headers = {
          'Content-Type': video.contentType,
          'Cache-Control': 'private, max-age=3600',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Content-Disposition': 'inline',
        }
        return (await storedAnswer(storage, video.key, c.req.header('Range'), headers)) ?? fail(404, COURSE_MESSAGES.noVideo)
      } catch (error) {
        if (error instanceof ApiError) return fail(error.status, error.message)
        throw error
      }
    })
  }
}

export const registerCourses: RegisterFeature = (app, deps) => registerCoursesWith(storageFromEnv(deps.env))(app, deps)
