// One file uploaded from a console form with its progress (issue 29: the course's cover, a chapter's
// video through the object-storage port; spec 001 §7 uploads 'with progress', §9 file upload timeout
// 24,000,000 ms): nothing yet → uploading (a percentage) → done, or failed with the reason and a retry.
// A new pick replaces the last (a running upload is stopped); removing clears it. The picked file is
// checked first (a video by core/circle-admin/course-form.ts videoProblem, a cover by the image rules);
// the caller provides the upload actor from the HTTP port (ui/circle-admin/course/api.ts), which reports
// upload.progress, then upload.done or upload.failed, and stops the request when stopped.
import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { isAcceptedImage, MAX_IMAGE_BYTES, UPLOAD_MESSAGES, type UploadDescriptor } from '../validation/upload'
import { videoProblem } from './course-form'

export type UploadKind = 'image' | 'video'

/** A picked file: what the rules read, and the opaque file the upload actor sends. */
export interface PickedUpload extends UploadDescriptor {
  readonly file: unknown
}

/** What is stored: the cover's address or the video's key, its name, and a video's length (0 for an image). */
export interface StoredUpload {
  readonly value: string
  readonly name: string
  readonly durationSeconds: number
}

export interface CourseUploadContext {
  readonly kind: UploadKind
  readonly picked: PickedUpload | null
  readonly loaded: number
  readonly total: number
  readonly stored: StoredUpload | null
  readonly error: string | null
}

export type CourseUploadEvent =
  | { readonly type: 'file.pick'; readonly file: PickedUpload }
  | { readonly type: 'file.remove' }
  | { readonly type: 'upload.retry' }
  | { readonly type: 'upload.progress'; readonly loaded: number; readonly total: number }
  | { readonly type: 'upload.done'; readonly stored: StoredUpload }
  | { readonly type: 'upload.failed'; readonly message: string }

/** The message when an upload fails without a reason of its own. */
export const UPLOAD_FAILED = '上传失败，请重试'

/** Why this file may not be uploaded here, or null. */
export function pickProblem(kind: UploadKind, file: UploadDescriptor): string | null {
  if (kind === 'video') return videoProblem(file)
  if (!isAcceptedImage(file)) return UPLOAD_MESSAGES.imageType
  return file.size > MAX_IMAGE_BYTES ? UPLOAD_MESSAGES.imageTooLarge : null
}

/** 0–100, whole: how much of the file is sent. */
export const uploadPercent = (c: Pick<CourseUploadContext, 'loaded' | 'total'>): number =>
  c.total > 0 ? Math.min(100, Math.max(0, Math.floor((c.loaded * 100) / c.total))) : 0

