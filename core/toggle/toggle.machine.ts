// One machine for every on/off interaction that needs login and can fail (design.md 'App state and
// the API layer'): follow a user, follow a subject, watch a stock; later like, favourite, follow a
// portfolio. A click asks for login first (spec 000 §4: guests who act get the login dialog), then
// saves optimistically — the new state shows at once and rolls back, with the server's message,
// when the save fails. Clicks while a save is in flight are ignored: never two saves at once.
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage as messageOr } from '../api/api-error'

export interface ToggleContext {
  /** what the button shows: the confirmed state, or the optimistic one while saving */
  readonly on: boolean
  /** the last state the server confirmed (or the view synced from a status call) */
  readonly confirmed: boolean
  /** the server's message of the last failed save; cleared by the next click */
  readonly error: string | null
}

export type ToggleEvent =
  | { type: 'toggle.click' }
  /** the state read from the server (a status call, the session's follow set) */
  | { type: 'toggle.sync'; on: boolean }

export interface SaveInput {
  /** the state to save: true follows / watches, false undoes it */
  readonly on: boolean
}

/** What a save answers: the state the server now holds (a stock already watched answers on). */
export interface SaveOutput {
  readonly on: boolean
}

/** When a failure carries no message of its own. */
export const TOGGLE_FAILED = '操作失败，请稍后重试'

/** A failure's message, else TOGGLE_FAILED (the one rule: core/api/api-error.ts errorMessage). */
export const errorMessage = (error: unknown): string => messageOr(error, TOGGLE_FAILED)

export const toggleMachine = setup({
  types: {} as { context: ToggleContext; events: ToggleEvent; input: { on: boolean } },
  actors: {
    // resolves true when the reader is signed in (at once, or after the login dialog)
    requireLogin: fromPromise<boolean>(() => {
      throw new Error('provide requireLogin')
    }),
    save: fromPromise<SaveOutput, SaveInput>(() => {
      throw new Error('provide save')
    }),
  },
  guards: {
    isOn: ({ context }) => context.confirmed,
    signedIn: (_, params: { signedIn: boolean }) => params.signedIn,
  },
  actions: {
    clearError: assign({ error: null }),
    showOptimistic: assign({ on: ({ context }) => !context.confirmed }),
    confirm: assign((_, params: { on: boolean }) => ({ on: params.on, confirmed: params.on })),
    rollBack: assign(({ context }, params: { error: unknown }) => ({ on: context.confirmed, error: errorMessage(params.error) })),
    // the view keeps the session's follow sets in step (core/session: follow.change)
    reportSaved: (_, _params: { on: boolean }) => undefined,
  },
}).createMachine({
  id: 'toggle',
  description:
    'Any on/off button that needs a login (follow, watch, like, favourite): it switches at once when pressed, asks a guest to log in first, and switches back with the reason when the server refuses.',
  context: ({ input }) => ({ on: input.on, confirmed: input.on, error: null }),
  initial: 'settling',
  states: {
    settling: {
      description: 'For a moment after any change: the button shows what the server last confirmed (or the change being saved).',
      always: [{ guard: 'isOn', target: 'on', description: 'The button is on (followed, watched, liked): it shows as on.' }, { target: 'off' }],
    },
    off: {
      description: 'The button is off (not followed, not watched); pressing it turns it on.',
      on: {
        'toggle.click': { target: 'needsLogin', actions: 'clearError' },
        'toggle.sync': { target: 'settling', actions: { type: 'confirm', params: ({ event }) => ({ on: event.on }) } },
      },
    },
    on: {
      description: 'The button is on; pressing it turns it off.',
      on: {
        'toggle.click': { target: 'needsLogin', actions: 'clearError' },
        'toggle.sync': { target: 'settling', actions: { type: 'confirm', params: ({ event }) => ({ on: event.on }) } },
      },
    },
    needsLogin: {
      description: 'Pressed: a signed-in reader goes straight on; a guest sees the login dialog first.',
      invoke: {
        id: 'requireLogin',
        src: 'requireLogin',
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => ({ signedIn: event.output }) },
            target: 'saving',
            description: 'The reader is signed in (or has just logged in): the change is saved.',
          },
          { target: 'settling' },
        ],
        onError: 'settling',
      },
    },
    saving: {
      description: 'The button already shows the new setting while the server saves it; if the server refuses, it switches back and says why.',
      entry: 'showOptimistic',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ on: !context.confirmed }),
        onDone: {
          target: 'settling',
          actions: [
            { type: 'confirm', params: ({ event }) => ({ on: event.output.on }) },
            { type: 'reportSaved', params: ({ event }) => ({ on: event.output.on }) },
          ],
        },
        onError: { target: 'settling', actions: { type: 'rollBack', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})
