// A group's member list and what its Owner or Admins do with it (spec 001 §3 'Group member', §6 'Chat
// rules', §7 'Group chat'): the members with their roles and who is muted now, mute all, the mute
// duration (default −1, for ever: spec 001 §9), and the member controls — mute or unmute, kick, set or
// take back Admin, a private message — each allowed by core/chat/permissions, the rules the server
// applies too. Started by the conversation machine for a group conversation (its child 'members').
//
// Side effects are actors the caller provides from the messaging port and the chat API:
//   groupMembersMachine.provide({ actors: { loadMembers, loadSettings, operate, listen } })
import { assign, emit, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorMessage } from '../api/api-error'
import type { ChatGroupMember, ImageFile } from './messaging-port'
import { MUTE_FOREVER } from './limits'
import { adminToggle, canKick, canMute, canMuteAll, canPrivateMessage, isMutedNow, isOwnerOrAdmin, memberControls, type ChatMember, type ChatRole, type MemberControls } from './permissions'

export interface GroupMembersInput {
  readonly groupId: string
  /** the reader's user id */
  readonly me: string
}

/** The member list as read, and when (seconds): "muted now" is judged at that time. */
export interface MemberList {
  readonly members: readonly ChatGroupMember[]
  readonly readAt: number
}

/** What a member control or a group tool asks the server to do. */
export type GroupOperation =
  | { readonly kind: 'mute'; readonly userId: string; readonly muted: boolean; readonly hours: number }
  | { readonly kind: 'kick'; readonly userId: string }
  | { readonly kind: 'setAdmin'; readonly userId: string; readonly admin: boolean }
  | { readonly kind: 'privateChat'; readonly userId: string }
  | { readonly kind: 'muteAll'; readonly muted: boolean }
  | { readonly kind: 'import'; readonly file: ImageFile; readonly remove: boolean }

/** A spreadsheet import's counts (spec 001 §7 excel-join / excel-remove). */
export interface ImportOutcome {
  readonly remove: boolean
  readonly changed: number
  readonly unchanged: number
  readonly notFound: number
}

/** What an operation answered: nothing more to keep, the conversation to open, mute all's new state, an import's counts. */
export type GroupOperationOutcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'open'; readonly conversationId: string }
  | { readonly kind: 'muteAll'; readonly muted: boolean }
  | { readonly kind: 'imported'; readonly outcome: ImportOutcome }

export interface GroupMembersContext {
  readonly groupId: string
  readonly me: string
  readonly members: readonly ChatGroupMember[]
  /** seconds since the epoch the list was read */
  readonly readAt: number
  /** the group's mute all, read for its Owner and Admins only; null until read (or when it could not be) */
  readonly muteAll: boolean | null
  /** spec 001 §9: the mute duration in hours, −1 for ever (the default) */
  readonly muteHours: number
  readonly operation: GroupOperation | null
  readonly imported: ImportOutcome | null
  readonly error: string | null
}

export type GroupMembersEvent =
  | { readonly type: 'members.changed' }
  | { readonly type: 'muteHours.choose'; readonly hours: number }
  | { readonly type: 'member.mute'; readonly userId: string }
  | { readonly type: 'member.kick'; readonly userId: string }
  | { readonly type: 'member.setAdmin'; readonly userId: string }
  | { readonly type: 'member.privateChat'; readonly userId: string }
  | { readonly type: 'group.muteAll' }
  | { readonly type: 'group.import'; readonly file: ImageFile; readonly remove: boolean }

/** Told to the parent (the conversation) whenever the list is read: the reader's role in the group. */
export interface RoleKnownEvent {
  readonly type: 'members.roleKnown'
  readonly role: ChatRole
}

/** Emitted when a private message's conversation is ready to open (spec 001 §7 add-friend). */
export interface OpenConversationEvent {
  readonly type: 'conversation.open'
  readonly conversationId: string
}

/** The reader's role in the members listed (a reader not listed is an ordinary member). */
export const roleOf = (members: readonly ChatGroupMember[], userId: string): ChatRole => members.find((m) => m.userID === userId)?.role ?? 'ordinary'

const viewer = (context: Pick<GroupMembersContext, 'members' | 'me'>): ChatMember => ({ userID: context.me, role: roleOf(context.members, context.me) })
const memberById = (context: GroupMembersContext, userId: string): ChatGroupMember | undefined => context.members.find((m) => m.userID === userId)
/** May the reader do `rule` to the member `userId` (who must be listed)? */
const mayDo = (rule: (operator: ChatMember, target: ChatMember) => boolean) => ({ context, event }: { context: GroupMembersContext; event: GroupMembersEvent }) => {
  const target = 'userId' in event ? memberById(context, event.userId) : undefined
  return target !== undefined && rule(viewer(context), target)
}

