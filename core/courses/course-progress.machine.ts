// A member's place in a course chapter, saved while they watch (issue 27: 'progress per member'): the
// course page sends the video's time as it plays, and the place is saved every 10 s of watching
// (PROGRESS_SAVE_INTERVAL_MS), at once when the reader pauses, the video ends, they open another chapter
// or say they have read a chapter without a video — and only when it changed since the last save. A save
// that fails is tried again at the next occasion. The server decides what is stored
// (core/courses/progress.ts); the machine keeps what it answered. Saving is the `saveProgress` actor,
// provided by the page from the HTTP port (PUT /api/financial-circle/course/{id}/progress/v1).
import { assign, fromPromise, setup } from 'xstate'
import { PROGRESS_SAVE_INTERVAL_MS } from './limits'

export interface SavedProgress {
  readonly chapterId: number
  readonly positionSeconds: number
  readonly completed: boolean
}

export interface SaveRequest {
  readonly courseId: number
  readonly chapterId: number
  readonly positionSeconds: number
  readonly completed?: boolean
}

export interface CourseProgressContext {
  readonly courseId: number
  readonly chapterId: number | null
  /** where the video is now (seconds) */
  readonly positionSeconds: number
  /** what the server has for the open chapter (null: nothing yet) */
  readonly saved: SavedProgress | null
  /** the reader said they read this chapter (one without a video) */
  readonly readMarked: boolean
  /** the chapter to open once the one being left is saved */
  readonly next: { readonly chapterId: number; readonly saved: SavedProgress | null } | null
}

export type CourseProgressEvent =
  | { type: 'chapter.open'; chapterId: number; saved: SavedProgress | null }
  | { type: 'video.time'; seconds: number }
  | { type: 'video.pause' }
  | { type: 'video.ended' }
  | { type: 'chapter.read' }

const whole = (s: number) => (Number.isFinite(s) && s > 0 ? Math.round(s) : 0)

export const courseProgressMachine = setup({
  types: {} as { context: CourseProgressContext; events: CourseProgressEvent; input: { courseId: number } },
  actors: {
    saveProgress: fromPromise<SavedProgress, SaveRequest>(() => {
      throw new Error('provide saveProgress')
    }),
  },
  delays: { saveInterval: PROGRESS_SAVE_INTERVAL_MS },
  guards: {
    /** the place moved (or the chapter was marked read) since the server last answered */
    unsaved: ({ context }) =>
      context.chapterId !== null &&
      (context.saved === null || context.saved.chapterId !== context.chapterId || context.saved.positionSeconds !== context.positionSeconds || (context.readMarked && !context.saved.completed)),
  },
  actions: {
    open: assign((_, params: { chapterId: number; saved: SavedProgress | null }) => ({
      chapterId: params.chapterId,
      saved: params.saved,
      positionSeconds: params.saved?.positionSeconds ?? 0,
      readMarked: false,
      next: null,
    })),
    openNext: assign(({ context }) => ({
      chapterId: context.next?.chapterId ?? context.chapterId,
      saved: context.next ? context.next.saved : context.saved,
      positionSeconds: context.next ? (context.next.saved?.positionSeconds ?? 0) : context.positionSeconds,
      readMarked: false,
      next: null,
    })),
    queueNext: assign((_, params: { chapterId: number; saved: SavedProgress | null }) => ({ next: { chapterId: params.chapterId, saved: params.saved } })),
    setTime: assign((_, params: { seconds: number }) => ({ positionSeconds: whole(params.seconds) })),
    markRead: assign({ readMarked: true }),
    keepSaved: assign((_, params: { saved: SavedProgress }) => ({ saved: params.saved })),
  },
}).createMachine({
  id: 'courseProgress',
  description: "A member's place in a course chapter, saved every 10 seconds of watching and whenever they pause, finish or move on.",
  context: ({ input }) => ({ courseId: input.courseId, chapterId: null, positionSeconds: 0, saved: null, readMarked: false, next: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'No chapter is open yet.',
      on: { 'chapter.open': { target: 'watching', actions: { type: 'open', params: ({ event }) => ({ chapterId: event.chapterId, saved: event.saved }) } } },
    },
    watching: {
      description: 'A chapter is open: the video plays or waits, and its place is noted as it moves.',
      after: {
        saveInterval: [
          { guard: 'unsaved', target: 'saving', description: 'Ten seconds passed and the place moved: it is saved.' },
          { target: 'watching', reenter: true, description: 'Ten seconds passed with nothing new: nothing is saved.' },
        ],
      },
      on: {
        'video.time': { actions: { type: 'setTime', params: ({ event }) => ({ seconds: event.seconds }) } },
        'video.pause': { guard: 'unsaved', target: 'saving', description: 'The reader paused somewhere new: the place is saved.' },
        'video.ended': { guard: 'unsaved', target: 'saving', description: 'The video ended: the place (its end) is saved.' },
        'chapter.read': { target: 'saving', actions: 'markRead', description: 'The reader says they read a chapter without a video: it is saved as finished.' },
        'chapter.open': [
          {
            guard: 'unsaved',
            target: 'leaving',
            actions: { type: 'queueNext', params: ({ event }) => ({ chapterId: event.chapterId, saved: event.saved }) },
            description: 'Another chapter is opened while this one has an unsaved place: that place is saved first.',
          },
          { target: 'watching', reenter: true, actions: { type: 'open', params: ({ event }) => ({ chapterId: event.chapterId, saved: event.saved }) } },
        ],
      },
    },
    saving: {
      description: 'The place is being saved; the video goes on meanwhile.',
      invoke: {
        id: 'save',
        src: 'saveProgress',
        input: ({ context }) => ({
          courseId: context.courseId,
          chapterId: context.chapterId!,
          positionSeconds: context.positionSeconds,
          ...(context.readMarked ? { completed: true } : {}),
        }),
        onDone: { target: 'watching', actions: { type: 'keepSaved', params: ({ event }) => ({ saved: event.output }) } },
        onError: { target: 'watching' },
      },
      on: { 'video.time': { actions: { type: 'setTime', params: ({ event }) => ({ seconds: event.seconds }) } } },
    },
    leaving: {
      description: "The place in the chapter being left is saved, then the next chapter opens.",
      invoke: {
        id: 'saveBeforeLeaving',
        src: 'saveProgress',
        input: ({ context }) => ({ courseId: context.courseId, chapterId: context.chapterId!, positionSeconds: context.positionSeconds, ...(context.readMarked ? { completed: true } : {}) }),
        onDone: { target: 'watching', actions: 'openNext' },
        onError: { target: 'watching', actions: 'openNext' },
      },
    },
  },
})
