// Sharing a post, a news item or an article (spec 000 §7 POST /api/share/v2; GET
// /api/share/public/{code}/v1; issue 25): 分享 asks for login (spec 000 §4: guests who act get the
// login dialog), then for the reader's share code, and shows the link of the public share page
// (/share/{code}) with a copy button. Copying reports 复制成功 or 复制失败，请手动复制 (spec 000 §8
// 'Clipboard'); the link stays shown, selectable, either way. A share code is the reader's own for
// that item (the server answers the same code again), so a second 分享 shows it without asking.
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage } from '../toggle/toggle.machine'

/** What can be shared (core/api/interaction.ts ShareSource): a post, a news item, a circle's moment. */
export type ShareSource = 'post' | 'news' | 'circleDynamic'

export interface ShareCode {
  readonly code: string
  readonly title: string
}

/** The public share page of a code, a same-origin path: it reads GET /api/share/public/{code}/v1. */
export const sharePagePath = (code: string): string => `/share/${encodeURIComponent(code)}`

/** The link a reader passes on: the share page on this site's origin. */
export const shareLink = (origin: string, code: string): string => `${origin.replace(/\/+$/, '')}${sharePagePath(code)}`

export type CopyResult = 'none' | 'copied' | 'failed'

export interface ShareContext {
  readonly source: ShareSource
  readonly id: number
  readonly share: ShareCode | null
  /** the server's message when asking for the code failed */
  readonly error: string | null
  /** spec 000 §8: 复制成功 / 复制失败，请手动复制 */
  readonly copy: CopyResult
}

export type ShareEvent = { type: 'share.open' } | { type: 'share.close' } | { type: 'share.retry' } | { type: 'copy.click' }

export const shareMachine = setup({
  types: {} as { context: ShareContext; events: ShareEvent; input: { source: ShareSource; id: number } },
  actors: {
    // resolves true when the reader is signed in (at once, or after the login dialog)
    requireLogin: fromPromise<boolean>(() => {
      throw new Error('provide requireLogin')
    }),
    // POST /api/share/v2 { source, id }
    createShare: fromPromise<ShareCode, { source: ShareSource; id: number }>(() => {
      throw new Error('provide createShare')
    }),
    // writes the share link to the clipboard; rejects when the browser refuses
    copyLink: fromPromise<unknown, { code: string }>(() => {
      throw new Error('provide copyLink')
    }),
  },
  guards: {
    hasCode: ({ context }) => context.share !== null,
    signedIn: (_, params: { signedIn: boolean }) => params.signedIn,
  },
  actions: {
    storeShare: assign((_, params: { share: ShareCode }) => ({ share: params.share, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    clearCopy: assign({ copy: 'none' as CopyResult }),
    copied: assign({ copy: 'copied' as CopyResult }),
    copyFailed: assign({ copy: 'failed' as CopyResult }),
  },
}).createMachine({
  id: 'share',
  description:
    'Sharing a post, a news item or an article: log in first, get the share link of its public page, copy it (copied, or copy it by hand when the browser refuses), scan its QR code or open the page.',
  context: ({ input }) => ({ source: input.source, id: input.id, share: null, error: null, copy: 'none' }),
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the 分享 button shows.',
      on: {
        'share.open': [
          { guard: 'hasCode', target: 'shown', actions: 'clearCopy', description: 'The share link was made before: the panel opens with it at once.' },
          { target: 'needsLogin', actions: 'clearCopy' },
        ],
      },
    },
    needsLogin: {
      description: 'Sharing needs a login: a guest sees the login dialog first.',
      invoke: {
        id: 'requireLogin',
        src: 'requireLogin',
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => ({ signedIn: event.output }) },
            target: 'creating',
            description: 'The reader is signed in (or has just logged in): the share link is made.',
          },
          { target: 'closed' },
        ],
        onError: 'closed',
      },
    },
    creating: {
      description: 'Asking the server for the share link of the public page.',
      invoke: {
        id: 'createShare',
        src: 'createShare',
        input: ({ context }) => ({ source: context.source, id: context.id }),
        onDone: { target: 'shown', actions: { type: 'storeShare', params: ({ event }) => ({ share: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'share.close': 'closed' },
    },
    failed: {
      description: 'The link could not be made: the reason and a retry.',
      on: { 'share.retry': 'creating', 'share.close': 'closed' },
    },
    shown: {
      description: 'The panel shows the link, its QR code and a way to open the page; 复制链接 copies it.',
      on: { 'copy.click': 'copying', 'share.close': 'closed' },
    },
    copying: {
      description: 'Copying the link; the panel then says copied, or asks to copy it by hand when the browser refuses.',
      invoke: {
        id: 'copyLink',
        src: 'copyLink',
        input: ({ context }) => ({ code: context.share?.code ?? '' }),
        onDone: { target: 'shown', actions: 'copied' },
        onError: { target: 'shown', actions: 'copyFailed' },
      },
      on: { 'share.close': 'closed' },
    },
  },
})
