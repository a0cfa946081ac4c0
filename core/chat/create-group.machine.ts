// Creating a group chat (spec 001 §2, §6: the 创建群聊 button, for readers with an advisory
// certification; spec 001 §7 POST create-group): open the form, name the group (1–30 characters,
// core/chat/limits GROUP_NAME_MAX), create it; a refusal shows the server's reason and the form stays.
// The caller provides the createGroup actor from the chat API, and is told the new conversation by an
// emitted `group.created`.
import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { errorMessage } from '../api/api-error'
import { groupConversationId } from './conversation-id'
import { GROUP_NAME_MAX } from './limits'

export interface CreateGroupContext {
  readonly name: string
  readonly error: string | null
}

export type CreateGroupEvent =
  | { readonly type: 'form.open' }
  | { readonly type: 'form.cancel' }
  | { readonly type: 'name.change'; readonly name: string }
  | { readonly type: 'form.submit' }

/** Emitted once the group exists: its conversation opens. */
export interface GroupCreatedEvent {
  readonly type: 'group.created'
  readonly conversationId: string
}

/** A group name the server takes: not blank, at most GROUP_NAME_MAX characters once trimmed. */
export const isGroupName = (name: string): boolean => {
  const trimmed = name.trim()
  return trimmed !== '' && [...trimmed].length <= GROUP_NAME_MAX
}

export const createGroupMachine = setup({
  types: {} as { context: CreateGroupContext; events: CreateGroupEvent; emitted: GroupCreatedEvent },
  actors: {
    createGroup: fromPromise<{ readonly groupId: string }, { readonly name: string }>(() => {
      throw new Error('provide createGroup')
    }),
  },
  guards: {
    nameGiven: ({ context }) => isGroupName(context.name),
  },
  actions: {
    changeName: assign({ name: (_, name: string) => name, error: null }),
    reset: assign({ name: '', error: null }),
    storeError: assign({ error: (_, failure: { readonly error: unknown }) => errorMessage(failure.error) }),
    announce: emit((_, created: { readonly groupId: string }): GroupCreatedEvent => ({ type: 'group.created', conversationId: groupConversationId(created.groupId) })),
  },
}).createMachine({
  id: 'createGroup',
  description: 'A certified adviser creates a group chat: name it, create it, and its conversation opens.',
  initial: 'closed',
  context: { name: '', error: null },
  states: {
    closed: {
      description: 'Only the 创建群聊 button shows.',
      on: { 'form.open': { description: 'The adviser opens the form.', target: 'editing' } },
    },
    editing: {
      description: 'The adviser types the group’s name.',
      on: {
        'name.change': { description: 'The adviser types.', actions: { type: 'changeName', params: ({ event }) => event.name } },
        'form.cancel': { description: 'The adviser gives up: the form closes empty.', target: 'closed', actions: 'reset' },
        'form.submit': { guard: 'nameGiven', description: 'A name of 1 to 30 characters: the group is created.', target: 'creating' },
      },
    },
    creating: {
      description: 'The server creates the group.',
      invoke: {
        id: 'createGroup',
        src: 'createGroup',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: { description: 'Created: the form closes and the group’s conversation opens.', target: 'closed', actions: [{ type: 'announce', params: ({ event }) => event.output }, 'reset'] },
        onError: { description: 'Refused (not certified, a bad name): the reason shows and the form stays.', target: 'editing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})

export type CreateGroupActor = ActorRefFrom<typeof createGroupMachine>
