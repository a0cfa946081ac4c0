// The chat lifecycle — spec 001 §4 "Chat lifecycle": fetch the signature, create the messaging client,
// register events, log in; on ready update own profile and load the conversation list; on not-ready show
// a confirm dialog 请刷新页面 plus the reason, and reload on confirm.
// spec 001 §8: messaging not ready → confirm dialog with the reason (default 用户登录状态异常), then reload.
//
// Every side effect is an actor or action the caller provides:
//   chatLifecycleMachine.provide({ actors: messagingActors(port), actions: { reload: () => location.reload() } })
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorMessage } from '../api/api-error'
import { orderConversations } from './conversation-list'
import type { ChatSignature, Conversation, MessagingClient, MessagingEventType, MessagingHandler, MessagingPort } from './messaging-port'
import { ownChatProfile, type ChatUser } from './own-profile'

/** spec 001 §4: the confirm dialog's text. */
export const REFRESH_PAGE_TEXT = '请刷新页面'
/** spec 001 §8: the reason shown when the service gives none. */
export const DEFAULT_NOT_READY_REASON = '用户登录状态异常'

export interface ChatLifecycleInput {
  readonly user: ChatUser
  /** spec 001 §7: a fixed default avatar when the user has none. */
  readonly defaultAvatar: string
}

export interface ChatLifecycleContext {
  readonly user: ChatUser
  readonly defaultAvatar: string
  readonly signature: ChatSignature | null
  readonly client: MessagingClient | null
  /** Ordered: pinned first, then newest first, no duplicates (see conversation-list.ts). */
  readonly conversations: readonly Conversation[]
  readonly totalUnread: number
  /** Set while the not-ready dialog shows. */
  readonly notReadyReason: string | null
}

export type ChatLifecycleEvent =
  | { readonly type: 'sdk.ready' }
  | { readonly type: 'sdk.notReady'; readonly reason?: string }
  | { readonly type: 'conversations.updated'; readonly conversations: readonly Conversation[] }
  | { readonly type: 'unread.updated'; readonly total: number }
  | { readonly type: 'dialog.confirm' }
  | { readonly type: 'chat.logout' }
  | { readonly type: 'chat.destroy' }

/** The reason to show for a failure: the error's own message when it has one, else the spec's default. */
export const notReadyReason = (reason: unknown): string =>
  typeof reason === 'string' ? (reason.trim() !== '' ? reason : DEFAULT_NOT_READY_REASON) : errorMessage(reason, DEFAULT_NOT_READY_REASON)

const requireClient = (context: ChatLifecycleContext): MessagingClient => {
  if (context.client === null) throw new Error('chatLifecycle: no messaging client in this state')
  return context.client
}

const requireSignature = (context: ChatLifecycleContext): ChatSignature => {
  if (context.signature === null) throw new Error('chatLifecycle: no signature in this state')
  return context.signature
}

type ClientInput = { readonly client: MessagingClient }

const provide = (name: string) => () => {
  throw new Error(`provide ${name}`)
}

