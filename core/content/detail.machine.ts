// One record fetched by id: an article, a flash. Not-found is a state of its own (the view shows
// the 404 content), other failures offer a retry.
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage, LOAD_FAILED } from '../api/api-error'

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
      isNotFound: (_, params: { error: unknown }) =>
        typeof params.error === 'object' && params.error !== null && (params.error as { statusCode?: unknown }).statusCode === NOT_FOUND,
    },
    actions: {
      store: assign((_, params: { data: T }) => ({ data: params.data, error: null })),
      rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, LOAD_FAILED) })),
      setId: assign((_, id: number) => ({ id, data: null, error: null })),
    },
  }).createMachine({
    id: 'detail',
    description: 'Loading one article or flash by its id, with a not-found page and a retry after other failures.',
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
          onDone: { target: 'loaded', actions: { type: 'store', params: ({ event }) => ({ data: event.output }) } },
          onError: [
            {
              guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
              target: 'notFound',
              description: 'The server says there is no such article or flash: the not-found page.',
            },
            { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
          ],
        },
      },
      loaded: { description: 'The record is shown.' },
      notFound: { description: 'No such record: the 404 content.' },
      failed: { description: 'Loading failed; a retry button is shown.', on: { 'detail.retry': 'loading' } },
    },
  })
