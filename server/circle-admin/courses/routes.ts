// Routes of the console's course content (issue 29; core/api/circle-admin-courses.ts), registered by
// server/app.ts. Thin: the reader, then one service call (the guard and the rules run there). No SQL here.
// The video upload streams its multipart body (server/uploads/receive.ts, 'video'): the guard first, then
// the upload bytes quota, then the bytes into the storage port, recorded as the course's (not at /file/).
import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as Schema from 'effect/Schema'
import * as api from '../../../core/api/circle-admin-courses'
import { codec, envelope } from '../../../core/api/endpoint'
import { IdFromString } from '../../../core/api/common'
import { currentUser } from '../../accounts/session'
import type { FeatureDeps } from '../../feature'
import { ApiError, failure, MESSAGES } from '../../http/api-error'
import { allowLargeBody, messageFor, route } from '../../http/route'
import { tooOften, writeLimiterOf, writerOf } from '../../http/write-limit'
import { contentLang } from '../../i18n/to-hk'
import { storageFromEnv } from '../../storage/select-storage'
import type { StoragePort } from '../../storage/storage-port'
import { receiveUpload } from '../../uploads/receive'
import type { UploadRow } from '../../uploads/uploads-repository'
import * as svc from './service'

const encodeVideo = Schema.encodeUnknownSync(codec(envelope(api.CourseVideoUpload)))
const decodeCourseId = Schema.decodeUnknownOption(IdFromString)
/** what a request's multipart framing may add to the video's bytes */
const FRAMING_ALLOWANCE = 8 * 1024

export function registerCircleAdminCoursesWith(storage: StoragePort) {
  return (app: Hono, { db, clock, env }: FeatureDeps): void => {
    const ctx: svc.CourseAdminCtx = { db, now: clock }
    const me = async (c: Context) => (await currentUser(c, db))?.id ?? null

    route(app, api.adminChapterList, async ({ params, query, c }) => svc.chapterList(ctx, await me(c), params.id, query))
    route(app, api.adminChapterDetail, async ({ params, c }) => svc.chapterDetail(ctx, await me(c), params.chapterId))
    route(app, api.adminChapterCreate, async ({ params, body, c }) => svc.createChapter(ctx, await me(c), params.id, body))
    route(app, api.adminChapterEdit, async ({ params, body, c }) => svc.editChapter(ctx, await me(c), params.chapterId, body))
    route(app, api.adminChapterDelete, async ({ params, c }) => svc.removeChapter(ctx, await me(c), params.chapterId))

    allowLargeBody(app, api.adminCourseVideoUpload)
    app.post(api.adminCourseVideoUpload.path, async (c) => {
      const lang = contentLang(c.req.header('Client-Lang'))
      try {
        const courseId = decodeCourseId(c.req.query('courseId'))
        if (courseId._tag === 'None') throw new ApiError(400, '参数错误：courseId 应为正整数')
        const userId = await svc.assertMayUpload(ctx, await me(c), courseId.value)
        // the bytes quota per hour (issue 23), as every upload: a body declared larger than what is left is refused unread
        const limiter = writeLimiterOf(app)
        const writer = await writerOf(c, db, env)
        const declared = Number(c.req.header('Content-Length') ?? 0)
        if (limiter && declared > FRAMING_ALLOWANCE && !(await limiter.fits('uploadBytes', writer, declared - FRAMING_ALLOWANCE))) return tooOften(c)
        const admitBytes = limiter ? (bytes: number) => limiter.take('uploadBytes', writer, bytes) : undefined
        const rows: UploadRow[] = []
        const record = async (row: UploadRow) => void rows.push(row)
        await receiveUpload({ db, storage, nowMs: clock(), record, ...(admitBytes ? { admitBytes } : {}) }, userId, { body: c.req.raw.body, contentType: c.req.header('Content-Type') ?? '' }, 'video')
        const result = await svc.recordVideo(ctx, courseId.value, rows[0]!)
        return c.json(encodeVideo({ statusCode: 200, message: MESSAGES.ok, result }))
      } catch (error) {
        if (error instanceof ApiError) return c.json(failure(error.status, messageFor(lang, error.message)), error.status as ContentfulStatusCode)
        throw error
      }
    })
  }
}

export const registerCircleAdminCourses = (app: Hono, deps: FeatureDeps): void => registerCircleAdminCoursesWith(storageFromEnv(deps.env))(app, deps)