export const chatLifecycleMachine = setup({
  types: {} as { context: ChatLifecycleContext; events: ChatLifecycleEvent; input: ChatLifecycleInput },
  actors: {
    getSignature: fromPromise<ChatSignature>(provide('getSignature')),
    createClient: fromPromise<MessagingClient, { readonly signature: ChatSignature }>(provide('createClient')),
    listenToClient: fromCallback<ChatLifecycleEvent, ClientInput>(provide('listenToClient')),
    login: fromPromise<void, ClientInput & { readonly signature: ChatSignature }>(provide('login')),
    updateMyProfile: fromPromise<void, ClientInput & { readonly user: ChatUser; readonly defaultAvatar: string }>(provide('updateMyProfile')),
    loadConversations: fromPromise<readonly Conversation[], ClientInput>(provide('loadConversations')),
    logout: fromPromise<void, ClientInput>(provide('logout')),
    destroy: fromPromise<void, ClientInput>(provide('destroy')),
  },
  guards: {
    hasClient: ({ context }) => context.client !== null,
  },
  actions: {
    reload: provide('reload'),
    storeSignature: assign({ signature: (_, signature: ChatSignature) => signature }),
    storeClient: assign({ client: (_, client: MessagingClient) => client }),
    storeConversations: assign({ conversations: (_, conversations: readonly Conversation[]) => orderConversations(conversations) }),
    storeTotalUnread: assign({ totalUnread: (_, total: number) => Math.max(0, total) }),
    showNotReady: assign({ notReadyReason: (_, { reason }: { readonly reason: unknown }) => notReadyReason(reason) }),
    forgetSession: assign({ client: null, signature: null, conversations: [], totalUnread: 0, notReadyReason: null }),
  },
}).createMachine({
  id: 'chatLifecycle',
  description: 'Starting the chat: get a signature, connect and log in to the messaging service, load the conversations, and ask for a page refresh when the connection is lost.',
  initial: 'fetchingSignature',
  context: ({ input }) => ({
    user: input.user,
    defaultAvatar: input.defaultAvatar,
    signature: null,
    client: null,
    conversations: [],
    totalUnread: 0,
    notReadyReason: null,
  }),
  states: {
    fetchingSignature: {
      description: 'Asking our server for the reader’s chat signature.',
      invoke: {
        id: 'getSignature',
        src: 'getSignature',
        onDone: { target: 'creatingClient', actions: { type: 'storeSignature', params: ({ event }) => event.output } },
        onError: { target: 'notReady', actions: { type: 'showNotReady', params: ({ event }) => ({ reason: event.error }) } },
      },
      on: { 'chat.destroy': 'destroyed' },
    },
    creatingClient: {
      description: 'Connecting to the messaging service.',
      invoke: {
        id: 'createClient',
        src: 'createClient',
        input: ({ context }) => ({ signature: requireSignature(context) }),
        onDone: { target: 'session', actions: { type: 'storeClient', params: ({ event }) => event.output } },
        onError: { target: 'notReady', actions: { type: 'showNotReady', params: ({ event }) => ({ reason: event.error }) } },
      },
      on: { 'chat.destroy': 'destroyed' },
    },
    session: {
      description: 'Connected: the service’s events are listened to for as long as the chat is open.',
      // register events for as long as the session lasts; leaving it unregisters them
      invoke: { id: 'listenToClient', src: 'listenToClient', input: ({ context }) => ({ client: requireClient(context) }) },
      initial: 'loggingIn',
      on: {
        'sdk.notReady': { target: 'notReady', actions: { type: 'showNotReady', params: ({ event }) => ({ reason: event.reason }) } },
        'conversations.updated': { actions: { type: 'storeConversations', params: ({ event }) => event.conversations } },
        'unread.updated': { actions: { type: 'storeTotalUnread', params: ({ event }) => event.total } },
        'chat.logout': 'loggingOut',
        'chat.destroy': 'destroying',
      },
      states: {
        loggingIn: {
          description: 'Logging in to the messaging service with the signature.',
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => ({ client: requireClient(context), signature: requireSignature(context) }),
            onDone: 'waitingForReady',
            onError: { target: '#chatLifecycle.notReady', actions: { type: 'showNotReady', params: ({ event }) => ({ reason: event.error }) } },
          },
          // the service may report ready before the login call returns
          on: { 'sdk.ready': 'updatingProfile' },
        },
        waitingForReady: {
          description: 'Logged in; waiting for the service to say it is ready.',
          on: { 'sdk.ready': 'updatingProfile' },
        },
        updatingProfile: {
          description: 'Writing the reader’s nick and avatar into their chat profile.',
          invoke: {
            id: 'updateMyProfile',
            src: 'updateMyProfile',
            input: ({ context }) => ({ client: requireClient(context), user: context.user, defaultAvatar: context.defaultAvatar }),
            // a failed profile update does not stop the chat
            onDone: 'loadingConversations',
            onError: 'loadingConversations',
          },
        },
        loadingConversations: {
          description: 'Loading the reader’s conversations.',
          invoke: {
            id: 'loadConversations',
            src: 'loadConversations',
            input: ({ context }) => ({ client: requireClient(context) }),
            onDone: { target: 'ready', actions: { type: 'storeConversations', params: ({ event }) => event.output } },
            // the list also arrives through conversations.updated; start with what we have
            onError: 'ready',
          },
        },
        ready: { description: 'The chat is ready: conversations show and update as messages arrive.' },
      },
    },
    notReady: {
      description: 'The connection failed or was lost: a dialog asks the reader to refresh the page, with the reason.',
      on: {
        'dialog.confirm': { description: 'The reader confirms: the page reloads.', target: 'reloading', actions: 'reload' },
        // a failure before the client existed leaves nothing to destroy
        'chat.destroy': [
          { guard: 'hasClient', description: 'The reader leaves the chat after connecting: the connection is closed.', target: 'destroying' },
          { description: 'The reader leaves before anything was connected: nothing to close.', target: 'destroyed' },
        ],
      },
    },
    reloading: { type: 'final', description: 'The page reloads.' },
    loggingOut: {
      description: 'Logging out of the messaging service.',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ client: requireClient(context) }),
        onDone: 'destroying',
        onError: 'destroying',
      },
      on: { 'chat.destroy': 'destroying' },
    },
    destroying: {
      description: 'Closing the connection to the messaging service.',
      invoke: {
        id: 'destroy',
        src: 'destroy',
        input: ({ context }) => ({ client: requireClient(context) }),
        onDone: { target: 'destroyed', actions: 'forgetSession' },
        onError: { target: 'destroyed', actions: 'forgetSession' },
      },
    },
    destroyed: { type: 'final', description: 'The chat is closed.' },
  },
})

