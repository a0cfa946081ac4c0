// The comments of a live room as a reader sees and writes them (issue 28; spec 001 §3 'Video comment', §6
// honoured-guest and owner tags, §7 before-id / after-id comments and POST /api/video/comment/v1).
//
// - The newest comments are read first (before-id without an id), then the page joins the room's chat
//   group over the messaging port: every comment posted arrives there as it is posted.
// - Joining, and coming back after the connection was lost, catches up with after-id from the newest
//   comment held (page after page while the server says there is more), so nothing posted meanwhile is
//   missed; while the connection is lost, or when messaging is not available at all, after-id is asked
//   every 2 s instead.
// - The reader's own comment is posted over HTTP and shown from the answer (and again, harmlessly, when
//   it comes back from the group: the list is unique by commentId, core/live/viewer-comments.ts).
// Side effects are the actors below, provided by ui/live/api.ts.
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { LiveComment } from '../api/live'
import { errorMessage } from '../api/api-error'
import { LIVE_COMMENT_MAX, LIVE_MESSAGES } from './limits'
import { mergeComments, newestCommentId } from './viewer-comments'

export interface CommentPage {
  /** oldest first */
  readonly comments: readonly LiveComment[]
  readonly hasMore: boolean
}

export interface CommentsContext {
  /** unique by commentId, oldest first */
  readonly comments: readonly LiveComment[]
  readonly draft: string
  /** why the last comment was not posted, else null */
  readonly error: string | null
}

export type CommentsEvent =
  | { type: 'draft.change'; text: string }
  | { type: 'comment.send' }
  /** comments the room's chat group delivered */
  | { type: 'comments.received'; comments: readonly LiveComment[] }
  /** the messaging connection was lost */
  | { type: 'messaging.lost' }
  /** the messaging connection is back */
  | { type: 'messaging.back' }

/** Why a draft cannot be posted (spec-style messages of core/live/limits.ts), or null when it can. */
export function draftProblem(draft: string): string | null {
  const text = draft.trim()
  if (text.length === 0) return LIVE_MESSAGES.commentEmpty
  if ([...text].length > LIVE_COMMENT_MAX) return LIVE_MESSAGES.commentTooLong
  return null
}

