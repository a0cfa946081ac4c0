// The chat lifecycle — spec 001 §4 "Chat lifecycle": fetch the signature, create the messaging client,
// register events, log in; on ready update own profile and load the conversation list; on not-ready show
// a confirm dialog 请刷新页面 plus the reason, and reload on confirm.
// spec 001 §8: messaging not ready → confirm dialog with the reason (default 用户登录状态异常), then reload.
//
// Every side effect is an actor or action the caller provides:
//   chatLifecycleMachine.provide({ actors: messagingActors(port), actions: { reload: () => location.reload() } })
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
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
export const notReadyReason = (reason: unknown): string => {
  if (typeof reason === 'string' && reason.trim() !== '') return reason
  if (typeof reason === 'object' && reason !== null && 'message' in reason) {
    const message = (reason as { message: unknown }).message
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return DEFAULT_NOT_READY_REASON
}

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
      invoke: {
        id: 'getSignature',
        src: 'getSignature',
        onDone: { target: 'creatingClient', actions: { type: 'storeSignature', params: ({ event }) => event.output } },
        onError: { target: 'notReady', actions: { type: 'showNotReady', params: ({ event }) => ({ reason: event.error }) } },
      },
      on: { 'chat.destroy': 'destroyed' },
    },
    creatingClient: {
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
          on: { 'sdk.ready': 'updatingProfile' },
        },
        updatingProfile: {
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
          invoke: {
            id: 'loadConversations',
            src: 'loadConversations',
            input: ({ context }) => ({ client: requireClient(context) }),
            onDone: { target: 'ready', actions: { type: 'storeConversations', params: ({ event }) => event.output } },
            // the list also arrives through conversations.updated; start with what we have
            onError: 'ready',
          },
        },
        ready: {},
      },
    },
    notReady: {
      on: {
        'dialog.confirm': { target: 'reloading', actions: 'reload' },
        // a failure before the client existed leaves nothing to destroy
        'chat.destroy': [{ guard: 'hasClient', target: 'destroying' }, { target: 'destroyed' }],
      },
    },
    reloading: { type: 'final' },
    loggingOut: {
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
      invoke: {
        id: 'destroy',
        src: 'destroy',
        input: ({ context }) => ({ client: requireClient(context) }),
        onDone: { target: 'destroyed', actions: 'forgetSession' },
        onError: { target: 'destroyed', actions: 'forgetSession' },
      },
    },
    destroyed: { type: 'final' },
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