export const courseUploadMachine = setup({
  types: {} as { context: CourseUploadContext; events: CourseUploadEvent; input: { kind: UploadKind; stored: StoredUpload | null } },
  actors: {
    /** sends the file; reports upload.progress, then upload.done or upload.failed; stopping it cancels */
    upload: fromCallback<{ type: 'never' }, { kind: UploadKind; file: unknown }>(() => {
      throw new Error('provide upload')
    }),
  },
  guards: {
    hasStored: ({ context }) => context.stored !== null,
    acceptable: ({ context }, params: { file: PickedUpload }) => pickProblem(context.kind, params.file) === null,
  },
  actions: {
    start: assign((_, params: { file: PickedUpload }) => ({ picked: params.file, loaded: 0, total: params.file.size, error: null })),
    refuse: assign(({ context }, params: { file: PickedUpload }) => ({ error: pickProblem(context.kind, params.file) })),
    restart: assign({ loaded: 0, error: null }),
    progress: assign((_, params: { loaded: number; total: number }) => ({ loaded: params.loaded, total: params.total })),
    store: assign(({ context }, params: { stored: StoredUpload }) => ({ stored: params.stored, loaded: context.total, error: null })),
    fail: assign((_, params: { message: string }) => ({ error: params.message || UPLOAD_FAILED })),
    clear: assign({ picked: null, stored: null, loaded: 0, total: 0, error: null }),
  },
}).createMachine({
  id: 'courseUpload',
  description:
    'Uploading a course’s cover or a chapter’s video from the console: pick a file, watch the percentage, and either it is stored (and the form may be saved) or it fails with the reason and may be tried again.',
  context: ({ input }) => ({ kind: input.kind, picked: null, loaded: 0, total: 0, stored: input.stored, error: null }),
  initial: 'start',
  states: {
    start: {
      description: 'Opening the form: an existing course or chapter shows what it has.',
      always: [
        { guard: 'hasStored', description: 'The course or chapter already has a file: it shows as stored.', target: 'done' },
        { description: 'Nothing stored yet.', target: 'idle' },
      ],
    },
    idle: {
      description: 'No file: the adviser may pick one (a refused file shows why and nothing is sent).',
      on: {
        'file.pick': [
          { guard: { type: 'acceptable', params: ({ event }) => ({ file: event.file }) }, description: 'An accepted file: it starts uploading.', target: 'uploading', actions: { type: 'start', params: ({ event }) => ({ file: event.file }) } },
          { description: 'A file of the wrong type or too large: the reason shows.', actions: { type: 'refuse', params: ({ event }) => ({ file: event.file }) } },
        ],
      },
    },
    uploading: {
      description: 'The file is being sent; the percentage shows how far it is.',
      invoke: { id: 'upload', src: 'upload', input: ({ context }) => ({ kind: context.kind, file: context.picked?.file }) },
      on: {
        'upload.progress': { description: 'More of the file arrived.', actions: { type: 'progress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
        'upload.done': { description: 'Stored: the form may use it.', target: 'done', actions: { type: 'store', params: ({ event }) => ({ stored: event.stored }) } },
        'upload.failed': { description: 'The upload failed (refused by the server or cut off): the reason shows.', target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ message: event.message }) } },
        'file.pick': [
          { guard: { type: 'acceptable', params: ({ event }) => ({ file: event.file }) }, description: 'Another accepted file: the running upload stops and this one starts.', target: 'uploading', reenter: true, actions: { type: 'start', params: ({ event }) => ({ file: event.file }) } },
          { description: 'A refused file while uploading: the reason shows and the upload goes on.', actions: { type: 'refuse', params: ({ event }) => ({ file: event.file }) } },
        ],
        'file.remove': { description: 'The adviser cancels: the upload stops and nothing is kept.', target: 'idle', actions: 'clear' },
      },
    },
    done: {
      description: 'The file is stored (a video may be previewed); the adviser may replace or remove it.',
      on: {
        'file.pick': [
          { guard: { type: 'acceptable', params: ({ event }) => ({ file: event.file }) }, description: 'A replacement: it uploads in place of the stored one.', target: 'uploading', actions: { type: 'start', params: ({ event }) => ({ file: event.file }) } },
          { description: 'A refused replacement: the reason shows and the stored file stays.', actions: { type: 'refuse', params: ({ event }) => ({ file: event.file }) } },
        ],
        'file.remove': { description: 'The adviser removes the file.', target: 'idle', actions: 'clear' },
      },
    },
    failed: {
      description: 'The upload failed: the reason shows with a retry.',
      on: {
        'upload.retry': { description: 'The same file is sent again.', target: 'uploading', actions: 'restart' },
        'file.pick': [
          { guard: { type: 'acceptable', params: ({ event }) => ({ file: event.file }) }, description: 'Another accepted file: it uploads.', target: 'uploading', actions: { type: 'start', params: ({ event }) => ({ file: event.file }) } },
          { description: 'A refused file: its reason shows.', actions: { type: 'refuse', params: ({ event }) => ({ file: event.file }) } },
        ],
        'file.remove': { description: 'The adviser gives up on the file.', target: 'idle', actions: 'clear' },
      },
    },
  },
})

export type CourseUploadActor = ActorRefFrom<typeof courseUploadMachine>
export type CourseUploadSnapshot = SnapshotFrom<typeof courseUploadMachine>

/** What a form reads of its upload when it is saved. */
export interface UploadSlot {
  readonly status: 'idle' | 'uploading' | 'done' | 'failed'
  readonly stored: StoredUpload | null
}

export function uploadSlot(s: CourseUploadSnapshot): UploadSlot {
  const status = s.matches('uploading') ? 'uploading' : s.matches('failed') ? 'failed' : s.matches('done') ? 'done' : 'idle'
  return { status, stored: status === 'done' ? s.context.stored : null }
}
