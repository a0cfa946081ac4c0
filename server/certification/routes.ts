// Routes of the creator certification (issue 27; spec 001 §7 GET/POST
// /api/investment-advisor-qualification-certificate, POST /api/storage/identity-card/upload, and our
// reviewer calls). Thin: sign-in, the reviewer check, then the service. Registered by server/app.ts
// after the accounts feature, so the CSRF check and the write limits run first.
import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as Schema from 'effect/Schema'
import * as api from '../../core/api/certification'
import { CERTIFICATE_MESSAGES } from '../../core/certification/certificate-form'
import { codec, envelope } from '../../core/api/endpoint'
import { requireUser } from '../accounts/session'
import type { FeatureDeps } from '../feature'
import { ApiError, failure, MESSAGES } from '../http/api-error'
import { allowLargeBody, messageFor, route } from '../http/route'
import { writeLimiterOf, writerOf } from '../http/write-limit'
import { contentLang } from '../i18n/to-hk'
import { storageFromEnv } from '../storage/select-storage'
import type { StoragePort } from '../storage/storage-port'
import { receiveUpload } from '../uploads/receive'
import { apply, decide, maySeeImage, myApplication, requireReviewer, reviewQueue, type CertificationDeps } from './certification-service'
import { insertImage } from './images-repository'
import { Readable } from 'node:stream'
import { STORAGE_KEY } from '../storage/storage-port'
import { IMAGE_CONTENT_TYPES } from '../uploads/sniff'

/** Our page size of the reviewer's queue. */
const REVIEW_PAGE = 20
/** More than one image in the identity-card upload (it takes one). */
export const ONE_IMAGE_MESSAGE = '请只上传一张身份证照片'

const encodeUpload = Schema.encodeUnknownSync(codec(envelope(api.IdentityCardUpload)))

export function registerCertificationWith(storage: StoragePort) {
  return (app: Hono, { db, clock, env }: FeatureDeps): void => {
    const deps: CertificationDeps = { db, clock }
    const me = async (c: Context) => (await requireUser(c, db)).id
    const reviewer = async (c: Context) => {
      const id = await me(c)
      await requireReviewer(deps, id)
      return id
    }

    // --- the applicant ----------------------------------------------------------------------
    route(app, api.myCertificate, async ({ c }) => myApplication(deps, await me(c)))
    route(app, api.applyCertificate, async ({ body, c }) => apply(deps, await me(c), body))

    // the identity card's image: one picture (jpg, png, gif by content; at most 3,000,000 bytes), stored
    // through the storage port like every upload (server/uploads/receive.ts) but recorded as this reader's
    // identity card (certification_images), not in the uploads table that /file/{key} serves to anyone
    allowLargeBody(app, api.uploadIdentityCard)
    app.post(api.uploadIdentityCard.path, async (c) => {
      const lang = contentLang(c.req.header('Client-Lang'))
      try {
        const userId = await me(c)
        const limiter = writeLimiterOf(app)
        const writer = await writerOf(c, db, env)
        const admitBytes = limiter ? (bytes: number) => limiter.take('uploadBytes', writer, bytes) : undefined
        const keys: string[] = []
        const record = async (row: { storage_key: string }) => void keys.push(row.storage_key)
        const list = await receiveUpload({ db, storage, nowMs: clock(), record, ...(admitBytes ? { admitBytes } : {}) }, userId, { body: c.req.raw.body, contentType: c.req.header('Content-Type') ?? '' }, 'images')
        if (list.length !== 1 || keys.length !== 1) {
          for (const key of keys) await storage.delete(key).catch(() => undefined)
          throw new ApiError(400, ONE_IMAGE_MESSAGE)
        }
        const imageId = keys[0]!
        await insertImage(db, { image_id: imageId, user_id: userId, create_time: Math.floor(clock() / 1000) })
        return c.json(encodeUpload({ statusCode: 200, message: MESSAGES.ok, result: { idCardImage: api.identityCardUrl(imageId), imageId } }))
      } catch (error) {
        if (error instanceof ApiError) return c.json(failure(error.status, messageFor(lang, error.message)), error.status as ContentfulStatusCode)
        throw error
      }
    })

    // the image itself: to its uploader and to reviewers; anyone else is told it does not exist
    app.get(`${api.IDENTITY_CARD_IMAGE_PREFIX}:month/:name`, async (c) => {
      const lang = contentLang(c.req.header('Client-Lang'))
      try {
        const userId = await me(c)
        const key = `${c.req.param('month')}/${c.req.param('name')}`
        const type = IMAGE_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as keyof typeof IMAGE_CONTENT_TYPES]
        const object = STORAGE_KEY.test(key) && type && (await maySeeImage(deps, userId, key)) ? await storage.get(key) : null
        if (!object) throw new ApiError(404, CERTIFICATE_MESSAGES.imageNotFound)
        const headers: Record<string, string> = {
          'Content-Type': type!,
          'Content-Length': String(object.size),
          // personal: never kept by a shared cache
          'Cache-Control': 'private, max-age=3600',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        }
        return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { status: 200, headers })
      } catch (error) {
        if (error instanceof ApiError) return c.json(failure(error.status, messageFor(lang, error.message)), error.status as ContentfulStatusCode)
        throw error
      }
    })

    // --- the reviewer -----------------------------------------------------------------------
    route(app, api.reviewList, async ({ query, c }) => {
      await reviewer(c)
      return reviewQueue(deps, query.status ?? 'reviewing', { page: query.page ?? 1, count: query.count ?? REVIEW_PAGE })
    })
    route(app, api.approveCertificate, async ({ params, c }) => decide(deps, await reviewer(c), params.id, { kind: 'approve' }))
    route(app, api.rejectCertificate, async ({ params, body, c }) => decide(deps, await reviewer(c), params.id, { kind: 'reject', reason: body.reason }))
  }
}

export const registerCertification = (app: Hono, deps: FeatureDeps): void => registerCertificationWith(storageFromEnv(deps.env))(app, deps)
