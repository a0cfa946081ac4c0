// /live keeps loading new flashes while the page is open (issue 5; spec 000 §7: /api/live-channels/
// all/lives takes `timestamp`): every POLL_INTERVAL_MS it asks for flashes newer than the newest one
// shown and keeps them, newest first, for the view to put above the list. A failed poll is retried
// at the next interval; nothing shows (the list itself is still readable).
import { assign, fromPromise, setup } from 'xstate'

/** The spec names no interval for new flashes; half a minute keeps a 7×24 list current. */
export const POLL_INTERVAL_MS = 30_000
/** At most this many new flashes are kept above the list. */
export const MAX_FRESH = 200

export interface Fresh {
  readonly id: number
  readonly createTimestamp: number
}

export interface LivePollContext<T extends Fresh = Fresh> {
  /** createTimestamp of the newest flash shown (null until the list has loaded) */
  since: number | null
  /** new flashes found by polling, newest first */
  fresh: T[]
}

export type LivePollEvent =
  /** the list shows flashes up to this second (sent when a page of the list loads) */
  | { type: 'poll.since'; timestamp: number }
  /** the filter changed: forget what was found */
  | { type: 'poll.reset' }

/** Puts newly found flashes in front of those found before: newest first, no repeats, capped. */
export function mergeFresh<T extends Fresh>(fresh: readonly T[], found: readonly T[], max: number = MAX_FRESH): T[] {
  const seen = new Set(fresh.map((f) => f.id))
  const add = found.filter((f) => !seen.has(f.id) && (seen.add(f.id), true))
  return [...add, ...fresh].sort((a, b) => b.createTimestamp - a.createTimestamp || b.id - a.id).slice(0, max)
}

export const livePollMachine = setup({
  types: {} as { context: LivePollContext; events: LivePollEvent },
  actors: {
    fetchNewer: fromPromise<readonly Fresh[], { since: number }>(() => {
      throw new Error('provide fetchNewer')
    }),
  },
  delays: { pollInterval: POLL_INTERVAL_MS },
  guards: {
    knowsSince: ({ context }) => context.since !== null,
  },
  actions: {
    setSince: assign({
      since: ({ context, event }) => (event.type === 'poll.since' ? Math.max(context.since ?? 0, event.timestamp) : context.since),
    }),
    reset: assign({ since: null, fresh: [] }),
    keepFound: assign(({ context }, params: { found: readonly Fresh[] }) => {
      const found = params.found
      const fresh = mergeFresh(context.fresh, found)
      const newest = fresh[0]?.createTimestamp ?? context.since
      return { fresh, since: Math.max(context.since ?? 0, newest ?? 0) }
    }),
  },
}).createMachine({
  id: 'livePoll',
  description: 'The live page checks for new flashes every half minute while it is open and shows them above the list.',
  context: { since: null, fresh: [] },
  initial: 'waiting',
  on: {
    'poll.since': { actions: 'setSince' },
    'poll.reset': { target: '.waiting', actions: 'reset' },
  },
  states: {
    waiting: {
      description: 'Waiting 30 s before asking for newer flashes.',
      after: {
        pollInterval: [
          { guard: 'knowsSince', target: 'polling', description: 'The page knows its newest flash: it asks for anything newer.' },
          { target: 'waiting', reenter: true },
        ],
      },
    },
    polling: {
      description: 'Asking for flashes newer than the newest shown.',
      invoke: {
        id: 'fetchNewer',
        src: 'fetchNewer',
        input: ({ context }) => ({ since: context.since ?? 0 }),
        onDone: { target: 'waiting', actions: { type: 'keepFound', params: ({ event }) => ({ found: event.output }) } },
        onError: { target: 'waiting' },
      },
    },
  },
})