export type ChatLifecycleActor = ActorRefFrom<typeof chatLifecycleMachine>
export type ChatLifecycleSnapshot = SnapshotFrom<typeof chatLifecycleMachine>

/** The not-ready confirm dialog, when it shows. */
export const selectNotReadyDialog = (snapshot: ChatLifecycleSnapshot): { readonly text: string; readonly reason: string } | null =>
  snapshot.matches('notReady') ? { text: REFRESH_PAGE_TEXT, reason: snapshot.context.notReadyReason ?? DEFAULT_NOT_READY_REASON } : null

/** Events the lifecycle listens to, and what the service's events become. */
const forwarded: { readonly [K in MessagingEventType]?: (event: Parameters<MessagingHandler<K>>[0]) => ChatLifecycleEvent } = {
  'sdk.ready': () => ({ type: 'sdk.ready' }),
  'sdk.notReady': (e) => (e.reason === undefined ? { type: 'sdk.notReady' } : { type: 'sdk.notReady', reason: e.reason }),
  'sdk.kickedOut': (e) => (e.reason === undefined ? { type: 'sdk.notReady' } : { type: 'sdk.notReady', reason: e.reason }),
  'conversations.updated': (e) => ({ type: 'conversations.updated', conversations: e.conversations }),
  'unread.updated': (e) => ({ type: 'unread.updated', total: e.total }),
}

/** The machine's actors implemented over a messaging port — what adapters and tests provide. */
export const messagingActors = (port: MessagingPort) => ({
  getSignature: fromPromise<ChatSignature>(() => port.getSignature()),
  createClient: fromPromise<MessagingClient, { readonly signature: ChatSignature }>(({ input }) => port.createClient(input.signature)),
  listenToClient: fromCallback<ChatLifecycleEvent, ClientInput>(({ input, sendBack }) => {
    const registered = (Object.keys(forwarded) as MessagingEventType[]).map((type) => {
      const toEvent = forwarded[type] as (event: unknown) => ChatLifecycleEvent
      const handler = (event: unknown) => sendBack(toEvent(event))
      input.client.on(type, handler as never)
      return () => input.client.off(type, handler as never)
    })
    return () => registered.forEach((off) => off())
  }),
  login: fromPromise<void, ClientInput & { readonly signature: ChatSignature }>(({ input }) => input.client.login(input.signature)),
  updateMyProfile: fromPromise<void, ClientInput & { readonly user: ChatUser; readonly defaultAvatar: string }>(({ input }) =>
    input.client.updateMyProfile(ownChatProfile(input.user, input.defaultAvatar)),
  ),
  loadConversations: fromPromise<readonly Conversation[], ClientInput>(({ input }) => input.client.getConversationList()),
  logout: fromPromise<void, ClientInput>(({ input }) => input.client.logout()),
  destroy: fromPromise<void, ClientInput>(({ input }) => input.client.destroy()),
})
