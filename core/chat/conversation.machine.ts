// One conversation (spec 001 §2 'Chat', §3 'Chat state', §4 'Events handled'): its history, newest page
// first and earlier pages on request (the cursor is the service's nextReqMessageID); new, revoked and
// changed messages as the service pushes them, unique by ID; the hide queue of shielded messages; the
// composer (draft, @ members, @all for the group's Owner or Admin) and an outbox whose messages are
// pending until the service answers, failed with the reason otherwise, and may be sent again or dropped;
// a chatroom is joined first and checks each text first (POST /api/chatroom/check/msg/v1). A group conversation starts the
// member list as its child 'members' (core/chat/group-members.machine.ts), which tells it the reader's role.
//
// Side effects are actors and actions the caller provides from the messaging port:
//   conversationMachine.provide({ actors: { joinGroup, loadHistory, sendMessage, checkText, operate, listen, groupMembers }, actions: { markRead } })
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { parseConversationId } from './conversation-id'
import { errorMessage } from '../api/api-error'
import { groupMembersMachine } from './group-members.machine'
import { mergeMessages, messageLine, visibleMessages, type MessageLine } from './message-list'
import { AT_ALL, type ChatMessage, type ImageFile, type MessagePage } from './messaging-port'
import { canRevoke, isOwnerOrAdmin, type ChatRole } from './permissions'
import { applyMarkers, type HideQueue } from './shield-queue'

export interface ConversationInput {
  readonly conversationId: string
  /** the reader's user id */
  readonly me: string
  /** a chatroom (spec 000 §7): the reader joins it first, and the server checks each text before it is sent */
  readonly chatroom: boolean
}

/** A message the reader sent that the service has not taken yet: pending, or failed with the reason. */
export interface OutgoingMessage {
  readonly localId: string
  readonly text: string
  readonly atUserList: readonly string[]
  readonly image: ImageFile | null
  readonly status: 'pending' | 'failed'
  readonly error: string | null
}

/** What the conversation's tools and message controls ask for. */
export type ConversationOperation =
  | { readonly kind: 'revoke'; readonly message: ChatMessage }
  | { readonly kind: 'pin'; readonly pinned: boolean }
  | { readonly kind: 'notify'; readonly muted: boolean }

export interface ConversationContext {
  readonly conversationId: string
  readonly me: string
  /** the group of a group conversation, else null */
  readonly groupId: string | null
  readonly chatroom: boolean
  /** the reader's role in the group, as the member list last said (ordinary until then; null one-to-one) */
  readonly role: ChatRole | null
  readonly messages: readonly ChatMessage[]
  readonly hidden: HideQueue
  /** the service's nextReqMessageID: where the next earlier page starts */
  readonly cursor: string
  readonly draft: string
  readonly atUsers: readonly string[]
  readonly outbox: readonly OutgoingMessage[]
  readonly sent: number
  readonly operation: ConversationOperation | null
  readonly error: string | null
}

export type ConversationEvent =
  | { readonly type: 'messages.received'; readonly messages: readonly ChatMessage[] }
  | { readonly type: 'messages.changed'; readonly messages: readonly ChatMessage[] }
  | { readonly type: 'members.roleKnown'; readonly role: ChatRole }
  | { readonly type: 'history.earlier' }
  | { readonly type: 'history.retry' }
  | { readonly type: 'draft.change'; readonly text: string }
  | { readonly type: 'at.toggle' }
  | { readonly type: 'at.choose'; readonly userId: string; readonly nick: string }
  | { readonly type: 'composer.send' }
  | { readonly type: 'image.send'; readonly image: ImageFile }
  | { readonly type: 'outbox.retry'; readonly localId: string }
  | { readonly type: 'outbox.discard'; readonly localId: string }
  | { readonly type: 'message.revoke'; readonly message: ChatMessage }
  | { readonly type: 'conversation.pin'; readonly pinned: boolean }
  | { readonly type: 'conversation.notify'; readonly muted: boolean }