const provide = (name: string) => () => {
  throw new Error(`provide ${name}`)
}

export const groupMembersMachine = setup({
  types: {} as { context: GroupMembersContext; events: GroupMembersEvent; input: GroupMembersInput; emitted: OpenConversationEvent },
  actors: {
    loadMembers: fromPromise<MemberList, { readonly groupId: string }>(provide('loadMembers')),
    loadSettings: fromPromise<{ readonly muteAll: boolean }, { readonly groupId: string }>(provide('loadSettings')),
    operate: fromPromise<GroupOperationOutcome, { readonly groupId: string; readonly operation: GroupOperation }>(provide('operate')),
    listen: fromCallback<GroupMembersEvent, { readonly groupId: string }>(provide('listen')),
  },
  guards: {
    readerRunsTheGroup: ({ context }, list: MemberList) => canMuteAll(viewer({ me: context.me, members: list.members })),
    mayMute: mayDo(canMute),
    mayKick: mayDo(canKick),
    mayToggleAdmin: mayDo((operator, target) => adminToggle(operator, target) !== null),
    mayPrivateMessage: mayDo(canPrivateMessage),
    mayMuteAll: ({ context }) => canMuteAll(viewer(context)) && context.muteAll !== null,
    mayImport: ({ context }) => canMuteAll(viewer(context)),
    opensConversation: (_, outcome: GroupOperationOutcome) => outcome.kind === 'open',
  },
  actions: {
    storeMembers: assign((_, list: MemberList) => ({ members: list.members, readAt: list.readAt })),
    forgetMembers: assign({ members: [] }),
    tellRole: sendParent(({ context }): RoleKnownEvent => ({ type: 'members.roleKnown', role: roleOf(context.members, context.me) })),
    storeMuteAll: assign({ muteAll: (_, muted: boolean | null) => muted }),
    chooseHours: assign({ muteHours: (_, hours: number) => hours }),
    start: assign({ operation: (_, operation: GroupOperation) => operation, error: null }),
    settle: assign({ operation: null }),
    storeOutcome: assign(({ context }, outcome: GroupOperationOutcome) => ({
      muteAll: outcome.kind === 'muteAll' ? outcome.muted : context.muteAll,
      imported: outcome.kind === 'imported' ? outcome.outcome : context.imported,
    })),
    openConversation: emit((_, outcome: GroupOperationOutcome): OpenConversationEvent => ({
      type: 'conversation.open',
      conversationId: outcome.kind === 'open' ? outcome.conversationId : '',
    })),
    storeError: assign({ error: (_, failure: { readonly error: unknown }) => errorMessage(failure.error), operation: null }),
  },
}).createMachine({
  id: 'groupMembers',
  description: 'The member list of a group chat and what its owner and admins may do with it.',
  type: 'parallel',
  context: ({ input }) => ({
    groupId: input.groupId,
    me: input.me,
    members: [],
    readAt: 0,
    muteAll: null,
    muteHours: MUTE_FOREVER,
    operation: null,
    imported: null,
    error: null,
  }),
  // members join, leave, are muted or change roles: the list is read again
  invoke: { id: 'listen', src: 'listen', input: ({ context }) => ({ groupId: context.groupId }) },
  on: {
    'muteHours.choose': {
      description: 'The owner or an admin picks how long the next mute lasts (for ever unless chosen).',
      actions: { type: 'chooseHours', params: ({ event }) => event.hours },
    },
  },
  states: {
    list: {
      description: 'The members with their roles and who is muted now.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Reading the members of the group.',
          invoke: {
            id: 'loadMembers',
            src: 'loadMembers',
            input: ({ context }) => ({ groupId: context.groupId }),
            onDone: [
              {
                guard: { type: 'readerRunsTheGroup', params: ({ event }) => event.output },
                description: 'The reader is the owner or an admin: the group’s mute-all setting is read next.',
                target: 'loadingSettings',
                actions: [{ type: 'storeMembers', params: ({ event }) => event.output }, 'tellRole'],
              },
              {
                description: 'An ordinary member sees the list as it is.',
                target: 'loaded',
                actions: [{ type: 'storeMembers', params: ({ event }) => event.output }, 'tellRole'],
              },
            ],
            onError: { description: 'The list could not be read: it shows no one.', target: 'loaded', actions: ['forgetMembers', 'tellRole'] },
          },
          on: { 'members.changed': { description: 'Someone joined, left or changed role while reading: read again.', target: 'loading', reenter: true } },
        },
        loadingSettings: {
          description: 'Reading whether everyone is muted, for the owner’s or admin’s mute-all switch.',
          invoke: {
            id: 'loadSettings',
            src: 'loadSettings',
            input: ({ context }) => ({ groupId: context.groupId }),
            onDone: { target: 'loaded', actions: { type: 'storeMuteAll', params: ({ event }) => event.output.muteAll } },
            onError: { description: 'Without the setting the mute-all switch is not offered.', target: 'loaded', actions: { type: 'storeMuteAll', params: null } },
          },
          on: { 'members.changed': { description: 'The members changed meanwhile: read them again.', target: 'loading' } },
        },
        loaded: {
          description: 'The list is shown.',
          on: { 'members.changed': { description: 'Someone joined, left, was muted or changed role: read the list again.', target: 'loading' } },
        },
      },
    },
    operation: {
      description: 'One member control or group tool at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No control is at work; the reader may use those the chat rules give them.',
          on: {
            'member.mute': {
              guard: 'mayMute',
              description: 'The owner or an admin mutes another member for the chosen time, or lifts a mute that holds now.',
              target: 'working',
              actions: {
                type: 'start',
                params: ({ context, event }) => {
                  const target = memberById(context, event.userId)
                  const muted = target !== undefined && isMutedNow(target.muteUntil, context.readAt)
                  return { kind: 'mute', userId: event.userId, muted: !muted, hours: context.muteHours }
                },
              },
            },
            'member.kick': {
              guard: 'mayKick',
              description: 'The owner removes anyone else; an admin removes an ordinary member.',
              target: 'working',
              actions: { type: 'start', params: ({ event }) => ({ kind: 'kick', userId: event.userId }) },
            },
            'member.setAdmin': {
              guard: 'mayToggleAdmin',
              description: 'The owner makes an ordinary member an admin, or takes an admin’s role back.',
              target: 'working',
              actions: {
                type: 'start',
                params: ({ context, event }) => {
                  const target = memberById(context, event.userId)
                  return { kind: 'setAdmin', userId: event.userId, admin: target !== undefined && adminToggle(viewer(context), target) === 'set' }
                },
              },
            },
            'member.privateChat': {
              guard: 'mayPrivateMessage',
              description: 'A member messages the owner or an admin privately (or they a member): the one-to-one chat is opened.',
              target: 'working',
              actions: { type: 'start', params: ({ event }) => ({ kind: 'privateChat', userId: event.userId }) },
            },
            'group.muteAll': {
              guard: 'mayMuteAll',
              description: 'The owner or an admin switches mute-all on or off.',
              target: 'working',
              actions: { type: 'start', params: ({ context }) => ({ kind: 'muteAll', muted: !context.muteAll }) },
            },
            'group.import': {
              guard: 'mayImport',
              description: 'The owner or an admin adds or removes the members listed in a spreadsheet.',
              target: 'working',
              actions: { type: 'start', params: ({ event }) => ({ kind: 'import', file: event.file, remove: event.remove }) },
            },
          },
        },
        working: {
          description: 'The server is doing what the reader asked; other controls wait.',
          invoke: {
            id: 'operate',
            src: 'operate',
            input: ({ context }) => ({ groupId: context.groupId, operation: context.operation ?? { kind: 'muteAll', muted: false } }),
            onDone: [
              {
                guard: { type: 'opensConversation', params: ({ event }) => event.output },
                description: 'The private conversation is ready: it opens.',
                target: 'idle',
                actions: [{ type: 'openConversation', params: ({ event }) => event.output }, 'settle'],
              },
              {
                description: 'Done: what changed shows (the list is read again when the server says members changed).',
                target: 'idle',
                actions: [{ type: 'storeOutcome', params: ({ event }) => event.output }, 'settle'],
              },
            ],
            onError: { description: 'Refused or failed: the reason is shown.', target: 'idle', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
})

export type GroupMembersActor = ActorRefFrom<typeof groupMembersMachine>
export type GroupMembersSnapshot = SnapshotFrom<typeof groupMembersMachine>

/** One row of the member list: the member, whether muted now, and the controls the reader gets beside them. */
export interface MemberRow {
  readonly member: ChatGroupMember
  readonly muted: boolean
  readonly controls: MemberControls
}

/** The member list as the view draws it. */
export const selectMemberRows = (snapshot: GroupMembersSnapshot): readonly MemberRow[] => {
  const { context } = snapshot
  const me = viewer(context)
  return context.members.map((member) => ({ member, muted: isMutedNow(member.muteUntil, context.readAt), controls: memberControls(me, member) }))
}

/** Whether the reader runs this group (Owner or Admin): the tools and @all are theirs. */
export const selectRunsGroup = (snapshot: GroupMembersSnapshot): boolean => isOwnerOrAdmin(roleOf(snapshot.context.members, snapshot.context.me))

/** The members the reader may mention (everyone but themself). */
export const selectMentionable = (snapshot: GroupMembersSnapshot): readonly ChatGroupMember[] => snapshot.context.members.filter((m) => m.userID !== snapshot.context.me)
