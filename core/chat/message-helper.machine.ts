// The message helper (spec 001 §2 /chat/message-helper, §7 POST batch/one2one): a group's Owner or
// Admin chooses some of the groups they run and sends one text to every member of them, one-to-one.
// Nothing is sent without a group and a text (not blank, at most TEXT_MAX_BYTES of UTF-8); the outcome
// or the server's refusal shows, and a sent text is cleared.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { errorMessage } from '../api/api-error'
import { TEXT_MAX_BYTES, utf8Bytes } from './limits'

export type HelperOutcome = { readonly kind: 'sent'; readonly sent: number; readonly conversations: number } | { readonly kind: 'failed'; readonly message: string }

export interface MessageHelperContext {
  readonly chosen: readonly string[]
  readonly content: string
  readonly outcome: HelperOutcome | null
}

export type MessageHelperEvent =
  | { readonly type: 'group.toggle'; readonly groupId: string }
  | { readonly type: 'content.change'; readonly content: string }
  | { readonly type: 'helper.send' }

/** A text the helper sends: not blank, within the text limit. */
export const isHelperText = (content: string): boolean => content.trim() !== '' && utf8Bytes(content) <= TEXT_MAX_BYTES

export const messageHelperMachine = setup({
  types: {} as { context: MessageHelperContext; events: MessageHelperEvent },
  actors: {
    send: fromPromise<{ readonly sent: number; readonly conversations: number }, { readonly groupIds: readonly string[]; readonly content: string }>(() => {
      throw new Error('provide send')
    }),
  },
  guards: {
    readyToSend: ({ context }) => context.chosen.length > 0 && isHelperText(context.content),
  },
  actions: {
    toggle: assign({ chosen: ({ context }, groupId: string) => (context.chosen.includes(groupId) ? context.chosen.filter((g) => g !== groupId) : [...context.chosen, groupId]) }),
    changeContent: assign({ content: (_, content: string) => content }),
    storeSent: assign({ outcome: (_, r: { readonly sent: number; readonly conversations: number }) => ({ kind: 'sent' as const, ...r }), content: '' }),
    storeFailure: assign({ outcome: (_, failure: { readonly error: unknown }) => ({ kind: 'failed' as const, message: errorMessage(failure.error) }) }),
  },
}).createMachine({
  id: 'messageHelper',
  description: 'A group’s owner or admin sends one message to every member of the groups they choose, one by one.',
  initial: 'editing',
  context: { chosen: [], content: '', outcome: null },
  states: {
    editing: {
      description: 'Choosing the groups and writing the message.',
      on: {
        'group.toggle': { description: 'A group is chosen, or no longer.', actions: { type: 'toggle', params: ({ event }) => event.groupId } },
        'content.change': { description: 'The message is typed.', actions: { type: 'changeContent', params: ({ event }) => event.content } },
        'helper.send': { guard: 'readyToSend', description: 'At least one group and a message within the limit: it is sent.', target: 'sending' },
      },
    },
    sending: {
      description: 'The server sends the message to each member.',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ groupIds: context.chosen, content: context.content }),
        onDone: { description: 'Sent: how many messages to how many members shows, and the text is cleared.', target: 'editing', actions: { type: 'storeSent', params: ({ event }) => event.output } },
        onError: { description: 'Refused or failed: the reason shows and the text stays.', target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})

export type MessageHelperActor = ActorRefFrom<typeof messageHelperMachine>
