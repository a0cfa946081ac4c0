// Upload routes (spec 000 §7 'Posting and interaction' uploads) and the serving of stored files.
// Thin: sign-in (401 before a byte of the body is read), may-publish (403 with a message), then the
// streaming receiver. Not route(): the body is multipart, not JSON; answers are the same envelope.
import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as Schema from 'effect/Schema'
import * as api from '../../core/api/uploads'
import { adminCourseVideoUpload } from '../../core/api/circle-admin-courses'
import { codec, envelope, type Endpoint } from '../../core/api/endpoint'
import type { RegisterFeature } from '../feature'
import { requireUser } from '../accounts/session'
import { ApiError, failure, MESSAGES } from '../http/api-error'
import { allowLargeBody, messageFor } from '../http/route'
import { contentLang } from '../i18n/to-hk'
import { assertMayPublish } from '../posting/permissions'
import { storageFromEnv } from '../storage/select-storage'
import type { StoragePort } from '../storage/storage-port'
import { STORAGE_KEY } from '../storage/storage-port'
import { storedAnswer } from '../storage/serve-stored'
import { receiveUpload, type Accepts } from './receive'
import { tooOften, writeLimiterOf, writerOf } from '../http/write-limit'
import { findUpload } from './uploads-repository'

/** The upload endpoints and what each takes. */
export const UPLOAD_ENDPOINTS: readonly (readonly [Endpoint, Accepts])[] = [
  [api.uploadPostImage, 'images'],
  [api.uploadDynamicPicture, 'images'],
  [api.uploadDynamicPictureV2, 'images'],
  [api.uploadPostFile, 'files'],
  [api.uploadFile, 'either'],
]
/** Paths whose multipart body is streamed by its route, not parsed ahead (server/app.ts); a course video too (server/circle-admin/courses). */
export const STREAMED_UPLOAD_PATHS: ReadonlySet<string> = new Set([...UPLOAD_ENDPOINTS.map(([e]) => e.path), adminCourseVideoUpload.path])

/** What a request's multipart framing may add to its files' bytes (headers and boundaries of up to 10 parts). */
const FRAMING_ALLOWANCE = 10 * 8 * 1024

const encodeResult = Schema.encodeUnknownSync(codec(envelope(api.UploadResult)))

export function registerUploadsWith(storage: StoragePort): RegisterFeature {
  return (app: Hono, { db, clock, env }) => {
    for (const [endpoint, accepts] of UPLOAD_ENDPOINTS) {
      allowLargeBody(app, endpoint)
      app.post(endpoint.path, async (c: Context) => {
        const lang = contentLang(c.req.header('Client-Lang'))
        try {
          const user = await requireUser(c, db)
          await assertMayPublish(db, user.id)
          // the bytes quota per hour, per account and per address (issue 23; the request count is the
          // write-limit middleware's): a body declared larger than what is left is refused unread
          const limiter = writeLimiterOf(app)
          const writer = await writerOf(c, db, env)
          const declared = Number(c.req.header('Content-Length') ?? 0)
          if (limiter && declared > FRAMING_ALLOWANCE && !(await limiter.fits('uploadBytes', writer, declared - FRAMING_ALLOWANCE))) return tooOften(c)
          const admitBytes = limiter ? (bytes: number) => limiter.take('uploadBytes', writer, bytes) : undefined
          const list = await receiveUpload({ db, storage, nowMs: clock(), ...(admitBytes ? { admitBytes } : {}) }, user.id, { body: c.req.raw.body, contentType: c.req.header('Content-Type') ?? '' }, accepts)
          return c.json(encodeResult({ statusCode: 200, message: MESSAGES.ok, result: { list } }))
        } catch (error) {
          if (error instanceof ApiError) return c.json(failure(error.status, messageFor(lang, error.message)), error.status as ContentfulStatusCode)
          throw error
        }
      })
    }

    // GET /file/{YYYYMM}/{hex}.{ext}: the stored bytes with the type recorded at upload (never the
    // reader's), nosniff (app-wide), no scripts even if opened directly, files as attachments
    app.get(`${api.FILE_URL_PREFIX}:month/:name`, async (c) => {
      const key = `${c.req.param('month')}/${c.req.param('name')}`
      const notThere = () => c.json(failure(404, messageFor(contentLang(c.req.header('Client-Lang')), '文件不存在')), 404)
      if (!STORAGE_KEY.test(key)) return notThere()
      const row = await findUpload(db, key)
      if (!row) return notThere()
      const headers: Record<string, string> = {
        'Content-Type': row.content_type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Content-Disposition': row.kind === 'file' ? `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}` : 'inline',
      }
      // byte ranges (206, Content-Range) so audio and video seek: server/storage/serve-stored.ts
      return (await storedAnswer(storage, key, c.req.header('Range'), headers)) ?? notThere()
    })
  }
}

export const registerUploads: RegisterFeature = (app, deps) => registerUploadsWith(storageFromEnv(deps.env))(app, deps)
