// Exchanging a coupon's cd-key on /my/coupon (issue 25; spec 001 §7: GET /api/user-coupons/exchange
// (cdKey)): the reader types the key, 兑换 checks it (core/order/cd-key.ts) and sends it; the coupon
// it gives is shown and the list reloads (exchanged counts them); a refusal shows the server's message
// (兑换码无效或已过期, 您已兑换过该兑换码, 操作过于频繁，请稍后再试).
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate'
import { errorMessage } from '../api/api-error'
import type { Coupon } from '../api/order'
import { CD_KEY_MESSAGES, cdKeyProblem } from './cd-key'

export interface CdKeyContext {
  /** the box's text */
  readonly draft: string
  /** why the draft cannot be sent, or the server's refusal; null when none */
  readonly error: string | null
  /** the coupon the last exchange gave */
  readonly coupon: Coupon | null
  /** how many exchanges succeeded (the coupon list reloads on a change) */
  readonly exchanged: number
}

export type CdKeyEvent = { type: 'cdKey.change'; value: string } | { type: 'cdKey.submit' }

const outputOf = <T>(event: unknown): T => (event as DoneActorEvent<T>).output
const errorOf = (event: unknown): unknown => (event as ErrorActorEvent).error


export const cdKeyMachine = setup({
  types: {} as { context: CdKeyContext; events: CdKeyEvent },
  actors: {
    /** GET /api/user-coupons/exchange (cdKey) */
    exchange: fromPromise<Coupon, { cdKey: string }>(() => {
      throw new Error('provide exchange')
    }),
  },
  guards: {
    isSendable: ({ context }) => cdKeyProblem(context.draft) === null,
  },
  actions: {
    setDraft: assign(({ event }) => (event.type === 'cdKey.change' ? { draft: event.value, error: null } : {})),
    showProblem: assign(({ context }) => ({ error: cdKeyProblem(context.draft), coupon: null })),
    takeCoupon: assign(({ context, event }) => ({
      coupon: outputOf<Coupon>(event),
      draft: '',
      error: null,
      exchanged: context.exchanged + 1,
    })),
    rememberError: assign(({ event }) => ({ error: errorMessage(errorOf(event), CD_KEY_MESSAGES.failed), coupon: null })),
  },
}).createMachine({
  id: 'cdKey',
  description: 'Exchanging a cd-key for a coupon on /my/coupon.',
  context: { draft: '', error: null, coupon: null, exchanged: 0 },
  initial: 'editing',
  states: {
    editing: {
      description: 'The box and 兑换; a key that breaks the rule is not sent.',
      on: {
        'cdKey.change': { actions: 'setDraft' },
        'cdKey.submit': [
          { guard: 'isSendable', description: 'The key has the right form: it is exchanged.', target: 'exchanging' },
          { actions: 'showProblem' },
        ],
      },
    },
    exchanging: {
      description: 'Sending the key; the coupon it gives is shown, or the refusal.',
      invoke: {
        id: 'exchange',
        src: 'exchange',
        input: ({ context }) => ({ cdKey: context.draft.trim() }),
        onDone: { target: 'editing', actions: 'takeCoupon' },
        onError: { target: 'editing', actions: 'rememberError' },
      },
    },
  },
})
