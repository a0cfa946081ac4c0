// One record fetched by id: an article, a flash. Not-found is a state of its own (the view shows
// the 404 content), other failures offer a retry.
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate'

export const NOT_FOUND = 404

/** The record is opaque here: the view knows its type. */
type T = unknown

export const detailMachine = setup({
    types: {} as {
      context: { id: number; data: T | null; error: string | null }
      events: { type: 'detail.retry' } | { type: 'detail.open'; id: number }
      input: { id: number }
    },
    actors: {
      loadDetail: fromPromise<T, { id: number }>(() => {
        throw new Error('provide loadDetail')
      }),
    },
    guards: {
      isNotFound: ({ event }) => {
        const error = (event as unknown as ErrorActorEvent).error
        return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === NOT_FOUND
      },
    },
    actions: {
      store: assign(({ event }) => ({ data: (event as unknown as DoneActorEvent<T>).output, error: null })),
      rememberError: assign(({ event }) => {
        const error = (event as unknown as ErrorActorEvent).error
        return { error: error instanceof Error ? error.message : '加载失败' }
      }),
      setId: assign((_, id: number) => ({ id, data: null, error: null })),
    },
  }).createMachine({
    id: 'detail',
    context: ({ input }) => ({ id: input.id, data: null, error: null }),
    initial: 'loading',
    on: { 'detail.open': { target: '.loading', actions: { type: 'setId', params: ({ event }) => event.id } } },
    states: {
      loading: {
        description: 'Fetching the record.',
        invoke: {
          id: 'loadDetail',
          src: 'loadDetail',
          input: ({ context }) => ({ id: context.id }),
          onDone: { target: 'loaded', actions: 'store' },
          onError: [
            { guard: 'isNotFound', target: 'notFound' },
            { target: 'failed', actions: 'rememberError' },
          ],
        },
      },
      loaded: { description: 'The record is shown.' },
      notFound: { description: 'No such record: the 404 content.' },
      failed: { description: 'Loading failed; a retry button is shown.', on: { 'detail.retry': 'loading' } },
    },
  })
