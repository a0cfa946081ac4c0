// The upload actor of a draft's picked image or file (core/posting/draft-uploads.ts), from the HTTP port:
// it sends the file to its endpoint with progress (spec 000 §7, spec 001 §7 'with progress') and reports
// upload.progress, then upload.done with the stored address or upload.failed; stopping it cancels the
// request. The discussion dialog (ui/posting/api.ts) and the circle post box (ui/circles/api.ts) use it.
import { fromCallback } from 'xstate'
import type { HttpPort } from '../../core/api/http-port'
import { normaliseError } from '../../core/api/api-error'
import type { uploadDynamicPicture, uploadFile } from '../../core/api/uploads'
import type { UploadInput, UploadReport } from '../../core/posting/draft-uploads'

/** `endpoint`: the dialog's pictures go to /api/file/dynamic/picture, the circle's images and files to /api/file/upload/v1. */
export function draftUploader(http: HttpPort, endpoint: typeof uploadDynamicPicture | typeof uploadFile) {
  return fromCallback<{ type: 'never' }, UploadInput>(({ input, sendBack }) => {
    const controller = new AbortController()
    const report = (e: UploadReport) => {
      if (!controller.signal.aborted) sendBack(e)
    }
    // the machine keeps the picked File opaque (core knows no DOM)
    const file = input.file as File
    const { key } = input
    http
      .upload(endpoint, { form: [['file', file, file.name ?? 'file']] }, { signal: controller.signal, onProgress: (p) => report({ type: 'upload.progress', key, ...p }) })
      .then(
        (r) => {
          const url = r.list[0]?.url
          report(url ? { type: 'upload.done', key, url } : { type: 'upload.failed', key, message: '' })
        },
        (e: unknown) => report({ type: 'upload.failed', key, message: normaliseError(e).message }),
      )
    return () => controller.abort()
  })
}
