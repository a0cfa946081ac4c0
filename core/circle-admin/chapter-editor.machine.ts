// The console's chapter form (issue 29; spec 001 §2 course/content add and edit/{id?}): edit the title,
// order, 试看 flag and text, save; the problems show beside the fields (course-form.ts, the rules the
// server applies again), a refusal shows the server's reason and the form stays. The video uploads beside
// it (course-upload.machine.ts, with its progress); the view sends the upload's state with the save
// (`form.submit` {upload}), so nothing is saved while the video still uploads or after it failed. The
// caller provides `save` from the console's API (create or edit); `saved` holds the chapter's id.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { errorMessage } from '../api/api-error'
import { readChapterWithVideo, type ChapterField, type ChapterForm, type ChapterValues, type FieldErrors, type UploadState } from './course-form'

/** What saving answers: the saved chapter's id. */
export interface Saved {
  readonly id: number
}

export interface ChapterEditorContext {
  readonly form: ChapterForm
  readonly errors: FieldErrors<ChapterField>
  /** the server's refusal */
  readonly message: string | null
  /** what is being saved (the form read with its video) */
  readonly values: ChapterValues | null
  readonly savedId: number | null
}

export type ChapterEditorEvent = { readonly type: 'form.edit'; readonly patch: Partial<ChapterForm> } | { readonly type: 'form.submit'; readonly upload: UploadState }

export const chapterEditorMachine = setup({
  types: {} as { context: ChapterEditorContext; events: ChapterEditorEvent; input: { form: ChapterForm } },
  actors: {
    /** POST /api/circle-admin/course/{id}/chapter/v1 or PUT …/course/chapter/{chapterId}/v1 */
    save: fromPromise<Saved, ChapterValues>(() => {
      throw new Error('provide save')
    }),
  },
  guards: {
    valid: ({ context }, params: { upload: UploadState }) => Object.keys(readChapterWithVideo(context.form, params.upload).errors).length === 0,
  },
  actions: {
    /** a message beside a field goes once that field is changed (the save checks them all again) */
    edit: assign(({ context }, params: { patch: Partial<ChapterForm> }) => {
      const errors = { ...context.errors }
      if ('title' in params.patch) delete errors.title
      if ('sortText' in params.patch) delete errors.sort
      if ('content' in params.patch) delete errors.content
      return { form: { ...context.form, ...params.patch }, errors, message: null }
    }),
    keep: assign(({ context }, params: { upload: UploadState }) => ({ values: readChapterWithVideo(context.form, params.upload).values, errors: {}, message: null })),
    showErrors: assign(({ context }, params: { upload: UploadState }) => ({ errors: readChapterWithVideo(context.form, params.upload).errors })),
    refuse: assign((_, params: { error: unknown }) => ({ message: errorMessage(params.error) })),
    remember: assign((_, params: Saved) => ({ savedId: params.id })),
  },
}).createMachine({
  id: 'chapterEditor',
  description:
    'Adding or editing a chapter of a course in the console: title, order, whether it is a free preview, its text and a video uploaded with its progress; problems show beside the fields, a refusal shows the reason, a saved chapter goes back to the course’s content.',
  context: ({ input }) => ({ form: input.form, errors: {}, message: null, values: null, savedId: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The adviser fills in the chapter.',
      on: {
        'form.edit': { description: 'A field changes.', actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        'form.submit': [
          {
            guard: { type: 'valid', params: ({ event }) => ({ upload: event.upload }) },
            description: 'Everything is in order and the video (if any) is stored: the chapter is saved.',
            target: 'saving',
            actions: { type: 'keep', params: ({ event }) => ({ upload: event.upload }) },
          },
          { description: 'Something is missing or wrong (or the video still uploads or failed): the problems show beside the fields.', actions: { type: 'showErrors', params: ({ event }) => ({ upload: event.upload }) } },
        ],
      },
    },
    saving: {
      description: 'The server saves the chapter.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.values ?? readChapterWithVideo(context.form, { status: 'idle', stored: null }).values,
        onDone: { description: 'Saved.', target: 'saved', actions: { type: 'remember', params: ({ event }) => event.output } },
        onError: { description: 'Refused: the server’s reason shows and the form stays.', target: 'editing', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final', description: 'The chapter is saved; the console goes back to the course’s content.' },
  },
})

export type ChapterEditorActor = ActorRefFrom<typeof chapterEditorMachine>
