// A list that loads page by page (cursor or page number, as the endpoint says): the home feed,
// news lists, live flashes. The view renders `items` and sends `list.more` near the end.
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage, LOAD_FAILED } from '../api/api-error'

export interface PageRequest {
  /** 1-based page number of the page asked for */
  page: number
  /** the last item shown, for cursor endpoints (null for the first page) */
  last: unknown
  /** items loaded so far (spec: channel articles take `loaded`) */
  loaded: number
  filter: F
}
export interface PageAnswer<T> {
  list: readonly T[]
  hasMore: boolean
}

export interface PagedListContext {
  items: T[]
  page: number
  hasMore: boolean
  filter: F
  error: string | null
  /** a key function removes duplicates that a moving feed can send twice */
  keyOf: (item: T) => string | number
}

export type PagedListEvent =
  | { type: 'list.more' }
  | { type: 'list.retry' }
  | { type: 'list.filter'; filter: F }
  | { type: 'list.refresh' }

/** Items and filters are opaque here: the view knows their types (the machine only pages). */
type T = unknown
type F = unknown

export const pagedListMachine = setup({
    types: {} as {
      context: PagedListContext
      events: PagedListEvent
      input: { filter: F; keyOf: (item: T) => string | number; initial?: PageAnswer<T> | undefined }
    },
    actors: {
      loadPage: fromPromise<PageAnswer<T>, PageRequest>(() => {
        throw new Error('provide loadPage')
      }),
    },
    guards: {
      hasMore: ({ context }) => context.hasMore,
      isEmpty: ({ context }) => context.items.length === 0,
      hasFirstPage: ({ context }) => context.page > 0,
    },
    actions: {
      appendPage: assign(({ context }, params: { answer: PageAnswer<T> }) => {
        const answer = params.answer
        const seen = new Set(context.items.map(context.keyOf))
        const fresh = answer.list.filter((item) => {
          const key = context.keyOf(item)
          if (seen.has(key)) return false
          seen.add(key)
          return true
        })
        return { items: [...context.items, ...fresh], page: context.page + 1, hasMore: answer.hasMore, error: null }
      }),
      rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, LOAD_FAILED) })),
      reset: assign(() => ({ items: [] as T[], page: 0, hasMore: true, error: null })),
      setFilter: assign(({ event }) => (event.type === 'list.filter' ? { filter: event.filter } : {})),
    },
  }).createMachine({
    id: 'pagedList',
    description: 'A list that loads more items page by page as the reader scrolls (home feed, news, live flashes).',
    context: ({ input }) => ({
      items: input.initial ? [...input.initial.list] : [],
      page: input.initial ? 1 : 0,
      hasMore: input.initial ? input.initial.hasMore : true,
      filter: input.filter,
      error: null,
      keyOf: input.keyOf,
    }),
    initial: 'start',
    on: {
      'list.filter': { target: '.loading', actions: ['reset', 'setFilter'] },
      'list.refresh': { target: '.loading', actions: 'reset' },
    },
    states: {
      start: {
        description: 'A first page the server inlined into the HTML is shown at once; otherwise it is fetched.',
        always: [
          { guard: 'hasFirstPage', target: 'idle', description: 'The page came with its first items: they show at once.' },
          { target: 'loading' },
        ],
      },
      loading: {
        description: 'The next page is being fetched; the first page shows a skeleton.',
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({
            page: context.page + 1,
            last: context.items[context.items.length - 1] ?? null,
            loaded: context.items.length,
            filter: context.filter,
          }),
          onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ answer: event.output }) } },
          onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      idle: {
        description: 'Items are shown; more can be asked for while the list has more.',
        always: { guard: 'isEmpty', target: 'empty', description: 'The list has no items at all: the empty state.' },
        on: { 'list.more': { guard: 'hasMore', target: 'loading', description: 'The reader scrolled to the end and there are more items: the next page loads.' } },
      },
      empty: { description: 'Nothing to show: the empty state.' },
      failed: {
        description: 'The last page failed; the view shows the error with a retry button.',
        on: { 'list.retry': 'loading' },
      },
    },
  })