export const commentsMachine = setup({
  types: {} as { context: CommentsContext; events: CommentsEvent },
  actors: {
    /** the newest page (before-id without an id), oldest first */
    loadRecent: fromPromise<CommentPage, void>(() => {
      throw new Error('provide loadRecent')
    }),
    /** comments newer than `afterId` (after-id), oldest first */
    loadAfter: fromPromise<CommentPage, { afterId: number }>(() => {
      throw new Error('provide loadAfter')
    }),
    /** joins the room's chat group over the messaging port */
    connect: fromPromise<void, void>(() => {
      throw new Error('provide connect')
    }),
    /** the group's pushes: comments.received, messaging.lost, messaging.back */
    listen: fromCallback<CommentsEvent>(() => {
      throw new Error('provide listen')
    }),
    /** posts a comment; answers null when a guest declined to log in */
    postComment: fromPromise<LiveComment | null, { content: string }>(() => {
      throw new Error('provide postComment')
    }),
  },
  delays: {
    /** issue 28: after-id every 2 s while messaging is unavailable */
    pollInterval: 2_000,
  },
  guards: {
    draftReady: ({ context }) => draftProblem(context.draft) === null,
    morePending: (_, params: { page: CommentPage }) => params.page.hasMore && params.page.comments.length > 0,
    posted: (_, params: { comment: LiveComment | null }) => params.comment !== null,
  },
  actions: {
    addComments: assign(({ context }, params: { comments: readonly LiveComment[] }) => ({ comments: mergeComments(context.comments, params.comments) })),
    setDraft: assign((_, params: { text: string }) => ({ draft: params.text, error: null })),
    clearDraft: assign({ draft: '', error: null }),
    rejectDraft: assign(({ context }) => ({ error: draftProblem(context.draft) })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
  },
}).createMachine({
  id: 'liveComments',
  description: "A live room's comments: the newest first, then each one as it is posted, caught up after a lost connection; and the reader's own.",
  type: 'parallel',
  context: { comments: [], draft: '', error: null },
  states: {
    feed: {
      description: 'The comments shown.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The newest comments are read.',
          invoke: {
            id: 'recent',
            src: 'loadRecent',
            onDone: { target: 'connecting', actions: { type: 'addComments', params: ({ event }) => ({ comments: event.output.comments }) } },
            onError: { target: 'connecting' },
          },
        },
        connecting: {
          description: "The page joins the room's chat group.",
          invoke: { id: 'connect', src: 'connect', onDone: { target: 'connected' }, onError: { target: 'unavailable' } },
        },
        connected: {
          description: 'Comments arrive from the chat group as they are posted.',
          invoke: { id: 'listen', src: 'listen' },
          on: { 'comments.received': { actions: { type: 'addComments', params: ({ event }) => ({ comments: event.comments }) } } },
          initial: 'catchingUp',
          states: {
            catchingUp: {
              description: 'Comments posted while the page was not in the group are read.',
              invoke: {
                id: 'catchUp',
                src: 'loadAfter',
                input: ({ context }) => ({ afterId: newestCommentId(context.comments) }),
                onDone: [
                  {
                    guard: { type: 'morePending', params: ({ event }) => ({ page: event.output }) },
                    target: 'catchingUp',
                    reenter: true,
                    actions: { type: 'addComments', params: ({ event }) => ({ comments: event.output.comments }) },
                    description: 'There are more: the next page is read.',
                  },
                  { target: 'online', actions: { type: 'addComments', params: ({ event }) => ({ comments: event.output.comments }) } },
                ],
                onError: { target: 'lost' },
              },
            },
            online: {
              description: 'The connection is up.',
              on: { 'messaging.lost': { target: 'lost', description: 'The connection was lost.' } },
            },
            lost: {
              description: 'The connection is lost: new comments are asked for every 2 seconds.',
              initial: 'waiting',
              on: { 'messaging.back': { target: 'catchingUp', description: 'The connection is back: what was missed is read.' } },
              states: {
                waiting: { description: 'Waiting 2 seconds.', after: { pollInterval: { target: 'fetching' } } },
                fetching: {
                  description: 'Comments newer than the newest shown are read.',
                  invoke: {
                    id: 'pollWhileLost',
                    src: 'loadAfter',
                    input: ({ context }) => ({ afterId: newestCommentId(context.comments) }),
                    onDone: { target: 'waiting', actions: { type: 'addComments', params: ({ event }) => ({ comments: event.output.comments }) } },
                    onError: { target: 'waiting' },
                  },
                },
              },
            },
          },
        },
        unavailable: {
          description: 'Messaging is not available: new comments are asked for every 2 seconds.',
          initial: 'waiting',
          states: {
            waiting: { description: 'Waiting 2 seconds.', after: { pollInterval: { target: 'fetching' } } },
            fetching: {
              description: 'Comments newer than the newest shown are read.',
              invoke: {
                id: 'poll',
                src: 'loadAfter',
                input: ({ context }) => ({ afterId: newestCommentId(context.comments) }),
                onDone: { target: 'waiting', actions: { type: 'addComments', params: ({ event }) => ({ comments: event.output.comments }) } },
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    composer: {
      description: "The reader's own comment.",
      initial: 'idle',
      states: {
        idle: {
          description: 'The reader writes.',
          on: {
            'draft.change': { actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) } },
            'comment.send': [
              { guard: 'draftReady', target: 'sending', description: 'The comment is not empty and not too long: it is posted.' },
              { actions: 'rejectDraft', description: 'The comment is empty or too long: the reader is told.' },
            ],
          },
        },
        sending: {
          description: 'The comment is posted (a guest is asked to log in first).',
          invoke: {
            id: 'post',
            src: 'postComment',
            input: ({ context }) => ({ content: context.draft.trim() }),
            onDone: [
              {
                guard: { type: 'posted', params: ({ event }) => ({ comment: event.output }) },
                target: 'idle',
                actions: [{ type: 'addComments', params: ({ event }) => ({ comments: event.output ? [event.output] : [] }) }, 'clearDraft'],
                description: 'The comment is posted and shown.',
              },
              { target: 'idle', description: 'The guest did not log in: the comment stays in the box.' },
            ],
            onError: { target: 'idle', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
})
