// The creator certification's API module (design.md 'App state and the API layer'): the reads of the
// applicant's application and the reviewer's queue (for useRead / usePages), the audit flow's actors
// (core/certification/audit.machine.ts) and the reviewer's decisions, from the HTTP port.
import { fromCallback, fromPromise } from 'xstate'
import type { HttpPort } from '../../core/api/http-port'
import { normaliseError } from '../../core/api/api-error'
import * as api from '../../core/api/certification'
import type { ApplicationStatus } from '../../core/certification/certificate-form'
import { auditMachine, type UploadReport } from '../../core/certification/audit.machine'
import { useApi } from '../common/use-api'
import { endpointRead, forReader, numberedPages } from '../common/use-read'

/** Applications per page of the reviewer's queue (ours). */
export const REVIEW_PAGE = 20

/** The identity-card image: one picture, with progress; stopping the actor cancels it. */
function identityCardUploader(http: HttpPort) {
  return fromCallback<{ type: 'never' }, { file: unknown }>(({ input, sendBack }) => {
    const controller = new AbortController()
    const report = (e: UploadReport) => {
      if (!controller.signal.aborted) sendBack(e)
    }
    const file = input.file instanceof Blob ? input.file : new Blob([])
    const name = (file as File).name ?? 'id.png'
    http
      .upload(api.uploadIdentityCard, { form: [['file', file, name]] }, { signal: controller.signal, onProgress: (p) => report({ type: 'image.progress', ...p }) })
      .then(
        (upload) => report({ type: 'image.done', upload }),
        (e: unknown) => report({ type: 'image.failed', message: normaliseError(e).message }),
      )
    return () => controller.abort()
  })
}

export function certificationApi(http: HttpPort) {
  return {
    /** the reader's latest application (null: none), keyed by the reader */
    mine: (userId: number) => forReader(endpointRead(http, api.myCertificate), userId),
    /** the reviewer's queue of one status, numbered pages */
    queue: (userId: number, status: ApplicationStatus) =>
      forReader(
        numberedPages(http, api.reviewList, (page) => ({ query: { status, page, count: REVIEW_PAGE } }), (item: api.ReviewItem) => item.id),
        userId,
      ),
    /** the audit flow with its calls */
    audit: () =>
      auditMachine.provide({
        actors: {
          loadApplication: fromPromise(() => http.call(api.myCertificate)),
          submitApplication: fromPromise<api.CertificateApplication, api.CertificateBody>(({ input }) => http.call(api.applyCertificate, { body: input })),
          uploadImage: identityCardUploader(http),
        },
      }),
    approve: (id: number) => http.call(api.approveCertificate, { params: { id } }),
    reject: (id: number, reason: string) => http.call(api.rejectCertificate, { params: { id }, body: { reason } }),
  }
}

export const useCertificationApi = () => useApi(certificationApi)