const nextPending = (context: Pick<ConversationContext, 'outbox'>): OutgoingMessage | undefined => context.outbox.find((m) => m.status === 'pending')
const ownMessages = (context: ConversationContext, messages: readonly ChatMessage[]) => messages.filter((m) => m.conversationID === context.conversationId)
const isFailed = (context: ConversationContext, localId: string) => context.outbox.some((m) => m.localId === localId && m.status === 'failed')
const reader = (context: ConversationContext) => ({ userID: context.me, role: context.role })

/** Takes messages of this conversation into the list (by ID) and applies their shield/public markers. */
const take = (context: ConversationContext, incoming: readonly ChatMessage[]) => {
  const mine = ownMessages(context, incoming)
  return { messages: mergeMessages(context.messages, mine), hidden: applyMarkers(context.hidden, mine).queue }
}
const failNext = (context: ConversationContext, reason: string) => {
  const failing = nextPending(context)
  return {
    outbox: context.outbox.map((m) => (m === failing ? { ...m, status: 'failed' as const, error: reason } : m)),
    error: reason,
  }
}

const provide = (name: string) => () => {
  throw new Error(`provide ${name}`)
}

export const conversationMachine = setup({
  types: {} as { context: ConversationContext; events: ConversationEvent; input: ConversationInput; children: { members: 'groupMembers' } },
  actors: {
    joinGroup: fromPromise<void, { readonly groupId: string }>(provide('joinGroup')),
    loadHistory: fromPromise<MessagePage, { readonly conversationId: string; readonly before: string | null }>(provide('loadHistory')),
    checkText: fromPromise<{ readonly pass: boolean; readonly message: string }, { readonly text: string }>(provide('checkText')),
    sendMessage: fromPromise<ChatMessage, { readonly conversationId: string; readonly message: OutgoingMessage }>(provide('sendMessage')),
    operate: fromPromise<void, { readonly conversationId: string; readonly operation: ConversationOperation }>(provide('operate')),
    listen: fromCallback<ConversationEvent, { readonly conversationId: string }>(provide('listen')),
    groupMembers: groupMembersMachine,
  },
  guards: {
    isGroup: ({ context }) => context.groupId !== null,
    joinsFirst: ({ context }) => context.chatroom && context.groupId !== null,
    isLastPage: (_, page: MessagePage) => page.isCompleted,
    hasOwnMessages: ({ context }, messages: readonly ChatMessage[]) => ownMessages(context, messages).length > 0,
    draftHasText: ({ context }) => context.draft.trim() !== '',
    mayMention: ({ context }, userId: string) => userId !== AT_ALL || (context.role !== null && isOwnerOrAdmin(context.role)),
    nextNeedsCheck: ({ context }) => {
      const next = nextPending(context)
      return next !== undefined && next.image === null && context.chatroom
    },
    hasPending: ({ context }) => nextPending(context) !== undefined,
    textPassed: (_, check: { readonly pass: boolean }) => check.pass,
    isFailed: ({ context }, localId: string) => isFailed(context, localId),
    mayRevoke: ({ context }, message: ChatMessage) => !message.isRevoked && canRevoke(reader(context), message.from),
  },
  actions: {
    markRead: (_: unknown, _conversation: { readonly conversationId: string }): void => {
      throw new Error('provide markRead')
    },
    storePage: assign(({ context }, page: MessagePage) => ({ ...take(context, page.messageList), cursor: page.nextReqMessageID })),
    takeMessages: assign(({ context }, messages: readonly ChatMessage[]) => take(context, messages)),
    storeRole: assign({ role: (_, role: ChatRole) => role }),
    storeError: assign({ error: (_, failure: { readonly error: unknown }) => errorMessage(failure.error) }),
    changeDraft: assign({ draft: (_, text: string) => text }),
    mention: assign(({ context }, who: { readonly userId: string; readonly nick: string }) => ({
      atUsers: context.atUsers.includes(who.userId) ? context.atUsers : [...context.atUsers, who.userId],
      draft: `${context.draft}@${who.nick} `,
    })),
    queueDraft: assign(({ context }) => ({
      outbox: [...context.outbox, { localId: `local-${context.sent + 1}`, text: context.draft, atUserList: context.atUsers, image: null, status: 'pending' as const, error: null }],
      sent: context.sent + 1,
      draft: '',
      atUsers: [],
      error: null,
    })),
    queueImage: assign(({ context }, image: ImageFile) => ({
      outbox: [...context.outbox, { localId: `local-${context.sent + 1}`, text: '', atUserList: [], image, status: 'pending' as const, error: null }],
      sent: context.sent + 1,
      error: null,
    })),
    deliver: assign(({ context }, sent: ChatMessage) => {
      const delivered = nextPending(context)
      return { ...take(context, [sent]), outbox: context.outbox.filter((m) => m !== delivered) }
    }),
    failNext: assign(({ context }, reason: string) => failNext(context, reason)),
    retry: assign({
      outbox: ({ context }, localId: string) => context.outbox.map((m) => (m.localId === localId ? { ...m, status: 'pending' as const, error: null } : m)),
      error: null,
    }),
    discard: assign({ outbox: ({ context }, localId: string) => context.outbox.filter((m) => m.localId !== localId) }),
    start: assign({ operation: (_, operation: ConversationOperation) => operation, error: null }),
    settle: assign({ operation: null }),
  },
}).createMachine({
  id: 'conversation',
  description: 'One open conversation: its messages, the composer, and the member list of a group.',
  type: 'parallel',
  context: ({ input }) => {
    const ref = parseConversationId(input.conversationId)
    return {
      conversationId: input.conversationId,
      me: input.me,
      groupId: ref.kind === 'group' ? ref.groupID : null,
      chatroom: input.chatroom,
      role: ref.kind === 'group' ? 'ordinary' : null,
      messages: [],
      hidden: [],
      cursor: '',
      draft: '',
      atUsers: [],
      outbox: [],
      sent: 0,
      operation: null,
      error: null,
    }
  },
  // new, revoked and changed messages for as long as the conversation is open
  invoke: { id: 'listen', src: 'listen', input: ({ context }) => ({ conversationId: context.conversationId }) },
  on: {
    'messages.received': {
      guard: { type: 'hasOwnMessages', params: ({ event }) => event.messages },
      description: 'A new message of this conversation arrives: it shows, and the conversation is marked read.',
      actions: [{ type: 'takeMessages', params: ({ event }) => event.messages }, { type: 'markRead', params: ({ context }) => ({ conversationId: context.conversationId }) }],
    },
    'messages.changed': {
      description: 'A message was revoked or edited: it shows as it is now.',
      actions: { type: 'takeMessages', params: ({ event }) => event.messages },
    },
    'members.roleKnown': {
      description: 'The member list says what the reader is in the group (owner, admin or member).',
      actions: { type: 'storeRole', params: ({ event }) => event.role },
    },
    'draft.change': { description: 'The reader types.', actions: { type: 'changeDraft', params: ({ event }) => event.text } },
    'composer.send': {
      guard: 'draftHasText',
      description: 'The reader sends what they typed (not blank): it waits in the outbox until sent.',
      actions: 'queueDraft',
    },
    'image.send': { description: 'The reader sends an image: it waits in the outbox until sent.', actions: { type: 'queueImage', params: ({ event }) => event.image } },
    'outbox.retry': {
      guard: { type: 'isFailed', params: ({ event }) => event.localId },
      description: 'The reader sends a failed message again.',
      actions: { type: 'retry', params: ({ event }) => event.localId },
    },
    'outbox.discard': { description: 'The reader drops a message that was not sent.', actions: { type: 'discard', params: ({ event }) => event.localId } },
  },
  states: {
    history: {
      description: 'The messages, newest page first; earlier pages on request.',
      initial: 'entering',
      states: {
        entering: {
          description: 'Is this a chatroom the reader must join first?',
          always: [
            { guard: 'joinsFirst', description: 'A chatroom: the reader joins it before reading.', target: 'joining' },
            { description: 'A conversation the reader is in already: its messages are read.', target: 'loadingNewest' },
          ],
        },
        joining: {
          description: 'The reader joins the chatroom (an open group anyone may enter).',
          invoke: {
            id: 'joinGroup',
            src: 'joinGroup',
            input: ({ context }) => ({ groupId: context.groupId ?? '' }),
            onDone: { description: 'Joined: the messages are read.', target: 'loadingNewest' },
            onError: { description: 'Could not join: the reason shows with a way to try again.', target: 'joinFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        joinFailed: {
          description: 'The chatroom could not be joined.',
          on: { 'history.retry': { description: 'The reader tries to join again.', target: 'joining' } },
        },
        loadingNewest: {
          description: 'Reading the newest page of messages.',
          invoke: {
            id: 'loadNewest',
            src: 'loadHistory',
            input: ({ context }) => ({ conversationId: context.conversationId, before: null }),
            onDone: [
              {
                guard: { type: 'isLastPage', params: ({ event }) => event.output },
                description: 'The whole conversation fits on one page: there is nothing earlier.',
                target: 'complete',
                actions: [{ type: 'storePage', params: ({ event }) => event.output }, { type: 'markRead', params: ({ context }) => ({ conversationId: context.conversationId }) }],
              },
              {
                description: 'The newest page shows, with a way to see earlier messages; the conversation is marked read.',
                target: 'more',
                actions: [{ type: 'storePage', params: ({ event }) => event.output }, { type: 'markRead', params: ({ context }) => ({ conversationId: context.conversationId }) }],
              },
            ],
            onError: { description: 'The messages could not be read: the reason shows with a way to try again.', target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: 'The messages could not be read.',
          on: { 'history.retry': { description: 'The reader tries again.', target: 'loadingNewest' } },
        },
        more: {
          description: 'Earlier messages exist.',
          on: { 'history.earlier': { description: 'The reader asks for earlier messages.', target: 'loadingEarlier' } },
        },
        loadingEarlier: {
          description: 'Reading the page before the oldest message shown.',
          invoke: {
            id: 'loadEarlier',
            src: 'loadHistory',
            input: ({ context }) => ({ conversationId: context.conversationId, before: context.cursor }),
            onDone: [
              {
                guard: { type: 'isLastPage', params: ({ event }) => event.output },
                description: 'That was the first page: there is nothing earlier.',
                target: 'complete',
                actions: { type: 'storePage', params: ({ event }) => event.output },
              },
              { description: 'More pages remain before it.', target: 'more', actions: { type: 'storePage', params: ({ event }) => event.output } },
            ],
            onError: { description: 'The page could not be read: the reason shows; the reader may ask again.', target: 'more', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        complete: { description: 'Every message of the conversation is shown.' },
      },
    },
    sending: {
      description: 'The outbox, sent one message at a time, in order.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is being sent.',
          always: [
            { guard: 'nextNeedsCheck', description: 'A text waits in a chatroom: the server checks it first.', target: 'checking' },
            { guard: 'hasPending', description: 'A message waits: it is sent.', target: 'sending' },
          ],
        },
        checking: {
          description: 'The chatroom checks the text (sensitive words, mutes) before it is sent.',
          invoke: {
            id: 'checkText',
            src: 'checkText',
            input: ({ context }) => ({ text: nextPending(context)?.text ?? '' }),
            onDone: [
              { guard: { type: 'textPassed', params: ({ event }) => event.output }, description: 'The text may be sent.', target: 'sending' },
              {
                description: 'The chatroom refused the text: it is not sent, and the reason shows.',
                target: 'idle',
                actions: { type: 'failNext', params: ({ event }) => event.output.message },
              },
            ],
            onError: { description: 'The check failed: the message waits as failed.', target: 'idle', actions: { type: 'failNext', params: ({ event }) => errorMessage(event.error) } },
          },
        },
        sending: {
          description: 'The messaging service is taking the message.',
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => ({ conversationId: context.conversationId, message: nextPending(context) ?? { localId: '', text: '', atUserList: [], image: null, status: 'pending', error: null } }),
            onDone: { description: 'Sent: it shows among the messages.', target: 'idle', actions: { type: 'deliver', params: ({ event }) => event.output } },
            onError: {
              description: 'Not sent (muted, mute all, too fast, offline…): it stays as failed with the reason, to send again or drop.',
              target: 'idle',
              actions: { type: 'failNext', params: ({ event }) => errorMessage(event.error) },
            },
          },
        },
      },
    },
    picker: {
      description: 'The list of members to mention.',
      initial: 'closed',
      states: {
        closed: { description: 'The mention list is hidden.', on: { 'at.toggle': { description: 'The reader opens the mention list.', target: 'open' } } },
        open: {
          description: 'The reader picks whom to mention.',
          on: {
            'at.toggle': { description: 'The reader closes the mention list.', target: 'closed' },
            'at.choose': {
              guard: { type: 'mayMention', params: ({ event }) => event.userId },
              description: 'The reader mentions a member (everyone only if they own or run the group).',
              target: 'closed',
              actions: { type: 'mention', params: ({ event }) => ({ userId: event.userId, nick: event.nick }) },
            },
          },
        },
      },
    },
    operation: {
      description: 'Revoking a message, pinning the conversation, its notifications.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is at work.',
          on: {
            'message.revoke': {
              guard: { type: 'mayRevoke', params: ({ event }) => event.message },
              description: 'The reader revokes their own message, or the owner or an admin any message of the group.',
              target: 'working',
              actions: { type: 'start', params: ({ event }) => ({ kind: 'revoke', message: event.message }) },
            },
            'conversation.pin': {
              description: 'The reader pins the conversation to the top of the list, or unpins it.',
              target: 'working',
              actions: { type: 'start', params: ({ event }) => ({ kind: 'pin', pinned: event.pinned }) },
            },
            'conversation.notify': {
              description: 'The reader mutes the conversation’s notifications, or turns them back on.',
              target: 'working',
              actions: { type: 'start', params: ({ event }) => ({ kind: 'notify', muted: event.muted }) },
            },
          },
        },
        working: {
          description: 'The service is doing what the reader asked.',
          invoke: {
            id: 'operate',
            src: 'operate',
            input: ({ context }) => ({ conversationId: context.conversationId, operation: context.operation ?? { kind: 'pin', pinned: false } }),
            onDone: { description: 'Done: the change arrives with the service’s update.', target: 'idle', actions: 'settle' },
            onError: { description: 'Refused or failed: the reason shows.', target: 'idle', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'settle'] },
          },
        },
      },
    },
    members: {
      description: 'The member list of a group conversation.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Is this a group?',
          always: [{ guard: 'isGroup', description: 'A group conversation shows its members.', target: 'group' }, { description: 'A one-to-one conversation has no member list.', target: 'none' }],
        },
        none: { description: 'A one-to-one conversation.' },
        group: {
          description: 'The member list runs beside the messages.',
          invoke: { id: 'members', src: 'groupMembers', input: ({ context }) => ({ groupId: context.groupId ?? '', me: context.me }) },
        },
      },
    },
  },
})

export type ConversationActor = ActorRefFrom<typeof conversationMachine>
export type ConversationSnapshot = SnapshotFrom<typeof conversationMachine>

/** One line of the history as the view draws it. */
export interface HistoryLine {
  readonly message: ChatMessage
  readonly line: MessageLine
  readonly mine: boolean
  readonly mayRevoke: boolean
}

/** The messages to show (shielded ones hidden, custom ones dropped), each with what the reader may do to it. */
export const selectHistory = (snapshot: ConversationSnapshot): readonly HistoryLine[] => {
  const { context } = snapshot
  const viewer = { isAdminOrOwner: context.role !== null && isOwnerOrAdmin(context.role) }
  return visibleMessages(context.messages, context.hidden).flatMap((message) => {
    const line = messageLine(message, viewer)
    if (line === null) return []
    const mayRevoke = line.kind !== 'tip' && line.kind !== 'revoked' && canRevoke(reader(context), message.from)
    return [{ message, line, mine: message.from === context.me, mayRevoke }]
  })
}

/** Whether the reader may mention everyone (the group's Owner or Admin). */
export const selectMayMentionAll = (snapshot: ConversationSnapshot): boolean => snapshot.context.role !== null && isOwnerOrAdmin(snapshot.context.role)
