// The pictures and files a draft carries while they upload (spec 000 §5 the discussion dialog, spec 001 §5
// the circle post box): one record per picked file, its progress, then the address the server gave it.
// Pure: both machines (discussion-dialog.machine.ts, circle-post-box.machine.ts) keep their list with these,
// and one upload actor per file reports upload.progress, then upload.done or upload.failed.
import { fromCallback } from 'xstate'
import type { UploadDescriptor } from '../validation/upload'

export type UploadKind = 'image' | 'file'
export type UploadStatus = 'uploading' | 'done' | 'failed'

/** One picked image or file: its upload's progress, then what the server stored. */
export interface DraftUpload {
  /** the machine's key, also the id of its upload actor */
  readonly key: string
  readonly kind: UploadKind
  readonly name: string
  readonly size: number
  readonly type: string
  /** an image's preview address (the view's object URL); '' for a file */
  readonly preview: string
  readonly status: UploadStatus
  readonly loaded: number
  readonly total: number
  readonly url: string | null
  readonly error: string | null
}

/** A picked image or file: what the rules read, and the opaque file the upload actor sends. */
export interface PickedFile extends UploadDescriptor {
  readonly file: unknown
  /** an image's address to show before it is uploaded (an object URL); '' for a file */
  readonly preview: string
}

/** What one upload actor is given. */
export interface UploadInput {
  readonly key: string
  readonly file: unknown
}

/** What an upload actor sends back to its draft. */
export type UploadReport =
  | { type: 'upload.progress'; key: string; loaded: number; total: number }
  | { type: 'upload.done'; key: string; url: string }
  | { type: 'upload.failed'; key: string; message: string }

/** The upload actor a machine names in its setup; the caller provides the real one from the HTTP port. */
export const uploadActor = fromCallback<{ type: 'never' }, UploadInput>(() => {
  throw new Error('provide the upload actor')
})

/** New records for the picked files, keyed `<kind>-<n>` from `seq` on, each uploading from 0. */
export function startUploads(kind: UploadKind, files: readonly PickedFile[], seq: number): { added: DraftUpload[]; seq: number } {
  const added = files.map(
    (f, i): DraftUpload => ({
      key: `${kind}-${seq + i + 1}`,
      kind,
      name: f.name,
      size: f.size,
      type: f.type,
      preview: kind === 'image' ? f.preview : '',
      status: 'uploading',
      loaded: 0,
      total: f.size,
      url: null,
      error: null,
    }),
  )
  return { added, seq: seq + files.length }
}

/** The list after an upload actor's report: progress, the stored address, or why it failed. */
export function applyUploadReport(list: readonly DraftUpload[], report: UploadReport): readonly DraftUpload[] {
  const patch: Partial<DraftUpload> =
    report.type === 'upload.progress'
      ? { loaded: report.loaded, total: report.total }
      : report.type === 'upload.done'
        ? { status: 'done', url: report.url, loaded: 1, total: 1 }
        : { status: 'failed', error: report.message }
  return list.map((u) => (u.key === report.key ? { ...u, ...patch } : u))
}

/** Nothing may be sent while something uploads or failed (remove it first). */
export const uploadsSettled = (list: readonly DraftUpload[]): boolean => list.every((u) => u.status === 'done')
/** The stored addresses of the finished uploads of one kind. */
export const doneUploads = (list: readonly DraftUpload[], kind: UploadKind): DraftUpload[] => list.filter((u) => u.kind === kind && u.status === 'done' && u.url)
